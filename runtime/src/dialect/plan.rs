//! Which tools of one request keep `strict: true` (Anthropic strict's
//! per-request budgets, see [`super::budget`]): the tools are taken in the
//! caller's priority order, each kept strict when its schema passes the
//! dialect's whole-schema limits and what it spends still fits the
//! request's budgets (strict tools, optional parameters, union-typed
//! parameters); the others are relaxed, each with its reason. A relaxed
//! tool is sent without `strict` and its input schema as toolform renders
//! it (JSON Schema 2020-12); its arguments are still checked, by
//! [`PlannedTool::dialect`]'s [`Dialect::parse_args`].
//!
//! Anthropic also refuses a request whose strict tools compile to too large
//! a grammar ("The compiled grammar is too large, which would cause
//! performance issues. Simplify your tool schemas or reduce the number of
//! strict tools."). That ceiling is not published (anthropics/
//! anthropic-sdk-python issue 1185 and anthropics/claude-code issue 55539
//! ask for it; reports put it anywhere from 7 strict tools to a 7 KB
//! schema), so no number is built in: a caller who met the error sets its
//! own ceiling with [`StrictBudget`].

use super::Dialect;
use super::budget::{ANTHROPIC_OPTIONAL, ANTHROPIC_TOOLS, ANTHROPIC_UNIONS, Budget};
use super::lower::Lowering;
use crate::json::quoted;
use serde_json::Value;

/// One tool's place in a [`StrictPlan`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedTool {
    /// The tool's name, as given.
    pub name: String,
    /// Its index among the tools given.
    pub index: usize,
    /// Sent with `strict: true` in the plan's dialect.
    pub strict: bool,
    /// Why it is not strict (`None` when it is).
    pub relaxed: Option<String>,
    /// The dialect its arguments are read in.
    dialect: Dialect,
}

impl PlannedTool {
    /// The dialect to read this tool's arguments in: the plan's dialect
    /// for a strict tool, [`Dialect::JsonSchema2020`] (the schema sent with
    /// `strict: false`) for a relaxed one. Either way
    /// [`Dialect::parse_args`] holds the arguments to the schema sent.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }
}

/// Ceilings the caller sets on a request's strict tools, beside the ones the
/// provider publishes: for a ceiling the provider does not publish
/// (Anthropic's "compiled grammar is too large"), set after seeing the
/// error. [`StrictBudget::default`] sets none.
///
/// ```
/// use toolform::dialect::StrictBudget;
///
/// let budget = StrictBudget::default().schema_bytes(6_000);
/// assert_eq!(budget.max_schema_bytes, Some(6_000));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct StrictBudget {
    /// At most this many bytes of schema across the strict tools of a
    /// request, each schema counted as its compact JSON text
    /// (`serde_json::to_string`).
    pub max_schema_bytes: Option<usize>,
}

impl StrictBudget {
    /// At most `bytes` of schema (compact JSON text) across the strict tools.
    pub fn schema_bytes(mut self, bytes: usize) -> StrictBudget {
        self.max_schema_bytes = Some(bytes);
        self
    }
}

/// A request's tools, strict or relaxed, in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrictPlan {
    /// The dialect planned for.
    pub dialect: Dialect,
    /// Every tool, in the order given.
    pub tools: Vec<PlannedTool>,
}

impl StrictPlan {
    /// The tools kept strict.
    pub fn strict(&self) -> impl Iterator<Item = &PlannedTool> {
        self.tools.iter().filter(|t| t.strict)
    }

    /// The tools relaxed, each with its reason.
    pub fn relaxed(&self) -> impl Iterator<Item = &PlannedTool> {
        self.tools.iter().filter(|t| !t.strict)
    }
}

impl Dialect {
    /// Plans which of a request's tools keep `strict: true`, the earlier
    /// tools first: see [`Dialect::plan_strict_by`].
    pub fn plan_strict(self, tools: &[(&str, &Value)]) -> StrictPlan {
        self.plan_strict_by(tools, |_, _| 0)
    }

