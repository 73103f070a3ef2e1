//! A derived form lowered: each [`FormField`] (the derive's const input)
//! becomes a grammar [`Property`], and the form the object plan answers are
//! checked against, built once per form; the `requestedSchema` printed
//! through the properties.

use super::Revision;
use super::form::{FieldKind, Form, FormField, FormProblem};
use super::property::{Choice, Property, Typed};
use crate::args::form::FormOptions;
use crate::args::plan::{Name, ObjectPlan};
use crate::memo::Memo;
use crate::shape::{Body, Bound, IntRange, Shape, VariantBody};
use serde_json::{Map, Value};
use std::borrow::Cow;

/// The largest integer every client reads exactly: MCP clients are
/// JavaScript, whose numbers are IEEE doubles (`Number.MAX_SAFE_INTEGER`).
pub(crate) const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

/// One option of a derived select field.
pub(crate) struct EnumChoice {
    pub value: &'static str,
    pub title: Option<&'static str>,
    /// Further values serde reads for it (aliases).
    pub aliases: &'static [&'static str],
}

/// The options a unit-only enum offers: the names serde reads, without
/// `#[serde(other)]` catch-alls and variants serde never reads.
pub(crate) fn choices(shape: &'static Shape) -> Vec<EnumChoice> {
    let Shape::Named(named) = shape.resolve() else {
        return Vec::new();
    };
    let Body::Enum(e) = named.body() else {
        return Vec::new();
    };
    e.variants
        .iter()
        .filter(|v| !v.other && !v.untagged && matches!(v.body, VariantBody::Unit))
        .filter_map(|v| {
            v.de_name.map(|value| EnumChoice {
                value,
                title: v.title,
                aliases: v.aliases,
            })
        })
        .collect()
}

/// A derived field as the grammar has it.
pub(crate) fn property(field: &FormField) -> Property {
    // The options the form offers: primary names only.
    let options = |shape| {
        choices(shape)
            .into_iter()
            .map(|c| Choice {
                value: Cow::Borrowed(c.value),
                title: c.title.map(Cow::Borrowed),
            })
            .collect()
    };
    let value = match field.kind {
        FieldKind::String {
            format,
            min_length,
            max_length,
        } => Typed::String {
            min_length: tighter_u64(*min_length, field.min_length, true),
            max_length: tighter_u64(*max_length, field.max_length, false),
            format: field.format.or(*format),
        },
        FieldKind::Integer(range) => {
            let (minimum, maximum) = integer_bounds(range, field);
            Typed::Number {
                integer: true,
                minimum,
                maximum,
                nonzero: range.nonzero,
                strict: true,
            }
        }
        FieldKind::Number => Typed::Number {
            integer: false,
            minimum: field.minimum,
            maximum: field.maximum,
            nonzero: false,
            strict: true,
        },
        FieldKind::Boolean => Typed::Boolean,
        FieldKind::Select(shape) => Typed::Select {
            options: options(shape),
            legacy: field.legacy_enum_names,
        },
        FieldKind::MultiSelect(shape) => Typed::Multi {
            options: options(shape),
            min_items: field.min_items,
            max_items: field.max_items,
        },
    };
    Property {
        title: field.title.map(Cow::Borrowed),
        description: field.description.map(Cow::Borrowed),
        default: field_default(field),
        value,
    }
}

/// The object plan of a form's answers.
pub(crate) fn plan(form: &Form) -> ObjectPlan {
    let fields = form.fields.get();
    ObjectPlan {
        typed: true,
        properties: fields
            .iter()
            .map(|f| (Cow::Borrowed(f.name), vec![property(f).lower()]))
            .collect(),
        index: None,
        required: fields
            .iter()
            .filter(|f| f.required)
            .map(|f| -> Name { Cow::Borrowed(f.name) })
            .collect(),
        constraints: Vec::new(),
        additional: Vec::new(),
        closed: form.deny_unknown_fields,
        discriminant: None,
        seq: None,
        tag_index: None,
        form: Some(Box::new(FormOptions {
            required: fields.iter().map(|f| f.required).collect(),
            aliases: fields.iter().map(|f| f.aliases).collect(),
            fills: fields.iter().map(fill_value).collect(),
        })),
    }
    .indexed()
}

