// `#[schema(titled)]` is for enums of unit variants only.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
#[schema(titled)]
enum Command {
    /// Stop everything.
    Quit,
    /// Look something up.
    Search { query: String },
}

fn main() {}
