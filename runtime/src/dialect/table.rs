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
    /// No references at all.
    Refuse,
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
}

/// One dialect's row.
#[derive(Debug)]
pub(crate) struct Caps {
    /// Tool arguments: the root must be an object.
    pub root_object: bool,
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
    /// Aliases (serde `alias`) left out of derived schemas: exact where
    /// objects are closed (an alias is then an unknown key), and where the
    /// dialect cannot close objects at all (nothing more is lost).
    pub drop_aliases: bool,
    /// Every other keyword: its fate, or `default`.
    pub keywords: &'static [(&'static str, Fate)],
    /// The fate of a keyword not in `keywords`.
    pub default: Fate,
}

/// Annotations every provider dialect drops.
const ANNOTATIONS: [(&str, Fate); 6] = [
    ("examples", Fate::Drop),
    ("deprecated", Fate::Drop),
    ("$comment", Fate::Drop),
    ("readOnly", Fate::Drop),
    ("writeOnly", Fate::Drop),
    ("default", Fate::Drop),
];

const UNSUPPORTED: Fate = Fate::Refuse("unsupported-keyword", "");
const MAPS: Fate = Fate::Refuse("map", "cannot constrain map keys");
pub(crate) const TUPLES: Fate = Fate::Refuse("tuple", "has no fixed-length arrays (`prefixItems`)");
pub(crate) const ALL_OF: Fate = Fate::Refuse(
    "all-of",
    "has no `allOf` (aliases and flattened enums produce it)",
);

const SCHEMA_2020: Caps = Caps {
    root_object: false,
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
    drop_aliases: false,
    keywords: &[],
    default: Fate::Keep,
};

const DRAFT_2020_ONLY: Fate = Fate::Refuse("draft-2020", "does not exist in draft-07");

const DRAFT_07: Caps = Caps {
    refs: Refs::Defs("definitions"),
    ref_siblings: RefSiblings::AllOf,
    tuples: Tuples::ItemsArray,
    uuid_as_pattern: true,
    dependencies: true,
    keywords: &[
        ("unevaluatedProperties", DRAFT_2020_ONLY),
        ("unevaluatedItems", DRAFT_2020_ONLY),
        ("$anchor", DRAFT_2020_ONLY),
        ("$dynamicRef", DRAFT_2020_ONLY),
        ("$dynamicAnchor", DRAFT_2020_ONLY),
    ],
    ..SCHEMA_2020
};

/// Keywords both strict dialects keep.
const STRICT_KEPT: [(&str, Fate); 12] = [
    ("type", Fate::Keep),
    ("properties", Fate::Keep),
    ("required", Fate::Keep),
    ("enum", Fate::Keep),
    ("const", Fate::Keep),
    ("anyOf", Fate::Keep),
    ("description", Fate::Keep),
    ("title", Fate::Keep),
    ("items", Fate::Keep),
    ("pattern", Fate::Keep),
    ("propertyNames", MAPS),
    ("not", UNSUPPORTED),
];

