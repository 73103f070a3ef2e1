//! The fast path after serde has read the value: only the constraints a type
//! declares with `#[schema(...)]` (serde enforces the rest), and only where
//! the shape has some.
//!
//! Per root shape, a small program is compiled once: one node per shape that
//! leads to a declared constraint, each field's check ready (its pattern
//! compiled, its length keyword chosen), children by index, so the walk
//! does no lookups. It answers yes or no; on no, the whole-schema walk names
//! the violations. Where serde's reading is not a plain lookup (enums,
//! flattened fields, an array read as a struct), the whole-schema walk
//! decides that sub-value, so the verdict stays the schema's.

use super::check::{LengthOf, Walk, compare};
use super::formats;
use super::pattern::{self, Pattern};
use super::plan;
use crate::shape::{Body, Constraints, Named, Shape, Struct, VariantBody};
use serde_json::Value;
use std::cell::Cell;
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

/// What the fast path needs to know about a root shape, computed once.
#[derive(Clone, Copy)]
pub(crate) struct Fast {
    /// serde's descent into a value of this shape is bounded by the shape
    /// itself (at most [`MAX_DEPTH`](super::MAX_DEPTH) levels): no `Value`
    /// fields, no buffered content (untagged, internally or adjacently
    /// tagged enums, `flatten`), no `deserialize_with`, no recursion. Such a
    /// value needs no depth check: serde never looks deeper than the shape.
    pub bounded: bool,
    /// The declared-constraint check; `None` when nothing reachable declares
    /// one.
    pub program: Option<&'static Program>,
    /// An untagged enum (or an enum with `#[serde(untagged)]` variants) is
    /// reachable: serde may retry alternatives on its buffered copy of the
    /// value, so its work is estimated before it runs.
    pub retries: bool,
}

/// The fast-path facts of `shape`, cached by address.
#[inline]
pub(crate) fn fast(shape: &'static Shape) -> Fast {
    let key = shape as *const Shape as usize;
    let (k, found) = LAST.with(Cell::get);
    if k == key {
        return found;
    }
    fast_slow(shape, key)
}

thread_local! {
    // The shape this thread asked about last (0: none): no lock on a repeat.
    static LAST: Cell<(usize, Fast)> = const {
        Cell::new((0, Fast { bounded: false, program: None, retries: false }))
    };
}

#[cold]
#[inline(never)]
fn fast_slow(shape: &'static Shape, key: usize) -> Fast {
    static CACHE: crate::memo::Memo<usize, Fast> = crate::memo::Memo::new();
    let found = CACHE.get_or(key, || Fast {
        bounded: serde_depth(shape, &mut Vec::new()).is_some_and(|d| d <= super::MAX_DEPTH),
        program: Program::build(shape),
        retries: reaches_untagged(shape),
    });
    LAST.with(|last| last.set((key, found)));
    found
}

/// How many levels of arrays and objects serde may descend into when it
/// reads `shape` from a `&Value`; `None` when the value itself decides
/// (`Value` fields, buffered content, custom functions, recursion).
fn serde_depth(shape: &'static Shape, stack: &mut Vec<usize>) -> Option<usize> {
    if stack.len() > super::MAX_DEPTH {
        return None;
    }
    match shape {
        Shape::Any => None,
        Shape::Null | Shape::Bool | Shape::Integer(_) | Shape::Number | Shape::String(_) => Some(0),
        Shape::Option(inner) => serde_depth(inner, stack),
        Shape::Seq(seq) => serde_depth(seq.items, stack).map(|d| d + 1),
        Shape::Tuple(items) => deepest(items.iter().copied(), stack).map(|d| d + 1),
        // Keys are read from strings.
        Shape::Map(map) => serde_depth(map.value, stack).map(|d| d + 1),
        Shape::Named(named) => {
            let key = *named as *const Named as usize;
            if stack.contains(&key) {
                return None;
            }
            stack.push(key);
            let d = body_depth(named.body(), stack);
            stack.pop();
            d
        }
    }
}

