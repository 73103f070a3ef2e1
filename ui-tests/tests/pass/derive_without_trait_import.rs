// The derive works without `use toolform::ToolSchema` in scope.
#[derive(serde::Serialize, serde::Deserialize, toolform::ToolSchema)]
struct Args {
    query: String,
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(serde::Serialize, serde::Deserialize, toolform::ToolSchema)]
struct Point(i32, i32);

fn main() {
    let input = <Args as toolform::ToolSchema>::input_schema();
    assert_eq!(input["required"], serde_json::json!(["query"]));
    assert_eq!(input["properties"]["tags"]["type"], "array");

    let output = <Point as toolform::ToolSchema>::output_schema();
    assert_eq!(output["type"], "array");
}
