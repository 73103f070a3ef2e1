// A `header` field is a string, an integer, a boolean, or an `Option` of one.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Inner {
    x: String,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Meters(u32);

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Call {
    #[schema(header = "Price")]
    price: f64,
    #[schema(header = "Tags")]
    tags: Vec<String>,
    #[schema(header = "Inner")]
    inner: Option<Inner>,
    #[schema(header = "Twice")]
    twice: Option<Option<String>>,
    #[schema(header = "Meters")]
    meters: Meters,
    // Named wire type: accepted.
    #[schema(header = "Named", with = u32)]
    named: Meters,
}

fn main() {
    let _ = Call::input_schema();
}
