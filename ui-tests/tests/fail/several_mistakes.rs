// Several mistakes in one type: all are reported at once, and using the type
// afterwards adds no error of its own (the derive still emits an impl).
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

mod as_string {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &u32, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[schema(titel = "Bad")]
struct Bad {
    #[schema(descripton = "What to look for")]
    query: String,
    #[serde(with = "as_string")]
    count: u32,
}

fn takes_schema<T: ToolSchema>() {}

fn main() {
    let _ = Bad::input_schema();
    let _ = <Bad as ToolSchema>::output_schema();
    takes_schema::<Bad>();
    takes_schema::<Vec<Bad>>();
}
