//! The form model the derive builds, and its rendering per revision.

use super::grammar::Kind;
use super::{Format, Revision};
use crate::ToolSchema;
use crate::shape::{Body, Bound, IntRange, Named, Shape, VariantBody};
use serde_json::{Map, Value, json};
use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};

/// A flat form: the fields of one struct.
#[derive(Debug)]
pub struct Form {
    /// The Rust type name.
    pub type_name: fn() -> &'static str,
    /// The fields serde reads, in declaration order.
    pub fields: &'static [FormField],
    /// `#[serde(deny_unknown_fields)]`: an answer with other keys is refused.
    pub deny_unknown_fields: bool,
}

/// One form field.
#[derive(Debug)]
pub struct FormField {
    /// The key serde reads.
    pub name: &'static str,
    /// Further keys serde reads (`alias`): neither offered nor read in answers
    /// (an answer holds what the `requestedSchema` states).
    pub aliases: &'static [&'static str],
    /// What the field holds.
    pub kind: &'static FieldKind,
    /// The answer must carry it.
    pub required: bool,
    /// `Option<_>`: serde reads `null` too (the form grammar has no null, so
    /// answers carrying `null` are refused like any other wrong type).
    pub title: Option<&'static str>,
    /// `description` (doc comment).
    pub description: Option<&'static str>,
    /// serde's default value, serialized.
    pub default: Option<fn() -> Option<Value>>,
    /// `#[elicit(default = ..)]` as JSON text: shown in the form and filled in
    /// when the answer leaves the field out.
    pub fill: Option<&'static str>,
    /// `minLength`.
    pub min_length: Option<u64>,
    /// `maxLength`.
    pub max_length: Option<u64>,
    /// `minimum`, tightening the type's own range.
    pub minimum: Option<Bound>,
    /// `maximum`, tightening the type's own range.
    pub maximum: Option<Bound>,
    /// `format` (strings).
    pub format: Option<Format>,
    /// `minItems` (multi-select).
    pub min_items: Option<u64>,
    /// `maxItems` (multi-select).
    pub max_items: Option<u64>,
    /// Titled options as the legacy `enum` + `enumNames`.
    pub legacy_enum_names: bool,
}

/// What a form field holds.
#[derive(Debug)]
#[non_exhaustive]
pub enum FieldKind {
    /// A string, maybe with a format and length bounds of its own (`char`).
    String {
        /// The format the type itself implies (dates).
        format: Option<Format>,
        /// The type's own minimum length.
        min_length: Option<u64>,
        /// The type's own maximum length.
        max_length: Option<u64>,
    },
    /// An integer within the type's range.
    Integer(IntRange),
    /// A number.
    Number,
    /// `true` or `false`.
    Boolean,
    /// One option of a unit-only enum (its `ToolSchema` shape).
    Select(&'static Shape),
    /// Several options of a unit-only enum.
    MultiSelect(&'static Shape),
}

/// A type that can be one form field.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an elicitation form field",
    label = "not a form field",
    note = "an MCP form is flat; a field can be: `String`, `char`; an integer or float type; `bool`; `chrono::NaiveDate` (date) or `chrono::DateTime<Tz>` (date-time); a unit-only enum deriving `ToolSchema`, externally tagged (serde's default: not `untagged`, no `tag = ..`), as a single select; `Vec`, `HashSet` or `BTreeSet` of such an enum (multi select); or `Option` of any of these",
    note = "nested structs, maps, tuples, lists of anything but such enums, and enums with data cannot be form fields"
)]
pub trait FormValue {
    /// The field kind.
    const KIND: FieldKind;
    /// A missing field reads as `None`.
    const OPTIONAL: bool = false;
}

/// A unit-only enum deriving `ToolSchema`: its variants are the options of a
/// select field. The `ToolSchema` derive implements it; do not implement it
/// by hand.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a unit-only enum deriving `ToolSchema`",
    note = "select fields take enums whose variants carry no data, externally tagged (serde's default), deriving `toolform::ToolSchema`"
)]
pub trait SelectEnum: ToolSchema {}

macro_rules! form_value {
    ($($ty:ty => $kind:expr;)*) => {$(
        impl FormValue for $ty {
            const KIND: FieldKind = $kind;
        }
    )*};
}

