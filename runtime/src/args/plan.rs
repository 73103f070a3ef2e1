//! The input schema as rules over values: the renderer's schema for the
//! Input contract (required-ness, aliases, flatten, closedness, enum
//! representations), kept as typed rules instead of JSON so a walk knows
//! which field and variant it is in. Both ask
//! [`serde_read`](crate::shape::serde_read) how serde reads a shape.
//!
//! Struct and enum bodies are compiled once per `&'static` node and leaked
//! (like rendered schemas); everything else is checked straight from the
//! [`Shape`]. Field types stay lazy ([`Rule::Shape`]), so recursive types
//! compile in one step each; only `flatten` and internally tagged newtype
//! variants compile another body eagerly, and a cycle through those is cut
//! the way the renderer cuts it (a reference to the whole type).

pub(crate) use super::form::{FormOptions, Leaf};
use crate::Contract;
use crate::memo::Memo;
use crate::shape::serde_read::{self, AdjacentContent, Flattened, Variants};
use crate::shape::{Body, Constraints, Enum, Named, Repr, Shape, Struct, Variant, VariantBody};
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;

mod enums;
mod objects;

use enums::*;
use objects::*;

/// One schema, as the walk checks it.
#[derive(Debug, Clone)]
pub(crate) enum Rule {
    /// `{"not": {}}`: nothing matches.
    Nothing,
    /// `{"type": "null"}`.
    Null,
    /// `{"type": "string"}`.
    AnyString,
    /// `{"const": name}` or `{"enum": names}` (strings).
    Names(Vec<&'static str>),
    /// `{"type": "string", "not": {"enum": names}}`: `#[serde(other)]`.
    OtherName(Vec<&'static str>),
    /// The schema of a shape.
    Shape(&'static Shape),
    /// A field's schema: its shape with the declared constraints.
    Field(&'static Shape, &'static Constraints),
    /// `prefixItems`, exact length.
    Tuple(Vec<Rule>),
    /// An object built here (enum alternatives, merged bodies).
    Object(Box<ObjectPlan>),
    /// A struct's own compiled object.
    Plan(&'static ObjectPlan),
    /// A form field's value: a grammar property lowered (forms only).
    Leaf(Box<Leaf>),
    /// Exactly one alternative (tagged enums: the tag picks it).
    OneOf(Vec<Rule>, Hint),
    /// serde's pick among alternatives: the first that serde's type-level
    /// reading accepts, held to its declared constraints (untagged enums,
    /// `#[serde(untagged)]` variants after the tagged ones, a flattened
    /// `Option`); with [`Hint::Keys`], the variant the first key naming one
    /// picks (a flattened externally tagged enum). The schema says `anyOf`.
    AnyOf(Vec<Rule>, Hint),
    /// Every rule.
    AllOf(Vec<Rule>),
    /// A field read under several names: exactly one of them (required) or
    /// at most one (optional).
    Aliases {
        /// The primary name first, then the aliases.
        names: Vec<&'static str>,
        /// The field may be missing.
        optional: bool,
    },
}

/// What the alternatives of an enum have in common, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Hint {
    /// Nothing known.
    None,
    /// Externally tagged variants: a name, or an object with one key.
    External,
    /// Objects told apart by this key.
    Tag(&'static str),
    /// A flattened externally tagged enum: serde reads the variant the
    /// object's first key naming one picks.
    Keys,
}

/// A property name: `'static` from a shape, owned when read from a gated
/// form schema.
pub(crate) type Name = Cow<'static, str>;

/// An object schema: `properties`, `required`, extra rules on the whole
/// object, the rules extra keys must meet, closedness.
#[derive(Debug, Clone, Default)]
pub(crate) struct ObjectPlan {
    /// `"type": "object"` is part of the schema (it is not for the
    /// alternatives of a flattened externally tagged enum).
    pub typed: bool,
    /// Each property with every rule its value must meet.
    pub properties: Vec<(Name, Vec<Rule>)>,
    /// Properties by name, for large objects.
    pub index: Option<HashMap<Name, usize>>,
    /// `required`.
    pub required: Vec<Name>,
    /// Rules on the whole object (`allOf`).
    pub constraints: Vec<Rule>,
    /// Rules every key not in `properties` must meet (`additionalProperties`
    /// from flattened maps); empty: any value.
    pub additional: Vec<Rule>,
    /// `additionalProperties: false`.
    pub closed: bool,
    /// What picks this object among enum alternatives.
    pub discriminant: Option<Discriminant>,
    /// How serde also reads this object from an array (the schema does
    /// not say it; the walk uses it only to follow serde's pick).
    pub seq: Option<SeqRead>,
    /// A tagged variant's index among the enum's tagged variants: serde
    /// also reads the tag as this integer (the schema does not say it).
    pub tag_index: Option<u64>,
    /// An elicitation form: its differences from a tool's arguments (field
    /// order, the form's defaults, messages naming aliases).
    pub form: Option<Box<FormOptions>>,
}

/// How serde reads a struct from an array: its fields in declaration order.
#[derive(Debug, Clone, Copy)]
pub(crate) enum SeqRead {
    /// The struct's fields.
    Fields(&'static Struct),
    /// An internally tagged struct variant: the tag (under this key's
    /// rules), then the fields.
    TagThenFields(&'static str, &'static Struct),
}

/// What picks an object among the alternatives of an enum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Discriminant {
    /// An externally tagged variant: the object has this key.
    Key(&'static str),
    /// A tagged variant: the value under this key meets the property's rule.
    Tag(&'static str),
}

impl ObjectPlan {
    /// The rules of a property, if the object names it.
    pub fn property(&self, key: &str) -> Option<&[Rule]> {
        self.position(key)
            .and_then(|i| self.properties.get(i))
            .map(|(_, r)| r.as_slice())
    }

    /// Where the object lists `key`.
    pub fn position(&self, key: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(key).copied(),
            None => self.properties.iter().position(|(name, _)| name == key),
        }
    }

    /// The names this object lists, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.properties.iter().map(|(name, _)| name.as_ref())
    }

    /// Builds the name index when the object is large.
    pub fn indexed(mut self) -> Self {
        self.index = (self.properties.len() > 12).then(|| {
            self.properties
                .iter()
                .enumerate()
                .map(|(i, (name, _))| (name.clone(), i))
                .collect()
        });
        self
    }
}

/// The object a struct deserializes from, compiled once.
pub(crate) fn struct_plan(s: &'static Struct) -> &'static ObjectPlan {
    static CACHE: Memo<usize, &'static ObjectPlan> = Memo::new();
    CACHE.leak(s as *const Struct as usize, || object(s))
}

/// The rule of an enum, compiled once.
pub(crate) fn enum_rule(e: &'static Enum) -> &'static Rule {
    static CACHE: Memo<usize, &'static Rule> = Memo::new();
    CACHE.leak(e as *const Enum as usize, || enumeration(e))
}

/// Follows newtypes, `transparent` and `from` conversions to the shape on the
/// wire ([`serde_read::resolve`] for the Input contract).
pub(crate) fn resolve(shape: &'static Shape) -> &'static Shape {
    serde_read::resolve(shape, Contract::Input)
}
