//! The validated model: what `check` produces and `expand` consumes. Every
//! decision about the wire is made once, in `check`, and carried here; the
//! emitters only translate it to tokens.

use super::attr::{ContainerAttrs, FieldAttrs, FormFieldAttrs, VariantAttrs};
use super::serde_attr::ChronoTs;
use serde_derive_internals::ast as serde_ast;

/// A type deriving `ToolSchema`, checked.
pub struct Container<'a> {
    pub serde: serde_ast::Container<'a>,
    pub attrs: ContainerAttrs,
    /// One per field, in the order of `serde.data.all_fields()`.
    pub fields: Vec<Field>,
    /// One per variant (enums only), in order.
    pub variants: Vec<VariantAttrs>,
    /// The path of the toolform crate.
    pub krate: syn::Path,
    /// A unit-only, externally tagged enum with a readable variant: a select
    /// field of a form (`SelectEnum`).
    pub select: bool,
    /// The type parameters (a default that mentions one is not shown).
    pub type_params: Vec<syn::Ident>,
}

/// A field, checked, with the decisions about its wire.
pub struct Field {
    pub attrs: FieldAttrs,
    /// The wire type serde reads.
    pub de: WireType,
    /// The wire type serde writes.
    pub ser: WireType,
    /// Both directions have one wire type (`de` and `ser` are the same).
    pub one_wire: bool,
    /// The one key serde reads and writes, when it does both under one name.
    pub one_name: Option<String>,
    /// The default shown as `"default"`.
    pub default: DefaultValue,
    /// A missing field takes a default (`#[serde(default)]` on the field or
    /// on the struct it belongs to).
    pub has_default: bool,
    /// serde reads the field through a custom function.
    pub deserialize_with: bool,
    /// `skip_serializing_if = ".."`: serde may leave the field out.
    pub skip_serializing_if: bool,
    /// `skip_serializing_if = "Option::is_none"`.
    pub skip_if_none: bool,
    /// The type `range(..)` bounds (`with`, else the field's type; a range
    /// inside `items(..)`/`values(..)` bounds its items or values), when it
    /// mentions no type parameter, so the range can be checked against it
    /// where the type is declared.
    pub range_check: Option<syn::Type>,
}

/// Where the wire type of one direction of a field comes from.
pub enum WireType {
    /// serde skips this direction: a placeholder; the field's type needs no
    /// schema for it.
    Skipped,
    /// The field's own type.
    Own,
    /// `#[schema(with = Type)]`.
    With(syn::Type),
    /// A serde function whose wire type is known: `serde_with::As`,
    /// `serde_bytes`, and the `Cow<[u8]>` serde borrows, which it reads from
    /// a string.
    Known(syn::Type),
    /// One of chrono's `ts_*` modules (`true`: its `_option` variant).
    Chrono(ChronoTs, bool),
}

/// The default value shown as `"default"`, serialized when the schema is
/// rendered.
pub enum DefaultValue {
    None,
    /// `#[serde(default)]` on a field written `Option<..>`: `null`, without
    /// instantiating the inner type's `Serialize`.
    Null,
    /// `#[serde(default)]` on a field of a concrete type: its `Default`,
    /// when it is `Default + Serialize`.
    OfType,
    /// `#[serde(default)]` on a field whose type the tokens name as a
    /// primitive (`u8`..`i64`, `f32`, `f64`, `bool`, `String`, or `Vec` of
    /// one): its default is read off the type's shape at run time, with no
    /// code per field (`Prim::default_of_shape`).
    OfShape,
    /// `#[serde(default = "path")]` on the field.
    Path(syn::ExprPath),
    /// `#[serde(default)]` on the struct: this field of `Self::default()`.
    Container(syn::Member),
    /// `#[serde(default = "path")]` on the struct: this field of its value.
    ContainerPath(syn::ExprPath, syn::Member),
}

/// A type deriving `ElicitForm`, checked.
pub struct Form<'a> {
    pub serde: serde_ast::Container<'a>,
    /// The path of the toolform crate.
    pub krate: syn::Path,
    /// One per field of the struct, in order.
    pub fields: Vec<FormField<'a>>,
}

/// A field of a form, checked.
pub struct FormField<'a> {
    pub attrs: FormFieldAttrs,
    /// serde reads it: it is a field of the form (else only its literal
    /// checks are emitted).
    pub read: bool,
    /// The key serde reads, and its aliases (without the key).
    pub name: String,
    pub aliases: Vec<String>,
    pub ty: &'a syn::Type,
    /// The primitive `ty` names, if any (`Prim::of`, read once).
    pub prim: Option<crate::internals::prim::Prim>,
    /// The default shown (`None` when `#[elicit(default)]` gives one).
    pub default: DefaultValue,
    /// A missing field takes a default from serde (`#[serde(default)]` on
    /// the field or the struct).
    pub has_default: bool,
}
