// `header` must be a non-empty RFC 9110 token: every bad value is reported
// in one compile, each at its literal.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Call {
    #[schema(header = "")]
    empty: String,
    #[schema(header = "My Region")]
    space: String,
    #[schema(header = "X\r\nInjected: 1")]
    crlf: String,
    #[schema(header = "Région")]
    accent: String,
    #[schema(header = "a:b")]
    colon: String,
}

fn main() {
    let _ = Call::input_schema();
}
