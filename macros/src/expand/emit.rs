//! Token helpers shared by both derives. Imports only `internals`.

use crate::internals::doc::Description;
use crate::internals::model::{DefaultValue, WireType};
use crate::internals::serde_attr::ChronoTs;
use crate::internals::value::Number;
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use syn::spanned::Spanned;

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
pub fn chrono_marker(p: &impl ToTokens, (unit, option): (ChronoTs, bool)) -> TokenStream {
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
pub(crate) fn opt_desc(p: &impl ToTokens, description: &Description) -> TokenStream {
    match description {
        Description::Expr(expr) => quote!(#p::Some(#expr)),
        Description::Text(text) => quote!(#p::Some(#text)),
        Description::None => quote!(#p::NO_STR),
    }
}

pub(crate) fn opt_str(p: &impl ToTokens, s: Option<&str>) -> TokenStream {
    match s {
        Some(s) => quote!(#p::Some(#s)),
        None => quote!(#p::NO_STR),
    }
}

/// `Some(Bound::..)` for a declared bound, or `None`.
pub(crate) fn bound(p: &impl ToTokens, v: Option<Number>) -> TokenStream {
    match v {
        Some(Number::Int(v)) => quote!(#p::Some(#p::Bound::Int(#v))),
        Some(Number::UInt(v)) => quote!(#p::Some(#p::Bound::UInt(#v))),
        Some(Number::Float(v)) => quote!(#p::Some(#p::Bound::Float(#v))),
        None => quote!(#p::None),
    }
}

/// `tokens` with every span set to `span`.
pub(crate) fn respan(tokens: TokenStream, span: Span) -> TokenStream {
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

/// `shape_of::<WireType>` for one direction of a field of type `ty`, spanned
/// on the type that must implement `ToolSchema`, so a missing impl is
/// reported there.
pub(crate) fn shape_fn(p: &impl ToTokens, ty: &syn::Type, wire: &WireType) -> TokenStream {
    match wire {
        WireType::Skipped => quote!(#p::shape_of::<()>),
        WireType::Own => quote_spanned!(ty.span()=> #p::shape_of::<#ty>),
        WireType::With(with) => quote_spanned!(with.span()=> #p::shape_of::<#with>),
        WireType::Known(wire) => quote!(#p::shape_of::<#wire>),
        WireType::Chrono(unit, option) => {
            let wire = chrono_marker(p, (*unit, *option));
            quote!(#p::shape_of::<#wire>)
        }
    }
}

/// The serialized default of a field of type `ty`, or `None`: the type's
/// own `Default` through `DefaultOf` (no default when it is not `Default +
/// Serialize`), else a closure through `DefaultVia` (a type that is not
/// `Serialize` simply gets no `"default"`). The block the
/// derive emits imports `default_traits`.
pub(crate) fn default_value(
    p: &impl ToTokens,
    ty: &syn::Type,
    default: &DefaultValue,
) -> TokenStream {
    let value = match default {
        DefaultValue::None => return quote!(#p::NO_DEFAULT),
        DefaultValue::Null => return quote!(#p::Some(#p::null_default)),
        DefaultValue::OfType => return quote!(#p::DefaultOf::<#ty>::FN),
        DefaultValue::Path(path) => quote!(&#path()),
        DefaultValue::Container(member) => {
            quote!(&<Self as ::core::default::Default>::default().#member)
        }
        DefaultValue::ContainerPath(path, member) => {
            quote!(&{ let __container: Self = #path(); __container }.#member)
        }
    };
    quote!(#p::Some(|| #p::DefaultVia::<#ty>::json(#value)))
}

/// The traits `default_value` needs in scope, imported once per derive.
pub(crate) fn default_traits(p: &impl ToTokens) -> TokenStream {
    quote! {
        #[allow(unused_imports)]
        use #p::{NoDefaultOf as _, NoDefaultVia as _};
    }
}
