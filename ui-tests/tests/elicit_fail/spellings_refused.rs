// In a form, schemars', validator's and garde's keys follow the form
// grammar's rules (issue 41): no pattern from #[schemars], no ipv4, no
// `inner`, bounds within the field's type.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    #[schemars(regex(pattern = "^[A-Z]+$"))]
    code: String,
    #[validate(ipv4)]
    address: String,
    #[garde(inner(length(min = 1)))]
    tags: Vec<String>,
    #[validate(range(max = 300))]
    guests: u8,
}

fn main() {}
