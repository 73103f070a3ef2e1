// `length` on an integer field (meant: `range`).
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    name: String,
    #[elicit(length(min = 1, max = 8))]
    guests: u8,
}

fn main() {
    let _ = Booking::requested_schema();
}
