// `#[schema]`-only keys in `#[elicit]`.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    #[elicit(with = String, example = "x", deprecated)]
    name: String,
}

fn main() {}
