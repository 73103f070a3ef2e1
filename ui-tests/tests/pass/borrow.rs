// Borrowed fields: serde reads `#[serde(borrow)]` on `Cow<str>` and
// `Cow<[u8]>` through functions of its own, which are not custom functions of
// the user. The borrowed `Cow<[u8]>` takes a string (its UTF-8 bytes), not an
// array, from JSON; it is still written as an array.
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::borrow::Cow;
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Borrowed<'a> {
    #[serde(borrow)]
    c: Cow<'a, str>,
    #[serde(borrow)]
    b: Cow<'a, [u8]>,
    #[serde(borrow)]
    s: &'a str,
    plain: &'a str,
}

fn main() {
    let input = Borrowed::input_schema();
    assert_eq!(input["properties"]["c"], json!({"type": "string"}));
    assert_eq!(input["properties"]["s"], json!({"type": "string"}));
    assert_eq!(input["properties"]["plain"], json!({"type": "string"}));
    assert_eq!(input["properties"]["b"], json!({"type": "string"}));
    assert_eq!(Borrowed::output_schema()["properties"]["b"]["type"], "array");
    let text = r#"{"c":"x","b":"ab","s":"y","plain":"z"}"#;
    let value: Borrowed = serde_json::from_str(text).unwrap();
    assert_eq!(value.c, "x");
    assert_eq!(&*value.b, b"ab");
    assert!(serde_json::from_str::<Borrowed>(r#"{"c":"x","b":[1],"s":"y","plain":"z"}"#).is_err());
    assert_eq!(serde_json::to_value(&value).unwrap()["b"], json!([97, 98]));
}
