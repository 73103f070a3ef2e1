// `with` names a field's wire type; a type has none to name.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
#[schema(with = String)]
struct Args {
    query: String,
}

fn main() {}
