//! Gemini (OpenAPI subset and JSON Schema fields): schemas accepted and
//! refused.

use super::*;

#[test]
fn gemini_openapi_subset() {
    let good = json!({
        "type": "object",
        "title": "Params",
        "description": "all 22 fields in use",
        "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 20, "pattern": "^[a-z]+$", "example": "bob", "default": "bob"},
            "color": {"type": "STRING", "format": "enum", "enum": ["red", "green"], "nullable": true},
            "when": {"type": "string", "format": "date-time"},
            "n": {"type": "integer", "format": "int32", "minimum": 0, "maximum": 9},
            "list": {"type": "array", "items": {"type": "number"}, "minItems": 1, "maxItems": "5"},
            "bag": {"type": "object", "properties": {}, "minProperties": 0, "maxProperties": 3},
            "either": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
            "none": {"type": "null"}
        },
        "required": ["name"],
        "propertyOrdering": ["name", "color"]
    });
    let obj = |props: Value| json!({"type": "object", "properties": props});
    run(
        Provider::Gemini,
        vec![
            ("the Schema fields", good, Ok(())),
            (
                "type array",
                obj(json!({"a": {"type": ["string", "null"]}})),
                Err(("gemini.type_array", "/properties/a/type")),
            ),
            (
                "unknown type",
                obj(json!({"a": {"type": "text"}})),
                Err(("gemini.type", "/properties/a/type")),
            ),
            (
                "no type",
                obj(json!({"a": {"description": "x"}})),
                Err(("gemini.missing_type", "/properties/a")),
            ),
            (
                "integer enum",
                obj(json!({"a": {"type": "integer", "enum": ["1", "2"]}})),
                Err(("gemini.enum_type", "/properties/a/enum")),
            ),
            (
                "number enum values",
                obj(json!({"a": {"type": "string", "enum": ["a", 2]}})),
                Err(("gemini.enum_value", "/properties/a/enum/1")),
            ),
            (
                "additionalProperties",
                json!({"type": "object", "properties": {}, "additionalProperties": false}),
                Err(("gemini.unsupported_field", "/additionalProperties")),
            ),
            (
                "$ref",
                obj(json!({"a": {"$ref": "#/$defs/A"}})),
                Err(("gemini.unsupported_field", "/properties/a/$ref")),
            ),
            (
                "$defs",
                json!({"type": "object", "$defs": {"A": {"type": "string"}}}),
                Err(("gemini.unsupported_field", "/$defs")),
            ),
            (
                "oneOf",
                obj(json!({"a": {"oneOf": [{"type": "string"}]}})),
                Err(("gemini.unsupported_field", "/properties/a/oneOf")),
            ),
            (
                "allOf",
                obj(json!({"a": {"allOf": [{"type": "string"}]}})),
                Err(("gemini.unsupported_field", "/properties/a/allOf")),
            ),
            (
                "const",
                obj(json!({"a": {"type": "string", "const": "x"}})),
                Err(("gemini.unsupported_field", "/properties/a/const")),
            ),
            (
                "exclusiveMinimum",
                obj(json!({"a": {"type": "number", "exclusiveMinimum": 0}})),
                Err(("gemini.unsupported_field", "/properties/a/exclusiveMinimum")),
            ),
            (
                "$schema",
                json!({"$schema": "x", "type": "object"}),
                Err(("gemini.unsupported_field", "/$schema")),
            ),
            (
                "required undefined",
                json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["b"]}),
                Err(("gemini.required_undefined", "/required/0")),
            ),
            (
                "boolean schema",
                obj(json!({"a": true})),
                Err(("gemini.boolean_schema", "/properties/a")),
            ),
            (
                "nullable not bool",
                obj(json!({"a": {"type": "string", "nullable": "yes"}})),
                Err(("gemini.malformed", "/properties/a/nullable")),
            ),
            (
                "tuple items",
                obj(json!({"a": {"type": "array", "items": [{"type": "string"}]}})),
                Err(("gemini.malformed", "/properties/a/items")),
            ),
            (
                "negative minItems",
                obj(json!({"a": {"type": "array", "items": {"type": "string"}, "minItems": -1}})),
                Err(("gemini.malformed", "/properties/a/minItems")),
            ),
            (
                "nested in anyOf",
                obj(json!({"a": {"anyOf": [{"type": ["string", "null"]}]}})),
                Err(("gemini.type_array", "/properties/a/anyOf/0/type")),
            ),
        ],
    );
}

