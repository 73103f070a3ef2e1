// A key that exists on fields (`with`) but not on a type.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
#[schema(with = String)]
struct Args {
    query: String,
}

fn main() {}
