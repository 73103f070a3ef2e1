use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

/// Search the catalogue.
#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "camelCase")]
struct SearchArgs {
    /// Free-text query.
    query: String,
    #[serde(default)]
    max_results: u32,
    since: Option<chrono::DateTime<chrono::Utc>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tags: Vec<String>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Node<T> {
    value: T,
    children: Vec<Node<T>>,
}

#[test]
fn prints() {
    println!("{:#}", SearchArgs::input_schema());
    println!("{:#}", SearchArgs::output_schema());
    println!("{:#}", Node::<u8>::input_schema());
    println!("{:#}", Option::<Node<String>>::output_schema());
}
