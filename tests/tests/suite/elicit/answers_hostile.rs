//! Answers as a hostile client writes them: non-ASCII everywhere, values
//! nested 100k deep, thousands of options and bad items, names the form does
//! not offer, integers no JavaScript client can send. Nothing panics, nothing
//! recurses on the answer's depth, every message is bounded, and the answer is
//! read exactly as the `requestedSchema` states it.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use toolform::elicit::{ElicitForm, Elicited, Revision};
use toolform::{ElicitError, ToolSchema};
use toolform_tests::deep::{deep_array, dispose};

#[derive(Serialize, Deserialize, ToolSchema, Debug, PartialEq, Clone, Copy)]
enum Plat {
    #[serde(rename = "Crème brûlée à la française, servie très froide")]
    Creme,
    #[serde(rename = "北京烤鸭配薄饼和甜面酱，一份足够两个人吃")]
    Canard,
    #[serde(rename = "Œufs brouillés aux cèpes et à la ciboulette fraîche")]
    Oeufs,
    #[serde(rename = "ラーメン（豚骨スープ、半熟卵、チャーシュー付き）")]
    Ramen,
    #[serde(rename = "Soupe à l’oignon gratinée, façon bistrot parisien")]
    Soupe,
}

#[derive(Deserialize, ElicitForm, Debug)]
#[allow(dead_code)]
struct Commande {
    plat: Plat,
    accompagnements: Vec<Plat>,
    remarque: Option<String>,
}

/// Built by moves: `json!` would serialize (recursively copy) the content.
fn accept(content: Value) -> Value {
    let mut result = Map::new();
    result.insert("action".into(), json!("accept"));
    result.insert("content".into(), content);
    Value::Object(result)
}

/// A wrong answer to a select with non-ASCII options: the message is cut on
/// a character boundary, whatever the byte at 200 (was a panic on
/// `is_char_boundary`). Every cut point is tried by growing the bad value.
#[test]
fn non_ascii_options_in_messages_never_panic() {
    for n in 0..300 {
        let bad = "é".repeat(n);
        for content in [
            json!({"plat": bad, "accompagnements": []}),
            json!({"plat": "北京", "accompagnements": [bad, "x", 1]}),
        ] {
            let err = Commande::from_elicit_result(&accept(content)).unwrap_err();
            let text = err.to_string();
            assert!(text.contains("is not one of the options"), "{text}");
            for v in err.violations() {
                assert!(v.message.chars().count() < 600, "{}", v.message);
            }
        }
    }
    // The same answers through the gate's validator.
    let gated = toolform::elicit::gate(Commande::requested_schema(), Revision::V2025_11_25)
        .expect("a derived form passes the gate");
    for n in [0, 1, 150, 199, 200, 201, 1000] {
        let content = json!({"plat": "Ç".repeat(n), "accompagnements": ["漢".repeat(n)]});
        let violations = toolform::elicit::validate_content(&gated, &content).unwrap_err();
        assert_eq!(violations.len(), 2, "{violations:?}");
    }
}

#[derive(Deserialize, ElicitForm, Debug)]
#[allow(dead_code)]
struct Note {
    text: String,
    #[serde(default)]
    tags: Vec<Plat>,
    #[elicit(default = "x")]
    filled: String,
}

/// Values 100k deep in a field, in a multi-select item, and under a key the
/// form ignores (with a default to fill, which used to copy the whole answer
/// recursively): refused or ignored, never a stack overflow.
#[test]
fn deep_answers_are_refused_without_recursion() {
    let depth = 100_000;
    let mut content = Map::new();
    content.insert("text".into(), deep_array(depth));
    let result = accept(Value::Object(content));
    let err = Note::from_elicit_result(&result).unwrap_err();
    assert_eq!(err.violations()[0].path, "/text");
    assert_eq!(err.violations()[0].rule, "type");
    dispose(result);

    let mut content = Map::new();
    content.insert("text".into(), json!("ok"));
    content.insert("tags".into(), Value::Array(vec![deep_array(depth)]));
    let result = accept(Value::Object(content));
    let err = Note::from_elicit_result(&result).unwrap_err();
    assert_eq!(err.violations()[0].path, "/tags");
    dispose(result);

    // Ignored key, deep; the form's default must be filled in: serde gets
    // the form's fields only.
    let mut content = Map::new();
    content.insert("text".into(), json!("ok"));
    content.insert("ignored".into(), deep_array(depth));
    let result = accept(Value::Object(content));
    let Ok(Elicited::Accepted(note)) = Note::from_elicit_result(&result) else {
        panic!("accepted")
    };
    assert_eq!((note.text.as_str(), note.filled.as_str()), ("ok", "x"));
    // The borrowed path (no default to fill) with a deep ignored key.
    if let Value::Object(r) = &mut { result } {
        if let Some(Value::Object(c)) = r.get_mut("content") {
            c.insert("filled".into(), json!("y"));
        }
        let result = Value::Object(std::mem::take(r));
        let Ok(Elicited::Accepted(note)) = Note::from_elicit_result(&result) else {
            panic!("accepted")
        };
        assert_eq!(note.filled, "y");
        dispose(result);
    }
}

