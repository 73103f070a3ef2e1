// `min` above `max` by one, at the top of u64: compared as integers, not as
// f64 (where both are 18446744073709551616.0).
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Counter {
    #[schema(range(min = 18446744073709551615, max = 18446744073709551614))]
    n: u64,
}

fn main() {
    let _ = Counter::input_schema();
}
