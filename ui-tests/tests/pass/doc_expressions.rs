// `#[doc = include_str!(..)]` and `#[doc = concat!(..)]` become the
// description, evaluated by the compiler.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[doc = include_str!("doc_expressions.md")]
#[derive(Serialize, Deserialize, ToolSchema)]
struct Documented {
    #[doc = concat!("Up to ", stringify!(10), " items.")]
    n: u32,
    /// Plain.
    m: u32,
}

fn main() {
    let input = Documented::input_schema();
    assert_eq!(input["description"], "A type documented in a file.\n");
    assert_eq!(input["properties"]["n"]["description"], "Up to 10 items.");
    assert_eq!(input["properties"]["m"]["description"], "Plain.");
}
