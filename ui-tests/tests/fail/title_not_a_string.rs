// `title` takes a string literal.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Args {
    #[schema(title = 5)]
    query: String,
}

fn main() {}
