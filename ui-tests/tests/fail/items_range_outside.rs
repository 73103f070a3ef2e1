// A `range(..)` inside `items(..)`/`values(..)` no item (value) of the
// integer type can satisfy.
use std::collections::BTreeMap;
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Votes {
    #[schema(items(range(min = 300)))]
    ballots: Vec<u8>,
    #[schema(values(range(max = -1)))]
    counts: Option<BTreeMap<String, u16>>,
}

fn main() {
    let _ = Votes::input_schema();
}
