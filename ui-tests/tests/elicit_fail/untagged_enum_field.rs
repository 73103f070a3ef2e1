// An untagged unit enum as a form field: serde reads its variants as `null`,
// not as names, so it cannot be a select.
use serde::Deserialize;
use toolform::ToolSchema;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ToolSchema)]
#[serde(untagged)]
enum Size {
    Small,
    Large,
}

#[derive(Deserialize, ElicitForm)]
struct Order {
    item: String,
    size: Size,
}

fn main() {
    let _ = Order::requested_schema();
}
