// Every key of #[schema(...)] on a type and a variant, each in a form it
// does not take: every message names the key and the form it takes.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
#[schema(titled = true, no_json_schema(x), crate, title = 1, description)]
enum Choice {
    #[schema(title, description("x"))]
    One,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[schema(titled(yes), no_json_schema = false, crate = 5)]
struct Args {}

fn main() {}
