//! The decisions about the wire, made once here and carried in the model:
//! each field's wire type per direction, the default it shows, whether an
//! enum is a select.

use crate::internals::attr::FieldAttrs;
use crate::internals::bound::params_in;
use crate::internals::model::{DefaultValue, WireType};
use crate::internals::prim::Prim;
use crate::internals::serde_attr::TakenPaths;
use crate::internals::serde_attr::{
    chrono_ts, custom_de, is_std_option, known_wire, serde_borrow_bytes,
};
use serde_derive_internals::ast::{Data, Field, Style};
use serde_derive_internals::attr::{Default as SerdeDefault, TagType};

#[derive(Clone, Copy)]
pub enum Direction {
    De,
    Ser,
}

/// The wire type of one direction of `field`. `#[schema(with = Type)]`
/// names the wire type of the directions serde handles through a custom
/// function; on a field with no serde function it is the wire type of both
/// (how a foreign type is described). A custom function whose wire type is
/// known needs no `with`; any other custom function without `with` is
/// refused (`check::field_custom_functions`), so `Own` there is never used.
pub fn wire(field: &Field, ours: &FieldAttrs, dir: Direction) -> WireType {
    let fa = &field.attrs;
    let de_fn = custom_de(fa);
    let ser_fn = fa.serialize_with();
    let (skipped, function) = match dir {
        Direction::De => (fa.skip_deserializing(), de_fn),
        Direction::Ser => (fa.skip_serializing(), ser_fn),
    };
    if skipped {
        return WireType::Skipped;
    }
    // `#[serde(borrow)]` on a `Cow<[u8]>`: serde reads it through
    // `borrow_cow_bytes`, which takes a string or bytes but not a sequence,
    // so from JSON it is read from a string (its UTF-8 bytes), while it is
    // still written as an array of integers.
    if matches!(dir, Direction::De) && serde_borrow_bytes(fa) {
        return WireType::Known(syn::parse_quote!(::std::string::String));
    }
    if let Some(with) = &ours.with
        && (function.is_some() || (de_fn.is_none() && ser_fn.is_none()))
    {
        return WireType::With(with.clone());
    }
    let Some(function) = function else {
        return WireType::Own;
    };
    if let Some(wire) = known_wire(function, field.ty) {
        return WireType::Known(wire);
    }
    match chrono_ts(field) {
        Some((unit, option)) => WireType::Chrono(unit, option),
        None => WireType::Own,
    }
}

/// The default `field` shows. None where serde's default is not the value
/// the field's type would serialize (custom functions, `with`, flatten), or
/// where it mentions a type parameter (serde adds `T: Default` bounds of
/// its own; we cannot).
pub fn default_value(
    field: &Field,
    taken: &TakenPaths,
    with: bool,
    type_params: &[syn::Ident],
    container_default: &SerdeDefault,
) -> DefaultValue {
    let fa = &field.attrs;
    let taken_default;
    let field_default = match &taken.default {
        Some(path) => {
            taken_default = SerdeDefault::Path(path.clone());
            &taken_default
        }
        None => fa.default(),
    };
    if fa.skip_deserializing()
        || fa.serialize_with().is_some()
        || custom_de(fa).is_some()
        || with
        || fa.flatten()
    {
        return DefaultValue::None;
    }
    let generic = !params_in(field.ty, type_params).is_empty();
    let member = || field.member.clone();
    match (field_default, container_default) {
        (SerdeDefault::Default | SerdeDefault::Path(_), _) if generic => DefaultValue::None,
        (SerdeDefault::Default, _) if is_std_option(field.ty) => DefaultValue::Null,
        (SerdeDefault::Default, _) if Prim::default_of_shape(field.ty) => DefaultValue::OfShape,
        (SerdeDefault::Default, _) => DefaultValue::OfType,
        (SerdeDefault::Path(path), _) => DefaultValue::Path(path.clone()),
        (SerdeDefault::None, _) if !type_params.is_empty() => DefaultValue::None,
        (SerdeDefault::None, SerdeDefault::Default) => DefaultValue::Container(member()),
        (SerdeDefault::None, SerdeDefault::Path(path)) => {
            DefaultValue::ContainerPath(path.clone(), member())
        }
        (SerdeDefault::None, SerdeDefault::None) => DefaultValue::None,
    }
}

/// A missing field takes a default.
pub fn has_default(field: &Field, container_default: &SerdeDefault) -> bool {
    !field.attrs.default().is_none() || !container_default.is_none()
}

/// A unit-only, externally tagged enum with a variant serde reads is a
/// select field of a form.
pub fn is_select(cont: &serde_derive_internals::ast::Container) -> bool {
    match &cont.data {
        Data::Enum(variants) => {
            matches!(cont.attrs.tag(), TagType::External)
                && variants
                    .iter()
                    .all(|v| matches!(v.style, Style::Unit) && !v.attrs.untagged())
                && variants
                    .iter()
                    .any(|v| !v.attrs.skip_deserializing() && !v.attrs.other())
        }
        Data::Struct(..) => false,
    }
}
