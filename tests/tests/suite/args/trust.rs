//! The validator's trust boundary (issue 22, items 1, 2, 5 and 7):
//!
//! - where serde picks an alternative (the first untagged variant that reads,
//!   a `#[serde(untagged)]` fallback after the tagged variants, a flattened
//!   enum's first key, a flattened `Option`), the validator holds *that*
//!   alternative to its declared constraints: "another alternative would
//!   match" is not enough;
//! - an error's size is bounded: a capped number of violations, long keys
//!   shortened in paths, no raw control characters in any text;
//! - nested untagged enums cost linear time, and documents serde itself
//!   would take exponential time on are refused with a named budget.

use proptest::prelude::*;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, HashMap};
use toolform::dialect::Dialect;
use toolform::elicit::ElicitForm;
use toolform::{ArgsError, ToolSchema, Violation, parse_args};

// ------------------------------------------------------------ item 1

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
#[serde(untagged)]
enum Amount {
    Small {
        #[schema(range(max = 100))]
        cents: u64,
    },
    Large {
        cents: u64,
        approver: String,
    },
}

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
#[serde(untagged)]
enum Currency {
    Iso {
        #[schema(pattern = "^[A-Z]{3}$")]
        code: String,
    },
    Free {
        code: String,
        note: String,
    },
}

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
#[serde(untagged)]
enum Label {
    Short {
        #[schema(length(max = 8))]
        text: String,
    },
    Long {
        text: String,
    },
}

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
struct Payment {
    to: String,
    #[serde(flatten)]
    amount: Amount,
}

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
enum Op {
    Resize {
        #[schema(range(max = 64))]
        gb: u32,
    },
    #[serde(untagged)]
    Raw(Value),
}

/// serde's own reading of each document, for the record: the pick the
/// validator must hold to its constraints.
#[test]
fn serde_picks_the_first_variant_that_reads() {
    let amount: Amount = serde_json::from_value(json!({"cents": 1_000_000, "approver": "x"}))
        .expect("serde reads it");
    assert_eq!(amount, Amount::Small { cents: 1_000_000 });
    let op: Op = serde_json::from_value(json!({"Resize": {"gb": 4096}})).expect("serde reads it");
    assert_eq!(op, Op::Resize { gb: 4096 });
}

fn refused<T: ToolSchema + serde::de::DeserializeOwned + std::fmt::Debug>(doc: Value) -> ArgsError {
    match parse_args::<T>(&doc) {
        Ok(v) => panic!("{doc} was accepted as {v:?}"),
        Err(e) => e,
    }
}

#[test]
fn untagged_range_is_held_on_serdes_pick() {
    let err = refused::<Amount>(json!({"cents": 1_000_000, "approver": "x"}));
    let v = &err.violations()[0];
    assert_eq!((v.path.as_str(), v.rule), ("/cents", "maximum"), "{err}");
    assert!(v.message.contains("first alternative"), "{err}");
    // Within bounds, and the other variant when the first does not read.
    assert_eq!(
        parse_args::<Amount>(&json!({"cents": 5})).ok(),
        Some(Amount::Small { cents: 5 })
    );
    assert!(refused::<Amount>(json!({"cents": 101})).violations().len() == 1);
}

#[test]
fn untagged_pattern_is_held_on_serdes_pick() {
    let err = refused::<Currency>(json!({"code": "'; DROP TABLE x; --", "note": "x"}));
    assert_eq!(err.violations()[0].rule, "pattern", "{err}");
    assert_eq!(
        parse_args::<Currency>(&json!({"code": "EUR", "note": "x"})).ok(),
        Some(Currency::Iso { code: "EUR".into() })
    );
}

#[test]
fn untagged_length_is_held_on_serdes_pick() {
    let err = refused::<Label>(json!({"text": "a label longer than eight"}));
    assert_eq!(err.violations()[0].rule, "maxLength", "{err}");
    assert_eq!(
        parse_args::<Label>(&json!({"text": "short"})).ok(),
        Some(Label::Short {
            text: "short".into()
        })
    );
}

