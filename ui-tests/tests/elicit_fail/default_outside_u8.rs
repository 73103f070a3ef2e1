// A default the field's integer type cannot hold: 300 in a `u8`.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    #[elicit(default = 300)]
    guests: u8,
}

fn main() {
    let _ = Booking::requested_schema();
}
