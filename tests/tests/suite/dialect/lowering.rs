//! Dialect lowerings judged by meaning: for each failure issue 13 lists, the
//! converted schema is run through a validator nobody here wrote (the
//! `jsonschema` crate, draft-07 or 2020-12, formats asserted) on documents
//! whose verdict the original 2020-12 schema fixes, and the independent
//! checker (`dialect_check`, written from the providers' rules) holds the
//! output; derived types are also held against serde
//! (`agreement::check_dialects`).

use serde::Deserialize;
use serde_json::{Value, json};
use toolform::ToolSchema;
use toolform::dialect::{Dialect, convert};
use toolform_tests::agreement;
use toolform_tests::dialect_check::{Provider, check};

fn provider(d: Dialect) -> Provider {
    Provider::of(d).unwrap_or_else(|| panic!("no checker for {d}"))
}

use toolform_tests::agreement::validator_in as validator;
use toolform_tests::schemas::refs;

/// Converts `schema` to `dialect`, checks the output with the independent
/// checker, and holds the verdicts of the converted schema (under draft-07
/// for draft-07, 2020-12 otherwise) to the original's on every document.
fn same_meaning(schema: &Value, dialect: Dialect, docs: &[Value]) -> Value {
    let converted = convert(schema, dialect).unwrap_or_else(|e| panic!("{dialect}: {e}"));
    let problems = check(provider(dialect), &converted);
    assert!(
        problems.is_empty(),
        "{dialect}: the checker refuses {converted}: {problems:#?}"
    );
    let draft = match dialect {
        Dialect::JsonSchemaDraft07 => jsonschema::Draft::Draft7,
        _ => jsonschema::Draft::Draft202012,
    };
    let original = validator(schema, jsonschema::Draft::Draft202012);
    let lowered = validator(&converted, draft);
    for doc in docs {
        assert_eq!(
            lowered.is_valid(doc),
            original.is_valid(doc),
            "{dialect}: {doc} judged differently\n  original: {schema}\n  converted: {converted}"
        );
    }
    converted
}

fn defs_host(at: &str, sub: Value) -> Value {
    let mut schema = json!({
        "$defs": {"Small": {"type": "integer", "maximum": 9}},
        "type": "object",
    });
    schema[at] = sub;
    schema
}

// ------------------------------------------------------------ draft-07

/// `$ref`s under `contains`, `patternProperties`, `if`/`then` and
/// `dependentSchemas` point into `definitions` after the rename (they were
/// left as dangling `#/$defs/..`), and mean what they meant.
#[test]
fn draft07_rewrites_refs_under_every_subschema_keyword() {
    let cases = [
        (
            defs_host(
                "properties",
                json!({"xs": {"type": "array", "contains": {"$ref": "#/$defs/Small"}}}),
            ),
            vec![json!({"xs": [1, 50]}), json!({"xs": [50]}), json!({})],
        ),
        (
            defs_host(
                "patternProperties",
                json!({"^n": {"$ref": "#/$defs/Small"}}),
            ),
            vec![json!({"n1": 3}), json!({"n1": 30}), json!({"m": 30})],
        ),
        (
            {
                let mut s = defs_host("if", json!({"required": ["a"]}));
                s["then"] = json!({"properties": {"a": {"$ref": "#/$defs/Small"}}});
                s["else"] = json!({"properties": {"b": {"$ref": "#/$defs/Small"}}});
                s
            },
            vec![
                json!({"a": 3}),
                json!({"a": 30}),
                json!({"b": 30}),
                json!({"b": 3}),
            ],
        ),
        (
            defs_host(
                "if",
                json!({"properties": {"a": {"$ref": "#/$defs/Small"}}, "required": ["a"]}),
            ),
            vec![json!({"a": 3}), json!({"a": 30})],
        ),
        (
            defs_host(
                "dependentSchemas",
                json!({"a": {"properties": {"b": {"$ref": "#/$defs/Small"}}}}),
            ),
            vec![
                json!({"a": 1, "b": 3}),
                json!({"a": 1, "b": 30}),
                json!({"b": 30}),
            ],
        ),
    ];
    for (schema, docs) in cases {
        let out = same_meaning(&schema, Dialect::JsonSchemaDraft07, &docs);
        for r in refs(&out) {
            let target = r.strip_prefix('#').unwrap_or(&r);
            assert!(
                r.starts_with("#/definitions/") && out.pointer(target).is_some(),
                "dangling {r} in {out}"
            );
        }
    }
}

