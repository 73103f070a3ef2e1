//! Hostile JSON for every public function of the gate and the dialects that
//! takes JSON: `elicit::gate`, `elicit::validate_content`, `dialect::convert`
//! and `Dialect::decode`.
//!
//! - arbitrary values (non-ASCII strings, control characters, keys full of
//!   `~` and `/`, extreme numbers) and schema-shaped values (mutations of real
//!   elicitation schemas and of derived tool schemas): nothing panics, and
//!   every violation's JSON Pointer names a place that exists in the input;
//! - values 100 000 levels deep, at the root and under keywords the code does
//!   not walk (`const`, `default`, `enum` members, `examples`, `x-*`, ...):
//!   refused or ignored, never a stack overflow;
//! - growth: 1k, 10k and 100k properties, options, required names and bad
//!   items stay fast (no timing assertions: a quadratic walk makes this file
//!   take minutes instead of seconds).
//!
//! serde_json drops, clones, compares and prints a `Value` recursively, so
//! the deep values here are built by moves and disposed of by [`dispose`].

use proptest::prelude::*;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::sync::OnceLock;
use toolform::ToolSchema;
use toolform::dialect::{Dialect, convert};
use toolform::elicit::{ElicitForm, Revision, gate, validate_content};
use toolform_tests::deep::{deep_array, deep_object, dispose};

// ------------------------------------------------------------ deep values

/// Alternating arrays and objects, `depth` deep.
fn deep_mixed(depth: usize) -> Value {
    let mut v = Value::Null;
    for i in 0..depth {
        v = if i % 2 == 0 {
            Value::Array(vec![json!(1), v])
        } else {
            object([("k", v)])
        };
    }
    v
}

/// A schema `depth` levels deep along `path` (e.g. `properties/a/items`),
/// with `{"type": "string"}` at the bottom.
fn deep_schema(depth: usize, segments: &[&str]) -> Value {
    let mut v = json!({"type": "string"});
    for _ in 0..depth {
        for seg in segments.iter().rev() {
            v = match *seg {
                "[0]" => Value::Array(vec![v]),
                key => object([(key, v)]),
            };
        }
    }
    v
}

/// An object built by moves (`json!` copies its arguments recursively).
fn object<const N: usize>(entries: [(&str, Value); N]) -> Value {
    let mut m = Map::with_capacity(N);
    for (k, v) in entries {
        m.insert(k.to_string(), v);
    }
    Value::Object(m)
}

/// Runs `f` on `host` with `deep` moved in at `pointer` (whose parent
/// exists), then moves `deep` back out: a deep value is built once and
/// planted in many places without a copy.
fn planted<R>(host: &mut Value, pointer: &str, deep: &mut Value, f: impl FnOnce(&Value) -> R) -> R {
    let slot = slot(host, pointer);
    std::mem::swap(slot, deep);
    let out = f(host);
    let slot = self::slot(host, pointer);
    std::mem::swap(slot, deep);
    out
}

/// The value at `pointer`, created (as `null`) when its parent is an object.
fn slot<'a>(host: &'a mut Value, pointer: &str) -> &'a mut Value {
    let (parent, key) = pointer.rsplit_once('/').expect("a pointer");
    let key = key.replace("~1", "/").replace("~0", "~");
    match host.pointer_mut(parent) {
        Some(Value::Object(m)) => m.entry(key).or_insert(Value::Null),
        Some(Value::Array(items)) => {
            let i: usize = key.parse().expect("an index");
            &mut items[i]
        }
        _ => panic!("no parent at {parent}"),
    }
}

const DEPTH: usize = 100_000;

/// One deep array, one deep object, one alternating: built once per test.
fn deep_values() -> Vec<(&'static str, Value)> {
    vec![
        ("array", deep_array(DEPTH)),
        ("object", deep_object(DEPTH)),
        ("mixed", deep_mixed(DEPTH)),
    ]
}

