// A form field read by a custom serde function.
use serde::{Deserialize, Deserializer};
use toolform::elicit::ElicitForm;

fn trimmed<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(String::deserialize(d)?.trim().to_owned())
}

#[derive(Deserialize, ElicitForm)]
struct Signup {
    #[serde(deserialize_with = "trimmed")]
    name: String,
}

fn main() {
    let _ = Signup::requested_schema();
}
