//! Undoing what a dialect added: OpenAI strict makes optional fields
//! "required and nullable", so a model writes `null` where the field was
//! meant to be absent. serde refuses `null` for `#[serde(default)] limit: u32`;
//! removing those `null`s lets serde apply the default, as it would had the
//! field been left out.
//!
//! The walk follows the type's [`Shape`] alongside the value (the Input
//! contract), so at every object it knows the struct, the variant and the
//! field each key belongs to:
//!
//! - a `null` is removed only under a field serde may find missing (it has a
//!   default) whose type does not itself read `null` (`Option`, `()`, a unit
//!   struct, `serde_json::Value`, an untagged enum with a unit variant, ...),
//!   under its primary name or an alias;
//! - structs by their field names, `flatten` included (structs, maps, enums
//!   of every representation, `Option` of them);
//! - externally, internally and adjacently tagged enums by their tag, exactly
//!   as serde picks the variant (aliases and `#[serde(other)]` included);
//! - untagged enums (and enums with `#[serde(untagged)]` variants) as serde
//!   reads them: the tagged form first, then each untagged variant in
//!   declaration order. Variants that cannot read the value (by the kind of
//!   JSON value, the tag, a struct's required keys or closedness: none of
//!   which removing a `null` changes) are passed over; when one is left, its
//!   `null`s go. Otherwise, for each, the `null`s that variant would not read
//!   are removed from a copy, and the first copy the enum's input schema
//!   accepts ([`crate::args::validate_args`], the schema's exact verdict) is
//!   kept. None accepted: the value is left alone, and serde says why.
//!
//! Anything else (a value that does not have the shape's form, a tag no
//! variant has) is left alone: serde then reports it.
//!
//! # Limits
//!
//! - The walk recurses once per level of the value, which [`super::Dialect`]
//!   bounds to serde_json's 127 before it runs, plus a few steps on the shape
//!   at one level (flatten, internally tagged newtype variants, untagged
//!   variants holding enums); a type that loops on itself without reading a
//!   level of the value is cut after [`MAX_HOPS`] such steps and left alone.
//! - Trying untagged variants copies the value: the copies together may cost
//!   at most [`TRIAL_BUDGET_PER_NODE`] times the value's size (plus a
//!   constant); beyond that, untagged values that several variants could
//!   read are left alone. Linear on any value, however the enums nest; but a
//!   recursive type whose untagged variants differ only below the first
//!   level (each level tried twice, each try walking every level below) is
//!   decoded only a few levels deep (10 for the `Twin` chain in
//!   `tests/tests/suite/dialect/decode.rs`).
//! - The untagged choice follows the validator's verdict, which follows
//!   serde's pick (the first variant serde's type-level reading takes) and
//!   holds that variant to its declared `#[schema(...)]` constraints: a copy
//!   on which serde's pick breaks a declared bound is not kept, and
//!   [`super::Dialect::parse_args`] refuses what is left.
//! - A key a flattened map sees before a later flattened struct takes it is
//!   handled as that struct's field.

mod closed;
mod shapes;

pub(crate) use closed::{Rules, strict_keys};

use crate::shape::{Body, Enum, Repr, Shape, Struct, Variant, VariantBody};
use serde_json::{Map, Value};
use shapes::{At, StructPlan, enum_plan, kind_fits, peel, scan, struct_plan};
use std::collections::HashMap;

/// Frames of the walk (each a level of the value or a step on the shape at
/// one level): the value is at most 127 deep when the walk starts.
const MAX_CALLS: usize = 512;

/// Steps on the shape at one level of the value.
const MAX_HOPS: usize = 32;

/// What trying untagged variants may cost, per node of the whole value.
const TRIAL_BUDGET_PER_NODE: usize = 64;

