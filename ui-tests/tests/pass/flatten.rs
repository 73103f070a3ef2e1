// `#[serde(flatten)]`: the flattened struct's fields are the parent's own.
use serde::{Deserialize, Serialize};
use serde_json::json;
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Paging {
    page: u32,
    #[serde(default)]
    per_page: u32,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    query: String,
    #[serde(flatten)]
    paging: Paging,
}

fn main() {
    let input = Args::input_schema();
    assert_eq!(input["type"], "object");
    let properties = input["properties"].as_object().unwrap();
    let keys: Vec<&str> = properties.keys().map(String::as_str).collect();
    assert_eq!(keys, ["query", "page", "per_page"]);
    assert_eq!(input["properties"]["page"]["type"], "integer");
    assert_eq!(input["required"], json!(["query", "page"]));

    let output = Args::output_schema();
    assert_eq!(output["required"], json!(["query", "page", "per_page"]));

    let args = Args { query: "q".into(), paging: Paging { page: 2, per_page: 10 } };
    assert_eq!(
        serde_json::to_value(&args).unwrap(),
        json!({ "query": "q", "page": 2, "per_page": 10 })
    );
}