#[test]
fn gemini_json_schema() {
    let good = json!({
        "$id": "https://example.com/p",
        "type": "object",
        "title": "P",
        "description": "params",
        "properties": {
            "name": {"type": "string", "format": "date"},
            "n": {"type": ["integer", "null"], "minimum": 0, "maximum": 5, "enum": [1, 2, 3]},
            "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}], "minItems": 2, "maxItems": 2},
            "list": {"type": "array", "items": {"$ref": "#/$defs/item"}},
            "either": {"oneOf": [{"type": "string"}, {"anyOf": [{"type": "number"}]}]},
            "tree": {"$ref": "#node"}
        },
        "required": ["name", "n"],
        "additionalProperties": false,
        "propertyOrdering": ["name", "n"],
        "$defs": {
            "item": {"type": "object", "properties": {"v": {"type": "string", "enum": ["a", "b"]}}, "additionalProperties": {"type": "string"}},
            "node": {"$anchor": "node", "type": "object", "properties": {"child": {"$ref": "#node"}}, "required": []}
        }
    });
    let obj = |props: Value| json!({"type": "object", "properties": props});
    run(
        Provider::GeminiJsonSchema,
        vec![
            ("supported subset", good, Ok(())),
            (
                "root ref to object",
                json!({"$ref": "#/$defs/P", "$defs": {"P": {"type": "object", "properties": {}}}}),
                Ok(()),
            ),
            (
                "optional recursion",
                json!({"type": "object", "properties": {"next": {"$ref": "#"}}, "required": []}),
                Ok(()),
            ),
            (
                "root string",
                json!({"type": "string"}),
                Err(("gemini_json.root_not_object", "")),
            ),
            (
                "allOf",
                obj(json!({"a": {"allOf": [{"type": "string"}]}})),
                Err(("gemini_json.unsupported_keyword", "/properties/a/allOf")),
            ),
            (
                "const",
                obj(json!({"a": {"const": "x"}})),
                Err(("gemini_json.unsupported_keyword", "/properties/a/const")),
            ),
            (
                "minLength",
                obj(json!({"a": {"type": "string", "minLength": 1}})),
                Err(("gemini_json.unsupported_keyword", "/properties/a/minLength")),
            ),
            (
                "pattern",
                obj(json!({"a": {"type": "string", "pattern": "^a"}})),
                Err(("gemini_json.unsupported_keyword", "/properties/a/pattern")),
            ),
            (
                "nullable",
                obj(json!({"a": {"type": "string", "nullable": true}})),
                Err(("gemini_json.unsupported_keyword", "/properties/a/nullable")),
            ),
            (
                "definitions",
                json!({"type": "object", "definitions": {}}),
                Err(("gemini_json.unsupported_keyword", "/definitions")),
            ),
            (
                "bool enum",
                obj(json!({"a": {"enum": [true, false]}})),
                Err(("gemini_json.enum_value", "/properties/a/enum/0")),
            ),
            (
                "ref with description",
                json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/A", "description": "x"}}, "$defs": {"A": {"type": "string"}}}),
                Err(("gemini_json.ref_siblings", "/properties/a/description")),
            ),
            (
                "dangling ref",
                obj(json!({"a": {"$ref": "#/$defs/none"}})),
                Err(("gemini_json.unresolved_ref", "/properties/a/$ref")),
            ),
            (
                "dangling anchor",
                obj(json!({"a": {"$ref": "#nowhere"}})),
                Err(("gemini_json.unresolved_ref", "/properties/a/$ref")),
            ),
            (
                "required recursion",
                json!({"type": "object", "properties": {"next": {"$ref": "#"}}, "required": ["next"]}),
                Err(("gemini_json.required_cycle", "/properties/next/$ref")),
            ),
            (
                "nullable recursion is not enough",
                json!({
                    "type": "object",
                    "properties": {"head": {"$ref": "#/$defs/N"}},
                    "$defs": {"N": {"type": "object", "properties": {"next": {"anyOf": [{"$ref": "#/$defs/N"}, {"type": "null"}]}}, "required": ["next"]}}
                }),
                Err((
                    "gemini_json.required_cycle",
                    "/$defs/N/properties/next/anyOf/0/$ref",
                )),
            ),
            (
                "boolean schema",
                obj(json!({"a": false})),
                Err(("gemini_json.boolean_schema", "/properties/a")),
            ),
            (
                "unknown type",
                obj(json!({"a": {"type": "int"}})),
                Err(("gemini_json.type", "/properties/a/type")),
            ),
        ],
    );
}
