//! ElicitForm: requested schemas against the MCP spec's own schema and rmcp's
//! typed model, the spec's examples, and the answer parser against the
//! `jsonschema` crate and serde.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use toolform::elicit::{ElicitForm, Elicited, Revision};
use toolform::{ElicitError, ToolSchema};
use toolform_tests::mutate::{Kind, mutants};
use toolform_tests::{agreement, fixture, snapshot};

// ------------------------------------------------------------------ forms

#[derive(Serialize, Deserialize, ToolSchema, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Room {
    Single,
    Double,
    Suite,
}

#[derive(
    Serialize, Deserialize, ToolSchema, Debug, PartialEq, Eq, Hash, Clone, Copy, PartialOrd, Ord,
)]
#[serde(rename_all = "snake_case")]
#[schema(titled)]
enum Extra {
    /// Breakfast included
    Breakfast,
    /// Late checkout
    LateCheckout,
    Parking,
}

/// The example form.
#[derive(Deserialize, ElicitForm, Debug)]
#[allow(dead_code)]
struct Booking {
    /// Your full name
    #[elicit(length(min = 1, max = 80))]
    name: String,
    #[elicit(format = "email")]
    email: String,
    #[elicit(range(min = 1, max = 8))]
    guests: u8,
    room: Room,
    #[elicit(max_items = 2)]
    extras: Vec<Extra>,
    check_in: NaiveDate,
    #[serde(default)]
    newsletter: bool,
    phone: Option<String>,
}

/// Every field kind, defaults of every kind, renames.
#[derive(Deserialize, ElicitForm, Debug)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct Everything {
    #[elicit(title = "Nickname", default = "anon")]
    nick_name: String,
    #[serde(default = "default_count")]
    count: i32,
    #[elicit(range(min = 0.5, max = 10))]
    ratio: f64,
    #[elicit(default = true)]
    agree: bool,
    #[elicit(default = "double")]
    room: Room,
    #[serde(default = "default_extras")]
    #[elicit(min_items = 1)]
    extras: BTreeSet<Extra>,
    tags: Option<HashSet<Extra>>,
    #[elicit(enum_names)]
    legacy: Option<Extra>,
    at: Option<DateTime<Utc>>,
    #[elicit(format = "uri")]
    homepage: Option<String>,
    initial: Option<char>,
    #[serde(alias = "zip")]
    postcode: Option<String>,
    #[serde(skip)]
    internal: u8,
}

fn default_count() -> i32 {
    3
}

fn default_extras() -> BTreeSet<Extra> {
    [Extra::Breakfast].into()
}

/// A form every revision can carry.
#[derive(Deserialize, ElicitForm, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Legacy {
    /// Pick one
    extra: Extra,
    #[serde(default = "yes")]
    confirm: bool,
    #[serde(default)]
    count: u16,
    room: Option<Room>,
}

fn yes() -> bool {
    true
}

fn all_schemas() -> Vec<(&'static str, Revision, Result<&'static Value, String>)> {
    let mut out = Vec::new();
    for rev in Revision::ALL {
        let show = |r: Result<&'static Value, Vec<toolform::elicit::FormProblem>>| {
            r.map_err(|p| format!("{p:?}"))
        };
        out.push(("booking", rev, show(Booking::requested_schema_for(rev))));
        out.push((
            "everything",
            rev,
            show(Everything::requested_schema_for(rev)),
        ));
        out.push(("legacy", rev, show(Legacy::requested_schema_for(rev))));
    }
    out
}

#[test]
fn snapshots() {
    let mut failures = Vec::new();
    for (name, rev, schema) in all_schemas() {
        if let Ok(schema) = schema
            && let Err(e) = snapshot(&format!("elicit/{name}.{rev}"), schema)
        {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(std::ptr::eq(
        Booking::requested_schema(),
        Booking::requested_schema_for(Revision::V2025_11_25).unwrap()
    ));
}

#[test]
fn revision_2025_06_18_has_no_multi_select() {
    let problems = Booking::requested_schema_for(Revision::V2025_06_18).unwrap_err();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].path, "/properties/extras");
    assert!(
        problems[0].message.contains("multi-select"),
        "{}",
        problems[0]
    );
    let legacy = Legacy::requested_schema_for(Revision::V2025_06_18).unwrap();
    // Titled options become enum + enumNames; only the boolean default stays.
    assert_eq!(
        legacy["properties"]["extra"]["enumNames"][0],
        "Breakfast included"
    );
    assert_eq!(legacy["properties"]["confirm"]["default"], true);
    assert!(legacy["properties"]["count"].get("default").is_none());
    let newer = Legacy::requested_schema_for(Revision::V2025_11_25).unwrap();
    assert_eq!(
        newer["properties"]["extra"]["oneOf"][1]["title"],
        "Late checkout"
    );
    assert_eq!(newer["properties"]["count"]["default"], 0);
}