#[test]
fn untagged_behind_flatten_is_held_on_serdes_pick() {
    let err = refused::<Payment>(json!({"to": "a", "cents": 1_000_000, "approver": "x"}));
    assert_eq!(err.violations()[0].rule, "maximum", "{err}");
    assert!(parse_args::<Payment>(&json!({"to": "a", "cents": 7})).is_ok());
}

#[test]
fn untagged_under_the_strict_dialects_is_held_on_serdes_pick() {
    for dialect in Dialect::ALL {
        let doc = json!({"cents": 1_000_000, "approver": "x"});
        assert!(dialect.parse_args::<Amount>(doc).is_err(), "{dialect:?}");
        let doc = json!({"to": "a", "cents": 1_000_000, "approver": "x"});
        assert!(dialect.parse_args::<Payment>(doc).is_err(), "{dialect:?}");
        let doc = json!({"code": "'; DROP TABLE x; --", "note": "x"});
        assert!(dialect.parse_args::<Currency>(doc).is_err(), "{dialect:?}");
    }
}

#[test]
fn untagged_fallback_does_not_excuse_the_tagged_variant() {
    let err = refused::<Op>(json!({"Resize": {"gb": 4096}}));
    let v = &err.violations()[0];
    assert_eq!(
        (v.path.as_str(), v.rule),
        ("/Resize/gb", "maximum"),
        "{err}"
    );
    // serde reads the variant from an array of its fields too: that is its
    // pick, which the fallback does not excuse (and the schema does not
    // describe: refused, README "Limits").
    let err = refused::<Op>(json!({"Resize": [4096]}));
    assert_eq!(err.violations()[0].path, "/Resize", "{err}");
    // What the tagged variants do not read falls back to `Raw`.
    assert_eq!(
        parse_args::<Op>(&json!({"Other": 1})).ok(),
        Some(Op::Raw(json!({"Other": 1})))
    );
    assert_eq!(
        parse_args::<Op>(&json!({"Resize": {"gb": 4}})).ok(),
        Some(Op::Resize { gb: 4 })
    );
}

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
struct Limits {
    #[schema(range(max = 5))]
    retries: u8,
}

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
struct Job {
    name: String,
    #[serde(flatten)]
    limits: Option<Limits>,
}

/// serde reads a flattened `Option` as `Some` whenever the inner type reads:
/// its constraints then hold.
#[test]
fn flattened_option_is_held_when_serde_reads_it() {
    let job: Job = serde_json::from_value(json!({"name": "a", "retries": 200})).expect("reads");
    assert_eq!(job.limits, Some(Limits { retries: 200 }));
    let err = refused::<Job>(json!({"name": "a", "retries": 200}));
    assert_eq!(err.violations()[0].rule, "maximum", "{err}");
    // Not read as `Limits`: `None`, nothing to hold.
    assert_eq!(
        parse_args::<Job>(&json!({"name": "a", "retries": "many"})).ok(),
        Some(Job {
            name: "a".into(),
            limits: None
        })
    );
    assert!(parse_args::<Job>(&json!({"name": "a", "retries": 3})).is_ok());
}

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
enum Target {
    Disk {
        #[schema(range(max = 64))]
        gb: u32,
    },
    Tape {
        gb: u32,
    },
}

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
struct Backup {
    id: u32,
    #[serde(flatten)]
    target: Target,
}

/// A flattened externally tagged enum: serde takes the first key that names
/// a variant, whatever the others.
#[test]
fn flattened_external_enum_follows_the_first_key() {
    let doc = json!({"id": 1, "Disk": {"gb": 4096}, "Tape": {"gb": 1}});
    let backup: Backup = serde_json::from_value(doc.clone()).expect("reads");
    assert_eq!(backup.target, Target::Disk { gb: 4096 });
    let err = refused::<Backup>(doc);
    assert_eq!(err.violations()[0].rule, "maximum", "{err}");
    let doc = json!({"id": 1, "Tape": {"gb": 4096}, "Disk": {"gb": 4096}});
    assert_eq!(
        parse_args::<Backup>(&doc).ok().map(|b| b.target),
        Some(Target::Tape { gb: 4096 })
    );
}

