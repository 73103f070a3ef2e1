//! What each provider supports: one row per dialect. The lowering
//! (`lower.rs`) is the same code for every dialect; only these rows differ.

use super::Dialect;

/// What happens to one keyword the lowering has no structural rule for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fate {
    /// Written as it is.
    Keep,
    /// Written as it is when its value is a number at most this; moved into
    /// the description otherwise (Anthropic's `minItems` of 0 or 1).
    KeepUpTo(u64),
    /// Moved into the description (`key: value`), so the model still reads it.
    Describe,
    /// Left out: an annotation the provider does not take.
    Drop,
    /// The schema cannot be written: the violation's rule and reason.
    Refuse(&'static str, &'static str),
}

/// How a schema says "or null".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Nullable {
    /// `type: ["string", "null"]` (JSON Schema).
    TypeArray,
    /// One `type` plus `nullable: true` (OpenAPI 3.0).
    Keyword,
}

/// `$defs` and `$ref`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refs {
    /// Kept under this name (`$defs`, or `definitions` for draft-07, with
    /// every `#/$defs/` reference rewritten).
    Defs(&'static str),
    /// No references in what is written: every local, non-recursive `$ref`
    /// is replaced by the schema it names before the lowering (a type used
    /// twice, a DAG, is written out twice); a recursive one is refused,
    /// naming it.
    Inline,
}

/// Where a reference may point back at a schema that contains it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Recursion {
    /// Anywhere.
    Allowed,
    /// Only through an optional property (a finite value must exist).
    ThroughOptional,
    /// Nowhere: every `$ref` is refused.
    Refused,
}

/// Keywords beside a `$ref` (2020-12 applies both).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RefSiblings {
    /// Kept beside it.
    Keep,
    /// Ignored there by the dialect: the `$ref` moves into an `allOf`.
    AllOf,
    /// Refused there by the provider: the `$ref` moves into an `anyOf` of
    /// one, beside which they are taken.
    AnyOf,
}

/// `oneOf`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OneOf {
    /// Kept.
    Keep,
    /// Written as `anyOf` when its alternatives exclude each other
    /// (then the two mean the same), refused otherwise.
    AnyOfWhenExclusive,
}

/// `allOf`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AllOf {
    /// Kept.
    Keep,
    /// Kept when no `$ref` is inside it (Anthropic).
    KeepWithoutRef,
    /// Refused.
    Refuse,
}

/// `additionalProperties`: closed objects and maps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Objects {
    /// As written: open, closed, maps.
    Keep,
    /// Every object closed (`additionalProperties: false` added); maps
    /// refused.
    Closed,
    /// No `additionalProperties`: closedness moves into the description,
    /// maps are refused.
    NoKeyword,
}

/// `prefixItems` (tuples).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tuples {
    /// Kept.
    Keep,
    /// Kept; `items: false` dropped (`maxItems` still bounds the tuple).
    KeepOpen,
    /// Draft-07: array-form `items`, and `items` becomes `additionalItems`.
    ItemsArray,
    /// Refused; `items: false` is dropped.
    Refuse,
}

/// Which values an `enum` (or a `const`) may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EnumValues {
    /// Any JSON value.
    Any,
    /// Strings, numbers, booleans and `null`: no objects or arrays.
    Scalars,
    /// Any JSON value but `null`: a `null` among them moves to an `anyOf`
    /// alternative `{"type": "null"}` beside the rest.
    NotNull,
    /// Strings only (and `null`, moved as for `NotNull`).
    Strings,
    /// Strings, or numbers, all of one kind: no booleans, objects or arrays
    /// (and `null`, moved as for `NotNull`).
    Homogeneous,
}

