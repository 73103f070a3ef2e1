// `range()` and `length()` need at least one bound.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[schema(range())]
    count: u32,
    #[schema(length())]
    query: String,
}

fn main() {}
