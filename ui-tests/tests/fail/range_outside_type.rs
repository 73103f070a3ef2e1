// Bounds outside the range of the type they bound (issue 41): each advertises
// values serde refuses, so each is an error at its `range` key. Read from the
// type's tokens through `Option`, `Box`, sequences, arrays and maps. A type alias
// is checked where the type is compiled: range_outside_alias.rs.
use std::collections::BTreeMap;
use std::num::NonZeroU8;
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Booking {
    #[schema(range(min = 1, max = 999))]
    guests: u8,
    #[schema(range(min = -5))]
    rooms: u8,
    #[schema(range(max = 70000))]
    nights: Option<u16>,
    #[schema(items(range(max = 300)))]
    seats: Vec<u8>,
    #[schema(values(range(min = -1)))]
    counts: BTreeMap<String, Box<u32>>,
    #[schema(items(range(max = 256)))]
    pair: Option<[NonZeroU8; 2]>,
    #[schema(range(max = 1e39))]
    weight: f32,
}

fn main() {
    let _ = Booking::input_schema();
}
