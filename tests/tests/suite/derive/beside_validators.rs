//! toolform beside validator and garde (issue 41): one type derives
//! `validator::Validate` (or `garde::Validate`) and `ToolSchema` (or
//! `ElicitForm`) with one set of attributes that both read. For every value
//! tried, the other crate's `validate()` (after serde), toolform's
//! `parse_args` (or the form's answer parser) and the schema (the `jsonschema`
//! crate, formats asserted) accept and refuse the same documents, field by
//! field, except where the README's mapping table says they differ.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use toolform::elicit::ElicitForm;
use toolform::{ToolSchema, parse_args};
use toolform_tests::agreement::validator as schema_validator;

/// The fields at fault, by their first path segment.
type Faults = BTreeSet<String>;

fn first_segment(path: &str) -> String {
    let path = path.trim_start_matches('/');
    let end = path.find(['/', '[', '.']).unwrap_or(path.len());
    path[..end].to_owned()
}

/// One document's verdicts.
#[derive(Debug, PartialEq)]
struct Verdicts {
    /// serde read the document.
    serde: bool,
    /// The other crate's faults, when serde read it.
    theirs: Option<Faults>,
    /// toolform's faults (`parse_args`), empty when it accepts.
    ours: Faults,
    /// The input schema accepts the document.
    schema: bool,
}

fn verdicts<T: DeserializeOwned + ToolSchema>(
    doc: &Value,
    theirs: impl Fn(&T) -> Faults,
) -> Verdicts {
    let read = serde_json::from_value::<T>(doc.clone()).ok();
    let ours = match parse_args::<T>(doc) {
        Ok(_) => Faults::new(),
        Err(e) => e
            .violations()
            .iter()
            .map(|v| first_segment(&v.path))
            .collect(),
    };
    Verdicts {
        serde: read.is_some(),
        theirs: read.as_ref().map(theirs),
        ours,
        schema: schema_validator(T::input_schema()).is_valid(doc),
    }
}

/// The documents: `seed`, then each field of `cases` replaced by each of its
/// values. Returns each document whose verdicts disagree, with them.
fn disagreements<T: DeserializeOwned + ToolSchema>(
    seed: &Value,
    cases: &[(&str, Vec<Value>)],
    theirs: impl Fn(&T) -> Faults + Copy,
) -> Vec<(Value, Verdicts)> {
    let mut docs = vec![seed.clone()];
    for (field, values) in cases {
        for value in values {
            let mut doc = seed.clone();
            doc[*field] = value.clone();
            docs.push(doc);
        }
    }
    let mut tried = 0;
    let found = docs
        .into_iter()
        .filter_map(|doc| {
            tried += 1;
            let v = verdicts::<T>(&doc, theirs);
            let agree = match &v.theirs {
                Some(theirs) => *theirs == v.ours && v.schema == v.ours.is_empty(),
                None => !v.ours.is_empty() && !v.schema,
            };
            (!agree).then_some((doc, v))
        })
        .collect();
    assert!(tried > cases.len(), "documents tried: {tried}");
    found
}

fn validator_faults<T: validator::Validate>(t: &T) -> Faults {
    match t.validate() {
        Ok(()) => Faults::new(),
        Err(errors) => errors.errors().keys().map(|k| k.to_string()).collect(),
    }
}

fn garde_faults<T: garde::Validate<Context = ()>>(t: &T) -> Faults {
    match t.validate() {
        Ok(()) => Faults::new(),
        Err(report) => report
            .iter()
            .map(|(path, _)| first_segment(&path.to_string()))
            .collect(),
    }
}

/// Emails both sides are asked about.
fn emails() -> Vec<Value> {
    [
        "ada@example.com",
        "ada.lovelace+trips@mail.example.org",
        "ada@localhost",
        "ada",
        "@example.com",
        "ada@",
        "ada@@example.com",
        "ada lovelace@example.com",
        "ada@exa mple.com",
        "\"ada\"@example.com",
        "ada@[127.0.0.1]",
        "ada@example..com",
        "ada.@example.com",
        "élodie@example.com",
        "ada@bücher.example",
        "",
    ]
    .into_iter()
    .map(Value::from)
    .collect()
}

/// URLs both sides are asked about.
fn urls() -> Vec<Value> {
    [
        "https://example.com",
        "https://example.com/a/b?c=d#e",
        "mailto:ada@example.com",
        "urn:isbn:0451450523",
        "example.com",
        "/relative/path",
        "https://exa mple.com",
        "https://example.com/a b",
        "https://example.com/ü",
        "http://[::1]:8080/",
        "https://example.com:99999",
        "",
    ]
    .into_iter()
    .map(Value::from)
    .chain([Value::Null])
    .collect()
}

