//! The strict-mode planner (issue 42): which tools of a request keep
//! `strict: true` within Anthropic's per-request budgets, by the caller's
//! priority, each relaxed tool with its reason; relaxed tools' arguments
//! are still validated.

use serde::Deserialize;
use serde_json::{Value, json};
use toolform::ToolSchema;
use toolform::dialect::Dialect;
use toolform_tests::schemas::{optional, unions};

#[test]
fn the_plan_fits_anthropics_budgets_and_check_tools_agrees() {
    // 25 small tools: 20 fit, the last 5 are relaxed for the tool count.
    let small = optional(0);
    let names: Vec<String> = (0..25).map(|i| format!("t{i}")).collect();
    let tools: Vec<(&str, &Value)> = names.iter().map(|n| (n.as_str(), &small)).collect();
    let plan = Dialect::AnthropicStrict.plan_strict(&tools);
    assert_eq!(plan.strict().count(), 20);
    let relaxed: Vec<&str> = plan.relaxed().map(|t| t.name.as_str()).collect();
    assert_eq!(relaxed, ["t20", "t21", "t22", "t23", "t24"]);
    for t in plan.relaxed() {
        assert!(
            t.relaxed.as_deref().unwrap().contains("20 strict tools"),
            "{t:?}"
        );
    }
    // The strict part passes check_tools; all of them would not.
    let strict: Vec<(&str, &Value)> = plan.strict().map(|t| tools[t.index]).collect();
    Dialect::AnthropicStrict.check_tools(&strict).unwrap();
    assert!(Dialect::AnthropicStrict.check_tools(&tools).is_err());
}

#[test]
fn unions_and_optional_parameters_are_budgeted_and_priority_decides() {
    let (u10, u8) = (unions(10), unions(8));
    let (o20, o10) = (optional(20), optional(10));
    let tools = [("u10", &u10), ("u8", &u8), ("o20", &o20), ("o10", &o10)];
    let plan = Dialect::AnthropicStrict.plan_strict(&tools);
    let strict: Vec<&str> = plan.strict().map(|t| t.name.as_str()).collect();
    assert_eq!(strict, ["u10", "o20"]);
    let reasons: Vec<(&str, &str)> = plan
        .relaxed()
        .map(|t| (t.name.as_str(), t.relaxed.as_deref().unwrap()))
        .collect();
    assert!(
        reasons[0].1.contains("union types") && reasons[0].0 == "u8",
        "{reasons:?}"
    );
    assert!(
        reasons[1].1.contains("optional parameters") && reasons[1].0 == "o10",
        "{reasons:?}"
    );
    // A priority turns it round; the plan keeps the order given.
    let plan = Dialect::AnthropicStrict
        .plan_strict_by(&tools, |_, name| i64::from(name == "u8" || name == "o10"));
    let strict: Vec<&str> = plan.strict().map(|t| t.name.as_str()).collect();
    assert_eq!(strict, ["u8", "o10"]);
    let strict: Vec<(&str, &Value)> = plan.strict().map(|t| tools[t.index]).collect();
    Dialect::AnthropicStrict.check_tools(&strict).unwrap();
}

#[test]
fn a_schema_over_a_limit_alone_is_relaxed_with_the_place() {
    let recursive = json!({"type": "object", "properties": {"next": {"$ref": "#"}}, "additionalProperties": false});
    let fine = optional(1);
    let plan = Dialect::AnthropicStrict.plan_strict(&[("tree", &recursive), ("fine", &fine)]);
    assert!(!plan.tools[0].strict);
    assert!(
        plan.tools[0]
            .relaxed
            .as_deref()
            .unwrap()
            .contains("recursive"),
        "{:?}",
        plan.tools[0]
    );
    assert!(plan.tools[1].strict);
    // OpenAI: no per-request budget; the same schema over a limit alone.
    let plan = Dialect::OpenAiStrict.plan_strict(&[("fine", &fine), ("many", &optional(30))]);
    assert_eq!(plan.strict().count(), 2);
    // No strict mode: every tool relaxed.
    let plan = Dialect::Gemini.plan_strict(&[("fine", &fine)]);
    assert!(
        plan.tools[0]
            .relaxed
            .as_deref()
            .unwrap()
            .contains("no strict mode")
    );
}

#[derive(Debug, Deserialize, ToolSchema)]
struct Book {
    title: String,
    #[serde(default)]
    a: Option<String>,
    #[serde(default)]
    b: Option<String>,
    #[serde(default)]
    c: Option<String>,
    #[serde(default)]
    d: Option<String>,
    #[serde(default)]
    e: Option<String>,
    #[serde(default)]
    f: Option<String>,
    #[serde(default)]
    g: Option<String>,
    #[serde(default)]
    h: Option<String>,
    #[serde(default)]
    i: Option<String>,
    #[serde(default)]
    j: Option<String>,
    #[serde(default)]
    k: Option<String>,
    #[serde(default)]
    l: Option<String>,
    #[serde(default)]
    m: Option<u32>,
}

#[test]
fn relaxed_tools_arguments_are_still_validated() {
    let schema = Book::schema(Dialect::AnthropicStrict).unwrap();
    // Two of them: 26 optional parameters, one is relaxed.
    let plan = Dialect::AnthropicStrict.plan_strict(&[("first", schema), ("second", schema)]);
    let relaxed = &plan.tools[1];
    assert!(!relaxed.strict);
    assert_eq!(relaxed.dialect(), Dialect::JsonSchema2020);
    let e = relaxed
        .dialect()
        .parse_args::<Book>(r#"{"title": 3, "m": -1}"#)
        .unwrap_err();
    let paths: Vec<&str> = e.violations().iter().map(|v| v.path.as_str()).collect();
    assert_eq!(paths, ["/title", "/m"], "{e}");
    let ok: Book = relaxed
        .dialect()
        .parse_args(r#"{"title": "Dune"}"#)
        .unwrap();
    assert_eq!(ok.title, "Dune");
    let strict = &plan.tools[0];
    assert!(
        strict
            .dialect()
            .parse_args::<Book>(r#"{"title": "Dune", "zz": 1}"#)
            .is_err()
    );
}
