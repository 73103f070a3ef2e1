// A `header` field is a string, an integer, a boolean, or an `Option` of one.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Inner {
    x: String,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Meters(u32);

/// `#[serde(other)]` reads any other name: not one `string`.
#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
enum Tier {
    Free,
    #[serde(other)]
    Unknown,
}

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
    // A newtype's wire type is behind a fn pointer: accepted here, checked
    // on the rendered schema (`headers::check_type`, at server start).
    #[schema(header = "Meters")]
    meters: Meters,
    #[schema(header = "Tier")]
    tier: Tier,
    // Named wire type: accepted.
    #[schema(header = "Named", with = u32)]
    named: Meters,
}

fn main() {
    let _ = Call::input_schema();
}
