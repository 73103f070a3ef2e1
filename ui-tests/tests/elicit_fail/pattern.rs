// `pattern` in #[elicit(..)]: the form grammar has no pattern keyword.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Signup {
    #[elicit(pattern = "^[a-z0-9_]+$")]
    username: String,
}

fn main() {
    let _ = Signup::requested_schema();
}
