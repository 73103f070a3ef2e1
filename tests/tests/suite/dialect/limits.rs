//! Issue 22 (items 9) and 23: `dialect::convert` refuses what is not JSON
//! Schema (keyword value types, dangling and external `$ref`) with the
//! place; whatever it writes compiles (the `jsonschema` crate's meta-schema
//! and compiler are the oracle); the provider limits (OpenAI strict sizes,
//! levels through `$ref` and string totals; Anthropic strict recursion only
//! where a `$ref` leads back, one object at the root; Gemini's `anyOf`
//! alone) are held with a path; defaults a strict dialect cannot carry are
//! told to the model; and `Dialect::check_tools` holds a request's budgets.

use serde_json::{Map, Value, json};
use toolform::ToolSchema;
use toolform::dialect::{Dialect, DialectError, convert};
use toolform_tests::dialect_check::{Provider, check};

fn provider(d: Dialect) -> Provider {
    Provider::of(d).unwrap_or_else(|| panic!("no checker for {d}"))
}

/// The converted schema compiles: it validates against its draft's
/// meta-schema, and the `jsonschema` crate builds a validator of it
/// (offline: every `$ref` resolves inside it).
fn compiles(schema: &Value, dialect: Dialect) -> Result<(), String> {
    let draft = if dialect == Dialect::JsonSchemaDraft07 {
        jsonschema::Draft::Draft7
    } else {
        jsonschema::Draft::Draft202012
    };
    let meta = match draft {
        jsonschema::Draft::Draft7 => jsonschema::draft7::meta::validator(),
        _ => jsonschema::draft202012::meta::validator(),
    };
    if let Some(e) = meta.iter_errors(schema).next() {
        return Err(format!("meta-schema: {e} at {}", e.instance_path()));
    }
    jsonschema::options()
        .with_draft(draft)
        .offline()
        .build(schema)
        .map(|_| ())
        .map_err(|e| format!("compile: {e}"))
}

/// Converts under every dialect: accepted output compiles and passes the
/// independent checker; a refusal names places of the input.
fn holds(schema: &Value) -> Vec<(Dialect, Result<Value, DialectError>)> {
    let mut out = Vec::new();
    for dialect in Dialect::ALL {
        let converted = convert(schema, dialect);
        match &converted {
            Ok(v) => {
                if let Err(e) = compiles(v, dialect) {
                    panic!("{dialect}: the output does not compile: {e}\n{v:#}\n  from {schema}");
                }
                let problems = check(provider(dialect), v);
                assert!(
                    problems.is_empty(),
                    "{dialect}: {v:#}\n{problems:#?}\n  from {schema}"
                );
            }
            Err(e) => {
                for v in e.violations() {
                    assert!(
                        schema.pointer(&v.path).is_some(),
                        "{dialect}: {v} is not a place in {schema}"
                    );
                }
            }
        }
        out.push((dialect, converted));
    }
    out
}

/// The refusal under `dialect`, with a violation of `rule` at `path`.
#[track_caller]
fn refused(schema: &Value, dialect: Dialect, rule: &str, path: &str) -> DialectError {
    let e = match convert(schema, dialect) {
        Ok(v) => panic!("{dialect}: expected {rule} at {path:?}, got {v:#}"),
        Err(e) => e,
    };
    assert!(
        e.violations()
            .iter()
            .any(|v| v.rule == rule && v.path == path),
        "{dialect}: expected {rule} at {path:?}, got {e}"
    );
    e
}

fn obj(props: Value) -> Value {
    json!({"type": "object", "properties": props})
}

// ------------------------------------------------------------ malformed (22.9)

