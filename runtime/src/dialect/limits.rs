//! What a provider refuses of a whole schema: its size limits, and (Gemini)
//! a cycle of references no finite value can end.

use super::Dialect;
use super::budget::{ANTHROPIC_OPTIONAL, ANTHROPIC_UNIONS};
use super::graph::Graph;
use super::lower::each_node;
use super::lower::{Lowering, MAX_DEPTH, escape};
use super::table::Recursion;
use super::valid::in_input;
use crate::json::percent_decoded;
use serde_json::Value;
use std::collections::HashSet;

impl Lowering {
    /// Every whole-schema check of the dialect on the lowered `out` of
    /// `input` (violations are reported at places of the input).
    pub(crate) fn whole(&mut self, out: &Value, input: &Value) {
        let refused = self.caps.root_alternatives;
        if !refused.is_empty()
            && let Value::Object(root) = out
        {
            for key in refused {
                if root.contains_key(*key) {
                    // The lowering may have written the input's `oneOf` as
                    // `anyOf`: report at the input's own keyword.
                    let at = in_input(input, &format!("/{key}"));
                    let (at, named) = if input.pointer(&at).is_some() {
                        (at, *key)
                    } else {
                        match refused.iter().find(|k| input.get(**k).is_some()) {
                            Some(k) => (format!("/{k}"), *k),
                            None => (String::new(), *key),
                        }
                    };
                    let dialect = self.dialect;
                    self.reject(
                        &at,
                        "root-alternatives",
                        format!(
                            "{dialect} takes one object at the root, not `{named}` alternatives: \
                             put the alternatives in a property of an object (a derived enum in a \
                             field of a struct)"
                        ),
                    );
                }
            }
        }
        if self.is_clean() {
            self.limits(out, input);
        }
        if self.is_clean() && self.caps.recursion == Recursion::ThroughOptional {
            // Gemini documents that a cycle of references must pass through
            // an optional property (so a finite value exists).
            self.required_cycles(out, input, "#", String::new());
            if let Some(Value::Object(defs)) = out.get("$defs") {
                for (name, def) in defs {
                    let target = format!("#/$defs/{}", escape(name));
                    let path = format!("/$defs/{}", escape(name));
                    self.required_cycles(def, input, &target, path);
                }
            }
        }
    }

