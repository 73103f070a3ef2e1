//! Which named types are one type, which occur more than once, and which
//! serde's buffer reads differently from serde_json.

use super::{Renderer, is_wide};
use crate::Contract;
use crate::shape::serde_read;
use crate::shape::{Body, Constraints, Named, Repr, Shape, Struct, Variant, VariantBody};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A hash map keyed by addresses and small integers (see [`FastHasher`]).
pub(super) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;
/// A hash set of addresses and small integers (see [`FastHasher`]).
pub(super) type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;

/// A multiplicative hasher (FxHash's) for the renderer's own keys: addresses
/// of `static` shapes, identities, modes, type names. These are not chosen by
/// an adversary at run time (they come from the program's own types), so the
/// DoS resistance of SipHash buys nothing, and it was a quarter of a small
/// render.
#[derive(Default, Clone, Copy)]
pub(super) struct FastHasher(u64);

impl FastHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let mut tail = [0u8; 8];
        let rest = chunks.remainder();
        tail[..rest.len()].copy_from_slice(rest);
        self.add(u64::from_le_bytes(tail) ^ rest.len() as u64);
    }

    fn write_u8(&mut self, n: u8) {
        self.add(n.into());
    }

    fn write_u32(&mut self, n: u32) {
        self.add(n.into());
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn write_isize(&mut self, n: isize) {
        self.add(n as u64);
    }
}

impl Renderer {
    /// The named types (identities) that occur more than once in the shape
    /// graph under `root` (each walked once).
    pub(super) fn reused_named(&mut self, root: &'static Shape) -> FastSet<usize> {
        let mut seen: FastSet<usize> = FastSet::default();
        let mut reused = FastSet::default();
        let mut stack = vec![root];
        while let Some(shape) = stack.pop() {
            match shape {
                Shape::Option(inner) => stack.push(inner),
                Shape::Seq(seq) => stack.push(seq.items),
                Shape::Tuple(items) => stack.extend(items.iter().copied()),
                Shape::Map(map) => {
                    stack.push(map.key);
                    stack.push(map.value);
                }
                Shape::Named(named) => {
                    let id = self.ids.of(named);
                    if !seen.insert(id) {
                        reused.insert(id);
                        continue;
                    }
                    push_body(named.body(), &mut stack);
                }
                _ => {}
            }
        }
        reused
    }

    /// Whether serde's buffer reads `named` differently from serde_json:
    /// whether it holds, at a position that reads as the type itself does
    /// (fields, items, values, externally and adjacently tagged content), a
    /// map whose keys must be parsed, a 128-bit integer, a unit, or a tuple
    /// variant without fields. Enums that buffer their own content
    /// (internally tagged, untagged) and flattened fields read the same
    /// wherever they are.
    pub(super) fn is_sensitive(&mut self, named: &'static Named) -> bool {
        let id = self.ids.of(named);
        if let Some(&known) = self.sensitive.get(&id) {
            return known;
        }
        let found = self.reaches_buffer_rule(named);
        self.sensitive.insert(id, found);
        found
    }

    fn reaches_buffer_rule(&self, root: &'static Named) -> bool {
        fn fields(s: &'static Struct, work: &mut Vec<&'static Shape>) {
            for f in s
                .fields
                .iter()
                .filter(|f| !f.flatten && serde_read::field_name(f, Contract::Input).is_some())
            {
                work.push((f.shape)());
            }
        }
        let mut seen: FastSet<usize> = FastSet::default();
        seen.insert(root as *const Named as usize);
        let mut bodies: Vec<&'static Body> = vec![root.body()];
        let mut work: Vec<&'static Shape> = Vec::new();
        loop {
            while let Some(body) = bodies.pop() {
                match body {
                    Body::Packed(p) => bodies.push(p.body()),
                    Body::Unit => return true,
                    Body::Struct(s) => fields(s, &mut work),
                    Body::Newtype(inner) | Body::Transparent(inner) => work.push(inner()),
                    Body::Tuple(items) => work.extend(items.iter().map(|f| f())),
                    Body::Enum(e) => {
                        let buffers_itself =
                            matches!(e.repr, Repr::Internal { .. }) || serde_read::buffers(e);
                        if buffers_itself {
                            continue;
                        }
                        let live = e
                            .variants
                            .iter()
                            .filter(|v| serde_read::variant_name(v, Contract::Input).is_some());
                        for v in live {
                            match v.body {
                                VariantBody::Unit => {}
                                VariantBody::Newtype(inner) => work.push(inner()),
                                VariantBody::Tuple([]) => return true,
                                VariantBody::Tuple(items) => work.extend(items.iter().map(|f| f())),
                                VariantBody::Struct(s) => fields(s, &mut work),
                            }
                        }
                    }
                    Body::Convert(c) => match c.input {
                        Some(input) => work.push(input()),
                        None => bodies.push(c.body()),
                    },
                }
            }
            let Some(shape) = work.pop() else {
                return false;
            };
            match shape {
                Shape::Null => return true,
                Shape::Integer(range) if is_wide(range) => return true,
                Shape::Map(map) if self.key_needs_parsing(map.key) => return true,
                Shape::Map(map) => work.push(map.value),
                Shape::Option(inner) => work.push(inner),
                Shape::Seq(seq) => work.push(seq.items),
                Shape::Tuple(items) => work.extend(items.iter().copied()),
                Shape::Named(named) if seen.insert(*named as *const Named as usize) => {
                    bodies.push(named.body());
                }
                _ => {}
            }
        }
    }
}

