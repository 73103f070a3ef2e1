// A `default = "path"` naming no function: the error is at the string, as
// serde's own, and the derive adds nothing else.
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
