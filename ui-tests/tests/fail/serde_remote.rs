// `#[serde(remote = ..)]`: the derive would describe the local mirror, not the
// type serde actually reads and writes.
use serde::{Deserialize, Serialize};

mod other {
    pub struct Duration {
        pub secs: u64,
    }
}

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
#[serde(remote = "other::Duration")]
struct DurationDef {
    secs: u64,
}

fn main() {}
