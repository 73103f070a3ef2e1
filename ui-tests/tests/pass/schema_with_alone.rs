// `#[schema(with = WireType)]` on a field serde reads and writes without a
// custom function: the wire type of both directions (how a foreign type
// without a schema of its own is described).
use serde::{Deserialize, Serialize};
use serde_json::json;
use toolform::ToolSchema;

mod foreign {
    /// A type from someone else's crate: serde as a string, no `ToolSchema`.
    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(transparent)]
    pub struct Handle(pub String);
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[schema(with = String)]
    handle: foreign::Handle,
    #[schema(with = Vec<String>)]
    #[serde(default)]
    more: Vec<foreign::Handle>,
}

fn main() {
    for schema in [Args::input_schema(), Args::output_schema()] {
        assert_eq!(schema["properties"]["handle"]["type"], "string");
        assert_eq!(schema["properties"]["more"]["items"]["type"], "string");
    }
    assert_eq!(Args::input_schema()["required"], json!(["handle"]));
    let args: Args = serde_json::from_value(json!({ "handle": "h" })).unwrap();
    assert_eq!(serde_json::to_value(&args).unwrap(), json!({ "handle": "h", "more": [] }));
}