fn deepest(shapes: impl Iterator<Item = &'static Shape>, stack: &mut Vec<usize>) -> Option<usize> {
    let mut max = 0;
    for s in shapes {
        max = max.max(serde_depth(s, stack)?);
    }
    Some(max)
}

fn body_depth(body: &'static Body, stack: &mut Vec<usize>) -> Option<usize> {
    match body {
        Body::Packed(p) => body_depth(p.body(), stack),
        Body::Struct(s) => struct_depth(s, stack),
        Body::Newtype(inner) | Body::Transparent(inner) => serde_depth(inner(), stack),
        Body::Tuple(items) => deepest(items.iter().map(|f| f()), stack).map(|d| d + 1),
        Body::Unit => Some(0),
        Body::Enum(e) => {
            let live = e.variants.iter().filter(|v| v.de_name.is_some());
            if !matches!(e.repr, crate::shape::Repr::External) {
                return None;
            }
            let mut max = 0;
            for v in live {
                if v.untagged {
                    return None;
                }
                let content = match v.body {
                    VariantBody::Unit => 0,
                    VariantBody::Newtype(inner) => serde_depth(inner(), stack)?,
                    VariantBody::Tuple(items) => deepest(items.iter().map(|f| f()), stack)? + 1,
                    VariantBody::Struct(s) => struct_depth(s, stack)?,
                };
                max = max.max(content);
            }
            // `{"Variant": content}`.
            Some(max + 1)
        }
        Body::Convert(c) => match c.input {
            Some(input) => serde_depth(input(), stack),
            None => body_depth(c.body(), stack),
        },
    }
}

fn struct_depth(s: &'static Struct, stack: &mut Vec<usize>) -> Option<usize> {
    let mut max = 0;
    for f in s.fields.iter().filter(|f| f.de_name.is_some()) {
        if f.flatten || f.deserialize_with {
            return None;
        }
        max = max.max(serde_depth((f.shape)(), stack)?);
    }
    Some(max + 1)
}

/// Nodes by index; node 0 checks nothing.
pub(crate) struct Program {
    nodes: Vec<Node>,
}

