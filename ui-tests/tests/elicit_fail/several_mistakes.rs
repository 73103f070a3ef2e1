// Several mistakes in the attributes of one form: all are reported at once,
// and using the form afterwards adds no error of its own (the derive still
// emits an impl).
use serde::Deserialize;
use toolform::ToolSchema;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ToolSchema)]
struct Contact {
    email: String,
}

#[derive(Deserialize, ElicitForm)]
struct Signup {
    #[elicit(titel = "Username")]
    username: String,
    #[elicit(pattern = "^[0-9]{5}$")]
    postcode: String,
    #[elicit(format = "phone")]
    phone: String,
    #[elicit(range(min = 1, max = 8), default = 20)]
    guests: u8,
    #[serde(flatten)]
    contact: Contact,
}

fn main() {
    let _ = Signup::requested_schema();
}
