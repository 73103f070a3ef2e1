use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::Serialize;

/// `SearchResult`, with schemars' derive instead of toolform's.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    pub flights: Vec<Flight>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_page: Option<String>,
    pub mean_price: f64,
}

/// `Flight`, with schemars' derive.
#[derive(Serialize, JsonSchema)]
pub struct Flight {
    pub number: String,
    pub origin: String,
    pub destination: String,
    pub departs: DateTime<Utc>,
    pub price: f64,
}
