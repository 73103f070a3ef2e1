// A select's default that is not one of the enum's options.
use serde::Deserialize;
use toolform::ToolSchema;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
enum Room {
    Single,
    Double,
    Suite,
}

#[derive(Deserialize, ElicitForm)]
struct Booking {
    name: String,
    #[elicit(default = "attic")]
    room: Room,
}

fn main() {
    let _ = Booking::requested_schema();
}
