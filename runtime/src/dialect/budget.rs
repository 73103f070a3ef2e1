//! What providers limit per request, not per schema: how many tools, and
//! (Anthropic strict) how many optional and union-typed parameters all strict
//! tools of one request hold together. [`Dialect::check_tools`] names the
//! tool and the place where a request goes past each budget.
//!
//! Sources, quoted:
//!
//! - Anthropic, "Strict tool use" (platform.claude.com/docs/en/agents-and-tools/
//!   tool-use/strict-tool-use), complexity limits of a request: at most 20
//!   strict tools, 24 optional parameters and 16 parameters using union types
//!   (`anyOf` or type arrays) across all strict schemas (the API answers
//!   "Schemas contains too many parameters with union types ... limit: 16").
//!   Tool names: "Must match the regex `^[a-zA-Z0-9_-]{1,64}$`" ("Define
//!   tools", `name`).
//! - OpenAI, "Chat Completions" API reference, `tools`: "A max of 128
//!   functions are supported"; `function.name`: "Must be a-z, A-Z, 0-9, or
//!   contain underscores and dashes, with a maximum length of 64".
//! - Gemini API reference, `FunctionDeclaration.name`: "Must start with a
//!   letter or an underscore. Must be a-z, A-Z, 0-9, or contains underscores,
//!   colons, dots, and dashes, with a maximum length of 128" (the limit on
//!   the number of declarations is not published; none is checked).
//!
//! - Anthropic's "The compiled grammar is too large, which would cause
//!   performance issues" is a per-request ceiling with no published number
//!   (see `table.rs`, `ANTHROPIC`): not checked here; the planner takes the
//!   caller's own ([`super::StrictBudget`]).
//! - Kimi, "Tool Use" (platform.kimi.ai/docs/api/tool-use): "The number of
//!   functions in tools currently cannot exceed 128"; a function's name
//!   "must follow this regular expression: ^[a-zA-Z_][a-zA-Z0-9-_]{2,63}$".
//! - Groq strict (console.groq.com/docs/structured-outputs): no per-request
//!   limit and no tool-name rule are published; none is checked.
//!
//! Every tool's name must be distinct within a request.

use super::lower::{Lowering, each_node, escape};
use super::{Dialect, DialectError, Violation};
use crate::json::quoted;
use serde_json::Value;
use std::collections::HashSet;

/// What one schema spends of a request's budget: counts, and the places of
/// the first `keep` of each.
pub(crate) struct Budget {
    /// Properties not listed in their object's `required`.
    pub optional: usize,
    /// Schemas with `anyOf` or a `type` array of more than one name.
    pub unions: usize,
    /// The pointers of the first optional properties.
    pub optional_at: Vec<String>,
    /// The pointers of the first unions.
    pub union_at: Vec<String>,
}

impl Budget {
    /// The budget `schema` spends, keeping no places.
    pub(crate) fn of(schema: &Value) -> Budget {
        Budget::keeping(schema, 0)
    }

    /// The budget `schema` spends, with the places of the first `keep` of
    /// each kind. Iterative, linear.
    pub(crate) fn keeping(schema: &Value, keep: usize) -> Budget {
        let mut budget = Budget {
            optional: 0,
            unions: 0,
            optional_at: Vec::new(),
            union_at: Vec::new(),
        };
        each_node(schema, |m, path| {
            if let Some(Value::Object(p)) = m.get("properties") {
                let required: HashSet<&str> = match m.get("required") {
                    Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
                    _ => HashSet::new(),
                };
                for name in p.keys().filter(|k| !required.contains(k.as_str())) {
                    budget.optional += 1;
                    if budget.optional_at.len() < keep {
                        budget
                            .optional_at
                            .push(format!("{path}/properties/{}", escape(name)));
                    }
                }
            }
            let union = m.get("anyOf").is_some_and(Value::is_array)
                || m.get("type")
                    .and_then(Value::as_array)
                    .is_some_and(|t| t.len() > 1);
            if union {
                budget.unions += 1;
                if budget.union_at.len() < keep {
                    budget.union_at.push(path.to_owned());
                }
            }
        });
        budget
    }
}

/// Whether `name` is a tool name the dialect's provider takes.
fn name_ok(dialect: Dialect, name: &str) -> Option<&'static str> {
    let ascii = |extra: &[char]| {
        name.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || extra.contains(&c))
    };
    let fine = match dialect {
        Dialect::OpenAiStrict | Dialect::AnthropicStrict => {
            (1..=64).contains(&name.len()) && ascii(&[])
        }
        // "^[a-zA-Z_][a-zA-Z0-9-_]{2,63}$" (platform.kimi.ai, "Tool Use").
        Dialect::Kimi => {
            (3..=64).contains(&name.len())
                && name
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && ascii(&[])
        }
        Dialect::Gemini | Dialect::GeminiJsonSchema => {
            (1..=128).contains(&name.len())
                && name
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && ascii(&['.', ':'])
        }
        _ => return None,
    };
    if fine {
        return None;
    }
    Some(match dialect {
        Dialect::Gemini | Dialect::GeminiJsonSchema => {
            "a letter or `_`, then letters, digits, `_`, `.`, `:` or `-`, at most 128"
        }
        Dialect::Kimi => "a letter or `_`, then letters, digits, `_` or `-`, 3 to 64 of them",
        _ => "letters, digits, `_` or `-`, 1 to 64 of them",
    })
}