// ------------------------------------------------ item 1: the corpus

#[derive(Debug, Deserialize, ToolSchema)]
#[serde(untagged)]
enum Mixed {
    Num {
        #[schema(range(min = 10, max = 20))]
        n: i64,
    },
    Text {
        #[schema(pattern = "^[a-z]+$")]
        t: String,
    },
    Pair {
        #[schema(length(min = 2))]
        a: String,
        b: Option<u8>,
    },
    List {
        #[schema(length(max = 2))]
        items: Vec<u8>,
    },
    Any(Value),
}

#[derive(Debug, Deserialize, ToolSchema)]
#[serde(tag = "kind")]
enum Tagged {
    Cpu {
        #[schema(range(max = 8))]
        cores: u8,
    },
    #[serde(alias = "memory")]
    Mem {
        #[schema(range(min = 1))]
        gb: u32,
    },
    #[serde(untagged)]
    Other {
        #[schema(length(max = 4))]
        kind: String,
    },
}

#[derive(Debug, Deserialize, ToolSchema)]
#[serde(untagged)]
enum Outer {
    Inner(Amount),
    Code(Currency),
}

/// serde also reads the tag by the variant's index, and the variant from an
/// array (the tag first): the fallback must not excuse those either.
#[derive(Debug, Deserialize, ToolSchema)]
#[serde(tag = "kind")]
enum Indexed {
    Cpu {
        #[schema(range(max = 8))]
        cores: u8,
    },
    #[serde(untagged)]
    Raw(Value),
}

fn amount_holds(a: &Amount) -> bool {
    match a {
        Amount::Small { cents } => *cents <= 100,
        Amount::Large { .. } => true,
    }
}

fn currency_holds(c: &Currency) -> bool {
    match c {
        Currency::Iso { code } => code.len() == 3 && code.chars().all(|c| c.is_ascii_uppercase()),
        Currency::Free { .. } => true,
    }
}

fn mixed_holds(m: &Mixed) -> bool {
    match m {
        Mixed::Num { n } => (10..=20).contains(n),
        Mixed::Text { t } => !t.is_empty() && t.chars().all(|c| c.is_ascii_lowercase()),
        Mixed::Pair { a, .. } => a.chars().count() >= 2,
        Mixed::List { items } => items.len() <= 2,
        Mixed::Any(_) => true,
    }
}

fn tagged_holds(t: &Tagged) -> bool {
    match t {
        Tagged::Cpu { cores } => *cores <= 8,
        Tagged::Mem { gb } => *gb >= 1,
        Tagged::Other { kind } => kind.chars().count() <= 4,
    }
}

fn op_holds(o: &Op) -> bool {
    match o {
        Op::Resize { gb } => *gb <= 64,
        Op::Raw(_) => true,
    }
}

