// `#[schema(with = WireType)]` on a type with hand-written serde impls, and on
// a variant serde reads and writes through a function: the wire shape is
// `WireType`'s. The schemas are true to the wire.
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::json;
use toolform::ToolSchema;

/// A version written as `"major.minor"`.
#[derive(Debug, PartialEq, ToolSchema)]
#[schema(with = String)]
struct Version {
    major: u32,
    minor: u32,
}

impl Serialize for Version {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{}.{}", self.major, self.minor))
    }
}

impl<'de> Deserialize<'de> for Version {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let (a, b) = text.split_once('.').ok_or_else(|| serde::de::Error::custom("no dot"))?;
        let parse = |t: &str| t.parse().map_err(serde::de::Error::custom);
        Ok(Version { major: parse(a)?, minor: parse(b)? })
    }
}

mod as_text {
    use serde::{Deserialize, Deserializer, Serializer};
    pub fn serialize<S: Serializer>(n: &u32, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(n)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

#[derive(Debug, PartialEq, Serialize, Deserialize, ToolSchema)]
enum Reading {
    #[serde(with = "as_text")]
    #[schema(with = String)]
    Count(u32),
    Version(Version),
    Off,
}

fn main() {
    for schema in [Version::input_schema(), Version::output_schema()] {
        assert_eq!(schema["type"], "string", "{schema}");
    }
    let input = Reading::input_schema().to_string();
    assert!(input.contains(r#"{"Count":{"type":"string"}}"#), "{input}");
    let r: Reading = serde_json::from_value(json!({"Count": "7"})).unwrap();
    assert_eq!(r, Reading::Count(7));
    assert_eq!(serde_json::to_value(&r).unwrap(), json!({"Count": "7"}));
    let v: Reading = serde_json::from_value(json!({"Version": "1.2"})).unwrap();
    assert_eq!(serde_json::to_value(&v).unwrap(), json!({"Version": "1.2"}));
}
