// A key that exists on fields (`length`) but not on a variant.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
enum Limit {
    None,
    #[schema(length(max = 3))]
    Count(u32),
}

fn main() {}
