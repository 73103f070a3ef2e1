// Each constraint where it applies: `length` and `format` on text, `range` on
// numbers (tightening the type's own range), `min_items`/`max_items` on a
// multi-select, `enum_names` on a titled select; a skipped field may have any
// type, and `#[serde(default)]` makes a field optional.
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use toolform::ToolSchema;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
#[schema(titled)]
enum Extra {
    /// Breakfast included
    Breakfast,
    /// Late checkout
    LateCheckout,
}

#[derive(Deserialize, ElicitForm)]
#[allow(dead_code)]
struct Booking {
    #[elicit(length(min = 1, max = 80))]
    name: String,
    #[elicit(format = "email")]
    email: Option<String>,
    #[elicit(range(min = 1, max = 8), default = 2)]
    guests: u8,
    #[elicit(min_items = 1, max_items = 2)]
    extras: Vec<Extra>,
    #[elicit(enum_names)]
    first_extra: Option<Extra>,
    #[serde(default)]
    newsletter: bool,
    #[serde(skip)]
    cache: HashMap<String, String>,
}

fn main() {
    let p = &Booking::requested_schema()["properties"];
    assert_eq!(p["name"], json!({"type": "string", "minLength": 1, "maxLength": 80}));
    assert_eq!(p["email"], json!({"type": "string", "format": "email"}));
    assert_eq!(p["guests"], json!({"type": "integer", "minimum": 1, "maximum": 8, "default": 2}));
    assert_eq!(p["extras"]["minItems"], 1);
    assert_eq!(p["extras"]["maxItems"], 2);
    assert_eq!(p["extras"]["items"]["anyOf"][0], json!({"const": "breakfast", "title": "Breakfast included"}));
    assert_eq!(p["first_extra"]["enumNames"], json!(["Breakfast included", "Late checkout"]));
    assert_eq!(p["newsletter"], json!({"type": "boolean", "default": false}));
    assert!(p.get("cache").is_none());
    assert_eq!(Booking::requested_schema()["required"], json!(["name", "extras"]));
}
