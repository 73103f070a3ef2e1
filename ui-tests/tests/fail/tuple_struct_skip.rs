// A skipped field in a tuple struct changes the array's length.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Pair(u32, #[serde(skip)] String, bool);

fn main() {}
