// A bound outside the type it bounds, in schemars', validator's and garde's
// spellings (issue 41): the same error as #[schema(range(..))] gives.
use toolform::ToolSchema;

#[derive(serde::Deserialize, ToolSchema)]
struct Booking {
    #[validate(range(min = 1, max = 999))]
    guests: u8,
    #[garde(inner(range(max = 300)))]
    seats: Vec<u8>,
    #[schemars(range(min = -5))]
    rooms: Option<u16>,
    #[garde(length(max = 1))]
    pair: [u8; 2],
}

fn main() {}
