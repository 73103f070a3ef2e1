//! Groq strict (issue 42): OpenAI strict's subset, held against the rules
//! table row `GROQ` (runtime/src/dialect/table.rs) and the independent
//! checker: a root `anyOf`/`oneOf`/`not` refused (a derived enum and a
//! foreign schema), `minItems`/`maxItems` moved into the description, every
//! other keyword as OpenAI strict writes it; `parse_args` as strict as the
//! schema sent; the planner and `check_tools` with no request budget.

use serde::Deserialize;
use serde_json::{Value, json};
use toolform::ToolSchema;
use toolform::dialect::{Dialect, convert};
use toolform_tests::dialect_check::{Provider, check};
use toolform_tests::schemas::unions;

const GROQ: Dialect = Dialect::GroqStrict;

fn accepted(schema: &Value) -> Value {
    let out = convert(schema, GROQ).unwrap_or_else(|e| panic!("{schema}: {e}"));
    let problems = check(Provider::GroqStrict, &out);
    assert!(problems.is_empty(), "{out:#}\n{problems:#?}");
    out
}

fn refused(schema: &Value, rule: &str, path: &str) -> String {
    let e = convert(schema, GROQ).expect_err("refused");
    let v = e
        .violations()
        .iter()
        .find(|v| v.rule == rule && v.path == path)
        .unwrap_or_else(|| panic!("expected {rule} at {path:?}, got {e}"));
    v.message.clone()
}

#[test]
fn groq_is_listed_and_named() {
    assert!(Dialect::ALL.contains(&GROQ));
    assert_eq!(GROQ.to_string(), "Groq strict");
    assert_eq!(Provider::of(GROQ), Some(Provider::GroqStrict));
}

/// Every keyword the table lists, one property each: Groq writes what OpenAI
/// strict writes, but the array bounds, which move into the description.
#[test]
fn groq_writes_openai_strict_but_array_bounds() {
    let keywords = json!({
        "s": {"type": "string", "pattern": "^a", "minLength": 1, "maxLength": 9, "format": "date"},
        "n": {"type": "number", "minimum": 0, "maximum": 9, "exclusiveMinimum": -1, "multipleOf": 0.5},
        "i": {"type": "integer", "default": 3, "examples": [1], "deprecated": true},
        "e": {"enum": ["a", "b"], "title": "E", "description": "one of two"},
        "o": {"type": "object", "properties": {"x": {"type": "string"}}, "minProperties": 1},
        "u": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
        "a": {"type": "array", "items": {"type": "string"}, "uniqueItems": true},
    });
    let mut props = keywords.as_object().unwrap().clone();
    let plain = json!({"type": "object", "properties": Value::Object(props.clone()), "required": ["s", "n", "i", "e", "o", "u", "a"]});
    let openai = convert(&plain, Dialect::OpenAiStrict).unwrap();
    assert_eq!(accepted(&plain), openai);

    props.insert(
        "b".into(),
        json!({"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3}),
    );
    let bounded = json!({"type": "object", "properties": Value::Object(props), "required": ["b"]});
    let openai = convert(&bounded, Dialect::OpenAiStrict).unwrap();
    let groq = accepted(&bounded);
    assert_eq!(openai["properties"]["b"]["minItems"], 1);
    let b = &groq["properties"]["b"];
    assert!(
        b.get("minItems").is_none() && b.get("maxItems").is_none(),
        "{b}"
    );
    let said = b["description"].as_str().unwrap_or_default();
    assert!(
        said.contains("minItems: 1") && said.contains("maxItems: 3"),
        "{said}"
    );
    // Everything else as OpenAI wrote it.
    let mut rest = groq.clone();
    rest["properties"]["b"] = openai["properties"]["b"].clone();
    assert_eq!(rest, openai);
    // The checker refuses the bounds OpenAI keeps.
    assert!(
        check(Provider::GroqStrict, &openai)
            .iter()
            .any(|p| p.rule == "groq.array_bounds"),
    );
}

/// What OpenAI strict makes of optional properties, Groq too: all required,
/// the optional one nullable, objects closed.
#[test]
fn groq_closes_objects_and_requires_every_property() {
    let optional = json!({"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": "integer", "minimum": 0}}, "required": ["q"]});
    assert_eq!(
        accepted(&optional),
        json!({"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": ["integer", "null"], "minimum": 0}}, "required": ["q", "limit"], "additionalProperties": false})
    );
    let map = json!({"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "integer"}}}, "required": ["m"]});
    refused(&map, "map", "/properties/m/additionalProperties");
    refused(&json!({"type": "string"}), "root-not-object", "");
}

/// A foreign schema with alternatives at its root: refused at the keyword,
/// naming the fix; the same alternatives one level down are written.
#[test]
fn groq_refuses_a_root_union_of_a_foreign_schema() {
    let a = json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]});
    let b = json!({"type": "object", "properties": {"b": {"type": "integer"}}, "required": ["b"]});
    let any = json!({"type": "object", "anyOf": [a, b]});
    let message = refused(&any, "root-alternatives", "/anyOf");
    assert!(
        message.contains("Groq strict") && message.contains("field of a struct"),
        "{message}"
    );
    // `oneOf` of exclusive alternatives becomes `anyOf`: told at `oneOf`.
    let one = json!({"type": "object", "oneOf": [a, b]});
    refused(&one, "root-alternatives", "/oneOf");
    // `not` is no keyword Groq strict takes, anywhere.
    let not = json!({"type": "object", "properties": {}, "not": {"required": ["x"]}});
    refused(&not, "unsupported-keyword", "/not");
    // One level down the union is what strict mode is for.
    let nested =
        json!({"type": "object", "properties": {"v": {"anyOf": [a, b]}}, "required": ["v"]});
    let out = accepted(&nested);
    assert_eq!(out["properties"]["v"]["anyOf"].as_array().unwrap().len(), 2);
    // And the checker agrees with the refusal.
    let written = json!({"type": "object", "additionalProperties": false, "properties": {}, "required": [], "anyOf": [{"type": "object", "properties": {}, "required": [], "additionalProperties": false}]});
    assert!(
        check(Provider::GroqStrict, &written)
            .iter()
            .any(|p| p.rule == "groq.root_alternatives")
    );
}

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
#[serde(tag = "op")]
enum Action {
    Move { x: i32 },
    Stop,
}

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
struct Command {
    action: Action,
    #[serde(default)]
    note: Option<String>,
}