/// `prefixItems` and `items` both become draft-07 keywords: the tuple as
/// array-form `items`, the rest as `additionalItems` (one used to overwrite
/// the other).
#[test]
fn draft07_keeps_prefix_items_and_items() {
    let schema =
        json!({"type": "array", "prefixItems": [{"type": "integer"}], "items": {"type": "string"}});
    let docs = [
        json!([1, "a", "b"]),
        json!([1, 2]),
        json!(["a"]),
        json!([]),
        json!([1]),
    ];
    same_meaning(&schema, Dialect::JsonSchemaDraft07, &docs);
    // Either order of the keys in the input.
    let schema =
        json!({"type": "array", "items": {"type": "string"}, "prefixItems": [{"type": "integer"}]});
    same_meaning(&schema, Dialect::JsonSchemaDraft07, &docs);
}

/// `format: uuid` (no draft-07 format) becomes a pattern without replacing
/// the schema's own `pattern`.
#[test]
fn draft07_uuid_format_keeps_the_pattern() {
    let uuid = "0e0e0e0e-1111-2222-3333-444444444444";
    let other = "1e0e0e0e-1111-2222-3333-444444444444";
    let docs = [json!(uuid), json!(other), json!("0-not-a-uuid"), json!("x")];
    for schema in [
        json!({"type": "string", "format": "uuid", "pattern": "^0"}),
        json!({"type": "string", "pattern": "^0", "format": "uuid"}),
    ] {
        same_meaning(&schema, Dialect::JsonSchemaDraft07, &docs);
    }
}

/// A bound beside `$ref` (2020-12 applies both) was dropped: draft-07
/// ignores `$ref`'s siblings, and OpenAI strict and Gemini's JSON Schema
/// refuse them. The bound is kept in force where the dialect has it, and
/// moved into the description where it does not.
#[test]
fn bounds_beside_ref_survive() {
    let schema = json!({
        "$defs": {"S": {"type": "string"}, "N": {"type": "integer"}},
        "type": "object",
        "properties": {
            "s": {"$ref": "#/$defs/S", "maxLength": 3},
            "n": {"$ref": "#/$defs/N", "minimum": 2}
        },
        "required": ["s", "n"],
        "additionalProperties": false
    });
    let docs = [
        json!({"s": "abc", "n": 2}),
        json!({"s": "abcd", "n": 2}),
        json!({"s": "abc", "n": 1}),
        json!({"s": 1, "n": 2}),
    ];
    same_meaning(&schema, Dialect::JsonSchemaDraft07, &docs);
    // OpenAI strict and Gemini's JSON Schema keep `minimum` in force and
    // describe `maxLength`.
    for dialect in [Dialect::OpenAiStrict, Dialect::GeminiJsonSchema] {
        let out = convert(&schema, dialect).unwrap_or_else(|e| panic!("{dialect}: {e}"));
        let problems = check(provider(dialect), &out);
        assert!(problems.is_empty(), "{dialect}: {out}: {problems:?}");
        let v = validator(&out, jsonschema::Draft::Draft202012);
        assert!(v.is_valid(&json!({"s": "abcd", "n": 2})), "{out}");
        assert!(
            !v.is_valid(&json!({"s": "abc", "n": 1})),
            "minimum lost: {out}"
        );
        assert!(
            out.to_string().contains("maxLength: 3"),
            "maxLength lost: {out}"
        );
    }
}

// ------------------------------------------------------------ Gemini

#[derive(Deserialize, ToolSchema, Debug)]
#[allow(dead_code)]
enum Color {
    Red,
    Green,
}

#[derive(Deserialize, ToolSchema, Debug)]
#[allow(dead_code)]
struct Paint {
    color: Option<Color>,
    #[serde(default)]
    shade: Option<Color>,
}

