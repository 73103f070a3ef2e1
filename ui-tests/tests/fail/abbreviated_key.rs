// An abbreviated key: the error names the full one.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Args {
    #[schema(desc = "What to look for")]
    query: String,
}

fn main() {}