    /// [`Dialect::plan_strict_by`] within the caller's own ceilings as well
    /// as the published ones: a tool whose schema would take the strict
    /// tools past `budget` is relaxed, with the reason, and a later, smaller
    /// one may still fit.
    ///
    /// Anthropic's "compiled grammar is too large" ceiling is not published;
    /// a caller who met the error can set a schema size under which its
    /// requests compiled:
    ///
    /// ```
    /// use serde_json::json;
    /// use toolform::dialect::{Dialect, StrictBudget};
    ///
    /// let wide = json!({"type": "object", "properties": {"text": {"type": "string",
    ///     "description": "a long description ".repeat(20)}}, "additionalProperties": false});
    /// let small = json!({"type": "object", "properties": {}, "additionalProperties": false});
    /// let tools = [("wide", &wide), ("small", &small)];
    /// let plan = Dialect::AnthropicStrict.plan_strict_with(
    ///     &tools,
    ///     |_, _| 0,
    ///     StrictBudget::default().schema_bytes(200),
    /// );
    /// let strict: Vec<&str> = plan.strict().map(|t| t.name.as_str()).collect();
    /// assert_eq!(strict, ["small"]);
    /// assert!(plan.tools[0].relaxed.as_deref().unwrap().contains("200 bytes"));
    /// ```
    pub fn plan_strict_with(
        self,
        tools: &[(&str, &Value)],
        priority: impl Fn(usize, &str) -> i64,
        budget: StrictBudget,
    ) -> StrictPlan {
        self.plan(tools, priority, budget)
    }

    /// Plans which of a request's tools keep `strict: true`, each
    /// `(name, schema)` with its schema written in this dialect
    /// ([`crate::ToolSchema::schema`]). Tools are taken by
    /// `priority(index, name)`, highest first (ties in the order given);
    /// each is kept strict when its schema passes the dialect's limits on
    /// one schema and what it spends still fits the request:
    ///
    /// - Anthropic strict ("Strict tool use", platform.claude.com, complexity
    ///   limits; checked 2026-12): at most 20 strict tools, 24 optional
    ///   parameters and 16 parameters with union types (`anyOf`, type
    ///   arrays) across the strict tools of a request; the "compiled grammar
    ///   is too large" ceiling is not published, so no number is planned for
    ///   unless the caller sets one ([`Dialect::plan_strict_with`]);
    /// - OpenAI strict: no per-request budget is published beside the 128
    ///   functions (which [`Dialect::check_tools`] checks for all tools,
    ///   strict or not): a tool is relaxed only when its own schema breaks a
    ///   limit;
    /// - Groq strict: no per-request budget is published: a tool is relaxed
    ///   only when its own schema breaks a rule checked on a whole schema
    ///   (a root `anyOf`/`oneOf`);
    /// - Kimi is not planned: its schemas must be MFJS with or without
    ///   `strict`, so there is nothing to relax to;
    /// - the dialects without a strict mode relax every tool.
    ///
    /// A tool passed over does not stop the plan: a later, smaller one may
    /// still fit.
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
    /// let (big, small, other) = (optional(20), optional(4), optional(8));
    /// let tools = [("big", &big), ("small", &small), ("other", &other)];
    /// // `other` matters most: it goes first, then `big` no longer fits.
    /// let plan = Dialect::AnthropicStrict
    ///     .plan_strict_by(&tools, |_, name| if name == "other" { 1 } else { 0 });
    /// let strict: Vec<&str> = plan.strict().map(|t| t.name.as_str()).collect();
    /// assert_eq!(strict, ["small", "other"]);
    /// let big = &plan.tools[0];
    /// assert!(big.relaxed.as_deref().unwrap().contains("optional parameters"));
    /// assert_eq!(big.dialect(), Dialect::JsonSchema2020);
    /// ```
    pub fn plan_strict_by(
        self,
        tools: &[(&str, &Value)],
        priority: impl Fn(usize, &str) -> i64,
    ) -> StrictPlan {
        self.plan(tools, priority, StrictBudget::default())
    }

    fn plan(
        self,
        tools: &[(&str, &Value)],
        priority: impl Fn(usize, &str) -> i64,
        budget: StrictBudget,
    ) -> StrictPlan {
        let mut order: Vec<(i64, usize)> = tools
            .iter()
            .enumerate()
            .map(|(i, (name, _))| (priority(i, name), i))
            .collect();
        // Highest priority first; ties keep the order given.
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut planned: Vec<Option<PlannedTool>> = vec![None; tools.len()];
        let mut spent = Spent::default();
        for (_, i) in order {
            let Some((name, schema)) = tools.get(i) else {
                continue;
            };
            let verdict = self.fits(schema, &spent, budget);
            let tool = match verdict {
                Ok(more) => {
                    spent.count += 1;
                    spent.optional += more.optional;
                    spent.unions += more.unions;
                    spent.bytes += more.bytes;
                    PlannedTool {
                        name: name.to_string(),
                        index: i,
                        strict: true,
                        relaxed: None,
                        dialect: self,
                    }
                }
                Err(reason) => PlannedTool {
                    name: name.to_string(),
                    index: i,
                    strict: false,
                    relaxed: Some(format!("tool {}: {reason}", quoted(name))),
                    dialect: Dialect::JsonSchema2020,
                },
            };
            if let Some(slot) = planned.get_mut(i) {
                *slot = Some(tool);
            }
        }
        StrictPlan {
            dialect: self,
            tools: planned.into_iter().flatten().collect(),
        }
    }

