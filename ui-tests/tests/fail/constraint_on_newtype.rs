// A constraint on the field of a newtype struct has no property to carry it.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Slug(#[schema(pattern = "^[a-z]+$")] String);

fn main() {
    let _ = Slug::input_schema();
}
