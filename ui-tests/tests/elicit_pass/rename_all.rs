// `#[serde(rename_all = "camelCase")]` renames the form's keys, as serde reads
// them; `#[serde(rename)]` on a field wins.
use serde::Deserialize;
use serde_json::json;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct Signup {
    first_name: String,
    last_name: Option<String>,
    #[serde(rename = "mail")]
    email_address: String,
}

fn main() {
    let schema = Signup::requested_schema();
    let keys: Vec<&str> = schema["properties"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, ["firstName", "lastName", "mail"]);
    assert_eq!(schema["required"], json!(["firstName", "mail"]));
}
