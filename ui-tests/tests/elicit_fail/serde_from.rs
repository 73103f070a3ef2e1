// `#[serde(from = "..")]`: serde reads another type.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize)]
struct RawBooking {
    name: String,
    guests: u8,
}

#[derive(Deserialize, ElicitForm)]
#[serde(from = "RawBooking")]
struct Booking {
    name: String,
    guests: u8,
}

impl From<RawBooking> for Booking {
    fn from(raw: RawBooking) -> Self {
        Booking { name: raw.name, guests: raw.guests }
    }
}

fn main() {
    let _ = Booking::requested_schema();
}
