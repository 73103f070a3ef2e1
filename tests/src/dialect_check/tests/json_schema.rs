//! JSON Schema 2020-12 and draft-07: schemas accepted and refused.

use super::*;

#[test]
fn json_schema_2020() {
    run(
        Provider::JsonSchema2020,
        vec![
            (
                "plain object",
                json!({"type": "object", "properties": {"a": {"type": "string"}}}),
                Ok(()),
            ),
            (
                "2020 keywords and $schema",
                json!({
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "type": "array",
                    "prefixItems": [{"type": "integer"}],
                    "items": false,
                    "$defs": {"x": {"type": "string"}},
                    "unevaluatedProperties": false
                }),
                Ok(()),
            ),
            (
                "ref to $defs",
                json!({"$ref": "#/$defs/a", "$defs": {"a": {"type": "null"}}}),
                Ok(()),
            ),
            ("boolean schema", json!(true), Ok(())),
            (
                "draft-07 $schema",
                json!({"$schema": "http://json-schema.org/draft-07/schema#", "type": "string"}),
                Err(("json2020.foreign_schema", "/$schema")),
            ),
            (
                "bad type name",
                json!({"type": "strin"}),
                Err(("json2020.meta_schema", "/type")),
            ),
            (
                "tuple items",
                json!({"type": "array", "items": [{"type": "string"}]}),
                Err(("json2020.meta_schema", "/items")),
            ),
            (
                "negative minLength",
                json!({"minLength": -1}),
                Err(("json2020.meta_schema", "/minLength")),
            ),
            (
                "unresolvable ref",
                json!({"$ref": "#/$defs/missing"}),
                Err(("json2020.compile", "")),
            ),
            (
                "remote ref is not fetched",
                json!({"$ref": "https://example.invalid/schema.json"}),
                Err(("json2020.compile", "")),
            ),
            (
                "bad regex",
                json!({"pattern": "(unclosed"}),
                Err(("json2020.compile", "")),
            ),
            (
                "additionalItems",
                json!({"type": "array", "prefixItems": [{}], "additionalItems": false}),
                Err(("json2020.legacy_keyword", "/additionalItems")),
            ),
        ],
    );
}

#[test]
fn json_schema_draft07() {
    run(
        Provider::JsonSchemaDraft07,
        vec![
            (
                "draft-07 schema",
                json!({
                    "$schema": "http://json-schema.org/draft-07/schema#",
                    "type": "object",
                    "properties": {"a": {"$ref": "#/definitions/A", "description": "an A"}},
                    "definitions": {"A": {"type": "array", "items": [{"type": "string"}], "additionalItems": false}},
                    "dependencies": {"a": ["b"]}
                }),
                Ok(()),
            ),
            (
                "2020-12 $schema",
                json!({"$schema": "https://json-schema.org/draft/2020-12/schema"}),
                Err(("draft07.foreign_schema", "/$schema")),
            ),
            (
                "$defs",
                json!({"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "string"}}}),
                Err(("draft07.newer_keyword", "/$defs")),
            ),
            (
                "prefixItems",
                json!({"prefixItems": [{"type": "string"}]}),
                Err(("draft07.newer_keyword", "/prefixItems")),
            ),
            (
                "dependentRequired",
                json!({"dependentRequired": {"a": ["b"]}}),
                Err(("draft07.newer_keyword", "/dependentRequired")),
            ),
            (
                "nested unevaluatedProperties",
                json!({"properties": {"x": {"unevaluatedProperties": false}}}),
                Err((
                    "draft07.newer_keyword",
                    "/properties/x/unevaluatedProperties",
                )),
            ),
            (
                "$anchor",
                json!({"$anchor": "a"}),
                Err(("draft07.newer_keyword", "/$anchor")),
            ),
            (
                "$dynamicRef",
                json!({"$dynamicRef": "#a", "$dynamicAnchor": "a"}),
                Err(("draft07.newer_keyword", "/$dynamicRef")),
            ),
            (
                "unevaluatedItems",
                json!({"unevaluatedItems": false}),
                Err(("draft07.newer_keyword", "/unevaluatedItems")),
            ),
            (
                "constraint beside $ref",
                json!({"definitions": {"A": {"type": "string"}}, "properties": {"a": {"$ref": "#/definitions/A", "maxLength": 3}}}),
                Err(("draft07.ref_siblings", "/properties/a/maxLength")),
            ),
            (
                "bad type",
                json!({"type": 5}),
                Err(("draft07.meta_schema", "/type")),
            ),
            (
                "unresolvable ref",
                json!({"$ref": "#/definitions/none"}),
                Err(("draft07.compile", "")),
            ),
        ],
    );
}