/// Subschemas nested `DEPTH` deep along each path the gate and the
/// converter walk. Built once for all tests and never dropped.
fn deep_schemas() -> &'static [(&'static str, Value)] {
    static SCHEMAS: OnceLock<Vec<(&'static str, Value)>> = OnceLock::new();
    SCHEMAS.get_or_init(|| {
        [
            "properties/p",
            "properties/p/items",
            "items",
            "anyOf/[0]",
            "oneOf/[0]",
            "allOf/[0]",
            "not",
            "additionalProperties",
            "$defs/d",
            "prefixItems/[0]",
        ]
        .into_iter()
        .map(|path| {
            let segments: Vec<&str> = path.split('/').collect();
            (path, deep_schema(DEPTH, &segments))
        })
        .collect()
    })
}

/// Where a deep value is planted in a form schema: every keyword a property
/// can carry, the ones the gate drops, and the root's annotations.
const FORM_SPOTS: &[&str] = &[
    "/x-deep",
    "/title",
    "/description",
    "/$comment",
    "/properties/f/const",
    "/properties/f/default",
    "/properties/f/enum/1",
    "/properties/f/examples",
    "/properties/f/x-foo",
    "/properties/f/title",
    "/properties/f/minimum",
    "/properties/f/format",
    "/properties/f/oneOf/0/const",
    "/properties/f/oneOf/0/x-foo",
    "/properties/f/anyOf/0/title",
    "/properties/m/items/enum/0",
    "/properties/m/items/x-foo",
    "/properties/m/default",
    "/properties/m/items/anyOf/0/const",
    "/properties/n/anyOf/0/default",
    "/properties/n/type",
    "/required/0",
];

fn form_host() -> Value {
    json!({
        "type": "object",
        "title": "t",
        "description": "d",
        "$comment": "c",
        "x-deep": 1,
        "properties": {
            "f": {"type": "string", "enum": ["a", "b"], "oneOf": [{"const": "a"}], "anyOf": [{"const": "a"}]},
            "m": {"type": "array", "items": {"type": "string", "enum": ["a"], "anyOf": [{"const": "a"}]}},
            "n": {"anyOf": [{"type": "string"}, {"type": "null"}], "type": "string"}
        },
        "required": ["f"]
    })
}

/// Where a deep value is planted in a tool schema: walked subschemas and the
/// keywords the converter copies without walking.
const TOOL_SPOTS: &[&str] = &[
    "/const",
    "/default",
    "/examples",
    "/x-foo",
    "/enum/0",
    "/title",
    "/$comment",
    "/properties/a/const",
    "/properties/a/default",
    "/properties/a/enum/0",
    "/properties/a/examples",
    "/properties/a/x-foo",
    "/properties/a/minLength",
    "/properties/a/format",
    "/properties/a/pattern",
    "/properties/a/propertyNames",
    "/properties/a/not",
    "/properties/a/items",
    "/properties/a/items/const",
    "/properties/a/anyOf/0",
    "/properties/a/anyOf/0/default",
    "/properties/a/oneOf/1/const",
    "/properties/a/prefixItems/0",
    "/properties/a/additionalProperties",
    "/properties/a/dependentRequired",
    "/$defs/d",
    "/$defs/d/x-foo",
    "/required/0",
];

fn tool_host() -> Value {
    json!({
        "type": "object",
        "const": 1, "default": 1, "examples": [1], "x-foo": 1, "enum": [1], "title": "t", "$comment": "c",
        "properties": {
            "a": {
                "type": "array", "const": 1, "default": 1, "enum": [1], "examples": [1], "x-foo": 1,
                "minLength": 1, "format": "date", "pattern": "x", "propertyNames": {}, "not": {"const": 1},
                "items": {"type": "string", "const": "x"},
                "anyOf": [{"type": "string", "default": "x"}, {"type": "null"}],
                "oneOf": [{"const": "x"}, {"const": 1}],
                "prefixItems": [{"type": "string"}],
                "additionalProperties": false,
                "dependentRequired": {}
            }
        },
        "$defs": {"d": {"type": "string", "x-foo": 1}},
        "required": ["a"]
    })
}

#[test]
fn gate_on_deep_values_never_overflows() {
    let mut host = form_host();
    for (name, mut deep) in deep_values() {
        for spot in FORM_SPOTS {
            planted(&mut host, spot, &mut deep, |schema| {
                for rev in Revision::ALL {
                    match gate(schema, rev) {
                        Ok(gated) => {
                            // What passes is shallow (the grammar's depth).
                            assert!(depth_of(&gated) < 16, "{name} at {spot}: {rev}");
                            let _ = validate_content(&gated, schema);
                        }
                        Err(e) => {
                            for v in e.violations() {
                                assert!(
                                    schema.pointer(&v.path).is_some(),
                                    "{name} {spot} {rev}: {v}"
                                );
                                assert!(v.message.len() < 1000, "{}", v.message);
                            }
                            let _ = e.to_string();
                        }
                    }
                }
                let _ = validate_content(schema, schema);
            });
        }
        for rev in Revision::ALL {
            assert!(gate(&deep, rev).is_err());
        }
        dispose(deep);
    }
    // The whole schema deep, along each walked path.
    for (path, schema) in deep_schemas() {
        for rev in Revision::ALL {
            let err = gate(schema, rev).expect_err(path);
            for v in err.violations() {
                assert!(schema.pointer(&v.path).is_some(), "{path} {rev}: {v}");
            }
        }
        let _ = validate_content(schema, schema);
    }
}

#[test]
fn validate_content_on_deep_values_never_overflows() {
    let gated = gate(
        &json!({"type": "object", "properties": {
            "s": {"type": "string", "format": "email"},
            "n": {"type": "integer", "minimum": 1},
            "b": {"type": "boolean"},
            "e": {"type": "string", "enum": ["a"]},
            "o": {"type": "string", "oneOf": [{"const": "a", "title": "A"}]},
            "m": {"type": "array", "items": {"type": "string", "enum": ["a"]}},
            "t": {"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}]}}
        }, "required": ["s"]}),
        Revision::V2025_11_25,
    )
    .expect("a plain form");
    let mut host = json!({"multi": ["a", null]});
    for (_, mut deep) in deep_values() {
        for key in ["s", "n", "b", "e", "o", "m", "t", "unknown"] {
            // Deep as a field's value, and deep inside a multi-select answer.
            for spot in [format!("/{key}"), format!("/{key}/1")] {
                let mut content = json!({ key: ["a", null] });
                planted(&mut content, &spot, &mut deep, |content| {
                    if let Err(violations) = validate_content(&gated, content) {
                        for v in violations.iter().filter(|v| v.rule != "required") {
                            assert!(content.pointer(&v.path).is_some(), "{v}");
                            assert!(v.message.len() < 1000, "{}", v.message);
                        }
                    }
                });
            }
        }
        planted(&mut host, "/multi/1", &mut deep, |host| {
            let _ = validate_content(&gated, host);
        });
        assert!(validate_content(&gated, &deep).is_err());
        // A deep "gated" schema (anything can be passed).
        let _ = validate_content(&deep, &deep);
        let _ = validate_content(&deep, &json!({"a": 1}));
        dispose(deep);
    }
    for (_, schema) in deep_schemas() {
        let _ = validate_content(schema, &json!({"p": "x"}));
    }
}

#[test]
fn convert_on_deep_values_never_overflows() {
    let mut host = tool_host();
    for (name, mut deep) in deep_values() {
        for spot in TOOL_SPOTS {
            planted(&mut host, spot, &mut deep, |schema| {
                for dialect in Dialect::ALL {
                    match convert(schema, dialect) {
                        Ok(out) => {
                            // Shallow enough to drop, print, compare.
                            assert!(depth_of(&out) < 1000, "{name} at {spot}: {dialect}");
                        }
                        Err(e) => {
                            for v in e.violations() {
                                assert!(
                                    schema.pointer(&v.path).is_some(),
                                    "{name} {spot} {dialect}: {v}"
                                );
                                assert!(v.message.len() < 1000, "{}", v.message);
                            }
                            let _ = e.to_string();
                        }
                    }
                }
            });
        }
        for dialect in Dialect::ALL {
            assert!(convert(&deep, dialect).is_err());
        }
        dispose(deep);
    }
    for (path, schema) in deep_schemas() {
        for dialect in Dialect::ALL {
            let err = convert(schema, dialect).expect_err("too deep");
            assert!(
                err.violations().iter().any(|v| v.rule == "too-deep"),
                "{err}"
            );
            for v in err.violations() {
                assert!(schema.pointer(&v.path).is_some(), "{path} {dialect}: {v}");
            }
        }
    }
}

/// The deepest nesting of `v`, measured iteratively.
fn depth_of(v: &Value) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(v, 1)];
    while let Some((v, d)) = stack.pop() {
        deepest = deepest.max(d);
        match v {
            Value::Array(items) => stack.extend(items.iter().map(|i| (i, d + 1))),
            Value::Object(m) => stack.extend(m.values().map(|i| (i, d + 1))),
            _ => {}
        }
    }
    deepest
}