// ------------------------------------------------------------------ the spec's own schema

#[test]
fn requested_schemas_validate_against_the_spec_and_rmcp() {
    let mut checked = 0;
    for rev in Revision::ALL {
        let Some(validator) = toolform_tests::spec_form_validator(rev) else {
            continue;
        };
        for (name, r, schema) in all_schemas() {
            let Ok(schema) = schema else { continue };
            if r != rev {
                continue;
            }
            let errors = toolform_tests::spec_form_errors(&validator, rev, schema);
            assert!(
                errors.is_empty(),
                "{name} for {rev}: {errors:#?}\n{schema:#}"
            );
            let typed: Result<rmcp::model::ElicitationSchema, _> =
                serde_json::from_value(schema.clone());
            assert!(typed.is_ok(), "{name} for {rev}: rmcp refuses: {typed:?}");
            checked += 1;
        }
    }
    println!("{checked} requested schemas validate against their revision's schema.json and rmcp");
}

// ------------------------------------------------------------------ the spec's examples

#[derive(Deserialize, ElicitForm)]
#[allow(dead_code)]
struct GithubLogin {
    /// Your GitHub username
    #[elicit(title = "GitHub Username")]
    name: String,
}

#[derive(Deserialize, ElicitForm)]
struct SingleField {
    #[allow(dead_code)]
    name: String,
}

#[derive(Deserialize, ElicitForm, Debug)]
struct Contact {
    /// Your full name
    name: String,
    /// Your email address
    #[elicit(format = "email")]
    email: String,
    /// Your age
    #[elicit(range(min = 18))]
    age: Option<f64>,
}

#[derive(Serialize, Deserialize, ToolSchema, PartialEq, Debug)]
enum TitledColour {
    #[serde(rename = "#FF0000")]
    #[schema(title = "Red")]
    Red,
    #[serde(rename = "#00FF00")]
    #[schema(title = "Green")]
    Green,
    #[serde(rename = "#0000FF")]
    #[schema(title = "Blue")]
    Blue,
}

#[derive(Serialize, Deserialize, ToolSchema, PartialEq, Debug)]
enum Colour {
    Red,
    Green,
    Blue,
}

fn two_titled() -> Vec<TitledColour> {
    vec![TitledColour::Red, TitledColour::Green]
}

fn two_plain() -> Vec<Colour> {
    vec![Colour::Red, Colour::Green]
}

#[derive(Deserialize, ElicitForm)]
#[allow(dead_code)]
struct Examples {
    /// Description text
    #[elicit(title = "Display Name", default = false)]
    boolean: bool,
    /// Description text
    #[elicit(
        title = "Display Name",
        length(min = 3, max = 50),
        format = "email",
        default = "user@example.com"
    )]
    email: String,
    /// Description text
    #[elicit(title = "Display Name", range(min = 0, max = 100), default = 50)]
    number: f64,
    /// Choose your favorite colors
    #[serde(default = "two_titled")]
    #[elicit(title = "Color Selection", min_items = 1, max_items = 2)]
    titled_multi: Vec<TitledColour>,
    /// Choose your favorite color
    #[elicit(title = "Color Selection", default = "#FF0000")]
    titled_single: TitledColour,
    /// Choose your favorite colors
    #[serde(default = "two_plain")]
    #[elicit(title = "Color Selection", min_items = 1, max_items = 2)]
    untitled_multi: Vec<Colour>,
    /// Choose your favorite color
    #[elicit(title = "Color Selection", default = "Red")]
    untitled_single: Colour,
}

fn example(rel: &str) -> Option<Value> {
    let path = fixture(&format!("mcp-spec/2026-07-28/examples/{rel}"))?;
    Some(serde_json::from_str(&std::fs::read_to_string(path).ok()?).expect("example is JSON"))
}

