// `#[serde(from = ..)]` / `#[serde(try_from = ..)]`: the input schema is the
// other type's; the output schema is still the type's own.
use serde::{Deserialize, Serialize};
use serde_json::json;
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(from = "String")]
struct Query {
    text: String,
}

impl From<String> for Query {
    fn from(text: String) -> Self {
        Query { text }
    }
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(try_from = "i64")]
struct Port {
    number: u16,
}

impl TryFrom<i64> for Port {
    type Error = String;
    fn try_from(n: i64) -> Result<Self, String> {
        u16::try_from(n).map(|number| Port { number }).map_err(|e| e.to_string())
    }
}

fn main() {
    assert_eq!(*Query::input_schema(), json!({ "type": "string" }));
    let output = Query::output_schema();
    assert_eq!(output["type"], "object");
    assert_eq!(output["properties"]["text"]["type"], "string");

    let q: Query = serde_json::from_value(json!("hello")).unwrap();
    assert_eq!(q.text, "hello");

    assert_eq!(Port::input_schema()["type"], "integer");
    assert_eq!(Port::output_schema()["type"], "object");
}
