// `range` and `length` without their bounds: each says the form they take,
// `range(min = .., max = ..)` (it used to say "Unexpected meta-item format
// `word`").
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[schema(range)]
    count: u8,
    #[schema(length)]
    name: String,
}

fn main() {}