fn push_body(body: &'static Body, stack: &mut Vec<&'static Shape>) {
    match body {
        Body::Packed(p) => push_body(p.body(), stack),
        Body::Struct(s) => push_fields(s, stack),
        Body::Newtype(inner) | Body::Transparent(inner) => stack.push(inner()),
        Body::Tuple(items) => stack.extend(items.iter().map(|f| f())),
        Body::Unit => {}
        Body::Enum(e) => {
            for v in e.variants {
                match v.body {
                    VariantBody::Unit => {}
                    VariantBody::Newtype(inner) => stack.push(inner()),
                    VariantBody::Tuple(items) => stack.extend(items.iter().map(|f| f())),
                    VariantBody::Struct(s) => push_fields(s, stack),
                }
            }
        }
        Body::Convert(c) => {
            stack.extend(c.input.map(|f| f()));
            stack.extend(c.output.map(|f| f()));
            push_body(c.body(), stack);
        }
    }
}

fn push_fields(s: &'static Struct, stack: &mut Vec<&'static Shape>) {
    for f in s.fields {
        let (de, ser) = ((f.shape)(), (f.ser_shape)());
        stack.push(de);
        if !std::ptr::eq(de, ser) {
            stack.push(ser);
        }
    }
}

/// Which named types are the same type.
///
/// `std::any::type_name` is not unique (two types of one path in different
/// `const _` blocks, or in two versions of a crate, share it), and the
/// address of a type's `Shape` is not unique either way (a `const` may be
/// copied into every codegen unit that uses it). Two named types are one
/// when they have the same name and the same wire description, down to every
/// field and variant: then they render the same, so one entry serves both.
/// Same name, different description: two types, two entries.
#[derive(Default)]
pub(super) struct Identities {
    /// Addresses seen and their identity, scanned while there are few.
    few: Vec<(usize, usize)>,
    /// The same, once there are many (then `few` is empty).
    by_address: FastMap<usize, usize>,
    /// Identities by type name, once there are many types (while there are
    /// few, `types` is scanned).
    by_name: FastMap<&'static str, Vec<usize>>,
    types: Vec<(&'static str, &'static Named)>,
}

impl Identities {
    /// Up to this many addresses and types, lookups scan a vector (most
    /// documents have a handful of named types; hashing them costs more).
    const FEW: usize = 16;