enum Node {
    /// Nothing declared below.
    Skip,
    Option(usize),
    /// The same value, read as another shape (newtypes, conversions).
    Same(usize),
    Seq(&'static Shape, usize),
    Tuple(&'static Shape, Vec<usize>),
    Map(&'static Shape, usize),
    Struct(&'static Shape, Vec<FieldCheck>),
    /// The whole-schema walk decides.
    Full(&'static Shape),
}

struct FieldCheck {
    name: &'static str,
    aliases: &'static [&'static str],
    own: Option<Check>,
    child: usize,
}

/// A field's declared constraints, ready to apply.
struct Check {
    c: &'static Constraints,
    length: LengthOf,
    pattern: Option<Result<&'static Pattern, &'static str>>,
    /// `items(..)` on an array, `values(..)` on a map: the check of each.
    each: Option<Box<Check>>,
}

impl Program {
    fn build(root: &'static Shape) -> Option<&'static Program> {
        if !has_declared(root) {
            return None;
        }
        let mut builder = Builder {
            nodes: vec![Node::Skip],
            index: HashMap::new(),
        };
        builder.node(root);
        Some(Box::leak(Box::new(Program {
            nodes: builder.nodes,
        })))
    }

    /// Whether `value`, which serde read, meets every declared constraint
    /// (node 1 is the root).
    pub(crate) fn holds(&self, value: &Value) -> bool {
        self.run(1, value)
    }

    fn run(&self, node: usize, value: &Value) -> bool {
        let Some(node) = self.nodes.get(node) else {
            return true;
        };
        match node {
            Node::Skip => true,
            Node::Option(child) => value.is_null() || self.run(*child, value),
            Node::Same(child) => self.run(*child, value),
            Node::Seq(shape, child) => match value {
                Value::Array(items) => items.iter().all(|v| self.run(*child, v)),
                _ => full(shape, value),
            },
            Node::Tuple(shape, children) => match value {
                Value::Array(items) => children.iter().zip(items).all(|(c, v)| self.run(*c, v)),
                _ => full(shape, value),
            },
            Node::Map(shape, child) => match value {
                Value::Object(map) => map.values().all(|v| self.run(*child, v)),
                _ => full(shape, value),
            },
            // One pass over the keys, each compared with the few fields that
            // matter (cheaper than hashing every field name; linear in the
            // object whatever its size). serde refused duplicates, so each
            // field is found at most once.
            Node::Struct(shape, fields) => match value {
                Value::Object(map) => map.iter().all(|(key, v)| {
                    let key = key.as_str();
                    match fields
                        .iter()
                        .find(|f| f.name == key || f.aliases.contains(&key))
                    {
                        None => true,
                        Some(f) => {
                            f.own.as_ref().is_none_or(|c| c.holds(v)) && self.run(f.child, v)
                        }
                    }
                }),
                _ => full(shape, value),
            },
            Node::Full(shape) => full(shape, value),
        }
    }
}

fn full(shape: &'static Shape, value: &Value) -> bool {
    Walk::new().shape_matches(shape, value)
}

impl Check {
    fn new(shape: &'static Shape, c: &'static Constraints) -> Check {
        let mut leaf = plan::resolve(shape);
        while let Shape::Option(inner) = leaf {
            leaf = plan::resolve(inner);
        }
        let length = match leaf {
            Shape::Seq(_) | Shape::Tuple(_) => LengthOf::Items,
            Shape::Map(_) => LengthOf::Entries,
            _ => LengthOf::Chars,
        };
        let each = match (leaf, c.items, c.values) {
            (Shape::Seq(seq), Some(items), _) => Some(Box::new(Check::new(seq.items, items))),
            (Shape::Map(map), _, Some(values)) => Some(Box::new(Check::new(map.value, values))),
            _ => None,
        };
        Check {
            c,
            length,
            pattern: c.pattern.map(pattern::compiled),
            each,
        }
    }

    /// Each keyword applies to the JSON type it is about; `null` meets all.
    fn holds(&self, value: &Value) -> bool {
        let c = self.c;
        match value {
            Value::String(s) => {
                if self.length == LengthOf::Chars && !length_ok(s, c.min_length, c.max_length) {
                    return false;
                }
                let pattern_ok = match self.pattern {
                    None => true,
                    Some(Ok(p)) => p.is_match(s),
                    Some(Err(_)) => false,
                };
                pattern_ok
                    && c.format
                        .is_none_or(|f| formats::is_valid(f, s) != Some(false))
            }
            Value::Number(n) => {
                c.minimum.is_none_or(|b| compare(n, b) != Ordering::Less)
                    && c.maximum.is_none_or(|b| compare(n, b) != Ordering::Greater)
            }
            Value::Array(items) if self.length == LengthOf::Items => {
                count_ok(items.len(), c.min_length, c.max_length)
                    && self
                        .each
                        .as_ref()
                        .is_none_or(|each| items.iter().all(|v| each.holds(v)))
            }
            Value::Object(map) if self.length == LengthOf::Entries => {
                count_ok(map.len(), c.min_length, c.max_length)
                    && self
                        .each
                        .as_ref()
                        .is_none_or(|each| map.values().all(|v| each.holds(v)))
            }
            _ => true,
        }
    }
}

/// Length in code points, counted only when the byte length cannot decide.
fn length_ok(s: &str, min: Option<u64>, max: Option<u64>) -> bool {
    let bytes = s.len() as u64;
    let sure = min.is_none_or(|m| bytes / 4 >= m) && max.is_none_or(|m| bytes <= m);
    sure || count_ok(s.chars().count(), min, max)
}

fn count_ok(n: usize, min: Option<u64>, max: Option<u64>) -> bool {
    let n = n as u64;
    min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m)
}

struct Builder {
    nodes: Vec<Node>,
    /// Shape address -> node, so recursive types point back.
    index: HashMap<usize, usize>,
}

impl Builder {
    fn node(&mut self, shape: &'static Shape) -> usize {
        if !has_declared(shape) {
            return 0;
        }
        let key = shape as *const Shape as usize;
        if let Some(&at) = self.index.get(&key) {
            return at;
        }
        let at = self.nodes.len();
        self.nodes.push(Node::Skip);
        self.index.insert(key, at);
        let node = match shape {
            Shape::Option(inner) => Node::Option(self.node(inner)),
            Shape::Seq(seq) => Node::Seq(shape, self.node(seq.items)),
            Shape::Tuple(items) => Node::Tuple(shape, items.iter().map(|s| self.node(s)).collect()),
            Shape::Map(map) => Node::Map(shape, self.node(map.value)),
            Shape::Named(named) => self.body(shape, named.body()),
            _ => Node::Skip,
        };
        if let Some(slot) = self.nodes.get_mut(at) {
            *slot = node;
        }
        at
    }

    fn body(&mut self, shape: &'static Shape, body: &'static Body) -> Node {
        match body {
            Body::Packed(p) => self.body(shape, p.body()),
            Body::Struct(s) => self.structure(shape, s),
            // The same value, read as the inner type.
            Body::Newtype(inner) | Body::Transparent(inner) => Node::Same(self.node(inner())),
            Body::Tuple(items) => {
                Node::Tuple(shape, items.iter().map(|f| self.node(f())).collect())
            }
            Body::Unit => Node::Skip,
            Body::Convert(c) => match c.input {
                Some(input) => Node::Same(self.node(input())),
                None => self.body(shape, c.body()),
            },
            // Which variant serde took is the schema's question: ask it.
            Body::Enum(_) => Node::Full(shape),
        }
    }

    fn structure(&mut self, shape: &'static Shape, s: &'static Struct) -> Node {
        if s.fields.iter().any(|f| f.flatten && f.de_name.is_some()) {
            return Node::Full(shape);
        }
        let mut fields = Vec::new();
        for f in s.fields {
            let Some(name) = f.de_name else { continue };
            let field_shape = (f.shape)();
            let own = f
                .constraints
                .filter(|c| validates(c))
                .map(|c| Check::new(field_shape, c));
            let child = self.node(field_shape);
            if own.is_some() || child != 0 {
                fields.push(FieldCheck {
                    name,
                    aliases: f.aliases,
                    own,
                    child,
                });
            }
        }
        Node::Struct(shape, fields)
    }
}

/// Whether declared constraints say anything a value can break (`example`
/// and `deprecated` do not), themselves or on their items or values.
fn validates(c: &Constraints) -> bool {
    c.min_length.is_some()
        || c.max_length.is_some()
        || c.minimum.is_some()
        || c.maximum.is_some()
        || c.pattern.is_some()
        || c.format.is_some()
        || c.items.is_some_and(validates)
        || c.values.is_some_and(validates)
}

/// Whether any field reachable from `shape` (as serde reads it) declares a
/// constraint a value can break: depth-first over the shape graph, each node
/// once (recursive types end). Cached by address.
fn has_declared(shape: &'static Shape) -> bool {
    static CACHE: crate::memo::Memo<usize, bool> = crate::memo::Memo::new();
    CACHE.get_or(shape as *const Shape as usize, || search(shape))
}

fn search(root: &'static Shape) -> bool {
    let mut seen: HashSet<usize> = HashSet::new();
    let mut stack = vec![root];
    while let Some(shape) = stack.pop() {
        if !seen.insert(shape as *const Shape as usize) {
            continue;
        }
        match shape {
            Shape::Option(inner) => stack.push(inner),
            Shape::Seq(seq) => stack.push(seq.items),
            Shape::Tuple(items) => stack.extend(items.iter().copied()),
            Shape::Map(map) => stack.push(map.value),
            Shape::Named(named) if body_declares(named.body(), &mut stack) => return true,
            _ => {}
        }
    }
    false
}

/// Pushes what `body` reads; `true` when one of its fields declares a
/// constraint.
fn body_declares(body: &'static Body, stack: &mut Vec<&'static Shape>) -> bool {
    match body {
        Body::Packed(p) => body_declares(p.body(), stack),
        Body::Struct(s) => fields_declare(s, stack),
        Body::Newtype(inner) | Body::Transparent(inner) => {
            stack.push(inner());
            false
        }
        Body::Tuple(items) => {
            stack.extend(items.iter().map(|f| f()));
            false
        }
        Body::Unit => false,
        Body::Enum(e) => e
            .variants
            .iter()
            .filter(|v| v.de_name.is_some())
            .any(|v| match v.body {
                VariantBody::Unit => false,
                VariantBody::Newtype(inner) => {
                    stack.push(inner());
                    false
                }
                VariantBody::Tuple(items) => {
                    stack.extend(items.iter().map(|f| f()));
                    false
                }
                VariantBody::Struct(s) => fields_declare(s, stack),
            }),
        Body::Convert(c) => match c.input {
            Some(input) => {
                stack.push(input());
                false
            }
            None => body_declares(c.body(), stack),
        },
    }
}

fn fields_declare(s: &'static Struct, stack: &mut Vec<&'static Shape>) -> bool {
    for f in s.fields.iter().filter(|f| f.de_name.is_some()) {
        if f.constraints.is_some_and(validates) {
            return true;
        }
        stack.push((f.shape)());
    }
    false
}

/// Whether an untagged enum, or an enum with `#[serde(untagged)]` variants,
/// is reachable from `shape` as serde reads it: depth-first over the shape
/// graph, each node once. Cached by address.
fn reaches_untagged(shape: &'static Shape) -> bool {
    let mut seen: HashSet<usize> = HashSet::new();
    let mut stack = vec![shape];
    while let Some(shape) = stack.pop() {
        if !seen.insert(shape as *const Shape as usize) {
            continue;
        }
        match shape {
            Shape::Option(inner) => stack.push(inner),
            Shape::Seq(seq) => stack.push(seq.items),
            Shape::Tuple(items) => stack.extend(items.iter().copied()),
            Shape::Map(map) => stack.push(map.value),
            Shape::Named(named) if body_retries(named.body(), &mut stack) => return true,
            _ => {}
        }
    }
    false
}

/// Pushes every shape `body` reads; `true` when it is an enum serde reads by
/// trying untagged alternatives.
fn body_retries(body: &'static Body, stack: &mut Vec<&'static Shape>) -> bool {
    let struct_fields = |s: &'static Struct, stack: &mut Vec<&'static Shape>| {
        for f in s.fields.iter().filter(|f| f.de_name.is_some()) {
            stack.push((f.shape)());
        }
    };
    match body {
        Body::Packed(p) => return body_retries(p.body(), stack),
        Body::Struct(s) => struct_fields(s, stack),
        Body::Newtype(inner) | Body::Transparent(inner) => stack.push(inner()),
        Body::Tuple(items) => stack.extend(items.iter().map(|f| f())),
        Body::Unit => {}
        Body::Enum(e) => {
            let mut live = e.variants.iter().filter(|v| v.de_name.is_some());
            if matches!(e.repr, crate::shape::Repr::Untagged) || live.clone().any(|v| v.untagged) {
                return true;
            }
            for v in live.by_ref() {
                match v.body {
                    VariantBody::Unit => {}
                    VariantBody::Newtype(inner) => stack.push(inner()),
                    VariantBody::Tuple(items) => stack.extend(items.iter().map(|f| f())),
                    VariantBody::Struct(s) => struct_fields(s, stack),
                }
            }
        }
        Body::Convert(c) => match c.input {
            Some(input) => stack.push(input()),
            None => return body_retries(c.body(), stack),
        },
    }
    false
}
