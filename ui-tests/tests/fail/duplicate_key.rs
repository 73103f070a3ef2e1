// The same key twice in one #[schema(...)].
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Args {
    #[schema(title = "Query", title = "Search query")]
    query: String,
}

fn main() {}
