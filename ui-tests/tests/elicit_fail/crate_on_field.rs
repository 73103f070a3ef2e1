// The form's `crate` key on a field.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    #[elicit(crate = "toolform")]
    guests: u8,
}

fn main() {}
