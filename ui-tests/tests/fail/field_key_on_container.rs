// A field's key on the type.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
#[schema(pattern = "^[a-z]+$", deprecated)]
struct Args {
    query: String,
}

fn main() {}
