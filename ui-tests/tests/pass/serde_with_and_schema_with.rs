// `#[serde(with = ..)]` plus `#[schema(with = WireType)]`: the schema is the
// wire type's, here the integer that chrono's `ts_seconds` writes.
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Event {
    #[serde(with = "chrono::serde::ts_seconds")]
    #[schema(with = i64)]
    at: DateTime<Utc>,
}

fn main() {
    for schema in [Event::input_schema(), Event::output_schema()] {
        assert_eq!(schema["properties"]["at"]["type"], "integer");
        assert_eq!(schema["required"], serde_json::json!(["at"]));
    }

    // And the schema is true to the wire.
    let event = Event { at: DateTime::from_timestamp(1_700_000_000, 0).unwrap() };
    let value = serde_json::to_value(&event).unwrap();
    assert_eq!(value, serde_json::json!({ "at": 1_700_000_000 }));
}
