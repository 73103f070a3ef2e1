//! Provider dialects: the schema each LLM provider accepts for tool arguments
//! and structured output, or an exact error.
//!
//! ```
//! use toolform::{ToolSchema, dialect::Dialect};
//!
//! #[derive(serde::Deserialize, ToolSchema)]
//! struct Search {
//!     query: String,
//!     #[serde(default)]
//!     limit: u32,
//! }
//!
//! let strict = Search::schema(Dialect::OpenAiStrict).unwrap();
//! // Closed, as strict mode requires.
//! assert_eq!(strict["additionalProperties"], false);
//! // Every property required; the optional one may be null.
//! assert_eq!(strict["required"], serde_json::json!(["query", "limit"]));
//! assert_eq!(strict["properties"]["limit"]["type"], serde_json::json!(["integer", "null"]));
//! // The model's `null` for `limit` is dropped before serde sees it.
//! let args: Search = Dialect::OpenAiStrict
//!     .decode(serde_json::json!({"query": "rust", "limit": null}))
//!     .unwrap();
//! assert_eq!(args.limit, 0);
//! ```
//!
//! Every dialect is one lowering of the schema model (a typed model of JSON Schema inside the crate),
//! driven by a table of what the provider supports: per keyword, kept,
//! moved into the description, dropped or refused; and per dialect, closed
//! objects, all-required properties, how `null` is written, `$ref`/`$defs`
//! and recursion, `oneOf` as `anyOf` when exclusive, `const` as `enum`,
//! formats.
//!
//! A schema shown to a model is the input side. Where a rewrite keeps the
//! meaning, the converter rewrites; where it cannot, it returns every
//! violation with its JSON Pointer. The only weakening it makes is moving a
//! constraint the provider does not accept into the `description`, so the
//! model still reads it; each dialect documents which constraints move.

mod budget;
mod convert;
mod decode;
mod exclusive;
mod finish;
mod graph;
mod keyword;
mod limits;
mod lower;
mod plan;
mod table;
mod valid;
mod wellformed;

use crate::violation::Violation;
pub use convert::{convert, inline_refs};
pub use plan::{PlannedTool, StrictBudget, StrictPlan};

use crate::json::{SERDE_JSON_DEPTH, deeper_than};
use serde_json::Value;
use std::fmt;

