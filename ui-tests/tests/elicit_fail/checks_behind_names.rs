// The derive leaves out a check the field's type certainly passes, read from
// the type's name (`u8`, `Option<u8>`, `String`, ...). A check that fails is
// still emitted for those names, and every other spelling of the same type
// (an alias, a full path) keeps its checks.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

type Small = u8;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    #[elicit(range(min = 300))]
    optional: Option<u8>,
    #[elicit(range(min = 300))]
    alias: Small,
    #[elicit(range(max = -1))]
    path: std::primitive::u16,
    #[elicit(default = 256)]
    guests: u8,
    #[elicit(default = 1.5)]
    seats: i32,
    #[elicit(range(min = 1, max = 9), default = 3)]
    fine: u8,
    #[elicit(default = "x")]
    flag: bool,
}

fn main() {
    let _ = Booking::requested_schema();
}
