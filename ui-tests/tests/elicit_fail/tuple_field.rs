// A tuple as a form field.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Poster {
    title: String,
    size: (u8, u8),
}

fn main() {
    let _ = Poster::requested_schema();
}