/// A provider's schema dialect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dialect {
    /// JSON Schema 2020-12, as toolform renders it (what MCP uses).
    JsonSchema2020,
    /// JSON Schema draft-07 (older MCP clients and validators): `$defs`
    /// become `definitions` (every `#/$defs/` reference rewritten, under any
    /// keyword), `prefixItems` become array-form `items` (and `items`
    /// `additionalItems`), `dependentSchemas`/`dependentRequired` become
    /// `dependencies`, `format: "uuid"` a pattern (beside the schema's own
    /// `pattern`, in an `allOf`), and a `$ref` with assertions beside it
    /// (which draft-07 ignores) moves into an `allOf`.
    JsonSchemaDraft07,
    /// OpenAI Structured Outputs and strict function calling
    /// (platform.openai.com, "Structured Outputs" guide, section "Supported
    /// schemas"): every object closed with `additionalProperties: false`, every
    /// property in `required` (optional ones become a union with `null`, which
    /// [`Dialect::decode`] removes again), `anyOf` but no `oneOf`/`allOf`/`not`,
    /// maps refused, the root an object. Keywords outside the supported set
    /// (`minLength`, `maxLength`, `not`, unsupported formats) move into the
    /// description. Keywords beside a `$ref` (refused there) stay beside an
    /// `anyOf` of the one reference.
    OpenAiStrict,
    /// Anthropic strict tool use / structured outputs (docs.anthropic.com,
    /// "Structured outputs", section "JSON Schema limitations"): closed
    /// objects, no recursion, no numeric or length bounds (`minimum`,
    /// `maximum`, `minLength`, `maxLength`, `minItems` above 1, `maxItems`
    /// move into the description), supported formats only, no objects or
    /// arrays among `enum` values.
    AnthropicStrict,
    /// Gemini function `parameters` / `responseSchema` (ai.google.dev,
    /// "Function calling" and "Structured output", the OpenAPI 3.0 Schema
    /// subset): the allowed fields only, `nullable: true` instead of type
    /// arrays, string enums, `anyOf` alone, no `additionalProperties` (a closed
    /// object says so in its description), no `$ref`. A `null` among `enum`
    /// values becomes an alternative `{"type": "null"}` (OpenAPI 3.0's
    /// `nullable` does not add `null` to an `enum`). A derived type's serde
    /// aliases are left out: Gemini cannot close an object, so an alias is
    /// one more unknown key (a document with a field under two names is
    /// refused by serde alone, like any other unknown key it refuses).
    Gemini,
    /// Gemini `parametersJsonSchema` / `responseJsonSchema` (ai.google.dev
    /// API reference, `FunctionDeclaration.parametersJsonSchema`): the
    /// documented keyword list (`$defs`/`$ref`, `type`, `format`, `enum`,
    /// `items`/`prefixItems`, `minItems`/`maxItems`, `minimum`/`maximum`,
    /// `anyOf`/`oneOf`, `properties`, `additionalProperties`, `required`,
    /// annotations). `const` becomes a one-value `enum`; `pattern`, lengths,
    /// exclusive bounds, `multipleOf`, `uniqueItems`, `propertyNames` and
    /// `not` move into the description; `allOf` is refused (so are serde
    /// aliases, whose rule is an `allOf`). A `null` among `enum` values
    /// becomes an alternative `{"type": "null"}`; keywords beside a `$ref`
    /// stay beside an `anyOf` of the one reference.
    GeminiJsonSchema,
    /// Groq strict structured outputs and tool use (console.groq.com/docs/
    /// structured-outputs, "Strict Mode"; the `gpt-oss` models): OpenAI
    /// strict's subset ([`Dialect::OpenAiStrict`]: closed objects, every
    /// property required, optional ones nullable, which [`Dialect::decode`]
    /// removes again), but a root `anyOf`, `oneOf` or `not` is refused (a
    /// derived enum as the whole arguments: put it in a field of a struct),
    /// and `minItems`/`maxItems` move into the description. Groq publishes no
    /// size limits for strict mode; none is checked.
    GroqStrict,
    /// Kimi (Moonshot) tool `parameters` and `response_format`: the
    /// "Moonshot Flavored JSON Schema" (MFJS, platform.kimi.ai "Tool Use";
    /// MoonshotAI/walle's specification and validator rules), the stricter
    /// reading wherever Moonshot's documents differ: every subschema typed,
    /// no `type` beside `anyOf` (what stood there goes into each
    /// alternative), a `type` array with annotations only (else an `anyOf`
    /// per type), string or number `enum`s of one kind, no `$ref` (local
    /// ones inlined, recursion refused), closed objects; bounds, `pattern`,
    /// formats and defaults move into the description; at most 100
    /// properties, 5 levels of objects, 10 `anyOf` alternatives and 500 enum
    /// values.
    Kimi,
}

impl Dialect {
    /// Every dialect.
    pub const ALL: [Dialect; 8] = [
        Dialect::JsonSchema2020,
        Dialect::JsonSchemaDraft07,
        Dialect::OpenAiStrict,
        Dialect::AnthropicStrict,
        Dialect::Gemini,
        Dialect::GeminiJsonSchema,
        Dialect::GroqStrict,
        Dialect::Kimi,
    ];

    /// Reads a model's answer under this dialect into `T`: for OpenAI and Groq
    /// strict, `null` values the dialect added to optional fields are removed first,
    /// so serde applies the field's default. Other dialects read as serde does.
    ///
    /// A value nested deeper than serde_json reads from text (127 levels of
    /// arrays and objects) is refused before anything walks it: serde, and
    /// dropping a `Value`, recurse once per level.
    pub fn decode<T>(self, value: Value) -> Result<T, serde_json::Error>
    where
        T: crate::ToolSchema + serde::de::DeserializeOwned,
    {
        if deeper_than(&value, SERDE_JSON_DEPTH) {
            crate::schema::dispose(value);
            return Err(serde::de::Error::custom(format!(
                "the value nests deeper than {SERDE_JSON_DEPTH} levels of arrays and objects, \
                 more than serde_json reads from text"
            )));
        }
        let value = if table::caps(self).all_required {
            decode::drop_added_nulls(value, T::SHAPE)
        } else {
            value
        };
        serde_json::from_value(value)
    }

