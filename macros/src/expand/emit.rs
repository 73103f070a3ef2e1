//! Token helpers shared by both derives. Imports only `internals`.

use crate::internals::ast::{ChronoTs, FieldAttrs};
use crate::internals::attr::{Number, SchemaAttrs};
use proc_macro2::TokenStream;
use quote::quote;
use serde_derive_internals::ast::Field;
use serde_derive_internals::attr::Default as SerdeDefault;

/// When the input has errors, a minimal impl keeps every use of the type from
/// failing too, so the user sees the real error and nothing else.
pub fn fallback_tool_schema(input: &syn::DeriveInput, krate: &syn::Path) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::ToolSchema for #ident #ty_generics #where_clause {
            const SHAPE: &'static #krate::__private::Shape = &#krate::__private::Shape::Any;
        }
    }
}

/// The marker type of a chrono `ts_*` module (see `ChronoTs`).
pub fn chrono_marker(p: &TokenStream, (unit, option): (ChronoTs, bool)) -> TokenStream {
    let marker = match unit {
        ChronoTs::Seconds => quote!(#p::chrono_ts::TsSeconds),
        ChronoTs::Milliseconds => quote!(#p::chrono_ts::TsMilliseconds),
        ChronoTs::Microseconds => quote!(#p::chrono_ts::TsMicroseconds),
        ChronoTs::Nanoseconds => quote!(#p::chrono_ts::TsNanoseconds),
    };
    if option {
        quote!(#p::Option<#marker>)
    } else {
        marker
    }
}

/// The description: `#[schema(description)]`, else the doc comment (a
/// `concat!` when it has `#[doc = expr]` parts).
pub(crate) fn opt_desc(p: &TokenStream, attrs: &SchemaAttrs) -> TokenStream {
    match &attrs.description_expr {
        Some(expr) => quote!(#p::Some(#expr)),
        None => opt_str(p, attrs.description.as_deref()),
    }
}

pub(crate) fn opt_str(p: &TokenStream, s: Option<&str>) -> TokenStream {
    match s {
        Some(s) => quote!(#p::Some(#s)),
        None => quote!(#p::None),
    }
}

/// `Some(Bound::..)` for a declared bound, or `None`.
pub(crate) fn bound(p: &TokenStream, v: Option<Number>) -> TokenStream {
    match v {
        Some(Number::Int(v)) => quote!(#p::Some(#p::Bound::Int(#v))),
        Some(Number::UInt(v)) => quote!(#p::Some(#p::Bound::UInt(#v))),
        Some(Number::Float(v)) => quote!(#p::Some(#p::Bound::Float(#v))),
        None => quote!(#p::None),
    }
}

/// `tokens` with every span set to `span`.
pub(crate) fn respan(tokens: TokenStream, span: proc_macro2::Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|tt| match tt {
            proc_macro2::TokenTree::Group(g) => {
                let mut group = proc_macro2::Group::new(g.delimiter(), respan(g.stream(), span));
                group.set_span(span);
                proc_macro2::TokenTree::Group(group)
            }
            mut other => {
                other.set_span(span);
                other
            }
        })
        .collect()
}

/// A closure producing the serialized default, when serde has one and the
/// value's type is `Serialize` (decided by autoref probing, so a type that
/// is not `Serialize` simply gets no `"default"`).
pub fn default_value(
    p: &TokenStream,
    type_params: &[syn::Ident],
    field: &Field,
    ours: &FieldAttrs,
    container_default: &SerdeDefault,
) -> TokenStream {
    let fa = &field.attrs;
    if fa.skip_deserializing()
        || fa.serialize_with().is_some()
        || crate::internals::attr::custom_de(fa).is_some()
        || ours.schema.with.is_some()
        || fa.flatten()
    {
        return quote!(#p::None);
    }
    let ty = field.ty;
    let generic = |ty: &syn::Type| !crate::internals::bound::params_in(ty, type_params).is_empty();
    let member = &field.member;
    let value = match (fa.default(), container_default) {
        (SerdeDefault::Default, _) => {
            if generic(ty) {
                return quote!(#p::None);
            }
            if ours.std_option {
                return quote!(#p::Some(#p::null_default));
            }
            // `NoDefaultOf` is in scope in the generated `const _` block.
            return quote!(#p::DefaultOf::<#ty>::FN);
        }
        (SerdeDefault::Path(path), _) => {
            if generic(ty) {
                return quote!(#p::None);
            }
            quote!(let __value: #ty = #path(); let __value = &__value;)
        }
        (SerdeDefault::None, SerdeDefault::Default) => {
            if !type_params.is_empty() {
                return quote!(#p::None);
            }
            quote!(let __container = <Self as ::core::default::Default>::default(); let __value = &__container.#member;)
        }
        (SerdeDefault::None, SerdeDefault::Path(path)) => {
            if !type_params.is_empty() {
                return quote!(#p::None);
            }
            quote!(let __container: Self = #path(); let __value = &__container.#member;)
        }
        (SerdeDefault::None, SerdeDefault::None) => return quote!(#p::None),
    };
    quote! {
        #p::Some(|| -> #p::Option<#p::Value> {
            #[allow(unused_imports)]
            use #p::{NoDefault as _, SerializeDefault as _};
            #value
            (&#p::DefaultProbe(__value)).__toolform_default()
        })
    }
}
