// `deprecated` is a flag: `deprecated = false` (and `= true`) say so (they
// used to say "Unexpected type `bool`").
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[schema(deprecated = false)]
    old: u8,
    #[schema(deprecated = true)]
    older: u8,
}

fn main() {}
