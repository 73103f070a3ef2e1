//! Anthropic strict: schemas accepted and refused.

use super::*;

#[test]
fn anthropic_strict() {
    let good = json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "who", "pattern": "^[A-Z][a-z]+$"},
            "email": {"type": "string", "format": "email"},
            "site": {"type": "string", "format": "uri"},
            "age": {"type": ["integer", "null"]},
            "level": {"enum": ["low", 1, true, null]},
            "kind": {"const": "person", "default": "person"},
            "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1},
            "address": {"$ref": "#/$defs/address"},
            "pet": {"anyOf": [{"type": "string"}, {"type": "null"}]},
            "both": {"allOf": [{"type": "object", "properties": {}, "additionalProperties": false}]}
        },
        "required": ["name"],
        "additionalProperties": false,
        "$defs": {"address": {"type": "object", "title": "Address", "properties": {"city": {"type": "string"}}, "additionalProperties": false}}
    });
    let many_optional: Map<String, Value> = (0..25)
        .map(|i| (format!("p{i}"), json!({"type": "string"})))
        .collect();
    let many_unions: Map<String, Value> = (0..17)
        .map(|i| (format!("p{i}"), json!({"type": ["string", "null"]})))
        .collect();
    let obj = |props: Value| json!({"type": "object", "properties": props, "additionalProperties": false});
    run(
        Provider::AnthropicStrict,
        vec![
            ("supported subset", good, Ok(())),
            (
                "open object",
                json!({"type": "object", "properties": {}}),
                Err(("anthropic.additional_properties", "")),
            ),
            (
                "additionalProperties schema",
                json!({"type": "object", "additionalProperties": {"type": "string"}}),
                Err(("anthropic.additional_properties", "")),
            ),
            (
                "minimum",
                obj(json!({"n": {"type": "integer", "minimum": 0}})),
                Err(("anthropic.numeric_constraint", "/properties/n/minimum")),
            ),
            (
                "multipleOf",
                obj(json!({"n": {"type": "number", "multipleOf": 2}})),
                Err(("anthropic.numeric_constraint", "/properties/n/multipleOf")),
            ),
            (
                "exclusiveMaximum",
                obj(json!({"n": {"type": "number", "exclusiveMaximum": 2}})),
                Err((
                    "anthropic.numeric_constraint",
                    "/properties/n/exclusiveMaximum",
                )),
            ),
            (
                "maxLength",
                obj(json!({"s": {"type": "string", "maxLength": 9}})),
                Err(("anthropic.string_constraint", "/properties/s/maxLength")),
            ),
            (
                "minItems 2",
                obj(json!({"a": {"type": "array", "items": {"type": "string"}, "minItems": 2}})),
                Err(("anthropic.array_constraint", "/properties/a/minItems")),
            ),
            (
                "maxItems",
                obj(json!({"a": {"type": "array", "items": {"type": "string"}, "maxItems": 2}})),
                Err(("anthropic.array_constraint", "/properties/a/maxItems")),
            ),
            (
                "uniqueItems",
                obj(
                    json!({"a": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}}),
                ),
                Err(("anthropic.array_constraint", "/properties/a/uniqueItems")),
            ),
            (
                "oneOf",
                obj(json!({"a": {"oneOf": [{"type": "string"}, {"type": "integer"}]}})),
                Err(("anthropic.unsupported_keyword", "/properties/a/oneOf")),
            ),
            (
                "not",
                obj(json!({"a": {"type": "string", "not": {"const": "x"}}})),
                Err(("anthropic.unsupported_keyword", "/properties/a/not")),
            ),
            (
                "prefixItems",
                obj(json!({"a": {"type": "array", "prefixItems": [{"type": "string"}]}})),
                Err(("anthropic.unsupported_keyword", "/properties/a/prefixItems")),
            ),
            (
                "complex enum",
                obj(json!({"a": {"enum": [{"x": 1}]}})),
                Err(("anthropic.enum_value", "/properties/a/enum/0")),
            ),
            (
                "int32 format",
                obj(json!({"a": {"type": "integer", "format": "int32"}})),
                Err(("anthropic.format", "/properties/a/format")),
            ),
            (
                "lookahead",
                obj(json!({"a": {"type": "string", "pattern": "^(?=.*\\d).+$"}})),
                Err(("anthropic.pattern", "/properties/a/pattern")),
            ),
            (
                "lookbehind",
                obj(json!({"a": {"type": "string", "pattern": "(?<!x)y"}})),
                Err(("anthropic.pattern", "/properties/a/pattern")),
            ),
            (
                "backreference",
                obj(json!({"a": {"type": "string", "pattern": "(a)\\1"}})),
                Err(("anthropic.pattern", "/properties/a/pattern")),
            ),
            (
                "word boundary",
                obj(json!({"a": {"type": "string", "pattern": "\\bword\\b"}})),
                Err(("anthropic.pattern", "/properties/a/pattern")),
            ),
            (
                "external ref",
                obj(json!({"a": {"$ref": "http://example.com/s.json"}})),
                Err(("anthropic.external_ref", "/properties/a/$ref")),
            ),
            (
                "dangling ref",
                obj(json!({"a": {"$ref": "#/$defs/none"}})),
                Err(("anthropic.unresolved_ref", "/properties/a/$ref")),
            ),
            (
                "allOf with $ref",
                json!({"type": "object", "properties": {"a": {"allOf": [{"$ref": "#/$defs/A"}]}}, "additionalProperties": false, "$defs": {"A": {"type": "string"}}}),
                Err(("anthropic.allof_ref", "/properties/a/allOf/0/$ref")),
            ),
            (
                "self recursion",
                json!({"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#"}}}, "additionalProperties": false}),
                Err(("anthropic.recursive_ref", "/properties/children/items/$ref")),
            ),
            (
                "mutual recursion",
                json!({
                    "type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "additionalProperties": false,
                    "$defs": {
                        "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}, "additionalProperties": false},
                        "B": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "additionalProperties": false}
                    }
                }),
                Err(("anthropic.recursive_ref", "/$defs/B/properties/a/$ref")),
            ),
            (
                "untyped",
                obj(json!({"a": {"description": "anything"}})),
                Err(("anthropic.missing_type", "/properties/a")),
            ),
            (
                "unknown type",
                obj(json!({"a": {"type": "float"}})),
                Err(("anthropic.type", "/properties/a/type")),
            ),
            (
                "25 optional",
                obj(Value::Object(many_optional)),
                Err(("anthropic.optional_limit", "")),
            ),
            (
                "17 unions",
                {
                    let mut s = obj(Value::Object(many_unions.clone()));
                    s["required"] = json!(many_unions.keys().collect::<Vec<_>>());
                    s
                },
                Err(("anthropic.union_limit", "")),
            ),
        ],
    );
}

#[test]
fn anthropic_shared_definition_is_not_recursion() {
    let s = json!({
        "type": "object",
        "properties": {"home": {"$ref": "#/$defs/A"}, "work": {"$ref": "#/$defs/A"}},
        "additionalProperties": false,
        "$defs": {"A": {"type": "object", "properties": {"city": {"type": "string"}}, "additionalProperties": false}}
    });
    assert!(check(Provider::AnthropicStrict, &s).is_empty());
}
