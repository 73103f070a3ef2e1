//! Tests: per provider, schemas accepted and schemas refused (rule and path),
//! and the walk's own limits.

use super::*;
use serde_json::json;

mod anthropic;
mod gemini;
mod json_schema;
mod openai;

/// `Ok` = accepted; `Err((rule, path))` = refused with at least that problem.
type Expect = Result<(), (&'static str, &'static str)>;

fn run(provider: Provider, cases: Vec<(&str, Value, Expect)>) {
    let mut failures = Vec::new();
    for (name, schema, expect) in cases {
        let got = check(provider, &schema);
        match expect {
            Ok(()) if !got.is_empty() => failures.push(format!(
                "{provider:?} {name}: expected accepted, got {got:#?}"
            )),
            Err((rule, path)) if !got.iter().any(|p| p.rule == rule && p.path == path) => failures
                .push(format!(
                    "{provider:?} {name}: expected {rule} at {path:?}, got {got:#?}"
                )),
            _ => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn closed(props: Value) -> Value {
    let required: Vec<String> = props.as_object().unwrap().keys().cloned().collect();
    json!({"type": "object", "properties": props, "required": required, "additionalProperties": false})
}

#[test]
fn pointers_escape() {
    assert_eq!(pointer(&["a/b".into(), "c~d".into()]), "/a~1b/c~0d");
    assert_eq!(
        parse_ref("#/$defs/a~1b"),
        RefTarget::Pointer(vec!["$defs".into(), "a/b".into()])
    );
    assert_eq!(
        parse_ref("#/$defs/a%20b"),
        RefTarget::Pointer(vec!["$defs".into(), "a b".into()])
    );
    assert_eq!(parse_ref("#"), RefTarget::Pointer(vec![]));
    assert_eq!(parse_ref("#node"), RefTarget::Anchor("node".into()));
    assert_eq!(parse_ref("other.json#/x"), RefTarget::External);
    let p = check(
        Provider::Gemini,
        &json!({"type": "object", "properties": {"a/b~": {"type": "string", "const": 1}}}),
    );
    assert!(
        p.iter().any(|p| p.path == "/properties/a~1b~0/const"),
        "{p:#?}"
    );
}

#[test]
fn deep_schemas_do_not_overflow() {
    // Built without recursion, and torn down without recursion, so the
    // test itself cannot overflow either.
    // (`json!` would serialize the inner value recursively, so the
    // nesting is built by hand.)
    let build = |levels: usize| {
        let mut s = json!({"type": "string"});
        for _ in 0..levels {
            let mut m = Map::new();
            m.insert("type".into(), Value::String("array".into()));
            m.insert("items".into(), s);
            s = Value::Object(m);
        }
        s
    };
    let teardown = |v: Value| {
        let mut stack = vec![v];
        while let Some(mut v) = stack.pop() {
            if let Some(o) = v.as_object_mut() {
                stack.extend(std::mem::take(o).into_iter().map(|(_, x)| x));
            }
        }
    };

    // Inside the limit: every dialect runs to the end.
    let ok = build(MAX_DEPTH - 1);
    for p in [
        Provider::JsonSchema2020,
        Provider::JsonSchemaDraft07,
        Provider::OpenAiStrict,
        Provider::AnthropicStrict,
        Provider::Gemini,
        Provider::GeminiJsonSchema,
    ] {
        let problems = check(p, &ok);
        assert!(
            !problems.iter().any(|q| q.rule == "walk.depth_limit"),
            "{p:?}: {:?}",
            problems.first()
        );
        if matches!(
            p,
            Provider::JsonSchema2020 | Provider::JsonSchemaDraft07 | Provider::Gemini
        ) {
            assert!(problems.is_empty(), "{p:?}: {:?}", problems.first());
        }
    }
    teardown(ok);

    // Nesting through `properties` doubles the JSON depth; the validator
    // thread's stack still holds it.
    let mut chain = json!({"type": "string"});
    for _ in 0..MAX_DEPTH - 1 {
        let mut props = Map::new();
        props.insert("p".into(), chain);
        let mut m = Map::new();
        m.insert("type".into(), Value::String("object".into()));
        m.insert("properties".into(), Value::Object(props));
        chain = Value::Object(m);
    }
    for p in [Provider::JsonSchema2020, Provider::JsonSchemaDraft07] {
        let problems = check(p, &chain);
        assert!(problems.is_empty(), "{p:?}: {:?}", problems.first());
    }
    teardown(chain);

    // Far past it: reported, not overflowed.
    let deep = build(20_000);
    for p in [
        Provider::JsonSchema2020,
        Provider::JsonSchemaDraft07,
        Provider::Gemini,
    ] {
        let problems = check(p, &deep);
        assert!(
            problems.iter().any(|q| q.rule == "walk.depth_limit"),
            "{p:?}"
        );
    }
    let j = check(Provider::JsonSchema2020, &deep);
    assert!(j.iter().any(|q| q.rule == "json2020.too_deep"));
    teardown(deep);
}
