//! A tour of toolform: the input and output schemas of a few real-looking
//! types, and serde agreeing with them.
//!
//! Run it with `cargo run --example tour`.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

/// Search the catalogue.
#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "camelCase")]
struct SearchArgs {
    /// Free-text query.
    query: String,
    /// How many results to return at most.
    #[serde(default = "default_limit")]
    max_results: u32,
    /// Only items changed since then.
    since: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tags: Vec<String>,
}

fn default_limit() -> u32 {
    20
}

/// One page of search results.
#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SearchResults {
    items: Vec<Item>,
    /// Opaque cursor for the next page.
    #[serde(skip_serializing_if = "Option::is_none")]
    next_cursor: Option<String>,
    /// Relevance of the best hit, 0 to 1.
    top_score: f64,
}

/// A catalogue item.
#[derive(Serialize, Deserialize, ToolSchema)]
struct Item {
    #[serde(alias = "sku")]
    id: u64,
    title: String,
    released: NaiveDate,
}

fn show<T: ToolSchema>(name: &str) {
    println!("== {name}: input schema (what serde reads)");
    println!("{:#}", T::input_schema());
    println!("== {name}: output schema (what serde writes)");
    println!("{:#}\n", T::output_schema());
}

fn main() {
    show::<SearchArgs>("SearchArgs");
    show::<SearchResults>("SearchResults");

    // The difference that matters: `maxResults` and `tags` are optional on the
    // way in (serde fills the defaults), `nextCursor` is absent rather than
    // null on the way out, and a non-finite score is written as `null`.
    let args: SearchArgs = serde_json::from_value(serde_json::json!({"query": "rust"}))
        .expect("the input schema says only `query` is required");
    println!(
        "serde read {{\"query\":\"rust\"}} with maxResults = {}",
        args.max_results
    );
    let results = SearchResults {
        items: vec![Item {
            id: 7,
            title: "The Book".into(),
            released: NaiveDate::from_ymd_opt(2018, 5, 1).expect("valid date"),
        }],
        next_cursor: None,
        top_score: f64::NAN,
    };
    println!(
        "serde wrote {}",
        serde_json::to_string(&results).expect("serializes")
    );
}
