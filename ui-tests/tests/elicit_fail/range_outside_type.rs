// Bounds outside the range of the field's type (issue 41), in a form: each
// advertises values serde refuses. An alias: checks_behind_names.rs.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    #[elicit(range(min = 1, max = 999))]
    guests: u8,
    #[elicit(range(min = -5))]
    rooms: u8,
    #[elicit(range(max = 70000))]
    nights: Option<u16>,
}

fn main() {
    let _ = Booking::requested_schema();
}