/// Whether a Gemini (OpenAPI 3.0 subset) schema accepts `null`: `nullable`
/// admits it only where no `enum` leaves it out (OpenAPI 3.0.3: `nullable`
/// does not add `null` to an `enum`), `type: "null"`, or an `anyOf`
/// alternative that does.
fn gemini_accepts_null(schema: &Value) -> bool {
    let mut stack = vec![schema];
    while let Some(s) = stack.pop() {
        if s["type"] == "null" {
            return true;
        }
        if s["nullable"] == true
            && s.get("enum")
                .and_then(Value::as_array)
                .is_none_or(|e| e.contains(&Value::Null))
        {
            return true;
        }
        if let Some(alts) = s.get("anyOf").and_then(Value::as_array) {
            stack.extend(alts);
        }
    }
    false
}

/// `Option<UnitEnum>`: `null` was taken out of the `enum` while the type
/// stayed nullable, so `null` (what serde reads as `None`) was refused.
#[test]
fn option_of_unit_enum_accepts_null_under_gemini() {
    let gemini = Paint::schema(Dialect::Gemini).expect("gemini");
    assert!(check(Provider::Gemini, gemini).is_empty(), "{gemini}");
    for field in ["color", "shade"] {
        assert!(
            gemini_accepts_null(&gemini["properties"][field]),
            "{field}: {gemini}"
        );
    }
    let json = Paint::schema(Dialect::GeminiJsonSchema).expect("gemini json");
    assert!(check(Provider::GeminiJsonSchema, json).is_empty(), "{json}");
    let v = validator(json, jsonschema::Draft::Draft202012);
    for doc in [
        json!({"color": null}),
        json!({"color": "Red", "shade": null}),
        json!({"color": "Green"}),
    ] {
        assert!(v.is_valid(&doc), "{doc}: {json}");
        assert!(serde_json::from_value::<Paint>(doc).is_ok());
    }
    assert!(!v.is_valid(&json!({"color": "Blue"})), "{json}");
    // And for a foreign schema, the same lowering.
    let foreign = json!({"type": "object", "properties": {"c": {"type": ["string", "null"], "enum": ["a", null]}}, "required": ["c"]});
    same_meaning(
        &foreign,
        Dialect::GeminiJsonSchema,
        &[json!({"c": null}), json!({"c": "a"}), json!({"c": "b"})],
    );
    let g = convert(&foreign, Dialect::Gemini).expect("gemini");
    assert!(check(Provider::Gemini, &g).is_empty(), "{g}");
    assert!(gemini_accepts_null(&g["properties"]["c"]), "{g}");
}

#[derive(Deserialize, ToolSchema, Debug)]
#[allow(dead_code)]
struct Aliased {
    #[serde(alias = "q", alias = "text")]
    query: String,
    #[serde(default, alias = "n")]
    limit: u32,
}

#[derive(Deserialize, ToolSchema, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ClosedAliased {
    #[serde(alias = "q")]
    query: String,
    #[serde(default, alias = "n")]
    limit: Option<u8>,
}

/// A type with a serde `alias` could not be written for Gemini at all (the
/// alias rule's `oneOf` of `required` was refused), although Gemini has no
/// closed objects anyway: the alias is left out, as strict dialects do.
#[test]
fn aliased_types_are_written_for_gemini() {
    let dialect = Dialect::Gemini;
    let s = Aliased::schema(dialect).unwrap_or_else(|e| panic!("{dialect}: {e}"));
    assert!(check(provider(dialect), s).is_empty(), "{dialect}: {s}");
    assert_eq!(s["required"], json!(["query"]), "{dialect}: {s}");
    let c = ClosedAliased::schema(dialect).unwrap_or_else(|e| panic!("{dialect}: {e}"));
    assert!(check(provider(dialect), c).is_empty(), "{dialect}: {c}");
    // Meaning against serde, every dialect: only Gemini's JSON Schema (which
    // keeps objects open, so an alias cannot be dropped, and has no `allOf`
    // for the alias rule) still refuses.
    let report = agreement::check_dialects::<Aliased>(&[
        json!({"query": "a", "limit": 2}),
        json!({"query": "a"}),
    ]);
    assert_eq!(
        report.accepted,
        Dialect::ALL.len() - 1,
        "{:?}",
        report.refused
    );
    let report = agreement::check_dialects::<ClosedAliased>(&[json!({"query": "a", "limit": 2})]);
    assert_eq!(
        report.accepted,
        Dialect::ALL.len() - 1,
        "{:?}",
        report.refused
    );
}

