// `serialize_with` plus `#[schema(with = WireType)]`: only serialization is
// custom, so the output schema is the wire type's and the input schema is the
// field's own.
use serde::{Deserialize, Serialize, Serializer};
use serde_json::json;
use toolform::ToolSchema;

fn as_string<S: Serializer>(value: &u32, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[serde(serialize_with = "as_string")]
    #[schema(with = String)]
    count: u32,
}

fn main() {
    assert_eq!(Args::input_schema()["properties"]["count"]["type"], "integer");
    assert_eq!(Args::output_schema()["properties"]["count"]["type"], "string");

    // And the schemas are true to the wire.
    let args: Args = serde_json::from_value(json!({ "count": 3 })).unwrap();
    assert_eq!(serde_json::to_value(&args).unwrap(), json!({ "count": "3" }));
}
