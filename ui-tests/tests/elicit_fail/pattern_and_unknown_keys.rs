// Several bad keys in one attribute, each reported.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Signup {
    #[elicit(titel = "Name")]
    name: String,
    #[elicit(min_item = 1)]
    age: u8,
}

fn main() {
    let _ = Signup::requested_schema();
}
