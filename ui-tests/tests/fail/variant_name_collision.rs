// Two variants under one tag: serde reads the tag as the first variant only
// and writes both under it.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Event {
    Created { id: u64 },
    #[serde(rename = "created")]
    Imported { id: u64, source: String },
}

fn main() {}