/// Growth: a select of 10k options answered with 100k bad items costs a
/// bounded message per item (the option list was formatted whole per item).
#[test]
fn many_options_many_bad_items_stay_linear() {
    let mut names = Vec::new();
    for i in 0..10_000 {
        names.push(format!("option-é-{i}"));
    }
    let options: Vec<Value> = names.iter().map(|n| json!(n)).collect();
    let gated = toolform::elicit::gate(
        &json!({"type": "object", "properties": {
            "pick": {"type": "array", "items": {"type": "string", "enum": options}}
        }}),
        Revision::V2025_11_25,
    )
    .expect("a plain multi-select");
    for n in [1_000, 10_000, 100_000] {
        let bad: Vec<Value> = (0..n).map(|i| json!(format!("nope-{i}"))).collect();
        let violations =
            toolform::elicit::validate_content(&gated, &json!({ "pick": bad })).unwrap_err();
        // Capped (issue 22): the first 100, then one entry counting the rest.
        assert_eq!(violations.len(), toolform::args::MAX_VIOLATIONS + 1);
        let more = n - toolform::args::MAX_VIOLATIONS;
        assert!(
            violations[toolform::args::MAX_VIOLATIONS]
                .message
                .contains(&format!("and {more} more")),
            "{:?}",
            violations.last()
        );
        let longest = violations
            .iter()
            .map(|v| v.message.len())
            .max()
            .unwrap_or(0);
        assert!(longest < 400, "{longest}");
        assert!(
            violations[0].message.contains("and 9"),
            "{}",
            violations[0].message
        );
    }
}

#[derive(Serialize, Deserialize, ToolSchema, Debug, PartialEq, Clone, Copy)]
enum Size {
    Small,
    #[serde(alias = "XL", alias = "big")]
    Large,
}

#[derive(Deserialize, ElicitForm, Debug)]
#[allow(dead_code)]
struct Order {
    #[serde(alias = "qty")]
    quantity: u32,
    size: Size,
    #[serde(default, alias = "remark")]
    note: String,
    #[elicit(default = "XL")]
    fallback: Size,
}

#[derive(Deserialize, ElicitForm, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ClosedOrder {
    #[serde(alias = "qty")]
    quantity: u32,
}

/// Answers are read under the names the form states: a serde alias the
/// `requestedSchema` does not offer is not the field, an alias of an option
/// is not an option.
#[test]
fn answers_accept_exactly_what_the_form_states() {
    let schema = Order::requested_schema();
    assert_eq!(schema["required"], json!(["quantity", "size"]));
    assert_eq!(
        schema["properties"]["size"]["enum"],
        json!(["Small", "Large"])
    );
    // `#[elicit(default = "XL")]` names an alias: the form shows the option.
    assert_eq!(schema["properties"]["fallback"]["default"], json!("Large"));

    let err = Order::from_elicit_result(&accept(json!({"qty": 3, "size": "Small"}))).unwrap_err();
    assert_eq!(err.violations().len(), 1, "{err}");
    assert_eq!(err.violations()[0].path, "/quantity");
    assert_eq!(err.violations()[0].rule, "required");
    assert!(err.to_string().contains("`qty`"), "{err}");

    let err = Order::from_elicit_result(&accept(json!({"quantity": 3, "size": "XL"}))).unwrap_err();
    assert_eq!(err.violations()[0].path, "/size");
    assert_eq!(err.violations()[0].rule, "enum");

    // An optional field under an alias: the key is not in the form, so it is
    // not the field (serde would have read it).
    let Ok(Elicited::Accepted(order)) = Order::from_elicit_result(&accept(
        json!({"quantity": 3, "size": "Large", "remark": "hi"}),
    )) else {
        panic!("accepted")
    };
    assert_eq!(order.note, "");
    assert_eq!(order.fallback, Size::Large);

    // In a closed form the alias is an unknown key, and the message names the field.
    let err = ClosedOrder::from_elicit_result(&accept(json!({"qty": 3}))).unwrap_err();
    let rules: Vec<&str> = err.violations().iter().map(|v| v.rule).collect();
    assert_eq!(rules, ["required", "additionalProperties"], "{err}");
    assert!(err.violations()[1].message.contains("`quantity`"), "{err}");

    // What the form states is accepted.
    assert!(matches!(
        Order::from_elicit_result(&accept(
            json!({"quantity": 3, "size": "Large", "note": "n"})
        )),
        Ok(Elicited::Accepted(_))
    ));
}

