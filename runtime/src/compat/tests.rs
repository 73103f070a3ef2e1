//! Unit tests of the containment check's reasoning (the rules table, with
//! witnesses checked by a validator, is in tests/tests/suite/compat.rs).

use super::*;
use serde_json::json;

fn input(old: Value, new: Value) -> Report {
    diff(&old, &new, Contract::Input)
}

#[test]
fn tighter_maximum_is_breaking_on_input_with_the_issue_message() {
    let r = input(
        json!({"maximum": 100, "type": "integer"}),
        json!({"maximum": 50, "type": "integer"}),
    );
    assert!(r.is_breaking());
    assert_eq!(r.changes()[0].pointer(), "/maximum");
    assert_eq!(
        r.changes()[0].message(),
        "`/maximum`: 100 → 50: an input of 51..100 that was accepted is now refused"
    );
}

#[test]
fn identical_and_reordered_schemas_have_no_changes() {
    let a = json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["a"]});
    let b = json!({"required": ["a"], "properties": {"b": {"type": "integer"}, "a": {"type": "string"}}, "type": "object"});
    assert!(input(a.clone(), b.clone()).changes().is_empty());
    assert!(diff(&a, &b, Contract::Output).changes().is_empty());
}

#[test]
fn widening_is_listed_as_compatible() {
    let r = input(
        json!({"type": "integer", "maximum": 50}),
        json!({"type": "integer", "maximum": 100}),
    );
    assert!(!r.is_breaking());
    assert_eq!(r.changes().len(), 1);
    assert!(
        r.changes()[0]
            .message()
            .contains("51..100 that was refused is now accepted"),
        "{r}"
    );
}

#[test]
fn refs_restructured_keep_meaning() {
    let a = json!({"type": "object", "properties": {"x": {"$ref": "#/$defs/X"}}, "$defs": {"X": {"type": "string", "maxLength": 3}}});
    let b = json!({"type": "object", "properties": {"x": {"$ref": "#/definitions/Y"}}, "definitions": {"Y": {"allOf": [{"type": "string"}, {"maxLength": 3}]}}});
    let r = input(a.clone(), b.clone());
    assert!(r.changes().is_empty(), "{r}");
    assert!(diff(&a, &b, Contract::Output).changes().is_empty());
}

#[test]
fn recursive_schemas_terminate() {
    let a = json!({"$defs": {"n": {"type": "object", "properties": {"next": {"$ref": "#/$defs/n"}, "v": {"type": "integer"}}}}, "$ref": "#/$defs/n"});
    let b = json!({"$defs": {"m": {"type": "object", "properties": {"v": {"type": "integer"}, "next": {"$ref": "#/$defs/m"}}}}, "$ref": "#/$defs/m"});
    assert!(input(a.clone(), b).changes().is_empty());
    let c = json!({"$defs": {"m": {"type": "object", "properties": {"v": {"type": "integer", "minimum": 0}, "next": {"$ref": "#/$defs/m"}}}}, "$ref": "#/$defs/m"});
    let r = input(a, c);
    assert!(r.is_breaking(), "{r}");
    assert_eq!(r.changes()[0].pointer(), "/$defs/m/properties/v/minimum");
}

#[test]
fn ref_cycles_without_progress_terminate() {
    let a = json!({"$ref": "#"});
    let b = json!({"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a", "type": "string"});
    let _ = input(a.clone(), b.clone());
    let _ = input(b, a);
}

#[test]
fn one_of_consts_equals_enum() {
    let a = json!({"enum": ["a", "b"]});
    let b = json!({"oneOf": [{"const": "a", "description": "A"}, {"const": "b"}]});
    assert!(
        input(a.clone(), b.clone()).changes().is_empty(),
        "{}",
        input(a.clone(), b.clone())
    );
    assert!(
        input(b.clone(), a.clone()).changes().is_empty(),
        "{}",
        input(b.clone(), a.clone())
    );
    assert!(diff(&a, &b, Contract::Output).changes().is_empty());
}

#[test]
fn nullable_spellings_agree() {
    let a = json!({"type": ["string", "null"]});
    let b = json!({"anyOf": [{"type": "string"}, {"type": "null"}]});
    assert!(
        input(a.clone(), b.clone()).changes().is_empty(),
        "{}",
        input(a.clone(), b.clone())
    );
    assert!(input(b, a).changes().is_empty());
}

#[test]
fn serde_tagged_enum_variant_added_is_output_breaking_only() {
    let v = |tag: &str| json!({"type": "object", "properties": {"kind": {"const": tag}, "x": {"type": "integer"}}, "required": ["kind"], "additionalProperties": false});
    let old = json!({"oneOf": [v("a"), v("b")]});
    let new = json!({"oneOf": [v("a"), v("b"), v("c")]});
    let r = input(old.clone(), new.clone());
    assert!(!r.is_breaking(), "{r}");
    let r = diff(&old, &new, Contract::Output);
    assert!(r.is_breaking(), "{r}");
}

#[test]
fn pattern_changes_fail_closed_and_same_pattern_passes() {
    let r = input(
        json!({"type": "string", "pattern": "^a+$"}),
        json!({"type": "string", "pattern": "^[ab]+$"}),
    );
    assert!(r.is_breaking());
    assert!(r.changes()[0].message().contains("cannot prove"), "{r}");
    assert!(
        input(
            json!({"pattern": "^a$", "description": "x"}),
            json!({"pattern": "^a$"})
        )
        .changes()
        .is_empty()
    );
}

