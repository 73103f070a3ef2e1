//! The typed schema model: what sits between a [`Shape`](crate::shape::Shape)
//! and JSON.
//!
//! A [`Schema`] is a JSON Schema (2020-12) as typed data: an arena of
//! [`Node`]s, children referred to by [`NodeId`], so nothing here recurses on
//! the depth of a schema (building, walking, printing and dropping are loops
//! over the arena). Each object node is an ordered list of [`Entry`]s, one per
//! keyword in document order ([`Keyword`]: the vocabulary toolform uses,
//! typed; any other keyword, or a known keyword whose value does not have the
//! type the vocabulary gives it, is kept verbatim as [`Keyword::Other`] in its
//! place). [`print`] writes it back to JSON; [`parse`] reads any JSON into
//! it, total and iterative, so `print(&parse(x)) == x` byte for byte (object
//! key order is kept: serde_json's `preserve_order` is on).
//!
//! Beside the keywords, the model carries what the renderer knows and JSON
//! forgets, so that later stages (dialect lowerings, decoding, forms) never
//! guess it back from JSON:
//!
//! - per property ([`Property::info`]): whether it is optional on the
//!   contract and why ([`Presence`]), whether its name is an alias of another
//!   ([`PropertyInfo::alias_of`]), whether it came from a flattened field;
//! - per `anyOf`/`oneOf` ([`Alternatives::exclusive`]): whether the
//!   alternatives exclude each other and why (a tag with known values,
//!   distinct constants, distinct closed key sets), or may overlap (untagged);
//! - per keyword ([`Entry::source`]): whether the user declared it
//!   (`#[schema(...)]`, doc comments) or the type implies it (`u8`'s range);
//! - per object node ([`Object::role`]): which construct made it (an alias
//!   rule, a flattened part, the `null` an `Option` adds, ...).
//!
//! A schema parsed from foreign JSON knows none of this: every such field is
//! "unknown" ([`Presence::Unknown`], [`Exclusive::Unknown`],
//! [`Source::Unknown`], [`Role::Unknown`]), and the printer never looks at
//! it: two schemas that differ only in what they know print the same.
//!
//! JSON values the vocabulary holds as data (`const`, `enum`, `default`,
//! `examples`, unknown keywords) are [`Data`]: cloned, compared and dropped
//! without recursion, however deep.

mod data;
mod keyword;
pub(crate) use keyword::Children;
mod parse;
mod print;
#[cfg(test)]
mod tests;

pub(crate) use data::{Data, dispose};
pub(crate) use parse::parse;
pub(crate) use print::{print, print_owned};

use serde_json::{Number, Value};

/// Parses `value` as a schema and prints it back: the identity, byte for
/// byte, for every JSON value. For toolform's own tests of the model; not
/// part of the API.
#[doc(hidden)]
pub fn round_trip(value: &Value) -> Value {
    print(&parse(value))
}

/// A schema: its nodes, and the root among them.
///
/// Children are referred to by index ([`NodeId`]) into `nodes`. A node may
/// be referred to more than once (the printer copies it); a node that
/// refers back to itself through its children is never built by this crate
/// (the printer writes such a back edge as `true` rather than loop).
#[derive(Debug, Clone)]
pub(crate) struct Schema {
    /// Every node, in no particular order.
    pub nodes: Vec<Node>,
    /// The root node.
    pub root: NodeId,
}

/// The index of a [`Node`] in its [`Schema`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct NodeId(pub usize);

/// One schema: a boolean schema, an object schema, or (at the root only,
/// from [`parse`]) a JSON value that is not a schema at all.
#[derive(Debug, Clone)]
pub(crate) enum Node {
    /// `true` (anything) or `false` (nothing).
    Bool(bool),
    /// `{...}`: keywords in document order.
    Object(Object),
    /// A root that is neither a boolean nor an object (`parse(&json!(3))`),
    /// kept verbatim.
    Other(Data),
}

