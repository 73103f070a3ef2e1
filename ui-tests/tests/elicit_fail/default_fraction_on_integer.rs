// A default with a fraction on an integer field.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    name: String,
    #[elicit(default = 1.5)]
    nights: u32,
}

fn main() {
    let _ = Booking::requested_schema();
}
