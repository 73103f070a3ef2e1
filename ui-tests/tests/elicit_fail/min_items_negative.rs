// `min_items` is a count.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, toolform::ToolSchema)]
enum Topping {
    Cheese,
}

#[derive(Deserialize, ElicitForm)]
struct Pizza {
    #[elicit(min_items = -1)]
    toppings: Vec<Topping>,
}

fn main() {}