/// One dialect's row.
#[derive(Debug)]
pub(crate) struct Caps {
    /// Its column in the keyword table.
    pub column: usize,
    /// Tool arguments: the root must be an object.
    pub root_object: bool,
    /// Keywords refused at the root (the provider takes one object there,
    /// not alternatives): Anthropic strict and Groq strict.
    pub root_alternatives: &'static [&'static str],
    /// Boolean schemas (`true`, `false`) are written.
    pub boolean_schemas: bool,
    /// `{}` (any value) is written.
    pub any_value: bool,
    /// Every object closed, maps refused, or no `additionalProperties`.
    pub objects: Objects,
    /// Every property listed in `required` (optional ones made nullable).
    pub all_required: bool,
    /// How "or null" is written.
    pub nullable: Nullable,
    /// `$defs`/`$ref`.
    pub refs: Refs,
    /// Where recursion may go.
    pub recursion: Recursion,
    /// Keywords beside `$ref`.
    pub ref_siblings: RefSiblings,
    /// `oneOf`.
    pub one_of: OneOf,
    /// `allOf`.
    pub all_of: AllOf,
    /// `prefixItems`.
    pub tuples: Tuples,
    /// `const` written as a one-value `enum`.
    pub const_as_enum: bool,
    /// Which `enum` values are written.
    pub enum_values: EnumValues,
    /// A `type` added beside a bare `enum`/`const` or `properties`.
    pub infer_type: bool,
    /// The formats kept (`None`: all); others move into the description.
    pub formats: Option<&'static [&'static str]>,
    /// `format: "uuid"` written as a pattern (draft-07 has no `uuid`).
    pub uuid_as_pattern: bool,
    /// `dependentSchemas`/`dependentRequired` written as draft-07
    /// `dependencies`.
    pub dependencies: bool,
    /// `examples` written as one OpenAPI `example`.
    pub example: bool,
    /// `not: {const: ..}` (a value excluded) moved into the description.
    pub describe_not_const: bool,
    /// `anyOf` written alone: what stands beside it goes into each
    /// alternative (Gemini's OpenAPI subset).
    pub any_of_alone: bool,
    /// Aliases (serde `alias`) left out of derived schemas: exact where
    /// objects are closed (an alias is then an unknown key), and where the
    /// dialect cannot close objects at all (nothing more is lost).
    pub drop_aliases: bool,
    /// A `type` array stands beside annotations only: one with structural
    /// keywords beside it is written as an `anyOf` of one alternative per
    /// type, each with the keywords of its type (Kimi).
    pub type_arrays_alone: bool,
}

/// Shorthands for the keyword table.
const K: Fate = Fate::Keep;
const K1: Fate = Fate::KeepUpTo(1);
const D: Fate = Fate::Describe;
const X: Fate = Fate::Drop;
const U: Fate = Fate::Refuse("unsupported-keyword", "");
const M: Fate = Fate::Refuse("map", "cannot constrain map keys");
/// A 2020-12 keyword draft-07 does not have.
const N: Fate = Fate::Refuse("draft-2020", "does not have this 2020-12 keyword");
pub(crate) const TUPLES: Fate = Fate::Refuse("tuple", "has no fixed-length arrays (`prefixItems`)");
pub(crate) const ALL_OF: Fate = Fate::Refuse(
    "all-of",
    "has no `allOf` (aliases and flattened enums produce it)",
);

