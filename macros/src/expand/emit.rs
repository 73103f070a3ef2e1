//! Token helpers shared by both derives. Imports only `internals`.

use crate::internals::doc::Description;
use crate::internals::model::{DefaultValue, WireType};
use crate::internals::serde_attr::ChronoTs;
use crate::internals::value::Number;
use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream};
use quote::{ToTokens, TokenStreamExt, quote};
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

/// Tokens written straight into the stream they are interpolated in.
///
/// In a proc macro every `TokenStream` concatenation is a call into the
/// compiler; a `quote!` of its own per member, interpolated in the field's
/// `quote!`, cost the derive more than everything else it does per field
/// (bench/compile_time/EXPANSION.md). Values of this type push their tokens
/// into the caller's stream; only a group (`(..)`) builds a stream.
pub(crate) struct Direct<F>(pub F);

impl<F: Fn(&mut TokenStream)> ToTokens for Direct<F> {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        (self.0)(tokens)
    }
}

/// `p::name`, every token but `p` at `span`.
pub(crate) fn push_path(t: &mut TokenStream, p: &impl ToTokens, name: &str, span: Span) {
    p.to_tokens(t);
    push_colon2(t, span);
    t.append(Ident::new(name, span));
}

pub(crate) fn push_colon2(t: &mut TokenStream, span: Span) {
    let mut joint = Punct::new(':', Spacing::Joint);
    joint.set_span(span);
    let mut alone = Punct::new(':', Spacing::Alone);
    alone.set_span(span);
    t.append(joint);
    t.append(alone);
}

pub(crate) fn push_punct(t: &mut TokenStream, c: char, span: Span) {
    let mut punct = Punct::new(c, Spacing::Alone);
    punct.set_span(span);
    t.append(punct);
}

/// `::<arg>`, every token but `arg`'s own at `span`.
fn push_turbofish(t: &mut TokenStream, span: Span, arg: &dyn ToTokens) {
    push_colon2(t, span);
    push_punct(t, '<', span);
    arg.to_tokens(t);
    push_punct(t, '>', span);
}

/// `( inner )` at `span`.
fn push_parens(t: &mut TokenStream, span: Span, inner: impl FnOnce(&mut TokenStream)) {
    let mut stream = TokenStream::new();
    inner(&mut stream);
    let mut group = Group::new(Delimiter::Parenthesis, stream);
    group.set_span(span);
    t.append(group);
}

/// `p::Some(value)`.
fn push_some(t: &mut TokenStream, p: &impl ToTokens, value: &impl ToTokens) {
    let span = Span::call_site();
    push_path(t, p, "Some", span);
    push_parens(t, span, |t| value.to_tokens(t));
}

/// The description: `#[schema(description)]`, else the doc comment (a
/// `concat!` when it has `#[doc = expr]` parts).
pub(crate) fn opt_desc<'a>(
    p: &'a impl ToTokens,
    description: &'a Description,
) -> impl ToTokens + 'a {
    Direct(move |t: &mut TokenStream| match description {
        Description::Expr(expr) => push_some(t, p, expr),
        Description::Text(text) => push_some(t, p, text),
        Description::None => push_path(t, p, "NO_STR", Span::call_site()),
    })
}

/// `p::Some("s")` or `p::NO_STR`.
pub(crate) fn opt_str<'a>(p: &'a impl ToTokens, s: Option<&'a str>) -> impl ToTokens + 'a {
    Direct(move |t: &mut TokenStream| match s {
        Some(s) => push_some(t, p, &s),
        None => push_path(t, p, "NO_STR", Span::call_site()),
    })
}

