// `Option<chrono::NaiveDate>`: a text field with `format: date`, not required.
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::json;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
#[allow(dead_code)]
struct Trip {
    /// Where to
    destination: String,
    /// Leave empty if flexible
    departure: Option<NaiveDate>,
}

fn main() {
    let schema = Trip::requested_schema();
    assert_eq!(
        schema["properties"]["departure"],
        json!({"type": "string", "description": "Leave empty if flexible", "format": "date"})
    );
    assert_eq!(schema["required"], json!(["destination"]));
}
