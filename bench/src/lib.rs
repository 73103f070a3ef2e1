//! Benchmark fixtures for toolform: the same types derive both
//! `toolform::ToolSchema` and `schemars::JsonSchema`, so the two libraries can
//! be timed on identical input. Shared by every bench in `benches/`.
//!
//! - [`Small`]: 3 fields.
//! - [`Medium`]: 10 fields with renames, defaults, `Option`, `Vec`, `DateTime<Utc>`.
//! - [`Wide`]: 50 fields of mixed types.
//! - [`Deep`]: six levels of nested structs, some behind `Vec` and `Option`.

use chrono::{DateTime, NaiveDate, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use toolform::ToolSchema;

/// Three plain fields.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
pub struct Small {
    pub id: u64,
    pub name: String,
    pub enabled: bool,
}

fn default_limit() -> u32 {
    20
}

/// A typical tool-argument struct.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Medium {
    /// Free-text query.
    pub query: String,
    /// Maximum number of results.
    #[serde(default = "default_limit")]
    pub max_results: u32,
    #[serde(default)]
    pub offset: u64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    #[serde(rename = "lang")]
    pub language: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub since: Option<DateTime<Utc>>,
    pub until: DateTime<Utc>,
    #[serde(default)]
    pub include_archived: bool,
    pub min_score: f64,
    #[serde(rename = "ids", default)]
    pub only_ids: Vec<i64>,
}

/// Fifty fields: every common scalar, options, sequences, maps, dates.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Wide {
    pub f01_id: u64,
    pub f02_name: String,
    pub f03_flag: bool,
    pub f04_count: u32,
    pub f05_ratio: f64,
    pub f06_small: u8,
    pub f07_short: i16,
    pub f08_signed: i32,
    pub f09_big: i64,
    pub f10_usize: usize,
    pub f11_label: Option<String>,
    pub f12_limit: Option<u32>,
    pub f13_weight: Option<f32>,
    pub f14_active: Option<bool>,
    pub f15_tags: Vec<String>,
    pub f16_ids: Vec<u64>,
    pub f17_scores: Vec<f64>,
    pub f18_flags: Vec<bool>,
    pub f19_created: DateTime<Utc>,
    pub f20_updated: Option<DateTime<Utc>>,
    pub f21_day: NaiveDate,
    pub f22_attrs: BTreeMap<String, String>,
    pub f23_counts: HashMap<String, u32>,
    pub f24_pair: (u32, String),
    pub f25_matrix: Vec<Vec<i32>>,
    /// Documented field.
    pub f26_title: String,
    /// Documented field with a default.
    #[serde(default)]
    pub f27_retries: u16,
    #[serde(default)]
    pub f28_verbose: bool,
    #[serde(default)]
    pub f29_notes: Vec<String>,
    #[serde(rename = "field30")]
    pub f30_renamed: String,
    pub f31_a: String,
    pub f32_b: u32,
    pub f33_c: i64,
    pub f34_d: f64,
    pub f35_e: bool,
    pub f36_f: Option<String>,
    pub f37_g: Option<i64>,
    pub f38_h: Vec<u8>,
    pub f39_i: Vec<Option<String>>,
    pub f40_j: Option<Vec<String>>,
    pub f41_k: String,
    pub f42_l: u64,
    pub f43_m: i8,
    pub f44_n: u16,
    pub f45_o: f32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub f46_p: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub f47_q: Vec<String>,
    pub f48_r: char,
    pub f49_small: Small,
    pub f50_end: String,
}

/// Level 1 (root) of a six-level nesting.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Deep {
    pub name: String,
    pub created: DateTime<Utc>,
    pub child: Level2,
    #[serde(default)]
    pub extras: Vec<Level2>,
}

/// Level 2.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Level2 {
    pub id: u64,
    pub items: Vec<Level3>,
    pub note: Option<String>,
}

/// Level 3.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Level3 {
    pub label: String,
    pub maybe: Option<Level4>,
    #[serde(default)]
    pub weight: f64,
}

/// Level 4.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Level4 {
    pub code: u32,
    pub inner: Level5,
    pub tags: Vec<String>,
}

/// Level 5.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Level5 {
    pub enabled: bool,
    pub leaves: Vec<Option<Level6>>,
    pub at: Option<DateTime<Utc>>,
}

/// Level 6, the leaf.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Level6 {
    pub key: String,
    pub value: i64,
    #[serde(default)]
    pub meta: BTreeMap<String, String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both libraries accept every fixture and produce object schemas.
    #[test]
    fn schemas_render() {
        fn check<T: ToolSchema + JsonSchema>() {
            let ours = T::input_schema();
            assert_eq!(ours["type"], "object");
            assert_eq!(
                *ours,
                toolform::render(T::SHAPE, toolform::Contract::Input)
            );
            let theirs = serde_json::to_value(schemars::schema_for!(T)).unwrap();
            assert_eq!(theirs["type"], "object");
        }
        check::<Small>();
        check::<Medium>();
        check::<Wide>();
        check::<Deep>();
    }

    #[test]
    fn wide_has_fifty_fields() {
        let props = Wide::input_schema()["properties"].as_object().unwrap();
        assert_eq!(props.len(), 50);
    }

    #[test]
    fn deep_nests_six_levels() {
        let s = Deep::input_schema();
        let leaf = &s["properties"]["child"]["properties"]["items"]["items"]["properties"]
            ["maybe"]["properties"]["inner"]["properties"]["leaves"]["items"];
        assert!(leaf.is_object(), "{leaf:#}");
    }
}
