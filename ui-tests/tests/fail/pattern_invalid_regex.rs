// A pattern that is not an ECMA-262 regular expression: validators would
// reject the whole schema.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Slug {
    #[schema(pattern = "([a-z")]
    slug: String,
}

fn main() {
    let _ = Slug::input_schema();
}