// ------------------------------------------------------------ OpenAI / Anthropic

/// `1` and `1.0` are the same JSON number: a `oneOf` of both is not
/// exclusive (it accepts nothing), so it cannot become `anyOf`.
#[test]
fn one_and_one_point_zero_are_not_exclusive() {
    let schema = json!({"type": "object", "properties": {"x": {"oneOf": [{"const": 1}, {"const": 1.0}]}}, "required": ["x"]});
    let v = validator(&schema, jsonschema::Draft::Draft202012);
    assert!(
        !v.is_valid(&json!({"x": 1})),
        "the validator agrees: 1 == 1.0"
    );
    for dialect in [
        Dialect::OpenAiStrict,
        Dialect::AnthropicStrict,
        Dialect::Gemini,
        Dialect::GeminiJsonSchema,
    ] {
        match convert(&schema, dialect) {
            Ok(out) => {
                let v = validator(&out, jsonschema::Draft::Draft202012);
                assert!(!v.is_valid(&json!({"x": 1})), "{dialect}: {out}");
            }
            Err(e) => assert!(
                e.violations()
                    .iter()
                    .any(|v| v.path == "/properties/x/oneOf"),
                "{dialect}: {e}"
            ),
        }
    }
    // Same for enums: `[1, 2]` and `[2.0]` share 2; `[-0.0]` and `[0]` share 0.
    for (a, b) in [
        (json!({"enum": [1, 2]}), json!({"enum": [2.0]})),
        (json!({"const": -0.0}), json!({"const": 0})),
        (json!({"const": {"n": 1}}), json!({"const": {"n": 1.0}})),
    ] {
        let schema =
            json!({"type": "object", "properties": {"x": {"oneOf": [a, b]}}, "required": ["x"]});
        assert!(convert(&schema, Dialect::OpenAiStrict).is_err(), "{schema}");
    }
    // Distinct numbers stay exclusive.
    let distinct = json!({"type": "object", "properties": {"x": {"oneOf": [{"const": 1}, {"const": 1.5}, {"const": 18446744073709551615u64}, {"const": 18446744073709551616.0}]}}, "required": ["x"]});
    assert!(convert(&distinct, Dialect::OpenAiStrict).is_ok());
}

/// `const: {"x": 1}` got an inferred `type: "null"`, which refuses the
/// constant itself.
#[test]
fn inferred_types_match_the_constants() {
    for (c, docs) in [
        (json!({"x": 1}), vec![json!({"x": 1}), json!(null)]),
        (json!([1, "a"]), vec![json!([1, "a"]), json!(null)]),
        (json!(null), vec![json!(null), json!(0)]),
        (json!(1.5), vec![json!(1.5), json!(1)]),
        (json!(2), vec![json!(2), json!(2.0), json!("2")]),
        (json!("é"), vec![json!("é"), json!("e")]),
    ] {
        let schema = json!({"type": "object", "properties": {"c": {"const": c}, "e": {"enum": [c, "other"]}}, "required": ["c", "e"]});
        for dialect in [Dialect::OpenAiStrict, Dialect::AnthropicStrict] {
            // Anthropic takes no object or array among enum values.
            if dialect == Dialect::AnthropicStrict && (c.is_object() || c.is_array()) {
                let e = convert(&schema, dialect).expect_err("complex enum value");
                assert!(
                    e.violations()
                        .iter()
                        .all(|v| v.rule == "non-scalar-enum" && v.path == "/properties/e/enum"),
                    "{e}"
                );
                continue;
            }
            let docs: Vec<Value> = docs
                .iter()
                .map(|d| json!({"c": d, "e": d}))
                .chain(docs.iter().map(|d| json!({"c": c, "e": d})))
                .chain([json!({"c": c, "e": "other"})])
                .collect();
            same_meaning(&schema, dialect, &docs);
        }
    }
}

// ------------------------------------------------------------ the model

