// The type's keys on a field.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[schema(crate = "toolform", titled, no_json_schema)]
    query: String,
}

fn main() {}