// ------------------------------------------------------------ decode

#[derive(Deserialize, ToolSchema, Debug)]
#[allow(dead_code)]
struct Args {
    query: String,
    #[serde(default)]
    limit: u32,
    tags: Option<Vec<String>>,
    inner: Option<Inner>,
    extra: Option<Value>,
}

#[derive(Deserialize, ToolSchema, Debug)]
#[allow(dead_code)]
struct Inner {
    #[serde(default)]
    note: String,
    choice: Option<Choice>,
}

#[derive(Deserialize, ToolSchema, Debug)]
#[allow(dead_code)]
#[serde(rename_all = "snake_case")]
enum Choice {
    Plain,
    Sized { size: u8 },
    Named(String),
}

#[derive(Deserialize, ToolSchema, Debug)]
#[allow(dead_code)]
struct Tree {
    label: String,
    #[serde(default)]
    kids: Vec<Tree>,
    next: Option<Box<Tree>>,
}

#[derive(Deserialize, ToolSchema, Debug)]
#[allow(dead_code)]
#[serde(tag = "kind")]
enum Tagged {
    A { a: Option<u8> },
    B { b: Option<Box<Tagged>> },
}

#[test]
fn decode_on_deep_values_never_overflows() {
    // Each decode takes its value and must take it apart without recursion:
    // a fresh deep value per call.
    let spots: [fn(Value) -> Value; 6] = [
        |deep| deep,
        |deep| object([("query", deep)]),
        |deep| object([("query", json!("q")), ("extra", deep)]),
        |deep| object([("query", json!("q")), ("unknown", deep)]),
        |deep| object([("query", json!("q")), ("tags", deep)]),
        |deep| object([("query", json!("q")), ("inner", object([("choice", deep)]))]),
    ];
    for spot in spots {
        let err = Dialect::OpenAiStrict
            .decode::<Args>(spot(deep_array(DEPTH)))
            .expect_err("too deep");
        assert!(err.to_string().contains("deeper than"), "{err}");
        assert!(
            Dialect::Gemini
                .decode::<Value>(spot(deep_mixed(DEPTH)))
                .is_err()
        );
    }
    assert!(
        Dialect::AnthropicStrict
            .decode::<Map<String, Value>>(deep_object(DEPTH))
            .is_err()
    );
    let tree = object([("label", json!("x")), ("next", deep_tree(DEPTH))]);
    assert!(Dialect::OpenAiStrict.decode::<Tree>(tree).is_err());
    let tagged = object([("kind", json!("B")), ("b", deep_tagged(DEPTH))]);
    assert!(Dialect::OpenAiStrict.decode::<Tagged>(tagged).is_err());
    // Deep but within serde_json's own limit: decoded as serde decodes it.
    let tree = deep_tree(100);
    let decoded: Tree = Dialect::OpenAiStrict
        .decode(tree)
        .expect("100 levels decode");
    assert_eq!(decoded.label, "x");
}

/// `{"label": "x", "next": {"label": "x", "next": ... null}}`.
fn deep_tree(depth: usize) -> Value {
    let mut v = Value::Null;
    for _ in 0..depth {
        v = object([("label", json!("x")), ("kids", json!([])), ("next", v)]);
    }
    v
}

fn deep_tagged(depth: usize) -> Value {
    let mut v = Value::Null;
    for _ in 0..depth {
        v = object([("kind", json!("B")), ("b", v)]);
    }
    v
}

#[test]
fn decode_refuses_only_beyond_serde_jsons_own_depth() {
    // serde_json reads 127 nested arrays and objects from text, not 128;
    // decode reads the same values, and refuses deeper ones.
    for depth in [1, 64, 126, 127, 128, 129] {
        let text = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
        let parsed = serde_json::from_str::<Value>(&text).map(dispose);
        let ours = Dialect::JsonSchema2020
            .decode::<Value>(deep_array(depth))
            .map(dispose);
        assert_eq!(parsed.is_ok(), ours.is_ok(), "arrays {depth}");
        let text = format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth));
        let parsed = serde_json::from_str::<Value>(&text).map(dispose);
        let ours = Dialect::OpenAiStrict
            .decode::<Value>(deep_object(depth))
            .map(dispose);
        assert_eq!(parsed.is_ok(), ours.is_ok(), "objects {depth}");
    }
    let err = Dialect::OpenAiStrict
        .decode::<Value>(deep_array(DEPTH))
        .expect_err("too deep");
    assert!(err.to_string().contains("deeper than"), "{err}");
}

// ------------------------------------------------------------ arbitrary JSON

/// Pieces of hostile text: accents, CJK, emoji (with joiners), combining
/// marks, BOM, control characters, quotes, backslashes, pointer syntax.
const PIECES: &[&str] = &[
    "é",
    "à la française",
    "Œuf",
    "漢字",
    "ラーメン",
    "🦀",
    "👨‍👩‍👧",
    "e\u{301}",
    "\u{FEFF}",
    "\u{0}",
    "\u{1}",
    "\n",
    "\t",
    "\u{7f}",
    "\u{202E}",
    "\"",
    "\\",
    "~",
    "/",
    "~0",
    "~1",
    "#",
    "%25",
    "a",
    "",
    " ",
    "type",
    "$ref",
    "x-",
    "null",
];

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::collection::vec(prop::sample::select(PIECES), 0..5).prop_map(|p| p.concat()),
        1 => any::<String>(),
        1 => (prop::sample::select(PIECES), 150usize..260).prop_map(|(p, n)| p.repeat(n)),
    ]
}

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!(u64::MAX)),
        Just(json!(i64::MIN)),
        Just(json!(i64::MAX)),
        Just(json!(-0.0)),
        Just(json!(0.0)),
        Just(json!(1e308)),
        Just(json!(-1e308)),
        Just(json!(5e-324)),
        Just(json!(1e-7)),
        Just(json!(0.1)),
        Just(json!(1.5)),
        Just(json!(9007199254740993u64)),
        (0i64..10).prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        number(),
        text().prop_map(Value::from),
    ]
}

fn arbitrary_json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(5, 48, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::from),
            prop::collection::vec((text(), inner), 0..5)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// Every keyword the gate and the converter know, and some they do not.
const KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "enum",
    "enumNames",
    "oneOf",
    "anyOf",
    "allOf",
    "not",
    "const",
    "$ref",
    "$defs",
    "definitions",
    "$schema",
    "$id",
    "$anchor",
    "$comment",
    "items",
    "prefixItems",
    "additionalProperties",
    "propertyNames",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "format",
    "pattern",
    "default",
    "examples",
    "example",
    "title",
    "description",
    "nullable",
    "deprecated",
    "readOnly",
    "dependentRequired",
    "unevaluatedProperties",
    "x-foo",
    "x-",
    "propertyOrdering",
];

/// Values a keyword often holds, right or wrong for it.
const WORDS: &[&str] = &[
    "object",
    "string",
    "integer",
    "number",
    "boolean",
    "array",
    "null",
    "email",
    "uri",
    "date",
    "date-time",
    "uuid",
    "uint8",
    "int64",
    "double",
    "hostname",
    "#",
    "#/$defs/d",
    "#/definitions/d",
    "#/properties/a",
    "#/$defs/~1",
    "a",
    "b",
    "é",
];

fn schema_leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        3 => prop::sample::select(WORDS).prop_map(Value::from),
        2 => leaf(),
        1 => prop::collection::vec(prop::sample::select(WORDS).prop_map(Value::from), 0..4)
            .prop_map(Value::from),
    ]
}

/// Trees whose keys are mostly schema keywords.
fn schema_shaped() -> impl Strategy<Value = Value> {
    let key = prop_oneof![
        6 => prop::sample::select(KEYWORDS).prop_map(String::from),
        1 => prop::sample::select(WORDS).prop_map(String::from),
        1 => text(),
    ];
    schema_leaf().prop_recursive(6, 64, 6, move |inner| {
        prop_oneof![
            1 => prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            3 => prop::collection::vec((key.clone(), inner.clone()), 0..6)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            // `properties`-like maps: arbitrary names to schemas.
            1 => prop::collection::vec((text(), inner), 0..4).prop_map(|kv| {
                object([
                    ("type", json!("object")),
                    ("properties", Value::Object(kv.into_iter().collect())),
                ])
            }),
        ]
    })
}

// ------------------------------------------------------------ seeds

#[derive(Deserialize, ElicitForm, Debug)]
#[allow(dead_code)]
struct Booking {
    /// Your name
    #[elicit(length(min = 1, max = 80))]
    name: String,
    #[elicit(range(min = 1, max = 8))]
    guests: u8,
    room: Room,
    extras: Vec<Room>,
    #[serde(default)]
    newsletter: bool,
    day: Option<chrono::NaiveDate>,
    ratio: Option<f64>,
}

#[derive(Deserialize, ToolSchema, Debug)]
#[allow(dead_code)]
#[serde(rename_all = "snake_case")]
enum Room {
    Single,
    Double,
    Suite,
}