/// `"type": []`, `"required": "a"`, `"enum": "x"`, a dangling and an
/// external `$ref` came out as output no validator compiles; each is refused
/// in every dialect at its place.
#[test]
fn malformed_keyword_values_are_refused_with_their_place() {
    let cases: Vec<(Value, &str, &str)> = vec![
        (
            obj(json!({"a": {"type": []}})),
            "invalid",
            "/properties/a/type",
        ),
        (
            obj(json!({"a": {"type": ["string", "string"]}})),
            "invalid",
            "/properties/a/type",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": "a"}),
            "invalid",
            "/required",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "a"]}),
            "invalid",
            "/required",
        ),
        (
            obj(json!({"a": {"enum": "x"}})),
            "invalid",
            "/properties/a/enum",
        ),
        (
            obj(json!({"a": {"type": "string", "minLength": -1}})),
            "invalid",
            "/properties/a/minLength",
        ),
        (
            obj(json!({"a": {"type": "string", "pattern": "("}})),
            "invalid",
            "/properties/a/pattern",
        ),
        (
            obj(json!({"a": {"type": "number", "multipleOf": 0}})),
            "invalid",
            "/properties/a/multipleOf",
        ),
        (
            obj(json!({"a": {"anyOf": []}})),
            "invalid",
            "/properties/a/anyOf",
        ),
        (
            obj(json!({"a": {"type": "string", "title": 3}})),
            "invalid",
            "/properties/a/title",
        ),
        (
            obj(json!({"a": {"$ref": "#/$defs/Nope"}})),
            "unresolved-ref",
            "/properties/a/$ref",
        ),
        (
            obj(json!({"a": {"$ref": "https://example.com/schema.json"}})),
            "unresolved-ref",
            "/properties/a/$ref",
        ),
        (
            obj(json!({"a": {"$ref": "#/properties/b"}})),
            "unresolved-ref",
            "/properties/a/$ref",
        ),
    ];
    for (schema, rule, path) in &cases {
        for dialect in Dialect::ALL {
            refused(schema, dialect, rule, path);
        }
        holds(schema);
    }
    // Counts written `2.0` are integers to JSON Schema: not refused.
    let float_count = obj(json!({"a": {"type": "string", "minLength": 2.0}}));
    let out = convert(&float_count, Dialect::JsonSchema2020).unwrap();
    assert_eq!(out, float_count);
    // References that resolve: into `$defs`, the root, an anchor, a
    // percent-encoded name.
    let fine = json!({
        "type": "object",
        "properties": {
            "a": {"$ref": "#/$defs/A"},
            "b": {"$ref": "#/$defs/%C3%9C"},
            "c": {"$ref": "#anchor"},
        },
        "$defs": {"A": {"type": "string"}, "Ü": {"type": "integer"}, "C": {"$anchor": "anchor", "type": "boolean"}},
    });
    convert(&fine, Dialect::JsonSchema2020).unwrap();
    holds(&fine);
}

/// Gemini took `null` out of `{"enum": [null, "x"], "type": "string"}` into
/// an alternative `{"type": "null"}`: `null`, which the input refuses
/// (`type: string`), passed. A `type` without `null` now keeps `null` out.
#[test]
fn a_null_option_outside_the_type_stays_refused_under_gemini() {
    let schema = obj(json!({"a": {"enum": [null, "x"], "type": "string"}}));
    for dialect in [Dialect::Gemini, Dialect::GeminiJsonSchema] {
        let out = convert(&schema, dialect).unwrap();
        let a = &out["properties"]["a"];
        assert_eq!(a["enum"], json!(["x"]), "{dialect}: {a}");
        assert!(a.get("anyOf").is_none(), "{dialect}: {a}");
    }
    // With `null` in the type, `null` stays accepted.
    let nullable = obj(json!({"a": {"enum": [null, "x"], "type": ["string", "null"]}}));
    let out = convert(&nullable, Dialect::Gemini).unwrap();
    assert_eq!(
        out["properties"]["a"]["anyOf"][1],
        json!({"type": "null"}),
        "{out}"
    );
    holds(&schema);
    holds(&nullable);
}

/// An object and a string constant exclude each other: the foreign form of
/// an externally tagged enum with a unit variant was refused as "may
/// overlap" under the strict dialects.
#[test]
fn an_object_and_a_constant_exclude_each_other() {
    let schema = obj(json!({"c": {"oneOf": [
        {"type": "object", "properties": {"go": {"type": "string"}}, "required": ["go"], "additionalProperties": false},
        {"const": "stop-all"},
    ]}}));
    for dialect in [Dialect::OpenAiStrict, Dialect::AnthropicStrict] {
        let out = convert(&schema, dialect).unwrap();
        assert!(
            out["properties"]["c"]["anyOf"].is_array(),
            "{dialect}: {out}"
        );
    }
    // Constants of several types still compare as before.
    let mixed = obj(json!({"c": {"oneOf": [{"type": "number"}, {"enum": [1, "a"]}]}}));
    refused(
        &mixed,
        Dialect::OpenAiStrict,
        "one-of-not-exclusive",
        "/properties/c/oneOf",
    );
    holds(&schema);
}

// ------------------------------------------------------------ OpenAI strict

