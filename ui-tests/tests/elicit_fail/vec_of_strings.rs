// A list of free text as a form field: only lists of unit-only enums (multi
// selects) exist.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Post {
    title: String,
    tags: Vec<String>,
}

fn main() {
    let _ = Post::requested_schema();
}
