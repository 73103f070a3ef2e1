//! `#[schema(items(..))]` and `#[schema(values(..))]`: the constraints of
//! every item of a sequence or set and of every value of a map, in both
//! schemas (under `items` / `additionalProperties`) and in `parse_args`.

use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use toolform::ToolSchema;

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Mailing {
    #[schema(length(max = 3), items(format = "email", length(max = 40)))]
    emails: Vec<String>,
    #[schema(items(range(min = 1, max = 10)))]
    scores: [u8; 2],
    #[schema(items(pattern = "^[a-z]+$"))]
    tags: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(items(length(min = 2)))]
    maybe: Option<BTreeSet<String>>,
    #[schema(values(range(min = 0.5)))]
    weights: BTreeMap<String, f64>,
    #[schema(items(items(length(min = 1))))]
    grid: Vec<Vec<String>>,
}

#[test]
fn smoke() {
    println!("{:#}", Mailing::input_schema());
    println!("{:#}", Mailing::output_schema());
    let e = toolform::parse_args::<Mailing>(
        &json!({"emails": ["a@b.co", "nope"], "scores": [0, 11], "tags": ["A"], "weights": {"x": 0.1}, "grid": [[""]], "maybe": ["x"]}),
    );
    println!("{}", e.unwrap_err());
}