#[derive(Deserialize, ElicitForm, Debug)]
#[allow(dead_code)]
struct Counts {
    big: u64,
    size: usize,
    signed: i64,
    #[elicit(range(min = 10))]
    declared: u64,
    small: u8,
}

const SAFE: i64 = (1 << 53) - 1;

/// Integer bounds are what a JavaScript client can send exactly.
#[test]
fn form_integers_are_bounded_to_what_clients_send_exactly() {
    let schema = Counts::requested_schema();
    for (field, min, max) in [
        ("big", 0, SAFE),
        ("size", 0, SAFE),
        ("signed", -SAFE, SAFE),
        ("declared", 10, SAFE),
        ("small", 0, 255),
    ] {
        let prop = &schema["properties"][field];
        assert_eq!(prop["minimum"], json!(min), "{field}");
        assert_eq!(prop["maximum"], json!(max), "{field}");
    }
    let err = Counts::from_elicit_result(&accept(json!({
        "big": 9007199254740992u64, "size": u64::MAX, "signed": i64::MIN, "declared": 9, "small": 256
    })))
    .unwrap_err();
    let rules = toolform_tests::path_rules(err.violations());
    assert_eq!(
        rules,
        [
            ("/big", "maximum"),
            ("/size", "maximum"),
            ("/signed", "minimum"),
            ("/declared", "minimum"),
            ("/small", "maximum")
        ],
        "{err}"
    );
    assert!(matches!(
        Counts::from_elicit_result(&accept(json!({
            "big": SAFE, "size": 0, "signed": -SAFE, "declared": 10, "small": 255
        }))),
        Ok(Elicited::Accepted(_))
    ));
}

/// rmcp's typed model takes every such form (it hit `unreachable!` on u64).
#[test]
fn rmcp_takes_forms_with_wide_integers() {
    let schema =
        toolform::rmcp::elicitation::elicitation_schema::<Counts>(Revision::V2025_11_25).unwrap();
    let wire = serde_json::to_value(&schema).expect("serializes");
    assert_eq!(wire["properties"]["big"]["maximum"], json!(SAFE));
    let result = toolform::rmcp::elicitation::input_required::<Counts>("counts", "counts?");
    let wire = serde_json::to_value(&result).expect("serializes");
    assert_eq!(
        wire["inputRequests"]["counts"]["params"]["requestedSchema"]["properties"]["size"]["maximum"],
        json!(SAFE),
        "{wire}"
    );
    for rev in Revision::ALL {
        assert!(toolform::rmcp::elicitation::elicitation_schema::<Counts>(rev).is_ok());
    }
}

#[derive(Deserialize, ElicitForm, Debug)]
#[allow(dead_code)]
struct Huge {
    #[elicit(length(max = 5_000_000_000))]
    essay: String,
    short: String,
}

/// A keyword rmcp's model cannot hold (`maxLength` past its `u32`) is an
/// error value from `elicitation_schema`, and the `InputRequiredResult`
/// (whose builder cannot fail) keeps the field (its answer is still checked
/// in full on the server).
#[test]
fn rmcp_refusal_is_an_error_value() {
    assert!(matches!(
        toolform::rmcp::elicitation::elicitation_schema::<Huge>(Revision::V2025_11_25),
        Err(toolform::rmcp::ElicitFailure::Rmcp(_))
    ));
    let result = toolform::rmcp::elicitation::input_required::<Huge>("huge", "?");
    let wire = serde_json::to_value(&result).expect("serializes");
    let wire = &wire["inputRequests"]["huge"]["params"]["requestedSchema"];
    assert_eq!(wire["required"], json!(["essay", "short"]), "{wire}");
    assert_eq!(wire["properties"]["essay"]["type"], "string");
    let keys: Vec<&String> = wire["properties"]
        .as_object()
        .map(|p| p.keys().collect())
        .unwrap_or_default();
    assert_eq!(keys, ["essay", "short"]);
}

