// A field whose type does not implement ToolSchema.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
struct Point {
    x: f64,
    y: f64,
}

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Args {
    label: String,
    at: Point,
}

fn main() {}
