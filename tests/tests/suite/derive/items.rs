//! `#[schema(items(..))]` and `#[schema(values(..))]`: the constraints of
//! every item of a sequence or set and of every value of a map (nested:
//! `items(items(..))`), in both schemas (under `items` /
//! `additionalProperties`), in `parse_args` (a path per item) and in the
//! strict dialects.
//!
//! - snapshots of both schemas, and asserts on where each keyword lands;
//! - agreement: on every mutant of the seeds, `parse_args` is `Ok` exactly
//!   when the `jsonschema` crate accepts under the input schema, the
//!   whole-schema walk agrees, and what serde writes meets the output
//!   schema (`crate::args::parse::run` and `agreement::check_with`);
//! - violations with paths, capped like any other;
//! - every dialect keeps or moves the constraints as it does a field's.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::Arc;
use toolform::dialect::Dialect;
use toolform::{ToolSchema, parse_args};
use toolform_tests::agreement::{self, Limit};
use toolform_tests::{path_rules, snapshot};

type Emails = Vec<String>;

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Mailing {
    /// Behind a type alias: the check is on the type.
    #[schema(length(max = 3), items(format = "email", length(max = 40)))]
    emails: Emails,
    #[schema(items(range(min = 1, max = 10)))]
    scores: [u8; 2],
    #[schema(items(pattern = "^[a-z]+$"))]
    tags: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(items(length(min = 2)))]
    labels: Option<BTreeSet<String>>,
    #[schema(values(range(min = 0.5)))]
    weights: BTreeMap<String, f64>,
    #[schema(items(items(length(min = 1))))]
    grid: Vec<Vec<String>>,
    #[schema(values(items(range(max = 5))))]
    buckets: HashMap<String, VecDeque<i32>>,
    #[serde(default)]
    #[schema(items(format = "uri"))]
    links: Arc<[String]>,
    #[serde(default)]
    #[schema(items(length(max = 2)))]
    codes: HashSet<String>,
    #[serde(default)]
    #[schema(values(pattern = "^#[0-9a-f]{6}$"))]
    colours: indexmap::IndexMap<String, String>,
    #[serde(default)]
    #[schema(items(range(min = -1)))]
    ids: indexmap::IndexSet<i64>,
    #[serde(default)]
    #[schema(items(pattern = "^x"))]
    #[allow(clippy::box_collection)]
    boxed: Option<Box<Vec<Option<String>>>>,
}

fn seed() -> Value {
    json!({
        "emails": ["ada@example.com"],
        "scores": [1, 10],
        "tags": ["a", "bc"],
        "labels": ["ab"],
        "weights": {"w": 0.5},
        "grid": [["a"], []],
        "buckets": {"b": [5, -3]},
        "links": ["https://example.com/"],
        "codes": ["ab"],
        "colours": {"red": "#ff0000"},
        "ids": [-1, 7],
        "boxed": ["xy", null],
    })
}

#[test]
fn schemas_carry_the_constraints_of_each_item_and_value() {
    snapshot("constraints/items.input", Mailing::input_schema()).unwrap();
    snapshot("constraints/items.output", Mailing::output_schema()).unwrap();
    for schema in [Mailing::input_schema(), Mailing::output_schema()] {
        let p = &schema["properties"];
        assert_eq!(p["emails"]["maxItems"], 3);
        assert_eq!(p["emails"]["items"]["format"], "email");
        assert_eq!(p["emails"]["items"]["maxLength"], 40);
        assert_eq!(p["scores"]["items"]["minimum"], 1);
        assert_eq!(p["scores"]["items"]["maximum"], 10);
        assert_eq!(p["tags"]["items"]["pattern"], "^[a-z]+$");
        assert_eq!(p["labels"]["items"]["minLength"], 2);
        assert_eq!(p["weights"]["additionalProperties"]["minimum"], 0.5);
        assert_eq!(p["grid"]["items"]["items"]["minLength"], 1);
        assert!(p["grid"]["items"].get("minLength").is_none());
        assert_eq!(p["buckets"]["additionalProperties"]["items"]["maximum"], 5);
        assert_eq!(p["links"]["items"]["format"], "uri");
        assert_eq!(p["codes"]["items"]["maxLength"], 2);
        assert_eq!(
            p["colours"]["additionalProperties"]["pattern"],
            "^#[0-9a-f]{6}$"
        );
        assert_eq!(p["ids"]["items"]["minimum"], -1);
        assert_eq!(p["boxed"]["items"]["pattern"], "^x");
    }
    // The type's own bounds stay where they are tighter: `u8` items keep
    // nothing below 0, `i32` nothing below i32::MIN.
    let p = &Mailing::input_schema()["properties"];
    assert_eq!(
        p["buckets"]["additionalProperties"]["items"]["minimum"],
        i32::MIN
    );
}

/// A mutated value is at a path under a field whose items or values the
/// schema constrains, where serde accepts: the declared constraints serde
/// does not enforce.
const DECLARED: &[Limit] = &[Limit {
    name: "declared constraint",
    reason: "#[schema(items(..)/values(..))] constraints describe the wire; serde does not enforce them",
    applies: |d| d.schema_accepts != d.serde_accepts && d.serde_accepts,
}];

#[test]
fn agreement_with_serde_and_the_validator() {
    let report = agreement::check_with::<Mailing>(&[seed()], DECLARED);
    report.assert_clean("Mailing");
    assert!(
        report.documented.len() >= 10,
        "the item constraints must make the schema stricter than serde: {}",
        report.documented.len()
    );
}

