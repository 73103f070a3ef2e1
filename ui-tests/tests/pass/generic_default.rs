// A generic field with `#[serde(default)]`: the derive adds no bound of its
// own beyond `T: ToolSchema` (serde adds `T: Default`), and the field is
// optional on input.
use serde::{Deserialize, Serialize};
use serde_json::json;
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct B<T> {
    #[serde(default)]
    t: T,
}

fn main() {
    let input = B::<u32>::input_schema();
    assert_eq!(input["properties"]["t"]["type"], "integer");
    assert!(input.get("required").is_none(), "`t` has a default: {input}");

    let output = B::<String>::output_schema();
    assert_eq!(output["properties"]["t"]["type"], "string");
    assert_eq!(output["required"], json!(["t"]));

    let b: B<u32> = serde_json::from_value(json!({})).unwrap();
    assert_eq!(b.t, 0);
}