const fn concat<const A: usize, const B: usize, const N: usize>(
    a: [(&'static str, Fate); A],
    b: [(&'static str, Fate); B],
) -> [(&'static str, Fate); N] {
    let mut out = [("", Fate::Keep); N];
    let mut i = 0;
    while i < A {
        out[i] = a[i];
        i += 1;
    }
    while i < N {
        out[i] = b[i - A];
        i += 1;
    }
    out
}

const OPENAI_KEYWORDS: [(&str, Fate); 25] = concat(
    STRICT_KEPT,
    concat::<7, 6, 13>(
        [
            ("minimum", Fate::Keep),
            ("maximum", Fate::Keep),
            ("exclusiveMinimum", Fate::Keep),
            ("exclusiveMaximum", Fate::Keep),
            ("multipleOf", Fate::Keep),
            ("minItems", Fate::Keep),
            ("maxItems", Fate::Keep),
        ],
        ANNOTATIONS,
    ),
);

/// Keywords OpenAI strict and Anthropic strict move into the description.
const LENGTHS: [(&str, Fate); 5] = [
    ("minLength", Fate::Describe),
    ("maxLength", Fate::Describe),
    ("minProperties", Fate::Describe),
    ("maxProperties", Fate::Describe),
    ("uniqueItems", Fate::Describe),
];

const OPENAI: Caps = Caps {
    root_object: true,
    boolean_schemas: false,
    any_value: false,
    objects: Objects::Closed,
    all_required: true,
    ref_siblings: RefSiblings::AnyOf,
    one_of: OneOf::AnyOfWhenExclusive,
    all_of: AllOf::Refuse,
    tuples: Tuples::Refuse,
    infer_type: true,
    formats: Some(&[
        "date-time",
        "time",
        "date",
        "duration",
        "email",
        "hostname",
        "ipv4",
        "ipv6",
        "uuid",
    ]),
    describe_not_const: true,
    drop_aliases: true,
    keywords: &concat::<25, 5, 30>(OPENAI_KEYWORDS, LENGTHS),
    default: UNSUPPORTED,
    ..SCHEMA_2020
};

const ANTHROPIC_KEYWORDS: [(&str, Fate); 24] = concat(
    STRICT_KEPT,
    concat::<7, 5, 12>(
        [
            ("default", Fate::Keep),
            ("minItems", Fate::KeepUpTo(1)),
            ("minimum", Fate::Describe),
            ("maximum", Fate::Describe),
            ("exclusiveMinimum", Fate::Describe),
            ("exclusiveMaximum", Fate::Describe),
            ("multipleOf", Fate::Describe),
        ],
        [
            ("maxItems", Fate::Describe),
            ("examples", Fate::Drop),
            ("deprecated", Fate::Drop),
            ("$comment", Fate::Drop),
            ("readOnly", Fate::Drop),
        ],
    ),
);

const ANTHROPIC: Caps = Caps {
    recursion: Recursion::Refused,
    enum_values: EnumValues::Scalars,
    all_of: AllOf::KeepWithoutRef,
    infer_type: false,
    formats: Some(&[
        "date-time",
        "time",
        "date",
        "duration",
        "email",
        "hostname",
        "uri",
        "ipv4",
        "ipv6",
        "uuid",
    ]),
    all_required: false,
    keywords: &concat::<24, 6, 30>(
        ANTHROPIC_KEYWORDS,
        concat::<5, 1, 6>(LENGTHS, [("writeOnly", Fate::Drop)]),
    ),
    ..OPENAI
};

const GEMINI_KEYWORDS: [(&str, Fate); 31] = concat(
    [
        ("type", Fate::Keep),
        ("format", Fate::Keep),
        ("title", Fate::Keep),
        ("description", Fate::Keep),
        ("nullable", Fate::Keep),
        ("enum", Fate::Keep),
        ("maxItems", Fate::Keep),
        ("minItems", Fate::Keep),
        ("properties", Fate::Keep),
        ("required", Fate::Keep),
        ("minProperties", Fate::Keep),
        ("maxProperties", Fate::Keep),
        ("minLength", Fate::Keep),
        ("maxLength", Fate::Keep),
        ("pattern", Fate::Keep),
        ("example", Fate::Keep),
        ("anyOf", Fate::Keep),
        ("propertyOrdering", Fate::Keep),
        ("default", Fate::Keep),
        ("items", Fate::Keep),
        ("minimum", Fate::Keep),
        ("maximum", Fate::Keep),
        ("propertyNames", MAPS),
        ("exclusiveMinimum", Fate::Describe),
        ("exclusiveMaximum", Fate::Describe),
        ("multipleOf", Fate::Describe),
        ("uniqueItems", Fate::Describe),
    ],
    [
        ("deprecated", Fate::Drop),
        ("$comment", Fate::Drop),
        ("readOnly", Fate::Drop),
        ("writeOnly", Fate::Drop),
    ],
);

const GEMINI: Caps = Caps {
    root_object: true,
    boolean_schemas: false,
    any_value: false,
    objects: Objects::NoKeyword,
    refs: Refs::Refuse,
    recursion: Recursion::Refused,
    nullable: Nullable::Keyword,
    one_of: OneOf::AnyOfWhenExclusive,
    all_of: AllOf::Refuse,
    tuples: Tuples::Refuse,
    const_as_enum: true,
    enum_values: EnumValues::Strings,
    infer_type: true,
    example: true,
    describe_not_const: true,
    drop_aliases: true,
    keywords: &GEMINI_KEYWORDS,
    default: UNSUPPORTED,
    ..SCHEMA_2020
};

const GEMINI_JSON_KEYWORDS: [(&str, Fate); 36] = concat(
    [
        ("$id", Fate::Keep),
        ("$anchor", Fate::Keep),
        ("type", Fate::Keep),
        ("format", Fate::Keep),
        ("title", Fate::Keep),
        ("description", Fate::Keep),
        ("enum", Fate::Keep),
        ("items", Fate::Keep),
        ("prefixItems", Fate::Keep),
        ("minItems", Fate::Keep),
        ("maxItems", Fate::Keep),
        ("minimum", Fate::Keep),
        ("maximum", Fate::Keep),
        ("anyOf", Fate::Keep),
        ("oneOf", Fate::Keep),
        ("properties", Fate::Keep),
        ("additionalProperties", Fate::Keep),
        ("required", Fate::Keep),
        ("propertyOrdering", Fate::Keep),
        ("pattern", Fate::Describe),
        ("exclusiveMinimum", Fate::Describe),
        ("exclusiveMaximum", Fate::Describe),
        ("multipleOf", Fate::Describe),
        ("propertyNames", Fate::Describe),
        ("uniqueItems", Fate::Describe),
        ("not", UNSUPPORTED),
    ],
    concat::<5, 5, 10>(LENGTHS, ANNOTATIONS_5),
);

const ANNOTATIONS_5: [(&str, Fate); 5] = [
    ("examples", Fate::Drop),
    ("deprecated", Fate::Drop),
    ("$comment", Fate::Drop),
    ("readOnly", Fate::Drop),
    ("writeOnly", Fate::Drop),
];

const GEMINI_JSON: Caps = Caps {
    root_object: true,
    recursion: Recursion::ThroughOptional,
    ref_siblings: RefSiblings::AnyOf,
    all_of: AllOf::Refuse,
    const_as_enum: true,
    enum_values: EnumValues::NotNull,
    tuples: Tuples::KeepOpen,
    keywords: &concat::<36, 1, 37>(GEMINI_JSON_KEYWORDS, [("default", Fate::Drop)]),
    default: UNSUPPORTED,
    ..SCHEMA_2020
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
    }
}

impl Caps {
    /// The fate of a keyword with no structural rule.
    pub(crate) fn fate(&self, key: &str) -> Fate {
        self.keywords
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(self.default, |(_, f)| *f)
    }
}