    /// Reads a model's tool arguments under this dialect: [`Dialect::decode`]'s
    /// first step (the `null`s OpenAI and Groq strict add to optional fields taken
    /// out), then [`crate::parse_args`]. Constraints a dialect moved into a
    /// description for the provider (a `pattern`, a `maximum`) are still
    /// held on what the model sends back, and every violation is named.
    pub fn parse_args<'a, T>(
        self,
        value: impl crate::args::Arguments<'a>,
    ) -> Result<T, crate::ArgsError>
    where
        T: crate::ToolSchema + serde::de::DeserializeOwned,
    {
        let value = value.into_value()?;
        if deeper_than(&value, SERDE_JSON_DEPTH) {
            if let std::borrow::Cow::Owned(value) = value {
                crate::schema::dispose(value);
            }
            return Err(crate::ArgsError::from_violations(vec![
                crate::Violation::new(
                    "",
                    "depth",
                    format!(
                        "the arguments nest deeper than {SERDE_JSON_DEPTH} levels of arrays and \
                     objects, more than serde_json reads from text"
                    ),
                ),
            ]));
        }
        // The nulls strict mode adds are taken out of a copy (or of the
        // value itself when it was handed over).
        let value = if table::caps(self).all_required {
            std::borrow::Cow::Owned(decode::drop_added_nulls(value.into_owned(), T::SHAPE))
        } else {
            value
        };
        // What the schema sent says beside serde: closed objects, no
        // aliases it left out.
        let caps = table::caps(self);
        let rules = decode::Rules {
            closed: caps.objects == table::Objects::Closed,
            no_aliases: caps.drop_aliases,
        };
        // serde's reading first: it holds untagged retries to a budget. The
        // key check tries alternatives too, so where serde may retry it runs
        // only on a value serde read within that budget (never exponential
        // on a hostile one); the value depth is bounded above.
        let read = crate::parse_args(value.as_ref());
        let check_keys =
            (rules.closed || rules.no_aliases) && (read.is_ok() || !crate::args::retries(T::SHAPE));
        let refused = if check_keys {
            decode::strict_keys(value.as_ref(), T::SHAPE, rules)
        } else {
            Vec::new()
        };
        drop(value);
        if refused.is_empty() {
            return read;
        }
        // serde's own refusals stay, but an unknown key is told once, with
        // the schema's list of keys.
        let mut all: Vec<Violation> = match read {
            Ok(_) => Vec::new(),
            Err(e) => e
                .into_violations()
                .into_iter()
                .filter(|v| !refused.iter().any(|r| r.path == v.path && r.rule == v.rule))
                .collect(),
        };
        all.extend(refused);
        Err(crate::ArgsError::from_violations(all))
    }
}

/// A type's schema for one contract lowered to `dialect` (uncached; the
/// cache is [`crate::settings`]'s).
pub(crate) fn convert_shape(
    shape: &'static crate::shape::Shape,
    contract: crate::Contract,
    dialect: Dialect,
    options: crate::render::RenderOptions,
) -> Result<Value, DialectError> {
    // Strict dialects close every object, so leaving aliases out is exact:
    // an alias key is then refused like any unknown key. Dialects that can
    // keep objects open keep them, or a document with a name and its alias
    // would pass the schema.
    // Gemini cannot close objects at all, so it loses nothing more.
    let options = crate::render::RenderOptions {
        primary_names_only: table::caps(dialect).drop_aliases,
        ..options
    };
    // The renderer's model, lowered: what it knows (which alternatives
    // exclude each other) is not guessed back from JSON.
    let model = crate::render::model(shape, contract, options);
    let printed = crate::schema::print(&model);
    convert::convert_model(&model, &printed, dialect, contract)
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dialect::JsonSchema2020 => "JSON Schema 2020-12",
            Dialect::JsonSchemaDraft07 => "JSON Schema draft-07",
            Dialect::OpenAiStrict => "OpenAI strict",
            Dialect::AnthropicStrict => "Anthropic strict",
            Dialect::Gemini => "Gemini",
            Dialect::GeminiJsonSchema => "Gemini JSON Schema",
            Dialect::GroqStrict => "Groq strict",
            Dialect::Kimi => "Kimi",
        })
    }
}

/// Why a schema cannot be written in a dialect: every violation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DialectError {
    pub(crate) dialect: Dialect,
    pub(crate) violations: Vec<Violation>,
}

impl DialectError {
    /// The dialect the schema was to be written for.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Every violation, in document order (never empty).
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// The violations, owned.
    pub fn into_violations(self) -> Vec<Violation> {
        self.violations
    }
}

impl fmt::Display for DialectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let header = format!("the schema cannot be written for {}", self.dialect);
        crate::violation::write_list(f, &header, &self.violations)
    }
}

impl std::error::Error for DialectError {}