form_value! {
    String => FieldKind::String { format: None, min_length: None, max_length: None };
    char => FieldKind::String { format: None, min_length: Some(1), max_length: Some(1) };
    bool => FieldKind::Boolean;
    f32 => FieldKind::Number;
    f64 => FieldKind::Number;
}

macro_rules! form_integers {
    ($($ty:ty),*) => {$(
        impl FormValue for $ty {
            const KIND: FieldKind = match <$ty as ToolSchema>::SHAPE {
                Shape::Integer(range) => FieldKind::Integer(*range),
                _ => FieldKind::Number,
            };
        }
    )*};
}
form_integers!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

#[cfg(feature = "chrono")]
impl FormValue for chrono::NaiveDate {
    const KIND: FieldKind = FieldKind::String {
        format: Some(Format::Date),
        min_length: None,
        max_length: None,
    };
}
#[cfg(feature = "chrono")]
impl<Tz: chrono::TimeZone> FormValue for chrono::DateTime<Tz> {
    const KIND: FieldKind = FieldKind::String {
        format: Some(Format::DateTime),
        min_length: None,
        max_length: None,
    };
}

impl<T: FormValue> FormValue for Option<T> {
    const KIND: FieldKind = T::KIND;
    const OPTIONAL: bool = true;
}
impl<E: SelectEnum> FormValue for E {
    const KIND: FieldKind = FieldKind::Select(E::SHAPE);
}
impl<E: SelectEnum> FormValue for Vec<E> {
    const KIND: FieldKind = FieldKind::MultiSelect(E::SHAPE);
}
impl<E: SelectEnum, S> FormValue for std::collections::HashSet<E, S> {
    const KIND: FieldKind = FieldKind::MultiSelect(E::SHAPE);
}
impl<E: SelectEnum> FormValue for std::collections::BTreeSet<E> {
    const KIND: FieldKind = FieldKind::MultiSelect(E::SHAPE);
}

/// `length(..)` and `format` apply to text fields.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a text field: `length(..)` and `format` do not apply",
    note = "`length(min = .., max = ..)` and `format = ..` apply to `String` fields; numbers take `range(..)`, multi-selects take `min_items`/`max_items`, single selects take none"
)]
pub trait TextField {}
impl TextField for String {}
impl<T: TextField> TextField for Option<T> {}

/// `range(..)` applies to number fields.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a number field: `range(..)` does not apply",
    note = "`range(min = .., max = ..)` applies to integer and float fields; text takes `length(..)`"
)]
pub trait NumberField {}
macro_rules! number_fields {
    ($($ty:ty),*) => {$(impl NumberField for $ty {})*};
}
number_fields!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, f32, f64);
impl<T: NumberField> NumberField for Option<T> {}

/// `min_items`/`max_items` apply to multi-select fields.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a multi-select field: `min_items`/`max_items` do not apply",
    note = "`min_items` and `max_items` apply to `Vec`, `HashSet` or `BTreeSet` of a unit-only enum"
)]
pub trait MultiField {}
impl<E: SelectEnum> MultiField for Vec<E> {}
impl<E: SelectEnum, S> MultiField for std::collections::HashSet<E, S> {}
impl<E: SelectEnum> MultiField for std::collections::BTreeSet<E> {}
impl<T: MultiField> MultiField for Option<T> {}

/// `enum_names` applies to select fields.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a select field: `enum_names` does not apply",
    note = "`enum_names` writes a single select's titled options as the legacy `enum` + `enumNames`"
)]
pub trait SelectField {}
impl<E: SelectEnum> SelectField for E {}
impl<T: SelectField> SelectField for Option<T> {}

/// Something a revision's grammar cannot carry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormProblem {
    /// JSON Pointer into the requested schema (`/properties/extras`).
    pub path: String,
    /// What the revision lacks.
    pub message: String,
}

impl std::fmt::Display for FormProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// One option of a select field.
pub(crate) struct Choice {
    pub value: &'static str,
    pub title: Option<&'static str>,
    /// Further values serde reads for it (aliases).
    pub aliases: &'static [&'static str],
}

