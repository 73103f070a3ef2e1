// Two variants written under one name (one of them never read): a reader of
// the output cannot tell them apart.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
enum Status {
    Active,
    #[serde(rename(serialize = "Active"), skip_deserializing)]
    Enabled,
}

fn main() {}