/// A chain of `depth` object levels whose repeats went to `$defs`: level
/// `i` is `#/$defs/L{i}`, holding a property that refers to the next.
fn dag(depth: usize) -> Value {
    let mut defs = Map::new();
    for i in 1..depth {
        let next = if i + 1 < depth {
            json!({"$ref": format!("#/$defs/L{}", i + 1)})
        } else {
            json!({"type": "string"})
        };
        defs.insert(
            format!("L{i}"),
            json!({"type": "object", "properties": {"x": next.clone(), "y": next}, "required": ["x", "y"], "additionalProperties": false}),
        );
    }
    json!({
        "type": "object",
        "properties": {"top": {"$ref": "#/$defs/L1"}},
        "required": ["top"],
        "additionalProperties": false,
        "$defs": defs,
    })
}

/// Levels are counted through `$ref`: a 13-level DAG passed (each
/// definition alone is 1 level deep).
#[test]
fn openai_counts_levels_through_refs() {
    let deep = dag(13);
    let e = refused(
        &deep,
        Dialect::OpenAiStrict,
        "limit",
        "/properties/top/$ref",
    );
    assert!(e.to_string().contains("13 levels"), "{e}");
    assert!(
        check(Provider::OpenAiStrict, &deep)
            .iter()
            .any(|p| p.rule == "openai.nesting_depth")
    );
    // Ten levels is the limit, and fine.
    let ten = dag(10);
    convert(&ten, Dialect::OpenAiStrict).unwrap();
    assert!(check(Provider::OpenAiStrict, &ten).is_empty());
    // Recursion is supported: a cycle adds no levels past its repeat.
    let recursive = json!({"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}}, "required": ["kids"], "additionalProperties": false});
    convert(&recursive, Dialect::OpenAiStrict).unwrap();
}

fn string_enum(n: usize, len: usize) -> Value {
    let values: Vec<Value> = (0..n)
        .map(|i| {
            let s = format!("{i:0len$}");
            Value::from(s)
        })
        .collect();
    json!({"type": "string", "enum": values})
}

/// The published string limits: an enum of more than 250 string values
/// totals at most 15,000 characters; names and enum/const values at most
/// 120,000 in all.
#[test]
fn openai_string_limits() {
    // 251 values of 60 characters: 15,060.
    let big = obj(json!({"e": string_enum(251, 60)}));
    refused(&big, Dialect::OpenAiStrict, "limit", "/properties/e/enum");
    // 250 values of 60 characters: not past 250 values.
    convert(
        &obj(json!({"e": string_enum(250, 60)})),
        Dialect::OpenAiStrict,
    )
    .unwrap();
    // 251 values of 59 characters: 14,809.
    convert(
        &obj(json!({"e": string_enum(251, 59)})),
        Dialect::OpenAiStrict,
    )
    .unwrap();
    // Property names: 130 names of 1,000 characters.
    let mut props = Map::new();
    for i in 0..130 {
        props.insert(format!("{i:01000}"), json!({"type": "string"}));
    }
    let names = obj(Value::Object(props));
    let e = refused(&names, Dialect::OpenAiStrict, "limit", "");
    assert!(e.to_string().contains("120000"), "{e}");
    assert!(
        check(
            Provider::OpenAiStrict,
            &convert(&names, Dialect::JsonSchema2020).unwrap()
        )
        .iter()
        .any(|p| p.rule == "openai.string_length")
    );
}

/// A default strict mode cannot carry was dropped: `duration_minutes`
/// became `["integer", "null"]` and the model was not told `null` means 30.
#[test]
fn defaults_are_told_to_the_model() {
    #[derive(serde::Deserialize, toolform::ToolSchema)]
    #[allow(dead_code)]
    struct Meeting {
        title: String,
        /// Length of the meeting.
        #[serde(default = "thirty")]
        duration_minutes: u32,
    }
    fn thirty() -> u32 {
        30
    }
    let strict = Meeting::schema(Dialect::OpenAiStrict).unwrap();
    let d = &strict["properties"]["duration_minutes"];
    let text = d["description"].as_str().unwrap_or_default();
    assert!(text.contains("30"), "{d}");
    assert!(text.contains("null"), "{d}");
    assert!(d.get("default").is_none(), "{d}");
    // Foreign schemas too, in every dialect without `default`.
    let foreign = obj(json!({"n": {"type": "integer", "default": 30}}));
    for dialect in [Dialect::OpenAiStrict, Dialect::GeminiJsonSchema] {
        let out = convert(&foreign, dialect).unwrap();
        let text = out["properties"]["n"]["description"]
            .as_str()
            .unwrap_or_default();
        assert!(text.contains("default: 30"), "{dialect}: {out}");
    }
    holds(&foreign);
}

// ------------------------------------------------------------ Anthropic / Gemini

/// A non-recursive DAG (levels in `$defs`) was refused with "has no
/// recursive schemas": only a `$ref` that leads back is recursion.
#[test]
fn anthropic_takes_refs_that_do_not_recurse() {
    let shared = json!({
        "type": "object",
        "properties": {"from": {"$ref": "#/$defs/Point"}, "to": {"$ref": "#/$defs/Point"}},
        "required": ["from", "to"],
        "additionalProperties": false,
        "$defs": {"Point": {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"], "additionalProperties": false}},
    });
    convert(&shared, Dialect::AnthropicStrict).unwrap();
    convert(&dag(5), Dialect::AnthropicStrict).unwrap();
    holds(&shared);
    // A cycle through two definitions is refused at both references.
    let cycle = json!({
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/A"}},
        "required": ["a"],
        "additionalProperties": false,
        "$defs": {
            "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}, "additionalProperties": false},
            "B": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "additionalProperties": false},
        },
    });
    refused(
        &cycle,
        Dialect::AnthropicStrict,
        "recursion",
        "/$defs/A/properties/b",
    );
    refused(
        &cycle,
        Dialect::AnthropicStrict,
        "recursion",
        "/$defs/B/properties/a",
    );
    let e = convert(&cycle, Dialect::AnthropicStrict).unwrap_err();
    assert!(
        !e.violations().iter().any(|v| v.path == "/properties/a"),
        "the entry into the cycle does not recurse: {e}"
    );
}

/// Anthropic strict takes one object at the root, not alternatives.
#[test]
fn anthropic_refuses_root_alternatives() {
    let schema = json!({"type": "object", "anyOf": [{"type": "object", "required": ["a"]}, {"type": "object", "required": ["b"]}]});
    refused(
        &schema,
        Dialect::AnthropicStrict,
        "root-alternatives",
        "/anyOf",
    );
    assert!(check(Provider::AnthropicStrict, &json!({"type": "object", "additionalProperties": false, "anyOf": [{"type": "object", "additionalProperties": false}]}))
        .iter()
        .any(|p| p.rule == "anthropic.root_alternatives"));
}

/// Gemini (OpenAPI subset) wrote `{"default": null, "anyOf": [...]}`; the
/// API refuses `anyOf` beside any other key ("When using any_of, it must be
/// the only field set"). What stood beside it goes into each alternative.
#[test]
fn gemini_any_of_stands_alone() {
    #[derive(serde::Deserialize, toolform::ToolSchema)]
    #[allow(dead_code)]
    enum Mode {
        Fast,
        Slow,
    }
    #[derive(serde::Deserialize, toolform::ToolSchema)]
    #[allow(dead_code)]
    struct Args {
        /// How to run.
        mode: Option<Mode>,
    }
    let out = Args::schema(Dialect::Gemini).unwrap();
    assert!(
        check(Provider::Gemini, out).is_empty(),
        "{out:#}\n{:#?}",
        check(Provider::Gemini, out)
    );
    let foreign = obj(json!({"u": {
        "description": "one of two",
        "anyOf": [{"type": "string"}, {"type": "integer"}],
        "title": "U",
    }}));
    let out = convert(&foreign, Dialect::Gemini).unwrap();
    let u = out["properties"]["u"].as_object().unwrap();
    assert_eq!(u.keys().collect::<Vec<_>>(), ["anyOf"], "{out}");
    assert_eq!(u["anyOf"][0]["description"], "one of two", "{out}");
    // A keyword beside `anyOf` that asserts goes into every alternative.
    let bounded = obj(
        json!({"n": {"minimum": 1, "anyOf": [{"type": "integer"}, {"type": "number", "maximum": 5}]}}),
    );
    let out = convert(&bounded, Dialect::Gemini).unwrap();
    assert_eq!(
        out["properties"]["n"]["anyOf"][0],
        json!({"type": "integer", "minimum": 1}),
        "{out}"
    );
    assert_eq!(
        out["properties"]["n"]["anyOf"][1],
        json!({"type": "number", "maximum": 5, "minimum": 1}),
        "{out}"
    );
    // The same keyword on both sides cannot be merged: refused.
    let clash = obj(
        json!({"n": {"minimum": 1, "anyOf": [{"type": "integer", "minimum": 2}, {"type": "string"}]}}),
    );
    refused(
        &clash,
        Dialect::Gemini,
        "any-of-siblings",
        "/properties/n/minimum",
    );
    for s in [&foreign, &bounded, &clash] {
        holds(s);
    }
}

// ------------------------------------------------------------ per request

/// Anthropic limits a request, not a schema: 20 strict tools, 24 optional
/// and 16 union-typed parameters across them. The check names the tool and
/// the place where the request goes past each.
#[test]
fn check_tools_holds_request_budgets() {
    let (a, b) = (optional(20), optional(5));
    let e = Dialect::AnthropicStrict
        .check_tools(&[("a", &a), ("b", &b)])
        .unwrap_err();
    assert_eq!(e.violations().len(), 1, "{e}");
    assert_eq!(e.violations()[0].path, "/1/properties/p4", "{e}");
    assert!(e.violations()[0].message.contains("\"b\""), "{e}");
    Dialect::AnthropicStrict
        .check_tools(&[("a", &a), ("b", &optional(4))])
        .unwrap();
    let (u, v) = (unions(10), unions(7));
    let e = Dialect::AnthropicStrict
        .check_tools(&[("u", &u), ("v", &v)])
        .unwrap_err();
    assert_eq!(e.violations()[0].path, "/1/properties/u6", "{e}");
    // 21 tools.
    let small = optional(0);
    let many: Vec<(String, &Value)> = (0..21).map(|i| (format!("t{i}"), &small)).collect();
    let many: Vec<(&str, &Value)> = many.iter().map(|(n, s)| (n.as_str(), *s)).collect();
    let e = Dialect::AnthropicStrict.check_tools(&many).unwrap_err();
    assert_eq!(e.violations()[0].path, "/20", "{e}");
    Dialect::AnthropicStrict.check_tools(&many[..20]).unwrap();
    // Names: the provider's characters, and each once.
    let e = Dialect::OpenAiStrict
        .check_tools(&[("good", &small), ("bad name", &small), ("good", &small)])
        .unwrap_err();
    let paths: Vec<&str> = e.violations().iter().map(|v| v.path.as_str()).collect();
    assert_eq!(paths, ["/1", "/2"], "{e}");
    // Each schema's own limits, by tool.
    let deep = dag(13);
    let e = Dialect::OpenAiStrict
        .check_tools(&[("ok", &small), ("deep", &deep)])
        .unwrap_err();
    assert_eq!(e.violations()[0].path, "/1/properties/top/$ref", "{e}");
    assert!(e.violations()[0].message.contains("\"deep\""), "{e}");
}

// ------------------------------------------------------------ hostile

use toolform_tests::growth::timed;
use toolform_tests::schemas::{optional, unions};

/// Wide inputs stay linear: 1k to 1M references into `$defs`, enum
/// values, tools; no timing is asserted (the times are printed), but a
/// quadratic walk could not finish 1M.
#[test]
fn wide_inputs_stay_linear() {
    for n in [1_000usize, 10_000, 100_000, 1_000_000] {
        // n properties, each a `$ref` to one of n definitions.
        let mut props = Map::with_capacity(n);
        let mut defs = Map::with_capacity(n);
        for i in 0..n {
            props.insert(format!("p{i}"), json!({"$ref": format!("#/$defs/d{i}")}));
            defs.insert(
                format!("d{i}"),
                json!({"type": "object", "properties": {}, "additionalProperties": false}),
            );
        }
        let schema = json!({"type": "object", "properties": props, "$defs": defs, "additionalProperties": false});
        for dialect in [
            Dialect::OpenAiStrict,
            Dialect::AnthropicStrict,
            Dialect::JsonSchema2020,
        ] {
            let _ = timed(&format!("{dialect}: {n} refs into $defs"), n, || {
                convert(&schema, dialect)
            });
        }
        let _ = timed("check_tools, one wide tool", n, || {
            Dialect::AnthropicStrict.check_tools(&[("wide", &schema)])
        });
        // One enum of n values.
        let e = obj(json!({"e": string_enum(n, 8)}));
        let _ = timed("OpenAI strict: one enum", n, || {
            convert(&e, Dialect::OpenAiStrict)
        });
        // n tools.
        let small = optional(1);
        let names: Vec<String> = (0..n.min(100_000)).map(|i| format!("t{i}")).collect();
        let tools: Vec<(&str, &Value)> = names.iter().map(|s| (s.as_str(), &small)).collect();
        let _ = timed("check_tools, many tools", tools.len(), || {
            Dialect::AnthropicStrict.check_tools(&tools)
        });
    }
}

/// 100 000 levels of `$ref` chains and nested schemas, and non-ASCII and
/// control characters in names: no panic, no overflow, every refusal at a
/// place of the input.
#[test]
fn deep_and_strange_inputs_hold() {
    // A chain of 100 000 definitions, each referring to the next.
    let n = 100_000;
    let mut defs = Map::with_capacity(n);
    for i in 0..n {
        let next = if i + 1 < n {
            json!({"$ref": format!("#/$defs/d{}", i + 1)})
        } else {
            json!({"type": "string"})
        };
        defs.insert(
            format!("d{i}"),
            json!({"type": "object", "properties": {"x": next}, "required": ["x"], "additionalProperties": false}),
        );
    }
    let chain = json!({"type": "object", "properties": {"top": {"$ref": "#/$defs/d0"}}, "required": ["top"], "additionalProperties": false, "$defs": defs});
    let _ = timed("2020-12: 100k-level ref chain", n, || {
        convert(&chain, Dialect::JsonSchema2020)
    });
    let _ = timed("check_tools OpenAI: 100k-level ref chain", n, || {
        Dialect::OpenAiStrict.check_tools(&[("chain", &chain)])
    });
    let e = timed("OpenAI strict: 100k-level ref chain", n, || {
        convert(&chain, Dialect::OpenAiStrict)
    });
    let e = e.unwrap_err();
    assert!(e.to_string().contains("100001 levels"), "{e}");
    convert(&chain, Dialect::AnthropicStrict).unwrap();
    Dialect::OpenAiStrict
        .check_tools(&[("chain", &chain)])
        .unwrap_err();
    // A 100 000-long cycle.
    let mut defs = Map::with_capacity(n);
    for i in 0..n {
        defs.insert(
            format!("d{i}"),
            json!({"type": "object", "properties": {"x": {"$ref": format!("#/$defs/d{}", (i + 1) % n)}}, "additionalProperties": false}),
        );
    }
    let cycle = json!({"type": "object", "properties": {"top": {"$ref": "#/$defs/d0"}}, "additionalProperties": false, "$defs": defs});
    let e = timed("Anthropic strict: 100k-long cycle", n, || {
        convert(&cycle, Dialect::AnthropicStrict)
    })
    .unwrap_err();
    assert_eq!(
        e.violations()
            .iter()
            .filter(|v| v.rule == "recursion")
            .count(),
        n,
        "every reference of the cycle"
    );
    // Deep nesting: 100 000 levels of `items`.
    let mut deep = json!({"type": "string"});
    for _ in 0..n {
        let mut m = Map::new();
        m.insert("type".into(), "array".into());
        m.insert("items".into(), deep);
        deep = Value::Object(m);
    }
    let mut props = Map::new();
    props.insert("d".into(), deep);
    let mut root = Map::new();
    root.insert("type".into(), "object".into());
    root.insert("properties".into(), Value::Object(props));
    let deep = Value::Object(root);
    for dialect in Dialect::ALL {
        let e = convert(&deep, dialect).unwrap_err();
        assert!(
            e.violations().iter().any(|v| v.rule == "too-deep"),
            "{dialect}"
        );
    }
    let _ = Dialect::AnthropicStrict.check_tools(&[("deep", &deep)]);
    toolform_tests::deep::dispose(deep);
    // Names with non-ASCII and control characters, in properties, `$defs`
    // and references (percent-encoded).
    let name = "Ü\u{0}\u{7}\u{1b}/~名前";
    let encoded = "%C3%9C%00%07%1B~1~0%E5%90%8D%E5%89%8D";
    let mut props = Map::new();
    props.insert(name.into(), json!({"$ref": format!("#/$defs/{encoded}")}));
    let mut defs = Map::new();
    defs.insert(name.into(), json!({"type": "string", "enum": [name]}));
    let strange = json!({"type": "object", "properties": props, "required": [name], "additionalProperties": false, "$defs": defs});
    for (dialect, out) in holds(&strange) {
        if dialect != Dialect::Gemini {
            out.unwrap_or_else(|e| panic!("{dialect}: {e}"));
        }
    }
    Dialect::AnthropicStrict
        .check_tools(&[(name, &strange)])
        .unwrap_err();
}
