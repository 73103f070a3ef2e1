// A typo in a field's #[schema(...)] key: the error names the key meant.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Args {
    #[schema(titel = "Query")]
    query: String,
}

fn main() {}