/// Where the formats differ by design (README, the mapping table's `email`
/// and `url` rows): JSON Schema's `email` is RFC 5321's mailbox and `uri` is
/// RFC 3986, which toolform writes and `parse_args` checks; validator and
/// garde check their own rules (an HTML5-style address; `url::Url::parse`,
/// the WHATWG URL parser). Each entry: the field, the value, and whether
/// toolform (and the schema) accepts it; the other crate says the opposite.
type Documented = [(&'static str, &'static str, bool)];

const VALIDATOR_DIFFERS: &Documented = &[
    ("email", "\"ada\"@example.com", true),
    ("email", "ada.@example.com", false),
    ("email", "ada@bücher.example", false),
    ("site", "https://example.com/a b", false),
    ("site", "https://example.com/ü", false),
    ("site", "https://example.com:99999", true),
];

const GARDE_DIFFERS: &Documented = &[
    ("email", "\"ada\"@example.com", true),
    ("email", "ada.@example.com", false),
    ("site", "https://example.com/a b", false),
    ("site", "https://example.com/ü", false),
    ("site", "https://example.com:99999", true),
];

/// Checks that `found` is exactly `documented`: one field differs, the other
/// crate faults it exactly when toolform and the schema accept it.
fn assert_documented(found: &[(Value, Verdicts)], documented: &Documented) {
    for (doc, v) in found {
        println!("{doc} {v:?}");
    }
    let mut seen = Vec::new();
    for (doc, v) in found {
        let entry = documented
            .iter()
            .find(|(field, value, _)| doc[*field] == *value);
        let Some(&(field, value, ours_accept)) = entry else {
            panic!("an undocumented disagreement: {doc} {v:?}")
        };
        let single: Faults = [field.to_owned()].into();
        let (theirs, ours) = if ours_accept {
            (single, Faults::new())
        } else {
            (Faults::new(), single)
        };
        assert_eq!(v.theirs.as_ref(), Some(&theirs), "{doc}");
        assert_eq!((&v.ours, v.schema), (&ours, ours_accept), "{doc}");
        seen.push(value);
    }
    let documented: Vec<&str> = documented.iter().map(|d| d.1).collect();
    assert_eq!(seen, documented, "each documented difference still holds");
}

/// A document both types read and every check accepts.
fn seed() -> Value {
    json!({
        "guests": 2, "price": 10.0, "city": "Paris", "nights": [1, 2], "code": "CDG",
        "email": "ada@example.com", "site": "https://example.com", "reference": "AB-12",
    })
}

/// The cases both crates are asked about: `guests` in 1..=9, `price` in
/// 0.5..=100, `city` 2 to 5 code points, `email`, `site`.
fn shared_cases() -> Vec<(&'static str, Vec<Value>)> {
    vec![
        (
            "guests",
            vec![
                json!(0),
                json!(1),
                json!(9),
                json!(10),
                json!(300),
                json!(-1),
            ],
        ),
        (
            "price",
            vec![
                json!(0.49),
                json!(0.5),
                json!(100.0),
                json!(100.01),
                json!(-3),
            ],
        ),
        // Code points, not bytes, on every side: "Züric" is 5 letters, 6 bytes.
        (
            "city",
            ["P", "Pa", "Zürh", "Züric", "Zürich", "日本"]
                .map(Value::from)
                .to_vec(),
        ),
        ("email", emails()),
        ("site", urls()),
    ]
}

/// validator's spelling, read by both derives.
#[derive(Debug, Deserialize, validator::Validate, ToolSchema)]
struct WithValidator {
    #[validate(range(min = 1, max = 9))]
    guests: u8,
    #[validate(range(min = 0.5, max = 100.0))]
    price: f64,
    #[validate(length(min = 2, max = 5))]
    city: String,
    #[validate(length(min = 1, max = 3))]
    nights: Vec<u16>,
    #[validate(length(equal = 3))]
    code: String,
    #[validate(email)]
    email: String,
    #[validate(url)]
    site: Option<String>,
    #[validate(contains(pattern = "-"))]
    reference: String,
}

#[test]
fn validator_and_toolform_agree_field_by_field() {
    let seed = seed();
    let mut cases = shared_cases();
    cases.extend([
        (
            "nights",
            vec![json!([]), json!([1]), json!([1, 2, 3]), json!([1, 2, 3, 4])],
        ),
        ("code", vec![json!("CD"), json!("CDGX"), json!("ÇDG")]),
        ("reference", vec![json!("AB12"), json!("-"), json!("A-")]),
    ]);
    let found = disagreements::<WithValidator>(&seed, &cases, validator_faults);
    assert_documented(&found, VALIDATOR_DIFFERS);
}

