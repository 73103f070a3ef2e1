//! `Dialect::decode` (OpenAI strict) walks the type's shape: the `null`s
//! strict mode adds to optional fields are removed in the variant and the
//! field they belong to, whatever the enum representation, and nothing else.

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use toolform::{ToolSchema, dialect::Dialect};
use toolform_tests::deep::{deep_array, deep_object, dispose};

fn strict<T: ToolSchema + DeserializeOwned>(doc: Value) -> Result<T, String> {
    Dialect::OpenAiStrict
        .decode::<T>(doc)
        .map_err(|e| e.to_string())
}

// ------------------------------------------------------------ reproducers

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
#[serde(tag = "kind")]
enum Action {
    Stop,
    Move {
        #[serde(default)]
        speed: u32,
    },
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
struct Command {
    action: Action,
}

#[test]
fn internally_tagged_later_variant_default() {
    let got: Command = strict(json!({"action": {"kind": "Move", "speed": null}})).unwrap();
    assert_eq!(got.action, Action::Move { speed: 0 });
    let got: Command = strict(json!({"action": {"kind": "Move", "speed": 4}})).unwrap();
    assert_eq!(got.action, Action::Move { speed: 4 });
    let got: Command = strict(json!({"action": {"kind": "Stop"}})).unwrap();
    assert_eq!(got.action, Action::Stop);
    // The document is one the strict schema accepts.
    let schema = Command::schema(Dialect::OpenAiStrict).unwrap();
    let doc = json!({"action": {"kind": "Move", "speed": null}});
    assert!(toolform_tests::agreement::validator(schema).is_valid(&doc));
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
#[serde(untagged)]
enum Loose {
    Named {
        x: String,
    },
    Counted {
        x: u32,
        #[serde(default)]
        y: u32,
    },
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
struct HasLoose {
    value: Loose,
}

#[test]
fn untagged_variant_picked_as_serde_tries_them() {
    // The first variant's keys are all present but its types are not: serde
    // goes on to the second, whose `y` takes its default.
    let got: HasLoose = strict(json!({"value": {"x": 1, "y": null}})).unwrap();
    assert_eq!(got.value, Loose::Counted { x: 1, y: 0 });
    let got: HasLoose = strict(json!({"value": {"x": "a"}})).unwrap();
    assert_eq!(got.value, Loose::Named { x: "a".into() });
    // Nothing reads it: left alone, serde says why.
    assert!(strict::<HasLoose>(json!({"value": {"x": true, "y": null}})).is_err());
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Stop,
    Move {
        #[serde(default)]
        speed: u32,
    },
    Turn(Turn),
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq, Default)]
struct Turn {
    #[serde(default)]
    degrees: i16,
    label: Option<String>,
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
struct HasAdjacent {
    a: Adjacent,
}

#[test]
fn adjacently_tagged_content_by_tag() {
    let got: HasAdjacent = strict(json!({"a": {"t": "Move", "c": {"speed": null}}})).unwrap();
    assert_eq!(got.a, Adjacent::Move { speed: 0 });
    let got: HasAdjacent =
        strict(json!({"a": {"t": "Turn", "c": {"degrees": null, "label": null}}})).unwrap();
    assert_eq!(got.a, Adjacent::Turn(Turn::default()));
    let got: HasAdjacent = strict(json!({"a": {"t": "Stop", "c": null}})).unwrap();
    assert_eq!(got.a, Adjacent::Stop);
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
enum External {
    Stop,
    Move {
        #[serde(default)]
        speed: u32,
    },
    Turn(Turn),
    Pair(Turn, Turn),
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
struct HasExternal {
    e: Vec<External>,
}

#[test]
fn externally_tagged_content_by_key() {
    let got: HasExternal = strict(json!({"e": [
        "Stop",
        {"Move": {"speed": null}},
        {"Turn": {"degrees": null, "label": "l"}},
        {"Pair": [{"degrees": null, "label": null}, {"degrees": 3, "label": null}]},
    ]}))
    .unwrap();
    assert_eq!(
        got.e,
        [
            External::Stop,
            External::Move { speed: 0 },
            External::Turn(Turn {
                degrees: 0,
                label: Some("l".into())
            }),
            External::Pair(
                Turn::default(),
                Turn {
                    degrees: 3,
                    label: None
                }
            ),
        ]
    );
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq, Default)]
struct Paging {
    #[serde(default)]
    page: u32,
    #[serde(default)]
    per_page: u8,
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
struct FlatStruct {
    query: String,
    #[serde(flatten)]
    paging: Paging,
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
struct FlatEnum {
    id: u32,
    #[serde(flatten)]
    action: Action,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
enum Pick {
    First {
        #[serde(default)]
        n: u8,
    },
    Second,
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
struct FlatMix {
    #[serde(flatten)]
    pick: Pick,
    #[serde(flatten)]
    adj: Adjacent,
    #[serde(flatten)]
    rest: BTreeMap<String, Paging>,
}

#[test]
fn flattened_structs_and_enums() {
    let got: FlatStruct = strict(json!({"query": "q", "page": null, "per_page": null})).unwrap();
    assert_eq!(got.paging, Paging::default());
    let got: FlatEnum =
        strict(json!({"id": 1, "kind": "Move", "speed": null, "note": null})).unwrap();
    assert_eq!(got.action, Action::Move { speed: 0 });
    let got: FlatMix = strict(json!({
        "First": {"n": null},
        "t": "Move",
        "c": {"speed": null},
        "other": {"page": null, "per_page": 2},
    }))
    .unwrap();
    assert_eq!(got.pick, Pick::First { n: 0 });
    assert_eq!(got.adj, Adjacent::Move { speed: 0 });
    assert_eq!(
        got.rest["other"],
        Paging {
            page: 0,
            per_page: 2
        }
    );
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
#[serde(untagged)]
enum FlatLoose {
    Sized {
        size: u32,
        #[serde(default)]
        unit: String,
    },
    Named {
        name: String,
    },
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
struct HasFlatLoose {
    id: u8,
    #[serde(flatten)]
    loose: FlatLoose,
}

#[test]
fn flattened_untagged_enum() {
    let got: HasFlatLoose = strict(json!({"id": 1, "size": 3, "unit": null})).unwrap();
    assert_eq!(
        got.loose,
        FlatLoose::Sized {
            size: 3,
            unit: String::new()
        }
    );
    let got: HasFlatLoose = strict(json!({"id": 1, "name": "n"})).unwrap();
    assert_eq!(got.loose, FlatLoose::Named { name: "n".into() });
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
struct Nested {
    list: Vec<Paging>,
    maybe: Option<Paging>,
    by_name: BTreeMap<String, Paging>,
    pairs: Vec<(Paging, Option<Paging>)>,
}

#[test]
fn nested_collections_of_structs() {
    let got: Nested = strict(json!({
        "list": [{"page": null, "per_page": null}, {"page": 2, "per_page": null}],
        "maybe": {"page": null, "per_page": 1},
        "by_name": {"a": {"page": null, "per_page": null}},
        "pairs": [[{"page": null, "per_page": null}, null], [{"page": 1, "per_page": 1}, {"page": null, "per_page": null}]],
    }))
    .unwrap();
    assert_eq!(
        got.list[1],
        Paging {
            page: 2,
            per_page: 0
        }
    );
    assert_eq!(
        got.maybe,
        Some(Paging {
            page: 0,
            per_page: 1
        })
    );
    assert_eq!(got.by_name["a"], Paging::default());
    assert_eq!(got.pairs[1].1, Some(Paging::default()));
    let got: Nested =
        strict(json!({"list": [], "maybe": null, "by_name": {}, "pairs": []})).unwrap();
    assert_eq!(got.maybe, None);
}

/// A recursive type through an internally tagged enum.
#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
#[serde(tag = "op")]
enum Expr {
    Lit {
        #[serde(default)]
        v: i64,
    },
    Neg {
        inner: Box<Expr>,
        #[serde(default)]
        note: String,
    },
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
struct Calc {
    expr: Expr,
}

#[test]
fn recursive_type_fifty_levels() {
    let mut doc = json!({"op": "Lit", "v": null});
    let mut want = Expr::Lit { v: 0 };
    for _ in 0..50 {
        doc = json!({"op": "Neg", "inner": doc, "note": null});
        want = Expr::Neg {
            inner: Box::new(want),
            note: String::new(),
        };
    }
    let got: Calc = strict(json!({ "expr": doc })).unwrap();
    assert_eq!(got.expr, want);
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
struct Aliased {
    #[serde(default, alias = "cnt")]
    count: u32,
    #[serde(alias = "lbl")]
    label: Option<String>,
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Renamed {
    #[serde(default)]
    max_items: u32,
    #[serde(default, rename = "名前")]
    name: String,
    event: Event,
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
#[serde(
    tag = "type",
    rename_all = "snake_case",
    rename_all_fields = "SCREAMING_SNAKE_CASE"
)]
enum Event {
    KeyPress {
        #[serde(default)]
        key_code: u32,
    },
    MouseMove {
        #[serde(default)]
        delta_x: i32,
    },
}

#[test]
fn aliases_and_renames() {
    let got: Aliased = strict(json!({"count": null, "label": null})).unwrap();
    assert_eq!((got.count, got.label), (0, None));
    let got: Aliased = strict(json!({"cnt": null, "lbl": "x"})).unwrap();
    assert_eq!((got.count, got.label.as_deref()), (0, Some("x")));
    let got: Renamed = strict(json!({
        "maxItems": null,
        "名前": null,
        "event": {"type": "mouse_move", "DELTA_X": null},
    }))
    .unwrap();
    assert_eq!(got.max_items, 0);
    assert_eq!(got.name, "");
    assert_eq!(got.event, Event::MouseMove { delta_x: 0 });
    // The Rust names are not wire names: left alone, serde refuses the
    // `null` only where it reads the key (`deny_unknown_fields` is off).
    let got: Renamed =
        strict(json!({"max_items": null, "event": {"type": "key_press", "key_code": null}}))
            .unwrap();
    assert_eq!(got.event, Event::KeyPress { key_code: 0 });
}

fn seven() -> u32 {
    7
}

fn hello() -> String {
    "hello".into()
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
#[serde(tag = "kind")]
enum WithPathDefault {
    Plain,
    Custom {
        #[serde(default = "seven")]
        n: u32,
        #[serde(default = "hello")]
        greeting: String,
    },
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
struct HasPathDefault {
    w: WithPathDefault,
}

#[test]
fn variant_field_default_path() {
    let got: HasPathDefault =
        strict(json!({"w": {"kind": "Custom", "n": null, "greeting": null}})).unwrap();
    assert_eq!(
        got.w,
        WithPathDefault::Custom {
            n: 7,
            greeting: "hello".into()
        }
    );
}

/// Types that read `null` keep it, default or not.
#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
struct ReadsNull {
    #[serde(default)]
    unit: (),
    #[serde(default)]
    any: Value,
    #[serde(default)]
    opt: Option<u8>,
    #[serde(default)]
    maybe: MaybeNull,
    #[serde(default = "seven")]
    n: u32,
}

#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq, Default)]
#[serde(untagged)]
enum MaybeNull {
    Some(u8),
    #[default]
    Nothing,
}

#[test]
fn nulls_read_by_the_type_stay() {
    let got: ReadsNull =
        strict(json!({"unit": null, "any": null, "opt": null, "maybe": null, "n": null})).unwrap();
    assert_eq!(got.any, Value::Null);
    assert_eq!(got.maybe, MaybeNull::Nothing);
    assert_eq!(got.n, 7);
    // A required field's null is the model's mistake: serde reports it.
    assert!(strict::<Command>(json!({"action": null})).is_err());
    let err = strict::<Paging>(json!({"page": "x", "per_page": null})).unwrap_err();
    assert!(err.contains("invalid type"), "{err}");
}

// ------------------------------------------------------------ agreement

/// Adds `null` for every property a strict schema requires, the document
/// lacks and the schema lets be `null`: what a strict model writes for an
/// optional field it leaves out. Follows `$ref`, and `anyOf` through the
/// alternative the document loosely matches.
fn fill(doc: &mut Value, schema: &Value, root: &Value, depth: usize) {
    assert!(depth < 200, "fill: too deep");
    let schema = resolve(schema, root);
    if let Some(Value::Array(alts)) = schema.get("anyOf") {
        let pick = alts
            .iter()
            .find(|alt| loosely(doc, alt, root, 0) && !alt.get("type").is_some_and(|t| t == "null"))
            .or_else(|| alts.iter().find(|alt| loosely(doc, alt, root, 0)));
        if let Some(alt) = pick {
            fill(doc, alt, root, depth + 1);
        }
        return;
    }
    match doc {
        Value::Object(map) => {
            let Some(Value::Object(props)) = schema.get("properties") else {
                return;
            };
            for (key, prop) in props {
                if !map.contains_key(key) && accepts_null(prop, root) {
                    map.insert(key.clone(), Value::Null);
                }
            }
            for (key, value) in map.iter_mut() {
                if let Some(prop) = props.get(key) {
                    fill(value, prop, root, depth + 1);
                }
            }
        }
        Value::Array(items) => {
            if let Some(Value::Array(prefix)) = schema.get("prefixItems") {
                for (item, s) in items.iter_mut().zip(prefix) {
                    fill(item, s, root, depth + 1);
                }
            } else if let Some(s) = schema.get("items") {
                for item in items {
                    fill(item, s, root, depth + 1);
                }
            }
        }
        _ => {}
    }
}

fn resolve<'a>(mut schema: &'a Value, root: &'a Value) -> &'a Value {
    for _ in 0..16 {
        match schema.get("$ref").and_then(Value::as_str) {
            Some("#") => schema = root,
            Some(r) => match r.strip_prefix('#').and_then(|p| root.pointer(p)) {
                Some(s) => schema = s,
                None => return schema,
            },
            None => return schema,
        }
    }
    schema
}

fn accepts_null(schema: &Value, root: &Value) -> bool {
    let schema = resolve(schema, root);
    match schema.get("type") {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(t)) => t.contains(&json!("null")),
        _ => schema
            .get("anyOf")
            .and_then(Value::as_array)
            .is_some_and(|alts| alts.iter().any(|a| accepts_null(a, root))),
    }
}

/// Whether `doc` could be an instance of `schema`, nulls to be filled
/// aside: types, constants and enums, the keys of objects, recursively.
fn loosely(doc: &Value, schema: &Value, root: &Value, depth: usize) -> bool {
    if depth > 64 {
        return true;
    }
    let schema = resolve(schema, root);
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(alts)) = schema.get(key) {
            return alts.iter().any(|a| loosely(doc, a, root, depth + 1));
        }
    }
    if let Some(c) = schema.get("const")
        && c != doc
    {
        return false;
    }
    if let Some(Value::Array(e)) = schema.get("enum")
        && !e.contains(doc)
    {
        return false;
    }
    let kind = match doc {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "number",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    let typed = |t: &Value| t == kind || (kind == "integer" && t == "number");
    match schema.get("type") {
        Some(Value::String(t)) if !typed(&Value::from(t.as_str())) => return false,
        Some(Value::Array(ts)) if !ts.iter().any(typed) => return false,
        _ => {}
    }
    match doc {
        Value::Object(map) => {
            let props = schema.get("properties").and_then(Value::as_object);
            let Some(props) = props else { return true };
            map.iter()
                .all(|(k, v)| props.get(k).is_some_and(|p| loosely(v, p, root, depth + 1)))
                && props
                    .iter()
                    .all(|(k, p)| map.contains_key(k) || accepts_null(p, root))
        }
        Value::Array(items) => match (schema.get("prefixItems"), schema.get("items")) {
            (Some(Value::Array(prefix)), _) => {
                prefix.len() == items.len()
                    && items
                        .iter()
                        .zip(prefix)
                        .all(|(i, s)| loosely(i, s, root, depth + 1))
            }
            (_, Some(s)) => items.iter().all(|i| loosely(i, s, root, depth + 1)),
            _ => true,
        },
        _ => true,
    }
}

/// Removes every property whose value is its schema's `default` (the input
/// schema in 2020-12, which names defaults): a model may leave those out,
/// and strict mode then has it write `null`.
fn strip_defaults(doc: &mut Value, schema: &Value, root: &Value, depth: usize) {
    assert!(depth < 200, "strip: too deep");
    let schema = resolve(schema, root);
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(alts)) = schema.get(key) {
            let pick = alts.iter().find(|alt| loosely(doc, alt, root, 0));
            if let Some(alt) = pick {
                strip_defaults(doc, alt, root, depth + 1);
            }
            return;
        }
    }
    match doc {
        Value::Object(map) => {
            let Some(Value::Object(props)) = schema.get("properties") else {
                return;
            };
            // A property that takes `null` keeps its value: strict mode's
            // `null` there means `null` (an `Option`'s `None`), not "absent".
            map.retain(|key, value| {
                let Some(p) = props.get(key) else { return true };
                accepts_null(p, root)
                    || resolve(p, root).get("default").or(p.get("default")) != Some(value)
            });
            for (key, value) in map.iter_mut() {
                if let Some(prop) = props.get(key) {
                    strip_defaults(value, prop, root, depth + 1);
                }
            }
        }
        Value::Array(items) => {
            if let Some(Value::Array(prefix)) = schema.get("prefixItems") {
                for (item, s) in items.iter_mut().zip(prefix) {
                    strip_defaults(item, s, root, depth + 1);
                }
            } else if let Some(s) = schema.get("items") {
                for item in items {
                    strip_defaults(item, s, root, depth + 1);
                }
            }
        }
        _ => {}
    }
}

/// For each sample: serde's value, its defaults left out and the rest
/// filled as a strict model writes it,
/// valid under the strict schema, decoded back to the same value. The
/// number of documents checked.
fn round_trips<T>(samples: &[T]) -> usize
where
    T: ToolSchema + DeserializeOwned + Serialize,
{
    let name = std::any::type_name::<T>();
    let schema = T::schema(Dialect::OpenAiStrict)
        .unwrap_or_else(|e| panic!("{name}: not written for OpenAI strict: {e}"));
    let validator = toolform_tests::agreement::validator(schema);
    let mut filled_some = 0;
    for sample in samples {
        let original = serde_json::to_value(sample).unwrap();
        let mut doc = original.clone();
        let full = T::input_schema();
        strip_defaults(&mut doc, full, full, 0);
        fill(&mut doc, schema, schema, 0);
        if doc != original {
            filled_some += 1;
        }
        let errors: Vec<String> = validator
            .iter_errors(&doc)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{name}: the strict schema refuses {doc}: {errors:?}\n{schema:#}"
        );
        let decoded: T = Dialect::OpenAiStrict
            .decode(doc.clone())
            .unwrap_or_else(|e| panic!("{name}: decode refuses {doc}: {e}"));
        let back = serde_json::to_value(&decoded).unwrap();
        assert_eq!(back, original, "{name}: {doc} decodes to another value");
    }
    assert!(
        filled_some > 0,
        "{name}: no sample had a null to fill: the check proves nothing"
    );
    samples.len()
}

mod corpus {
    //! Types shaped like the ones in derive/structs.rs and derive/enums.rs, each with
    //! optional fields strict mode makes nullable.
    use super::*;

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct Search {
        pub query: String,
        #[serde(default)]
        pub limit: u32,
        pub since: Option<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub tags: Vec<String>,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Camel {
        #[serde(default)]
        pub page_size: u16,
        #[serde(default = "super::seven")]
        pub retry_count: u32,
        pub first_name: String,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Closed {
        #[serde(default)]
        pub a: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub b: Option<i8>,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct Nest {
        pub inner: Closed,
        pub list: Vec<Camel>,
        pub opt: Option<Box<Closed>>,
        pub more: Vec<Option<Closed>>,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct Flat {
        pub id: u32,
        #[serde(flatten)]
        pub paging: super::Paging,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct HasAction {
        pub action: super::Action,
        pub actions: Vec<super::Action>,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    #[serde(tag = "type", rename_all = "snake_case")]
    pub enum Shape {
        Circle {
            #[serde(default)]
            radius: f64,
        },
        Square {
            side: u32,
            #[serde(default)]
            rotated: bool,
        },
        Empty,
        Wrapped(super::Paging),
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct HasShape {
        pub shape: Shape,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    #[serde(tag = "t", content = "c")]
    pub enum Adj {
        Unit,
        One(u8),
        Many {
            #[serde(default)]
            n: u32,
            #[serde(default)]
            s: String,
        },
        Both(super::Paging),
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct HasAdj {
        pub adj: Adj,
        pub more: Option<Adj>,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub enum Ext {
        Unit,
        Struct {
            #[serde(default)]
            x: i32,
        },
        Newtype(super::Paging),
        Other(Closed),
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct HasExt {
        pub ext: Vec<Ext>,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    #[serde(untagged)]
    pub enum Untagged {
        Text(String),
        Point {
            x: i32,
            #[serde(default)]
            y: i32,
        },
        Labelled {
            label: String,
            #[serde(default)]
            weight: u8,
        },
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct HasUntagged {
        pub u: Untagged,
        pub us: Vec<Untagged>,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct Tree {
        pub label: String,
        #[serde(default)]
        pub weight: u32,
        #[serde(default)]
        pub kids: Vec<Tree>,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct Calc {
        pub expr: super::Expr,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct Aliased {
        #[serde(default, alias = "n")]
        pub count: u32,
        #[serde(alias = "t")]
        pub title: String,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct Events {
        pub events: Vec<super::Event>,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    #[serde(default)]
    pub struct AllDefault {
        pub a: u8,
        pub b: String,
        pub c: Vec<u8>,
        pub d: Option<u8>,
    }

    impl Default for AllDefault {
        fn default() -> Self {
            AllDefault {
                a: 1,
                b: "b".into(),
                c: vec![1],
                d: Some(1),
            }
        }
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct Meters(pub f64);

    #[derive(Deserialize, Serialize, ToolSchema)]
    #[serde(transparent)]
    pub struct Wrapper {
        pub inner: super::Paging,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct Wrappers {
        #[serde(default)]
        pub m: Option<Meters>,
        pub w: Wrapper,
        pub ws: Vec<Wrapper>,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    #[serde(tag = "op")]
    pub enum WithOther {
        Add {
            #[serde(default)]
            by: u32,
        },
        #[serde(alias = "subtract")]
        Sub {
            #[serde(default)]
            by: u32,
        },
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct HasOther {
        pub ops: Vec<WithOther>,
    }

    #[derive(Deserialize, Serialize, ToolSchema)]
    pub struct Options {
        pub t: Option<Option<Closed>>,
        #[serde(default)]
        pub u: Option<Vec<Closed>>,
        #[serde(default)]
        pub v: Vec<Vec<super::Paging>>,
    }
}

#[test]
fn strict_documents_round_trip_through_decode() {
    use corpus::*;
    let paging = |page, per_page| Paging { page, per_page };
    let closed = |a, b| Closed { a, b };
    let mut total = 0;
    let mut types = 0;
    let mut count = |n: usize| {
        total += n;
        types += 1;
    };
    count(round_trips(&[
        Search {
            query: "q".into(),
            limit: 0,
            since: None,
            tags: vec![],
        },
        Search {
            query: "é漢".into(),
            limit: 9,
            since: Some("x".into()),
            tags: vec!["a".into()],
        },
    ]));
    count(round_trips(&[
        Camel {
            page_size: 0,
            retry_count: 7,
            first_name: "a".into(),
        },
        Camel {
            page_size: 3,
            retry_count: 0,
            first_name: "".into(),
        },
    ]));
    count(round_trips(&[closed(false, None), closed(true, Some(-1))]));
    count(round_trips(&[
        Nest {
            inner: closed(true, None),
            list: vec![Camel {
                page_size: 1,
                retry_count: 7,
                first_name: "n".into(),
            }],
            opt: Some(Box::new(closed(false, None))),
            more: vec![Some(closed(false, Some(2))), None],
        },
        Nest {
            inner: closed(false, Some(1)),
            list: vec![],
            opt: None,
            more: vec![],
        },
    ]));
    count(round_trips(&[
        Flat {
            id: 1,
            paging: paging(0, 0),
        },
        Flat {
            id: 2,
            paging: paging(3, 4),
        },
    ]));
    count(round_trips(&[
        HasAction {
            action: Action::Stop,
            actions: vec![Action::Move { speed: 0 }, Action::Stop],
        },
        HasAction {
            action: Action::Move { speed: 3 },
            actions: vec![],
        },
    ]));
    count(round_trips(&[
        HasShape {
            shape: Shape::Circle { radius: 1.5 },
        },
        HasShape {
            shape: Shape::Square {
                side: 2,
                rotated: false,
            },
        },
        HasShape {
            shape: Shape::Empty,
        },
        HasShape {
            shape: Shape::Wrapped(paging(0, 1)),
        },
    ]));
    count(round_trips(&[
        HasAdj {
            adj: Adj::Unit,
            more: None,
        },
        HasAdj {
            adj: Adj::One(1),
            more: Some(Adj::Many { n: 0, s: "".into() }),
        },
        HasAdj {
            adj: Adj::Both(paging(1, 0)),
            more: Some(Adj::Unit),
        },
    ]));
    count(round_trips(&[
        HasExt {
            ext: vec![Ext::Unit, Ext::Struct { x: 0 }],
        },
        HasExt {
            ext: vec![Ext::Newtype(paging(0, 0)), Ext::Other(closed(true, None))],
        },
    ]));
    count(round_trips(&[
        HasUntagged {
            u: Untagged::Text("t".into()),
            us: vec![Untagged::Point { x: 1, y: 0 }],
        },
        HasUntagged {
            u: Untagged::Labelled {
                label: "l".into(),
                weight: 0,
            },
            us: vec![
                Untagged::Text("".into()),
                Untagged::Labelled {
                    label: "m".into(),
                    weight: 2,
                },
            ],
        },
    ]));
    count(round_trips(&[
        Tree {
            label: "leaf".into(),
            weight: 0,
            kids: vec![],
        },
        Tree {
            label: "root".into(),
            weight: 1,
            kids: vec![Tree {
                label: "k".into(),
                weight: 0,
                kids: vec![Tree {
                    label: "kk".into(),
                    weight: 2,
                    kids: vec![],
                }],
            }],
        },
    ]));
    let mut deep = Expr::Lit { v: 0 };
    for _ in 0..20 {
        deep = Expr::Neg {
            inner: Box::new(deep),
            note: String::new(),
        };
    }
    count(round_trips(&[
        corpus::Calc {
            expr: Expr::Lit { v: 3 },
        },
        corpus::Calc { expr: deep },
    ]));
    count(round_trips(&[
        corpus::Aliased {
            count: 0,
            title: "t".into(),
        },
        corpus::Aliased {
            count: 5,
            title: "".into(),
        },
    ]));
    count(round_trips(&[Events {
        events: vec![
            Event::KeyPress { key_code: 0 },
            Event::MouseMove { delta_x: -3 },
        ],
    }]));
    count(round_trips(&[
        AllDefault::default(),
        AllDefault {
            a: 0,
            b: "".into(),
            c: vec![],
            d: None,
        },
    ]));
    count(round_trips(&[
        Wrappers {
            m: None,
            w: Wrapper {
                inner: paging(0, 0),
            },
            ws: vec![Wrapper {
                inner: paging(1, 1),
            }],
        },
        Wrappers {
            m: Some(Meters(1.5)),
            w: Wrapper {
                inner: paging(2, 0),
            },
            ws: vec![],
        },
    ]));
    count(round_trips(&[HasOther {
        ops: vec![WithOther::Add { by: 0 }, WithOther::Sub { by: 2 }],
    }]));
    count(round_trips(&[
        Options {
            t: None,
            u: None,
            v: vec![],
        },
        Options {
            t: Some(Some(closed(false, Some(1)))),
            u: Some(vec![closed(true, None)]),
            v: vec![vec![paging(0, 0), paging(1, 0)], vec![]],
        },
    ]));
    count(round_trips(&[
        Command {
            action: Action::Move { speed: 0 },
        },
        Command {
            action: Action::Stop,
        },
    ]));
    count(round_trips(&[
        HasAdjacent {
            a: Adjacent::Turn(Turn::default()),
        },
        HasAdjacent {
            a: Adjacent::Move { speed: 0 },
        },
    ]));
    count(round_trips(&[HasPathDefault {
        w: WithPathDefault::Custom {
            n: 7,
            greeting: "hi".into(),
        },
    }]));
    // Every combination of a few values, for the types with most choices.
    let mut searches = Vec::new();
    for limit in [0, 5] {
        for since in [None, Some("s".to_string())] {
            for tags in [vec![], vec!["t".to_string()]] {
                let (since, tags) = (since.clone(), tags.clone());
                let query = "q".into();
                searches.push(Search {
                    query,
                    limit,
                    since,
                    tags,
                });
            }
        }
    }
    total += round_trips(&searches);
    let shapes = || {
        [
            Shape::Circle { radius: 0.0 },
            Shape::Circle { radius: 2.5 },
            Shape::Square {
                side: 1,
                rotated: false,
            },
            Shape::Square {
                side: 0,
                rotated: true,
            },
            Shape::Empty,
            Shape::Wrapped(paging(0, 0)),
            Shape::Wrapped(paging(4, 0)),
        ]
    };
    let all: Vec<HasShape> = shapes()
        .into_iter()
        .map(|shape| HasShape { shape })
        .collect();
    total += round_trips(&all);
    let untagged = || {
        [
            Untagged::Text("é".into()),
            Untagged::Point { x: 0, y: 0 },
            Untagged::Point { x: -1, y: 2 },
            Untagged::Labelled {
                label: "l".into(),
                weight: 0,
            },
            Untagged::Labelled {
                label: "".into(),
                weight: 3,
            },
        ]
    };
    let mut all = Vec::new();
    for u in untagged() {
        all.push(HasUntagged {
            u,
            us: untagged().into_iter().collect(),
        });
    }
    total += round_trips(&all);
    let adjs = || {
        [
            Adj::Unit,
            Adj::One(0),
            Adj::Many { n: 0, s: "".into() },
            Adj::Many { n: 1, s: "".into() },
            Adj::Many {
                n: 0,
                s: "s".into(),
            },
            Adj::Both(paging(0, 0)),
            Adj::Both(paging(0, 9)),
        ]
    };
    let mut all = Vec::new();
    for (adj, more) in adjs().into_iter().zip(adjs().into_iter().rev()) {
        all.push(HasAdj {
            adj,
            more: Some(more),
        });
    }
    total += round_trips(&all);
    let mut trees: Vec<Tree> = Vec::new();
    let mut tree = Tree {
        label: "0".into(),
        weight: 0,
        kids: vec![],
    };
    for depth in 1..=8u32 {
        let sibling = Tree {
            label: "s".into(),
            weight: depth % 2,
            kids: vec![],
        };
        tree = Tree {
            label: depth.to_string(),
            weight: depth % 3,
            kids: vec![tree, sibling],
        };
        let copy = serde_json::from_value(serde_json::to_value(&tree).unwrap()).unwrap();
        trees.push(copy);
    }
    total += round_trips(&trees);
    println!("{types} types, {total} strict documents filled, validated and decoded back");
    assert!(types >= 20);
}

// ------------------------------------------------------------ adversarial

use toolform_tests::growth::timed;

#[test]
fn deep_values_are_refused_or_walked_without_overflow() {
    for depth in [1000, 100_000] {
        for value in [deep_array(depth), deep_object(depth)] {
            let doc = json!({"action": {"kind": "Move", "speed": null}});
            let mut doc = doc;
            if let Value::Object(m) = &mut doc {
                m.insert("extra".into(), value);
            }
            assert!(strict::<Command>(doc).unwrap_err().contains("deeper than"));
        }
        let mut nested = json!({"op": "Lit", "v": null});
        for _ in 0..depth {
            let mut m = Map::new();
            m.insert("op".into(), json!("Neg"));
            m.insert("inner".into(), nested);
            m.insert("note".into(), Value::Null);
            nested = Value::Object(m);
        }
        let mut doc = Map::new();
        doc.insert("expr".into(), nested);
        assert!(
            strict::<Calc>(Value::Object(doc))
                .unwrap_err()
                .contains("deeper than")
        );
        let mut loose = json!({"x": 1, "y": null});
        for _ in 0..depth {
            loose = Value::Array(vec![loose]);
        }
        let mut doc = Map::new();
        doc.insert("value".into(), loose);
        assert!(strict::<HasLoose>(Value::Object(doc)).is_err());
    }
    // The deepest a strict model can send: 63 `Neg`s (two levels each).
    let mut doc = json!({"op": "Lit", "v": null});
    for _ in 0..62 {
        doc = json!({"op": "Neg", "inner": doc, "note": null});
    }
    let got: Calc = strict(json!({ "expr": doc })).unwrap();
    let mut depth = 0;
    let mut at = &got.expr;
    while let Expr::Neg { inner, .. } = at {
        depth += 1;
        at = inner;
    }
    assert_eq!(depth, 62);
}

/// A recursive untagged type: each level tried as serde tries it.
#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
#[serde(untagged)]
enum Nest {
    Leaf {
        #[serde(default)]
        n: u8,
        leaf: bool,
    },
    Node {
        #[serde(default)]
        n: u8,
        kids: Vec<Nest>,
    },
}

#[test]
fn recursive_untagged_deep_and_wide() {
    let mut doc = json!({"n": null, "leaf": true});
    for _ in 0..60 {
        doc = json!({"n": null, "kids": [doc, {"n": null, "leaf": false}]});
    }
    let got: Nest = strict(doc).unwrap();
    let Nest::Node { n: 0, kids } = got else {
        panic!("a node")
    };
    assert_eq!(kids[1], Nest::Leaf { n: 0, leaf: false });
    for n in [1_000, 10_000, 100_000] {
        let kids: Vec<Value> = (0..n)
            .map(|_| json!({"n": null, "kids": [{"n": null, "leaf": true}]}))
            .collect();
        let doc = json!({"n": null, "kids": kids});
        let got: Nest = timed("untagged tree, n kids", n, || strict(doc)).unwrap();
        let Nest::Node { kids, .. } = got else {
            panic!("a node")
        };
        assert_eq!(kids.len(), n);
    }
}

#[derive(Deserialize, Serialize, ToolSchema, Debug)]
struct Wide {
    #[serde(default)]
    a: u32,
    #[serde(flatten)]
    rest: BTreeMap<String, Paging>,
}

#[test]
fn wide_objects_and_non_ascii_keys_grow_linearly() {
    for n in [1_000, 10_000, 100_000] {
        // n keys a struct does not know, half null, non-ASCII.
        let mut m = Map::new();
        m.insert("query".into(), json!("q"));
        m.insert("page".into(), Value::Null);
        for i in 0..n {
            m.insert(
                format!("clé-{i}-漢字-🦀"),
                if i % 2 == 0 { Value::Null } else { json!(i) },
            );
        }
        let doc = Value::Object(m);
        let got: FlatStruct = timed("unknown keys", n, || strict(doc)).unwrap();
        assert_eq!(got.paging.page, 0);
        // n keys a flattened map reads, each a struct with nulls.
        let mut m = Map::new();
        m.insert("a".into(), Value::Null);
        for i in 0..n {
            m.insert(format!("ключ{i}"), json!({"page": null, "per_page": null}));
        }
        let got: Wide = timed("flattened map entries", n, || strict(Value::Object(m))).unwrap();
        assert_eq!(got.rest.len(), n);
        // n internally tagged values in a list.
        let actions: Vec<Value> = (0..n)
            .map(|i| {
                if i % 2 == 0 {
                    json!({"kind": "Move", "speed": null})
                } else {
                    json!({"kind": "Stop"})
                }
            })
            .collect();
        let got: corpus::HasAction = timed("tagged list", n, || {
            strict(json!({"action": {"kind": "Stop"}, "actions": actions}))
        })
        .unwrap();
        assert_eq!(got.actions.len(), n);
        // n untagged values in a list, most matching the last variant.
        let us: Vec<Value> = (0..n)
            .map(|i| json!({"label": format!("é{i}"), "weight": null}))
            .collect();
        let got: corpus::HasUntagged =
            timed("untagged list", n, || strict(json!({"u": "t", "us": us}))).unwrap();
        assert_eq!(got.us.len(), n);
        // n untagged values two variants could read: each tried in order.
        let loose: Vec<Value> = (0..n).map(|i| json!({"x": i, "y": null})).collect();
        let got: Vec<Loose> = timed("untagged list, two candidates", n, || {
            strict(Value::Array(loose))
        })
        .unwrap();
        assert!(got.iter().all(|l| matches!(l, Loose::Counted { y: 0, .. })));
    }
}

#[test]
fn odd_values_never_panic() {
    let odd = [
        json!(null),
        json!(1),
        json!("é"),
        json!([]),
        json!({}),
        json!({"action": null}),
        json!({"action": {"kind": null, "speed": null}}),
        json!({"action": {"kind": 1}}),
        json!({"action": {"kind": "Nope", "speed": null}}),
        json!({"action": [null]}),
        json!({"value": {"x": null, "y": null}}),
        json!({"a": {"t": null, "c": null}}),
        json!({"a": {"t": "Move", "c": [null]}}),
        json!({"e": [{"Move": null, "Stop": null}]}),
    ];
    for doc in odd {
        let _ = strict::<Command>(doc.clone());
        let _ = strict::<HasLoose>(doc.clone());
        let _ = strict::<HasAdjacent>(doc.clone());
        let _ = strict::<HasExternal>(doc.clone());
        let _ = strict::<FlatMix>(doc.clone());
        let _ = strict::<HasFlatLoose>(doc.clone());
        let _ = strict::<Nest>(doc);
    }
    dispose(deep_array(10));
}

/// Two untagged variants alike down to a key's type: each level is tried
/// twice, and the first try walks all the levels below.
#[derive(Deserialize, Serialize, ToolSchema, Debug, PartialEq)]
#[serde(untagged)]
enum Twin {
    Number {
        tag: u8,
        #[serde(default)]
        a: u8,
        next: Option<Box<Twin>>,
    },
    Text {
        tag: String,
        #[serde(default)]
        b: u8,
        next: Option<Box<Twin>>,
    },
}

fn twins(depth: usize) -> Value {
    let mut doc = Value::Null;
    for _ in 0..depth {
        doc = json!({"tag": "t", "b": null, "next": doc});
    }
    doc
}

#[test]
fn untagged_trials_stay_within_their_budget() {
    // Shallow: every level tried, every `null` gone.
    let got: Twin = strict(twins(8)).unwrap();
    let mut levels = 0;
    let mut at = Some(&got);
    while let Some(Twin::Text { b: 0, next, .. }) = at {
        levels += 1;
        at = next.as_deref();
    }
    assert_eq!(levels, 8);
    // Deep: trying each level twice would take 2^60 walks; the trials stop
    // at their budget (linear in the value) and leave the rest to serde.
    let result = timed("twin chain, 60 levels", 60, || strict::<Twin>(twins(60)));
    println!("60 levels: {:?}", result.as_ref().map(|_| "decoded"));
    let decoded = (8..=60)
        .take_while(|&d| strict::<Twin>(twins(d)).is_ok())
        .last();
    println!("twin chains decode up to {decoded:?} levels within the budget");
}