#[test]
fn spec_example_forms_round_trip() {
    let forms: [(&str, &Value); 3] = [
        (
            "ElicitRequestFormParams/elicit-single-field.json",
            SingleField::requested_schema(),
        ),
        (
            "ElicitRequestFormParams/elicit-multiple-fields.json",
            Contact::requested_schema(),
        ),
        (
            "ElicitRequest/elicitation-request.json",
            GithubLogin::requested_schema(),
        ),
    ];
    for (rel, ours) in forms {
        let Some(ex) = example(rel) else { continue };
        let theirs = ex
            .pointer("/requestedSchema")
            .or(ex.pointer("/params/requestedSchema"));
        assert_eq!(Some(ours), theirs, "{rel}");
    }
    let properties = &Examples::requested_schema()["properties"];
    for (rel, field) in [
        ("BooleanSchema/boolean-input-schema.json", "boolean"),
        ("StringSchema/email-input-schema.json", "email"),
        ("NumberSchema/number-input-schema.json", "number"),
        (
            "TitledMultiSelectEnumSchema/titled-color-multi-select-schema.json",
            "titled_multi",
        ),
        (
            "TitledSingleSelectEnumSchema/titled-color-select-schema.json",
            "titled_single",
        ),
        (
            "UntitledMultiSelectEnumSchema/color-multi-select-schema.json",
            "untitled_multi",
        ),
        (
            "UntitledSingleSelectEnumSchema/color-select-schema.json",
            "untitled_single",
        ),
    ] {
        let Some(ex) = example(rel) else { continue };
        assert_eq!(properties[field], ex, "{rel}");
    }
}

#[test]
fn spec_example_results_parse() {
    if let Some(ex) = example("ElicitResult/input-multiple-fields.json") {
        let Elicited::Accepted(c) = Contact::from_elicit_result(&ex).unwrap() else {
            panic!("accepted")
        };
        assert_eq!((c.name.as_str(), c.age), ("Monalisa Octocat", Some(30.0)));
        assert_eq!(c.email, "octocat@github.com");
    }
    if let Some(ex) = example("ElicitResult/input-single-field.json") {
        assert!(matches!(
            GithubLogin::from_elicit_result(&ex),
            Ok(Elicited::Accepted(GithubLogin { .. }))
        ));
    }
    if let Some(ex) = example("ElicitResult/accept-url-mode-no-content.json") {
        assert_eq!(
            GithubLogin::from_elicit_result(&ex).err(),
            Some(ElicitError::AcceptedWithoutContent)
        );
    }
    if let Some(ex) = example("InputResponses/elicitation-and-sampling-input-responses.json") {
        assert!(matches!(
            GithubLogin::from_elicit_result(&ex["github_login"]),
            Ok(Elicited::Accepted(_))
        ));
    }
}

// ------------------------------------------------------------------ answers

#[test]
fn answers_name_every_violation() {
    let answer = json!({"action": "accept", "content": {
        "name": "", "email": "not-an-email", "guests": 9, "room": "attic",
        "extras": ["breakfast", "spa", "parking"], "check_in": "2024-02-30", "newsletter": "yes"
    }});
    let err = Booking::from_elicit_result(&answer).unwrap_err();
    let found = toolform_tests::path_rules(err.violations());
    assert_eq!(
        found,
        [
            ("/name", "minLength"),
            ("/email", "format"),
            ("/guests", "maximum"),
            ("/room", "enum"),
            ("/extras", "maxItems"),
            ("/extras", "enum"),
            ("/check_in", "format"),
            ("/newsletter", "type"),
        ],
        "{err}"
    );
    let text = err.to_string();
    assert!(text.contains("/guests: 9 is above the maximum 8"), "{text}");
    assert!(text.lines().count() == 9, "{text}");
}

