// A default the field's own `format` rejects: the form's validator would
// refuse the answer the form suggests.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Contact {
    #[elicit(format = "email", default = "nope")]
    email: String,
}

fn main() {
    let _ = Contact::requested_schema();
}
