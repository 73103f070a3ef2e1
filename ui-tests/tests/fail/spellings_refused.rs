// schemars', validator's and garde's keys toolform cannot say truthfully
// (issue 41): each an error at the key saying what to write instead.
use toolform::ToolSchema;

fn make() -> u8 {
    1
}

#[derive(serde::Deserialize, ToolSchema)]
struct Booking {
    // A `Regex` value, unknown at compile time: give `#[schema(pattern)]`.
    #[validate(regex(path = *CODE_RE))]
    code: String,
    #[validate(range(exclusive_min = 0))]
    count: u32,
    #[validate(ip)]
    address: String,
    #[validate(required)]
    note: Option<String>,
    #[garde(ascii)]
    plain: String,
    // garde counts bytes of a string by default.
    #[garde(length(min = 1, max = 9))]
    name: String,
    #[schemars(extend("minimum" = 3))]
    level: u8,
    #[schemars(transform = drop_it)]
    changed: u8,
    #[schemars(rename = "other")]
    renamed: u8,
    #[schemars(example = make())]
    computed: u8,
    #[schemars(skip_this)]
    unknown: u8,
}

fn main() {}
