// `range` on a text field (meant: `length`).
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Signup {
    #[elicit(range(min = 3, max = 20))]
    username: String,
}

fn main() {
    let _ = Signup::requested_schema();
}
