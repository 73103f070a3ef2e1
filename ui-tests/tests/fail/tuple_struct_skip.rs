// A field of a tuple struct skipped in one direction only changes the array's
// length between directions.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Pair(u32, #[serde(skip_serializing)] String, bool);

fn main() {}
