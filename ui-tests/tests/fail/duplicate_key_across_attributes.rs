// The same key in two #[schema(...)] attributes of one field.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Args {
    #[schema(title = "a")]
    #[schema(title = "b")]
    query: String,
}

fn main() {}
