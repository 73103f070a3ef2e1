// An internally tagged enum as a form field: serde reads `{"kind": ".."}`, an
// object, not a name.
use serde::Deserialize;
use toolform::ToolSchema;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ToolSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Delivery {
    Pickup,
    Courier,
}

#[derive(Deserialize, ElicitForm)]
struct Order {
    item: String,
    delivery: Delivery,
}

fn main() {
    let _ = Order::requested_schema();
}
