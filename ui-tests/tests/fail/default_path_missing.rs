// A `default = "path"` naming no function: the error is at the string, as
// serde's own. The derive names the function as a value (its table holds a
// pointer to it, not a closure calling it), so a missing single name is
// reported twice at the string, as a value and as serde's function; a path
// of several segments once.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
pub struct Search {
    #[serde(default = "default_limt")]
    pub limit: u32,
    #[serde(default = "crate::defaults::page")]
    pub page: u32,
    #[serde(skip_serializing_if = "Option::is_nne")]
    pub cursor: Option<String>,
}

fn main() {}
