// A map as a form field: a form has a fixed set of keys.
use serde::Deserialize;
use std::collections::HashMap;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Settings {
    name: String,
    labels: HashMap<String, String>,
}

fn main() {
    let _ = Settings::requested_schema();
}