#[derive(Deserialize, ToolSchema, Debug)]
#[allow(dead_code)]
enum Figure {
    Empty,
    Circle { r: f64 },
    Square(u32),
}

#[derive(Deserialize, ToolSchema, Debug)]
#[allow(dead_code)]
struct Draw {
    figure: Figure,
}

/// An externally tagged enum with a unit variant: its `oneOf` mixes a
/// constant with closed objects, which the JSON heuristics could not tell
/// apart (refused as "may overlap"); the renderer knows the alternatives
/// exclude each other, so the strict dialects write it. Gemini cannot close
/// the objects, so there they may overlap and it is still refused.
#[test]
fn known_exclusive_alternatives_are_written() {
    for dialect in [Dialect::OpenAiStrict, Dialect::AnthropicStrict] {
        let s = Draw::schema(dialect).unwrap_or_else(|e| panic!("{dialect}: {e}"));
        assert!(check(provider(dialect), s).is_empty(), "{dialect}: {s}");
    }
    let e = Draw::schema(Dialect::Gemini).expect_err("open objects may overlap");
    assert!(
        e.violations()
            .iter()
            .any(|v| v.rule == "one-of-not-exclusive"),
        "{e}"
    );
    let report = agreement::check_dialects::<Draw>(&[
        json!({"figure": "Empty"}),
        json!({"figure": {"Circle": {"r": 1.5}}}),
        json!({"figure": {"Square": 3}}),
    ]);
    // Every dialect but Gemini's OpenAPI subset.
    assert_eq!(
        report.accepted,
        Dialect::ALL.len() - 1,
        "{:?}",
        report.refused
    );
}

/// Found by `hostile::convert_holds_on_any_schema`: Gemini's JSON Schema
/// writes a `$ref` with siblings as an `anyOf` of the one reference beside
/// them, and the recursion check named the rewritten place
/// (`.../items/anyOf/0/$ref`), which is not in the input.
#[test]
fn a_required_cycle_is_reported_where_the_input_has_its_ref() {
    let schema = json!({
        "type": "object",
        "properties": {
            "kids": {"type": "array", "items": {"$ref": "#", "items": {"type": "object"}}}
        },
        "required": ["kids"]
    });
    let err = convert(&schema, Dialect::GeminiJsonSchema).unwrap_err();
    let at = toolform_tests::path_rules(err.violations());
    assert_eq!(at, [("/properties/kids/items/$ref", "recursion")], "{err}");
    assert!(schema.pointer("/properties/kids/items/$ref").is_some());
}

/// Found by `hostile::convert_holds_on_any_schema`: a `type` the lowering
/// inferred from mixed `enum` values was refused at `/type`, a key the input
/// does not have; it is refused at the values.
#[test]
fn an_inferred_type_union_is_reported_at_the_values() {
    let schema = json!({"type": "object", "properties": {"v": {"enum": [false, "object"]}}});
    let err = convert(&schema, Dialect::Gemini).unwrap_err();
    let at = toolform_tests::path_rules(err.violations());
    assert_eq!(
        at,
        [
            ("/properties/v/enum", "non-string-enum"),
            ("/properties/v/enum", "type-union")
        ],
        "{err}"
    );
}

/// Found the same way: `null` taken out of an `enum` wraps the node in an
/// `anyOf` with `{"type": "null"}`, and a required cycle below it was
/// reported under that `anyOf`.
#[test]
fn a_required_cycle_below_a_split_null_is_reported_in_the_input() {
    let schema = json!({
        "type": "object",
        "properties": {
            "kids": {"type": "array", "items": {"$ref": "#"}, "enum": [null, false]}
        },
        "required": ["kids"]
    });
    let err = convert(&schema, Dialect::GeminiJsonSchema).unwrap_err();
    let cycles: Vec<&str> = err
        .violations()
        .iter()
        .filter(|v| v.rule == "recursion")
        .map(|v| v.path.as_str())
        .collect();
    assert_eq!(cycles, ["/properties/kids/items/$ref"], "{err}");
    for v in err.violations() {
        assert!(
            schema.pointer(&v.path).is_some() || v.path.is_empty(),
            "{v}"
        );
    }
}
