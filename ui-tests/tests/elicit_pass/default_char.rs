// A `char` field is a one-character text field: its default is accepted as
// a character literal (`'x'`) and as a one-character string (`"x"`); both
// are the string "x" on the wire.
use serde::Deserialize;
use serde_json::json;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Grade {
    #[elicit(default = 'B')]
    letter: char,
    #[elicit(default = "C")]
    fallback: char,
    #[elicit(default = 'é')]
    accent: char,
}

fn main() {
    let schema = Grade::requested_schema();
    assert_eq!(schema["properties"]["letter"]["default"], json!("B"));
    assert_eq!(schema["properties"]["fallback"]["default"], json!("C"));
    assert_eq!(schema["properties"]["accent"]["default"], json!("é"));
    let grade: Grade = serde_json::from_value(json!({"letter": "A", "fallback": "D", "accent": "ü"})).unwrap();
    assert_eq!((grade.letter, grade.fallback, grade.accent), ('A', 'D', 'ü'));
}