    pub(super) fn of(&mut self, named: &'static Named) -> usize {
        let address = named as *const Named as usize;
        let known = if self.by_address.is_empty() {
            self.few
                .iter()
                .find(|(a, _)| *a == address)
                .map(|(_, id)| *id)
        } else {
            self.by_address.get(&address).copied()
        };
        if let Some(id) = known {
            return id;
        }
        let name = (named.type_name)();
        let types = &self.types;
        let same = |&id: &usize| {
            types
                .get(id)
                .is_some_and(|(_, other)| same_named(other, named, &mut FastSet::default()))
        };
        let found = if self.by_name.is_empty() {
            (0..types.len())
                .filter(|&id| types[id].0 == name)
                .find(same)
        } else {
            self.by_name
                .get(name)
                .and_then(|candidates| candidates.iter().copied().find(same))
        };
        let id = match found {
            Some(id) => id,
            None => {
                let id = self.types.len();
                self.types.push((name, named));
                if !self.by_name.is_empty() {
                    self.by_name.entry(name).or_default().push(id);
                } else if self.types.len() > Self::FEW {
                    for (id, (name, _)) in self.types.iter().enumerate() {
                        self.by_name.entry(name).or_default().push(id);
                    }
                }
                id
            }
        };
        if !self.by_address.is_empty() {
            self.by_address.insert(address, id);
        } else if self.few.len() < Self::FEW {
            self.few.push((address, id));
        } else {
            self.by_address.extend(self.few.drain(..));
            self.by_address.insert(address, id);
        }
        id
    }

    pub(super) fn name(&self, id: usize) -> &'static str {
        self.types.get(id).map_or("Type", |(name, _)| name)
    }
}

/// Whether two named types describe the same wire shape (co-inductively:
/// a pair already under comparison is assumed equal, which is sound for
/// the graph's finite set of nodes).
fn same_named(a: &'static Named, b: &'static Named, assumed: &mut FastSet<(usize, usize)>) -> bool {
    if std::ptr::eq(a, b) {
        return true;
    }
    let pair = (a as *const Named as usize, b as *const Named as usize);
    if !assumed.insert(pair) {
        return true;
    }
    (a.type_name)() == (b.type_name)()
        && a.title == b.title
        && a.description == b.description
        && same_body(a.body(), b.body(), assumed)
}

fn same_shape(a: &'static Shape, b: &'static Shape, assumed: &mut FastSet<(usize, usize)>) -> bool {
    if std::ptr::eq(a, b) {
        return true;
    }
    match (a, b) {
        (Shape::Any, Shape::Any)
        | (Shape::Null, Shape::Null)
        | (Shape::Bool, Shape::Bool)
        | (Shape::Number, Shape::Number) => true,
        (Shape::Integer(x), Shape::Integer(y)) => {
            x.min == y.min && x.max == y.max && x.nonzero == y.nonzero
        }
        (Shape::String(x), Shape::String(y)) => {
            x.min_length == y.min_length
                && x.max_length == y.max_length
                && x.format == y.format
                && x.input_pattern == y.input_pattern
                && x.output_pattern == y.output_pattern
        }
        (Shape::Option(x), Shape::Option(y)) => same_shape(x, y, assumed),
        (Shape::Seq(x), Shape::Seq(y)) => {
            x.min_items == y.min_items
                && x.max_items == y.max_items
                && x.unique_on_output == y.unique_on_output
                && same_shape(x.items, y.items, assumed)
        }
        (Shape::Tuple(x), Shape::Tuple(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|(p, q)| same_shape(p, q, assumed))
        }
        (Shape::Map(x), Shape::Map(y)) => {
            same_shape(x.key, y.key, assumed) && same_shape(x.value, y.value, assumed)
        }
        (Shape::Named(x), Shape::Named(y)) => same_named(x, y, assumed),
        _ => false,
    }
}

fn same_fns(
    a: &[fn() -> &'static Shape],
    b: &[fn() -> &'static Shape],
    assumed: &mut FastSet<(usize, usize)>,
) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(f, g)| same_shape(f(), g(), assumed))
}

