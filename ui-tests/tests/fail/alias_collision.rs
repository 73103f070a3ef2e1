// An alias that is another field's name: serde reads the key into whichever
// field comes first.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
#[serde(rename_all = "camelCase")]
struct Args {
    #[serde(alias = "name")]
    full_name: String,
    name: Option<String>,
}

fn main() {}
