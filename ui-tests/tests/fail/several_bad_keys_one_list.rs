// Every bad key of one list is reported, not only the first.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[schema(titel = "Query", descripton = "What to find", formt = "email")]
    query: String,
}

fn main() {}
