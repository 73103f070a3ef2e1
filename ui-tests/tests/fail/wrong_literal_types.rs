// Values of the wrong kind, each reported at the value.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[schema(length(min = "1"))]
    query: String,
    #[schema(range(max = true))]
    count: u32,
    #[schema(example = some_value)]
    tag: String,
    #[schema(pattern = 5)]
    slug: String,
}

fn main() {}