/// Removes, at every depth, the `null`s OpenAI strict had the model write
/// for optional fields of `shape` that do not read `null` themselves.
pub(crate) fn drop_added_nulls(mut value: Value, shape: &'static Shape) -> Value {
    let budget = scan(&value, usize::MAX)
        .map_or(usize::MAX, |(nodes, _)| nodes)
        .saturating_mul(TRIAL_BUDGET_PER_NODE)
        .saturating_add(1 << 16);
    let mut walk = Walk { budget, changes: 0 };
    walk.value(&mut value, shape, Depth::ROOT);
    value
}

/// Where the walk is: frames taken, and steps on the shape at this level.
#[derive(Debug, Clone, Copy)]
struct Depth {
    calls: usize,
    hops: usize,
}

impl Depth {
    const ROOT: Depth = Depth { calls: 0, hops: 0 };

    /// Into a child of the value.
    fn down(self) -> Option<Depth> {
        (self.calls < MAX_CALLS).then_some(Depth {
            calls: self.calls + 1,
            hops: 0,
        })
    }

    /// Another shape for the same value.
    fn same(self) -> Option<Depth> {
        (self.calls < MAX_CALLS && self.hops < MAX_HOPS).then_some(Depth {
            calls: self.calls + 1,
            hops: self.hops + 1,
        })
    }
}

// ------------------------------------------------------------ the walk

/// The walk, with what trying untagged variants may still cost.
struct Walk {
    budget: usize,
    /// Values removed or replaced so far (a trial that changes nothing
    /// needs no validation of its own).
    changes: usize,
}

