// A generic type with a lifetime and a type parameter: the impl gets
// `T: ToolSchema`, and each instantiation has its own schema.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Page<'a, T> {
    items: Vec<T>,
    cursor: Option<&'a str>,
}

fn main() {
    let numbers = Page::<u8>::output_schema();
    assert_eq!(numbers["properties"]["items"]["type"], "array");
    assert_eq!(numbers["properties"]["items"]["items"]["type"], "integer");
    assert_eq!(numbers["properties"]["items"]["items"]["maximum"], 255);

    let strings = Page::<String>::output_schema();
    assert_eq!(strings["properties"]["items"]["items"]["type"], "string");
    assert_ne!(numbers, strings);

    let input = <Page<'static, bool> as ToolSchema>::input_schema();
    assert_eq!(input["properties"]["items"]["items"]["type"], "boolean");
    assert_eq!(input["required"], serde_json::json!(["items"]));
}
