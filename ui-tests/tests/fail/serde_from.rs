// `#[serde(from = ..)]`: the input wire shape is another type's.
use serde::{Deserialize, Serialize};

#[derive(Deserialize)]
struct RawArgs {
    query: String,
}

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
#[serde(from = "RawArgs")]
struct Args {
    query: String,
}

impl From<RawArgs> for Args {
    fn from(raw: RawArgs) -> Self {
        Args { query: raw.query }
    }
}

fn main() {}
