// `min_items` on a single select (meant: a `Vec` of the enum).
use serde::Deserialize;
use toolform::ToolSchema;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
enum Extra {
    Breakfast,
    LateCheckout,
    Parking,
}

#[derive(Deserialize, ElicitForm)]
struct Booking {
    name: String,
    #[elicit(min_items = 1)]
    extra: Extra,
}

fn main() {
    let _ = Booking::requested_schema();
}
