//! The form model the derive builds (its const input), the field kinds and
//! the traits that check fields at compile time. Forms are rendered and
//! read through their lowering (`lower.rs`).

use super::Format;
use crate::ToolSchema;
use crate::shape::{Bound, Content, DefaultJson, EnumView, IntRange, Shape};

/// A flat form: the fields of one struct.
#[derive(Debug)]
pub struct Form {
    /// The Rust type name.
    pub type_name: fn() -> &'static str,
    /// The fields serde reads, in declaration order: read them through
    /// [`FormFields::get`].
    pub fields: FormFields,
    /// `#[serde(deny_unknown_fields)]`: an answer with other keys is refused.
    pub deny_unknown_fields: bool,
}

/// The fields of a [`Form`].
#[derive(Debug)]
pub enum FormFields {
    /// Written out, one literal per field (hand-written forms, and the
    /// derive's for generic types).
    Listed(&'static [FormField]),
    /// The derive's compact encoding (a derive internal), decoded on first
    /// use: read the fields through [`FormFields::get`].
    #[doc(hidden)]
    Packed(&'static PackedForm),
}

/// What a field's type contributes to a form field: its kind, and whether
/// serde reads a missing field as `None`. [`FormValue::TYPE`].
#[derive(Debug)]
pub struct FormType {
    /// What the field holds.
    pub kind: FieldKind,
    /// `Option<_>`: a missing field reads as `None`.
    pub optional: bool,
}

/// A form's fields in the derive's compact encoding (see the module
/// documentation of `elicit::packed` in the source): a derive internal, named
/// by generated code as `toolform::__private::PackedForm`.
#[derive(Debug)]
pub struct PackedForm {
    /// Names, flags and annotations.
    pub text: &'static str,
    /// The distinct field types the text refers to.
    pub types: &'static [&'static FormType],
    /// The serialized defaults the text refers to (each gives `None` when
    /// its value cannot be shown).
    pub defaults: &'static [&'static dyn DefaultJson],
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
    /// serde's default value, serialized when a schema is written
    /// ([`DefaultJson::json`] gives `None` when it cannot be shown: its type
    /// is not `Serialize`).
    pub default: Option<&'static dyn DefaultJson>,
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
    /// [`KIND`](Self::KIND) and [`OPTIONAL`](Self::OPTIONAL) together, as the
    /// derive's compact encoding refers to them.
    /// (A reference: the derive's table holds it as it is, with nothing
    /// for the compiler to promote per field.)
    const TYPE: &'static FormType = &FormType {
        kind: Self::KIND,
        optional: Self::OPTIONAL,
    };
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

/// Whether a select's enum reads `value` (at compile time).
pub(crate) const fn const_has_option(shape: &'static Shape, value: &str) -> bool {
    let Shape::Named(named) = shape else {
        return false;
    };
    let Some(mut view) = EnumView::of(&named.body) else {
        return false;
    };
    while let Some(v) = view.next() {
        if let (Some(name), Content::Unit, false) = (v.de_name, v.content, v.other)
            && crate::shape::str_eq(name, value)
        {
            return true;
        }
        if v.alias(value) {
            return true;
        }
    }
    false
}
