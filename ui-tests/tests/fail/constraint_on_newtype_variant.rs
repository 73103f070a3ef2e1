// A constraint on the field of a newtype variant.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
enum Id {
    Name(#[schema(length(max = 8))] String),
    Number(u64),
}

fn main() {
    let _ = Id::input_schema();
}
