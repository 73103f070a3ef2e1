// A bound beyond f64.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Tuning {
    #[schema(range(max = 1e400))]
    gain: f64,
}

fn main() {
    let _ = Tuning::input_schema();
}
