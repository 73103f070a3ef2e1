// `#[serde(tag = ..)]` on a struct: serde writes the tag but does not require it.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
#[serde(tag = "t")]
struct Args {
    query: String,
}

fn main() {}
