// `#[serde(flatten)]` in a form: the form must list its fields itself.
use serde::Deserialize;
use toolform::ToolSchema;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ToolSchema)]
struct Contact {
    email: String,
    phone: Option<String>,
}

#[derive(Deserialize, ElicitForm)]
struct Signup {
    name: String,
    #[serde(flatten)]
    contact: Contact,
}

fn main() {
    let _ = Signup::requested_schema();
}
