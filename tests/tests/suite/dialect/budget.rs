//! The planner's caller-set budget (issue 42): Anthropic's "compiled grammar
//! is too large" ceiling is not published, so toolform builds in no number;
//! a caller who met the error sets a ceiling on the strict tools' schema
//! size (`StrictBudget::schema_bytes`), counted as compact JSON text.

use serde_json::{Value, json};
use toolform::dialect::{Dialect, StrictBudget};

fn bytes(v: &Value) -> usize {
    serde_json::to_string(v).unwrap().len()
}

fn tool(description: &str) -> Value {
    json!({"type": "object", "properties": {"text": {"type": "string", "description": description}}, "additionalProperties": false})
}

#[test]
fn the_budget_is_off_unless_the_caller_sets_it() {
    assert_eq!(StrictBudget::default().max_schema_bytes, None);
    // A megabyte of schema: no published ceiling, so nothing is relaxed
    // for its size.
    let huge = tool(&"x".repeat(1 << 20));
    let tools = [("huge", &huge)];
    for d in [
        Dialect::AnthropicStrict,
        Dialect::OpenAiStrict,
        Dialect::GroqStrict,
    ] {
        let plan = d.plan_strict(&tools);
        assert_eq!(plan.strict().count(), 1, "{d}: {plan:?}");
        let plan = d.plan_strict_with(&tools, |_, _| 0, StrictBudget::default());
        assert_eq!(plan.strict().count(), 1, "{d}: {plan:?}");
    }
}

#[test]
fn a_tool_past_the_budget_is_relaxed_and_a_later_smaller_one_still_fits() {
    let (a, b, c) = (tool(&"a".repeat(300)), tool(&"b".repeat(500)), tool("c"));
    let budget = StrictBudget::default().schema_bytes(bytes(&a) + bytes(&c));
    let tools = [("a", &a), ("b", &b), ("c", &c)];
    for d in [
        Dialect::AnthropicStrict,
        Dialect::OpenAiStrict,
        Dialect::GroqStrict,
    ] {
        let plan = d.plan_strict_with(&tools, |_, _| 0, budget);
        let strict: Vec<&str> = plan.strict().map(|t| t.name.as_str()).collect();
        assert_eq!(strict, ["a", "c"], "{d}");
        let b = &plan.tools[1];
        assert_eq!(b.dialect(), Dialect::JsonSchema2020);
        let why = b.relaxed.as_deref().unwrap();
        assert!(
            why.contains(&format!("{} bytes", bytes(tools[1].1)))
                && why.contains(&format!(
                    "the budget set is {} bytes",
                    bytes(&a) + bytes(&c)
                )),
            "{why}"
        );
    }
    // The caller's priority decides who spends the budget first.
    let plan = Dialect::AnthropicStrict.plan_strict_with(
        &tools,
        |_, name| i64::from(name == "b"),
        StrictBudget::default().schema_bytes(bytes(&b) + bytes(&c)),
    );
    let strict: Vec<&str> = plan.strict().map(|t| t.name.as_str()).collect();
    assert_eq!(strict, ["b", "c"]);
}

/// The size is the compact JSON text serde_json writes: escapes, non-ASCII
/// text and numbers counted exactly. At the size the tool fits; one byte
/// less, it does not.
#[test]
fn the_schema_size_is_its_compact_json_text_exactly() {
    let odd = json!({
        "type": "object",
        "title": "quote \" backslash \\ newline \n tab \t bell \u{7} é 漢字 🦀",
        "properties": {"n": {"type": "number", "minimum": -1.5e-7, "maximum": 12345678901u64, "default": 0.1}},
        "required": [],
        "x-data": [null, true, false, [], {}, [1, [2, {"k": "v"}]]],
        "additionalProperties": false
    });
    let exact = bytes(&odd);
    let tools = [("odd", &odd)];
    let at = Dialect::OpenAiStrict.plan_strict_with(
        &tools,
        |_, _| 0,
        StrictBudget::default().schema_bytes(exact),
    );
    assert_eq!(at.strict().count(), 1, "{at:?}");
    let under = Dialect::OpenAiStrict.plan_strict_with(
        &tools,
        |_, _| 0,
        StrictBudget::default().schema_bytes(exact - 1),
    );
    assert_eq!(under.strict().count(), 0, "{under:?}");
    assert!(
        under.tools[0]
            .relaxed
            .as_deref()
            .unwrap()
            .contains(&format!("its schema of {exact} bytes")),
        "{under:?}"
    );
}

/// Counting is iterative: a value nested 100,000 deep inside a schema is
/// measured (or refused for its depth) without overflowing the stack.
#[test]
fn a_deep_value_is_counted_without_recursion() {
    let mut deep = json!(1);
    for _ in 0..100_000 {
        deep = Value::Array(vec![deep]);
    }
    // Built by hand: `json!` would copy `deep` recursively.
    let mut schema = json!({"type": "object", "properties": {}, "additionalProperties": false});
    if let Value::Object(m) = &mut schema {
        m.insert("x-deep".into(), deep);
    }
    let tools = [("deep", &schema)];
    let plan = Dialect::OpenAiStrict.plan_strict_with(
        &tools,
        |_, _| 0,
        StrictBudget::default().schema_bytes(10),
    );
    assert_eq!(plan.strict().count(), 0);
    std::mem::forget(schema);
}
