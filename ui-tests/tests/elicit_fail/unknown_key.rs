// A typo in an #[elicit(..)] key: the error names the key meant.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Booking {
    name: String,
    #[elicit(defualt = 2)]
    guests: u8,
}

fn main() {
    let _ = Booking::requested_schema();
}
