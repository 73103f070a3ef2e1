// A field serde skips in both directions needs no schema: its type need not
// implement ToolSchema.
use serde::{Deserialize, Serialize};
use serde_json::json;
use toolform::ToolSchema;

#[derive(Default)]
struct NoSchema {
    _hits: u32,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    query: String,
    #[serde(skip)]
    cache: NoSchema,
}

fn main() {
    for schema in [Args::input_schema(), Args::output_schema()] {
        assert!(schema["properties"].get("cache").is_none());
        assert_eq!(schema["required"], json!(["query"]));
    }
    let args: Args = serde_json::from_value(json!({ "query": "q" })).unwrap();
    assert_eq!(args.cache._hits, 0);
}
