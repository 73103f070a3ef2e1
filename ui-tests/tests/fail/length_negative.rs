// A length cannot be negative or fractional.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[schema(length(min = -1))]
    query: String,
    #[schema(length(max = 2.5))]
    tags: Vec<String>,
}

fn main() {}