#[test]
fn answers_parse_with_defaults_and_actions() {
    let ok = json!({"action": "accept", "content": {
        "name": "Ada", "email": "ada@example.com", "guests": 2, "room": "suite",
        "extras": ["late_checkout"], "check_in": "2024-05-01"
    }});
    let Elicited::Accepted(b) = Booking::from_elicit_result(&ok).unwrap() else {
        panic!("accepted")
    };
    assert_eq!(b.room, Room::Suite);
    assert_eq!(b.extras, [Extra::LateCheckout]);
    assert!(!b.newsletter && b.phone.is_none());

    // `#[elicit(default = ..)]` fills what the answer leaves out.
    let Elicited::Accepted(e) =
        Everything::from_elicit_result(&json!({"action": "accept", "content": {"ratio": 1}}))
            .unwrap()
    else {
        panic!("accepted")
    };
    assert_eq!(
        (e.nick_name.as_str(), e.count, e.agree, e.room),
        ("anon", 3, true, Room::Double)
    );
    assert_eq!(e.extras, default_extras());
    assert_eq!(e.internal, 0);
    // Aliases are neither offered nor read: the answer holds what the form
    // states, and `zip` is not in it (an open form ignores the key).
    let Elicited::Accepted(e) = Everything::from_elicit_result(
        &json!({"action": "accept", "content": {"ratio": 1, "zip": "E1"}}),
    )
    .unwrap() else {
        panic!("accepted")
    };
    assert_eq!(e.postcode.as_deref(), None);

    assert!(matches!(
        Booking::from_elicit_result(&json!({"action": "decline"})),
        Ok(Elicited::Declined)
    ));
    assert!(matches!(
        Booking::from_elicit_result(&json!({"action": "cancel", "content": {}})),
        Ok(Elicited::Cancelled)
    ));
    assert_eq!(
        Booking::from_elicit_result(&json!({"action": "maybe"})).err(),
        Some(ElicitError::UnknownAction("maybe".into()))
    );
    for malformed in [
        json!(null),
        json!([]),
        json!({}),
        json!({"action": 1}),
        json!({"action": "accept", "content": []}),
    ] {
        assert!(
            matches!(
                Booking::from_elicit_result(&malformed),
                Err(ElicitError::Malformed(_))
            ),
            "{malformed}"
        );
    }
    // deny_unknown_fields: serde's rule for unknown keys.
    let err = Legacy::from_elicit_result(
        &json!({"action": "accept", "content": {"extra": "parking", "other": 1}}),
    )
    .unwrap_err();
    assert_eq!(err.violations()[0].rule, "additionalProperties");
}

/// Never panics, whatever the JSON.
#[test]
fn answers_never_panic() {
    // Built by moves: `json!` would serialize (recursively copy) the inner value.
    let mut deep = json!(1);
    for _ in 0..100_000 {
        let mut content = serde_json::Map::new();
        content.insert("name".into(), deep);
        let mut result = serde_json::Map::new();
        result.insert("action".into(), "accept".into());
        result.insert("content".into(), Value::Object(content));
        deep = Value::Object(result);
    }
    let _ = Booking::from_elicit_result(&deep);
    // serde_json drops a `Value` recursively: this one would overflow the
    // test's stack in the drop, not in toolform.
    std::mem::forget(deep);
    for v in [
        json!(1.5),
        json!("x"),
        json!({"action": null}),
        json!({"action": "accept", "content": {"guests": -1e308, "extras": [null, [], {}], "room": []}}),
    ] {
        let _ = Booking::from_elicit_result(&v);
        let _ = Everything::from_elicit_result(&v);
    }
}

/// Whether `path` holds `null` for a top-level field the form does not
/// require.
fn optional_null(schema: &Value, doc: &Value, path: &str) -> bool {
    let Some(name) = path.strip_prefix('/').filter(|n| !n.contains('/')) else {
        return false;
    };
    let required = schema["required"]
        .as_array()
        .is_some_and(|r| r.iter().any(|n| n == name));
    doc.pointer(path).is_some_and(Value::is_null) && !required
}

