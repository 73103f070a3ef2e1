// `#[serde(into = ..)]`: the output wire shape is another type's.
use serde::{Deserialize, Serialize};

#[derive(Serialize)]
struct RawArgs {
    query: String,
}

#[derive(Clone, Serialize, Deserialize, toolform::ToolSchema)]
#[serde(into = "RawArgs")]
struct Args {
    query: String,
}

impl From<Args> for RawArgs {
    fn from(args: Args) -> Self {
        RawArgs { query: args.query }
    }
}

fn main() {}
