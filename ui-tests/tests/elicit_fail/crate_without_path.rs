// `crate` on a form without its path says the form it takes.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
#[elicit(crate)]
struct Signup {
    name: String,
}

fn main() {}