/// Unknown keys with huge non-ASCII names: the message is bounded, the path
/// is exact.
#[test]
fn unknown_keys_with_long_non_ascii_names() {
    let key = "ключ🦀".repeat(10_000);
    let mut content = Map::new();
    content.insert("quantity".into(), json!(1));
    content.insert(key.clone(), json!(1));
    let err = ClosedOrder::from_elicit_result(&accept(Value::Object(content))).unwrap_err();
    let v = &err.violations()[0];
    // Shortened (issue 22): the key's first 48 characters, marked `…`.
    let head: String = key
        .chars()
        .take(toolform::args::MAX_KEY_CHARS - 16)
        .collect();
    assert_eq!(v.path, format!("/{head}…"));
    assert!(v.message.chars().count() < 300, "{}", v.message.len());

    // A long non-ASCII value that fails a format.
    #[derive(Deserialize, ElicitForm, Debug)]
    #[allow(dead_code)]
    struct Mail {
        #[elicit(format = "email")]
        to: String,
    }
    for n in [1, 99, 100, 101, 100_000] {
        let err = Mail::from_elicit_result(&accept(json!({"to": "é".repeat(n)}))).unwrap_err();
        assert!(err.violations()[0].message.chars().count() < 300);
    }
    let _: Option<ElicitError> = None;
}

mod arbitrary {
    use super::*;
    use proptest::prelude::*;

    fn text() -> impl Strategy<Value = String> {
        prop_oneof![
            "[a-zA-Z0-9 _~/.-]{0,12}",
            "[éèàçœ漢字ラーメン🦀\u{301}\u{feff}\"\\\\~/\u{0}-\u{1f}]{0,40}",
            Just("Large".to_owned()),
            Just("XL".to_owned()),
            Just("Small".to_owned()),
            Just("Crème brûlée à la française, servie très froide".to_owned()),
        ]
    }

    fn number() -> impl Strategy<Value = Value> {
        prop_oneof![
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            Just(json!(-0.0)),
            Just(json!(9007199254740992u64)),
            Just(json!(1e308)),
        ]
    }

    pub fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            number(),
            text().prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 48, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                prop::collection::vec((text(), inner), 0..6)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    /// Contents built from the forms' own keys (and their aliases) so the
    /// interesting paths are reached, with arbitrary values.
    fn content() -> impl Strategy<Value = Value> {
        let key = prop_oneof![
            Just("quantity".to_owned()),
            Just("qty".to_owned()),
            Just("size".to_owned()),
            Just("note".to_owned()),
            Just("remark".to_owned()),
            Just("fallback".to_owned()),
            Just("plat".to_owned()),
            Just("accompagnements".to_owned()),
            Just("text".to_owned()),
            Just("tags".to_owned()),
            Just("big".to_owned()),
            Just("signed".to_owned()),
            text(),
        ];
        prop::collection::vec((key, value()), 0..8)
            .prop_map(|kv| Value::Object(kv.into_iter().collect()))
    }

    fn result() -> impl Strategy<Value = Value> {
        prop_oneof![
            value(),
            (
                prop_oneof![
                    Just(json!("accept")),
                    Just(json!("decline")),
                    Just(json!("cancel")),
                    value()
                ],
                content()
            )
                .prop_map(|(action, content)| json!({"action": action, "content": content})),
        ]
    }

    fn check<T: ElicitForm + std::fmt::Debug>(result: &Value) {
        match T::from_elicit_result(result) {
            Ok(Elicited::Accepted(_)) => {
                // Accepted: the validator agrees, and the answer holds
                // nothing outside what the form states.
                let content = result["content"].as_object().expect("accepted content");
                assert!(toolform::elicit::validate_answer(T::FORM, content).is_empty());
            }
            Ok(_) => {}
            Err(e) => {
                for v in e.violations() {
                    // Every path names a key of the content (or the whole).
                    let content = &result["content"];
                    assert!(
                        v.path.is_empty()
                            || v.rule == "required"
                            || content.pointer(&v.path).is_some(),
                        "{v}"
                    );
                    assert!(v.message.chars().count() < 700, "{}", v.message);
                }
                let _ = e.to_string();
            }
        }
    }

    proptest! {
        // 512 cases, or `PROPTEST_CASES` for a long run.
        #![proptest_config(ProptestConfig {
            cases: toolform_tests::proptest_cases(512),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        #[test]
        fn answers_never_panic_and_paths_are_exact(result in result()) {
            check::<Commande>(&result);
            check::<Order>(&result);
            check::<ClosedOrder>(&result);
            check::<Counts>(&result);
            check::<Note>(&result);
            check::<Huge>(&result);
            if let Some(Value::Object(content)) = result.get("content") {
                for gated in [Commande::requested_schema(), Order::requested_schema()] {
                    let _ = toolform::elicit::validate_content(gated, &Value::Object(content.clone()));
                }
            }
        }
    }
}
