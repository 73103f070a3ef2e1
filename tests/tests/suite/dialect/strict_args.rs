//! `Dialect::parse_args` holds the model's arguments to the schema the
//! dialect sent (issue 41): a strict dialect closes every object and leaves
//! aliases out, so an unknown key or an alias is refused, and the list of
//! allowed keys in the message is the schema's own. And `Option<Enum>` under
//! OpenAI strict: one `null`, the description at the property.

use serde::Deserialize;
use serde_json::{Value, json};
use toolform::ToolSchema;
use toolform::dialect::Dialect;
use toolform_tests::path_rules;

const STRICT: [Dialect; 2] = [Dialect::OpenAiStrict, Dialect::AnthropicStrict];

#[derive(Debug, Deserialize, ToolSchema)]
struct Search {
    #[serde(alias = "q")]
    query: String,
    #[serde(default)]
    limit: u32,
    inner: Inner,
}

#[derive(Debug, Deserialize, ToolSchema)]
struct Inner {
    name: String,
}

#[derive(Debug, Deserialize, ToolSchema)]
#[serde(deny_unknown_fields)]
struct Closed {
    #[serde(alias = "q")]
    query: String,
}

#[derive(Debug, Deserialize, ToolSchema)]
#[serde(tag = "kind")]
enum Action {
    Move { x: i32 },
    Stop,
}

#[derive(Debug, Deserialize, ToolSchema)]
struct WithAction {
    action: Action,
}

#[derive(Debug, Deserialize, ToolSchema)]
enum Step {
    Walk { meters: u32 },
    Rest,
}

#[derive(Debug, Deserialize, ToolSchema)]
struct Plan {
    steps: Vec<Step>,
}

fn errors<T: ToolSchema + serde::de::DeserializeOwned + std::fmt::Debug>(
    dialect: Dialect,
    doc: Value,
) -> Vec<(String, &'static str, String)> {
    match dialect.parse_args::<T>(doc) {
        Ok(v) => panic!("{dialect}: accepted {v:?}"),
        Err(e) => e
            .violations()
            .iter()
            .map(|v| (v.path.clone(), v.rule, v.message.clone()))
            .collect(),
    }
}

#[test]
fn strict_dialects_refuse_an_unknown_key_and_list_the_schemas_keys() {
    for d in STRICT {
        let got = errors::<Search>(d, json!({"query": "x", "inner": {"name": "n"}, "extra": 1}));
        assert_eq!(
            got,
            [(
                "/extra".to_string(),
                "additionalProperties",
                "unknown key (the keys are `query`, `limit`, `inner`)".to_string()
            )],
            "{d}"
        );
        // Nested objects are closed too.
        let got = errors::<Search>(d, json!({"query": "x", "inner": {"name": "n", "zzz": 1}}));
        assert_eq!(got.len(), 1, "{d}: {got:?}");
        assert_eq!(
            (got[0].0.as_str(), got[0].1),
            ("/inner/zzz", "additionalProperties")
        );
        assert_eq!(got[0].2, "unknown key (the keys are `name`)");
    }
}

#[test]
fn strict_dialects_refuse_an_alias_the_schema_left_out() {
    for d in STRICT {
        let schema = Search::schema(d).unwrap();
        assert!(schema["properties"].get("q").is_none(), "{d}: {schema}");
        let got = errors::<Search>(d, json!({"q": "x", "inner": {"name": "n"}}));
        let rules: Vec<(&str, &str)> = got.iter().map(|(p, r, _)| (p.as_str(), *r)).collect();
        assert!(
            rules.contains(&("/q", "additionalProperties")),
            "{d}: {got:?}"
        );
        assert!(rules.contains(&("/query", "required")), "{d}: {got:?}");
        for (_, rule, message) in &got {
            if *rule == "additionalProperties" {
                assert!(
                    !message.contains("`q`"),
                    "{d}: the alias listed as allowed: {message}"
                );
            }
        }
    }
}

#[test]
fn a_closed_types_unknown_key_error_lists_only_the_schemas_keys() {
    // `deny_unknown_fields`: serde refuses the key itself; the message
    // lists what the strict schema has, not the alias.
    for d in STRICT {
        let got = errors::<Closed>(d, json!({"query": "x", "other": 1}));
        assert_eq!(
            got,
            [(
                "/other".to_string(),
                "additionalProperties",
                "unknown key (the keys are `query`)".to_string()
            )],
            "{d}"
        );
    }
    // 2020-12 keeps the alias: it is listed there.
    let e = Dialect::JsonSchema2020
        .parse_args::<Closed>(json!({"query": "x", "other": 1}))
        .unwrap_err();
    assert!(e.violations()[0].message.contains("\"q\""), "{e}");
}

