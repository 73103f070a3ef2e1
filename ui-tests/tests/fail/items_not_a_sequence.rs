// `items(..)` and `values(..)` on types that have no items or values, also
// behind a type alias (the check is on the type, not on its spelling).
use std::collections::HashMap;
use toolform::ToolSchema;

type Name = String;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Contact {
    #[schema(items(length(max = 10)))]
    name: String,
    #[schema(items(format = "email"))]
    alias: Name,
    #[schema(items(range(min = 1)))]
    counts: HashMap<String, u32>,
    #[schema(values(length(min = 1)))]
    tags: Vec<String>,
}

fn main() {
    let _ = Contact::input_schema();
}
