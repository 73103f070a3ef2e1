//! OpenAI strict: schemas accepted and refused.

use super::*;

#[test]
fn openai_strict() {
    let good = closed(json!({
        "name": {"type": "string", "pattern": "^[a-z]+$", "description": "lower case"},
        "when": {"type": ["string", "null"], "format": "date-time"},
        "n": {"type": "integer", "minimum": 0, "maximum": 10, "multipleOf": 2},
        "x": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
        "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "minItems": 1, "maxItems": 3},
        "kind": {"const": "k"},
        "item": {"anyOf": [closed(json!({"id": {"type": "string"}})), {"type": "null"}]},
        "step": {"$ref": "#/$defs/step"}
    }));
    let mut with_defs = good.clone();
    with_defs["$defs"] = json!({"step": closed(json!({"next": {"anyOf": [{"$ref": "#/$defs/step"}, {"type": "null"}]}}))});
    let recursive = json!({
        "type": "object",
        "properties": {"children": {"type": "array", "items": {"$ref": "#"}}},
        "required": ["children"],
        "additionalProperties": false
    });
    let mut deep = closed(json!({"leaf": {"type": "string"}}));
    for _ in 0..10 {
        deep = closed(json!({"n": deep}));
    }
    let many_props: Map<String, Value> = (0..5001)
        .map(|i| (format!("p{i}"), json!({"type": "string"})))
        .collect();
    let many_enum: Vec<Value> = (0..1001).map(|i| json!(i)).collect();
    let long_enum: Vec<Value> = (0..251).map(|i| json!(format!("{i:0>60}"))).collect();
    run(
        Provider::OpenAiStrict,
        vec![
            ("supported subset", with_defs, Ok(())),
            ("root recursion", recursive, Ok(())),
            (
                "ten levels",
                {
                    let mut s = closed(json!({"leaf": {"type": "string"}}));
                    for _ in 0..9 {
                        s = closed(json!({"n": s}));
                    }
                    s
                },
                Ok(()),
            ),
            (
                "root array",
                json!({"type": "array", "items": {"type": "string"}}),
                Err(("openai.root_not_object", "")),
            ),
            (
                "root anyOf",
                json!({"type": "object", "additionalProperties": false, "anyOf": [closed(json!({"a": {"type": "string"}}))]}),
                Err(("openai.root_any_of", "/anyOf")),
            ),
            (
                "open object",
                json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}),
                Err(("openai.additional_properties", "")),
            ),
            (
                "nested open object",
                closed(json!({"o": {"type": "object", "properties": {}, "required": []}})),
                Err(("openai.additional_properties", "/properties/o")),
            ),
            (
                "optional property",
                json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["a"], "additionalProperties": false}),
                Err(("openai.required_all", "")),
            ),
            (
                "allOf",
                closed(json!({"a": {"allOf": [{"type": "string"}]}})),
                Err(("openai.unsupported_composition", "/properties/a/allOf")),
            ),
            (
                "not",
                closed(json!({"a": {"type": "string", "not": {"const": "x"}}})),
                Err(("openai.unsupported_composition", "/properties/a/not")),
            ),
            (
                "if",
                closed(json!({"a": {"type": "string", "if": {"const": "x"}}})),
                Err(("openai.unsupported_composition", "/properties/a/if")),
            ),
            (
                "dependentRequired",
                json!({"type": "object", "properties": {}, "required": [], "additionalProperties": false, "dependentRequired": {}}),
                Err(("openai.unsupported_composition", "/dependentRequired")),
            ),
            (
                "oneOf",
                closed(json!({"a": {"oneOf": [{"type": "string"}, {"type": "null"}]}})),
                Err(("openai.unsupported_keyword", "/properties/a/oneOf")),
            ),
            (
                "patternProperties",
                json!({"type": "object", "properties": {}, "required": [], "additionalProperties": false, "patternProperties": {"^x": {"type": "string"}}}),
                Err(("openai.unsupported_keyword", "/patternProperties")),
            ),
            (
                "minLength",
                closed(json!({"a": {"type": "string", "minLength": 1}})),
                Err(("openai.unsupported_keyword", "/properties/a/minLength")),
            ),
            (
                "default",
                closed(json!({"a": {"type": "string", "default": "x"}})),
                Err(("openai.unsupported_keyword", "/properties/a/default")),
            ),
            (
                "uniqueItems",
                closed(
                    json!({"a": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}}),
                ),
                Err(("openai.unsupported_keyword", "/properties/a/uniqueItems")),
            ),
            (
                "tuple items",
                closed(json!({"a": {"type": "array", "items": [{"type": "string"}]}})),
                Err(("openai.tuple_items", "/properties/a/items")),
            ),
            (
                "uri format",
                closed(json!({"a": {"type": "string", "format": "uri"}})),
                Err(("openai.format", "/properties/a/format")),
            ),
            (
                "unknown type",
                closed(json!({"a": {"type": "str"}})),
                Err(("openai.type", "/properties/a/type")),
            ),
            (
                "untyped",
                closed(json!({"a": {"description": "anything"}})),
                Err(("openai.missing_type", "/properties/a")),
            ),
            (
                "boolean schema",
                closed(json!({"a": true})),
                Err(("openai.boolean_schema", "/properties/a")),
            ),
            (
                "ref with description",
                {
                    let mut s = closed(json!({"a": {"$ref": "#/$defs/A", "description": "an A"}}));
                    s["$defs"] = json!({"A": {"type": "string"}});
                    s
                },
                Err(("openai.ref_siblings", "/properties/a/description")),
            ),
            (
                "dangling ref",
                closed(json!({"a": {"$ref": "#/$defs/missing"}})),
                Err(("openai.unresolved_ref", "/properties/a/$ref")),
            ),
            (
                "external ref",
                closed(json!({"a": {"$ref": "https://example.com/a.json"}})),
                Err(("openai.unresolved_ref", "/properties/a/$ref")),
            ),
            (
                "eleven levels",
                deep,
                // Counted through `$ref` over the whole document: one
                // problem for the document.
                Err(("openai.nesting_depth", "")),
            ),
            (
                "5001 properties",
                closed(Value::Object(many_props)),
                Err(("openai.property_count", "")),
            ),
            (
                "1001 enum values",
                closed(json!({"a": {"type": "integer", "enum": many_enum}})),
                Err(("openai.enum_count", "")),
            ),
            (
                "long string enum",
                closed(json!({"a": {"type": "string", "enum": long_enum}})),
                Err(("openai.enum_string_length", "/properties/a/enum")),
            ),
            (
                "120k characters",
                closed(
                    json!({"a": {"type": "string", "enum": (0..200).map(|i| json!(format!("{i:0>601}"))).collect::<Vec<_>>()}}),
                ),
                Err(("openai.string_length", "")),
            ),
            (
                "$schema",
                {
                    let mut s = closed(json!({}));
                    s["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
                    s
                },
                Err(("openai.unsupported_keyword", "/$schema")),
            ),
        ],
    );
}

#[test]
fn openai_nesting_counts_objects_only() {
    // Ten object levels with arrays between them stays inside the limit.
    let mut s = closed(json!({"leaf": {"type": "string"}}));
    for _ in 0..9 {
        s = closed(json!({"list": {"type": "array", "items": s}}));
    }
    assert!(check(Provider::OpenAiStrict, &s).is_empty());
}
