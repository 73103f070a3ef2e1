// An integer `header` stays within ±(2^53 − 1) unless `range` narrows it.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Call {
    #[schema(header = "A")]
    a: u64,
    #[schema(header = "B")]
    b: i64,
    #[schema(header = "C")]
    c: Option<usize>,
    #[schema(header = "D", range(max = 9007199254740992u64))]
    d: u64,
    #[schema(header = "E", range(min = 1))]
    e: i128,
    // Narrowed: accepted.
    #[schema(header = "F", range(min = -9007199254740991, max = 9007199254740991u64))]
    f: i64,
    #[schema(header = "G", range(max = 100))]
    g: u128,
}

fn main() {
    let _ = Call::input_schema();
}
