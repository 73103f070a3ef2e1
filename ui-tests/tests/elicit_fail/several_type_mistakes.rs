// Several mistakes only the field types reveal: all are reported at once, and
// using the form afterwards adds no error of its own.
use serde::Deserialize;
use std::collections::HashMap;
use toolform::ToolSchema;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
enum Room {
    Single,
    Double,
}

#[derive(Deserialize, ElicitForm)]
struct Booking {
    #[elicit(range(min = 1, max = 80))]
    name: String,
    #[elicit(length(max = 1))]
    guests: u8,
    #[elicit(min_items = 1)]
    room: Room,
    labels: HashMap<String, String>,
}

fn main() {
    let _ = Booking::requested_schema();
}
