//! What [`super`]'s walk reads from a [`Shape`]: the shape at a value
//! (past `Option`, newtypes and conversions), whether a type reads `null`,
//! and the struct and enum plans, compiled once per `&'static` node.

use crate::Contract;
use crate::shape::serde_read::{self, Variants};
use crate::shape::{Body, Enum, Field, Repr, Shape, Struct, Variant, VariantBody};
use serde_json::Value;
use std::collections::HashMap;

/// What a shape is at a value, past `Option` (when the value is not `null`),
/// newtypes, `transparent` and `from` conversions.
pub(super) enum At {
    /// A shape without a body of its own.
    Plain(&'static Shape),
    /// A named type's body, with the named shape (for the validator).
    Body(&'static Shape, &'static Body),
}

/// `shape` at a value (`null`: whether the value is `null`, where an
/// `Option` stops the walk: serde reads `None`).
pub(super) fn peel(mut shape: &'static Shape, null: bool) -> Option<At> {
    for _ in 0..256 {
        match shape {
            Shape::Option(_) if null => return None,
            Shape::Option(inner) => shape = inner,
            Shape::Named(named) => match own_body(named.body())? {
                Ok(inner) => shape = inner,
                Err(body) => return Some(At::Body(shape, body)),
            },
            _ => return Some(At::Plain(shape)),
        }
    }
    None
}

/// A body serde reads through another shape (`Ok`), or the body serde reads
/// (`Err`).
pub(super) fn own_body(mut body: &'static Body) -> Option<Result<&'static Shape, &'static Body>> {
    for _ in 0..16 {
        match body {
            Body::Newtype(inner) | Body::Transparent(inner) => return Some(Ok(inner())),
            Body::Convert(c) => match c.input {
                Some(input) => return Some(Ok(input())),
                None => body = c.body(),
            },
            _ => return Some(Err(body)),
        }
    }
    None
}

/// Whether serde reads `null` as this shape (then a `null` there is the
/// model's answer, not an added one). Unsure (a shape looping on itself):
/// yes, and the `null` stays.
pub(super) fn reads_null(shape: &'static Shape) -> bool {
    let mut work = vec![shape];
    let mut steps = 0;
    while let Some(shape) = work.pop() {
        steps += 1;
        if steps > 256 {
            return true;
        }
        let body = match shape {
            Shape::Any | Shape::Null | Shape::Option(_) => return true,
            Shape::Named(named) => match own_body(named.body()) {
                None => return true,
                Some(Ok(inner)) => {
                    work.push(inner);
                    continue;
                }
                Some(Err(body)) => body,
            },
            _ => continue,
        };
        match body {
            Body::Unit => return true,
            // Only untagged variants read from `null` (a unit one, or one
            // whose content does).
            Body::Enum(e) => {
                for v in e.variants.iter().filter(|v| v.de_name.is_some()) {
                    if !(v.untagged || matches!(e.repr, Repr::Untagged)) {
                        continue;
                    }
                    match v.body {
                        VariantBody::Unit => return true,
                        VariantBody::Newtype(inner) => work.push(inner()),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    false
}

/// The number of nodes of `value`, and whether one is `null`; `None` when
/// there are more than `limit`. Iterative.
pub(super) fn scan(value: &Value, limit: usize) -> Option<(usize, bool)> {
    let mut stack = vec![value];
    let (mut nodes, mut null) = (0usize, false);
    while let Some(v) = stack.pop() {
        nodes += 1;
        if nodes > limit {
            return None;
        }
        match v {
            Value::Null => null = true,
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.values()),
            _ => {}
        }
    }
    Some((nodes, null))
}

// ------------------------------------------------------------ plans

/// A struct as the walk reads it, compiled once per struct.
pub(super) struct StructPlan {
    /// Every key a field reads (its name and aliases): the field's shape,
    /// and whether a `null` there is one strict mode added.
    pub(super) names: HashMap<&'static str, (&'static Shape, bool)>,
    /// The flattened fields, in declaration order.
    pub(super) flattened: Vec<&'static Field>,
    /// The names of each field serde requires (primary name first).
    pub(super) required: Vec<Vec<&'static str>>,
    /// `deny_unknown_fields`.
    pub(super) closed: bool,
}

impl StructPlan {
    /// Whether serde could read `map` as this struct: every required
    /// field there, no unknown key when closed. Unsure (flattened fields):
    /// yes. Holds before and after the walk removes `null`s.
    pub(super) fn could_read(&self, map: &serde_json::Map<String, Value>) -> bool {
        if !self.flattened.is_empty() {
            return true;
        }
        self.required
            .iter()
            .all(|names| names.iter().any(|n| map.contains_key(*n)))
            && (!self.closed || map.keys().all(|k| self.names.contains_key(k.as_str())))
    }
}

/// Whether serde could read `value` as `shape`, by the kind of JSON value
/// alone (a struct from an object or an array, a number from a number, ...).
/// Unsure: yes.
pub(super) fn kind_fits(shape: &'static Shape, value: &Value) -> bool {
    let body = match peel(shape, value.is_null()) {
        None => return true,
        Some(At::Plain(shape)) => {
            return match shape {
                Shape::Bool => value.is_boolean(),
                Shape::Integer(_) | Shape::Number => value.is_number(),
                Shape::String(_) => value.is_string(),
                Shape::Seq(_) | Shape::Tuple(_) => value.is_array(),
                Shape::Map(_) => value.is_object(),
                _ => true,
            };
        }
        Some(At::Body(_, body)) => body,
    };
    match body {
        Body::Struct(s) => match value {
            Value::Object(map) => struct_plan(s).could_read(map),
            Value::Array(_) => true,
            _ => false,
        },
        Body::Tuple(_) => value.is_array(),
        _ => true,
    }
}

pub(super) fn struct_plan(s: &'static Struct) -> &'static StructPlan {
    static PLANS: Plans<StructPlan> = crate::memo::Memo::new();
    cached(&PLANS, s, || {
        let mut names = HashMap::new();
        let mut flattened = Vec::new();
        let mut required = Vec::new();
        for field in s.fields {
            if field.flatten {
                if field.de_name.is_some() {
                    flattened.push(field);
                }
                continue;
            }
            let Some(name) = serde_read::field_name(field, Contract::Input) else {
                continue;
            };
            let shape = serde_read::field_shape(field, Contract::Input);
            let aliases = serde_read::field_aliases(field, Contract::Input, false);
            // Optional on input as serde reads it; a field that reads
            // `null` (an `Option`) keeps it.
            let optional = serde_read::missing(field).is_some();
            let added = optional && !reads_null(shape);
            for key in std::iter::once(&name).chain(aliases) {
                names.entry(*key).or_insert((shape, added));
            }
            if !optional {
                required.push(
                    std::iter::once(name)
                        .chain(aliases.iter().copied())
                        .collect(),
                );
            }
        }
        StructPlan {
            names,
            flattened,
            required,
            closed: s.deny_unknown_fields,
        }
    })
}

/// An enum's variants as serde finds them by tag, compiled once per enum.
pub(super) struct EnumPlan {
    /// Tagged variants by every tag serde reads for them.
    pub(super) tags: HashMap<&'static str, &'static Variant>,
    /// The `#[serde(other)]` variant.
    pub(super) other: Option<&'static Variant>,
    /// Whether serde tries untagged variants (then it buffers the value).
    pub(super) untagged: bool,
    /// Whether the enum has tagged variants (serde tries them first).
    pub(super) has_tagged: bool,
    /// The untagged variants, in the order serde tries them.
    pub(super) untagged_variants: Vec<&'static Variant>,
}

impl EnumPlan {
    pub(super) fn variant(&self, tag: &str) -> Option<&'static Variant> {
        self.tags.get(tag).copied().or(self.other)
    }
}

pub(super) fn enum_plan(e: &'static Enum) -> &'static EnumPlan {
    static PLANS: Plans<EnumPlan> = crate::memo::Memo::new();
    cached(&PLANS, e, || {
        let Variants {
            tagged,
            untagged,
            buffers,
        } = serde_read::variants(e, Contract::Input);
        let mut tags = HashMap::new();
        let mut other = None;
        for &v in &tagged {
            if serde_read::reads_other(v, Contract::Input) {
                other = other.or(Some(v));
            }
            for tag in serde_read::variant_names(v, Contract::Input, false) {
                tags.entry(tag).or_insert(v);
            }
        }
        EnumPlan {
            tags,
            other,
            untagged: buffers,
            has_tagged: !tagged.is_empty(),
            untagged_variants: untagged,
        }
    })
}

/// Plans by node address, each leaked once (as rendered schemas are).
type Plans<P> = crate::memo::Memo<usize, &'static P>;

/// The plan of `node` in `plans`, made once.
fn cached<N, P>(plans: &'static Plans<P>, node: &'static N, make: impl FnOnce() -> P) -> &'static P
where
    P: Send + Sync + 'static,
{
    plans.leak(node as *const N as usize, make)
}