    /// Reports each `$ref` back to `target` reached without passing through
    /// an optional property. Follows subschemas only: a `$ref` inside an
    /// `enum` or `default` value is data, not a reference. A reference is
    /// compared percent-decoded (a URI fragment writes `Ü` as `%C3%9C`).
    /// Iterative.
    fn required_cycles(&mut self, top: &Value, input: &Value, target: &str, path: String) {
        let mut stack: Vec<(&Value, String, bool, usize)> = vec![(top, path, false, 0)];
        while let Some((node, path, optional, depth)) = stack.pop() {
            let Value::Object(m) = node else { continue };
            if depth > MAX_DEPTH {
                continue;
            }
            if !optional
                && m.get("$ref")
                    .and_then(Value::as_str)
                    .is_some_and(|r| percent_decoded(r) == target)
            {
                self.reject(
                    &in_input(input, &format!("{path}/$ref")),
                    "recursion",
                    "Gemini takes a recursive reference only through an optional property; this one is reached through required ones",
                );
                continue;
            }
            let required: HashSet<&str> = m
                .get("required")
                .and_then(Value::as_array)
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            for (k, v) in m {
                let at = format!("{path}/{}", escape(k));
                match (k.as_str(), v) {
                    ("properties", Value::Object(props)) => {
                        for (name, p) in props {
                            let opt = optional || !required.contains(name.as_str());
                            stack.push((p, format!("{at}/{}", escape(name)), opt, depth + 1));
                        }
                    }
                    ("definitions", Value::Object(defs)) => {
                        for (name, d) in defs {
                            stack.push((d, format!("{at}/{}", escape(name)), optional, depth + 1));
                        }
                    }
                    ("items" | "not" | "additionalProperties", Value::Object(_)) => {
                        stack.push((v, at, optional, depth + 1));
                    }
                    (
                        "items" | "prefixItems" | "anyOf" | "oneOf" | "allOf",
                        Value::Array(items),
                    ) => {
                        for (i, item) in items.iter().enumerate() {
                            stack.push((item, format!("{at}/{i}"), optional, depth + 1));
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// Provider size limits and (Anthropic strict) recursion, on the
    /// lowered `schema` of `input`.
    fn limits(&mut self, schema: &Value, input: &Value) {
        match self.dialect {
            Dialect::OpenAiStrict => self.openai_limits(schema, input),
            Dialect::AnthropicStrict => self.anthropic_limits(schema, input),
            Dialect::Kimi => self.kimi_limits(schema, input),
            _ => {}
        }
    }

    /// Anthropic strict ("Structured outputs", "JSON Schema limitations"):
    /// "Not supported: Recursive schemas" (a `$ref` to a definition that
    /// does not lead back is supported: "$ref, $def, and definitions
    /// (external $ref not supported)"); and the request budget one schema cannot exceed alone
    /// ("Strict tool use": 24 optional parameters, 16 parameters with union
    /// types, across all strict tools of a request).
    fn anthropic_limits(&mut self, schema: &Value, input: &Value) {
        let graph = Graph::of(schema);
        for (edge, recursive) in graph.refs.iter().zip(graph.recursive_refs()) {
            if recursive {
                self.reject(
                    &in_input(input, &edge.at),
                    "recursion",
                    "Anthropic strict has no recursive schemas: this `$ref` leads back to a \
                     schema that contains it",
                );
            }
        }
        let budget = super::budget::Budget::of(schema);
        if budget.optional > ANTHROPIC_OPTIONAL {
            self.reject(
                "",
                "limit",
                format!(
                    "{} optional properties; Anthropic strict allows {ANTHROPIC_OPTIONAL} per request",
                    budget.optional
                ),
            );
        }
        if budget.unions > ANTHROPIC_UNIONS {
            self.reject(
                "",
                "limit",
                format!(
                    "{} unions (anyOf or type arrays); Anthropic strict allows {ANTHROPIC_UNIONS} per request",
                    budget.unions
                ),
            );
        }
    }

    /// OpenAI strict ("Structured model outputs", section "Supported
    /// schemas"): "A schema may have up to 5000 object properties total,
    /// with up to 10 levels of nesting" (levels counted through `$ref`: a
    /// definition nests where it is used); "A schema may have up to 1000
    /// enum values across all enum properties"; "For a single enum property
    /// with string values, the total string length of all enum values
    /// cannot exceed 15,000 characters when there are more than 250 enum
    /// values"; "the total string length of all property names, definition
    /// names, enum values, and const values cannot exceed 120,000
    /// characters" (a value that is not a string counts by its JSON text).
    fn openai_limits(&mut self, schema: &Value, input: &Value) {
        let (mut properties, mut enums, mut text) = (0usize, 0usize, 0usize);
        each_node(schema, |m, path| {
            for key in ["properties", "$defs", "definitions"] {
                if let Some(Value::Object(p)) = m.get(key) {
                    if key == "properties" {
                        properties += p.len();
                    }
                    text += p.keys().map(|k| k.chars().count()).sum::<usize>();
                }
            }
            if let Some(c) = m.get("const") {
                text += text_len(c);
            }
            if let Some(Value::Array(e)) = m.get("enum") {
                enums += e.len();
                text += e.iter().map(text_len).sum::<usize>();
                // The `null` strict mode adds to an optional enum is no
                // string value: the string values are counted.
                let length: usize = e.iter().filter(|v| v.is_string()).map(text_len).sum();
                let strings = e.iter().all(|v| v.is_string() || v.is_null());
                if e.len() > OPENAI_LARGE_ENUM && strings && length > OPENAI_LARGE_ENUM_TEXT {
                    self.reject(
                        &in_input(input, &format!("{path}/enum")),
                        "limit",
                        format!(
                            "{} string values of {length} characters in all; OpenAI strict allows \
                             {OPENAI_LARGE_ENUM_TEXT} characters in an enum of more than \
                             {OPENAI_LARGE_ENUM} values",
                            e.len()
                        ),
                    );
                }
            }
        });
        if properties > OPENAI_PROPERTIES {
            self.reject(
                "",
                "limit",
                format!("{properties} properties; OpenAI strict allows {OPENAI_PROPERTIES}"),
            );
        }
        if enums > OPENAI_ENUM_VALUES {
            self.reject(
                "",
                "limit",
                format!("{enums} enum values; OpenAI strict allows {OPENAI_ENUM_VALUES}"),
            );
        }
        if text > OPENAI_TEXT {
            self.reject(
                "",
                "limit",
                format!(
                    "{text} characters of property names, definition names, enum and const \
                     values; OpenAI strict allows {OPENAI_TEXT}"
                ),
            );
        }
        let graph = Graph::of(schema);
        if let Some((deepest, at)) = graph.depths().into_iter().next()
            && deepest > OPENAI_LEVELS
        {
            self.reject(
                &in_input(input, &at),
                "limit",
                format!(
                    "objects nest {deepest} levels deep (counted through `$ref`, on the route \
                     through here); OpenAI strict allows {OPENAI_LEVELS}"
                ),
            );
        }
    }
}

impl Lowering {
    /// Kimi (MoonshotAI/walle `docs/walle.md`, the stricter of Moonshot's
    /// published readings, see `table.rs`): "A schema may have up to 100
    /// object properties in total, with up to 5 levels of nesting"; "`anyOf`
    /// must have between 1 and 10 items"; "up to 500 enum values across all
    /// enum properties"; `properties` keys must not be `$defs`, `$ref`,
    /// `anyOf`, `required` or `additionalProperties`; a `type` array with
    /// an `enum` is one type and `null`; numbers in `enum` are decimal
    /// integers within ±(2^53 - 1), or floats without scientific notation.
    fn kimi_limits(&mut self, schema: &Value, input: &Value) {
        let (mut properties, mut enums) = (0usize, 0usize);
        each_node(schema, |m, path| {
            if let Some(Value::Object(p)) = m.get("properties") {
                properties += p.len();
                for name in p.keys().filter(|k| KIMI_RESERVED.contains(&k.as_str())) {
                    self.reject(
                        &in_input(input, &format!("{path}/properties/{}", escape(name))),
                        "reserved-name",
                        format!("Kimi takes no property named {}", crate::json::quoted(name)),
                    );
                }
            }
            if let Some(Value::Array(alternatives)) = m.get("anyOf")
                && alternatives.len() > KIMI_ANY_OF
            {
                self.reject(
                    &in_input(input, &format!("{path}/anyOf")),
                    "limit",
                    format!(
                        "{} alternatives; Kimi takes at most {KIMI_ANY_OF} in an `anyOf`",
                        alternatives.len()
                    ),
                );
            }
            if let Some(Value::Array(values)) = m.get("enum") {
                enums += values.len();
                if let Some(n) = values.iter().find(|v| !kimi_number(v)) {
                    // The lowering writes a `const` as a one-value `enum`:
                    // the place is the input's keyword.
                    let at = ["enum", "const"]
                        .iter()
                        .map(|k| in_input(input, &format!("{path}/{k}")))
                        .find(|at| input.pointer(at).is_some())
                        .unwrap_or_else(|| in_input(input, path));
                    self.reject(
                        &at,
                        "number-notation",
                        format!(
                            "Kimi reads integers within ±(2^53 - 1) and floats without an \
                             exponent; {n} is neither"
                        ),
                    );
                }
                let types = m.get("type").and_then(Value::as_array);
                if types.is_some_and(|t| {
                    t.len() > 2 || (t.len() == 2 && !t.iter().any(|t| t == "null"))
                }) {
                    self.reject(
                        &in_input(input, &format!("{path}/type")),
                        "type-array",
                        "Kimi takes an `enum` beside one type, or one type and `null`",
                    );
                }
            }
        });
        if properties > KIMI_PROPERTIES {
            self.reject(
                "",
                "limit",
                format!("{properties} properties; Kimi allows {KIMI_PROPERTIES}"),
            );
        }
        if enums > KIMI_ENUM_VALUES {
            self.reject(
                "",
                "limit",
                format!("{enums} enum values; Kimi allows {KIMI_ENUM_VALUES}"),
            );
        }
        let graph = Graph::of(schema);
        if let Some((deepest, at)) = graph.depths().into_iter().next()
            && deepest > KIMI_LEVELS
        {
            self.reject(
                &in_input(input, &at),
                "limit",
                format!("objects nest {deepest} levels deep; Kimi allows {KIMI_LEVELS}"),
            );
        }
    }
}

/// Whether a number (or any other value) is one Kimi reads in an `enum`:
/// not a number, an integer within ±(2^53 - 1), or a float serde_json
/// writes without an exponent.
fn kimi_number(v: &Value) -> bool {
    const SAFE: u64 = (1 << 53) - 1;
    match v {
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u <= SAFE,
            (_, Some(i)) => i.unsigned_abs() <= SAFE,
            _ => !n.to_string().contains(['e', 'E']),
        },
        _ => true,
    }
}

/// Kimi: property names `properties` may not hold.
const KIMI_RESERVED: [&str; 5] = ["$defs", "$ref", "anyOf", "required", "additionalProperties"];
/// Kimi: object properties in all.
pub(crate) const KIMI_PROPERTIES: usize = 100;
/// Kimi: levels of object nesting.
pub(crate) const KIMI_LEVELS: usize = 5;
/// Kimi: alternatives of one `anyOf`.
pub(crate) const KIMI_ANY_OF: usize = 10;
/// Kimi: enum values in all.
pub(crate) const KIMI_ENUM_VALUES: usize = 500;

/// OpenAI strict: object properties in all.
pub(crate) const OPENAI_PROPERTIES: usize = 5000;
/// OpenAI strict: levels of object nesting.
pub(crate) const OPENAI_LEVELS: usize = 10;
/// OpenAI strict: enum values in all.
pub(crate) const OPENAI_ENUM_VALUES: usize = 1000;
/// OpenAI strict: an enum past this many string values ...
pub(crate) const OPENAI_LARGE_ENUM: usize = 250;
/// ... has at most this many characters.
pub(crate) const OPENAI_LARGE_ENUM_TEXT: usize = 15_000;
/// OpenAI strict: characters of names and enum/const values in all.
pub(crate) const OPENAI_TEXT: usize = 120_000;

/// How many characters a value counts for: a string's own, any other
/// value's JSON text.
pub(crate) fn text_len(v: &Value) -> usize {
    match v {
        Value::String(s) => s.chars().count(),
        other => other.to_string().chars().count(),
    }
}
