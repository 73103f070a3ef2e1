// A misspelled bound inside `range(..)`.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[schema(range(mn = 1, maximum = 5))]
    count: u32,
}

fn main() {}