/// An object schema: its keywords in order, and why it exists.
#[derive(Debug, Clone, Default)]
pub(crate) struct Object {
    /// The keywords, in document order; no name twice.
    pub entries: Vec<Entry>,
    /// Which construct of the renderer made this node.
    pub role: Role,
}

/// One keyword of an object schema, and where it comes from.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    /// The keyword and its value.
    pub keyword: Keyword,
    /// Who asked for it.
    #[allow(dead_code)] // read by the dialect lowerings
    pub source: Source,
}

/// Where a keyword comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Source {
    /// Parsed from JSON: not known.
    #[default]
    Unknown,
    /// Implied by the type and serde's rules (`u8`'s `maximum`, `required`,
    /// `additionalProperties: false` of `deny_unknown_fields`).
    Wire,
    /// Declared by the user: `#[schema(...)]` constraints, doc comments,
    /// titles, a field's `default` value.
    Declared,
}

/// Which construct of the renderer made an object node.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) enum Role {
    /// Parsed from JSON: not known.
    #[default]
    Unknown,
    /// Nothing particular: the schema of a value.
    Value,
    /// The `{"anyOf": [x, {"type": "null"}]}` an `Option` wraps around `x`
    /// (when it cannot add `"null"` to `x`'s `type` in place).
    Nullable,
    /// The `{"type": "null"}` alternative of [`Role::Nullable`].
    Null,
    /// The rule that a field is given under one name at most (optional) or
    /// exactly one (required) of its primary name and its aliases.
    AliasRule {
        /// The primary name.
        primary: String,
    },
    /// A part merged into an object from a `#[serde(flatten)]` field (a
    /// flattened enum's alternatives, a flattened map's value schema).
    Flattened {
        /// The Rust name of the flattened field.
        field: &'static str,
    },
    /// One alternative of an enum: the variant it describes.
    Variant {
        /// The Rust name of the variant.
        rust_name: &'static str,
    },
    /// The schema of an enum's tag value.
    Tag,
}

