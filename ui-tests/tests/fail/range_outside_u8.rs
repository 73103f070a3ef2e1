// A range no `u8` can satisfy.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Booking {
    #[schema(range(min = 300))]
    guests: u8,
    #[schema(range(max = -1))]
    rooms: Option<u16>,
}

fn main() {
    let _ = Booking::input_schema();
}