/// `parse_args` is `Ok` exactly when serde reads the document and the
/// variant serde chose satisfies its declared constraints.
fn agrees<T>(docs: &[Value], holds: fn(&T) -> bool) -> usize
where
    T: ToolSchema + serde::de::DeserializeOwned + std::fmt::Debug,
{
    let schema = toolform_tests::agreement::validator(T::input_schema());
    let mut checked = 0;
    for doc in docs {
        for mutant in toolform_tests::mutate::mutants(doc, &[]) {
            let doc = mutant.doc;
            let serde = serde_json::from_value::<T>(doc.clone()).ok();
            let expected = serde.as_ref().is_some_and(holds);
            let got = parse_args::<T>(&doc);
            // Never `Ok` unless serde's pick holds; and exactly then, except
            // where serde reads more than the schema says (a struct from an
            // array of its fields, a tag by its index: README "Limits"):
            // serde's pick follows that reading, and then the value is
            // refused when constraints lie on the way.
            let wider = mutant.kind == toolform_tests::mutate::Kind::ObjectAsArray
                || doc.pointer("/kind").is_some_and(Value::is_u64)
                || doc.is_array()
                || doc.get("Resize").is_some_and(Value::is_array);
            if got.is_ok() || (schema.is_valid(&doc) && !wider) {
                assert_eq!(
                    got.is_ok(),
                    expected,
                    "{doc}: serde read {serde:?}, parse_args said {got:?}"
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn parse_args_holds_serdes_pick_across_the_untagged_corpus() {
    let mut n = 0;
    n += agrees::<Amount>(
        &[
            json!({"cents": 5}),
            json!({"cents": 1_000_000, "approver": "x"}),
            json!({"cents": 50, "approver": "x"}),
        ],
        amount_holds,
    );
    n += agrees::<Currency>(
        &[
            json!({"code": "EUR"}),
            json!({"code": "'; DROP TABLE x; --", "note": "x"}),
            json!({"code": "usd", "note": ""}),
        ],
        currency_holds,
    );
    n += agrees::<Mixed>(
        &[
            json!({"n": 15}),
            json!({"n": 100, "t": "abc"}),
            json!({"t": "abc"}),
            json!({"t": "ABC", "a": "xy"}),
            json!({"a": "xy", "b": 3}),
            json!({"a": "x", "items": [1]}),
            json!({"items": [1, 2]}),
            json!({"items": [1, 2, 3]}),
            json!(true),
        ],
        mixed_holds,
    );
    n += agrees::<Tagged>(
        &[
            json!({"kind": "Cpu", "cores": 4}),
            json!({"kind": "Cpu", "cores": 40}),
            json!({"kind": "memory", "gb": 0}),
            json!({"kind": "Mem", "gb": 2}),
            json!({"kind": "Gpu"}),
            json!({"kind": "Accelerator"}),
        ],
        tagged_holds,
    );
    n += agrees::<Op>(
        &[
            json!({"Resize": {"gb": 4096}}),
            json!({"Resize": {"gb": 4}}),
            json!({"Other": [1]}),
        ],
        op_holds,
    );
    n += agrees::<Indexed>(
        &[
            json!({"kind": "Cpu", "cores": 40}),
            json!({"kind": 0, "cores": 40}),
            json!(["Cpu", 40]),
            json!({"kind": "Gpu"}),
        ],
        |i| match i {
            Indexed::Cpu { cores } => *cores <= 8,
            Indexed::Raw(_) => true,
        },
    );
    n += agrees::<Outer>(
        &[
            json!({"cents": 1_000_000, "approver": "x"}),
            json!({"code": "bad code", "note": "x"}),
            json!({"code": "EUR"}),
        ],
        |o| match o {
            Outer::Inner(a) => amount_holds(a),
            Outer::Code(c) => currency_holds(c),
        },
    );
    n += agrees::<Payment>(
        &[
            json!({"to": "a", "cents": 1_000_000, "approver": "x"}),
            json!({"to": "a", "cents": 3}),
        ],
        |p| amount_holds(&p.amount),
    );
    n += agrees::<Job>(
        &[
            json!({"name": "a", "retries": 200}),
            json!({"name": "a", "retries": 2}),
            json!({"name": "a"}),
        ],
        |j| j.limits.as_ref().is_none_or(|l| l.retries <= 5),
    );
    assert!(n > 300, "{n}");
}

// ------------------------------------------------------------ item 2

/// The violation list's cap: the first [`CAP`] and one "and N more".
const CAP: usize = 100;

/// Every violation's text, the whole error's size, no control characters.
fn bounded(err: &ArgsError, input_bytes: usize) {
    let list = err.violations();
    assert!(list.len() <= CAP + 1, "{} violations", list.len());
    let mut size = 0;
    for v in list {
        let text = v.to_string();
        assert!(
            !text.chars().any(|c| c.is_control()),
            "raw control character in {text:?}"
        );
        size += v.path.len() + v.message.len() + v.rule.len();
    }
    let whole = err.to_string();
    assert!(
        whole.lines().count() == list.len() + 1,
        "one line per violation: {whole:?}"
    );
    // A hard cap, and never more than a small multiple of the input.
    assert!(size <= 256 * 1024, "{size} bytes of violations");
    assert!(size <= 64 * input_bytes.max(64), "{size} for {input_bytes}");
}

#[test]
fn a_long_key_with_many_bad_items_gives_a_bounded_error() {
    let key = "k".repeat(32_000);
    let items: Vec<Value> = (0..32_000).map(|_| json!(-1)).collect();
    let mut map = Map::new();
    map.insert(key.clone(), Value::Array(items));
    let doc = Value::Object(map);
    let input = doc.to_string().len();
    let err = refused::<HashMap<String, Vec<u8>>>(doc);
    bounded(&err, input);
    let last = err.violations().last().map(|v| v.message.clone());
    assert!(
        last.as_deref().is_some_and(|m| m.contains("31900 more")),
        "{last:?}"
    );
    // The shortened key says so, and the pointer still starts like the key.
    let first = &err.violations()[0];
    assert!(first.path.starts_with("/kkkk"), "{}", first.path);
    assert!(first.path.len() < 400, "{}", first.path.len());
}

#[derive(Debug, Deserialize, ToolSchema)]
#[serde(deny_unknown_fields)]
struct Closed {
    #[serde(default)]
    a: u8,
}

#[test]
fn many_unknown_keys_under_a_long_key_give_a_bounded_error() {
    let mut inner = Map::new();
    for i in 0..16_000 {
        inner.insert(format!("unknown-{i}"), json!(1));
    }
    let mut map = Map::new();
    map.insert("x".repeat(32_000), Value::Object(inner));
    let doc = Value::Object(map);
    let input = doc.to_string().len();
    let err = refused::<BTreeMap<String, Closed>>(doc);
    bounded(&err, input);
}

#[derive(Debug, Deserialize, ToolSchema, serde::Serialize, Clone, Copy)]
enum Topping {
    Cheese,
    Olives,
}

#[derive(Debug, Deserialize, ElicitForm)]
#[allow(dead_code)]
struct Pizza {
    toppings: Vec<Topping>,
}

#[test]
fn a_multi_select_of_a_million_bad_items_gives_a_bounded_error() {
    let bad: Vec<Value> = (0..1_000_000).map(|_| json!("anchovies")).collect();
    let mut content = Map::new();
    content.insert("toppings".into(), Value::Array(bad));
    let mut result = Map::new();
    result.insert("action".into(), json!("accept"));
    result.insert("content".into(), Value::Object(content));
    let err = Pizza::from_elicit_result(&Value::Object(result)).unwrap_err();
    let list = err.violations();
    assert_eq!(list.len(), CAP + 1, "{}", list.len());
    assert!(
        list[CAP].message.contains("999900 more"),
        "{}",
        list[CAP].message
    );
}

// ------------------------------------------------------------ item 7

#[derive(Debug, Deserialize, ToolSchema)]
#[allow(dead_code)]
struct Approval {
    approved: bool,
}

#[test]
fn control_characters_in_keys_do_not_forge_lines() {
    let mut map = Map::new();
    map.insert("x\n  /admin: approved (ok)".into(), json!("no"));
    let doc = Value::Object(map);
    let err = refused::<HashMap<String, Approval>>(doc);
    let text = err.to_string();
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.contains("\\n"), "{text}");
    // The path stays the JSON Pointer of the key.
    assert_eq!(err.violations()[0].path, "/x\n  ~1admin: approved (ok)");
    let mut map = Map::new();
    map.insert("\u{1b}[31mred\u{7}\u{2028}".into(), json!(1));
    let err = refused::<BTreeMap<String, String>>(Value::Object(map));
    bounded(&err, 64);
}

// ------------------------------------------------------------ item 5

#[derive(Debug, Deserialize, ToolSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum N {
    A { n: Box<N>, a: u8 },
    B { n: Box<N>, b: u8 },
    C { n: Box<N>, c: u8 },
    Leaf { leaf: u8 },
}

/// `depth` levels of `{"n": …, last: 1}` around `{"leaf": 1}`.
fn nested(depth: usize, last: &str) -> Value {
    let mut v = json!({"leaf": 1});
    for _ in 0..depth {
        let mut m = Map::new();
        m.insert("n".into(), v);
        m.insert(last.into(), json!(1));
        v = Value::Object(m);
    }
    v
}

/// serde tries `A` and `B` in full at every level before `C`: 3^depth. Wrong
/// documents are refused by the walk before serde buffers them; right ones
/// beyond the budget are refused with the rule `budget`. (Before the guard,
/// depth 30 did not finish.)
#[test]
fn nested_untagged_enums_are_refused_beyond_the_budget() {
    assert!(parse_args::<N>(&nested(10, "c")).is_ok());
    for depth in [10, 20, 30, 60] {
        if depth >= 20 {
            let err = refused::<N>(nested(depth, "c"));
            assert_eq!(err.violations()[0].rule, "budget", "{err}");
            assert!(err.to_string().contains("untagged"), "{err}");
        }
        let err = refused::<N>(nested(depth, "d"));
        assert_ne!(err.violations()[0].rule, "budget", "{err}");
        for dialect in Dialect::ALL {
            assert!(dialect.parse_args::<N>(nested(depth, "d")).is_err());
            if depth >= 20 {
                assert!(dialect.parse_args::<N>(nested(depth, "c")).is_err());
            }
        }
    }
    // Cheap for serde: the first alternative reads at every level.
    assert!(parse_args::<N>(&nested(60, "a")).is_ok());
    assert!(parse_args::<N>(&nested(5, "c")).is_ok());
}

// ------------------------------------------------------------ issue 24

#[test]
fn tools_add_their_own_violations_to_the_list() {
    let err = refused::<Amount>(json!({"cents": "x"}));
    let mut all = err.into_violations();
    all.push(Violation::new(
        "/cents",
        "business",
        "amounts are checked against the balance",
    ));
    let err = ArgsError::from_violations(all);
    assert_eq!(err.violations().last().map(|v| v.rule), Some("business"));
    // Capped like any list, and never empty.
    let many = (0..1000).map(|i| Violation::new(format!("/{i}"), "custom", "no\nway"));
    let err = ArgsError::from_violations(many.collect());
    bounded(&err, 1000);
    assert!(
        !ArgsError::from_violations(Vec::new())
            .violations()
            .is_empty()
    );
}

// ------------------------------------------------------------ property

fn arb_key() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z]{0,4}",
        "[\\x00-\\x1f~/\\\\]{0,6}",
        "\\PC{0,8}",
        (1usize..3000).prop_map(|n| "k".repeat(n)),
    ]
}

fn arb_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        "\\PC{0,6}".prop_map(Value::String),
        "[\\x00-\\x1f]{0,4}".prop_map(Value::String),
    ];
    leaf.prop_recursive(5, 200, 12, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..12).prop_map(Value::Array),
            prop::collection::vec((arb_key(), inner), 0..12)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            // Many bad items at once.
            (0usize..400).prop_map(|n| Value::Array(vec![json!("bad\n"); n])),
        ]
    })
}

fn check_any<T: ToolSchema + serde::de::DeserializeOwned>(doc: &Value) {
    if let Err(err) = parse_args::<T>(doc) {
        bounded(&err, doc.to_string().len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(toolform_tests::proptest_cases(256)))]

    #[test]
    fn violations_stay_capped_and_printable(doc in arb_value()) {
        check_any::<HashMap<String, Vec<u8>>>(&doc);
        check_any::<BTreeMap<String, Closed>>(&doc);
        check_any::<Mixed>(&doc);
        check_any::<Tagged>(&doc);
        check_any::<Vec<Payment>>(&doc);
        check_any::<N>(&doc);
        check_any::<HashMap<String, Approval>>(&doc);
    }
}
