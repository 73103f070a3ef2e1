// A boolean default on a text field.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Signup {
    name: String,
    #[elicit(default = true)]
    newsletter: String,
}

fn main() {
    let _ = Signup::requested_schema();
}
