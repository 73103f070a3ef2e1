//! The elicitation gate: spec examples pass unchanged, derived forms pass
//! unchanged, schemars output gates to the form the derive makes, every
//! keyword's fate is pinned, and nothing panics.

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolform::ToolSchema;
use toolform::elicit::{ElicitForm, Revision, gate, validate_content};
use toolform_tests::mutate::{Kind, mutants, property_names};
use toolform_tests::{agreement, fixture};

// ------------------------------------------------------------ flat structs

#[derive(Serialize, Deserialize, JsonSchema, ToolSchema, Debug)]
#[schema(no_json_schema)] // derives schemars::JsonSchema itself
#[serde(rename_all = "snake_case")]
enum Size {
    Small,
    Medium,
    Large,
}

macro_rules! forms {
    ($($(#[$m:meta])* struct $name:ident { $($body:tt)* })*) => {
        $(
            #[derive(Deserialize, JsonSchema, ElicitForm, Debug)]
            #[allow(dead_code)]
            $(#[$m])*
            struct $name { $($body)* }
        )*
        /// (name, schemars' four variants, derived form)
        fn flat_forms() -> Vec<(&'static str, [Value; 4], &'static Value)> {
            vec![$((stringify!($name), schemars_of::<$name>(), <$name as ElicitForm>::requested_schema())),*]
        }
    };
}

forms! {
    struct Login { user: String, password: String }
    struct Age { age: u8 }
    struct Counts { small: u16, medium: u32, big: u64, signed: i32, tiny: i8, wide: i64 }
    struct Ratio { ratio: f64, weight: f32 }
    struct Flags { active: bool, #[serde(default)] admin: bool }
    struct Optional { note: Option<String>, count: Option<u32>, ok: Option<bool> }
    struct Documented {
        /// The user's display name
        name: String,
        /// How many seats
        seats: u16,
    }
    struct Letters { initial: char, maybe: Option<char> }
    struct Dates { day: chrono::NaiveDate, at: chrono::DateTime<chrono::Utc>, since: Option<chrono::NaiveDate> }
    struct Pick { size: Size }
    struct MaybePick { size: Option<Size> }
    struct Many { sizes: Vec<Size> }
    #[serde(rename_all = "camelCase")]
    struct Renamed { first_name: String, last_name: String, is_admin: bool }
    struct Defaults { #[serde(default)] limit: u32, #[serde(default)] verbose: bool, #[serde(default)] label: String }
    struct Mixed { name: String, size: Size, quantity: u8, gift: Option<bool>, note: Option<String> }
    #[serde(deny_unknown_fields)]
    struct Closed { code: String }
}

/// schemars' schema for `T`: draft 2020-12, draft-07, and 2020-12 with
/// `AddNullable`, and draft-07 with `AddNullable`; enums inlined (schemars puts them behind `$ref` otherwise,
/// which the gate rejects).
fn schemars_of<T: JsonSchema>() -> [Value; 4] {
    let inline = |s: SchemaSettings| s.with(|s| s.inline_subschemas = true);
    let a = inline(SchemaSettings::draft2020_12())
        .into_generator()
        .into_root_schema_for::<T>();
    let b = inline(SchemaSettings::draft07())
        .into_generator()
        .into_root_schema_for::<T>();
    let c = inline(SchemaSettings::draft2020_12())
        .with_transform(schemars::transform::AddNullable::default())
        .into_generator()
        .into_root_schema_for::<T>();
    let d = inline(SchemaSettings::draft07())
        .with_transform(schemars::transform::AddNullable::default())
        .into_generator()
        .into_root_schema_for::<T>();
    [a.to_value(), b.to_value(), c.to_value(), d.to_value()]
}

fn without_schema_key(mut v: Value) -> Value {
    if let Some(m) = v.as_object_mut() {
        m.remove("$schema");
    }
    v
}

#[test]
fn schemars_output_gates_to_the_derived_form() {
    let mut checked = 0;
    let mut rejected = Vec::new();
    for (name, variants, derived) in flat_forms() {
        for (i, schema) in variants.iter().enumerate() {
            let which = [
                "draft 2020-12",
                "draft-07",
                "2020-12 + AddNullable",
                "draft-07 + AddNullable",
            ][i];
            match gate(schema, Revision::V2025_11_25) {
                Ok(gated) => {
                    assert_eq!(
                        &without_schema_key(gated),
                        derived,
                        "{name} ({which}): schemars {schema:#}"
                    );
                    checked += 1;
                }
                Err(e) => rejected.push(format!("{name} ({which}): {e}\n{schema:#}")),
            }
        }
    }
    // `deny_unknown_fields` makes schemars write `additionalProperties: false`,
    // which no form can carry: the one expected refusal per variant.
    let unexpected: Vec<&String> = rejected
        .iter()
        .filter(|r| !r.starts_with("Closed"))
        .collect();
    assert!(unexpected.is_empty(), "{unexpected:#?}");
    assert_eq!(rejected.len(), 4, "{rejected:#?}");
    assert!(rejected.iter().all(|r| r.contains("/additionalProperties")));
    println!("{checked} schemars schemas gate to the derived form");
}

#[test]
fn schemars_output_that_cannot_be_a_form_is_rejected_with_the_path() {
    #[derive(JsonSchema)]
    #[allow(dead_code)]
    struct Address {
        street: String,
    }
    #[derive(JsonSchema)]
    #[allow(dead_code)]
    struct Nested {
        home: Address,
        tags: Vec<String>,
        #[schemars(regex(pattern = "^[0-9]+$"))]
        zip: String,
        size: Size,
    }
    let schema = SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<Nested>()
        .to_value();
    let err = gate(&schema, Revision::V2025_11_25).unwrap_err();
    let paths = toolform_tests::path_rules(err.violations());
    assert!(
        paths.contains(&("/properties/home/$ref", "ref"))
            || paths.contains(&("/properties/home", "nested-object")),
        "{err}"
    );
    assert!(
        paths.contains(&("/properties/tags/items", "array-of-non-enum")),
        "{err}"
    );
    assert!(
        paths.contains(&("/properties/zip/pattern", "pattern")),
        "{err}"
    );
    // Local `$ref`s are inlined before the grammar judges (issue 42): `size`
    // (a string enum) is a form field once inlined, and `$defs` go.
    assert!(
        !paths
            .iter()
            .any(|(p, _)| p.starts_with("/properties/size") || p.starts_with("/$defs")),
        "{err}"
    );
    // Small: one line per violation.
    assert!(err.to_string().lines().all(|l| l.len() < 200), "{err}");
}

// ------------------------------------------------------------ spec examples

fn read(rel: &str) -> Option<Value> {
    let path = fixture(rel)?;
    Some(serde_json::from_str(&std::fs::read_to_string(path).ok()?).expect("JSON"))
}

#[test]
fn spec_examples_pass_unchanged() {
    let mut forms = Vec::new();
    for rel in [
        "ElicitRequestFormParams/elicit-single-field.json",
        "ElicitRequestFormParams/elicit-multiple-fields.json",
    ] {
        if let Some(ex) = read(&format!("mcp-spec/2026-07-28/examples/{rel}")) {
            forms.push((rel, ex["requestedSchema"].clone()));
        }
    }
    if let Some(ex) = read("mcp-spec/2026-07-28/examples/ElicitRequest/elicitation-request.json") {
        forms.push(("ElicitRequest", ex["params"]["requestedSchema"].clone()));
    }
    for rel in [
        "BooleanSchema/boolean-input-schema.json",
        "StringSchema/email-input-schema.json",
        "NumberSchema/number-input-schema.json",
        "TitledMultiSelectEnumSchema/titled-color-multi-select-schema.json",
        "TitledSingleSelectEnumSchema/titled-color-select-schema.json",
        "UntitledMultiSelectEnumSchema/color-multi-select-schema.json",
        "UntitledSingleSelectEnumSchema/color-select-schema.json",
    ] {
        if let Some(prop) = read(&format!("mcp-spec/2026-07-28/examples/{rel}")) {
            forms.push((
                rel,
                json!({"type": "object", "properties": {"field": prop}}),
            ));
        }
    }
    for (rel, schema) in &forms {
        for rev in [Revision::V2025_11_25, Revision::V2026_07_28] {
            let gated = gate(schema, rev).unwrap_or_else(|e| panic!("{rel}: {e}"));
            assert_eq!(&gated, schema, "{rel} changed under {rev}");
        }
    }
    println!("{} spec example forms pass unchanged", forms.len());
}

// ------------------------------------------------------------ the spec's schema.json

fn assert_spec_valid(rev: Revision, gated: &Value, what: &str) {
    let Some(validator) = toolform_tests::spec_form_validator(rev) else {
        return;
    };
    let errors = toolform_tests::spec_form_errors(&validator, rev, gated);
    assert!(
        errors.is_empty(),
        "{what} under {rev}: {errors:?}\n{gated:#}"
    );
}

#[test]
fn gated_output_validates_against_the_revisions_schema() {
    let mut n = 0;
    for (name, variants, derived) in flat_forms() {
        for rev in Revision::ALL {
            for schema in variants.iter().chain([derived]) {
                if let Ok(gated) = gate(schema, rev) {
                    assert_spec_valid(rev, &gated, name);
                    n += 1;
                }
            }
        }
    }
    for (name, schema) in fate_corpus() {
        for rev in Revision::ALL {
            if let Ok(gated) = gate(&schema, rev) {
                assert_spec_valid(rev, &gated, &name);
                n += 1;
            }
        }
    }
    println!("{n} gated schemas validate against their revision's schema.json");
}

#[test]
fn derived_forms_pass_unchanged() {
    for (name, _, derived) in flat_forms() {
        let gated = gate(derived, Revision::V2025_11_25).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(&gated, derived, "{name}");
    }
}

// ------------------------------------------------------------ every keyword's fate

#[derive(Debug, Clone, Copy, PartialEq)]
enum Fate {
    Keep,
    Drop,
    Reject,
}
use Fate::{Drop, Keep, Reject};

/// Every JSON Schema 2020-12 keyword with a sample value.
const KEYWORDS: &[(&str, &str)] = &[
    (
        "$schema",
        r#""https://json-schema.org/draft/2020-12/schema""#,
    ),
    ("$id", r#""https://example.com/s""#),
    ("$ref", r##""#/$defs/x""##),
    ("$defs", r#"{"x": {"type": "string"}}"#),
    ("$anchor", r#""a""#),
    ("$dynamicRef", r##""#a""##),
    ("$dynamicAnchor", r#""a""#),
    ("$vocabulary", r#"{}"#),
    ("$comment", r#""note""#),
    ("allOf", r#"[{}]"#),
    ("anyOf", r#"[{"type": "integer"}, {"type": "boolean"}]"#),
    ("oneOf", r#"[{"type": "integer"}, {"type": "boolean"}]"#),
    ("not", r#"{}"#),
    ("if", r#"{}"#),
    ("then", r#"{}"#),
    ("else", r#"{}"#),
    ("dependentSchemas", r#"{}"#),
    ("prefixItems", r#"[{}]"#),
    ("items", r#"{}"#),
    ("contains", r#"{}"#),
    ("properties", r#"{}"#),
    ("patternProperties", r#"{}"#),
    ("additionalProperties", "false"),
    ("propertyNames", r#"{}"#),
    ("unevaluatedItems", "false"),
    ("unevaluatedProperties", "false"),
    ("type", r#""string""#),
    ("enum", r#"["a", "b"]"#),
    ("const", r#""a""#),
    ("multipleOf", "2"),
    ("maximum", "10"),
    ("exclusiveMaximum", "10"),
    ("minimum", "1"),
    ("exclusiveMinimum", "1"),
    ("maxLength", "10"),
    ("minLength", "1"),
    ("pattern", r#""^a""#),
    ("maxItems", "3"),
    ("minItems", "1"),
    ("uniqueItems", "true"),
    ("maxContains", "1"),
    ("minContains", "1"),
    ("maxProperties", "3"),
    ("minProperties", "1"),
    ("required", r#"[]"#),
    ("dependentRequired", r#"{}"#),
    ("contentEncoding", r#""base64""#),
    ("contentMediaType", r#""text/plain""#),
    ("contentSchema", r#"{}"#),
    ("title", r#""T""#),
    ("description", r#""D""#),
    ("default", r#""x""#),
    ("deprecated", "true"),
    ("readOnly", "true"),
    ("writeOnly", "true"),
    ("examples", r#"["x"]"#),
    ("format", r#""email""#),
];

/// The expected fate of a keyword at the root.
fn root_fate(key: &str) -> Fate {
    match key {
        "$schema" | "type" | "properties" | "required" => Keep,
        "$id" | "$comment" | "title" | "description" | "deprecated" | "readOnly" | "writeOnly"
        | "examples" | "contentEncoding" | "contentMediaType" => Drop,
        // Definitions apply only where referenced: the gate inlines local
        // `$ref`s (issue 42), and unused `$defs` go.
        "$defs" => Drop,
        _ => Reject,
    }
}

/// The expected fate of a keyword on a `type: string` property.
fn string_fate(key: &str, rev: Revision) -> Fate {
    match key {
        "type" | "title" | "description" | "minLength" | "maxLength" | "format" => Keep,
        "default" if rev == Revision::V2025_06_18 => Drop,
        "default" => Keep,
        // `enum`/`const` make it a select (kept, in select form).
        "enum" | "const" => Keep,
        "$id" | "$comment" | "deprecated" | "readOnly" | "writeOnly" | "examples"
        | "contentEncoding" | "contentMediaType" => Drop,
        _ => Reject,
    }
}

/// The expected fate of a keyword on a `type: integer` property.
fn number_fate(key: &str, rev: Revision) -> Fate {
    match key {
        "type" | "title" | "description" | "minimum" | "maximum" => Keep,
        "default" if rev == Revision::V2025_06_18 => Drop,
        "default" => Keep,
        "$id" | "$comment" | "deprecated" | "readOnly" | "writeOnly" | "examples"
        | "contentEncoding" | "contentMediaType" => Drop,
        _ => Reject,
    }
}

fn observed(result: &Result<Value, toolform::elicit::GateError>, pointer: &str, key: &str) -> Fate {
    match result {
        Err(_) => Reject,
        Ok(gated) => {
            let kept = gated.pointer(pointer).is_some_and(|v| v.get(key).is_some());
            // `const` is kept as a one-option `enum`.
            let converted = key == "const"
                && gated
                    .pointer(pointer)
                    .is_some_and(|v| v.get("enum").is_some());
            if kept || converted { Keep } else { Drop }
        }
    }
}

#[test]
fn every_keyword_has_a_pinned_fate() {
    let mut failures = Vec::new();
    let mut n = 0;
    for rev in Revision::ALL {
        for (key, sample) in KEYWORDS {
            let sample: Value = serde_json::from_str(sample).unwrap();
            // At the root.
            let mut root = json!({"type": "object", "properties": {"p": {"type": "string"}}});
            if *key == "required" {
                root[*key] = json!(["p"]);
            } else if !matches!(*key, "type" | "properties") {
                root[*key] = sample.clone();
            }
            let result = gate(&root, rev);
            let got = if matches!(*key, "type" | "properties") {
                Keep
            } else {
                observed(&result, "", key)
            };
            if got != root_fate(key) {
                failures.push(format!(
                    "{rev} root `{key}`: expected {:?}, got {got:?} ({result:?})",
                    root_fate(key)
                ));
            }
            if let Err(e) = &result
                && !e
                    .violations()
                    .iter()
                    .any(|v| v.path.starts_with(&format!("/{key}")))
            {
                failures.push(format!(
                    "{rev} root `{key}`: rejection without the key's path: {e}"
                ));
            }
            // At a string property and at an integer property.
            for (ty, expected) in [
                ("string", string_fate(key, rev)),
                ("integer", number_fate(key, rev)),
            ] {
                let sample = match (*key, ty) {
                    ("default", "integer") => json!(5),
                    ("enum" | "const", "integer") => continue,
                    _ => sample.clone(),
                };
                let mut prop = json!({"type": ty});
                if *key != "type" {
                    prop[*key] = sample;
                }
                let schema = json!({"type": "object", "properties": {"p": prop}});
                let result = gate(&schema, rev);
                let got = observed(&result, "/properties/p", key);
                n += 1;
                if got != expected {
                    failures.push(format!("{rev} {ty} property `{key}`: expected {expected:?}, got {got:?} ({result:?})"));
                }
                if let Err(e) = &result {
                    let at_key = format!(
                        "/properties/p/{}",
                        key.replace('~', "~0").replace('/', "~1")
                    );
                    if !e
                        .violations()
                        .iter()
                        .any(|v| v.path.starts_with(&at_key) || v.path == "/properties/p")
                    {
                        failures.push(format!(
                            "{rev} {ty} `{key}`: rejected without its path: {e}"
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("{n} (revision, kind, keyword) fates pinned");
}

/// Schemas exercising conversions and rejections, for the spec check.
fn fate_corpus() -> Vec<(String, Value)> {
    vec![
        (
            "nullable string".into(),
            json!({"type": "object", "properties": {"a": {"type": ["string", "null"]}}}),
        ),
        (
            "uint8".into(),
            json!({"type": "object", "properties": {"a": {"type": "integer", "format": "uint8", "minimum": 0, "maximum": 255}}}),
        ),
        (
            "const".into(),
            json!({"type": "object", "properties": {"a": {"const": "x"}}}),
        ),
        (
            "titled".into(),
            json!({"type": "object", "properties": {"a": {"type": "string", "oneOf": [{"const": "r", "title": "Red"}]}}}),
        ),
        (
            "multi".into(),
            json!({"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string", "enum": ["x"]}}}}),
        ),
        (
            "defaults".into(),
            json!({"type": "object", "properties": {"a": {"type": "string", "default": "x"}, "b": {"type": "boolean", "default": true}}}),
        ),
    ]
}

#[test]
fn conversions_and_revision_differences() {
    let r = Revision::V2025_11_25;
    let old = Revision::V2025_06_18;
    // type [string, null] on an optional property is the string kind...
    let s = json!({"type": "object", "properties": {"a": {"type": ["string", "null"]}}});
    assert_eq!(
        gate(&s, r).unwrap()["properties"]["a"],
        json!({"type": "string"})
    );
    // ... but not on a required one.
    let s = json!({"type": "object", "properties": {"a": {"type": ["string", "null"]}}, "required": ["a"]});
    assert_eq!(
        gate(&s, r).unwrap_err().violations()[0].rule,
        "nullable-required"
    );
    // A non-standard integer format becomes the bounds it means.
    let s = json!({"type": "object", "properties": {"a": {"type": "integer", "format": "uint32", "minimum": 0}}});
    assert_eq!(
        gate(&s, r).unwrap()["properties"]["a"],
        json!({"type": "integer", "minimum": 0, "maximum": 4294967295u32})
    );
    // Titled options become enum + enumNames for 2025-06-18.
    let s = json!({"type": "object", "properties": {"a": {"type": "string", "oneOf": [{"const": "r", "title": "Red"}, {"const": "g"}]}}});
    assert_eq!(
        gate(&s, old).unwrap()["properties"]["a"],
        json!({"type": "string", "enum": ["r", "g"], "enumNames": ["Red", "g"]})
    );
    // No multi-select in 2025-06-18.
    let s = json!({"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string", "enum": ["x"]}}}});
    assert_eq!(gate(&s, old).unwrap_err().violations()[0].rule, "revision");
    // No string default in 2025-06-18: dropped; boolean defaults stay.
    let s = json!({"type": "object", "properties": {"a": {"type": "string", "default": "x"}, "b": {"type": "boolean", "default": true}}});
    let g = gate(&s, old).unwrap();
    assert!(g["properties"]["a"].get("default").is_none());
    assert_eq!(g["properties"]["b"]["default"], true);
}

#[test]
fn residual_combinations_and_corrupt_schemas_reject_with_both_keys() {
    let r = Revision::V2025_11_25;
    let cases = [
        (
            json!({"type": "string", "enum": ["a"], "minLength": 1}),
            "/properties/p/minLength",
            "`minLength` cannot sit beside `enum`",
        ),
        (
            json!({"type": "string", "enum": ["a"], "format": "email"}),
            "/properties/p/format",
            "`format` cannot sit beside `enum`",
        ),
        (
            json!({"type": "integer", "minimum": 1, "maximum": 5, "default": 9}),
            "/properties/p/default",
            "maximum",
        ),
        (
            json!({"type": "string", "enum": ["a", "b"], "default": "c"}),
            "/properties/p/default",
            "enum",
        ),
        (
            json!({"type": "integer", "exclusiveMinimum": 0}),
            "/properties/p/exclusiveMinimum",
            "exclusiveMinimum",
        ),
        (
            json!({"type": "string", "format": "phone"}),
            "/properties/p/format",
            "phone",
        ),
        (
            json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}),
            "/properties/p/anyOf/0",
            "const",
        ),
        (
            json!({"type": "object", "properties": {}}),
            "/properties/p",
            "flat",
        ),
    ];
    for (prop, path, needle) in cases {
        let schema = json!({"type": "object", "properties": {"p": prop}});
        let err = gate(&schema, r).unwrap_err();
        assert!(
            err.violations()
                .iter()
                .any(|v| v.path == path && (v.message.contains(needle) || v.rule.contains(needle))),
            "{prop}: expected {path} mentioning {needle:?}, got {err}"
        );
    }
    // `required` naming an undefined property, twice.
    let schema = json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "a", "b"]});
    let rules: Vec<&str> = gate(&schema, r)
        .unwrap_err()
        .violations()
        .iter()
        .map(|v| v.rule)
        .collect();
    assert_eq!(rules, ["duplicate-required", "undefined-required"]);
}

// ------------------------------------------------------------ validate_content

#[test]
fn validate_content_agrees_with_jsonschema() {
    let schema = json!({"type": "object", "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": 5},
        "email": {"type": "string", "format": "email"},
        "n": {"type": "integer", "minimum": 1, "maximum": 300},
        "x": {"type": "number", "minimum": 0.5},
        "ok": {"type": "boolean"},
        "pick": {"type": "string", "oneOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]},
        "tags": {"type": "array", "items": {"type": "string", "enum": ["t", "u"]}, "maxItems": 2},
        "day": {"type": "string", "format": "date"}
    }, "required": ["name", "n"]});
    let gated = gate(&schema, Revision::V2025_11_25).unwrap();
    let validator = agreement::validator(&gated);
    let seed = json!({"name": "ab", "email": "a@b.co", "n": 7, "x": 1.5, "ok": true, "pick": "a", "tags": ["t"], "day": "2024-02-29"});
    let mut known = Vec::new();
    property_names(&gated, &mut known);
    let mut n = 0;
    for m in mutants(&seed, &known) {
        n += 1;
        let ours = validate_content(&gated, &m.doc).is_ok();
        let theirs = validator.is_valid(&m.doc);
        // The one documented difference: a `null` for a field the schema does
        // not require reads as absent (the grammar has no null; clients send it).
        let optional_null = m.doc.pointer(&m.path).is_some_and(Value::is_null)
            && !["/name", "/n"].contains(&m.path.as_str());
        if ours && !theirs && optional_null {
            continue;
        }
        assert_eq!(ours, theirs, "{:?} at {}: {}", m.kind, m.path, m.doc);
    }
    assert!(n > 100, "{n}");
    let _ = Kind::Seed;
}

// ------------------------------------------------------------ robustness

#[test]
fn never_panics_on_deep_or_odd_input() {
    // 100 000 levels, built by moves (`json!` would recurse to copy).
    let mut deep = json!({"type": "string"});
    for _ in 0..100_000 {
        let mut props = serde_json::Map::new();
        props.insert("p".into(), deep);
        let mut m = serde_json::Map::new();
        m.insert("type".into(), "object".into());
        m.insert("properties".into(), Value::Object(props));
        deep = Value::Object(m);
    }
    assert!(gate(&deep, Revision::V2025_11_25).is_err());
    let _ = validate_content(&deep, &deep);
    // serde_json drops a Value recursively; that is not toolform's walk.
    std::mem::forget(deep);
    for odd in [
        json!(null),
        json!([]),
        json!(1),
        json!({"properties": 1}),
        json!({"type": "object", "properties": {"a": null, "b": [], "c": {"type": []}}, "required": {}}),
    ] {
        let _ = gate(&odd, Revision::V2025_06_18);
        let _ = validate_content(&odd, &odd);
    }
}

mod arbitrary {
    use super::*;
    use proptest::prelude::*;

    fn json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(Value::from),
            prop::sample::select(vec![
                "type",
                "string",
                "object",
                "properties",
                "required",
                "enum",
                "oneOf",
                "anyOf",
                "items",
                "array",
                "integer",
                "format",
                "email",
                "default",
                "null",
                "$ref",
                "const",
                "title",
                "minimum",
                "nullable",
            ])
            .prop_map(Value::from),
        ];
        leaf.prop_recursive(6, 64, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
                prop::collection::vec(
                    (
                        prop::sample::select(vec![
                            "type",
                            "properties",
                            "required",
                            "enum",
                            "oneOf",
                            "anyOf",
                            "items",
                            "format",
                            "default",
                            "minimum",
                            "maximum",
                            "minLength",
                            "const",
                            "title",
                            "nullable",
                            "p",
                            "q",
                            "$schema",
                            "additionalProperties",
                        ]),
                        inner
                    ),
                    0..6
                )
                .prop_map(|kv| Value::Object(
                    kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
                )),
            ]
        })
    }

    proptest! {
        // Bounded for CI; PROPTEST_CASES=1000000 runs the long mode.
        #![proptest_config(ProptestConfig::with_cases(toolform_tests::proptest_cases(2000)))]
        #[test]
        fn gate_never_panics(schema in json(), content in json()) {
            for rev in Revision::ALL {
                if let Ok(gated) = gate(&schema, rev) {
                    // Whatever passes the gate passes it again unchanged.
                    let again = gate(&gated, rev);
                    prop_assert_eq!(again.as_ref(), Ok(&gated));
                    let _ = validate_content(&gated, &content);
                }
            }
        }
    }
}

/// The typed grammar model is the spec: for each revision and kind, the
/// keywords `grammar::Kind` carries are exactly the properties of the spec's
/// own definition in that revision's `schema.json`.
#[test]
fn grammar_model_matches_each_revisions_schema_json() {
    use toolform::elicit::grammar::Kind;
    let mut checked = 0;
    for rev in Revision::ALL {
        let Some(spec) = read(&format!("mcp-spec/{rev}/schema.json")) else {
            continue;
        };
        let defs = spec
            .get("$defs")
            .or(spec.get("definitions"))
            .expect("definitions");
        for kind in Kind::ALL {
            let Some(name) = kind.definition(rev) else {
                assert!(
                    !kind.exists(rev),
                    "{rev} {kind:?} exists without a definition"
                );
                continue;
            };
            let def = &defs[name];
            let mut spec_keys: Vec<&str> = def["properties"]
                .as_object()
                .unwrap_or_else(|| panic!("{rev}: {name} has properties"))
                .keys()
                .map(String::as_str)
                .collect();
            let mut ours: Vec<&str> = kind.keywords(rev).to_vec();
            spec_keys.sort_unstable();
            ours.sort_unstable();
            assert_eq!(ours, spec_keys, "{rev} {kind:?} ({name})");
            checked += 1;
        }
        // The root of `requestedSchema`.
        let requested = if rev == Revision::V2025_06_18 {
            &defs["ElicitRequest"]["properties"]["params"]["properties"]["requestedSchema"]
        } else {
            &defs["ElicitRequestFormParams"]["properties"]["requestedSchema"]
        };
        let mut root: Vec<&str> = requested["properties"]
            .as_object()
            .expect("requestedSchema properties")
            .keys()
            .map(String::as_str)
            .collect();
        root.sort_unstable();
        let mut ours = toolform::elicit::grammar::ROOT_KEYWORDS.to_vec();
        if rev == Revision::V2025_06_18 {
            ours.retain(|k| *k != "$schema");
        }
        ours.sort_unstable();
        assert_eq!(ours, root, "{rev} requestedSchema root");
        // Formats.
        let formats = &defs["StringSchema"]["properties"]["format"]["enum"];
        let mut spec_formats: Vec<&str> = formats
            .as_array()
            .expect("formats")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        spec_formats.sort_unstable();
        let mut our_formats = toolform::elicit::grammar::FORMATS.to_vec();
        our_formats.sort_unstable();
        assert_eq!(our_formats, spec_formats, "{rev} formats");
    }
    println!("{checked} (revision, kind) keyword sets match the spec");
}
