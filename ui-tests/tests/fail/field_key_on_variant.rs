// A field's key on a variant.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
enum Mode {
    #[schema(range(min = 1))]
    Fast,
    Slow,
}

fn main() {}
