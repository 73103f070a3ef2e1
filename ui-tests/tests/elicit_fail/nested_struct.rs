// A nested struct as a form field: an MCP form is flat.
use serde::Deserialize;
use toolform::ToolSchema;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ToolSchema)]
struct Address {
    street: String,
    city: String,
}

#[derive(Deserialize, ElicitForm)]
struct Signup {
    name: String,
    address: Address,
}

fn main() {
    let _ = Signup::requested_schema();
}
