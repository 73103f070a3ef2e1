//! schemars 1.x's, validator's and garde's attribute spellings, read by
//! `#[derive(ToolSchema)]` and `#[derive(ElicitForm)]` as their own keys
//! (issue 41): the constraints reach both schemas and `parse_args` (and a
//! form's answer parser), exactly as `#[schema(..)]` would put them. The
//! mistakes are compile errors: ui-tests `fail/spellings_*`,
//! `elicit_fail/spellings_refused`.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolform::elicit::ElicitForm;
use toolform::{ToolSchema, parse_args};

// What `#[schema(..)]` writes, for comparison.
#[derive(Serialize, Deserialize, ToolSchema)]
struct Ours {
    /// The trip.
    #[schema(title = "Trip", range(min = 1, max = 9), example = 2)]
    guests: u8,
    #[schema(length(min = 3, max = 3), pattern = "^[A-Z]+$")]
    code: String,
    #[schema(items(length(min = 1), pattern = "^a"))]
    tags: Vec<String>,
    #[schema(header = "Region", description = "Where")]
    region: String,
    #[schema(with = String)]
    note: Box<str>,
}

// The same in schemars 1.x's spelling.
#[derive(Serialize, Deserialize, ToolSchema)]
struct Schemars {
    /// The trip.
    #[schemars(title = "Trip", range(min = 1, max = 9), example = 2)]
    guests: u8,
    #[schemars(length(equal = 3), regex(pattern = "^[A-Z]+$"))]
    code: String,
    #[schemars(inner(length(min = 1), pattern("^a")))]
    tags: Vec<String>,
    #[schemars(extend("x-mcp-header" = "Region"), description = "Where")]
    region: String,
    #[schemars(with = "String")]
    note: Box<str>,
}

#[test]
fn schemars_spellings_write_what_ours_write() {
    assert_eq!(Schemars::input_schema(), Ours::input_schema());
    assert_eq!(Schemars::output_schema(), Ours::output_schema());
    let input = Schemars::input_schema();
    assert_eq!(input["properties"]["code"]["minLength"], 3);
    assert_eq!(input["properties"]["code"]["maxLength"], 3);
    assert_eq!(input["properties"]["tags"]["items"]["pattern"], "^a");
    assert_eq!(input["properties"]["region"]["x-mcp-header"], "Region");
    assert_eq!(input["properties"]["guests"]["examples"], json!([2]));
}

/// validator's spelling: what it checks after serde, toolform advertises
/// and `parse_args` checks.
#[derive(Serialize, Deserialize, ToolSchema)]
struct Validated {
    #[validate(range(min = 1, max = 9, message = "1 to 9"))]
    guests: u8,
    #[validate(length(min = 1, max = 20), email)]
    email: String,
    #[validate(url)]
    site: Option<String>,
    #[validate(contains(pattern = "a.b"))]
    dotted: String,
    // No schema meaning, ignored as schemars ignores it.
    #[validate(custom(function = "no_check"), nested)]
    other: String,
}

#[test]
fn validator_spellings_reach_the_schema_and_parse_args() {
    let input = Validated::input_schema();
    assert_eq!(input["properties"]["guests"]["minimum"], 1);
    assert_eq!(input["properties"]["guests"]["maximum"], 9);
    assert_eq!(input["properties"]["email"]["format"], "email");
    assert_eq!(input["properties"]["email"]["maxLength"], 20);
    // The text itself, as schemars writes `contains`: `.` escaped.
    assert_eq!(input["properties"]["dotted"]["pattern"], "a\\.b");
    assert!(input["properties"]["other"].get("pattern").is_none());
    let ok = json!({"guests": 9, "email": "a@b.example", "site": "https://x.example",
                    "dotted": "xa.by", "other": ""});
    assert!(parse_args::<Validated>(&ok).is_ok());
    let mut bad = ok.clone();
    bad["guests"] = json!(10);
    bad["dotted"] = json!("axb");
    let err = parse_args::<Validated>(&bad)
        .err()
        .map(|e| e.violations().to_vec());
    let paths: Vec<String> = err
        .unwrap_or_default()
        .into_iter()
        .map(|v| v.path)
        .collect();
    assert_eq!(paths, ["/guests", "/dotted"]);
}

/// garde's spelling.
#[derive(Serialize, Deserialize, ToolSchema)]
struct Garded {
    #[garde(length(chars, min = 2, max = 4))]
    name: String,
    #[garde(length(min = 1, max = 2), inner(range(max = 5)))]
    scores: Vec<u8>,
    #[garde(pattern("^[a-z]+$"), skip)]
    slug: String,
    #[garde(dive)]
    nested: Option<Vec<String>>,
}

#[test]
fn garde_spellings_reach_the_schema_and_parse_args() {
    let input = Garded::input_schema();
    assert_eq!(input["properties"]["name"]["minLength"], 2);
    assert_eq!(input["properties"]["scores"]["maxItems"], 2);
    assert_eq!(input["properties"]["scores"]["items"]["maximum"], 5);
    assert_eq!(input["properties"]["slug"]["pattern"], "^[a-z]+$");
    let ok = json!({"name": "abc", "scores": [5], "slug": "a", "nested": null});
    assert!(parse_args::<Garded>(&ok).is_ok());
    for (key, bad) in [
        ("name", json!("abcde")),
        ("scores", json!([1, 2, 3])),
        ("scores", json!([6])),
        ("slug", json!("A")),
    ] {
        let mut doc = ok.clone();
        doc[key] = bad.clone();
        assert!(parse_args::<Garded>(&doc).is_err(), "{key}: {bad}");
    }
}

