// `#[schema(titled)]` on a struct: there are no variants to title.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
#[schema(titled)]
struct Args {
    query: String,
}

fn main() {}