/// A request-wide limit: its number, and what it counts.
struct Limit {
    most: usize,
    what: &'static str,
}

impl Dialect {
    /// Checks the tools of one request, each `(name, schema)` with its
    /// schema as sent (written in this dialect): the limits of each schema
    /// (sizes, nesting, recursion), the provider's tool names, and the
    /// budgets the provider sets for a whole request (Anthropic strict: 20
    /// strict tools, 24 optional parameters and 16 union-typed parameters
    /// across all of them; OpenAI: 128 functions). Every violation names
    /// the tool; its path is `/{index of the tool}` followed by the place in
    /// that tool's schema.
    ///
    /// ```
    /// use serde_json::json;
    /// use toolform::dialect::Dialect;
    ///
    /// let optional = |n: usize| {
    ///     let props: serde_json::Map<String, serde_json::Value> = (0..n)
    ///         .map(|i| (format!("p{i}"), json!({"type": "string"})))
    ///         .collect();
    ///     json!({"type": "object", "properties": props, "additionalProperties": false})
    /// };
    /// let (a, b) = (optional(20), optional(5));
    /// // 20 and 5 optional parameters: each fits alone, not both in one request.
    /// let err = Dialect::AnthropicStrict
    ///     .check_tools(&[("a", &a), ("b", &b)])
    ///     .unwrap_err();
    /// assert_eq!(err.violations()[0].path, "/1/properties/p4");
    /// ```
    pub fn check_tools(self, tools: &[(&str, &Value)]) -> Result<(), DialectError> {
        let mut found: Vec<Violation> = Vec::new();
        let (tool_limit, optional_limit, union_limit) = match self {
            Dialect::AnthropicStrict => (
                Some(Limit {
                    most: ANTHROPIC_TOOLS,
                    what: "strict tools",
                }),
                Some(ANTHROPIC_OPTIONAL),
                Some(ANTHROPIC_UNIONS),
            ),
            Dialect::OpenAiStrict | Dialect::Kimi => (
                Some(Limit {
                    most: 128,
                    what: "functions",
                }),
                None,
                None,
            ),
            _ => (None, None, None),
        };
        if let Some(Limit { most, what }) = tool_limit
            && tools.len() > most
        {
            let name = tools.get(most).map_or("", |(n, _)| *n);
            found.push(Violation::new(
                format!("/{most}"),
                "request-limit",
                format!(
                    "tool {}: the request has {} tools; {self} takes at most {most} {what} in one request",
                    quoted(name),
                    tools.len()
                ),
            ));
        }
        let mut names: HashSet<&str> = HashSet::new();
        let (mut optional, mut unions) = (0usize, 0usize);
        for (i, (name, schema)) in tools.iter().enumerate() {
            let tool = quoted(name);
            if let Some(rule) = name_ok(self, name) {
                found.push(Violation::new(
                    format!("/{i}"),
                    "tool-name",
                    format!("tool {tool}: {self} takes tool names of {rule}"),
                ));
            }
            if !names.insert(name) {
                found.push(Violation::new(
                    format!("/{i}"),
                    "tool-name",
                    format!("tool {tool}: a second tool of that name in one request"),
                ));
            }
            // The whole-schema limits of each schema as sent.
            let mut lowering = Lowering::new(self);
            lowering.dangling_refs(schema);
            lowering.whole(schema, schema);
            for v in lowering.violations() {
                found.push(Violation::new(
                    format!("/{i}{}", v.path),
                    v.rule,
                    format!("tool {tool}: {}", v.message),
                ));
            }
            // Request budgets: where the running count passes the limit.
            let keep = optional_limit.max(union_limit).map_or(0, |l| l + 1);
            let spent = Budget::keeping(schema, keep);
            for (limit, before, count, places, what) in [
                (
                    optional_limit,
                    optional,
                    spent.optional,
                    &spent.optional_at,
                    "optional parameters",
                ),
                (
                    union_limit,
                    unions,
                    spent.unions,
                    &spent.union_at,
                    "parameters with union types (anyOf or type arrays)",
                ),
            ] {
                let Some(limit) = limit else { continue };
                if before <= limit && before + count > limit {
                    let at = places.get(limit - before).cloned().unwrap_or_default();
                    found.push(Violation::new(
                        format!("/{i}{at}"),
                        "request-limit",
                        format!(
                            "tool {tool}: {} {what} in the request up to this tool; {self} allows {limit} across all tools of a request",
                            before + count
                        ),
                    ));
                }
            }
            optional += spent.optional;
            unions += spent.unions;
        }
        if found.is_empty() {
            Ok(())
        } else {
            Err(DialectError {
                dialect: self,
                violations: found,
            })
        }
    }
}

/// Anthropic strict: optional parameters across a request's strict tools.
pub(crate) const ANTHROPIC_OPTIONAL: usize = 24;
/// Anthropic strict: parameters with union types across a request.
pub(crate) const ANTHROPIC_UNIONS: usize = 16;
/// Anthropic strict: strict tools in one request.
pub(crate) const ANTHROPIC_TOOLS: usize = 20;