/// The fate of each keyword with no structural rule, one column per
/// dialect, in [`Dialect::ALL`] order: 2020-12, draft-07, OpenAI strict,
/// Anthropic strict, Gemini, Gemini JSON Schema, Groq strict, Kimi. Sources: the
/// providers' pages named on [`Dialect`]'s variants and on each row below
/// (the Groq column is OpenAI's but for `minItems`/`maxItems`, see
/// [`GROQ`]).
#[rustfmt::skip]
const KEYWORDS: [(&str, [Fate; 8]); 38] = [
    //                       2020 d-07 oai  ant  gem  g-js groq kimi
    ("anyOf",               [K,   K,   K,   K,   K,   K,   K,   K]),
    ("title",               [K,   K,   K,   K,   K,   K,   K,   X]),
    ("description",         [K,   K,   K,   K,   K,   K,   K,   K]),
    ("pattern",             [K,   K,   K,   K,   K,   D,   K,   D]),
    ("minimum",             [K,   K,   K,   D,   K,   K,   K,   D]),
    ("maximum",             [K,   K,   K,   D,   K,   K,   K,   D]),
    ("exclusiveMinimum",    [K,   K,   K,   D,   D,   D,   K,   D]),
    ("exclusiveMaximum",    [K,   K,   K,   D,   D,   D,   K,   D]),
    ("multipleOf",          [K,   K,   K,   D,   D,   D,   K,   D]),
    ("minItems",            [K,   K,   K,   K1,  K,   K,   D,   D]),
    ("maxItems",            [K,   K,   K,   D,   K,   K,   D,   D]),
    ("minLength",           [K,   K,   D,   D,   K,   D,   D,   D]),
    ("maxLength",           [K,   K,   D,   D,   K,   D,   D,   D]),
    ("minProperties",       [K,   K,   D,   D,   K,   D,   D,   D]),
    ("maxProperties",       [K,   K,   D,   D,   K,   D,   D,   D]),
    ("uniqueItems",         [K,   K,   D,   D,   D,   D,   D,   D]),
    ("propertyNames",       [K,   K,   M,   M,   M,   D,   M,   M]),
    ("not",                 [K,   K,   U,   U,   U,   U,   U,   U]),
    // A default strict mode cannot carry is told to the model: what it
    // may leave out, and what that means.
    ("default",             [K,   K,   D,   K,   K,   D,   D,   D]),
    ("examples",            [K,   K,   X,   X,   X,   X,   X,   X]),
    ("deprecated",          [K,   K,   X,   X,   X,   X,   X,   X]),
    ("$comment",            [K,   K,   X,   X,   X,   X,   X,   X]),
    ("readOnly",            [K,   K,   X,   X,   X,   X,   X,   X]),
    ("writeOnly",           [K,   K,   X,   X,   X,   X,   X,   X]),
    // MCP's Streamable HTTP transport reads it (2026-07-28); a provider's
    // model has no headers to mirror the argument into.
    ("x-mcp-header",        [K,   K,   X,   X,   X,   X,   X,   X]),
    ("nullable",            [K,   K,   U,   U,   K,   U,   U,   U]),
    ("example",             [K,   K,   U,   U,   K,   U,   U,   U]),
    ("propertyOrdering",    [K,   K,   U,   U,   K,   K,   U,   U]),
    ("$id",                 [K,   K,   U,   U,   U,   K,   U,   U]),
    ("$anchor",             [K,   N,   U,   U,   U,   K,   U,   U]),
    ("$dynamicRef",         [K,   N,   U,   U,   U,   U,   U,   U]),
    ("$dynamicAnchor",      [K,   N,   U,   U,   U,   U,   U,   U]),
    ("unevaluatedProperties", [K, N,   U,   U,   U,   U,   U,   U]),
    ("unevaluatedItems",    [K,   N,   U,   U,   U,   U,   U,   U]),
    ("minContains",         [K,   N,   U,   U,   U,   U,   U,   U]),
    ("maxContains",         [K,   N,   U,   U,   U,   U,   U,   U]),
    ("dependentSchemas",    [K,   K,   U,   U,   U,   U,   U,   U]),
    ("dependentRequired",   [K,   K,   U,   U,   U,   U,   U,   U]),
];

/// The fate of a keyword the table does not list (`contains`, `if`,
/// `patternProperties`, `x-*`, ...): kept by JSON Schema, refused by the
/// providers.
const OTHER: [Fate; 8] = [K, K, U, U, U, U, U, U];

const SCHEMA_2020: Caps = Caps {
    column: 0,
    root_object: false,
    root_alternatives: &[],
    boolean_schemas: true,
    any_value: true,
    objects: Objects::Keep,
    all_required: false,
    nullable: Nullable::TypeArray,
    refs: Refs::Defs("$defs"),
    recursion: Recursion::Allowed,
    ref_siblings: RefSiblings::Keep,
    one_of: OneOf::Keep,
    all_of: AllOf::Keep,
    tuples: Tuples::Keep,
    const_as_enum: false,
    enum_values: EnumValues::Any,
    infer_type: false,
    formats: None,
    uuid_as_pattern: false,
    dependencies: false,
    example: false,
    describe_not_const: false,
    any_of_alone: false,
    drop_aliases: false,
    type_arrays_alone: false,
};

const DRAFT_07: Caps = Caps {
    column: 1,
    refs: Refs::Defs("definitions"),
    ref_siblings: RefSiblings::AllOf,
    tuples: Tuples::ItemsArray,
    uuid_as_pattern: true,
    dependencies: true,
    ..SCHEMA_2020
};

/// What every provider's tool arguments share.
const PROVIDER: Caps = Caps {
    root_object: true,
    boolean_schemas: false,
    any_value: false,
    ref_siblings: RefSiblings::AnyOf,
    all_of: AllOf::Refuse,
    describe_not_const: true,
    ..SCHEMA_2020
};

