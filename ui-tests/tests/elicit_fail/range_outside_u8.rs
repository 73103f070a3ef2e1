// A range no `u8` can satisfy: the smallest allowed value is above 255.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    #[elicit(range(min = 300))]
    guests: u8,
}

fn main() {
    let _ = Booking::requested_schema();
}
