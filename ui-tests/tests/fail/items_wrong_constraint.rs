// A constraint inside `items(..)`/`values(..)` that does not fit the item
// (value) type gets the error a field of that type gets.
use std::collections::BTreeMap;
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Survey {
    #[schema(items(range(min = 1)))]
    answers: Vec<String>,
    #[schema(items(format = "email"))]
    scores: Option<Vec<u8>>,
    #[schema(values(length(max = 3)))]
    totals: BTreeMap<String, u32>,
    #[schema(items(items(pattern = "^[a-z]+$")))]
    grid: Vec<Vec<u8>>,
    // The item is no sequence: one error, at the inner `items`.
    #[schema(items(items(length(min = 1))))]
    lines: Vec<String>,
}

fn main() {
    let _ = Survey::input_schema();
}
