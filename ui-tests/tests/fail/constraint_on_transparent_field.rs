// A constraint on the one field of a transparent struct.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
#[serde(transparent)]
struct Slug {
    #[schema(format = "email")]
    inner: String,
}

fn main() {
    let _ = Slug::input_schema();
}
