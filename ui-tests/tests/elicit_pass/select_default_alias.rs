// `#[elicit(default = "..")]` naming an alias of a select's option: the form
// renders the primary name, which is among the options.
use serde::Deserialize;
use serde_json::json;
use toolform::ToolSchema;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ToolSchema, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Insect {
    Ant,
    #[serde(alias = "bee")]
    Bumblebee,
}

#[derive(Deserialize, ElicitForm, Debug)]
struct Pick {
    #[elicit(default = "bee")]
    insect: Insect,
}

fn main() {
    let schema = Pick::requested_schema();
    assert_eq!(
        schema["properties"]["insect"],
        json!({"type": "string", "enum": ["ant", "bumblebee"], "default": "bumblebee"})
    );
}
