// An enum as the form itself (meant: a field of a form).
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
#[serde(rename_all = "snake_case")]
enum Room {
    Single,
    Double,
    Suite,
}

fn main() {
    let _ = Room::requested_schema();
}
