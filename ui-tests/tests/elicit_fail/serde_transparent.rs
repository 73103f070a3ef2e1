// `#[serde(transparent)]`: serde reads the one field's value, not an object.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
#[serde(transparent)]
struct Username {
    value: String,
}

fn main() {
    let _ = Username::requested_schema();
}
