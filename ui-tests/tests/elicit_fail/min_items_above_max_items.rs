// `min_items` above `max_items`: no answer satisfies both.
use serde::Deserialize;
use toolform::ToolSchema;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ToolSchema)]
enum Topping {
    Cheese,
    Olives,
}

#[derive(Deserialize, ElicitForm)]
struct Pizza {
    #[elicit(min_items = 3, max_items = 1)]
    toppings: Vec<Topping>,
}

fn main() {
    let _ = Pizza::requested_schema();
}
