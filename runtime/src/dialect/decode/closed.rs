//! What a strict schema says of keys that serde alone would let through: every
//! object closed (`additionalProperties: false`), and no serde alias the
//! schema left out (issue 41). [`strict_keys`] walks a value alongside the
//! type's [`Shape`] as serde reads it and names each key the schema sent
//! would refuse, with the schema's own list of keys in the message.
//!
//! The walk follows serde's picks like the `null` walk of [`super`]: a
//! struct's fields (flattened structs included), an enum's variant by its
//! tag (external, internal, adjacent). For an untagged enum, the first
//! variant (in serde's order) whose keys the schema takes is read; none:
//! the one with the fewest refused keys is reported. A flattened map or
//! enum makes the object's keys depend on the value: the strict dialects
//! refuse such schemas anyway, so the walk leaves that object's own keys
//! alone and goes on below.
//!
//! Recursion is once per level of the value (bounded to serde_json's 127
//! by [`crate::dialect::Dialect::parse_args`] before this runs) plus at most
//! [`super::MAX_HOPS`] shape steps at one level; the violations are capped
//! by [`crate::ArgsError::from_violations`].

use super::shapes::{At, enum_plan, peel};
use super::{MAX_CALLS, MAX_HOPS};
use crate::Contract;
use crate::json::escape;
use crate::shape::serde_read;
use crate::shape::{Body, Enum, Repr, Shape, Struct, Variant, VariantBody};
use crate::violation::Violation;
use serde_json::{Map, Value};

/// What the dialect's schema refuses beside serde.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rules {
    /// Every object is closed (OpenAI and Anthropic strict).
    pub closed: bool,
    /// serde aliases were left out of the schema.
    pub no_aliases: bool,
}

/// Each key of `value` the dialect's schema for `shape` refuses that serde
/// reads (an unknown key of an open struct, an alias), and each field the
/// schema then finds missing (its alias given instead of its name).
pub(crate) fn strict_keys(value: &Value, shape: &'static Shape, rules: Rules) -> Vec<Violation> {
    let mut walk = Walk {
        rules,
        out: Vec::new(),
    };
    walk.value(value, shape, String::new(), 0, 0);
    walk.out
}

struct Walk {
    rules: Rules,
    out: Vec<Violation>,
}

/// The keys of one object as the schema lists them: each field's primary
/// name, and each alias with its field's primary name and whether serde
/// requires it.
#[derive(Default)]
struct Keys {
    /// Primary names in schema order, with the field's shape.
    names: Vec<(&'static str, &'static Shape)>,
    /// alias -> (primary name, required by serde).
    aliases: Vec<(&'static str, &'static str, bool)>,
    /// The object's keys depend on the value (a flattened map or enum).
    open_ended: bool,
    /// `deny_unknown_fields` somewhere in it.
    deny: bool,
}

impl Keys {
    fn shape_of(&self, key: &str) -> Option<&'static Shape> {
        self.names.iter().find(|(n, _)| *n == key).map(|(_, s)| *s)
    }

    fn alias(&self, key: &str) -> Option<(&'static str, bool)> {
        self.aliases
            .iter()
            .find(|(a, _, _)| *a == key)
            .map(|(_, p, r)| (*p, *r))
    }

    /// A struct's fields (its flattened structs' in place).
    fn gather(&mut self, s: &'static Struct, hops: usize) {
        self.deny |= s.deny_unknown_fields;
        for field in s.fields {
            let Some(name) = serde_read::field_name(field, Contract::Input) else {
                continue;
            };
            let shape = serde_read::field_shape(field, Contract::Input);
            if field.flatten {
                match peel(shape, false) {
                    Some(At::Body(_, Body::Struct(inner))) if hops < MAX_HOPS => {
                        self.gather(inner, hops + 1)
                    }
                    _ => self.open_ended = true,
                }
                continue;
            }
            let optional = serde_read::missing(field).is_some();
            self.names.push((name, shape));
            for alias in serde_read::field_aliases(field, Contract::Input, false) {
                self.aliases.push((alias, name, !optional));
            }
        }
    }

    fn listed(&self) -> String {
        if self.names.is_empty() {
            return "unknown key: this object takes no keys".into();
        }
        let names: Vec<String> = self
            .names
            .iter()
            .map(|(n, _)| format!("`{}`", crate::json::short(n)))
            .collect();
        format!("unknown key (the keys are {})", names.join(", "))
    }
}

