// A default longer than the field's own `length` allows.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Profile {
    #[elicit(length(min = 2, max = 3), default = "Anonymous")]
    initials: String,
}

fn main() {
    let _ = Profile::requested_schema();
}
