//! Benchmark fixtures for toolform: the same types derive both
//! `toolform::ToolSchema` and `schemars::JsonSchema`, so the two libraries can
//! be timed on identical input. Shared by every bench in `benches/`.
//!
//! - [`Small`]: 3 fields.
//! - [`Medium`]: 10 fields with renames, defaults, `Option`, `Vec`, `DateTime<Utc>`.
//! - [`Wide`]: 50 fields of mixed types.
//! - [`Deep`]: six levels of nested structs, some behind `Vec` and `Option`.
//! - [`Booking`]: an MCP elicitation form (`ElicitForm`) of eight fields, with
//!   [`booking_answer`], one valid `ElicitResult` for it.

use chrono::{DateTime, NaiveDate, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use toolform::{ElicitForm, ToolSchema};

/// Three plain fields.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
#[schema(no_json_schema)] // derives schemars::JsonSchema itself
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
#[schema(no_json_schema)] // derives schemars::JsonSchema itself
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
#[schema(no_json_schema)] // derives schemars::JsonSchema itself
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
#[schema(no_json_schema)] // derives schemars::JsonSchema itself
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
#[schema(no_json_schema)] // derives schemars::JsonSchema itself
#[serde(rename_all = "camelCase")]
pub struct Level2 {
    pub id: u64,
    pub items: Vec<Level3>,
    pub note: Option<String>,
}

/// Level 3.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
#[schema(no_json_schema)] // derives schemars::JsonSchema itself
#[serde(rename_all = "camelCase")]
pub struct Level3 {
    pub label: String,
    pub maybe: Option<Level4>,
    #[serde(default)]
    pub weight: f64,
}

/// Level 4.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
#[schema(no_json_schema)] // derives schemars::JsonSchema itself
#[serde(rename_all = "camelCase")]
pub struct Level4 {
    pub code: u32,
    pub inner: Level5,
    pub tags: Vec<String>,
}

/// Level 5.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
#[schema(no_json_schema)] // derives schemars::JsonSchema itself
#[serde(rename_all = "camelCase")]
pub struct Level5 {
    pub enabled: bool,
    pub leaves: Vec<Option<Level6>>,
    pub at: Option<DateTime<Utc>>,
}

/// Level 6, the leaf.
#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, JsonSchema)]
#[schema(no_json_schema)] // derives schemars::JsonSchema itself
#[serde(rename_all = "camelCase")]
pub struct Level6 {
    pub key: String,
    pub value: i64,
    #[serde(default)]
    pub meta: BTreeMap<String, String>,
}

/// A single-select option set: a unit-only enum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
pub enum Room {
    Single,
    Double,
    Twin,
    Suite,
}

/// A multi-select option set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
pub enum Extra {
    Breakfast,
    LateCheckout,
    Parking,
    AirportShuttle,
    Spa,
}

/// A realistic elicitation form: length- and format-checked strings, a
/// ranged integer, a single select, a multi select, a date, an optional
/// string and a defaulted boolean.
#[derive(Debug, Clone, PartialEq, Deserialize, ElicitForm)]
pub struct Booking {
    /// Your full name
    #[elicit(length(min = 1, max = 80))]
    pub name: String,
    /// Where the confirmation goes
    #[elicit(format = "email", length(max = 254))]
    pub email: String,
    /// Number of guests
    #[elicit(range(min = 1, max = 8))]
    pub guests: u8,
    /// Room type
    pub room: Room,
    /// Anything else?
    #[elicit(max_items = 4)]
    pub extras: Vec<Extra>,
    /// Arrival day
    pub check_in: NaiveDate,
    /// Phone number, if you want a call
    pub phone: Option<String>,
    /// Send me offers
    #[serde(default)]
    pub newsletter: bool,
}

/// One valid `ElicitResult` for [`Booking`]: every field given.
pub fn booking_answer() -> Value {
    json!({
        "action": "accept",
        "content": {
            "name": "Ada Lovelace",
            "email": "ada.lovelace@example.com",
            "guests": 2,
            "room": "suite",
            "extras": ["breakfast", "late_checkout", "parking"],
            "check_in": "2025-09-14",
            "phone": "+44 20 7946 0958",
            "newsletter": true
        }
    })
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
                toolform::render(T::SHAPE, toolform::Contract::Input).expect("no dialect")
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
        let leaf = &s["properties"]["child"]["properties"]["items"]["items"]["properties"]["maybe"]
            ["properties"]["inner"]["properties"]["leaves"]["items"];
        assert!(leaf.is_object(), "{leaf:#}");
    }

    /// The answer fixture is valid for toolform, for `jsonschema` on the
    /// requested schema (formats asserted), and for serde alone.
    #[test]
    fn booking_answer_is_valid_everywhere() {
        let answer = booking_answer();
        let content = &answer["content"];
        let toolform::Elicited::Accepted(ours) = Booking::from_elicit_result(&answer).unwrap()
        else {
            panic!("accepted")
        };
        let validator = jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .should_validate_formats(true)
            .build(Booking::requested_schema())
            .unwrap();
        assert!(validator.is_valid(content));
        let serde_only = Booking::deserialize(content).unwrap();
        assert_eq!(ours, serde_only);
        assert_eq!(
            ours.extras,
            [Extra::Breakfast, Extra::LateCheckout, Extra::Parking]
        );
        assert_eq!(
            Booking::requested_schema()["properties"]
                .as_object()
                .unwrap()
                .len(),
            8
        );
        // Formats are asserted: a bad email fails both.
        let mut bad = answer.clone();
        bad["content"]["email"] = json!("not an email");
        assert!(!validator.is_valid(&bad["content"]));
        assert!(Booking::from_elicit_result(&bad).is_err());
    }
}