impl Walk {
    fn value(
        &mut self,
        value: &Value,
        shape: &'static Shape,
        path: String,
        calls: usize,
        hops: usize,
    ) {
        if calls > MAX_CALLS || hops > MAX_HOPS {
            return;
        }
        match peel(shape, value.is_null()) {
            None => {}
            Some(At::Plain(plain)) => match (plain, value) {
                (Shape::Seq(seq), Value::Array(items)) => {
                    for (i, item) in items.iter().enumerate() {
                        self.value(item, seq.items, format!("{path}/{i}"), calls + 1, 0);
                    }
                }
                (Shape::Tuple(shapes), Value::Array(items)) => {
                    for (i, (item, s)) in items.iter().zip(shapes.iter()).enumerate() {
                        self.value(item, s, format!("{path}/{i}"), calls + 1, 0);
                    }
                }
                (Shape::Map(map), Value::Object(entries)) => {
                    for (k, item) in entries {
                        self.value(
                            item,
                            map.value,
                            format!("{path}/{}", escape(k)),
                            calls + 1,
                            0,
                        );
                    }
                }
                _ => {}
            },
            Some(At::Body(_, body)) => match (body, value) {
                (Body::Struct(s), Value::Object(map)) => {
                    let mut keys = Keys::default();
                    keys.gather(s, hops);
                    self.object(map, &keys, &[], &path, calls, hops);
                }
                (Body::Tuple(fields), Value::Array(items)) => {
                    for (i, (item, f)) in items.iter().zip(fields.iter()).enumerate() {
                        self.value(item, f(), format!("{path}/{i}"), calls + 1, 0);
                    }
                }
                (Body::Enum(e), value) => self.enumeration(value, e, &path, calls, hops),
                _ => {}
            },
        }
    }

    /// An object read as `keys` (plus `extra` keys the schema lists beside
    /// them: an internal tag).
    fn object(
        &mut self,
        map: &Map<String, Value>,
        keys: &Keys,
        extra: &[&'static str],
        path: &str,
        calls: usize,
        _hops: usize,
    ) {
        let closed = (self.rules.closed || keys.deny) && !keys.open_ended;
        for (key, v) in map {
            let at = format!("{path}/{}", escape(key));
            if let Some(shape) = keys.shape_of(key) {
                self.value(v, shape, at, calls + 1, 0);
                continue;
            }
            if extra.contains(&key.as_str()) {
                continue;
            }
            if let Some((primary, required)) = keys.alias(key) {
                if !self.rules.no_aliases {
                    if let Some(shape) = keys.shape_of(primary) {
                        self.value(v, shape, at, calls + 1, 0);
                    }
                    continue;
                }
                self.out.push(Violation::new(
                    at,
                    "additionalProperties",
                    alias_message(keys, extra),
                ));
                if required && !map.contains_key(primary) {
                    self.out.push(Violation::new(
                        format!("{path}/{}", escape(primary)),
                        "required",
                        format!(
                            "missing (the arguments have `{}`, a name the schema does not offer)",
                            crate::json::short(key)
                        ),
                    ));
                }
                continue;
            }
            if closed {
                self.out.push(Violation::new(
                    at,
                    "additionalProperties",
                    alias_message(keys, extra),
                ));
            }
        }
    }

    fn enumeration(
        &mut self,
        value: &Value,
        e: &'static Enum,
        path: &str,
        calls: usize,
        hops: usize,
    ) {
        let plan = enum_plan(e);
        if plan.untagged {
            return self.untagged(value, e, path, calls, hops);
        }
        // A tag the schema lists: the variant's primary name (or any tag
        // when aliases were kept).
        let named = |tag: &str| -> Option<&'static Variant> {
            let v = plan.variant(tag)?;
            (!self.rules.no_aliases || v.de_name == Some(tag) || v.other).then_some(v)
        };
        match (e.repr, value) {
            (Repr::External, Value::String(tag))
                if self.rules.no_aliases
                    && plan.tags.contains_key(tag.as_str())
                    && named(tag).is_none() =>
            {
                self.out.push(Violation::new(
                    path,
                    "enum",
                    format!(
                        "`{}` is an alias the schema does not offer",
                        crate::json::short(tag)
                    ),
                ));
            }
            (Repr::External, Value::Object(map)) if map.len() == 1 => {
                let Some((tag, content)) = map.iter().next() else {
                    return;
                };
                let at = format!("{path}/{}", escape(tag));
                match named(tag) {
                    Some(v) => self.content(content, v, e, at, calls + 1, hops),
                    None if plan.tags.contains_key(tag.as_str()) => {
                        self.out.push(Violation::new(
                            at,
                            "additionalProperties",
                            format!(
                                "`{}` is an alias the schema does not offer",
                                crate::json::short(tag)
                            ),
                        ));
                    }
                    None => {}
                }
            }
            (Repr::Internal { tag }, Value::Object(map)) => {
                let Some(t) = map.get(tag).and_then(Value::as_str) else {
                    return;
                };
                let Some(v) = plan.variant(t) else { return };
                if named(t).is_none() {
                    self.out.push(Violation::new(
                        format!("{path}/{}", escape(tag)),
                        "enum",
                        format!(
                            "`{}` is an alias the schema does not offer",
                            crate::json::short(t)
                        ),
                    ));
                }
                let mut keys = Keys::default();
                keys.deny |= e.deny_unknown_fields;
                match v.body {
                    VariantBody::Struct(s) => keys.gather(s, hops),
                    VariantBody::Newtype(inner) => match peel(inner(), false) {
                        Some(At::Body(_, Body::Struct(s))) if hops < MAX_HOPS => {
                            keys.gather(s, hops + 1)
                        }
                        Some(At::Body(_, Body::Unit)) => {}
                        _ => keys.open_ended = true,
                    },
                    _ => {}
                }
                self.object(map, &keys, &[tag], path, calls, hops);
            }
            (Repr::Adjacent { tag, content }, Value::Object(map)) => {
                let variant = map.get(tag).and_then(Value::as_str).and_then(|t| {
                    if named(t).is_none() {
                        self.out.push(Violation::new(
                            format!("{path}/{}", escape(tag)),
                            "enum",
                            format!(
                                "`{}` is an alias the schema does not offer",
                                crate::json::short(t)
                            ),
                        ));
                    }
                    plan.variant(t)
                });
                for (key, v) in map {
                    if key == tag {
                        continue;
                    }
                    let at = format!("{path}/{}", escape(key));
                    if key == content {
                        if let Some(variant) = variant {
                            self.content(v, variant, e, at, calls + 1, hops);
                        }
                    } else if self.rules.closed || e.deny_unknown_fields {
                        self.out.push(Violation::new(
                            at,
                            "additionalProperties",
                            format!(
                                "unknown key (the keys are `{}`, `{}`)",
                                crate::json::short(tag),
                                crate::json::short(content)
                            ),
                        ));
                    }
                }
            }
            _ => {}
        }
    }

