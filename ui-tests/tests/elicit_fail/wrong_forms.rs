// Every key of #[elicit(...)] on a form field, each in a form it does not
// take: every message names the key and the form it takes.
use serde::Deserialize;
use toolform::elicit::ElicitForm;

#[derive(Deserialize, ElicitForm)]
struct Signup {
    #[elicit(title)]
    a: String,
    #[elicit(description = 1)]
    b: String,
    #[elicit(format)]
    c: String,
    #[elicit(length = 3)]
    d: String,
    #[elicit(range)]
    e: u8,
    #[elicit(range(max = true))]
    f: u8,
    #[elicit(default)]
    g: u8,
    #[elicit(default(1))]
    h: u8,
    #[elicit(default = some_value)]
    i: u8,
    #[elicit(min_items)]
    j: Vec<String>,
    #[elicit(min_items = "3")]
    k: Vec<String>,
    #[elicit(max_items(3))]
    l: Vec<String>,
    #[elicit(max_items = true)]
    m: Vec<String>,
    #[elicit(enum_names = true)]
    n: String,
    #[elicit(enum_names(x))]
    o: String,
}

fn main() {}
