// `#[serde(into = ..)]`: the output schema is the other type's; the input
// schema is still the type's own.
use serde::{Deserialize, Serialize};
use serde_json::json;
use toolform::ToolSchema;

#[derive(Clone, Serialize, Deserialize, ToolSchema)]
#[serde(into = "String")]
struct Query {
    text: String,
}

impl From<Query> for String {
    fn from(q: Query) -> Self {
        q.text
    }
}

fn main() {
    assert_eq!(*Query::output_schema(), json!({ "type": "string" }));
    let input = Query::input_schema();
    assert_eq!(input["type"], "object");
    assert_eq!(input["required"], json!(["text"]));

    let value = serde_json::to_value(Query { text: "hi".into() }).unwrap();
    assert_eq!(value, json!("hi"));
}
