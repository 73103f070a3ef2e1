//! The rules of a form (`#[derive(ElicitForm)]`), each reported at the token
//! at fault, and the form's model.

use super::decide;
use crate::internals::ast::Container;
use crate::internals::attr::{FormAttrs, FormFieldAttrs};
use crate::internals::ctxt::Ctxt;
use crate::internals::fit::{Fit, Known};
use crate::internals::model::{self, DefaultValue};
use crate::internals::serde_attr::{custom_de, serde_key_span};
use crate::internals::value::{Literal, Number};
use serde_derive_internals::ast::{Data, Field, Style};
use syn::spanned::Spanned;

/// Every rule of a form; the model, when there is no error. `elicit` holds
/// the `#[elicit(...)]` of each field, in order.
pub fn check_form<'a>(
    cx: &Ctxt,
    cont: Container<'a>,
    form: FormAttrs,
    elicit: Vec<FormFieldAttrs>,
) -> Option<model::Form<'a>> {
    not_transparent(cx, &cont);
    no_conversion(cx, &cont);
    let Data::Struct(Style::Struct, fields) = &cont.serde.data else {
        return None;
    };
    let container_default = cont.serde.attrs.default();
    let type_params = cont.type_params();
    let mut out = Vec::with_capacity(fields.len());
    let fields_taken = fields.iter().zip(elicit).zip(&cont.fields).zip(&cont.taken);
    for (((field, ours), schema), taken) in fields_taken {
        let read = !field.attrs.skip_deserializing();
        if read {
            not_flattened(cx, field);
            no_custom_function(cx, field);
            if let Some((fill, span)) = &ours.fill {
                default_in_rules(cx, &ours, fill, *span);
            }
            range_fits_type(cx, field, &ours);
        }
        let name = field.attrs.name().deserialize_name().value.clone();
        let aliases = field
            .attrs
            .aliases()
            .iter()
            .map(|a| a.value.clone())
            .filter(|a| *a != name)
            .collect();
        let default = if ours.fill.is_some() {
            DefaultValue::None
        } else {
            let with = schema.with.is_some();
            decide::default_value(field, taken, with, &type_params, container_default)
        };
        out.push(model::FormField {
            read,
            name,
            aliases,
            ty: field.ty,
            prim: crate::internals::prim::Prim::of(field.ty),
            default,
            has_default: decide::has_default(field, container_default),
            attrs: ours,
        });
    }
    if cx.has_errors() {
        return None;
    }
    let krate = form
        .krate
        .unwrap_or_else(crate::internals::ast::toolform_path);
    Some(model::Form {
        serde: cont.serde,
        krate,
        fields: out,
    })
}

/// The span of `key` in the type's `#[serde(...)]`, else the type's name.
fn container_key(cont: &Container, key: &str) -> proc_macro2::Span {
    let original = cont.serde.original;
    serde_key_span(&original.attrs, key).unwrap_or(original.ident.span())
}

/// Why: serde reads a `transparent` struct as its one field's value, not as
/// an object of fields.
fn not_transparent(cx: &Ctxt, cont: &Container) {
    if cont.serde.attrs.transparent() {
        cx.syn_error(syn::Error::new(
            container_key(cont, "transparent"),
            "a `transparent` struct is not a form: serde reads it as its one field's value, \
             not as an object of fields",
        ));
    }
}

/// Why: `from`/`try_from` make serde read another type (`into` only shapes
/// what serde writes, and a form is only read).
fn no_conversion(cx: &Ctxt, cont: &Container) {
    for key in ["from", "try_from"] {
        if serde_key_span(&cont.serde.original.attrs, key).is_some() {
            cx.syn_error(syn::Error::new(
                container_key(cont, key),
                format!(
                    "#[serde({key} = ..)] makes serde read another type, which the form cannot \
                     describe"
                ),
            ));
        }
    }
}

/// The span of `key` in the field's `#[serde(...)]`, else the field.
fn field_key(field: &Field, key: &str) -> proc_macro2::Span {
    serde_key_span(&field.original.attrs, key).unwrap_or(field.original.span())
}

/// Why: a form is flat.
fn not_flattened(cx: &Ctxt, field: &Field) {
    if field.attrs.flatten() {
        cx.syn_error(syn::Error::new(
            field_key(field, "flatten"),
            "a form is flat: a flattened field would nest another type's fields; \
             declare those fields in this struct instead",
        ));
    }
}

/// Why: a custom function reads a type the form grammar does not know.
fn no_custom_function(cx: &Ctxt, field: &Field) {
    if custom_de(&field.attrs).is_some() {
        let span = serde_key_span(&field.original.attrs, "deserialize_with")
            .unwrap_or(field_key(field, "with"));
        cx.syn_error(syn::Error::new(
            span,
            "a form field read by a custom serde function has no known form type; \
             use a field type from the form grammar and convert after parsing",
        ));
    }
}

/// Why: a bound outside the type's own range (`range(max = 999)` on `u8`)
/// advertises values serde refuses (`fit`; the rest is left to the `const`
/// check).
fn range_fits_type(cx: &Ctxt, field: &Field, ours: &FormFieldAttrs) {
    if let Some(r) = ours.range
        && let Fit::Outside(why) = Known::of(field.ty).range_fits(&[], r.min, r.max)
    {
        cx.syn_error(syn::Error::new(r.span, why));
    }
}

/// Why: the form's validator would reject its own default.
fn default_in_rules(cx: &Ctxt, ours: &FormFieldAttrs, fill: &Literal, span: proc_macro2::Span) {
    match fill {
        Literal::Num(n) => {
            use std::cmp::Ordering::{Greater, Less};
            let Some(range) = ours.range else { return };
            let below = range.min.is_some_and(|m| n.exact_cmp(m) == Less);
            let above = range.max.is_some_and(|m| n.exact_cmp(m) == Greater);
            if below || above {
                cx.syn_error(syn::Error::new(
                    span,
                    format!(
                        "the default {} is outside `range({})`",
                        fill.to_json(),
                        range_text(range.min, range.max)
                    ),
                ));
            }
        }
        Literal::Str(s) => {
            let len = s.chars().count() as u64;
            if let Some(length) = ours.length
                && (length.min.is_some_and(|m| len < m) || length.max.is_some_and(|m| len > m))
            {
                cx.syn_error(syn::Error::new(
                    span,
                    format!(
                        "the default is {len} characters long, outside `length({})`",
                        range_text(length.min.map(Number::UInt), length.max.map(Number::UInt))
                    ),
                ));
            }
            if let Some((format, _)) = ours.format
                && !format.is_valid(s)
            {
                cx.syn_error(syn::Error::new(
                    span,
                    format!(
                        "the default {} is not a valid `{}`: the form's validator would reject \
                         its own default",
                        fill.to_json(),
                        format.name()
                    ),
                ));
            }
        }
        Literal::Bool(_) => {}
    }
}

pub(super) fn range_text(min: Option<Number>, max: Option<Number>) -> String {
    let show = |n: Number| match n {
        Number::Int(v) => v.to_string(),
        Number::UInt(v) => v.to_string(),
        Number::Float(v) => v.to_string(),
    };
    match (min, max) {
        (Some(a), Some(b)) => format!("min = {}, max = {}", show(a), show(b)),
        (Some(a), None) => format!("min = {}", show(a)),
        (None, Some(b)) => format!("max = {}", show(b)),
        (None, None) => String::new(),
    }
}
