//! Issue 22 (items 8 and 9): the gate never turns a constraint into a
//! weaker one, and refuses what is not JSON Schema where it touches it.
//! Every gated schema is held to the input by the answers it lets through
//! (`validate_content`) against the `jsonschema` crate on the original.

use serde_json::{Value, json};
use toolform::elicit::{Revision, gate, validate_content};

fn form(field: Value) -> Value {
    json!({"type": "object", "properties": {"f": field}, "required": ["f"]})
}

fn optional(field: Value) -> Value {
    json!({"type": "object", "properties": {"f": field}})
}

/// The gate's answer checker and the `jsonschema` crate on the original
/// schema agree on `value` as the field `f`.
#[track_caller]
fn agrees(original: &Value, gated: &Value, value: Value) {
    let content = json!({"f": value});
    let validator = jsonschema::validator_for(original).unwrap();
    let theirs = validator.is_valid(&content);
    let ours = validate_content(gated, &content).is_ok();
    assert_eq!(
        ours, theirs,
        "{content}: the gated form says {ours}, the original schema {theirs}\n  original {original}\n  gated {gated}"
    );
}

#[track_caller]
fn refused(schema: &Value, rule: &str, path: &str) {
    for revision in [
        Revision::V2025_06_18,
        Revision::V2025_11_25,
        Revision::V2026_07_28,
    ] {
        let e = match gate(schema, revision) {
            Ok(v) => panic!("{revision}: expected {rule} at {path:?}, got {v}"),
            Err(e) => e,
        };
        assert!(
            e.violations()
                .iter()
                .any(|v| v.rule == rule && v.path == path),
            "{revision}: expected {rule} at {path:?}, got {e}"
        );
    }
}

/// `{"type": "number", "format": "int8"}` became a plain range, so `2.5`
/// passed: an integer format means an integer field.
#[test]
fn integer_formats_on_numbers_are_integer_ranges() {
    for (format, lo, hi) in [
        ("int8", -128i64, 127i64),
        ("uint8", 0, 255),
        ("int16", -32768, 32767),
        ("int32", i32::MIN as i64, i32::MAX as i64),
    ] {
        for ty in ["number", "integer"] {
            let original = form(json!({"type": ty, "format": format}));
            let gated = gate(&original, Revision::V2025_11_25).unwrap();
            let f = &gated["properties"]["f"];
            assert_eq!(f["type"], "integer", "{ty}/{format}: {f}");
            assert_eq!(f["minimum"], lo, "{f}");
            assert_eq!(f["maximum"], hi, "{f}");
            // The original with the format read as its range (the
            // `jsonschema` crate does not know `int8`).
            let meant = form(json!({"type": "integer", "minimum": lo, "maximum": hi}));
            for v in [
                json!(2.5),
                json!(2),
                json!(lo),
                json!(hi),
                json!(hi + 1),
                json!(lo - 1),
                json!(-0.5),
            ] {
                agrees(&meant, &gated, v);
            }
            assert!(validate_content(&gated, &json!({"f": 2.5})).is_err());
        }
    }
    // `double` and `float` on a number stay numbers.
    let gated = gate(
        &form(json!({"type": "number", "format": "double"})),
        Revision::V2025_11_25,
    )
    .unwrap();
    assert_eq!(gated["properties"]["f"], json!({"type": "number"}));
    // A bound that is not a number was replaced by the format's range.
    refused(
        &form(json!({"type": "integer", "format": "int8", "minimum": "5"})),
        "invalid-value",
        "/properties/f/minimum",
    );
    // A tighter bound of the schema's own is kept.
    let gated = gate(
        &form(json!({"type": "number", "format": "uint8", "maximum": 10.5})),
        Revision::V2025_11_25,
    )
    .unwrap();
    assert_eq!(gated["properties"]["f"]["maximum"], 10.5);
    assert_eq!(gated["properties"]["f"]["type"], "integer");
}

/// What is not JSON Schema is refused at its place: `"type": []`,
/// `"required": "a"`, `"enum": "x"`, dangling `$ref`, and annotations of the
/// wrong type (dropped before, without a word).
#[test]
fn malformed_schemas_are_refused_with_their_place() {
    refused(
        &form(json!({"type": []})),
        "type-union",
        "/properties/f/type",
    );
    refused(
        &json!({"type": "object", "properties": {"f": {"type": "string"}}, "required": "f"}),
        "invalid-value",
        "/required",
    );
    refused(
        &form(json!({"type": "string", "enum": "x"})),
        "invalid-value",
        "/properties/f/enum",
    );
    refused(
        &form(json!({"$ref": "#/$defs/Nope"})),
        "unresolved-ref",
        "/properties/f/$ref",
    );
    refused(
        &form(json!({"type": "string", "deprecated": "yes"})),
        "invalid-value",
        "/properties/f/deprecated",
    );
    refused(
        &form(json!({"type": "string", "examples": "x"})),
        "invalid-value",
        "/properties/f/examples",
    );
    refused(
        &json!({"type": "object", "properties": {}, "title": 3}),
        "invalid-value",
        "/title",
    );
    refused(
        &json!({"type": "object", "properties": {}, "$comment": 3}),
        "invalid-value",
        "/$comment",
    );
    // An optional field's alternative beside `null` that is no schema
    // object was dropped: `{"type": "string", "anyOf": [null, false]}`
    // accepts no string, and the gate made it a plain string field.
    let nothing = optional(json!({"type": "string", "anyOf": [{"type": "null"}, false]}));
    refused(&nothing, "invalid-value", "/properties/f/anyOf/1");
    // Well-typed annotations are still dropped quietly.
    let fine =
        form(json!({"type": "string", "deprecated": true, "examples": ["a"], "$comment": "c"}));
    let gated = gate(&fine, Revision::V2025_11_25).unwrap();
    assert_eq!(gated["properties"]["f"], json!({"type": "string"}));
}

/// An optional field `{"enum": [null, "x"], "type": "string"}`: `null` is
/// no string, so the form carries `"x"` alone, and answers agree.
#[test]
fn null_options_outside_the_type() {
    let original = optional(json!({"enum": [null, "x"], "type": "string"}));
    let gated = gate(&original, Revision::V2025_11_25).unwrap();
    assert_eq!(gated["properties"]["f"]["enum"], json!(["x"]), "{gated}");
    for v in [json!("x"), json!("y"), json!(3)] {
        agrees(&original, &gated, v);
    }
}
