//! Which tools of one request keep `strict: true` (Anthropic strict's
//! per-request budgets, see [`super::budget`]): the tools are taken in the
//! caller's priority order, each kept strict when its schema passes the
//! dialect's whole-schema limits and what it spends still fits the
//! request's budgets (strict tools, optional parameters, union-typed
//! parameters); the others are relaxed, each with its reason. A relaxed
//! tool is sent without `strict` and its input schema as toolform renders
//! it (JSON Schema 2020-12); its arguments are still checked, by
//! [`PlannedTool::dialect`]'s [`Dialect::parse_args`].

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

    /// Plans which of a request's tools keep `strict: true`, each
    /// `(name, schema)` with its schema written in this dialect
    /// ([`crate::ToolSchema::input_schema_in`]). Tools are taken by
    /// `priority(index, name)`, highest first (ties in the order given);
    /// each is kept strict when its schema passes the dialect's limits on
    /// one schema and what it spends still fits the request:
    ///
    /// - Anthropic strict ("Strict tool use", platform.claude.com, complexity
    ///   limits; checked 2026-12): at most 20 strict tools, 24 optional
    ///   parameters and 16 parameters with union types (`anyOf`, type
    ///   arrays) across the strict tools of a request; the "compiled grammar
    ///   is too large" ceiling is not published and not planned for;
    /// - OpenAI strict: no per-request budget is published beside the 128
    ///   functions (which [`Dialect::check_tools`] checks for all tools,
    ///   strict or not): a tool is relaxed only when its own schema breaks a
    ///   limit;
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
        let mut order: Vec<(i64, usize)> = tools
            .iter()
            .enumerate()
            .map(|(i, (name, _))| (priority(i, name), i))
            .collect();
        // Highest priority first; ties keep the order given.
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut planned: Vec<Option<PlannedTool>> = vec![None; tools.len()];
        let (mut count, mut optional, mut unions) = (0usize, 0usize, 0usize);
        for (_, i) in order {
            let Some((name, schema)) = tools.get(i) else {
                continue;
            };
            let verdict = self.fits(schema, count, optional, unions);
            let tool = match verdict {
                Ok((o, u)) => {
                    count += 1;
                    optional += o;
                    unions += u;
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

    /// Whether one more tool fits a request that has `count` strict tools
    /// spending `optional` and `unions`: what it spends, or why not.
    fn fits(
        self,
        schema: &Value,
        count: usize,
        optional: usize,
        unions: usize,
    ) -> Result<(usize, usize), String> {
        if !matches!(self, Dialect::AnthropicStrict | Dialect::OpenAiStrict) {
            return Err(format!("{self} has no strict mode"));
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
        if self != Dialect::AnthropicStrict {
            return Ok((0, 0));
        }
        if count >= ANTHROPIC_TOOLS {
            return Err(format!(
                "{ANTHROPIC_TOOLS} tools are strict already; {self} takes at most {ANTHROPIC_TOOLS} strict tools in one request"
            ));
        }
        let spent = Budget::of(schema);
        if optional + spent.optional > ANTHROPIC_OPTIONAL {
            return Err(format!(
                "its {} optional parameters would make {} across the strict tools; {self} allows {ANTHROPIC_OPTIONAL} optional parameters in one request",
                spent.optional,
                optional + spent.optional
            ));
        }
        if unions + spent.unions > ANTHROPIC_UNIONS {
            return Err(format!(
                "its {} parameters with union types would make {} across the strict tools; {self} allows {ANTHROPIC_UNIONS} in one request",
                spent.unions,
                unions + spent.unions
            ));
        }
        Ok((spent.optional, spent.unions))
    }
}
