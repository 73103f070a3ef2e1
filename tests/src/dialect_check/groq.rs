//! Groq strict structured outputs / tool use: OpenAI strict's rules, less
//! its size limits, plus Groq's own.

use super::*;

/// Groq strict ("Structured Outputs", console.groq.com/docs/structured-outputs,
/// "Strict Mode"): "All fields must be `required` and objects must set
/// `additionalProperties: false`", otherwise OpenAI's strict subset, whose
/// rules are checked here with OpenAI's rule ids; but not OpenAI's published
/// size limits, which Groq does not publish.
pub(super) fn check_groq(schema: &Value, out: &mut Vec<Problem>) {
    const OPENAI_SIZES: [&str; 5] = [
        "openai.property_count",
        "openai.string_length",
        "openai.enum_count",
        "openai.nesting_depth",
        "openai.enum_string_length",
    ];
    let mut openai = Vec::new();
    check_openai(schema, &mut openai);
    out.extend(
        openai
            .into_iter()
            .filter(|p| !OPENAI_SIZES.contains(&p.rule)),
    );
    // Rule groq.root_alternatives — no `anyOf`, `oneOf` or `not` at the root
    // (langchain-ai/langchainjs#9923, `groqStrictifySchema`: "removes
    // anyOf/oneOf/not at root").
    root_alternatives(
        schema,
        &["anyOf", "oneOf", "not"],
        "groq.root_alternatives",
        out,
    );
    // Rule groq.array_bounds — the API answers "minItems is not supported"
    // (i-am-bee/beeai-framework#1215). (The OpenAI walk above already said
    // where the schema is too deep to check.)
    let mut bounds = Vec::new();
    walk(schema, &mut bounds, |v, out| {
        if let Some(obj) = v.obj() {
            for k in ["minItems", "maxItems"] {
                if obj.contains_key(k) {
                    out.push(problem(
                        v.at(&[k]),
                        "groq.array_bounds",
                        format!("`{k}` is not supported"),
                    ));
                }
            }
        }
    });
    out.extend(bounds.into_iter().filter(|p| p.rule != "walk.depth_limit"));
}
