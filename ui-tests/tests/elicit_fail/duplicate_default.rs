// `default` given twice, across two attributes.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    #[elicit(default = 1)]
    #[elicit(default = 2)]
    guests: u8,
}

fn main() {}