/// The plan of a form, built once per form.
pub(crate) fn lowered(form: &'static Form) -> &'static ObjectPlan {
    use std::cell::Cell;
    static CACHE: Memo<usize, &'static ObjectPlan> = Memo::new();
    thread_local! {
        // The form this thread read last: no lock, no hashing on a repeat.
        static LAST: Cell<Option<(usize, &'static ObjectPlan)>> = const { Cell::new(None) };
    }
    let key = form as *const Form as usize;
    if let Some((k, plan)) = LAST.with(Cell::get)
        && k == key
    {
        return plan;
    }
    let found = CACHE.leak(key, || plan(form));
    LAST.with(|last| last.set(Some((key, found))));
    found
}

/// The default the form shows: `#[elicit(default = ..)]`, else serde's.
pub(crate) fn field_default(field: &FormField) -> Option<Value> {
    if field.fill.is_some() {
        return fill_value(field);
    }
    let value = field.default?.json()?;
    // An absent `Option` default is no default.
    (!value.is_null()).then_some(value)
}

/// `#[elicit(default = ..)]` as the value the form shows and the answer is
/// filled with: an option named by one of its aliases is written as the name
/// the form offers (the form's `enum` lists primary names only).
pub(crate) fn fill_value(field: &FormField) -> Option<Value> {
    let value: Value = serde_json::from_str(field.fill?).ok()?;
    let (FieldKind::Select(shape) | FieldKind::MultiSelect(shape)) = field.kind else {
        return Some(value);
    };
    let options = choices(shape);
    let primary = |v: Value| match v {
        Value::String(s) => Value::String(
            options
                .iter()
                .find(|c| c.aliases.contains(&s.as_str()))
                .map_or(s, |c| c.value.to_owned()),
        ),
        other => other,
    };
    Some(match value {
        Value::Array(items) => Value::Array(items.into_iter().map(primary).collect()),
        other => primary(other),
    })
}

/// The integer bounds of a field: the type's range, tightened by `range(..)`.
pub(crate) fn integer_bounds(
    range: &IntRange,
    field: &FormField,
) -> (Option<Bound>, Option<Bound>) {
    let type_min = range.min.map(|m| {
        if range.nonzero && m == 0 {
            Bound::Int(1)
        } else {
            Bound::Int(m)
        }
    });
    let type_max = range.max.map(Bound::UInt);
    // A form asks for what a client can send exactly: the type's range and
    // any declared bound, clamped to +-(2^53 - 1).
    let safe_min = Bound::Int(-MAX_SAFE_INTEGER);
    let safe_max = Bound::Int(MAX_SAFE_INTEGER);
    let tighter = |a: Bound, b: Bound, lower: bool| {
        let a_wins = if lower {
            compare_bounds(a, b).is_ge()
        } else {
            compare_bounds(a, b).is_le()
        };
        if a_wins { a } else { b }
    };
    let min = [type_min, field.minimum]
        .into_iter()
        .flatten()
        .fold(safe_min, |acc, b| tighter(b, acc, true));
    let max = [type_max, field.maximum]
        .into_iter()
        .flatten()
        .fold(safe_max, |acc, b| tighter(b, acc, false));
    (Some(min), Some(max))
}

/// Orders two bounds exactly (integers as integers, not through `f64`).
pub(crate) fn compare_bounds(a: Bound, b: Bound) -> std::cmp::Ordering {
    let int = |b: Bound| match b {
        Bound::Int(v) => Some(i128::from(v)),
        Bound::UInt(v) => Some(i128::from(v)),
        Bound::Float(_) => None,
    };
    match (int(a), int(b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        _ => a
            .as_f64()
            .partial_cmp(&b.as_f64())
            .unwrap_or(std::cmp::Ordering::Equal),
    }
}

fn tighter_u64(own: Option<u64>, declared: Option<u64>, lower: bool) -> Option<u64> {
    match (own, declared) {
        (Some(a), Some(b)) => Some(if lower { a.max(b) } else { a.min(b) }),
        (a, b) => a.or(b),
    }
}

/// Renders the `requestedSchema` of a form for a revision, with what the
/// revision cannot carry.
pub fn render_form(form: &Form, revision: Revision) -> (Value, Vec<FormProblem>) {
    let mut properties = Map::new();
    let mut required = Vec::new();
    let mut problems = Vec::new();
    for field in form.fields.get() {
        let path = format!("/properties/{}", escape(field.name));
        match property(field).print(revision) {
            Ok(schema) => {
                properties.insert(field.name.into(), schema);
            }
            Err(message) => problems.push(FormProblem { path, message }),
        }
        if field.required {
            required.push(Value::from(field.name));
        }
    }
    let mut out = Map::new();
    out.insert("type".into(), "object".into());
    out.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        out.insert("required".into(), Value::Array(required));
    }
    (Value::Object(out), problems)
}

/// `escape`d for a JSON Pointer: `~` as `~0`, `/` as `~1`.
pub(crate) fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

type Rendered = (&'static Value, &'static [FormProblem]);

/// Renders once per form and revision.
pub(crate) fn cached(form: &'static Form, revision: Revision) -> Rendered {
    static CACHE: Memo<(usize, usize), Rendered> = Memo::new();
    let key = (form as *const Form as usize, revision.index());
    CACHE.get_or_store(
        key,
        || render_form(form, revision),
        |(schema, problems)| {
            (
                Box::leak(Box::new(schema)),
                Box::leak(problems.into_boxed_slice()),
            )
        },
    )
}