#[test]
fn parse_args_is_the_validators_verdict() {
    let tally = crate::args::parse::run::<Mailing>("Mailing", &[seed()], &[]);
    assert!(
        tally.problems.is_empty(),
        "{} problem(s):\n{}",
        tally.problems.len(),
        tally.problems[..tally.problems.len().min(20)].join("\n")
    );
    assert!(tally.documents > 100, "{}", tally.documents);
    assert!(tally.accepted > 0 && tally.accepted < tally.documents);
}

#[test]
fn every_bad_item_is_named_with_its_path() {
    let mut doc = seed();
    doc["emails"] = json!(["ada@example.com", "nope", "x@y.z"]);
    doc["scores"] = json!([0, 11]);
    doc["tags"] = json!(["A"]);
    doc["labels"] = json!(["x"]);
    doc["weights"] = json!({"light": 0.1});
    doc["grid"] = json!([["a"], ["b", ""]]);
    doc["buckets"] = json!({"b": [6]});
    doc["links"] = json!(["not a uri"]);
    doc["codes"] = json!(["abc"]);
    doc["colours"] = json!({"red": "red"});
    doc["ids"] = json!([-2]);
    doc["boxed"] = json!(["y", null]);
    let err = parse_args::<Mailing>(&doc).unwrap_err();
    assert_eq!(
        path_rules(err.violations()),
        [
            ("/emails/1", "format"),
            ("/scores/0", "minimum"),
            ("/scores/1", "maximum"),
            ("/tags/0", "pattern"),
            ("/labels/0", "minLength"),
            ("/weights/light", "minimum"),
            ("/grid/1/1", "minLength"),
            ("/buckets/b/0", "maximum"),
            ("/links/0", "format"),
            ("/codes/0", "maxLength"),
            ("/colours/red", "pattern"),
            ("/ids/0", "minimum"),
            ("/boxed/0", "pattern"),
        ]
    );
    let text = err.to_string();
    assert!(
        text.contains("/emails/1: \"nope\" is not a valid email (format)"),
        "{text}"
    );
    assert!(
        text.contains("/grid/1/1: 0 characters, fewer than the minimum 1 (minLength)"),
        "{text}"
    );
    // The same through a dialect, and for the walk alone.
    for dialect in Dialect::ALL {
        let err = dialect.parse_args::<Mailing>(&doc).unwrap_err();
        assert_eq!(err.violations().len(), 13, "{dialect}");
    }
    assert_eq!(
        toolform::args::validate_args(Mailing::SHAPE, &doc).len(),
        13
    );
    // `null`, an absent optional field and a valid seed are fine.
    let mut ok = seed();
    ok["tags"] = Value::Null;
    ok.as_object_mut().map(|o| o.remove("labels"));
    assert!(parse_args::<Mailing>(&ok).is_ok());
}

#[test]
fn violations_are_capped() {
    let mut doc = seed();
    doc["emails"] = json!((0..10_000).map(|i| format!("bad{i}")).collect::<Vec<_>>());
    let err = parse_args::<Mailing>(&doc).unwrap_err();
    let v = err.violations();
    assert!(v.len() <= 101, "{}", v.len());
    assert_eq!(v.last().map(|v| v.rule), Some("more"));
    assert_eq!((v[0].path.as_str(), v[0].rule), ("/emails", "maxItems"));
    assert_eq!((v[1].path.as_str(), v[1].rule), ("/emails/0", "format"));
}

#[test]
fn dialects_lower_item_constraints_like_field_constraints() {
    let report = agreement::check_dialects_with::<Mailing>(&[seed()], DECLARED);
    assert!(report.accepted > 0, "no dialect accepted Mailing");
    // Where a dialect keeps a keyword, it is under the items.
    for dialect in Dialect::ALL {
        let Ok(schema) = Mailing::schema(dialect) else {
            continue;
        };
        let text = schema.to_string();
        assert!(
            text.contains("^[a-z]+$"),
            "{dialect}: the items' pattern is gone (kept or moved to a description): {text}"
        );
    }
}

/// Items of a struct type: the constraints sit beside the item's schema.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Point {
    x: i32,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Route {
    #[schema(items(length(min = 1)))]
    legs: Vec<Vec<Point>>,
    #[schema(values(length(max = 1)))]
    named: BTreeMap<String, BTreeMap<String, Point>>,
}

#[test]
fn nested_containers_take_length_of_their_own_kind() {
    let p = &Route::input_schema()["properties"];
    assert_eq!(p["legs"]["items"]["minItems"], 1);
    assert_eq!(p["named"]["additionalProperties"]["maxProperties"], 1);
    let err =
        parse_args::<Route>(&json!({"legs": [[]], "named": {"a": {"p": {"x": 1}, "q": {"x": 2}}}}))
            .unwrap_err();
    assert_eq!(
        path_rules(err.violations()),
        [("/legs/0", "minItems"), ("/named/a", "maxProperties")]
    );
    let seeds = [json!({"legs": [[{"x": 1}]], "named": {"a": {"p": {"x": 1}}}})];
    agreement::check_with::<Route>(&seeds, DECLARED).assert_clean("Route");
    let tally = crate::args::parse::run::<Route>("Route", &seeds, &[]);
    assert!(tally.problems.is_empty(), "{:#?}", tally.problems);
}