/// Valid tool arguments for the bench types, and a type with declared
/// constraints (`benches/args.rs`, `examples/instructions.rs`).
pub mod args {
    use super::*;
    use chrono::{DateTime, Utc};
    use serde_json::{Value, json};

    /// A flight search with declared constraints on most fields.
    #[derive(Debug, Deserialize, ToolSchema)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)] // read by serde, not by the bench
    pub struct Declared {
        #[schema(pattern = "^[A-Z]{3}$")]
        origin: String,
        #[schema(pattern = "^[A-Z]{3}$")]
        destination: String,
        depart_at: DateTime<Utc>,
        #[schema(range(min = 1, max = 9))]
        passengers: u8,
        #[schema(length(max = 4))]
        cabins: Vec<String>,
        #[schema(length(min = 1, max = 80))]
        note: Option<String>,
        #[serde(default)]
        flexible: bool,
    }

    /// Valid arguments for `Small`.
    pub fn small() -> Value {
        json!({"id": 42, "name": "widget", "enabled": true})
    }

    /// Valid arguments for `Medium`.
    pub fn medium() -> Value {
        json!({
            "query": "rust json schema", "maxResults": 50, "offset": 10,
            "tags": ["mcp", "tools", "schema"], "lang": "en",
            "since": "2025-01-01T00:00:00Z", "until": "2025-06-30T23:59:59Z",
            "includeArchived": false, "minScore": 0.75, "ids": [1, 2, 3, 5, 8]
        })
    }

    /// Valid arguments for `Wide`.
    pub fn wide() -> Value {
        // Text, not `json!`: fifty keys exceed the macro's recursion limit.
        serde_json::from_str(
            r#"{
            "f01Id": 1, "f02Name": "n", "f03Flag": true, "f04Count": 4, "f05Ratio": 0.5,
            "f06Small": 6, "f07Short": -7, "f08Signed": -8, "f09Big": 9, "f10Usize": 10,
            "f11Label": "l", "f12Limit": 12, "f13Weight": 1.5, "f14Active": null,
            "f15Tags": ["a", "b"], "f16Ids": [1, 2], "f17Scores": [0.1, 0.2], "f18Flags": [true],
            "f19Created": "2025-01-01T00:00:00Z", "f20Updated": null, "f21Day": "2025-01-02",
            "f22Attrs": {"k": "v"}, "f23Counts": {"c": 3}, "f24Pair": [1, "one"],
            "f25Matrix": [[1, 2], [3, 4]], "f26Title": "t", "f27Retries": 3, "f28Verbose": false,
            "f29Notes": ["x"], "field30": "r", "f31A": "a", "f32B": 32, "f33C": -33, "f34D": 3.4,
            "f35E": true, "f36F": null, "f37G": 37, "f38H": [3, 8], "f39I": ["s", null],
            "f40J": ["j"], "f41K": "k", "f42L": 42, "f43M": -43, "f44N": 44, "f45O": 4.5,
            "f46P": "p", "f47Q": ["q"], "f48R": "r", "f49Small": {"id": 1, "name": "s", "enabled": false},
            "f50End": "end"
        }"#,
        )
        .expect("the wide fixture is JSON")
    }

    /// Valid arguments for `Deep`.
    pub fn deep() -> Value {
        let leaf = json!({"key": "k", "value": 6, "meta": {"a": "b"}});
        let level5 = json!({"enabled": true, "leaves": [leaf, null], "at": "2025-01-01T00:00:00Z"});
        let level4 = json!({"code": 4, "inner": level5, "tags": ["x", "y"]});
        let level3 = json!({"label": "l3", "maybe": level4, "weight": 0.3});
        let level2 = json!({"id": 2, "items": [level3.clone(), {"label": "other", "maybe": null}], "note": "n"});
        json!({"name": "deep", "created": "2025-01-01T00:00:00Z", "child": level2.clone(), "extras": [level2]})
    }

    /// Valid arguments for `Declared`.
    pub fn declared() -> Value {
        json!({
            "origin": "LHR", "destination": "JFK", "departAt": "2025-09-14T08:30:00Z",
            "passengers": 2, "cabins": ["economy", "business"], "note": "window seats"
        })
    }
}
