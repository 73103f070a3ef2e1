//! Shape → typed schema model ([`crate::schema`]) → JSON Schema (2020-12),
//! per contract.
//!
//! The renderer walks a type's [`Shape`] and builds a [`Schema`] that knows
//! what serde does (which properties are optional and why, which names are
//! aliases, which parts came from a flatten, which alternatives exclude each
//! other); [`render`] prints it. By concern:
//!
//! - this file: the entry points, the walk over shapes, named types and
//!   their reuse (`$defs`);
//! - `objects`: structs, their fields, `flatten`, aliases;
//! - `enums`: the four enum representations;
//! - `keys`: map keys (`propertyNames`) and `$defs` names;
//! - `identity`: which named types are one type, and what serde's buffer
//!   reads differently;
//! - `build`: the small schemas everything is made of.
//!
//! # Inlining and `$defs`
//!
//! Types are inlined wherever they are used, except a type that contains
//! itself (it goes to `$defs` once, referenced with `$ref`), and, so that a
//! schema stays small when one type is used many times, a type used more
//! than once whose inline schema is larger than [`INLINE_BUDGET`] (a
//! type DAG, two fields of one type per level, would otherwise double the
//! schema at every level).

mod build;
mod builder;
mod enums;
mod identity;
pub(crate) mod inline;
mod keys;
mod objects;
#[cfg(test)]
mod tests;

pub(crate) use build::nullable;
#[cfg_attr(not(feature = "schemars"), allow(unused_imports))]
pub(crate) use keys::{decode_ref_segment, push_ref_segment};

use crate::Contract;
use crate::schema::{Keyword, NodeId, Role, Schema, Source, Type};
use crate::shape::{Body, IntRange, Named, SeqShape, Shape, StringShape};
use build::{Arena, ty, wire};
use identity::{FastMap, FastSet, Identities};
use serde_json::Value;

/// A type used more than once whose inline schema weighs more than this
/// (schema objects plus keywords, each some 20 bytes when printed: about
/// 10 KB) goes to `$defs` and is referenced with `$ref` instead of being
/// repeated. No type of the test corpus comes near it: common schemas stay
/// inline.
pub(crate) const INLINE_BUDGET: u64 = 512;

/// Renders the JSON Schema of `shape` for one contract, with the default
/// options. Uncached; the public entry is [`crate::settings::render`].
pub fn render(shape: &'static Shape, contract: Contract) -> Value {
    render_with(shape, contract, RenderOptions::default())
}

/// How to render (the public settings are [`crate::SchemaSettings`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct RenderOptions {
    /// Put every named struct and enum in `$defs` and refer to it with `$ref`
    /// (schemars-style reuse). Off by default: many MCP clients cannot resolve
    /// `$ref`, so toolform inlines everything that is not recursive (or
    /// too large to repeat: a type used more than once whose schema weighs
    /// more than 512 schema objects and keywords, about 10 KB, is
    /// referenced).
    pub(crate) defs: bool,
    /// Leave `alias` names out of input schemas: only the primary names,
    /// which serde always accepts. For readers that should not be offered
    /// two names for one field (models under provider dialects).
    pub(crate) primary_names_only: bool,
}

impl RenderOptions {
    /// Aliases left out (see [`RenderOptions::primary_names_only`]).
    #[cfg(test)]
    pub(crate) fn primary_names_only(mut self) -> Self {
        self.primary_names_only = true;
        self
    }
}

/// Renders with [`RenderOptions`]. Uncached.
pub(crate) fn render_with(
    shape: &'static Shape,
    contract: Contract,
    options: RenderOptions,
) -> Value {
    crate::schema::print_owned(model(shape, contract, options))
}

/// The typed schema of `shape` for one contract: what [`render_with`]
/// prints, with what the renderer knows about it (see [`crate::schema`]).
pub(crate) fn model(shape: &'static Shape, contract: Contract, options: RenderOptions) -> Schema {
    let mut renderer = Renderer {
        contract,
        all_defs: options.defs,
        no_aliases: options.primary_names_only,
        mode: Mode::Direct,
        ids: Identities::default(),
        root: None,
        stack: Vec::new(),
        recursive: FastSet::default(),
        def_keys: FastMap::default(),
        used_keys: Default::default(),
        defs: Vec::new(),
        done: FastMap::default(),
        reused: FastSet::default(),
        sensitive: FastMap::default(),
        out: Arena::new(),
    };
    if let Shape::Named(named) = shape {
        renderer.root = Some((renderer.ids.of(named), Mode::Direct));
    }
    renderer.reused = renderer.reused_named(shape);
    let mut root = renderer.node(shape);
    if !renderer.defs.is_empty() {
        let defs = std::mem::take(&mut renderer.defs);
        root = renderer
            .out
            .edit(root, |obj| obj.push(Keyword::Defs(defs), Source::Wire));
    }
    let mut schema = renderer.out.schema;
    schema.root = root;
    schema
}

