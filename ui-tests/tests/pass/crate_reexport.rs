// `#[schema(crate = "...")]` points the generated code at a re-export of
// toolform, for crates that do not depend on toolform directly.
use serde::{Deserialize, Serialize};

mod reexport {
    pub use toolform;
}

use reexport::toolform::ToolSchema;

#[derive(Serialize, Deserialize, reexport::toolform::ToolSchema)]
#[schema(crate = "reexport::toolform")]
struct Args {
    /// Free-text query.
    query: String,
    #[serde(default)]
    limit: u32,
}

fn main() {
    let input = Args::input_schema();
    assert_eq!(input["type"], "object");
    assert_eq!(input["required"], serde_json::json!(["query"]));
    assert_eq!(input["properties"]["query"]["description"], "Free-text query.");
    assert_eq!(input["properties"]["limit"]["default"], 0);
}