/// The formats Anthropic strict documents; OpenAI strict documents all but
/// the last (`uri`).
#[rustfmt::skip]
const STRICT_FORMATS: [&str; 10] = [
    "date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid", "uri",
];

/// OpenAI strict ("Structured model outputs", "Supported schemas"): "Root
/// objects must not be anyOf and must be an object" (a `oneOf` written as
/// `anyOf` is refused there too).
const OPENAI: Caps = Caps {
    column: 2,
    root_alternatives: &["anyOf", "oneOf"],
    objects: Objects::Closed,
    all_required: true,
    one_of: OneOf::AnyOfWhenExclusive,
    tuples: Tuples::Refuse,
    infer_type: true,
    formats: Some(STRICT_FORMATS.split_at(9).0),
    drop_aliases: true,
    ..PROVIDER
};

/// Anthropic strict tool use / structured outputs (platform.claude.com,
/// "Structured outputs", "JSON Schema limitations"; per-request budgets in
/// `budget.rs`). Its "compiled grammar is too large" ceiling ("Simplify your
/// tool schemas or reduce the number of strict tools") is not published:
/// anthropics/anthropic-sdk-python issue 1185 (2026-02-18) and
/// anthropics/claude-code issue 55539 (2026-05-02) ask for it, and reports
/// meet it anywhere from 7 small strict tools (anthropic-sdk-typescript
/// issue 885) to one 7 KB schema. No number is assumed; the planner takes a
/// caller's own ceiling (`StrictBudget`). Read 2026-12-04.
const ANTHROPIC: Caps = Caps {
    column: 3,
    root_alternatives: &["anyOf", "oneOf", "allOf"],
    all_required: false,
    recursion: Recursion::Refused,
    enum_values: EnumValues::Scalars,
    all_of: AllOf::KeepWithoutRef,
    infer_type: false,
    formats: Some(&STRICT_FORMATS),
    ..OPENAI
};

/// Gemini `parameters`/`responseSchema`: the OpenAPI 3.0 `Schema` subset
/// (ai.google.dev/api/caching#Schema; "Function calling" and "Structured
/// output" guides). No references: every local `$ref` is inlined (issue 42),
/// only recursion is refused. Read 2026-12-04.
const GEMINI: Caps = Caps {
    column: 4,
    objects: Objects::NoKeyword,
    refs: Refs::Inline,
    recursion: Recursion::Refused,
    nullable: Nullable::Keyword,
    one_of: OneOf::AnyOfWhenExclusive,
    tuples: Tuples::Refuse,
    const_as_enum: true,
    enum_values: EnumValues::Strings,
    infer_type: true,
    example: true,
    any_of_alone: true,
    drop_aliases: true,
    ..PROVIDER
};

/// Gemini `parametersJsonSchema`/`responseJsonSchema`. Sources: the Gemini
/// API reference, `FunctionDeclaration.parametersJsonSchema` (ai.google.dev/
/// api/caching#FunctionDeclaration: "Describes the parameters to the function
/// in JSON Schema format"), and Google's announcement of JSON Schema support
/// in structured outputs (blog.google / developers.googleblog.com, November
/// 2025: `anyOf`, `$ref` for recursive schemas, `minimum`/`maximum`,
/// `additionalProperties` and `type: 'null'`, `prefixItems`; property order
/// kept). Read 2026-12-04; the keyword column `g-js` of [`KEYWORDS`] is this
/// reading.
const GEMINI_JSON: Caps = Caps {
    column: 5,
    any_value: true,
    boolean_schemas: true,
    recursion: Recursion::ThroughOptional,
    tuples: Tuples::KeepOpen,
    const_as_enum: true,
    enum_values: EnumValues::NotNull,
    ..PROVIDER
};