/// The answer validator against the `jsonschema` crate on the requested
/// schema, for documents derived by mutation; and whatever it accepts, serde
/// accepts.
fn agree<T: ElicitForm + std::fmt::Debug>(
    seeds: &[Value],
) -> (usize, BTreeMap<&'static str, usize>) {
    let schema = T::requested_schema();
    let validator = agreement::validator(schema);
    let mut known = Vec::new();
    toolform_tests::mutate::property_names(schema, &mut known);
    let mut documented: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut count = 0;
    let mut problems = Vec::new();
    for seed in seeds {
        for m in mutants(seed, &known) {
            count += 1;
            let Value::Object(content) = &m.doc else {
                continue;
            };
            let ours = toolform::elicit::validate_answer(T::FORM, content).is_empty();
            let theirs = validator.is_valid(&m.doc);
            if ours {
                let parsed = T::from_elicit_result(&json!({"action": "accept", "content": m.doc}));
                if !matches!(parsed, Ok(Elicited::Accepted(_))) {
                    problems.push(format!(
                        "validator accepts but parsing fails: {parsed:?}\n  {}",
                        m.doc
                    ));
                }
            }
            if ours == theirs {
                continue;
            }
            let limit = if m.kind == Kind::IntegralFloat && theirs {
                // serde's integer types refuse 1.0; so does the form's parser.
                Some("integral float")
            } else if !ours
                && T::FORM.deny_unknown_fields
                && matches!(m.kind, Kind::AddKey | Kind::RenameKey)
            {
                // serde's rule for unknown keys; the grammar has no additionalProperties.
                Some("deny_unknown_fields")
            } else if ours && optional_null(schema, &m.doc, &m.path) {
                // The grammar has no null; toolform reads a null for a field
                // the form does not require as absent (clients send it).
                Some("null read as absent")
            } else {
                None
            };
            match limit {
                Some(l) => *documented.entry(l).or_default() += 1,
                None => problems.push(format!(
                    "at {:?} ({:?}): ours {ours}, jsonschema {theirs}\n  {}",
                    m.path, m.kind, m.doc
                )),
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{}: {}",
        std::any::type_name::<T>(),
        problems.join("\n")
    );
    (count, documented)
}

#[test]
fn answer_validator_agrees_with_jsonschema() {
    let (a, da) = agree::<Booking>(&[json!({
        "name": "Ada", "email": "ada@example.com", "guests": 2, "room": "suite",
        "extras": ["late_checkout"], "check_in": "2024-05-01", "newsletter": true, "phone": "1"
    })]);
    let (b, db) = agree::<Everything>(&[json!({
        "nickName": "n", "count": 1, "ratio": 2.5, "agree": false, "room": "single",
        "extras": ["parking"], "tags": ["breakfast"], "legacy": "parking",
        "at": "2024-05-01T10:00:00Z", "homepage": "https://example.com/", "initial": "x", "postcode": "p"
    })]);
    let (c, dc) = agree::<Legacy>(&[
        json!({"extra": "breakfast", "confirm": false, "count": 7, "room": "double"}),
    ]);
    println!(
        "{} documents; documented differences: {da:?} {db:?} {dc:?}",
        a + b + c
    );
}

/// Every derived form passes the gate unchanged, in every revision that can
/// carry it.
#[test]
fn derived_forms_pass_the_gate_unchanged() {
    let mut n = 0;
    for rev in Revision::ALL {
        let forms = [
            Booking::requested_schema_for(rev),
            Everything::requested_schema_for(rev),
            Legacy::requested_schema_for(rev),
            Examples::requested_schema_for(rev),
            Contact::requested_schema_for(rev),
            GithubLogin::requested_schema_for(rev),
            SingleField::requested_schema_for(rev),
        ];
        for schema in forms.into_iter().flatten() {
            let gated = toolform::elicit::gate(schema, rev)
                .unwrap_or_else(|e| panic!("{rev}: {e}\n{schema:#}"));
            assert_eq!(&gated, schema, "{rev}");
            n += 1;
        }
    }
    assert!(n >= 18, "{n}");
}

/// Lengths count characters, not bytes, on both sides of each bound (the
/// parser only counts when the byte length cannot decide), and keys are found
/// in any order.
#[test]
fn lengths_count_characters_and_keys_match_in_any_order() {
    #[derive(Debug, Deserialize, ElicitForm)]
    #[allow(dead_code)]
    struct Short {
        #[elicit(length(min = 2, max = 3))]
        code: String,
        #[serde(default)]
        note: Option<String>,
        #[elicit(length(max = 1))]
        mark: String,
    }
    let check = |code: &str, mark: &str, reversed: bool| {
        let content = if reversed {
            json!({"mark": mark, "note": "n", "code": code})
        } else {
            json!({"code": code, "note": "n", "mark": mark})
        };
        let answer = json!({"action": "accept", "content": content});
        match Short::from_elicit_result(&answer) {
            Ok(_) => vec![],
            Err(e) => e
                .violations()
                .iter()
                .map(|v| (v.path.clone(), v.rule))
                .collect(),
        }
    };
    for reversed in [false, true] {
        for (code, ok) in [
            ("a", false),
            ("é", false), // 1 character, 2 bytes
            ("ab", true),
            ("éé", true),     // 4 bytes
            ("😀😀", true),   // 8 bytes, 2 characters
            ("😀😀😀", true), // 12 bytes, 3 characters
            ("abcd", false),
            ("éééé", false),
            ("😀😀😀😀", false), // 16 bytes, 4 characters
        ] {
            let got = check(code, "😀", reversed);
            assert_eq!(got.is_empty(), ok, "{code:?}: {got:?}");
            if !ok {
                let rule = if code.chars().count() < 2 {
                    "minLength"
                } else {
                    "maxLength"
                };
                assert_eq!(got, [("/code".to_string(), rule)], "{code:?}");
            }
        }
        assert_eq!(
            check("ab", "xy", reversed),
            [("/mark".to_string(), "maxLength")]
        );
    }
}
