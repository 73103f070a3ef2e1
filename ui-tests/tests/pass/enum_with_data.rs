// Enums with data variants, externally tagged (serde's default) and
// internally tagged: each variant is one alternative of a `oneOf`.
use serde::{Deserialize, Serialize};
use serde_json::json;
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
enum Command {
    Search { query: String },
    Open(u32),
    Quit,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "kind")]
enum Shape {
    Circle { radius: f64 },
    Square { side: f64 },
}

fn main() {
    let input = Command::input_schema();
    let alternatives = input["oneOf"].as_array().expect("a oneOf of the variants");
    assert_eq!(alternatives.len(), 3);
    assert_eq!(alternatives[0]["required"], json!(["Search"]));
    assert_eq!(
        alternatives[0]["properties"]["Search"]["properties"]["query"]["type"],
        "string"
    );
    assert_eq!(alternatives[1]["required"], json!(["Open"]));
    assert_eq!(alternatives[1]["properties"]["Open"]["type"], "integer");
    assert_eq!(alternatives[2]["const"], "Quit");

    // What serde writes is one of them.
    let open = serde_json::to_value(Command::Open(7)).unwrap();
    assert_eq!(open, json!({ "Open": 7 }));
    assert_eq!(serde_json::to_value(Command::Quit).unwrap(), json!("Quit"));

    let input = Shape::input_schema();
    let alternatives = input["oneOf"].as_array().expect("a oneOf of the variants");
    assert_eq!(alternatives.len(), 2);
    assert_eq!(alternatives[0]["properties"]["kind"]["const"], "Circle");
    assert_eq!(alternatives[0]["required"], json!(["kind", "radius"]));
    assert_eq!(alternatives[1]["properties"]["kind"]["const"], "Square");
    assert_eq!(alternatives[1]["properties"]["side"]["type"], "number");
}