/// A keyword of the JSON Schema 2020-12 vocabulary, typed, or any other
/// keyword verbatim.
///
/// A known keyword whose value does not have the vocabulary's type
/// (`"minimum": "3"`, `"minLength": 1.0`, `"required": [1]`) is kept as
/// [`Keyword::Other`], so that printing gives back exactly what was parsed.
#[derive(Debug, Clone)]
pub(crate) enum Keyword {
    /// `$schema`.
    SchemaUri(String),
    /// `$id`.
    Id(String),
    /// `$comment`.
    Comment(String),
    /// `$ref`.
    Ref(String),
    /// `$defs`.
    Defs(Vec<(String, NodeId)>),
    /// `definitions` (draft-07's `$defs`).
    Definitions(Vec<(String, NodeId)>),
    /// `title`.
    Title(String),
    /// `description`.
    Description(String),
    /// `default`.
    Default(Data),
    /// `examples`.
    Examples(Vec<Data>),
    /// `deprecated`.
    Deprecated(bool),
    /// `readOnly`.
    ReadOnly(bool),
    /// `writeOnly`.
    WriteOnly(bool),
    /// `type`.
    Type(Types),
    /// `const`.
    Const(Data),
    /// `enum`.
    Enum(Vec<Data>),
    /// `minimum`.
    Minimum(Number),
    /// `maximum`.
    Maximum(Number),
    /// `exclusiveMinimum` (a number, as in 2020-12).
    ExclusiveMinimum(Number),
    /// `exclusiveMaximum` (a number, as in 2020-12).
    ExclusiveMaximum(Number),
    /// `multipleOf`.
    MultipleOf(Number),
    /// `minLength`.
    MinLength(u64),
    /// `maxLength`.
    MaxLength(u64),
    /// `pattern`.
    Pattern(String),
    /// `format`.
    Format(String),
    /// `items` with a schema.
    Items(NodeId),
    /// `items` with an array of schemas (draft-07's tuples).
    ItemsArray(Vec<NodeId>),
    /// `additionalItems` (draft-07).
    AdditionalItems(NodeId),
    /// `prefixItems`.
    PrefixItems(Vec<NodeId>),
    /// `contains`.
    Contains(NodeId),
    /// `minContains`.
    MinContains(u64),
    /// `maxContains`.
    MaxContains(u64),
    /// `minItems`.
    MinItems(u64),
    /// `maxItems`.
    MaxItems(u64),
    /// `uniqueItems`.
    UniqueItems(bool),
    /// `unevaluatedItems`.
    UnevaluatedItems(NodeId),
    /// `properties`, in order.
    Properties(Vec<Property>),
    /// `required`, in order.
    Required(Vec<String>),
    /// `additionalProperties`.
    AdditionalProperties(NodeId),
    /// `unevaluatedProperties`.
    UnevaluatedProperties(NodeId),
    /// `propertyNames`.
    PropertyNames(NodeId),
    /// `patternProperties`, in order.
    PatternProperties(Vec<(String, NodeId)>),
    /// `minProperties`.
    MinProperties(u64),
    /// `maxProperties`.
    MaxProperties(u64),
    /// `dependentRequired`, in order.
    DependentRequired(Vec<(String, Vec<String>)>),
    /// `dependentSchemas`, in order.
    DependentSchemas(Vec<(String, NodeId)>),
    /// `anyOf`.
    AnyOf(Alternatives),
    /// `oneOf`.
    OneOf(Alternatives),
    /// `allOf`.
    AllOf(Vec<NodeId>),
    /// `not`.
    Not(NodeId),
    /// `if`.
    If(NodeId),
    /// `then`.
    Then(NodeId),
    /// `else`.
    Else(NodeId),
    /// Any other keyword (`x-*`, `$anchor`, `nullable`, ...), or a known
    /// keyword with a value of another type than the vocabulary's: kept
    /// verbatim, as data (never walked as a schema).
    Other(String, Data),
}

/// The value of `type`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Types {
    /// `"type": "string"`.
    One(Type),
    /// `"type": ["string", "null"]` (written as an array even with one
    /// member).
    Many(Vec<Type>),
}

/// A JSON Schema type name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Type {
    /// `null`.
    Null,
    /// `boolean`.
    Boolean,
    /// `object`.
    Object,
    /// `array`.
    Array,
    /// `number`.
    Number,
    /// `integer`.
    Integer,
    /// `string`.
    String,
}

impl Type {
    /// Its name in JSON Schema.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Type::Null => "null",
            Type::Boolean => "boolean",
            Type::Object => "object",
            Type::Array => "array",
            Type::Number => "number",
            Type::Integer => "integer",
            Type::String => "string",
        }
    }

    /// The type of a name, if it is one.
    pub(crate) fn from_name(name: &str) -> Option<Type> {
        Some(match name {
            "null" => Type::Null,
            "boolean" => Type::Boolean,
            "object" => Type::Object,
            "array" => Type::Array,
            "number" => Type::Number,
            "integer" => Type::Integer,
            "string" => Type::String,
            _ => return None,
        })
    }
}

impl Types {
    /// The member types, in order.
    pub(crate) fn as_slice(&self) -> &[Type] {
        match self {
            Types::One(t) => std::slice::from_ref(t),
            Types::Many(ts) => ts,
        }
    }
}

/// One entry of `properties`.
#[derive(Debug, Clone)]
pub(crate) struct Property {
    /// The key.
    pub name: String,
    /// Its schema.
    pub schema: NodeId,
    /// What the renderer knows about it.
    pub info: PropertyInfo,
}

