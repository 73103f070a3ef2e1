// `#[serde(with = ..)]` changes the wire type; toolform cannot guess it.
use serde::{Deserialize, Serialize};

mod as_string {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &u32, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Args {
    #[serde(with = "as_string")]
    count: u32,
}

fn main() {}