/// How a key of an object is read, as serde hands keys out: the struct's
/// own fields first, then each flattened field in declaration order.
enum Part {
    /// A struct's own fields (and aliases).
    Fields(&'static StructPlan),
    /// One key read as a variant's content (flattened external or adjacent
    /// enums).
    Content(String, &'static VariantBody),
    /// One key read as nothing this walk changes (a tag, a unit variant).
    Key(String),
    /// Every key no other part reads: a flattened map's values (or a
    /// flattened `serde_json::Value`).
    Rest(&'static Shape),
    /// Keys a flattened untagged enum reads, as its chosen variant left
    /// them (`None`: removed).
    Edits(HashMap<String, Option<Value>>),
}

impl Part {
    /// Whether this part takes `key` (a [`Part::Rest`] takes only what no
    /// other part does).
    fn takes(&self, key: &str) -> bool {
        match self {
            Part::Fields(plan) => plan.names.contains_key(key),
            Part::Content(k, _) | Part::Key(k) => k == key,
            Part::Edits(edits) => edits.contains_key(key),
            Part::Rest(_) => false,
        }
    }
}

/// Whether an earlier part takes `key`.
fn taken(parts: &[Part], key: &str) -> bool {
    parts.iter().any(|p| p.takes(key))
}

impl Walk {
    /// `value` read as `shape`.
    fn value(&mut self, value: &mut Value, shape: &'static Shape, d: Depth) {
        match peel(shape, value.is_null()) {
            None => {}
            Some(At::Plain(shape)) => self.plain(value, shape, d),
            Some(At::Body(named, body)) => self.body(value, named, body, d),
        }
    }

    fn plain(&mut self, value: &mut Value, shape: &'static Shape, d: Depth) {
        let Some(down) = d.down() else { return };
        match (shape, value) {
            (Shape::Seq(seq), Value::Array(items)) => {
                for item in items {
                    self.value(item, seq.items, down);
                }
            }
            (Shape::Tuple(shapes), Value::Array(items)) => {
                for (item, shape) in items.iter_mut().zip(shapes.iter()) {
                    self.value(item, shape, down);
                }
            }
            (Shape::Map(map), Value::Object(entries)) => {
                for item in entries.values_mut() {
                    self.value(item, map.value, down);
                }
            }
            _ => {}
        }
    }

    fn body(&mut self, value: &mut Value, named: &'static Shape, body: &'static Body, d: Depth) {
        match (body, value) {
            (Body::Struct(s), Value::Object(map)) => self.object(map, s, d),
            (Body::Tuple(fields), Value::Array(items)) => {
                let Some(down) = d.down() else { return };
                for (item, field) in items.iter_mut().zip(fields.iter()) {
                    self.value(item, field(), down);
                }
            }
            (Body::Enum(e), value) => self.enumeration(value, named, e, d),
            _ => {}
        }
    }

    /// A variant's content at `value`.
    fn content(&mut self, value: &mut Value, body: &'static VariantBody, d: Depth) {
        match (body, value) {
            (VariantBody::Newtype(inner), value) => {
                if let Some(same) = d.same() {
                    self.value(value, inner(), same);
                }
            }
            (VariantBody::Tuple(fields), Value::Array(items)) => {
                let Some(down) = d.down() else { return };
                for (item, field) in items.iter_mut().zip(fields.iter()) {
                    self.value(item, field(), down);
                }
            }
            (VariantBody::Struct(s), Value::Object(map)) => self.object(map, s, d),
            _ => {}
        }
    }

    /// A struct's object: each key read as the part serde gives it to.
    fn object(&mut self, map: &mut Map<String, Value>, s: &'static Struct, d: Depth) {
        let mut parts = Vec::new();
        self.gather(map, s, &mut parts, d);
        let Some(down) = d.down() else { return };
        let rest = parts.iter().find_map(|p| match p {
            Part::Rest(shape) => Some(*shape),
            _ => None,
        });
        map.retain(|key, value| {
            let Some(part) = parts.iter_mut().find(|p| p.takes(key)) else {
                if let Some(shape) = rest {
                    self.value(value, shape, down);
                }
                return true;
            };
            match part {
                Part::Fields(plan) => {
                    let Some(&(shape, added)) = plan.names.get(key.as_str()) else {
                        return true;
                    };
                    if added && value.is_null() {
                        self.changes += 1;
                        return false;
                    }
                    self.value(value, shape, down);
                }
                Part::Content(_, body) => self.content(value, body, down),
                Part::Edits(edits) => match edits.remove(key.as_str()) {
                    Some(Some(edited)) => {
                        self.changes += 1;
                        *value = edited;
                    }
                    Some(None) => {
                        self.changes += 1;
                        return false;
                    }
                    None => {}
                },
                Part::Key(_) | Part::Rest(_) => {}
            }
            true
        });
    }

    /// The parts of a struct read from `map` (its own fields, then its
    /// flattened fields').
    fn gather(
        &mut self,
        map: &Map<String, Value>,
        s: &'static Struct,
        parts: &mut Vec<Part>,
        d: Depth,
    ) {
        let plan = struct_plan(s);
        parts.push(Part::Fields(plan));
        for field in &plan.flattened {
            let Some(same) = d.same() else { return };
            self.flattened(map, (field.shape)(), parts, same);
        }
    }

    /// A flattened field's parts. serde reads a flattened `Option` as the
    /// inner type when it can (`None` otherwise): the inner type's `null`s go.
    fn flattened(
        &mut self,
        map: &Map<String, Value>,
        shape: &'static Shape,
        parts: &mut Vec<Part>,
        d: Depth,
    ) {
        match peel(shape, false) {
            Some(At::Plain(Shape::Map(m))) => parts.push(Part::Rest(m.value)),
            Some(At::Plain(Shape::Any)) => parts.push(Part::Rest(&Shape::Any)),
            Some(At::Body(_, Body::Struct(s))) => self.gather(map, s, parts, d),
            Some(At::Body(named, Body::Enum(e))) => self.flattened_enum(map, named, e, parts, d),
            _ => {}
        }
    }

    fn flattened_enum(
        &mut self,
        map: &Map<String, Value>,
        named: &'static Shape,
        e: &'static Enum,
        parts: &mut Vec<Part>,
        d: Depth,
    ) {
        let plan = enum_plan(e);
        if plan.untagged {
            return self.flattened_untagged(map, named, e, parts, d);
        }
        match e.repr {
            // serde takes the first key left that names a variant.
            Repr::External => {
                let found = map
                    .keys()
                    .filter(|k| !taken(parts, k))
                    .find_map(|k| plan.tags.get(k.as_str()).map(|v| (k, *v)));
                if let Some((key, v)) = found {
                    parts.push(Part::Content(key.clone(), &v.body));
                }
            }
            Repr::Internal { tag } => {
                parts.push(Part::Key(tag.to_string()));
                let Some(v) = map
                    .get(tag)
                    .and_then(Value::as_str)
                    .and_then(|t| plan.variant(t))
                else {
                    return;
                };
                match v.body {
                    VariantBody::Struct(s) => self.gather(map, s, parts, d),
                    VariantBody::Newtype(inner) => {
                        if let Some(same) = d.same() {
                            self.flattened(map, inner(), parts, same);
                        }
                    }
                    _ => {}
                }
            }
            Repr::Adjacent { tag, content } => {
                parts.push(Part::Key(tag.to_string()));
                let found = map
                    .get(tag)
                    .and_then(Value::as_str)
                    .and_then(|t| plan.variant(t));
                match found {
                    Some(v) => parts.push(Part::Content(content.to_string(), &v.body)),
                    None => parts.push(Part::Key(content.to_string())),
                }
            }
            Repr::Untagged => {}
        }
    }

    /// A flattened enum serde reads by trying variants: the keys left,
    /// tried as a value of their own.
    fn flattened_untagged(
        &mut self,
        map: &Map<String, Value>,
        named: &'static Shape,
        e: &'static Enum,
        parts: &mut Vec<Part>,
        d: Depth,
    ) {
        let left: Map<String, Value> = map
            .iter()
            .filter(|(k, _)| !taken(parts, k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let mut tried = Value::Object(left);
        if !self.untagged(&mut tried, named, e, d) {
            return;
        }
        let Value::Object(mut after) = tried else {
            return;
        };
        let mut edits = HashMap::new();
        for (key, before) in map.iter().filter(|(k, _)| !taken(parts, k)) {
            match after.remove(key) {
                None => {
                    edits.insert(key.clone(), None);
                }
                Some(v) if v != *before => {
                    edits.insert(key.clone(), Some(v));
                }
                Some(_) => {}
            }
        }
        parts.push(Part::Edits(edits));
    }

    fn enumeration(
        &mut self,
        value: &mut Value,
        named: &'static Shape,
        e: &'static Enum,
        d: Depth,
    ) {
        if enum_plan(e).untagged {
            self.untagged(value, named, e, d);
        } else {
            self.tagged(value, e, d);
        }
    }

    /// An enum's tagged variants, the variant picked by its tag.
    fn tagged(&mut self, value: &mut Value, e: &'static Enum, d: Depth) {
        let plan = enum_plan(e);
        let Value::Object(map) = value else { return };
        match e.repr {
            Repr::External => {
                if map.len() != 1 {
                    return;
                }
                let Some(down) = d.down() else { return };
                if let Some((tag, content)) = map.iter_mut().next()
                    && let Some(v) = plan.tags.get(tag.as_str())
                {
                    self.content(content, &v.body, down);
                }
            }
            Repr::Internal { tag } => {
                let Some(v) = tagged_by(map, tag, plan) else {
                    return;
                };
                let Some(same) = d.same() else { return };
                match v.body {
                    VariantBody::Struct(s) => self.object(map, s, same),
                    VariantBody::Newtype(inner) => self.value(value, inner(), same),
                    _ => {}
                }
            }
            Repr::Adjacent { tag, content } => {
                let Some(v) = tagged_by(map, tag, plan) else {
                    return;
                };
                let Some(down) = d.down() else { return };
                if let Some(c) = map.get_mut(content) {
                    self.content(c, &v.body, down);
                }
            }
            Repr::Untagged => {}
        }
    }

    /// An enum serde reads by trying: its tagged form first, then each
    /// untagged variant in order. The first whose copy, its `null`s
    /// removed, the input schema accepts replaces the value. Whether one
    /// did.
    fn untagged(
        &mut self,
        value: &mut Value,
        named: &'static Shape,
        e: &'static Enum,
        d: Depth,
    ) -> bool {
        let Some(d) = d.same() else { return false };
        let plan = enum_plan(e);
        let tagged = plan.has_tagged;
        let untagged = plan.untagged_variants.iter().copied();
        let candidates: Vec<Option<&'static Variant>> = tagged
            .then_some(None)
            .into_iter()
            .chain(untagged.map(Some))
            .filter(|c| could_be(e, *c, value))
            .collect();
        if let [only] = candidates[..] {
            // No other variant can read it: its `null`s go, no trial.
            match only {
                None => self.tagged(value, e, d),
                Some(v) => self.content(value, &v.body, d),
            }
            return true;
        }
        let Some((nodes, null)) = scan(value, self.budget) else {
            self.budget = 0;
            return false;
        };
        self.budget -= nodes;
        if !null {
            // Nothing to remove, whichever variant reads it.
            return false;
        }
        let mut as_is = None;
        for candidate in candidates {
            // A copy, its walk and the validator's.
            let cost = nodes.saturating_mul(3);
            if self.budget < cost {
                self.budget = 0;
                return false;
            }
            self.budget -= cost;
            let mut copy = value.clone();
            let before = self.changes;
            match candidate {
                None => self.tagged(&mut copy, e, d),
                Some(v) => self.content(&mut copy, &v.body, d),
            }
            if self.changes == before {
                // Nothing for this variant to remove: the value is read as
                // it is, or not (asked once).
                if *as_is.get_or_insert_with(|| accepts(named, value)) {
                    return true;
                }
                continue;
            }
            if accepts(named, &copy) {
                *value = copy;
                return true;
            }
        }
        false
    }
}

/// Whether serde could read `value` as an enum's tagged form (`None`) or
/// one of its untagged variants: the kind of value, the tag, a struct's
/// required keys. A necessary condition, before and after `null`s go.
fn could_be(e: &'static Enum, candidate: Option<&'static Variant>, value: &Value) -> bool {
    let Some(v) = candidate else {
        let plan = enum_plan(e);
        let named = |t: &Value| t.as_str().is_none_or(|t| plan.variant(t).is_some());
        return match (e.repr, value) {
            (Repr::External, Value::String(_)) => named(value),
            (Repr::External, Value::Object(map)) => {
                map.len() == 1 && map.keys().all(|k| plan.variant(k).is_some())
            }
            (Repr::Internal { tag }, Value::Object(map))
            | (Repr::Adjacent { tag, .. }, Value::Object(map)) => map.get(tag).is_some_and(named),
            _ => false,
        };
    };
    match v.body {
        VariantBody::Unit => true,
        VariantBody::Newtype(inner) => kind_fits(inner(), value),
        VariantBody::Tuple(_) => value.is_array(),
        VariantBody::Struct(s) => match value {
            Value::Object(map) => struct_plan(s).could_read(map),
            Value::Array(_) => true,
            _ => false,
        },
    }
}

/// Whether the input schema of `shape` accepts `value` (serde reads it).
fn accepts(shape: &'static Shape, value: &Value) -> bool {
    crate::args::validate_args(shape, value).is_empty()
}

/// The variant the string at `tag` names, when there is one.
fn tagged_by(
    map: &Map<String, Value>,
    tag: &str,
    plan: &shapes::EnumPlan,
) -> Option<&'static Variant> {
    map.get(tag)
        .and_then(Value::as_str)
        .and_then(|t| plan.variant(t))
}
