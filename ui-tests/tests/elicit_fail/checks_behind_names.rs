// The derive leaves out a check the field's type certainly passes, read from
// the type's name (`u8`, `Option<u8>`, `String`, ...). A check that fails is
// still emitted for those names, and a spelling the derive does not read (an
// alias) keeps its checks. (A range outside a type the derive reads is its
// own error: range_outside_type.rs.)
use serde::Deserialize;
use toolform::elicit::ElicitForm;

type Small = u8;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    #[elicit(range(min = 1, max = 256))]
    alias: Small,
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
