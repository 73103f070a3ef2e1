//! `dialect::convert` and `ToolSchema::schema` in a dialect as a hostile user
//! would call them: non-ASCII keys, titles and patterns; schemas 100 000
//! levels deep under every keyword that holds a subschema, and deep values
//! under the keywords the lowering copies; 1k/10k/100k properties,
//! required names and alternatives. Nothing panics or overflows, every
//! violation's pointer names a place in the input, every accepted output
//! passes the independent checker. Growth is linear: the sizes here are ones
//! a quadratic lowering could not finish (100k squared is 10^10 steps); no
//! timing is asserted, the times are printed.

use serde::Deserialize;
use serde_json::{Map, Value, json};
use toolform::ToolSchema;
use toolform::dialect::{Dialect, convert};
use toolform_tests::deep::{deep_array, deep_object, dispose};
use toolform_tests::dialect_check::{Provider, check};

fn provider(d: Dialect) -> Provider {
    Provider::of(d).unwrap_or_else(|| panic!("no checker for {d}"))
}

/// Converts in every dialect: an accepted output passes the checker, a
/// refusal names places that exist in `schema`.
fn holds(schema: &Value) {
    for dialect in Dialect::ALL {
        match convert(schema, dialect) {
            Ok(out) => {
                let problems = check(provider(dialect), &out);
                assert!(
                    problems.is_empty(),
                    "{dialect}: {out}\n{problems:#?}\n  from {schema}"
                );
            }
            Err(e) => {
                assert!(!e.violations().is_empty(), "{dialect}");
                for v in e.violations() {
                    assert!(
                        schema.pointer(&v.path).is_some(),
                        "{dialect}: {v} is not a place in {schema}"
                    );
                }
                let _ = e.to_string();
            }
        }
    }
}

use toolform_tests::growth::timed;

/// An object built by moves (`json!` copies its arguments recursively).
fn object(entries: Vec<(&str, Value)>) -> Value {
    let mut m = Map::with_capacity(entries.len());
    for (k, v) in entries {
        m.insert(k.to_string(), v);
    }
    Value::Object(m)
}

// ------------------------------------------------------------ non-ASCII

#[test]
fn non_ascii_keys_titles_and_patterns() {
    let names = [
        "é",
        "名前",
        "🦀/~0~1",
        "a~b/c",
        "\u{202e}rtl",
        "\u{0}nul",
        "e\u{301}",
        "",
    ];
    for name in names {
        let schema = json!({
            "type": "object",
            "title": format!("τίτλος {name}"),
            "description": format!("説明 {name}"),
            "properties": {
                name: {"type": "string", "pattern": format!("^{}$", regex_escape(name)), "title": name, "maxLength": 9},
                format!("{name}-enum"): {"enum": [name, "ü"]},
                format!("{name}-one"): {"oneOf": [{"const": name}, {"const": "ö"}]},
                format!("{name}-ref"): {"$ref": "#/$defs/%C3%9C", "maxLength": 4},
                format!("{name}-null"): {"type": ["string", "null"], "enum": [name, null]},
            },
            "required": [name],
            "$defs": {"Ü": {"type": "string", "format": "uuid", "pattern": "^ü"}},
        });
        holds(&schema);
        // Unknown keywords named in non-ASCII are refused with a path, or kept.
        let odd = json!({"type": "object", name: {"ü": 1}, format!("x-{name}"): {name: name}, "properties": {"ß": {"type": "integer", name: 1}}});
        holds(&odd);
    }
}

/// A cycle through required properties, named in non-ASCII and reached by a
/// percent-encoded reference (as a URI fragment must write it): Gemini's
/// JSON Schema refuses it (no finite value), so the converter must see it.
#[test]
fn gemini_required_cycle_through_percent_encoded_refs() {
    for (name, reference) in [
        ("Ü", "#/$defs/%C3%9C"),
        ("a/b", "#/$defs/a~1b"),
        ("a b", "#/$defs/a%20b"),
        ("%", "#/$defs/%25"),
    ] {
        let schema = json!({
            "type": "object",
            "properties": {"u": {"$ref": reference}},
            "required": ["u"],
            "$defs": {name: {"type": "object", "properties": {"next": {"$ref": reference}}, "required": ["next"]}}
        });
        let err = convert(&schema, Dialect::GeminiJsonSchema).expect_err("a required cycle");
        assert!(
            err.violations().iter().any(|v| v.rule == "recursion"),
            "{name}: {err}"
        );
        holds(&schema);
    }
}

