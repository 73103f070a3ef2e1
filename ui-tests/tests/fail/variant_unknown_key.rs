// A key that exists on fields (`with`) but not on a variant.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
enum Limit {
    None,
    #[schema(with = String)]
    Count(u32),
}

fn main() {}
