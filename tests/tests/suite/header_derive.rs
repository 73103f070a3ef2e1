//! `#[schema(header = "..")]`: `x-mcp-header` in the derived input schema.

use serde::{Deserialize, Serialize};
use serde_json::json;
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
enum Tier {
    Free,
    Pro,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Probe {
    #[schema(header = "Region")]
    region: String,
    #[schema(header = "Zone")]
    zone: Option<String>,
    #[schema(header = "Tier")]
    tier: Tier,
    #[schema(header = "Tier2")]
    tier2: Option<Tier>,
    #[schema(header = "Count")]
    count: u32,
    #[schema(header = "Big", range(max = 9007199254740991u64))]
    big: u64,
    #[serde(default)]
    #[schema(header = "Dflt")]
    dflt: Option<i32>,
}

#[test]
fn probe() {
    println!("{}", serde_json::to_string_pretty(Probe::input_schema()).unwrap());
    println!("{}", serde_json::to_string_pretty(Probe::output_schema()).unwrap());
    let _ = json!(1);
}
