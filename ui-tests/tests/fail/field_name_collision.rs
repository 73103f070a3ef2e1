// Two fields under one key: serde reads the key into the first field only
// (the second is never read) and writes it twice.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Args {
    #[serde(rename = "id")]
    user_id: u64,
    #[serde(rename = "id")]
    account_id: u64,
}

fn main() {}
