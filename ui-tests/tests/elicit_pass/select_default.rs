// `#[elicit(default = "..")]` on a select: the form shows the default, and the
// field is no longer required; an answer leaving it out gets the default.
use serde::Deserialize;
use serde_json::json;
use toolform::ToolSchema;
use toolform::elicit::{ElicitForm, Elicited};

#[derive(Deserialize, ToolSchema, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Room {
    Single,
    Double,
    Suite,
}

#[derive(Deserialize, ElicitForm, Debug)]
struct Booking {
    name: String,
    #[elicit(default = "double")]
    room: Room,
}

fn main() {
    let schema = Booking::requested_schema();
    assert_eq!(
        schema["properties"]["room"],
        json!({"type": "string", "enum": ["single", "double", "suite"], "default": "double"})
    );
    assert_eq!(schema["required"], json!(["name"]));

    let answer = json!({"action": "accept", "content": {"name": "Ada"}});
    let Ok(Elicited::Accepted(booking)) = Booking::from_elicit_result(&answer) else {
        panic!("accepted")
    };
    assert_eq!(booking.room, Room::Double);
}