/// What the renderer knows about a property (all unknown when parsed).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct PropertyInfo {
    /// Whether the key must be present on this contract, and why not.
    pub presence: Presence,
    /// The primary name when this key is an `alias` of it (input only).
    pub alias_of: Option<String>,
    /// The Rust name of the `#[serde(flatten)]` field the key came from, when
    /// it came from one (the key of a flattened struct's field).
    pub flattened_from: Option<&'static str>,
}

/// Whether a property must be present, and why it need not be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Presence {
    /// Parsed from JSON: not known (see `required`).
    #[default]
    Unknown,
    /// Always present: serde requires it (input) or always writes it
    /// (output).
    Required,
    /// May be absent.
    Optional(Optional),
}

/// Why a property may be absent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Optional {
    /// Input: `#[serde(default)]` (on the field or the container).
    Default,
    /// Input: the field is an `Option` (serde reads a missing one as
    /// `None`).
    MissingIsNone,
    /// Output: `skip_serializing_if` may leave it out.
    SkipSerializingIf,
    /// Output: `skip_serializing_if = "Option::is_none"`: absent exactly
    /// when it would be `null`.
    SkipIfNone,
    /// The key of a flattened `Option` (written only when `Some`).
    FlattenedOption,
    /// One of several names of one field (an `alias`): the alias rule
    /// requires one of them when the field is required.
    Alias,
    /// Input: the content of an adjacently tagged unit variant (serde
    /// reads it missing or `null`).
    UnitContent,
}

/// The alternatives of an `anyOf` or `oneOf`, and whether they exclude each
/// other.
#[derive(Debug, Clone)]
pub(crate) struct Alternatives {
    /// The alternatives, in order.
    pub nodes: Vec<NodeId>,
    /// Whether no value satisfies two of them, and why.
    #[allow(dead_code)] // read by the dialect lowerings
    pub exclusive: Exclusive,
}

/// Whether the alternatives of an `anyOf`/`oneOf` exclude each other.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) enum Exclusive {
    /// Parsed from JSON: not known.
    #[default]
    Unknown,
    /// No value satisfies two alternatives (so `oneOf` and `anyOf` mean the
    /// same).
    Yes(Why),
    /// A value may satisfy more than one alternative.
    No(Overlap),
}

/// Why alternatives exclude each other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Why {
    /// Every alternative is an object with a required tag property of
    /// known, distinct values (internally and adjacently tagged enums).
    Tag {
        /// The tag key.
        key: String,
    },
    /// Every alternative is a distinct constant (unit variants).
    Constants,
    /// Every alternative is a closed object requiring a key the others do
    /// not allow (externally tagged enums).
    ClosedKeys,
    /// Alternatives of distinct types (`x` and the `null` of an `Option`).
    Types,
}

/// Why alternatives may overlap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Overlap {
    /// An untagged enum (or untagged variants): serde takes the first that
    /// reads.
    Untagged,
    /// Several forms of one variant.
    Forms,
    /// The names of one field: a document carrying two of them satisfies
    /// both (and `oneOf` refuses it, as serde does).
    AliasNames,
    /// Keys a flattened enum adds to an object.
    Flattened,
}

impl Schema {
    /// The node at `id`, if there is one.
    pub(crate) fn get(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.0)
    }

    /// Adds a node, returning its id.
    pub(crate) fn push(&mut self, node: Node) -> NodeId {
        self.nodes.push(node);
        NodeId(self.nodes.len() - 1)
    }
}

impl Object {
    /// An empty object schema made by `role`.
    pub(crate) fn new(role: Role) -> Object {
        Object {
            entries: Vec::new(),
            role,
        }
    }

    /// Appends a keyword.
    pub(crate) fn push(&mut self, keyword: Keyword, source: Source) {
        self.entries.push(Entry { keyword, source });
    }

    /// The first keyword named `name`.
    pub(crate) fn get(&self, name: &str) -> Option<&Keyword> {
        self.entries
            .iter()
            .map(|e| &e.keyword)
            .find(|k| k.name() == name)
    }
}
