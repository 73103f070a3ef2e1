// `#[serde(flatten)]` is not supported yet.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Paging {
    page: u32,
    per_page: u32,
}

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Args {
    query: String,
    #[serde(flatten)]
    paging: Paging,
}

fn main() {}