    /// Whether one more tool fits a request whose strict tools spent
    /// `spent`: what it spends, or why not.
    fn fits(self, schema: &Value, spent: &Spent, budget: StrictBudget) -> Result<Spent, String> {
        if !matches!(
            self,
            Dialect::AnthropicStrict | Dialect::OpenAiStrict | Dialect::GroqStrict
        ) {
            return Err(format!("{self} has no strict mode the planner plans for"));
        }
        // The schema alone: as sent, within the dialect's limits.
        let mut lowering = Lowering::new(self);
        lowering.dangling_refs(schema);
        lowering.whole(schema, schema);
        if let Some(first) = lowering.violations().into_iter().next() {
            return Err(format!(
                "its schema breaks a {self} limit at {}: {}",
                quoted(&first.path),
                first.message
            ));
        }
        let bytes = if budget.max_schema_bytes.is_some() {
            json_len(schema)
        } else {
            0
        };
        if let Some(most) = budget.max_schema_bytes
            && spent.bytes + bytes > most
        {
            return Err(format!(
                "its schema of {bytes} bytes would make {} bytes of strict schemas; the budget set \
                 is {most} bytes",
                spent.bytes + bytes
            ));
        }
        if self != Dialect::AnthropicStrict {
            return Ok(Spent {
                bytes,
                ..Spent::default()
            });
        }
        let (count, optional, unions) = (spent.count, spent.optional, spent.unions);
        if count >= ANTHROPIC_TOOLS {
            return Err(format!(
                "{ANTHROPIC_TOOLS} tools are strict already; {self} takes at most {ANTHROPIC_TOOLS} strict tools in one request"
            ));
        }
        let this = Budget::of(schema);
        if optional + this.optional > ANTHROPIC_OPTIONAL {
            return Err(format!(
                "its {} optional parameters would make {} across the strict tools; {self} allows {ANTHROPIC_OPTIONAL} optional parameters in one request",
                this.optional,
                optional + this.optional
            ));
        }
        if unions + this.unions > ANTHROPIC_UNIONS {
            return Err(format!(
                "its {} parameters with union types would make {} across the strict tools; {self} allows {ANTHROPIC_UNIONS} in one request",
                this.unions,
                unions + this.unions
            ));
        }
        Ok(Spent {
            optional: this.optional,
            unions: this.unions,
            bytes,
            ..Spent::default()
        })
    }
}

/// What the strict tools of a request spend (or one more tool would; its
/// `count` is then 0).
#[derive(Default)]
struct Spent {
    count: usize,
    optional: usize,
    unions: usize,
    bytes: usize,
}

/// The length of `v`'s compact JSON text (`serde_json::to_string`), counted
/// without writing it and without recursion. Linear.
fn json_len(v: &Value) -> usize {
    let mut len = 0usize;
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        len += match v {
            Value::Null => 4,
            Value::Bool(true) => 4,
            Value::Bool(false) => 5,
            Value::Number(n) => n.to_string().len(),
            Value::String(s) => string_len(s),
            Value::Array(items) => {
                stack.extend(items);
                2 + items.len().saturating_sub(1)
            }
            Value::Object(m) => {
                stack.extend(m.values());
                // Braces, a colon per member, commas between them.
                2 + m.len()
                    + m.len().saturating_sub(1)
                    + m.keys().map(|k| string_len(k)).sum::<usize>()
            }
        };
    }
    len
}

/// The length of `s` as a JSON string, quotes and escapes included (as
/// serde_json writes it: `\"`, `\\`, `\b` `\f` `\n` `\r` `\t`, other
/// control characters as `\u00XX`).
fn string_len(s: &str) -> usize {
    2 + s
        .bytes()
        .map(|b| match b {
            b'"' | b'\\' | 0x08 | 0x0c | b'\n' | b'\r' | b'\t' => 2,
            0..=0x1f => 6,
            _ => 1,
        })
        .sum::<usize>()
}