/// A derived enum as the whole arguments is a root union: refused, naming
/// the keyword and the fix; put in a field, it is written and read back.
#[test]
fn groq_refuses_a_derived_enum_at_the_root_and_takes_it_in_a_field() {
    let e = Action::schema(GROQ).expect_err("a root union");
    let root = e
        .violations()
        .iter()
        .find(|v| v.rule == "root-alternatives")
        .unwrap_or_else(|| panic!("{e}"));
    assert!(
        ["/anyOf", "/oneOf"].contains(&root.path.as_str()),
        "{root:?}"
    );
    assert!(
        root.message.contains("field of a struct"),
        "{}",
        root.message
    );

    let schema = Command::schema(GROQ).unwrap();
    let problems = check(Provider::GroqStrict, schema);
    assert!(problems.is_empty(), "{schema:#}\n{problems:#?}");
    let got: Command = GROQ
        .parse_args(json!({"action": {"op": "Move", "x": 3}, "note": null}))
        .unwrap();
    assert_eq!(
        got,
        Command {
            action: Action::Move { x: 3 },
            note: None
        }
    );
}

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
struct Search {
    #[serde(alias = "q")]
    query: String,
    #[serde(default)]
    limit: u32,
}

/// `parse_args` holds the model to the schema sent: closed objects, no
/// alias the schema left out, and the `null` strict mode added to an
/// optional field dropped before serde reads it.
#[test]
fn groq_parse_args_is_as_strict_as_the_schema_sent() {
    let schema = Search::schema(GROQ).unwrap();
    assert_eq!(schema["additionalProperties"], false);
    assert!(schema["properties"].get("q").is_none(), "{schema}");
    let got: Search = GROQ
        .parse_args(json!({"query": "rust", "limit": null}))
        .unwrap();
    assert_eq!(
        got,
        Search {
            query: "rust".into(),
            limit: 0
        }
    );
    let decoded: Search = GROQ
        .decode(json!({"query": "rust", "limit": null}))
        .unwrap();
    assert_eq!(decoded.limit, 0);
    for (doc, at) in [
        (json!({"query": "x", "extra": 1}), "/extra"),
        (json!({"q": "x"}), "/q"),
    ] {
        let e = GROQ.parse_args::<Search>(doc.clone()).unwrap_err();
        assert!(e.violations().iter().any(|v| v.path == at), "{doc}: {e}");
        // The same document under JSON Schema 2020-12 (open, aliases kept)
        // is read.
        assert!(Dialect::JsonSchema2020.parse_args::<Search>(doc).is_ok());
    }
}

/// Groq publishes no per-request budget: 30 tools with 30 unions each all
/// stay strict; a tool whose schema has a root union is relaxed with the
/// reason, and `check_tools` names it.
#[test]
fn groq_plans_without_a_request_budget() {
    let big = unions(30);
    let names: Vec<String> = (0..30).map(|i| format!("t{i}")).collect();
    let mut tools: Vec<(&str, &Value)> = names.iter().map(|n| (n.as_str(), &big)).collect();
    let union = json!({"type": "object", "anyOf": [unions(1), unions(2)]});
    tools.push(("either", &union));
    let plan = GROQ.plan_strict(&tools);
    assert_eq!(plan.strict().count(), 30);
    let relaxed: Vec<_> = plan.relaxed().collect();
    assert_eq!(relaxed.len(), 1);
    assert_eq!(relaxed[0].name, "either");
    assert_eq!(relaxed[0].dialect(), Dialect::JsonSchema2020);
    let why = relaxed[0].relaxed.as_deref().unwrap();
    assert!(why.contains("root") && why.contains("anyOf"), "{why}");
    for t in plan.strict() {
        assert_eq!(t.dialect(), GROQ);
    }

    let err = GROQ.check_tools(&tools).unwrap_err();
    assert_eq!(err.violations().len(), 1, "{err}");
    assert_eq!(err.violations()[0].path, "/30/anyOf");
    assert_eq!(err.violations()[0].rule, "root-alternatives");
    tools.pop();
    assert!(GROQ.check_tools(&tools).is_ok());
}

/// OpenAI strict too: "Root objects must not be anyOf and must be an
/// object" (its "Supported schemas"); the checker said so already.
#[test]
fn openai_strict_refuses_a_root_any_of_too() {
    let a = json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]});
    let any = json!({"type": "object", "anyOf": [a, {"type": "object", "properties": {}}]});
    let e = convert(&any, Dialect::OpenAiStrict).unwrap_err();
    assert!(
        e.violations()
            .iter()
            .any(|v| v.rule == "root-alternatives" && v.path == "/anyOf"),
        "{e}"
    );
    let nested = json!({"type": "object", "properties": {"v": {"anyOf": [a, {"type": "string"}]}}, "required": ["v"]});
    assert!(convert(&nested, Dialect::OpenAiStrict).is_ok());
}
