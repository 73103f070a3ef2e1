//! The compile-time checks emitted beside the impl, each a `const` at the key
//! it checks: ranges within the type, header wire types, examples of the
//! wire type; and schemars' derive beside this one.

use crate::expand::emit;
use crate::internals::bound::params_in;
use crate::internals::fit::{Fit, Known};
use crate::internals::model::{Container, WireType};
use crate::internals::value::{Literal, Number};
use proc_macro2::TokenStream;
use quote::ToTokens;
use quote::quote;

/// The span of `JsonSchema` in a `#[derive(..)]` the derive can see: a
/// derive list after the one naming `ToolSchema` (rustc passes neither the
/// list being expanded nor the ones before it: ui-test json_schema_twice).
pub(super) fn json_schema_derive(attrs: &[syn::Attribute]) -> Option<proc_macro2::Span> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .filter_map(|a| {
            a.parse_args_with(
                syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
            )
            .ok()
        })
        .flatten()
        .find_map(|p| {
            p.segments
                .last()
                .filter(|s| s.ident == "JsonSchema")
                .map(|s| s.ident.span())
        })
}

/// `#[schema(range(..))]` on an integer field: each bound must lie within the
/// field's type, where its tokens do not decide it (`internals::fit`): one `const` per range, at the `range` key, for fields whose
/// type has no type parameter (it is evaluated where the type is declared).
pub(super) fn range_checks(cont: &Container) -> TokenStream {
    let krate = &cont.krate;
    let p = quote!(#krate::__private);
    let mut out = TokenStream::new();
    for ours in &cont.fields {
        let (Some(ty), Some(c)) = (&ours.range_check, ours.attrs.constraints.as_ref()) else {
            continue;
        };
        // A range the type's tokens decide is left out (`internals::fit`;
        // one outside was reported by `check`).
        let known = Known::of(ty);
        let Some(ty) = emit::outside_type(ty.to_token_stream()) else {
            continue;
        };
        for (path, range) in c.ranges() {
            if !matches!(known.range_fits(&path, range.min, range.max), Fit::Unknown) {
                continue;
            }
            let min = emit::bound(&p, range.min);
            let max = emit::bound(&p, range.max);
            // Inside `items(..)`/`values(..)`: the shape is walked to the
            // bounded type (a step it lacks is the type assertion's error).
            let check = if path.is_empty() {
                quote!(const _: () = #p::check_range::<#ty>(#min, #max);)
            } else {
                quote!(const _: () = #p::check_range_within::<#ty>(&[#(#path),*], #min, #max);)
            };
            out.extend(emit::respan(check, range.span));
        }
    }
    out
}

/// `#[schema(header = "..")]`: the field's wire type (as serde reads it) must
/// be a string, a safe integer or a boolean (`check_header` in the runtime),
/// at the `header` key, for wire types without a type parameter (evaluated
/// where the type is declared). Rules across types (no two annotations one
/// input schema reaches share a name; none under items, a variant or
/// `$defs`) are checked on the rendered schema: `toolform::headers::check_type`.
pub(super) fn header_checks(cont: &Container) -> TokenStream {
    let krate = &cont.krate;
    let p = quote!(#krate::__private);
    let mut out = TokenStream::new();
    let params = &cont.type_params;
    for (field, ours) in cont.serde.data.all_fields().zip(&cont.fields) {
        let Some(h) = ours
            .attrs
            .constraints
            .as_ref()
            .and_then(|c| c.header.as_ref())
        else {
            continue;
        };
        let ty = match &ours.de {
            WireType::Own => field.ty.to_token_stream(),
            WireType::With(ty) | WireType::Known(ty) => ty.to_token_stream(),
            WireType::Chrono(unit, option) => emit::chrono_marker(&p, (*unit, *option)),
            WireType::Skipped => continue,
        };
        let generic = match &ours.de {
            WireType::Own => !params_in(field.ty, params).is_empty(),
            WireType::With(ty) | WireType::Known(ty) => !params_in(ty, params).is_empty(),
            _ => false,
        };
        if generic {
            continue;
        }
        let Some(ty) = emit::outside_type(ty) else {
            continue;
        };
        let range = ours.attrs.constraints.as_ref().and_then(|c| c.range);
        let min = emit::bound(&p, range.and_then(|r| r.min));
        let max = emit::bound(&p, range.and_then(|r| r.max));
        out.extend(emit::respan(
            quote!(const _: () = #p::check_header::<#ty>(#min, #max);),
            h.key,
        ));
    }
    out
}

/// `#[schema(example = ..)]` must be a value of the field's wire type, in
/// each direction serde uses the field: one `const` per example and wire
/// type, at the example, for wire types that mention no type or const
/// parameter (it is evaluated where the type is declared). What the shape
/// cannot tell at compile time is accepted (see `check_example`).
pub(super) fn example_checks(cont: &Container) -> TokenStream {
    let krate = &cont.krate;
    let p = quote!(#krate::__private);
    let params: Vec<syn::Ident> = cont
        .serde
        .generics
        .params
        .iter()
        .filter_map(|g| match g {
            syn::GenericParam::Type(t) => Some(t.ident.clone()),
            syn::GenericParam::Const(c) => Some(c.ident.clone()),
            syn::GenericParam::Lifetime(_) => None,
        })
        .collect();
    let named = |ty: &syn::Type| {
        params_in(ty, &params)
            .is_empty()
            .then(|| ty.to_token_stream())
    };
    let mut out = TokenStream::new();
    for (field, ours) in cont.serde.data.all_fields().zip(&cont.fields) {
        let Some(c) = ours
            .attrs
            .constraints
            .as_ref()
            .filter(|c| !c.examples.is_empty())
        else {
            continue;
        };
        let mut wires: Vec<TokenStream> = Vec::new();
        for wire in [&ours.de, &ours.ser] {
            let ty = match wire {
                WireType::Skipped => None,
                WireType::Own => named(field.ty),
                WireType::With(ty) | WireType::Known(ty) => named(ty),
                WireType::Chrono(unit, option) => Some(emit::chrono_marker(&p, (*unit, *option))),
            };
            let Some(ty) = ty.and_then(emit::outside_type) else {
                continue;
            };
            let text = ty.to_string();
            if !wires.iter().any(|w| w.to_string() == text) {
                wires.push(ty);
            }
        }
        for (example, span) in &c.examples {
            let example = match example {
                Literal::Str(s) => {
                    let chars = s.chars().count() as u64;
                    quote!(#p::Example::Str(#s, #chars))
                }
                Literal::Num(Number::Int(v)) => quote!(#p::Example::Number(#p::Bound::Int(#v))),
                Literal::Num(Number::UInt(v)) => quote!(#p::Example::Number(#p::Bound::UInt(#v))),
                Literal::Num(Number::Float(v)) => {
                    quote!(#p::Example::Number(#p::Bound::Float(#v)))
                }
                Literal::Bool(_) => quote!(#p::Example::Bool),
            };
            for ty in &wires {
                out.extend(emit::respan(
                    quote!(const _: () = #p::check_example::<#ty>(#example);),
                    *span,
                ));
            }
        }
    }
    out
}