/// garde's spelling, read by both derives.
#[derive(Debug, Deserialize, garde::Validate, ToolSchema)]
struct WithGarde {
    #[garde(range(min = 1, max = 9))]
    guests: u8,
    #[garde(range(min = 0.5, max = 100.0))]
    price: f64,
    #[garde(length(chars, min = 2, max = 5))]
    city: String,
    #[garde(length(min = 1, max = 3), inner(range(min = 1, max = 30)))]
    nights: Vec<u16>,
    #[garde(pattern("^[A-Z]{3}$"))]
    code: String,
    #[garde(email)]
    email: String,
    #[garde(url)]
    site: Option<String>,
    #[garde(contains("-"))]
    reference: String,
    #[garde(skip)]
    note: String,
}

#[test]
fn garde_and_toolform_agree_field_by_field() {
    let mut seed = seed();
    seed["note"] = json!("anything");
    let mut cases = shared_cases();
    cases.extend([
        (
            "nights",
            vec![
                json!([]),
                json!([30]),
                json!([31]),
                json!([0]),
                json!([1, 2, 3, 4]),
            ],
        ),
        (
            "code",
            vec![json!("CD"), json!("cdg"), json!("CDGX"), json!("ÇDG")],
        ),
        ("reference", vec![json!("AB12"), json!("-")]),
    ]);
    let found = disagreements::<WithGarde>(&seed, &cases, garde_faults);
    assert_documented(&found, GARDE_DIFFERS);
}

/// garde's default `length` on text counts bytes; JSON Schema's counts code
/// points. toolform reads only `length(chars, ..)` on text (the byte modes
/// are a compile error: ui-test fail/spellings_refused); this is why.
#[derive(Debug, Deserialize, garde::Validate)]
struct GardeBytes {
    #[garde(length(max = 5))]
    city: String,
}

#[test]
fn garde_byte_lengths_are_why_toolform_reads_only_chars_on_text() {
    let zurich = json!({"city": "Züric"}); // 5 chars, 6 bytes
    let bytes: GardeBytes = serde_json::from_value(zurich.clone()).unwrap();
    assert!(garde::Validate::validate(&bytes).is_err());
    let mut doc = json!({
        "guests": 2, "price": 10.0, "city": "Züric", "nights": [1, 2], "code": "CDG",
        "email": "ada@example.com", "site": null, "reference": "AB-12", "note": "",
    });
    let chars: WithGarde = serde_json::from_value(doc.clone()).unwrap();
    assert!(garde::Validate::validate(&chars).is_ok());
    assert!(parse_args::<WithGarde>(&doc).is_ok());
    assert_eq!(
        WithGarde::input_schema()["properties"]["city"]["maxLength"],
        5
    );
    doc["city"] = json!("Zürich");
    assert!(parse_args::<WithGarde>(&doc).is_err());
}

/// A form beside garde: the answer parser and the requested schema hold the
/// answer to garde's range, length and email; garde's `pattern` has no place
/// in the form grammar, so the form leaves it to garde after parsing (the
/// README's table: "ignored ... validator or garde checks it after parsing").
#[derive(Debug, Deserialize, garde::Validate, ElicitForm)]
struct GardeForm {
    #[garde(range(min = 1, max = 8))]
    guests: u8,
    #[garde(length(chars, max = 12), email)]
    email: String,
    #[garde(pattern("^[A-Z]{3}$"))]
    airport: String,
}

#[test]
fn a_form_beside_garde_agrees_except_the_pattern_it_cannot_carry() {
    let schema = GardeForm::requested_schema();
    assert!(schema["properties"]["airport"].get("pattern").is_none());
    let form = schema_validator(schema);
    let seed = json!({"guests": 2, "email": "ada@ex.io", "airport": "CDG"});
    let cases = [
        ("guests", vec![json!(0), json!(1), json!(8), json!(9)]),
        (
            "email",
            vec![json!("ada@ex.io"), json!("ada"), json!("ada@example.com")],
        ),
        ("airport", vec![json!("cdg"), json!("CDGX")]),
    ];
    let mut tried = 0;
    for (field, values) in cases {
        for value in values {
            tried += 1;
            let mut content = seed.clone();
            content[field] = value.clone();
            let answer = json!({"action": "accept", "content": content});
            let ours = GardeForm::from_elicit_result(&answer).is_ok();
            let read: GardeForm = serde_json::from_value(content.clone()).unwrap();
            let theirs = garde::Validate::validate(&read).is_ok();
            assert_eq!(form.is_valid(&content), ours, "{content}");
            if field == "airport" {
                // Left to garde: the form takes it, garde refuses it.
                assert!(ours && !theirs, "{content}");
            } else {
                assert_eq!(ours, theirs, "{content}");
            }
        }
    }
    assert_eq!(tried, 9);
}