/// Renders once per shape and contract and keeps the result for the life of the
/// process. Used for types whose derive cannot hold a `static` of its own
/// (generic types, std containers).
pub fn cached(shape: &'static Shape, contract: Contract) -> &'static Value {
    static CACHE: crate::memo::Memo<(usize, Contract), &'static Value> = crate::memo::Memo::new();
    let key = (shape as *const Shape as usize, contract);
    CACHE.leak(key, || render(shape, contract))
}

/// How serde reads the value at the current position (input contract; the
/// output contract is always `Direct`: serde writes every position as it
/// writes any other).
///
/// Where serde cannot know which field or variant a key belongs to before it
/// has seen the whole object (`flatten`, `untagged`, internally tagged
/// enums, adjacently tagged content that precedes its tag), it first reads
/// the value into its own buffer (`Content`) and then deserializes from the
/// buffer. The buffer is not serde_json: its map keys are strings, so a key
/// type serde_json parses from the key's text (integers, floats, booleans)
/// cannot be read, and it has no `u128`/`i128`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Mode {
    /// serde_json's own deserializer.
    Direct,
    /// serde's owned buffer (`ContentDeserializer`): the fields of a
    /// flattened struct, a flattened enum's variant, internally tagged
    /// content. It also reads `()` from `{}`, and a unit struct from `{}`
    /// and `[]`.
    Owned,
    /// serde's borrowed buffer (`ContentRefDeserializer`): untagged variants
    /// (and every variant of an enum with one), a flattened map's values.
    /// Also adjacently tagged content outside the owned buffer: serde reads
    /// it directly when the tag comes first and from its owned buffer when
    /// the content does; what both read is what this buffer reads (JSON
    /// Schema cannot see key order).
    Borrowed,
}

/// A named type as rendered at one position: its identity and the mode its
/// rendering depends on (`Direct` when it does not).
type Key = (usize, Mode);

struct Renderer {
    contract: Contract,
    /// Every named struct and enum goes to `$defs`.
    all_defs: bool,
    /// Aliases are not rendered.
    no_aliases: bool,
    /// How serde reads the current position.
    mode: Mode,
    /// Identities of the named types met in this run.
    ids: Identities,
    /// The root when the root is a named type: references to it are
    /// `{"$ref": "#"}`.
    root: Option<Key>,
    /// Named types being rendered, outermost first.
    stack: Vec<Key>,
    /// Named types found to contain themselves.
    recursive: FastSet<Key>,
    def_keys: FastMap<Key, String>,
    used_keys: std::collections::HashSet<String>,
    /// `$defs` entries, in the order they were completed.
    defs: Vec<(String, NodeId)>,
    /// Named types already rendered in this run (inline ones): a second use
    /// shares the first rendering instead of walking the type again.
    done: FastMap<Key, NodeId>,
    /// Named types (identities) used more than once in this document: the
    /// only ones worth keeping.
    reused: FastSet<usize>,
    /// Whether a named type (identity) renders differently in serde's
    /// buffer.
    sensitive: FastMap<usize, bool>,
    /// The nodes built so far.
    out: Arena,
}

impl Renderer {
    fn node(&mut self, shape: &'static Shape) -> NodeId {
        match shape {
            Shape::Any => self.out.any(),
            // `()`; also `PhantomData`, which serde's owned buffer reads from
            // `[]` as well (a unit struct): the schema offers the `()` forms.
            Shape::Null => self.unit(false),
            Shape::Bool => self.out.typed(Type::Boolean),
            // serde's buffer has no 128-bit integers ("u128 is not
            // supported"): nothing reads.
            Shape::Integer(range) if self.buffered() && is_wide(range) => self.out.nothing(),
            Shape::Integer(range) => self.out.integer(&json_range(range)),
            Shape::Number => match self.contract {
                Contract::Input => self.out.typed(Type::Number),
                Contract::Output => self.out.add(wire(
                    Role::Value,
                    [Keyword::Type(crate::schema::Types::Many(vec![
                        Type::Number,
                        Type::Null,
                    ]))],
                )),
            },
            Shape::String(s) => self.string(s),
            Shape::Option(inner) => {
                let inner = self.node(inner);
                self.out.nullable(inner)
            }
            Shape::Seq(seq) => self.seq(seq),
            Shape::Tuple(items) => {
                let items: Vec<NodeId> = items.iter().map(|s| self.node(s)).collect();
                self.out.tuple(items)
            }
            // The buffer's keys are strings, which serde cannot read as a
            // number or a boolean: only the empty map reads.
            Shape::Map(map) if self.buffered() && self.key_needs_parsing(map.key) => {
                self.out.empty_object()
            }
            Shape::Map(map) => {
                let mut obj = wire(Role::Value, [ty(Type::Object)]);
                if let Some(names) = self.property_names(map.key) {
                    obj.push(Keyword::PropertyNames(names), Source::Wire);
                }
                let value = self.node(map.value);
                obj.push(Keyword::AdditionalProperties(value), Source::Wire);
                self.out.add(obj)
            }
            Shape::Named(named) => self.named(named, false),
        }
    }

