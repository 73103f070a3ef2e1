// An enum whose variants carry data, as a form field: a select's options are
// plain names.
use serde::Deserialize;
use toolform::ToolSchema;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
enum Payment {
    Cash,
    Card { number: String },
}

#[derive(Deserialize, ElicitForm)]
struct Checkout {
    name: String,
    payment: Payment,
}

fn main() {
    let _ = Checkout::requested_schema();
}
