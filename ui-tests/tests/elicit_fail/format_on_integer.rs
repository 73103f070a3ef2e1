// `format` on an integer field.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Event {
    title: String,
    #[elicit(format = "date")]
    year: u16,
}

fn main() {
    let _ = Event::requested_schema();
}
