// Enums have no schemas yet.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
enum Command {
    Search { query: String },
    Open(u32),
    Quit,
}

fn main() {}