    /// Input read from serde's buffer (where keys are only strings).
    fn buffered(&self) -> bool {
        self.contract == Contract::Input && self.mode != Mode::Direct
    }

    /// Switches the mode serde reads in (input only), returning the old one.
    fn enter(&mut self, mode: Mode) -> Mode {
        let saved = self.mode;
        if self.contract == Contract::Input {
            self.mode = mode;
        }
        saved
    }

    /// `()` (`unit_struct`: a unit struct or `PhantomData`-like named unit):
    /// `null`, and from serde's owned buffer also `{}` (and `[]` for a unit
    /// struct).
    fn unit(&mut self, unit_struct: bool) -> NodeId {
        if self.contract == Contract::Input && self.mode == Mode::Owned {
            let no = self.out.boolean(false);
            let unit = self.out.add(wire(
                Role::Value,
                [
                    Keyword::Type(crate::schema::Types::Many(vec![Type::Null, Type::Object])),
                    Keyword::AdditionalProperties(no),
                ],
            ));
            if unit_struct {
                let empty = self
                    .out
                    .add(wire(Role::Value, [ty(Type::Array), Keyword::MaxItems(0)]));
                let alts = crate::schema::Alternatives {
                    nodes: vec![unit, empty],
                    exclusive: crate::schema::Exclusive::Yes(crate::schema::Why::Types),
                };
                self.out.add(wire(Role::Value, [Keyword::AnyOf(alts)]))
            } else {
                unit
            }
        } else {
            self.out.typed(Type::Null)
        }
    }

    /// A map key type serde_json parses from the key's text, which serde's
    /// buffer cannot (it hands the key over as a string).
    fn key_needs_parsing(&self, key: &'static Shape) -> bool {
        matches!(
            self.resolve(key),
            Shape::Integer(_) | Shape::Number | Shape::Bool
        )
    }

    /// The keywords of a string (its `type` first).
    fn string_keywords(&self, s: &StringShape) -> Vec<Keyword> {
        let mut out = vec![ty(Type::String)];
        out.extend(s.min_length.map(Keyword::MinLength));
        out.extend(s.max_length.map(Keyword::MaxLength));
        out.extend(s.format.map(|f| Keyword::Format(f.into())));
        let pattern = match self.contract {
            Contract::Input => s.input_pattern,
            Contract::Output => s.output_pattern,
        };
        out.extend(pattern.map(|p| Keyword::Pattern(p.into())));
        out
    }

    fn string(&mut self, s: &StringShape) -> NodeId {
        let keywords = self.string_keywords(s);
        self.out.add(wire(Role::Value, keywords))
    }

    fn seq(&mut self, seq: &SeqShape) -> NodeId {
        let items = self.node(seq.items);
        let mut obj = wire(Role::Value, [ty(Type::Array), Keyword::Items(items)]);
        if let Some(n) = seq.min_items {
            obj.push(Keyword::MinItems(n), Source::Wire);
        }
        if let Some(n) = seq.max_items {
            obj.push(Keyword::MaxItems(n), Source::Wire);
        }
        if seq.unique_on_output && self.contract == Contract::Output {
            obj.push(Keyword::UniqueItems(true), Source::Wire);
        }
        self.out.add(obj)
    }

    /// The key of a named type at the current position.
    fn key(&mut self, named: &'static Named) -> Key {
        let id = self.ids.of(named);
        let mode = if self.buffered() && self.is_sensitive(named) {
            self.mode
        } else {
            Mode::Direct
        };
        (id, mode)
    }

