//! An independent checker for provider schema dialects.
//!
//! [`check`] answers one question: does `schema` fit what `provider` accepts?
//! It is written from each provider's *published* rules, not from toolform's
//! converter, so a test can hold the converter's output against it. Each rule
//! below names the document (title and section) it comes from. Where a
//! provider's documentation is silent and the rule comes from an error the API
//! is reported to return, the comment says so.
//!
//! The walk is iterative (an explicit stack), so a deep schema cannot overflow
//! the stack; past [`MAX_DEPTH`] nested schemas it reports `walk.depth_limit`
//! and goes no deeper. The two JSON Schema dialects also run the `jsonschema`
//! crate, which recurses: a deep document gets a thread with a large stack,
//! and one deeper than [`MAX_JSON_DEPTH`] is reported instead of validated.
//!
//! Paths in [`Problem::path`] are JSON Pointers (RFC 6901) into the schema.

use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashSet};

mod anthropic;
mod gemini;
mod groq;
mod json_schema;
mod kimi;
mod openai;
#[cfg(test)]
mod tests;
mod walk;

use anthropic::*;
use gemini::*;
use groq::*;
use json_schema::*;
use kimi::*;
use openai::*;
use walk::*;

/// A provider dialect as the checker knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    /// JSON Schema draft 2020-12, as the `jsonschema` crate compiles it.
    JsonSchema2020,
    /// JSON Schema draft-07.
    JsonSchemaDraft07,
    /// OpenAI Structured Outputs / strict function calling (`strict: true`).
    OpenAiStrict,
    /// Anthropic structured outputs / strict tool use (`strict: true`).
    AnthropicStrict,
    /// Gemini `FunctionDeclaration.parameters` / `responseSchema`: the
    /// OpenAPI 3.0 `Schema` subset.
    Gemini,
    /// Gemini `parametersJsonSchema` / `responseJsonSchema`: the JSON Schema
    /// subset Gemini documents for those fields.
    GeminiJsonSchema,
    /// Groq strict structured outputs / tool use (`strict: true`, gpt-oss).
    GroqStrict,
    /// Kimi (Moonshot): the Moonshot Flavored JSON Schema (MFJS).
    Kimi,
}

impl Provider {
    /// The provider whose rules `dialect` is written for.
    pub fn of(dialect: toolform::dialect::Dialect) -> Option<Provider> {
        use toolform::dialect::Dialect;
        Some(match dialect {
            Dialect::JsonSchema2020 => Provider::JsonSchema2020,
            Dialect::JsonSchemaDraft07 => Provider::JsonSchemaDraft07,
            Dialect::OpenAiStrict => Provider::OpenAiStrict,
            Dialect::AnthropicStrict => Provider::AnthropicStrict,
            Dialect::Gemini => Provider::Gemini,
            Dialect::GeminiJsonSchema => Provider::GeminiJsonSchema,
            Dialect::GroqStrict => Provider::GroqStrict,
            Dialect::Kimi => Provider::Kimi,
            _ => return None,
        })
    }
}

/// One rule broken: JSON Pointer path into the schema, the rule, a message.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// JSON Pointer to the offending schema node or keyword (`""` = root).
    pub path: String,
    /// Stable rule id, `dialect.rule`.
    pub rule: &'static str,
    /// What is wrong, for a person.
    pub message: String,
}

/// Every way `schema` breaks what `provider` accepts (empty = the provider accepts it).
pub fn check(provider: Provider, schema: &Value) -> Vec<Problem> {
    let mut out = Vec::new();
    match provider {
        Provider::JsonSchema2020 => check_json2020(schema, &mut out),
        Provider::JsonSchemaDraft07 => check_draft07(schema, &mut out),
        Provider::OpenAiStrict => check_openai(schema, &mut out),
        Provider::AnthropicStrict => check_anthropic(schema, &mut out),
        Provider::Gemini => check_gemini(schema, &mut out),
        Provider::GeminiJsonSchema => check_gemini_json(schema, &mut out),
        Provider::GroqStrict => check_groq(schema, &mut out),
        Provider::Kimi => check_kimi(schema, &mut out),
    }
    out
}

/// How many nested schemas the walk follows before it stops and says so.
pub const MAX_DEPTH: usize = 1000;

/// How deep (in JSON values) a document may be for the `jsonschema` crate to
/// be run on it. Deeper documents get `*.too_deep` instead of a meta check.
pub const MAX_JSON_DEPTH: usize = 2 * MAX_DEPTH + 8;
