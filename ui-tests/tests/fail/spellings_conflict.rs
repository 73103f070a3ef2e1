// One constraint in two spellings with different values (issue 41): toolform
// reads #[schema], #[schemars], #[validate] and #[garde] alike and never picks
// one silently.
use toolform::ToolSchema;

#[derive(serde::Deserialize, ToolSchema)]
struct Booking {
    #[schema(range(min = 1, max = 9))]
    #[validate(range(min = 1, max = 8))]
    guests: u8,
    #[schemars(length(max = 20))]
    #[garde(length(chars, max = 30))]
    name: String,
    #[schema(title = "Code")]
    #[schemars(title = "Booking code")]
    code: String,
    // Not the same constraint on the items, though the bounds are alike.
    #[schema(items(length(min = 1)))]
    #[garde(inner(range(min = 1)))]
    lists: Vec<Vec<u8>>,
}

fn main() {}