/// `Some(Bound::..)` for a declared bound, or `p::NO_BOUND`.
pub(crate) fn bound(p: &impl ToTokens, v: Option<Number>) -> TokenStream {
    match v {
        Some(Number::Int(v)) => quote!(#p::Some(#p::Bound::Int(#v))),
        Some(Number::UInt(v)) => quote!(#p::Some(#p::Bound::UInt(#v))),
        Some(Number::Float(v)) => quote!(#p::Some(#p::Bound::Float(#v))),
        None => quote!(#p::NO_BOUND),
    }
}

/// `p::Some(v)` for a declared length or count, or `p::NO_U64`.
pub(crate) fn opt_u64(p: &impl ToTokens, v: Option<u64>) -> TokenStream {
    match v {
        Some(v) => quote!(#p::Some(#v)),
        None => quote!(#p::NO_U64),
    }
}

/// A field's type as it can be named outside the type's definition, in a
/// `const _` where the type is declared: every lifetime `'static` (a check
/// of the shape does not depend on lifetimes). `None` when it mentions
/// `Self`, which only the type's own impls can name.
pub(crate) fn outside_type(tokens: TokenStream) -> Option<TokenStream> {
    let trees: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
    let mut out = TokenStream::new();
    let mut lifetime = false;
    for tt in trees {
        match tt {
            proc_macro2::TokenTree::Ident(id) if id == "Self" => return None,
            proc_macro2::TokenTree::Ident(id) if lifetime => {
                lifetime = false;
                out.extend([proc_macro2::TokenTree::Ident(proc_macro2::Ident::new(
                    "static",
                    id.span(),
                ))]);
            }
            proc_macro2::TokenTree::Group(g) => {
                lifetime = false;
                let mut group = proc_macro2::Group::new(g.delimiter(), outside_type(g.stream())?);
                group.set_span(g.span());
                out.extend([proc_macro2::TokenTree::Group(group)]);
            }
            proc_macro2::TokenTree::Punct(p) => {
                lifetime = p.as_char() == '\'';
                out.extend([proc_macro2::TokenTree::Punct(p)]);
            }
            other => {
                lifetime = false;
                out.extend([other]);
            }
        }
    }
    Some(out)
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

/// The span `syn` gives a type (`Spanned::span`: its first token's span
/// joined to its last's where the compiler joins spans, else the first's),
/// read from the tree for a path type: `Spanned::span` prints the whole
/// type into a `TokenStream` to find those tokens.
pub(crate) fn ty_span(ty: &syn::Type) -> Span {
    let syn::Type::Path(path) = ty else {
        return ty.span();
    };
    if path.qself.is_some() || path.path.leading_colon.is_some() {
        return ty.span();
    }
    let (Some(first), Some(last)) = (path.path.segments.first(), path.path.segments.last()) else {
        return ty.span();
    };
    let end = match &last.arguments {
        syn::PathArguments::None => last.ident.span(),
        syn::PathArguments::AngleBracketed(args) => args.gt_token.span,
        syn::PathArguments::Parenthesized(_) => return ty.span(),
    };
    let start = first.ident.span();
    start.join(end).unwrap_or(start)
}

/// What `shape_fn(p, ty, wire)` writes, as a table key (`packed::Table`):
/// the wire type, or which fixed type.
pub(crate) fn shape_key<'a>(
    ty: &'a syn::Type,
    wire: &'a WireType,
) -> crate::expand::packed::KeyRef<'a> {
    use crate::expand::packed::KeyRef;
    match wire {
        WireType::Skipped => KeyRef::Fixed(0),
        WireType::Own => KeyRef::Type(ty),
        WireType::With(ty) | WireType::Known(ty) => KeyRef::Type(ty),
        WireType::Chrono(unit, option) => KeyRef::Fixed(
            1 + 2 * match unit {
                ChronoTs::Seconds => 0,
                ChronoTs::Milliseconds => 1,
                ChronoTs::Microseconds => 2,
                ChronoTs::Nanoseconds => 3,
            } + u8::from(*option),
        ),
    }
}

/// `shape_fn(p, ty, wire)` as a value (`None`: the type's own), written
/// when interpolated, into the stream it is interpolated in.
pub(crate) struct ShapeFn<'a> {
    pub p: &'a Ident,
    pub ty: &'a syn::Type,
    pub wire: Option<&'a WireType>,
}

impl ToTokens for ShapeFn<'_> {
    fn to_tokens(&self, t: &mut TokenStream) {
        shape_fn(self.p, self.ty, self.wire.unwrap_or(&WireType::Own)).to_tokens(t)
    }
}

/// `shape_of::<WireType>` for one direction of a field of type `ty`, spanned
/// on the type that must implement `ToolSchema`, so a missing impl is
/// reported there.
pub(crate) fn shape_fn<'a>(
    p: &'a impl ToTokens,
    ty: &'a syn::Type,
    wire: &'a WireType,
) -> impl ToTokens + 'a {
    Direct(move |t: &mut TokenStream| {
        // `p::shape_of::<T>`, every token but `p` at `span` (as
        // `quote_spanned!` writes it).
        let shape_of = |t: &mut TokenStream, span: Span, arg: &dyn ToTokens| {
            push_path(t, p, "shape_of", span);
            push_turbofish(t, span, arg);
        };
        match wire {
            WireType::Skipped => t.extend(quote!(#p::shape_of::<()>)),
            WireType::Own => shape_of(t, ty_span(ty), ty),
            WireType::With(with) => shape_of(t, ty_span(with), with),
            WireType::Known(wire) => t.extend(quote!(#p::shape_of::<#wire>)),
            WireType::Chrono(unit, option) => {
                let wire = chrono_marker(p, (*unit, *option));
                t.extend(quote!(#p::shape_of::<#wire>))
            }
        }
    })
}

/// The serialized default of a field of type `ty`, or `None`: the type's
/// own `Default` through `DefaultOf` (no default when it is not `Default +
/// Serialize`), else a closure through `DefaultVia` (a type that is not
/// `Serialize` simply gets no `"default"`). The block the
/// derive emits imports the probe traits (`uses_default_traits`).
pub(crate) fn default_value<'a>(
    p: &'a impl ToTokens,
    ty: &'a syn::Type,
    default: &'a DefaultValue,
) -> impl ToTokens + 'a {
    Direct(move |t: &mut TokenStream| {
        let call_site = Span::call_site();
        match default {
            DefaultValue::None => return push_path(t, p, "NO_DEFAULT", call_site),
            DefaultValue::Null => {
                let null = Direct(|t: &mut TokenStream| push_path(t, p, "null_default", call_site));
                return push_some(t, p, &null);
            }
            DefaultValue::OfType => return t.extend(quote!(#p::DefaultOf::<#ty>::FN)),
            _ => {}
        }
        let value = |t: &mut TokenStream| match default {
            DefaultValue::Path(path) => {
                // `&path()`
                push_punct(t, '&', call_site);
                path.to_tokens(t);
                push_parens(t, call_site, |_| {});
            }
            DefaultValue::Container(member) => {
                t.extend(quote!(&<Self as ::core::default::Default>::default().#member))
            }
            DefaultValue::ContainerPath(path, member) => {
                t.extend(quote!(&{ let __container: Self = #path(); __container }.#member))
            }
            DefaultValue::None | DefaultValue::Null | DefaultValue::OfType => {}
        };
        // `p::Some(|| p::DefaultVia::<ty>::json(value))`
        push_some(
            t,
            p,
            &Direct(|t: &mut TokenStream| {
                push_punct(t, '|', call_site);
                push_punct(t, '|', call_site);
                push_path(t, p, "DefaultVia", call_site);
                push_turbofish(t, call_site, ty);
                push_colon2(t, call_site);
                t.append(Ident::new("json", call_site));
                push_parens(t, call_site, value);
            }),
        );
    })
}

/// What `default_value` writes for `Null` and `OfType` defaults, as a table
/// key (the other defaults are each their own).
pub(crate) fn default_key<'a>(
    ty: &'a syn::Type,
    default: &DefaultValue,
) -> crate::expand::packed::KeyRef<'a> {
    use crate::expand::packed::KeyRef;
    match default {
        DefaultValue::OfType => KeyRef::Type(ty),
        _ => KeyRef::Fixed(0),
    }
}

/// `default_value(default)` names a probe trait (`NoDefaultOf`,
/// `NoDefaultVia`), which the derives then import once per type.
pub(crate) fn uses_default_traits(default: &DefaultValue) -> bool {
    !matches!(default, DefaultValue::None | DefaultValue::Null)
}
