// A format the elicitation grammar does not carry.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Contact {
    name: String,
    #[elicit(format = "phone")]
    phone: String,
}

fn main() {
    let _ = Contact::requested_schema();
}
