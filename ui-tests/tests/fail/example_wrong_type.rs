// `#[schema(example = ..)]` is checked against the field's wire type where
// the type is declared, each at its example, each saying what the type
// accepts (a `u8` used to take `example = "str"` and `example = 300`).
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
enum Color {
    Red,
    #[serde(rename = "verde", alias = "green")]
    Green,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Point {
    x: u8,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[schema(example = "str")]
    a: u8,
    #[schema(example = 300)]
    b: u8,
    #[schema(example = -1)]
    c: u64,
    #[schema(example = -129)]
    d: i8,
    #[schema(example = 5.0)]
    e: i32,
    #[schema(example = 0)]
    f: std::num::NonZeroU8,
    #[schema(example = "x")]
    g: f64,
    #[schema(example = 1)]
    h: bool,
    #[schema(example = "ab")]
    i: char,
    #[schema(example = 3)]
    j: Option<String>,
    #[schema(example = "Blue")]
    k: Color,
    #[schema(example = "x")]
    l: Point,
    #[schema(example = 1)]
    m: Vec<u8>,
    #[schema(example = true)]
    n: (),
    // `with`: the wire type is `u32`.
    #[schema(example = "x", with = u32)]
    o: String,
}

fn main() {}