fn same_body(a: &'static Body, b: &'static Body, assumed: &mut FastSet<(usize, usize)>) -> bool {
    match (a, b) {
        (Body::Struct(x), Body::Struct(y)) => same_struct(x, y, assumed),
        (Body::Newtype(x), Body::Newtype(y)) | (Body::Transparent(x), Body::Transparent(y)) => {
            same_shape(x(), y(), assumed)
        }
        (Body::Tuple(x), Body::Tuple(y)) => same_fns(x, y, assumed),
        (Body::Unit, Body::Unit) => true,
        (Body::Enum(x), Body::Enum(y)) => {
            let repr = match (x.repr, y.repr) {
                (Repr::External, Repr::External) | (Repr::Untagged, Repr::Untagged) => true,
                (Repr::Internal { tag: s }, Repr::Internal { tag: t }) => s == t,
                (Repr::Adjacent { tag: s, content: c }, Repr::Adjacent { tag: t, content: d }) => {
                    s == t && c == d
                }
                _ => false,
            };
            repr && x.titled == y.titled
                && x.deny_unknown_fields == y.deny_unknown_fields
                && x.variants.len() == y.variants.len()
                && x.variants.iter().zip(y.variants).all(|(v, w)| {
                    // Destructured in full: a new field of `Variant` must be
                    // compared.
                    let Variant {
                        rust_name,
                        ser_name,
                        de_name,
                        aliases,
                        other,
                        untagged,
                        body,
                        title,
                        description,
                    } = v;
                    *rust_name == w.rust_name
                        && *ser_name == w.ser_name
                        && *de_name == w.de_name
                        && *aliases == w.aliases
                        && *other == w.other
                        && *untagged == w.untagged
                        && *title == w.title
                        && *description == w.description
                        && match (body, &w.body) {
                            (VariantBody::Unit, VariantBody::Unit) => true,
                            (VariantBody::Newtype(f), VariantBody::Newtype(g)) => {
                                same_shape(f(), g(), assumed)
                            }
                            (VariantBody::Tuple(f), VariantBody::Tuple(g)) => {
                                same_fns(f, g, assumed)
                            }
                            (VariantBody::Struct(s), VariantBody::Struct(t)) => {
                                same_struct(s, t, assumed)
                            }
                            _ => false,
                        }
                })
        }
        (Body::Convert(x), Body::Convert(y)) => {
            let same_opt =
                |f: Option<fn() -> &'static Shape>,
                 g: Option<fn() -> &'static Shape>,
                 assumed: &mut FastSet<(usize, usize)>| match (f, g) {
                    (None, None) => true,
                    (Some(f), Some(g)) => same_shape(f(), g(), assumed),
                    _ => false,
                };
            same_opt(x.input, y.input, assumed)
                && same_opt(x.output, y.output, assumed)
                && same_body(x.body(), y.body(), assumed)
        }
        _ => false,
    }
}

fn same_struct(
    a: &'static Struct,
    b: &'static Struct,
    assumed: &mut FastSet<(usize, usize)>,
) -> bool {
    a.deny_unknown_fields == b.deny_unknown_fields
        && a.fields.len() == b.fields.len()
        && a.fields.iter().zip(b.fields).all(|(f, g)| {
            // Destructured in full: a new field of `Field` must be compared.
            let crate::shape::Field {
                rust_name,
                ser_name,
                de_name,
                aliases,
                shape,
                ser_shape,
                flatten,
                deserialize_with,
                has_default,
                default_value,
                skip_serializing_if,
                skip_if_none,
                title,
                description,
                constraints,
            } = f;
            *rust_name == g.rust_name
                && *ser_name == g.ser_name
                && *de_name == g.de_name
                && *aliases == g.aliases
                && *flatten == g.flatten
                && *deserialize_with == g.deserialize_with
                && *has_default == g.has_default
                && *skip_serializing_if == g.skip_serializing_if
                && *skip_if_none == g.skip_if_none
                && *title == g.title
                && *description == g.description
                && match (default_value, g.default_value) {
                    (None, None) => true,
                    (Some(x), Some(y)) => x.json() == y.json(),
                    _ => false,
                }
                && match (constraints, g.constraints) {
                    (None, None) => true,
                    (Some(x), Some(y)) => same_constraints(x, y),
                    _ => false,
                }
                && same_shape(shape(), (g.shape)(), assumed)
                && same_shape(ser_shape(), (g.ser_shape)(), assumed)
        })
}

fn same_constraints(a: &Constraints, b: &Constraints) -> bool {
    // Destructured in full: a new constraint must be compared.
    let Constraints {
        min_length,
        max_length,
        minimum,
        maximum,
        pattern,
        format,
        examples,
        deprecated,
        header,
        items,
        values,
    } = a;
    let same = |x: &Option<&'static Constraints>, y: &Option<&'static Constraints>| match (x, y) {
        (None, None) => true,
        (Some(x), Some(y)) => same_constraints(x, y),
        _ => false,
    };
    *min_length == b.min_length
        && *max_length == b.max_length
        && *minimum == b.minimum
        && *maximum == b.maximum
        && *pattern == b.pattern
        && *format == b.format
        && *examples == b.examples
        && *deprecated == b.deprecated
        && *header == b.header
        && same(items, &b.items)
        && same(values, &b.values)
}
