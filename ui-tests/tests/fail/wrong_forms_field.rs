// Every key of #[schema(...)] on a field, each in a form it does not take:
// every message names the key and the form it takes, at the token at fault.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[schema(title)]
    a: String,
    #[schema(title("x"))]
    b: String,
    #[schema(description = 5)]
    c: String,
    #[schema(pattern)]
    d: String,
    #[schema(format("email"))]
    e: String,
    #[schema(length = 5)]
    f: String,
    #[schema(range = 5)]
    g: u8,
    #[schema(range(1, 5))]
    h: u8,
    #[schema(range(min))]
    i: u8,
    #[schema(range(min = "a", max = 1, max = 2))]
    j: u8,
    #[schema(length(min = 1.5, mx = 4))]
    k: String,
    #[schema(range())]
    l: u8,
    #[schema(example)]
    m: u8,
    #[schema(example(1))]
    n: u8,
    #[schema(example = b"x")]
    o: String,
    #[schema(deprecated(yes))]
    p: u8,
    #[schema("x")]
    q: String,
}

fn main() {}
