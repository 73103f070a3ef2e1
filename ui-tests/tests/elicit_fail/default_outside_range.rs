// A default the field's own range refuses.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    name: String,
    #[elicit(range(min = 1, max = 8), default = 20)]
    guests: u8,
}

fn main() {
    let _ = Booking::requested_schema();
}
