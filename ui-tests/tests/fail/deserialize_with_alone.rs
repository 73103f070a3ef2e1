// `deserialize_with` alone: the input wire type is unknown.
use serde::{Deserialize, Deserializer, Serialize};

fn from_string<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
}

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Args {
    #[serde(deserialize_with = "from_string")]
    count: u32,
}

fn main() {}