/// The three: `parse_args` refuses an out-of-range value declared
/// in each foreign spelling.
#[derive(Deserialize, ToolSchema)]
struct Three {
    #[validate(range(max = 5))]
    a: u32,
    #[garde(length(max = 2))]
    b: Vec<u8>,
    #[schemars(range(min = 10))]
    c: i64,
}

#[test]
fn parse_args_refuses_what_each_spelling_declares() {
    let ok = json!({"a": 5, "b": [1, 2], "c": 10});
    assert!(parse_args::<Three>(&ok).is_ok());
    let bad = json!({"a": 6, "b": [1, 2, 3], "c": 9});
    let paths: Vec<String> = parse_args::<Three>(&bad)
        .err()
        .map(|e| e.violations().iter().map(|v| v.path.clone()).collect())
        .unwrap_or_default();
    assert_eq!(paths, ["/a", "/b", "/c"]);
}

/// One constraint in two spellings with the same value is one declaration
/// (a different value is a compile error: ui fail/spellings_conflict).
#[derive(Deserialize, ToolSchema)]
struct Twice {
    #[schema(range(max = 9, min = 1))]
    #[validate(range(min = 1, max = 9))]
    #[schemars(range(min = 1, max = 9))]
    guests: u8,
    #[schema(format = "email")]
    #[validate(email)]
    #[garde(email)]
    email: String,
}

#[test]
fn the_same_constraint_in_two_spellings_is_one() {
    let input = Twice::input_schema();
    assert_eq!(input["properties"]["guests"]["maximum"], 9);
    assert_eq!(input["properties"]["email"]["format"], "email");
}

/// A pattern toolform cannot read (validator's `regex(path = ..)` names a
/// `Regex` value) is settled by our own `pattern` beside it.
#[derive(Deserialize, ToolSchema)]
struct Settled {
    #[validate(regex(path = *CODE))]
    #[schema(pattern = "^[A-Z]{3}$")]
    code: String,
    #[validate(range(exclusive_min = 0))]
    #[schema(range(min = 1))]
    count: u32,
}

#[test]
fn our_spelling_settles_what_theirs_cannot_say() {
    let input = Settled::input_schema();
    assert_eq!(input["properties"]["code"]["pattern"], "^[A-Z]{3}$");
    assert_eq!(input["properties"]["count"]["minimum"], 1);
}

/// Beside schemars' own derive (which declares the same helper attributes):
/// both read `#[schemars(..)]`; toolform's `JsonSchema` impl is left out.
#[derive(Serialize, Deserialize, schemars::JsonSchema, ToolSchema)]
#[schema(no_json_schema)]
#[schemars(description = "A booking")]
struct Beside {
    #[schemars(range(min = 1, max = 9))]
    #[validate(range(min = 1, max = 9))]
    guests: u8,
}

#[test]
fn beside_schemars_derive_both_read_the_attributes() {
    let ours = Beside::input_schema();
    assert_eq!(ours["description"], "A booking");
    assert_eq!(ours["properties"]["guests"]["maximum"], 9);
    let theirs: Value = serde_json::to_value(schemars::schema_for!(Beside)).unwrap_or_default();
    assert_eq!(theirs["properties"]["guests"]["maximum"], 9);
}

/// A form reads them too: range, length, email and url reach the
/// requested schema and the answer parser; validator's `regex` has no
/// place in the form grammar and is left to validator after parsing.
#[derive(Deserialize, ElicitForm)]
struct Form {
    #[validate(range(min = 1, max = 8))]
    guests: u8,
    #[garde(length(chars, max = 10), email)]
    email: String,
    #[schemars(title = "Site", url)]
    site: Option<String>,
    #[validate(regex(path = *CODE))]
    code: String,
    // A multi-select: `length` counts its items (`minItems`/`maxItems`).
    #[validate(length(min = 1, max = 2))]
    #[serde(default)]
    sizes: Vec<Size>,
}

#[derive(Deserialize, ToolSchema)]
#[serde(rename_all = "lowercase")]
enum Size {
    Small,
    Large,
}

#[test]
fn a_form_reads_the_spellings() {
    let schema = Form::requested_schema();
    assert_eq!(schema["properties"]["guests"]["maximum"], 8);
    assert_eq!(schema["properties"]["email"]["format"], "email");
    assert_eq!(schema["properties"]["email"]["maxLength"], 10);
    assert_eq!(schema["properties"]["site"]["format"], "uri");
    assert_eq!(schema["properties"]["site"]["title"], "Site");
    assert!(schema["properties"]["code"].get("pattern").is_none());
    assert_eq!(schema["properties"]["sizes"]["minItems"], 1);
    assert_eq!(schema["properties"]["sizes"]["maxItems"], 2);
    let answer = |guests: u8| {
        json!({"action": "accept", "content": {"guests": guests, "email": "a@b.io",
               "code": "x"}})
    };
    assert!(Form::from_elicit_result(&answer(8)).is_ok());
    assert!(Form::from_elicit_result(&answer(9)).is_err());
}

// What validator's `regex(path = ..)` names: never read by toolform.
struct Code;
const CODE: Code = Code;
impl std::ops::Deref for Code {
    type Target = str;
    fn deref(&self) -> &str {
        "^[A-Z]{3}$"
    }
}
