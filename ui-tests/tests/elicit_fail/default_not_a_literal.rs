// `default` takes a literal, not an expression.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    #[elicit(default = guests())]
    guests: u8,
}

fn guests() -> u8 {
    2
}

fn main() {}