/// Groq strict structured outputs and tool use (`strict: true`, the
/// `openai/gpt-oss-20b` and `openai/gpt-oss-120b` models). Sources, read
/// 2026-12-04:
///
/// - Groq, "Structured Outputs" (console.groq.com/docs/structured-outputs),
///   section "Strict Mode (strict: true)": constrained decoding; "All fields
///   must be `required` and objects must set `additionalProperties: false`";
///   the models above. Groq documents OpenAI's `json_schema` request shape and
///   OpenAI's strict subset otherwise, so this row is OpenAI's ([`OPENAI`]).
/// - The root: Groq strict refuses `anyOf`, `oneOf` and `not` at the root of
///   a schema (issue 42; langchain-ai/langchainjs pull request 9923,
///   `groqStrictifySchema`, merged 2026-02-09, written against the page
///   above: "removes anyOf/oneOf/not at root"). A root union is refused,
///   naming the keyword and the fix (put the enum in a field of a struct):
///   wrapping it in an object would change the arguments the model sends
///   from what the type reads.
/// - `minItems`/`maxItems` move into the description: Groq answers
///   "minItems is not supported" (the API's error, quoted in
///   i-am-bee/beeai-framework issue 1215, 2025-10-22); Groq's page lists no
///   array bounds.
/// - No size limits and no tool-name rule are published for Groq strict;
///   none is checked (OpenAI's 5,000 properties and 10 levels are OpenAI's).
const GROQ: Caps = Caps {
    column: 6,
    root_alternatives: &["anyOf", "oneOf", "not"],
    ..OPENAI
};

/// Kimi (Moonshot) tool `parameters` and `response_format` schemas: the
/// "Moonshot Flavored JSON Schema" (MFJS). Sources, read 2026-12-04:
/// platform.kimi.ai/docs/api/tool-use ("The root of parameters must be an
/// object, and the content must be a subset of JSON Schema conforming to the
/// MFJS specification"; `strict` defaults to true; at most 128 functions;
/// names `^[a-zA-Z_][a-zA-Z0-9-_]{2,63}$`), and the specification and its
/// validator's rules, which that page links: MoonshotAI/walle
/// `docs/mfjs-spec.md`, `docs/walle.md`, `docs/mfjs-walle-vs-draft-2020-12.md`.
///
/// Moonshot's documents disagree in places (the spec lists `minimum`,
/// `maximum`, `minItems`, `maxItems` and `title` as unsupported, the keyword
/// table supports them; `walle.md` caps a schema at 100 properties and 5
/// levels, `validation-principles.md` at 3,000 and 30): this row takes the
/// stricter reading each time, so what it writes passes every one of them.
/// Every subschema names its `type`; `type` never stands beside `anyOf`
/// (what stood there goes into each alternative) and a `type` array stands
/// with annotations only; `enum` values are strings or numbers of one kind
/// (a `null` among them moves to an alternative); `const` becomes a
/// one-value `enum`; no `oneOf` (an exclusive one is written `anyOf`),
/// `allOf`, `not`, tuples or formats; every bound, `pattern` and `default`
/// moves into the description. `$ref` is only `#/$defs/..` or `#` and
/// nothing may stand beside it, so every local `$ref` is inlined (recursion
/// is refused). Objects are closed, as strict mode wants.
const KIMI: Caps = Caps {
    column: 7,
    objects: Objects::Closed,
    refs: Refs::Inline,
    recursion: Recursion::Refused,
    one_of: OneOf::AnyOfWhenExclusive,
    tuples: Tuples::Refuse,
    const_as_enum: true,
    enum_values: EnumValues::Homogeneous,
    infer_type: true,
    formats: Some(&[]),
    any_of_alone: true,
    drop_aliases: true,
    type_arrays_alone: true,
    ..PROVIDER
};

/// The row of `dialect`.
pub(crate) fn caps(dialect: Dialect) -> &'static Caps {
    match dialect {
        Dialect::JsonSchema2020 => &SCHEMA_2020,
        Dialect::JsonSchemaDraft07 => &DRAFT_07,
        Dialect::OpenAiStrict => &OPENAI,
        Dialect::AnthropicStrict => &ANTHROPIC,
        Dialect::Gemini => &GEMINI,
        Dialect::GeminiJsonSchema => &GEMINI_JSON,
        Dialect::GroqStrict => &GROQ,
        Dialect::Kimi => &KIMI,
    }
}

impl Caps {
    /// The fate of a keyword with no structural rule.
    pub(crate) fn fate(&self, key: &str) -> Fate {
        let row = KEYWORDS
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(&OTHER, |(_, fates)| fates);
        row.get(self.column).copied().unwrap_or(U)
    }
}