    /// A named type; `inline`: never as a `$defs` reference unless it is
    /// recursive (where its keys must be seen: flattened, beside a tag).
    fn named(&mut self, named: &'static Named, inline: bool) -> NodeId {
        let key = self.key(named);
        if self.stack.contains(&key) {
            self.recursive.insert(key);
            return self.reference(key);
        }
        if self.recursive.contains(&key) {
            // Already rendered into `$defs`.
            return self.reference(key);
        }
        let copies = !(inline && self.all_defs);
        if copies && let Some(&done) = self.done.get(&key) {
            return self.reuse(key, done, inline);
        }
        self.stack.push(key);
        let body = self.body(named.body());
        self.stack.pop();
        let body = self.out.annotate(body, named.title, named.description);
        if self.recursive.contains(&key) && self.root != Some(key) {
            self.define(key, body);
            return self.reference(key);
        }
        if self.all_defs
            && !inline
            && self.root != Some(key)
            && matches!(named.body(), Body::Struct(_) | Body::Enum(_))
        {
            self.define(key, body);
            let reference = self.reference(key);
            self.out.freeze(reference);
            self.done.insert(key, reference);
            return reference;
        }
        // References are absolute (`#/$defs/..` or `#`), so a rendering is
        // valid anywhere in this document.
        if copies && !self.stack.is_empty() && self.reused.contains(&key.0) {
            self.out.freeze(body);
            self.done.insert(key, body);
            return self.reuse(key, body, inline);
        }
        body
    }

    /// A rendering of a type used more than once: itself, or, when it is
    /// larger than [`INLINE_BUDGET`] and may be referenced here, a
    /// reference to its `$defs` entry.
    fn reuse(&mut self, key: Key, body: NodeId, inline: bool) -> NodeId {
        if inline || self.root == Some(key) || self.out.weight(body) <= INLINE_BUDGET {
            return body;
        }
        // A reference from `done` (every type in `$defs`) weighs little: it
        // is returned above.
        if !self.def_keys.contains_key(&key) {
            self.define(key, body);
        }
        self.reference(key)
    }

    /// Puts `body` into `$defs` under the type's name.
    fn define(&mut self, key: Key, body: NodeId) {
        self.out.freeze(body);
        let def = self.def_key(key);
        match self.defs.iter_mut().find(|(name, _)| *name == def) {
            Some(slot) => slot.1 = body,
            None => self.defs.push((def, body)),
        }
    }

    /// A shape rendered in place (see [`Renderer::named`]).
    fn inline(&mut self, shape: &'static Shape) -> NodeId {
        match shape {
            Shape::Named(named) => self.named(named, true),
            _ => self.node(shape),
        }
    }

    fn body(&mut self, body: &'static Body) -> NodeId {
        match body {
            Body::Packed(p) => self.body(p.body()),
            Body::Struct(s) => self.object(s),
            Body::Newtype(inner) | Body::Transparent(inner) => self.node(inner()),
            Body::Tuple(items) => {
                let items: Vec<NodeId> = items.iter().map(|f| self.node(f())).collect();
                self.out.tuple(items)
            }
            Body::Unit => self.unit(true),
            Body::Enum(e) => self.enumeration(e),
            Body::Convert(c) => match (self.contract, c.input, c.output) {
                (Contract::Input, Some(input), _) => self.node(input()),
                (Contract::Output, _, Some(output)) => self.node(output()),
                _ => self.body(c.body()),
            },
        }
    }

    fn reference(&mut self, key: Key) -> NodeId {
        let target = if self.root == Some(key) {
            "#".to_string()
        } else {
            keys::defs_ref(&self.def_key(key))
        };
        self.out.add(wire(Role::Value, [Keyword::Ref(target)]))
    }

    /// The `$defs` name of a type: its short name, numbered (`Tree_2`) when
    /// another type (or the same type read differently) has it already.
    fn def_key(&mut self, key: Key) -> String {
        if let Some(def) = self.def_keys.get(&key) {
            return def.clone();
        }
        let base = keys::short_type_name(self.ids.name(key.0));
        let mut def = base.clone();
        let mut n = 2;
        while self.used_keys.contains(&def) {
            def = format!("{base}_{n}");
            n += 1;
        }
        self.used_keys.insert(def.clone());
        self.def_keys.insert(key, def.clone());
        def
    }

    /// Follows newtypes, `transparent` and conversions (for this contract) to
    /// the shape on the wire.
    fn resolve(&self, shape: &'static Shape) -> &'static Shape {
        crate::shape::serde_read::resolve(shape, self.contract)
    }
}

/// `u128`, `i128` (and their `NonZero`s): the shape gives no bound.
fn is_wide(range: &IntRange) -> bool {
    range.max.is_none()
}

/// The range serde reads and writes through a `serde_json::Value`: a
/// 128-bit integer's own range is wider than a `Value` number (an `i64` or
/// a `u64`; beyond, `from_value` sees a float, which it refuses, and
/// `to_value` refuses to write one).
fn json_range(range: &IntRange) -> IntRange {
    IntRange {
        min: Some(range.min.unwrap_or(i64::MIN)),
        max: Some(range.max.unwrap_or(u64::MAX)),
        nonzero: range.nonzero,
    }
}