    /// A variant's content.
    fn content(
        &mut self,
        value: &Value,
        v: &'static Variant,
        e: &'static Enum,
        path: String,
        calls: usize,
        hops: usize,
    ) {
        match (&v.body, value) {
            (VariantBody::Newtype(inner), value) => {
                self.value(value, inner(), path, calls, hops + 1)
            }
            (VariantBody::Tuple(fields), Value::Array(items)) => {
                for (i, (item, f)) in items.iter().zip(fields.iter()).enumerate() {
                    self.value(item, f(), format!("{path}/{i}"), calls + 1, 0);
                }
            }
            (VariantBody::Struct(s), Value::Object(map)) => {
                let mut keys = Keys::default();
                keys.deny |= e.deny_unknown_fields;
                keys.gather(s, hops);
                self.object(map, &keys, &[], &path, calls, hops);
            }
            _ => {}
        }
    }

    /// An untagged enum (or untagged variants): the first variant in
    /// serde's order with nothing refused is read; else the one with the
    /// fewest refusals is reported.
    fn untagged(&mut self, value: &Value, e: &'static Enum, path: &str, calls: usize, hops: usize) {
        if hops >= MAX_HOPS {
            return;
        }
        let plan = enum_plan(e);
        let mut best: Option<Vec<Violation>> = None;
        if plan.has_tagged {
            let mut trial = Walk {
                rules: self.rules,
                out: Vec::new(),
            };
            trial.enumeration_tagged(value, e, path, calls, hops + 1);
            if trial.out.is_empty() {
                return;
            }
            best = Some(trial.out);
        }
        for &v in &plan.untagged_variants {
            let mut trial = Walk {
                rules: self.rules,
                out: Vec::new(),
            };
            trial.content(value, v, e, path.to_string(), calls, hops + 1);
            if trial.out.is_empty() {
                return;
            }
            if best.as_ref().is_none_or(|b| trial.out.len() < b.len()) {
                best = Some(trial.out);
            }
        }
        self.out.extend(best.unwrap_or_default());
    }

    /// The tagged reading of an enum that also has untagged variants.
    fn enumeration_tagged(
        &mut self,
        value: &Value,
        e: &'static Enum,
        path: &str,
        calls: usize,
        hops: usize,
    ) {
        let plan = enum_plan(e);
        match (e.repr, value) {
            (Repr::External, Value::Object(map)) if map.len() == 1 => {
                if let Some((tag, content)) = map.iter().next()
                    && let Some(v) = plan.tags.get(tag.as_str())
                {
                    self.content(
                        content,
                        v,
                        e,
                        format!("{path}/{}", escape(tag)),
                        calls + 1,
                        hops,
                    );
                }
            }
            (Repr::Internal { tag }, Value::Object(map)) => {
                if let Some(v) = map
                    .get(tag)
                    .and_then(Value::as_str)
                    .and_then(|t| plan.tags.get(t))
                    && let VariantBody::Struct(s) = v.body
                {
                    let mut keys = Keys::default();
                    keys.gather(s, hops);
                    self.object(map, &keys, &[tag], path, calls, hops);
                }
            }
            _ => {}
        }
    }
}

/// The message for a key the schema does not list.
fn alias_message(keys: &Keys, extra: &[&'static str]) -> String {
    if extra.is_empty() {
        return keys.listed();
    }
    let names: Vec<String> = extra
        .iter()
        .copied()
        .chain(keys.names.iter().map(|(n, _)| *n))
        .map(|n| format!("`{}`", crate::json::short(n)))
        .collect();
    format!("unknown key (the keys are {})", names.join(", "))
}
