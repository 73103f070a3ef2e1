// An example beyond f64: JSON has no infinity.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Tuning {
    #[schema(example = 1e400)]
    gain: f64,
}

fn main() {
    let _ = Tuning::input_schema();
}
