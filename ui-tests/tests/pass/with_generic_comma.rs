// `with = Type` without quotes, where the type has a comma inside its angle
// brackets.
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use toolform::ToolSchema;

mod as_map {
    use std::collections::BTreeMap;
    pub fn serialize<S: serde::Serializer>(v: &Vec<(String, u32)>, s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&v.iter().cloned().collect::<BTreeMap<_, _>>(), s)
    }
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<(String, u32)>, D::Error> {
        let m: BTreeMap<String, u32> = serde::Deserialize::deserialize(d)?;
        Ok(m.into_iter().collect())
    }
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[serde(with = "as_map")]
    #[schema(with = BTreeMap<String, u32>, description = "Counts by name")]
    counts: Vec<(String, u32)>,
}

fn main() {
    let input = Args::input_schema();
    assert_eq!(input["properties"]["counts"]["type"], "object");
    assert_eq!(input["properties"]["counts"]["description"], "Counts by name");
    let _ = BTreeMap::<String, u32>::new();
}
