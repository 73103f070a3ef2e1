// `serialize_with` alone: the output wire type is unknown.
use serde::{Deserialize, Serialize, Serializer};

fn as_string<S: Serializer>(value: &u32, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Args {
    #[serde(serialize_with = "as_string")]
    count: u32,
}

fn main() {}