fn fixture_json(rel: &str) -> Option<Value> {
    let path = toolform_tests::fixture(rel)?;
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

/// Real schemas to mutate: the spec's elicitation examples, derived forms,
/// derived tool schemas, and a few written by hand.
fn seeds() -> Vec<Value> {
    static SEEDS: OnceLock<Vec<Value>> = OnceLock::new();
    SEEDS.get_or_init(read_seeds).clone()
}

fn read_seeds() -> Vec<Value> {
    let mut seeds = vec![
        Booking::requested_schema().clone(),
        Args::input_schema().clone(),
        Tree::input_schema().clone(),
        Tagged::input_schema().clone(),
        Choice::input_schema().clone(),
        json!({"type": "object", "properties": {
            "legacy": {"type": "string", "enum": ["a", "b"], "enumNames": ["A", "B"], "default": "a"},
            "titled": {"type": "string", "oneOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]},
            "multi": {"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}]}, "minItems": 1, "default": ["a"]},
            "n": {"type": ["integer", "null"], "format": "uint8"},
            "s": {"anyOf": [{"type": "string", "format": "email", "maxLength": 9}, {"type": "null"}]},
            "c": {"const": "only"}
        }, "required": ["legacy", "titled"]}),
        json!({"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}, "u": {"oneOf": [{"type": "integer"}, {"type": "string"}]}}, "required": ["kids"], "$defs": {"d": {"type": "object", "properties": {"next": {"anyOf": [{"$ref": "#/$defs/d"}, {"type": "null"}]}}, "required": ["next"]}}}),
    ];
    for rel in [
        "ElicitRequestFormParams/elicit-multiple-fields.json",
        "ElicitRequestFormParams/elicit-single-field.json",
    ] {
        if let Some(v) = fixture_json(&format!("mcp-spec/2026-07-28/examples/{rel}")) {
            seeds.push(v["requestedSchema"].clone());
        }
    }
    for rel in [
        "BooleanSchema/boolean-input-schema.json",
        "NumberSchema/number-input-schema.json",
        "StringSchema/email-input-schema.json",
        "TitledMultiSelectEnumSchema/titled-color-multi-select-schema.json",
        "TitledSingleSelectEnumSchema/titled-color-select-schema.json",
        "UntitledMultiSelectEnumSchema/color-multi-select-schema.json",
        "UntitledSingleSelectEnumSchema/color-select-schema.json",
    ] {
        if let Some(v) = fixture_json(&format!("mcp-spec/2026-07-28/examples/{rel}")) {
            seeds.push(json!({"type": "object", "properties": {"f": v}, "required": ["f"]}));
        }
    }
    for rel in [
        "Tool/tool-with-composition-input-schema.json",
        "Tool/with-default-2020-12-input-schema.json",
        "Tool/with-explicit-draft-07-input-schema.json",
        "Tool/tool-with-array-output-schema.json",
    ] {
        if let Some(v) = fixture_json(&format!("mcp-spec/2026-07-28/examples/{rel}")) {
            seeds.push(v["inputSchema"].clone());
        }
    }
    seeds
}

/// The seeds that pass the gate, gated under each revision.
fn gated_seeds() -> &'static [Value] {
    static GATED: OnceLock<Vec<Value>> = OnceLock::new();
    GATED.get_or_init(|| {
        let mut gated = Vec::new();
        for seed in seeds() {
            for rev in Revision::ALL {
                if let Ok(g) = gate(&seed, rev)
                    && !gated.contains(&g)
                {
                    gated.push(g);
                }
            }
        }
        gated
    })
}

/// Every JSON Pointer to an object or array in `v`.
fn containers(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![(v, String::new())];
    while let Some((v, p)) = stack.pop() {
        match v {
            Value::Object(m) => {
                for (k, c) in m {
                    stack.push((
                        c,
                        format!("{p}/{}", k.replace('~', "~0").replace('/', "~1")),
                    ));
                }
            }
            Value::Array(items) => {
                for (i, c) in items.iter().enumerate() {
                    stack.push((c, format!("{p}/{i}")));
                }
            }
            _ => continue,
        }
        out.push(p);
    }
    out
}

#[derive(Debug, Clone)]
enum Edit {
    /// Sets a keyword (known or not) to a value.
    Set(&'static str, Value),
    /// Replaces the n-th member of an object or array.
    Replace(usize, Value),
    /// Removes the n-th member.
    Remove(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let value = prop_oneof![3 => schema_leaf(), 1 => schema_shaped(), 1 => arbitrary_json()];
    prop_oneof![
        2 => (prop::sample::select(KEYWORDS), value.clone()).prop_map(|(k, v)| Edit::Set(k, v)),
        2 => (any::<usize>(), value).prop_map(|(i, v)| Edit::Replace(i, v)),
        1 => any::<usize>().prop_map(Edit::Remove),
    ]
}

fn mutate(mut v: Value, edits: &[(usize, Edit)]) -> Value {
    for (at, edit) in edits {
        let spots = containers(&v);
        let spot = &spots[at % spots.len()];
        let Some(target) = v.pointer_mut(spot) else {
            continue;
        };
        match (target, edit.clone()) {
            (Value::Object(m), Edit::Set(k, value)) => {
                m.insert(k.into(), value);
            }
            (Value::Object(m), Edit::Replace(i, value)) if !m.is_empty() => {
                let n = m.len();
                if let Some((_, slot)) = m.iter_mut().nth(i % n) {
                    *slot = value;
                }
            }
            (Value::Object(m), Edit::Remove(i)) if !m.is_empty() => {
                let n = m.len();
                if let Some(key) = m.keys().nth(i % n).cloned() {
                    m.shift_remove(&key);
                }
            }
            (Value::Array(items), Edit::Replace(i, value)) if !items.is_empty() => {
                let n = items.len();
                items[i % n] = value;
            }
            (Value::Array(items), Edit::Remove(i)) if !items.is_empty() => {
                let n = items.len();
                items.remove(i % n);
            }
            (Value::Array(items), Edit::Set(_, value)) => items.push(value),
            _ => {}
        }
    }
    v
}

fn mutated_seed() -> impl Strategy<Value = Value> {
    let seeds = seeds();
    (
        prop::sample::select(seeds),
        prop::collection::vec((any::<usize>(), edit()), 1..4),
    )
        .prop_map(|(seed, edits)| mutate(seed, &edits))
}

/// Any schema: arbitrary, keyword-shaped, or a mutated real one.
fn any_schema() -> impl Strategy<Value = Value> {
    prop_oneof![
        1 => arbitrary_json(),
        2 => schema_shaped(),
        4 => mutated_seed(),
    ]
}

// ------------------------------------------------------------ properties

fn check_gate(schema: &Value, content: &Value) -> Result<(), TestCaseError> {
    for rev in Revision::ALL {
        match gate(schema, rev) {
            Ok(gated) => {
                let again = gate(&gated, rev);
                prop_assert_eq!(again.as_ref(), Ok(&gated));
                check_content(&gated, content)?;
                check_content(&gated, &json!({}))?;
            }
            Err(e) => {
                prop_assert!(!e.violations().is_empty());
                for v in e.violations() {
                    prop_assert!(
                        place(schema, &v.path),
                        "{rev}: {v} is not a place in {schema}"
                    );
                }
                let _ = e.to_string();
            }
        }
    }
    // Anything can be passed as a gated schema.
    let _ = validate_content(schema, content);
    let _ = validate_content(schema, schema);
    Ok(())
}

/// Whether `path` names a place in `doc`, as `Violation::path` documents
/// it: a JSON Pointer, except that a key longer than
/// 64 characters (`MAX_KEY_CHARS` in runtime/src/violation.rs) is its first characters
/// and `…` (a key of `doc` starting with them), and a long path elides its
/// middle keys as one `…` segment (the keys after it are not followed).
fn place(doc: &Value, path: &str) -> bool {
    if doc.pointer(path).is_some() {
        return true;
    }
    let mut at = doc;
    for raw in path.split('/').skip(1) {
        if raw == "…" {
            return true;
        }
        let (key, cut) = match raw.strip_suffix('…') {
            Some(head) => (head, true),
            None => (raw, false),
        };
        let key = key.replace("~1", "/").replace("~0", "~");
        let next = match at {
            Value::Object(map) if cut => map
                .iter()
                .find(|(k, _)| k.starts_with(key.as_str()) && k.chars().count() > 64)
                .map(|(_, v)| v),
            Value::Object(map) => map.get(&key),
            Value::Array(items) => key.parse::<usize>().ok().and_then(|i| items.get(i)),
            _ => None,
        };
        match next {
            Some(v) => at = v,
            None => return false,
        }
    }
    true
}

fn check_content(gated: &Value, content: &Value) -> Result<(), TestCaseError> {
    if let Err(violations) = validate_content(gated, content) {
        for v in &violations {
            let place = if v.rule == "required" {
                // A missing field: its name is a property of the form.
                gated.get("properties").and_then(|p| {
                    let name = v.path.get(1..)?.replace("~1", "/").replace("~0", "~");
                    p.get(name)
                })
            } else {
                content.pointer(&v.path)
            };
            prop_assert!(
                place.is_some() || self::place(content, &v.path),
                "{} not a place in {}",
                v,
                content
            );
            let _ = v.to_string();
        }
    }
    Ok(())
}

fn check_convert(schema: &Value) -> Result<(), TestCaseError> {
    for dialect in Dialect::ALL {
        match convert(schema, dialect) {
            Ok(out) => {
                // 2020-12 is the converter's own input: written unchanged.
                if dialect == Dialect::JsonSchema2020 {
                    prop_assert_eq!(&out, schema);
                }
                let _ = out.to_string();
            }
            Err(e) => {
                prop_assert!(!e.violations().is_empty());
                // A dialect without references (Gemini, Kimi) inlines them
                // first; later places are places of the inlined schema
                // (`convert`'s documentation).
                let inlined = toolform::dialect::inline_refs(schema).ok();
                for v in e.violations() {
                    prop_assert!(
                        place(schema, &v.path)
                            || inlined.as_ref().is_some_and(|i| place(i, &v.path)),
                        "{dialect}: {v} is not a place in {schema}"
                    );
                }
                let _ = e.to_string();
            }
        }
    }
    Ok(())
}

fn check_decode(value: &Value) {
    for dialect in Dialect::ALL {
        let _ = dialect.decode::<Args>(value.clone());
        let _ = dialect.decode::<Tree>(value.clone());
        let _ = dialect.decode::<Tagged>(value.clone());
        let _ = dialect.decode::<Choice>(value.clone());
        let _ = dialect.decode::<Value>(value.clone());
    }
}

/// Answers shaped like the seeds' fields: right names, wrong values.
fn content() -> impl Strategy<Value = Value> {
    let names = prop_oneof![
        prop::sample::select(vec![
            "name",
            "guests",
            "room",
            "extras",
            "newsletter",
            "day",
            "ratio",
            "legacy",
            "titled",
            "multi",
            "n",
            "s",
            "c",
            "f",
            "email",
            "age",
        ])
        .prop_map(String::from),
        text(),
    ];
    let value = prop_oneof![
        3 => leaf(),
        1 => prop::collection::vec(
            prop_oneof![prop::sample::select(vec!["a", "b", "single", "suite", "#FF0000"]).prop_map(Value::from), leaf()],
            0..4,
        )
        .prop_map(Value::from),
        1 => arbitrary_json(),
    ];
    prop::collection::vec((names, value), 0..6)
        .prop_map(|kv| Value::Object(kv.into_iter().collect()))
}

/// Values shaped like the decode types' arguments.
fn args() -> impl Strategy<Value = Value> {
    let names = prop::sample::select(vec![
        "query", "limit", "tags", "inner", "extra", "note", "choice", "label", "kids", "next",
        "kind", "a", "b", "plain", "sized", "named", "size",
    ])
    .prop_map(String::from);
    let shaped = leaf().prop_recursive(5, 40, 5, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::vec((names.clone(), inner), 0..5)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            Just(json!("A")),
            Just(json!("B")),
        ]
    });
    prop_oneof![3 => shaped, 1 => arbitrary_json()]
}

/// `default` cases, or `PROPTEST_CASES` (the long mode: 30 000 ran clean).
/// Failures are not persisted to a file: each one found became a plain
/// regression case in `violation_paths_name_the_input`.
fn cases(default: u32) -> ProptestConfig {
    ProptestConfig {
        cases: toolform_tests::proptest_cases(default),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(cases(400))]

    #[test]
    fn gate_holds_on_any_schema(schema in any_schema(), content in content()) {
        check_gate(&schema, &content)?;
    }

    #[test]
    fn convert_holds_on_any_schema(schema in any_schema()) {
        check_convert(&schema)?;
    }

    #[test]
    fn decode_holds_on_any_value(value in args()) {
        check_decode(&value);
    }

    #[test]
    fn content_holds_on_any_answer(content in content(), extra in arbitrary_json()) {
        let mut with_extra = content.clone();
        if let Value::Object(m) = &mut with_extra {
            m.insert("name".into(), extra);
        }
        for gated in gated_seeds() {
            check_content(gated, &content)?;
            check_content(gated, &with_extra)?;
        }
    }
}

/// Each seed as it is, under every revision and dialect (the mutations start
/// from these, so the paths they produce must hold too).
#[test]
fn seeds_hold() {
    for seed in seeds() {
        check_gate(&seed, &json!({})).expect("gate");
        check_convert(&seed).expect("convert");
        check_decode(&seed);
    }
}

/// Shapes that once broke a property: kept as plain regressions.
#[test]
fn violation_paths_name_the_input() {
    let schemas = [
        // Keys merged from the non-null alternative of an optional field.
        json!({"type": "object", "properties": {"s": {"anyOf": [{"type": "string", "pattern": "x"}, {"type": "null"}]}}}),
        json!({"type": "object", "properties": {"s": {"oneOf": [{"type": "null"}, {"type": "string", "enum": [1]}]}}}),
        json!({"type": "object", "properties": {"s": {"anyOf": [{"type": "array", "items": {"oneOf": [{"const": 1}]}}, {"type": "null"}]}}}),
        // `const` turned into an option.
        json!({"type": "object", "properties": {"c": {"const": 5}}}),
        json!({"type": "object", "properties": {"c": {"const": [1]}}}),
        // `anyOf` beside `enum`; `oneOf` in multi-select items.
        json!({"type": "object", "properties": {"e": {"type": "string", "enum": ["a"], "anyOf": [{"const": "a"}]}}}),
        json!({"type": "object", "properties": {"m": {"type": "array", "items": {"oneOf": [{"const": 1}]}}}}),
        // An `enum` whose `null` sits before the faulty option.
        json!({"type": "object", "properties": {"e": {"type": "string", "enum": [null, "a", "a"]}}}),
        json!({"type": "object", "properties": {"e": {"type": "string", "enum": [null, 1]}}}),
        // A multi-select without `items`: the field is at fault.
        json!({"type": "object", "properties": {"m": {"type": "array"}}}),
        // No options at all (passed, then failed its own re-gating).
        json!({"type": "object", "properties": {"f": {"type": "string", "oneOf": []}}}),
        json!({"type": "object", "properties": {"f": {"type": "array", "items": {"anyOf": []}}}}),
        // Keys with pointer syntax.
        json!({"type": "object", "properties": {"a/b~c": {"type": "object"}, "é\"\\": {"type": "strange"}}}),
        // Places the dialect lowering rewrites (session 5): a `$ref` beside
        // siblings, a `null` split out of `enum`, a type inferred from values.
        json!({"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#", "items": {"type": "object"}}}}, "required": ["kids"]}),
        json!({"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}, "enum": [null, false]}}, "required": ["kids"]}),
        json!({"enum": [false, "object"]}),
    ];
    for schema in &schemas {
        check_gate(schema, &json!({})).expect("paths");
        check_convert(schema).expect("paths");
    }
    // The offending member, not its neighbour: `null` is not counted away.
    let err = gate(&schemas[8], Revision::V2025_11_25).expect_err("1 is not an option");
    assert_eq!(err.violations()[0].path, "/properties/e/enum/1", "{err}");
    let err = gate(&schemas[7], Revision::V2025_11_25).expect_err("a twice");
    assert_eq!(err.violations()[0].path, "/properties/e/enum/2", "{err}");
}

/// Smaller findings, pinned.
#[test]
fn odd_values_keep_their_meaning() {
    // A `$ref` that is not a string became `""` (the document itself) in
    // draft-07; it is not JSON Schema, so it is refused at its place.
    let schema = json!({"type": "object", "properties": {"a": {"$ref": 5}}});
    let err = convert(&schema, Dialect::JsonSchemaDraft07).expect_err("not JSON Schema");
    assert_eq!(err.violations()[0].path, "/properties/a/$ref", "{err}");
    // A `$ref` inside an `enum` value is data, not a reference back to `#`.
    let schema = json!({"type": "object", "properties": {"a": {"enum": [{"$ref": "#"}]}}, "required": ["a"]});
    assert!(convert(&schema, Dialect::GeminiJsonSchema).is_ok());
    // 64-bit formats stop where every client reads integers exactly, as in
    // derived forms.
    let schema =
        json!({"type": "object", "properties": {"n": {"type": "integer", "format": "int64"}}});
    let gated = gate(&schema, Revision::V2025_11_25).expect("an integer field");
    assert_eq!(
        gated["properties"]["n"]["maximum"],
        9_007_199_254_740_991_i64
    );
    assert_eq!(
        gated["properties"]["n"]["minimum"],
        -9_007_199_254_740_991_i64
    );
    // Long names are cut in messages, on a character boundary.
    let name = "é".repeat(10_000);
    let schema = json!({"type": "object", "properties": {}, "required": [name], name.clone(): 1});
    let err = gate(&schema, Revision::V2025_11_25).expect_err("undefined");
    for v in err.violations() {
        assert!(v.message.len() < 400, "{}", v.message.len());
    }
    let err = convert(&json!({"type": "object", name: 1}), Dialect::Gemini).expect_err("unknown");
    assert!(err.violations()[0].message.len() < 400);
}

// ------------------------------------------------------------ growth

/// Sizes for the growth tests. Each size's time is printed
/// (`--nocapture`). The paths that were quadratic run at every size (a
/// quadratic walk at 100k takes minutes); the rest stop at 10k, as debug
/// builds copy JSON slowly.
const SIZES: [usize; 3] = [1_000, 10_000, 100_000];

use toolform_tests::growth::timed;

fn names(n: usize, prefix: &str) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}-é-{i}")).collect()
}

fn strings(names: &[String]) -> Vec<Value> {
    names.iter().map(|n| Value::from(n.as_str())).collect()
}

#[test]
fn gate_grows_linearly() {
    for n in SIZES {
        // n options: a select, a multi-select (100k options were refused as
        // "nested too deeply" by a node count), and a default at the end.
        let options = strings(&names(n, "o"));
        let last = options.last().cloned().unwrap_or_default();
        let schema = json!({"type": "object", "properties": {
            "one": {"type": "string", "enum": options, "default": last},
            "multi": {"type": "array", "items": {"type": "string", "enum": options}}
        }});
        let gated = timed("gate: n options, select and multi-select", n, || {
            gate(&schema, Revision::V2025_11_25)
        })
        .expect("selects");
        let content = json!({"one": last, "multi": ["nope"]});
        let violations = timed("validate_content: n options", n, || {
            validate_content(&gated, &content)
        })
        .expect_err("nope");
        assert_eq!(violations.len(), 1);
        // Every option twice: reported once, at the first repeat.
        let mut twice = options.clone();
        twice.extend(options.iter().cloned());
        let dup =
            json!({"type": "object", "properties": {"one": {"type": "string", "enum": twice}}});
        let err = timed("gate: every option twice", n, || {
            gate(&dup, Revision::V2025_11_25)
        })
        .expect_err("duplicates");
        assert_eq!(err.violations().len(), 1);
        assert_eq!(
            err.violations()[0].path,
            format!("/properties/one/enum/{n}")
        );
        if n > 10_000 {
            continue;
        }
        // n titled options, under each revision (enum + enumNames in 2025-06-18).
        let titled: Vec<Value> = options
            .iter()
            .map(|o| json!({"const": o, "title": o}))
            .collect();
        let schema = json!({"type": "object", "properties": {"titled": {"type": "string", "oneOf": titled}}});
        for rev in Revision::ALL {
            timed(&format!("gate: n titled options ({rev})"), n, || {
                gate(&schema, rev)
            })
            .expect("titled select");
        }
        // n fields, all required, all wrong or all missing.
        let props: Map<String, Value> = names(n, "p")
            .into_iter()
            .map(|p| (p, json!({"type": "string", "maxLength": 5})))
            .collect();
        let required: Vec<Value> = props.keys().map(|k| json!(k)).collect();
        let content: Value = props
            .keys()
            .map(|k| (k.clone(), json!("toolong")))
            .collect::<Map<_, _>>()
            .into();
        let schema = json!({"type": "object", "properties": props, "required": required});
        let gated = timed("gate: n fields, all required", n, || {
            gate(&schema, Revision::V2025_11_25)
        })
        .expect("a wide form");
        let violations = timed("validate_content: n fields wrong", n, || {
            validate_content(&gated, &content)
        })
        .expect_err("too long");
        // Capped (issue 22): the first 100, then one entry counting the rest.
        assert_eq!(violations.len(), capped(n));
        let violations = timed("validate_content: n fields missing", n, || {
            validate_content(&gated, &json!({}))
        })
        .expect_err("all required");
        // Capped (issue 22): the first 100, then one entry counting the rest.
        assert_eq!(violations.len(), capped(n));
    }
}

/// Multi-select answers of n items against n options, and a multi-select
/// default of n items (membership was a linear scan of the options per item:
/// 100k took 5 to 11 s in release).
#[test]
fn multi_select_answers_grow_linearly() {
    for n in SIZES {
        let options = strings(&names(n, "o"));
        let schema = json!({"type": "object", "properties": {
            "multi": {"type": "array", "items": {"type": "string", "enum": options}, "maxItems": n},
            "withdefault": {"type": "array", "items": {"type": "string", "enum": options}, "default": options}
        }});
        let gated = timed("gate: multi-select with an n-item default", n, || {
            gate(&schema, Revision::V2025_11_25)
        })
        .expect("a multi-select");
        let all = json!({ "multi": options });
        timed("validate_content: n valid items of n options", n, || {
            validate_content(&gated, &all)
        })
        .expect("all valid");
        let content = json!({ "multi": strings(&names(n, "bad")) });
        let violations = timed("validate_content: n bad items of n options", n, || {
            validate_content(&gated, &content)
        })
        .expect_err("bad");
        // Capped (issue 22): the first 100, then one entry counting the rest.
        assert_eq!(violations.len(), capped(n));
    }
}

#[test]
fn convert_grows_linearly() {
    use Dialect::*;
    for n in SIZES {
        let big = n > 10_000;
        // n required properties: Anthropic counted optional ones and Gemini
        // looked for cycles with a list lookup per property (quadratic).
        let props: Map<String, Value> = names(n, "p")
            .into_iter()
            .map(|p| (p, json!({"type": "string"})))
            .collect();
        let required: Vec<Value> = props.keys().map(|k| json!(k)).collect();
        let wide = json!({"type": "object", "properties": props, "required": required});
        for dialect in [AnthropicStrict, GeminiJsonSchema, OpenAiStrict] {
            if big && dialect == OpenAiStrict {
                continue;
            }
            let result = timed(
                &format!("convert {dialect}: n required properties"),
                n,
                || convert(&wide, dialect),
            );
            match dialect {
                // 5000 properties at most.
                OpenAiStrict if n > 5000 => assert!(result.is_err()),
                _ => assert!(result.is_ok(), "{dialect}"),
            }
        }
        // `oneOf` of n titled constants, as `anyOf` (compared pair by pair).
        let consts: Vec<Value> = names(n, "c")
            .into_iter()
            .map(|c| json!({"const": c, "title": c}))
            .collect();
        let one_of =
            json!({"type": "object", "properties": {"c": {"oneOf": consts}}, "required": ["c"]});
        for dialect in [OpenAiStrict, Gemini, AnthropicStrict] {
            // One dialect at 100k: all share the comparison.
            if big && dialect != OpenAiStrict {
                continue;
            }
            let out = timed(
                &format!("convert {dialect}: oneOf of n titled consts"),
                n,
                || convert(&one_of, dialect),
            );
            if let Ok(out) = out {
                assert!(out["properties"]["c"]["anyOf"].is_array(), "{dialect}");
            }
        }
        if big {
            continue;
        }
        // Alternatives told apart by a tag, or by closed keys of their own
        // (externally tagged enums): pairwise before, 1k took 5 s.
        let tagged: Vec<Value> = names(n, "t")
            .into_iter()
            .map(|t| json!({"type": "object", "properties": {"kind": {"const": t}}, "required": ["kind"]}))
            .collect();
        let tagged =
            json!({"type": "object", "properties": {"c": {"oneOf": tagged}}, "required": ["c"]});
        let variants: Vec<Value> = names(n, "v")
            .into_iter()
            .map(|v| json!({"type": "object", "properties": {v.clone(): {"type": "integer"}}, "required": [v], "additionalProperties": false}))
            .collect();
        let external =
            json!({"type": "object", "properties": {"c": {"oneOf": variants}}, "required": ["c"]});
        let small = n <= 1_000;
        for (what, schema) in [
            ("tagged objects", &tagged),
            ("externally tagged", &external),
        ] {
            for dialect in [OpenAiStrict, Gemini] {
                if !small && dialect != OpenAiStrict {
                    continue;
                }
                let out = timed(&format!("convert {dialect}: oneOf of n {what}"), n, || {
                    convert(schema, dialect)
                });
                if let Ok(out) = out {
                    assert!(out["properties"]["c"]["anyOf"].is_array(), "{dialect}");
                }
            }
        }
        // n alternatives no linear test tells apart (one type, no constant,
        // no tag, no key of their own): refused at once, with one violation.
        let alike: Vec<Value> = names(n, "a")
            .into_iter()
            .map(|a| json!({"type": "integer", "title": a}))
            .collect();
        let alike =
            json!({"type": "object", "properties": {"c": {"oneOf": alike}}, "required": ["c"]});
        for dialect in [OpenAiStrict, Gemini] {
            if !small && dialect != OpenAiStrict {
                continue;
            }
            match timed(&format!("convert {dialect}: oneOf of n alike"), n, || {
                convert(&alike, dialect)
            }) {
                Ok(_) => panic!("{dialect}: alike alternatives are not exclusive"),
                Err(err) => {
                    assert_eq!(err.violations().len(), 1, "{err}");
                    assert_eq!(err.violations()[0].path, "/properties/c/oneOf");
                }
            }
        }
        // n enum values, every dialect.
        let big_enum = json!({"type": "object", "properties": {"e": {"enum": strings(&names(n, "e")), "type": "string"}}, "required": ["e"]});
        for dialect in Dialect::ALL {
            let _ = timed(&format!("convert {dialect}: enum of n strings"), n, || {
                convert(&big_enum, dialect)
            });
        }
    }
}

#[test]
fn decode_grows_linearly() {
    for n in SIZES {
        // n keys the type does not know, half null: OpenAI strict looks each
        // one up among the properties.
        let mut m = Map::new();
        m.insert("query".into(), json!("q"));
        for (i, name) in names(n, "k").into_iter().enumerate() {
            m.insert(name, if i % 2 == 0 { Value::Null } else { json!(i) });
        }
        m.insert("tags".into(), Value::Array(vec![json!("t"); n]));
        let value = Value::Object(m);
        for dialect in [Dialect::OpenAiStrict, Dialect::JsonSchema2020] {
            let decoded: Args = timed(&format!("decode {dialect}: n unknown keys"), n, || {
                dialect.decode(value.clone())
            })
            .expect("unknown keys are ignored");
            assert_eq!(decoded.tags.map(|t| t.len()), Some(n));
        }
        if n > 10_000 {
            continue;
        }
        let kids: Vec<Value> = (0..n)
            .map(|_| json!({"label": "k", "next": null, "kids": []}))
            .collect();
        let tree = json!({"label": "root", "kids": kids, "next": null});
        let decoded: Tree = timed("decode OpenAI strict: n children with nulls", n, || {
            Dialect::OpenAiStrict.decode(tree)
        })
        .expect("a wide tree");
        assert_eq!(decoded.kids.len(), n);
    }
}

use toolform_tests::growth::capped;

/// Found by `convert_holds_on_any_schema`: Gemini's `anyOf`-alone rule
/// refused a `type` the lowering wrote from `const`, at `/type`, a place the
/// input does not have; it is refused at `/const`.
#[test]
fn any_of_sibling_written_from_const_is_refused_at_the_const() {
    let schema = json!({"anyOf": [{"$ref": "#"}, {"type": "null"}], "const": "object"});
    check_convert(&schema).expect("every violation at a place of the input");
}
