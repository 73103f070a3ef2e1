//! Provider dialects, table-driven: each row pins what a dialect does to one
//! feature (required, nullability, additionalProperties, $ref, format,
//! bounds, enums, unions), before and after conversion; and the independent
//! checker accepts every converted row.

use serde_json::{Value, json};
use toolform::dialect::{Dialect, convert};
use toolform_tests::dialect_check::{Provider, check};

fn provider(d: Dialect) -> Provider {
    Provider::of(d).unwrap_or_else(|| panic!("no checker for {d}"))
}

/// (name, input schema, dialect, expected: Ok(converted) or Err(rule at path))
#[allow(clippy::type_complexity)]
fn rows() -> Vec<(
    &'static str,
    Value,
    Dialect,
    Result<Value, (&'static str, &'static str)>,
)> {
    use Dialect::*;
    let optional = json!({"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": "integer", "minimum": 0}}, "required": ["q"]});
    let nullable = json!({"type": "object", "properties": {"at": {"type": ["string", "null"], "format": "date-time"}}, "required": ["at"]});
    let map = json!({"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "integer"}}}, "required": ["m"]});
    let recursive = json!({"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}}, "required": ["kids"]});
    let lengths = json!({"type": "object", "properties": {"s": {"type": "string", "minLength": 1, "maxLength": 5, "format": "uri"}}, "required": ["s"]});
    let units = json!({"type": "object", "properties": {"c": {"oneOf": [{"const": "a"}, {"const": "b"}]}}, "required": ["c"]});
    let overlapping = json!({"type": "object", "properties": {"u": {"oneOf": [{"type": "integer"}, {"type": "number"}]}}, "required": ["u"]});
    let tuple = json!({"type": "object", "properties": {"p": {"type": "array", "prefixItems": [{"type": "integer"}], "items": false, "minItems": 1, "maxItems": 1}}, "required": ["p"]});
    let defs = json!({"type": "object", "properties": {"t": {"$ref": "#/$defs/T"}}, "required": ["t"], "$defs": {"T": {"type": "object", "properties": {"next": {"anyOf": [{"$ref": "#/$defs/T"}, {"type": "null"}]}}}}});
    vec![
        // required: OpenAI makes every property required; the optional one nullable.
        (
            "optional",
            optional.clone(),
            OpenAiStrict,
            Ok(
                json!({"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": ["integer", "null"], "minimum": 0}}, "required": ["q", "limit"], "additionalProperties": false}),
            ),
        ),
        (
            "optional",
            optional.clone(),
            AnthropicStrict,
            Ok(
                json!({"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": "integer", "description": "(minimum: 0)"}}, "required": ["q"], "additionalProperties": false}),
            ),
        ),
        ("optional", optional.clone(), Gemini, Ok(optional.clone())),
        (
            "optional",
            optional.clone(),
            JsonSchema2020,
            Ok(optional.clone()),
        ),
        // nullability: Gemini writes `nullable`.
        (
            "nullable",
            nullable.clone(),
            Gemini,
            Ok(
                json!({"type": "object", "properties": {"at": {"type": "string", "nullable": true, "format": "date-time"}}, "required": ["at"]}),
            ),
        ),
        (
            "nullable",
            nullable.clone(),
            OpenAiStrict,
            Ok(
                json!({"type": "object", "properties": {"at": {"type": ["string", "null"], "format": "date-time"}}, "required": ["at"], "additionalProperties": false}),
            ),
        ),
        // additionalProperties: maps cannot be written in strict modes or Gemini.
        (
            "map",
            map.clone(),
            OpenAiStrict,
            Err(("map", "/properties/m/additionalProperties")),
        ),
        (
            "map",
            map.clone(),
            AnthropicStrict,
            Err(("map", "/properties/m/additionalProperties")),
        ),
        (
            "map",
            map.clone(),
            Gemini,
            Err(("map", "/properties/m/additionalProperties")),
        ),
        ("map", map.clone(), GeminiJsonSchema, Ok(map.clone())),
        // $ref: recursion.
        (
            "recursive",
            recursive.clone(),
            OpenAiStrict,
            Ok(
                json!({"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}}, "required": ["kids"], "additionalProperties": false}),
            ),
        ),
        (
            "recursive",
            recursive.clone(),
            AnthropicStrict,
            Err(("recursion", "/properties/kids/items")),
        ),
        (
            "recursive",
            recursive.clone(),
            Gemini,
            Err(("recursion", "/properties/kids/items/$ref")),
        ),
        (
            "recursive",
            recursive.clone(),
            GeminiJsonSchema,
            Err(("recursion", "/properties/kids/items/$ref")),
        ),
        (
            "defs",
            defs.clone(),
            JsonSchemaDraft07,
            Ok(
                json!({"type": "object", "properties": {"t": {"$ref": "#/definitions/T"}}, "required": ["t"], "definitions": {"T": {"type": "object", "properties": {"next": {"anyOf": [{"$ref": "#/definitions/T"}, {"type": "null"}]}}}}}),
            ),
        ),
        ("defs", defs.clone(), GeminiJsonSchema, Ok(defs.clone())),
        // format and bounds: what is not accepted moves into the description.
        (
            "lengths",
            lengths.clone(),
            OpenAiStrict,
            Ok(
                json!({"type": "object", "properties": {"s": {"type": "string", "description": "(minLength: 1; maxLength: 5; format: \"uri\")"}}, "required": ["s"], "additionalProperties": false}),
            ),
        ),
        (
            "lengths",
            lengths.clone(),
            AnthropicStrict,
            Ok(
                json!({"type": "object", "properties": {"s": {"type": "string", "format": "uri", "description": "(minLength: 1; maxLength: 5)"}}, "required": ["s"], "additionalProperties": false}),
            ),
        ),
        ("lengths", lengths.clone(), Gemini, Ok(lengths.clone())),
        // enums and unions: exclusive oneOf becomes anyOf; overlapping is refused.
        (
            "units",
            units.clone(),
            OpenAiStrict,
            Ok(
                json!({"type": "object", "properties": {"c": {"anyOf": [{"const": "a", "type": "string"}, {"const": "b", "type": "string"}]}}, "required": ["c"], "additionalProperties": false}),
            ),
        ),
        (
            "units",
            units.clone(),
            Gemini,
            Ok(
                json!({"type": "object", "properties": {"c": {"anyOf": [{"enum": ["a"], "type": "string"}, {"enum": ["b"], "type": "string"}]}}, "required": ["c"]}),
            ),
        ),
        (
            "overlapping",
            overlapping.clone(),
            OpenAiStrict,
            Err(("one-of-not-exclusive", "/properties/u/oneOf")),
        ),
        (
            "overlapping",
            overlapping.clone(),
            Gemini,
            Err(("one-of-not-exclusive", "/properties/u/oneOf")),
        ),
        // tuples.
        (
            "tuple",
            tuple.clone(),
            OpenAiStrict,
            Err(("tuple", "/properties/p/prefixItems")),
        ),
        (
            "tuple",
            tuple.clone(),
            JsonSchemaDraft07,
            Ok(
                json!({"type": "object", "properties": {"p": {"type": "array", "items": [{"type": "integer"}], "additionalItems": false, "minItems": 1, "maxItems": 1}}, "required": ["p"]}),
            ),
        ),
        // the root must be an object for tool arguments.
        (
            "root",
            json!({"type": "string"}),
            OpenAiStrict,
            Err(("root-not-object", "")),
        ),
    ]
}

#[test]
fn every_row_converts_as_pinned_and_passes_the_checker() {
    let mut failures = Vec::new();
    for (name, schema, dialect, expected) in rows() {
        let got = convert(&schema, dialect);
        match (&got, &expected) {
            (Ok(converted), Ok(want)) => {
                if converted != want {
                    failures.push(format!("{name} {dialect}: got {converted}\n   want {want}"));
                }
                let problems = check(provider(dialect), converted);
                if !problems.is_empty() {
                    failures.push(format!(
                        "{name} {dialect}: checker refuses {converted}: {problems:?}"
                    ));
                }
            }
            (Err(e), Err((rule, path))) => {
                if !e
                    .violations()
                    .iter()
                    .any(|v| v.rule == *rule && v.path == *path)
                {
                    failures.push(format!(
                        "{name} {dialect}: expected {rule} at {path:?}, got {e}"
                    ));
                }
            }
            _ => failures.push(format!(
                "{name} {dialect}: got {got:?}, expected {expected:?}"
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn decode_drops_only_the_nulls_openai_strict_added() {
    #[derive(serde::Deserialize, toolform::ToolSchema, Debug, PartialEq)]
    struct Args {
        q: String,
        #[serde(default)]
        limit: u32,
        since: Option<String>,
        #[serde(default)]
        inner: Inner,
    }
    #[derive(serde::Deserialize, toolform::ToolSchema, Debug, PartialEq, Default)]
    struct Inner {
        #[serde(default)]
        depth: u8,
    }
    let strict = <Args as toolform::ToolSchema>::schema(Dialect::OpenAiStrict).unwrap();
    let doc = json!({"q": "x", "limit": null, "since": null, "inner": {"depth": null}});
    assert!(toolform_tests::agreement::validator(strict).is_valid(&doc));
    // serde alone refuses the nulls strict mode made the model write...
    assert!(serde_json::from_value::<Args>(doc.clone()).is_err());
    // ... decode removes them, and keeps the null serde reads as `None`.
    let args: Args = Dialect::OpenAiStrict.decode(doc).unwrap();
    assert_eq!(
        args,
        Args {
            q: "x".into(),
            limit: 0,
            since: None,
            inner: Inner { depth: 0 }
        }
    );
}

#[test]
fn converter_never_panics_on_odd_input() {
    let mut deep = json!({"type": "string"});
    for _ in 0..10_000 {
        let mut m = serde_json::Map::new();
        m.insert("type".into(), "object".into());
        let mut props = serde_json::Map::new();
        props.insert("p".into(), deep);
        m.insert("properties".into(), Value::Object(props));
        deep = Value::Object(m);
    }
    for d in Dialect::ALL {
        assert!(convert(&deep, d).is_err(), "{d}");
    }
    std::mem::forget(deep);
    for odd in [
        json!(null),
        json!(1),
        json!([]),
        json!({"properties": 1}),
        json!({"anyOf": 3}),
        json!({"type": ["a", "b", "c"]}),
    ] {
        for d in Dialect::ALL {
            let _ = convert(&odd, d);
        }
    }
}
