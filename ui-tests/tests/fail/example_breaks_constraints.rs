// An `example` that breaks the field's own declared constraints: each
// reported at the example.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[schema(example = 7, range(min = 1, max = 5))]
    count: u8,
    #[schema(example = "abcdef", length(max = 3))]
    code: String,
    #[schema(example = "abc", pattern = "^[0-9]+$")]
    digits: String,
    #[schema(example = "not-an-email", format = "email")]
    email: String,
    #[schema(example = -0.5, range(min = 0.0))]
    ratio: f64,
}

fn main() {}
