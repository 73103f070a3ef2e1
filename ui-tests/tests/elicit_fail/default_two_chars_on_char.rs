// A text default longer than the one character a `char` holds.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Grade {
    #[elicit(default = "ab")]
    letter: char,
}

fn main() {
    let _ = Grade::requested_schema();
}
