// A tuple struct as a form: its fields have no names to show.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Size(u16, u16);

fn main() {
    let _ = Size::requested_schema();
}
