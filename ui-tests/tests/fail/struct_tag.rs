// `#[serde(tag = ..)]` on a struct adds a field toolform does not model yet.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
#[serde(tag = "t")]
struct Args {
    query: String,
}

fn main() {}
