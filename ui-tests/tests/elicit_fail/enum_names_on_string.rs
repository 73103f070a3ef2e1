// `enum_names` on a text field: it applies to selects only.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    #[elicit(enum_names)]
    room: String,
}

fn main() {
    let _ = Booking::requested_schema();
}
