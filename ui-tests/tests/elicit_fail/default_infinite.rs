// A float literal beyond f64: JSON has no infinity.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Tuning {
    #[elicit(default = 1e400)]
    gain: f64,
}

fn main() {
    let _ = Tuning::requested_schema();
}