#[test]
fn hostile_deep_schema_is_refused_cleanly() {
    let a = nest(json!({"type": "integer"}), 100_000);
    let b = nest(json!({"type": "string"}), 100_000);
    let r = diff(&a, &b, Contract::Input);
    assert!(r.is_breaking());
    assert!(
        r.changes()
            .iter()
            .any(|c| c.message().contains("512 levels")),
        "{r}"
    );
    assert!(diff(&a, &a, Contract::Input).changes().is_empty());
    assert!(diff(&a, &b, Contract::Output).is_breaking());
    crate::schema::dispose(a);
    crate::schema::dispose(b);
}

#[test]
fn fingerprints_ignore_spelling_and_order() {
    let a = json!({"name": "t", "description": "d", "inputSchema": {"type": "object", "properties": {"n": {"maximum": 1e2}}}});
    let b = json!({"inputSchema": {"properties": {"n": {"maximum": 100}}, "type": "object"}, "description": "d", "name": "t", "annotations": {"readOnlyHint": true}});
    assert_eq!(fingerprint(&a), fingerprint(&b));
    let c = json!({"name": "t", "description": "e", "inputSchema": {"type": "object", "properties": {"n": {"maximum": 1e2}}}});
    assert_ne!(fingerprint(&a), fingerprint(&c));
}

/// `leaf` under `depth` levels of `{"type": "object", "properties": {"a": ..}}`,
/// built without recursion (`json!` would clone the value recursively).
pub(crate) fn nest(leaf: Value, depth: usize) -> Value {
    let mut v = leaf;
    for _ in 0..depth {
        let mut props = Map::new();
        props.insert("a".into(), v);
        let mut m = Map::new();
        m.insert("type".into(), Value::String("object".into()));
        m.insert("properties".into(), Value::Object(props));
        v = Value::Object(m);
    }
    v
}

#[test]
fn anchors_ids_and_percent_encoded_pointers_resolve() {
    let old = json!({"$defs": {"a b": {"$anchor": "Name", "type": "string"}}, "properties": {"x": {"$ref": "#/$defs/a%20b"}, "y": {"$ref": "#Name"}}});
    let new = json!({"$id": "https://example.invalid/root", "$defs": {"n": {"$id": "name.json", "type": "string", "maxLength": 2}}, "properties": {"x": {"$ref": "name.json"}, "y": {"$ref": "https://example.invalid/root#/$defs/n"}}});
    let r = input(old, new);
    assert!(r.is_breaking(), "{r}");
    let pointers: Vec<&str> = r
        .changes()
        .iter()
        .filter(|c| c.is_breaking())
        .map(Change::pointer)
        .collect();
    assert_eq!(pointers, ["/$defs/n/maxLength"], "{r}");
}

#[test]
fn draft7_items_array_and_dependencies() {
    let a = json!({"type": "array", "items": [{"type": "string"}], "additionalItems": false});
    let b = json!({"type": "array", "prefixItems": [{"type": "string"}], "items": false});
    assert!(
        input(a.clone(), b.clone()).changes().is_empty(),
        "{}",
        input(a.clone(), b.clone())
    );
    assert!(input(b, a).changes().is_empty());
    let c = json!({"type": "object", "dependencies": {"a": ["b"]}});
    let d = json!({"type": "object", "dependentRequired": {"a": ["b"]}});
    assert!(input(c.clone(), d.clone()).changes().is_empty());
    assert!(input(json!({"type": "object"}), d).is_breaking());
}

#[test]
fn canonical_numbers_read_back_as_the_same_double() {
    // xorshift over bit patterns: every finite double's canonical form
    // parses back to it.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..20_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let f = f64::from_bits(x);
        if !f.is_finite() {
            continue;
        }
        let mut s = String::new();
        canon::write_double(f, &mut s);
        let back: f64 = s.parse().unwrap_or(f64::NAN);
        assert!(back == f || (f == 0.0 && back == 0.0), "{f:e} -> {s}");
    }
}

#[test]
fn reports_are_bounded() {
    // 1000 properties each narrowed: at most MAX_CHANGES listed, the rest
    // counted, still breaking.
    let mut a = Map::new();
    let mut b = Map::new();
    for i in 0..1000 {
        a.insert(format!("p{i}"), json!({"type": "integer"}));
        b.insert(format!("p{i}"), json!({"type": "integer", "minimum": 0}));
    }
    let r = input(
        json!({"type": "object", "properties": a}),
        json!({"type": "object", "properties": b}),
    );
    assert!(r.is_breaking());
    assert_eq!(r.changes().len(), MAX_CHANGES);
    assert!(r.omitted() >= 800, "{}", r.omitted());
}

#[test]
fn long_keys_are_shortened_in_messages() {
    let key = "k".repeat(10_000);
    let a = json!({"type": "object", "properties": {}, "additionalProperties": false});
    let mut props = Map::new();
    props.insert(key.clone(), json!({}));
    let b = json!({"type": "object", "properties": props, "required": [key], "additionalProperties": false});
    let r = diff(&a, &b, Contract::Output);
    assert!(r.is_breaking() || !r.changes().is_empty());
    let r = input(a, b);
    assert!(r.is_breaking());
    for c in r.changes() {
        assert!(c.message().len() < 1_000, "{}", c.message().len());
    }
}
