// `#[serde(flatten)]` with `#[serde(deny_unknown_fields)]`: which keys serde
// rejects then depends on the order of keys in the document.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Paging {
    page: u32,
    per_page: u32,
}

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
#[serde(deny_unknown_fields)]
struct Args {
    query: String,
    #[serde(flatten)]
    paging: Paging,
}

fn main() {}