fn regex_escape(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control())
        .map(|c| {
            if "\\.+*?()|[]{}^$/".contains(c) {
                format!("\\{c}")
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[derive(Deserialize, ToolSchema)]
#[allow(dead_code, non_snake_case)]
struct Ünïcödé {
    #[serde(rename = "名前")]
    name: String,
    #[serde(rename = "🦀/~", default)]
    crab: Option<u8>,
    #[serde(alias = "αλιας")]
    ü: Vec<Kind>,
}

#[derive(Deserialize, ToolSchema)]
#[allow(dead_code)]
enum Kind {
    #[serde(rename = "ä")]
    A,
    #[serde(rename = "ß/~1")]
    B,
}

#[test]
fn schema_in_every_dialect_with_non_ascii_names() {
    for dialect in Dialect::ALL {
        match Ünïcödé::schema(dialect) {
            Ok(s) => assert!(check(provider(dialect), s).is_empty(), "{dialect}: {s}"),
            Err(e) => {
                let rendered = Ünïcödé::input_schema();
                for v in e.violations() {
                    assert!(rendered.pointer(&v.path).is_some(), "{dialect}: {v}");
                }
            }
        }
    }
    let report = toolform_tests::agreement::check_dialects::<Ünïcödé>(&[
        json!({"名前": "n", "🦀/~": 3, "ü": ["ä", "ß/~1"]}),
        json!({"名前": "n", "αλιας": []}),
    ]);
    assert!(report.accepted >= 5, "{report:?}");
}

// ------------------------------------------------------------ deep

const DEPTH: usize = 100_000;

/// Every keyword that holds a subschema (or a map or list of them), as the
/// step that nests one level.
const STEPS: &[&[&str]] = &[
    &["properties", "p"],
    &["patternProperties", "^p"],
    &["$defs", "d"],
    &["definitions", "d"],
    &["dependentSchemas", "d"],
    &["items"],
    &["additionalProperties"],
    &["not"],
    &["contains"],
    &["if"],
    &["then"],
    &["else"],
    &["propertyNames"],
    &["unevaluatedProperties"],
    &["unevaluatedItems"],
    &["additionalItems"],
    &["contentSchema"],
    &["anyOf", "[0]"],
    &["oneOf", "[0]"],
    &["allOf", "[0]"],
    &["prefixItems", "[0]"],
    &["items", "[0]"],
    &["x-unknown"],
    &["const"],
    &["default"],
    &["enum", "[0]"],
    &["examples", "[0]"],
];

/// `{"type": "object", step: {"type": "object", step: ...}}`, `depth`
/// steps deep, built by moves.
fn deep_along(depth: usize, step: &[&str]) -> Value {
    let mut v = json!({"type": "string"});
    for _ in 0..depth {
        for seg in step.iter().rev() {
            v = match *seg {
                "[0]" => Value::Array(vec![v]),
                key => object(vec![(key, v)]),
            };
        }
        v = match v {
            Value::Object(mut m) => {
                m.insert("type".into(), "object".into());
                Value::Object(m)
            }
            other => other,
        };
    }
    v
}

#[test]
fn deep_schemas_under_every_keyword_are_refused_not_overflowed() {
    for step in STEPS {
        let schema = deep_along(DEPTH, step);
        for dialect in Dialect::ALL {
            let label = format!("convert {dialect}: 100k deep under {}", step.join("/"));
            let err = timed(&label, DEPTH, || convert(&schema, dialect))
                .expect_err("100k levels cannot be written");
            assert!(!err.violations().is_empty());
            for v in err.violations() {
                assert!(
                    schema.pointer(&v.path).is_some(),
                    "{step:?} {dialect}: {v} not a place"
                );
                assert!(v.message.len() < 1000);
            }
            let _ = err.to_string();
        }
        dispose(schema);
    }
}

/// A deep value where the lowering copies (and the keywords it now walks:
/// `contains`, `if`, `patternProperties`, `dependentSchemas`): never a copy
/// that overflows.
#[test]
fn deep_values_under_copied_keywords() {
    for deep in [deep_array(DEPTH), deep_object(DEPTH)] {
        let mut deep = deep;
        for spot in [
            "/const",
            "/x-deep",
            "/default",
            "/properties/a/contains/const",
            "/properties/a/if/x-deep",
            "/properties/a/patternProperties/^b/default",
            "/properties/a/dependentSchemas/c/const",
            "/properties/a/propertyNames/const",
            "/properties/a/prefixItems/0/enum",
            "/$defs/D/examples",
        ] {
            let mut host = json!({
                "type": "object",
                "properties": {"a": {"type": "array", "contains": {}, "if": {}, "patternProperties": {"^b": {}}, "dependentSchemas": {"c": {}}, "propertyNames": {}, "prefixItems": [{}]}},
                "$defs": {"D": {}}
            });
            let (parent, key) = spot.rsplit_once('/').expect("pointer");
            let slot = host
                .pointer_mut(parent)
                .and_then(Value::as_object_mut)
                .expect("parent")
                .entry(key)
                .or_insert(Value::Null);
            std::mem::swap(slot, &mut deep);
            for dialect in Dialect::ALL {
                match convert(&host, dialect) {
                    Ok(_) => panic!("{spot} {dialect}: a 100k-deep value was copied"),
                    Err(e) => {
                        for v in e.violations() {
                            assert!(host.pointer(&v.path).is_some(), "{spot} {dialect}: {v}");
                        }
                    }
                }
            }
            let slot = host.pointer_mut(spot).expect("planted");
            std::mem::swap(slot, &mut deep);
        }
        dispose(deep);
    }
}

// ------------------------------------------------------------ growth

const SIZES: [usize; 3] = [1_000, 10_000, 100_000];

fn names(n: usize, prefix: &str) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}-é-{i}")).collect()
}

/// N required properties: Anthropic strict and Gemini's JSON Schema were
/// quadratic (40k took 3.9 s); every dialect at 100k here.
#[test]
fn n_required_properties_in_every_dialect() {
    for n in SIZES {
        let props: Map<String, Value> = names(n, "p")
            .into_iter()
            .map(|p| (p, json!({"type": "string", "title": "ü"})))
            .collect();
        let required: Vec<Value> = props.keys().map(|k| json!(k)).collect();
        let wide = json!({"type": "object", "properties": props, "required": required});
        for dialect in Dialect::ALL {
            let out = timed(&format!("convert {dialect}: n required"), n, || {
                convert(&wide, dialect)
            });
            match (dialect, out) {
                // OpenAI strict allows 5000 properties, and 120,000
                // characters of names and values in all; Kimi 100.
                (Dialect::OpenAiStrict | Dialect::Kimi, Err(e))
                    if n > 5000 || dialect == Dialect::Kimi =>
                {
                    assert!(
                        e.violations()
                            .iter()
                            .any(|v| v.message.contains(&format!("{n} properties"))),
                        "{e}"
                    );
                    assert!(e.violations().iter().all(|v| v.rule == "limit"), "{e}");
                }
                (_, Ok(out)) => {
                    let props = out["properties"].as_object().map_or(0, Map::len);
                    assert_eq!(props, n, "{dialect}");
                }
                (_, Err(e)) => panic!("{dialect}: {}", e.violations()[0]),
            }
        }
    }
}

/// N alternatives: titled constants (OpenAI/Gemini compared them pair by
/// pair: 8k took 4 s), `anyOf` of objects, `enum` values; every dialect.
#[test]
fn n_alternatives_in_every_dialect() {
    for n in SIZES {
        let consts: Vec<Value> = names(n, "c")
            .into_iter()
            .map(|c| json!({"const": c, "title": format!("ť {c}")}))
            .collect();
        let one_of =
            json!({"type": "object", "properties": {"c": {"oneOf": consts}}, "required": ["c"]});
        let objects: Vec<Value> = names(n, "o")
            .into_iter()
            .map(|o| json!({"type": "object", "properties": {"kind": {"const": o}}, "required": ["kind"], "additionalProperties": false}))
            .collect();
        let any_of =
            json!({"type": "object", "properties": {"o": {"anyOf": objects}}, "required": ["o"]});
        let values: Vec<Value> = names(n, "e").into_iter().map(Value::from).collect();
        let big_enum = json!({"type": "object", "properties": {"e": {"type": "string", "enum": values}}, "required": ["e"]});
        for dialect in Dialect::ALL {
            let out = timed(
                &format!("convert {dialect}: oneOf of n titled consts"),
                n,
                || convert(&one_of, dialect),
            );
            match (dialect, out) {
                // OpenAI strict's published string limit: 120,000 characters
                // of property names, definition names, enum and const values.
                (Dialect::OpenAiStrict, Err(e)) if n >= 10_000 => {
                    assert!(e.violations().iter().all(|v| v.rule == "limit"), "{e}");
                }
                // Kimi: at most 10 alternatives in an `anyOf`.
                (Dialect::Kimi, Err(e)) => {
                    assert!(e.violations().iter().all(|v| v.rule == "limit"), "{e}");
                }
                (Dialect::OpenAiStrict | Dialect::Gemini | Dialect::AnthropicStrict, out) => {
                    let out = out.unwrap_or_else(|e| panic!("{dialect}: {}", e.violations()[0]));
                    let alts = out["properties"]["c"]["anyOf"]
                        .as_array()
                        .map_or(0, Vec::len);
                    assert_eq!(alts, n, "{dialect}");
                }
                (_, out) => assert!(out.is_ok(), "{dialect}"),
            }
            let _ = timed(&format!("convert {dialect}: anyOf of n objects"), n, || {
                convert(&any_of, dialect)
            });
            let _ = timed(&format!("convert {dialect}: enum of n"), n, || {
                convert(&big_enum, dialect)
            });
        }
    }
}

/// A wide and deep document at once: n properties each holding a chain of
/// subschemas 100 levels deep (under the depth limit), every dialect.
#[test]
fn wide_and_deep_within_the_limit() {
    let n = 1_000;
    let mut props = Map::new();
    for (i, name) in names(n, "w").into_iter().enumerate() {
        let step: &[&str] = STEPS[i % 5 + 5];
        props.insert(name, deep_along(100, step));
    }
    let schema = json!({"type": "object", "properties": props});
    for dialect in Dialect::ALL {
        let _ = timed(&format!("convert {dialect}: n x 100 deep"), n, || {
            convert(&schema, dialect)
        });
    }
    holds(&schema);
}