#[test]
fn enum_variants_are_closed_under_strict_dialects() {
    for d in STRICT {
        let got = errors::<WithAction>(d, json!({"action": {"kind": "Move", "x": 1, "y": 2}}));
        assert_eq!(
            got.iter()
                .map(|(p, r, _)| (p.as_str(), *r))
                .collect::<Vec<_>>(),
            [("/action/y", "additionalProperties")],
            "{d}: {got:?}"
        );
        assert!(
            got[0].2.contains("`kind`") && got[0].2.contains("`x`"),
            "{got:?}"
        );
        let got = errors::<Plan>(
            d,
            json!({"steps": [{"Walk": {"meters": 3, "fast": true}}, "Rest"]}),
        );
        assert_eq!(
            got.iter()
                .map(|(p, r, _)| (p.as_str(), *r))
                .collect::<Vec<_>>(),
            [("/steps/0/Walk/fast", "additionalProperties")],
            "{d}: {got:?}"
        );
        // What the schema takes is read.
        let ok: Plan = d
            .parse_args(json!({"steps": [{"Walk": {"meters": 3}}, "Rest"]}))
            .unwrap();
        assert_eq!(ok.steps.len(), 2);
    }
}

#[test]
fn open_dialects_read_as_serde_does() {
    let doc = json!({"q": "x", "inner": {"name": "n", "zzz": 1}, "extra": 1});
    let s: Search = Dialect::JsonSchema2020.parse_args(&doc).unwrap();
    assert_eq!(s.query, "x");
    let s: Search = Dialect::JsonSchemaDraft07.parse_args(&doc).unwrap();
    assert_eq!(s.query, "x");
}

/// The verdict of `parse_args` under a strict dialect is the verdict of the
/// schema it sent (the `jsonschema` crate), on documents with unknown keys,
/// aliases and the right keys at each level (types without constraints a
/// dialect moves into a description).
#[test]
fn strict_parse_args_agrees_with_the_schema_sent() {
    let docs = [
        json!({"query": "x", "limit": 2, "inner": {"name": "n"}}),
        json!({"query": "x", "limit": null, "inner": {"name": "n"}}),
        json!({"query": "x", "limit": 2, "inner": {"name": "n"}, "extra": 1}),
        json!({"q": "x", "limit": 2, "inner": {"name": "n"}}),
        json!({"q": "x", "query": "y", "limit": 2, "inner": {"name": "n"}}),
        json!({"query": "x", "limit": 2, "inner": {"name": "n", "q": 1}}),
        json!({"query": "x", "limit": 2, "inner": {}}),
    ];
    for d in STRICT {
        let schema = Search::schema(d).unwrap();
        let validator = toolform_tests::agreement::validator(schema);
        for doc in &docs {
            // Anthropic's schema has no `null` for `limit`; OpenAI's has.
            let schema_says = validator.is_valid(doc);
            let ours = d.parse_args::<Search>(doc).is_ok();
            assert_eq!(ours, schema_says, "{d}: {doc}");
        }
    }
}

#[derive(Debug, Deserialize, ToolSchema)]
enum Color {
    Red,
    Green,
}

#[derive(Debug, Deserialize, ToolSchema)]
struct Paint {
    /// The colour to paint with.
    color: Option<Color>,
    /// How many coats.
    #[serde(default)]
    coats: Option<u8>,
}

#[test]
fn openai_strict_writes_an_optional_enum_with_one_null_and_its_description_at_the_property() {
    let schema = Paint::schema(Dialect::OpenAiStrict).unwrap();
    let color = &schema["properties"]["color"];
    assert_eq!(color["description"], "The colour to paint with.", "{color}");
    let text = color.to_string();
    assert_eq!(text.matches("null").count(), 2, "null twice: {color}");
    assert!(color.get("anyOf").is_none(), "{color}");
    assert_eq!(
        *color,
        json!({"type": ["string", "null"], "enum": ["Red", "Green", null], "description": "The colour to paint with."})
    );
    // The schema still means what serde reads.
    let v = toolform_tests::agreement::validator(schema);
    for (doc, ok) in [
        (json!({"color": null, "coats": null}), true),
        (json!({"color": "Red", "coats": 2}), true),
        (json!({"color": "Blue", "coats": 2}), false),
    ] {
        assert_eq!(v.is_valid(&doc), ok, "{doc}");
        assert_eq!(
            Dialect::OpenAiStrict.parse_args::<Paint>(&doc).is_ok(),
            ok,
            "{doc}"
        );
    }
    let _ = path_rules(&[]);
}
