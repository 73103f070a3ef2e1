// `#[schema(crate = "...")]` is honoured: a path that does not lead to
// toolform is an error at the path (the pass case `crate_reexport` shows a
// correct one).
use serde::{Deserialize, Serialize};

mod reexport {}

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
#[schema(crate = "reexport::toolform")]
struct Args {
    query: String,
}

fn main() {}