/// The options a unit-only enum offers: the names serde reads, without
/// `#[serde(other)]` catch-alls and variants serde never reads.
pub(crate) fn choices(shape: &'static Shape) -> Vec<Choice> {
    let Shape::Named(Named {
        body: Body::Enum(e),
        ..
    }) = shape.resolve()
    else {
        return Vec::new();
    };
    e.variants
        .iter()
        .filter(|v| !v.other && !v.untagged && matches!(v.body, VariantBody::Unit))
        .filter_map(|v| {
            v.de_name.map(|value| Choice {
                value,
                title: v.title,
                aliases: v.aliases,
            })
        })
        .collect()
}

/// Renders the `requestedSchema` of a form for a revision, with what the
/// revision cannot carry.
pub fn render_form(form: &Form, revision: Revision) -> (Value, Vec<FormProblem>) {
    let mut properties = Map::new();
    let mut required = Vec::new();
    let mut problems = Vec::new();
    for field in form.fields {
        let path = format!("/properties/{}", escape(field.name));
        match render_field(field, revision) {
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

fn render_field(field: &FormField, revision: Revision) -> Result<Value, String> {
    let mut out = Map::new();
    let put_annotations = |out: &mut Map<String, Value>| {
        if let Some(t) = field.title {
            out.insert("title".into(), t.into());
        }
        if let Some(d) = field.description {
            out.insert("description".into(), d.into());
        }
    };
    let default = field_default(field);
    match field.kind {
        FieldKind::String {
            format,
            min_length,
            max_length,
        } => {
            out.insert("type".into(), "string".into());
            put_annotations(&mut out);
            if let Some(n) = tighter_u64(*min_length, field.min_length, true) {
                out.insert("minLength".into(), n.into());
            }
            if let Some(n) = tighter_u64(*max_length, field.max_length, false) {
                out.insert("maxLength".into(), n.into());
            }
            if let Some(f) = field.format.or(*format) {
                out.insert("format".into(), f.name().into());
            }
        }
        FieldKind::Integer(range) => {
            out.insert("type".into(), "integer".into());
            put_annotations(&mut out);
            let (min, max) = integer_bounds(range, field);
            if let Some(min) = min {
                out.insert("minimum".into(), min.to_json());
            }
            if let Some(max) = max {
                out.insert("maximum".into(), max.to_json());
            }
        }
        FieldKind::Number => {
            out.insert("type".into(), "number".into());
            put_annotations(&mut out);
            if let Some(min) = field.minimum {
                out.insert("minimum".into(), min.to_json());
            }
            if let Some(max) = field.maximum {
                out.insert("maximum".into(), max.to_json());
            }
        }
        FieldKind::Boolean => {
            out.insert("type".into(), "boolean".into());
            put_annotations(&mut out);
        }
        FieldKind::Select(shape) => {
            out.insert("type".into(), "string".into());
            put_annotations(&mut out);
            let options = choices(shape);
            let titled = options.iter().any(|c| c.title.is_some());
            let values: Vec<Value> = options.iter().map(|c| c.value.into()).collect();
            if titled && (field.legacy_enum_names || !Kind::TitledSelect.exists(revision)) {
                let names: Vec<Value> = options
                    .iter()
                    .map(|c| c.title.unwrap_or(c.value).into())
                    .collect();
                out.insert("enum".into(), Value::Array(values));
                out.insert("enumNames".into(), Value::Array(names));
            } else if titled {
                let one_of: Vec<Value> = options
                    .iter()
                    .map(|c| json!({"const": c.value, "title": c.title.unwrap_or(c.value)}))
                    .collect();
                out.insert("oneOf".into(), Value::Array(one_of));
            } else {
                out.insert("enum".into(), Value::Array(values));
            }
        }
        FieldKind::MultiSelect(shape) => {
            if !Kind::UntitledMultiSelect.exists(revision) {
                return Err(format!(
                    "multi-select fields do not exist in protocol {revision}; use {} or later",
                    Revision::V2025_11_25
                ));
            }
            out.insert("type".into(), "array".into());
            put_annotations(&mut out);
            let options = choices(shape);
            let titled = options.iter().any(|c| c.title.is_some());
            let items = if titled {
                let any_of: Vec<Value> = options
                    .iter()
                    .map(|c| json!({"const": c.value, "title": c.title.unwrap_or(c.value)}))
                    .collect();
                json!({ "anyOf": any_of })
            } else {
                let values: Vec<Value> = options.iter().map(|c| c.value.into()).collect();
                json!({"type": "string", "enum": values})
            };
            out.insert("items".into(), items);
            if let Some(n) = field.min_items {
                out.insert("minItems".into(), n.into());
            }
            if let Some(n) = field.max_items {
                out.insert("maxItems".into(), n.into());
            }
        }
    }
    // Every keyword must belong to the field's kind in this revision's
    // grammar; a `default` the revision has no place for is left out.
    let kind = grammar_kind(&out);
    if let Some(kind) = kind
        && let Some(key) = out.keys().find(|k| !kind.carries(revision, k))
    {
        return Err(format!(
            "`{key}` is not part of protocol {revision}'s form grammar"
        ));
    }
    if let Some(default) = default {
        let allowed = kind.is_some_and(|k| k.carries(revision, "default"));
        // A default the revision cannot carry is left out: the field stays
        // optional and the server still fills it in. One that breaks the
        // field's own rules is left out too, rather than sent corrupt.
        if allowed && super::answer::check_value(field, &default).is_empty() {
            out.insert("default".into(), default);
        }
    }
    Ok(Value::Object(out))
}

/// The grammar kind of a rendered property.
fn grammar_kind(prop: &Map<String, Value>) -> Option<Kind> {
    Some(match prop.get("type")?.as_str()? {
        "string" if prop.contains_key("enumNames") => Kind::LegacyTitledSelect,
        "string" if prop.contains_key("enum") => Kind::UntitledSelect,
        "string" if prop.contains_key("oneOf") => Kind::TitledSelect,
        "string" => Kind::String,
        "integer" | "number" => Kind::Number,
        "boolean" => Kind::Boolean,
        "array" if prop.get("items").is_some_and(|i| i.get("anyOf").is_some()) => {
            Kind::TitledMultiSelect
        }
        "array" => Kind::UntitledMultiSelect,
        _ => return None,
    })
}

/// The default the form shows: `#[elicit(default = ..)]`, else serde's.
pub(crate) fn field_default(field: &FormField) -> Option<Value> {
    if field.fill.is_some() {
        return fill_value(field);
    }
    let value = (field.default?)()?;
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

/// The largest integer every client reads exactly: MCP clients are
/// JavaScript, whose numbers are IEEE doubles (`Number.MAX_SAFE_INTEGER`).
pub const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

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

pub(crate) fn tighter_u64(own: Option<u64>, declared: Option<u64>, lower: bool) -> Option<u64> {
    match (own, declared) {
        (Some(a), Some(b)) => Some(if lower { a.max(b) } else { a.min(b) }),
        (a, b) => a.or(b),
    }
}

pub(crate) fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

type Rendered = (&'static Value, &'static [FormProblem]);

/// Renders once per form and revision.
pub(crate) fn cached(form: &'static Form, revision: Revision) -> Rendered {
    static CACHE: OnceLock<RwLock<HashMap<(usize, usize), Rendered>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (form as *const Form as usize, revision.index());
    if let Some(found) = cache.read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return *found;
    }
    let (schema, problems) = render_form(form, revision);
    let mut guard = cache.write().unwrap_or_else(|e| e.into_inner());
    *guard.entry(key).or_insert_with(|| {
        (
            Box::leak(Box::new(schema)),
            Box::leak(problems.into_boxed_slice()),
        )
    })
}

/// Whether a select's enum reads `value` (at compile time).
pub(crate) const fn const_has_option(shape: &Shape, value: &str) -> bool {
    let Shape::Named(Named {
        body: Body::Enum(e),
        ..
    }) = shape
    else {
        return false;
    };
    let mut i = 0;
    while i < e.variants.len() {
        let v = &e.variants[i];
        if let (Some(name), VariantBody::Unit, false) = (v.de_name, &v.body, v.other)
            && const_str_eq(name, value)
        {
            return true;
        }
        let mut j = 0;
        while j < v.aliases.len() {
            if const_str_eq(v.aliases[j], value) {
                return true;
            }
            j += 1;
        }
        i += 1;
    }
    false
}

const fn const_str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
