// Examples that fit the field's wire type compile, and are shown as given;
// where the shape cannot be known at compile time (a newtype's inner shape,
// `serde_json::Value`) the example is accepted.
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::borrow::Cow;
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
enum Color {
    Red,
    #[serde(rename = "verde", alias = "green")]
    Green,
    Custom(String),
}

#[derive(Serialize, Deserialize, ToolSchema)]
enum Open {
    Known,
    #[serde(other)]
    Unknown,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(untagged)]
enum Loose {
    Text(String),
    Pair(u8, u8),
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Meters(f64);

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args<'a> {
    #[schema(example = 0, example = 255)]
    a: u8,
    #[schema(example = -128, example = 127)]
    b: i8,
    #[schema(example = 18446744073709551615)]
    c: u64,
    #[schema(example = -9223372036854775808)]
    d: i64,
    #[schema(example = 3, example = 2.5)]
    e: f64,
    #[schema(example = 1)]
    f: std::num::NonZeroU8,
    #[schema(example = 'x', example = "y", example = 'é')]
    g: char,
    #[schema(example = 'x')]
    h: Option<char>,
    #[schema(example = true)]
    i: Option<bool>,
    #[schema(example = "Red", example = "verde", example = "green")]
    j: Color,
    #[schema(example = "anything")]
    k: Open,
    #[schema(example = "text", example = 5)]
    l: Loose,
    #[schema(example = 1.5, example = "unknown at compile time")]
    m: Meters,
    #[schema(example = "borrowed")]
    n: Cow<'a, str>,
    #[schema(example = 1, example = "x", example = false)]
    o: serde_json::Value,
    #[serde(with = "chrono::serde::ts_seconds")]
    #[schema(example = 1700000000)]
    p: DateTime<Utc>,
    #[schema(example = 5, with = u32)]
    q: String,
    #[serde(skip)]
    #[schema(example = "not checked: serde never uses the field")]
    r: u8,
    #[schema(example = "a@b.example", format = "email")]
    s: String,
    #[schema(example = "ab12", pattern = "[0-9]+", length(min = 2, max = 4))]
    t: String,
}

fn main() {
    let input = Args::input_schema();
    let p = &input["properties"];
    assert_eq!(p["a"]["examples"], json!([0, 255]));
    assert_eq!(p["c"]["examples"], json!([18446744073709551615u64]));
    assert_eq!(p["d"]["examples"], json!([i64::MIN]));
    assert_eq!(p["g"]["examples"], json!(["x", "y", "é"]));
    assert_eq!(p["j"]["examples"], json!(["Red", "verde", "green"]));
    assert_eq!(p["p"]["examples"], json!([1700000000]));
    assert_eq!(p["q"]["examples"], json!([5]));
}
