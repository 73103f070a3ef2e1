//! Token helpers shared by both derives. Imports only `internals`.

use crate::expand::write::W;
use crate::internals::doc::Description;
use crate::internals::model::{DefaultValue, WireType};
use crate::internals::serde_attr::ChronoTs;
use crate::internals::value::Number;
use proc_macro2::{Delimiter, Ident, Span, TokenStream};
use quote::{ToTokens, quote};
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

/// The description: `#[schema(description)]`, else the doc comment (a
/// `concat!` when it has `#[doc = expr]` parts).
pub(crate) fn opt_desc<'a>(p: &'a syn::Ident, description: &'a Description) -> impl ToTokens + 'a {
    Direct(move |t: &mut TokenStream| W::into_stream(t, |w| write_opt_desc(w, p, description)))
}

/// [`opt_desc`], written by `w`.
pub(crate) fn write_opt_desc(w: &mut W, p: &syn::Ident, description: &Description) {
    match description {
        Description::Expr(expr) => {
            w.p(p, "Some");
            w.group(Delimiter::Parenthesis, |w| w.tokens(expr));
        }
        Description::Text(text) => write_opt_str(w, p, Some(text)),
        Description::None => w.p(p, "NO_STR"),
    }
}

/// `p::Some("s")` or `p::NO_STR`.
pub(crate) fn opt_str<'a>(p: &'a syn::Ident, s: Option<&'a str>) -> impl ToTokens + 'a {
    Direct(move |t: &mut TokenStream| W::into_stream(t, |w| write_opt_str(w, p, s)))
}

/// [`opt_str`], written by `w`.
pub(crate) fn write_opt_str(w: &mut W, p: &syn::Ident, s: Option<&str>) {
    match s {
        Some(s) => {
            w.p(p, "Some");
            w.group(Delimiter::Parenthesis, |w| w.str_lit(s));
        }
        None => w.p(p, "NO_STR"),
    }
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

impl ShapeFn<'_> {
    pub(crate) fn write(&self, w: &mut W) {
        write_shape_fn(w, self.p, self.ty, self.wire.unwrap_or(&WireType::Own));
    }
}

/// `shape_of::<WireType>` for one direction of a field of type `ty`, spanned
/// on the type that must implement `ToolSchema`, so a missing impl is
/// reported there.
pub(crate) fn shape_fn<'a>(
    p: &'a syn::Ident,
    ty: &'a syn::Type,
    wire: &'a WireType,
) -> impl ToTokens + 'a {
    Direct(move |t: &mut TokenStream| W::into_stream(t, |w| write_shape_fn(w, p, ty, wire)))
}

/// [`shape_fn`], written by `w`.
pub(crate) fn write_shape_fn(w: &mut W, p: &syn::Ident, ty: &syn::Type, wire: &WireType) {
    // `p::shape_of::<T>`, every token but `p` and `T`'s own at `span` (as
    // `quote_spanned!` writes it).
    let shape_of = |w: &mut W, span: Span, arg: &syn::Type| {
        w.syn_ident(p);
        w.colon2_at(span);
        w.ident_at("shape_of", span);
        w.colon2_at(span);
        w.punct_spanned('<', span);
        w.ty(arg);
        w.punct_spanned('>', span);
    };
    let fixed = |w: &mut W, arg: &dyn Fn(&mut W)| {
        w.p(p, "shape_of");
        w.turbofish(arg);
    };
    match wire {
        WireType::Skipped => fixed(w, &|w| w.group(Delimiter::Parenthesis, |_| {})),
        WireType::Own => shape_of(w, ty_span(ty), ty),
        WireType::With(with) => shape_of(w, ty_span(with), with),
        WireType::Known(wire) => fixed(w, &|w| w.ty(wire)),
        WireType::Chrono(unit, option) => {
            fixed(w, &|w| w.tokens(&chrono_marker(p, (*unit, *option))))
        }
    }
}

/// The serialized default of a field of type `ty`, as the member of a
/// listed field: `p::NO_DEFAULT`, or `p::Some { 0: entry }` with the entry
/// [`write_default`] writes (braced, so the entry's temporary lives as long
/// as the constant on every supported compiler).
pub(crate) fn default_value<'a>(
    p: &'a syn::Ident,
    ty: &'a syn::Type,
    default: &'a DefaultValue,
    lifetimes: bool,
) -> impl ToTokens + 'a {
    Direct(move |t: &mut TokenStream| {
        W::into_stream(t, |w| {
            if let DefaultValue::None = default {
                return w.p(p, "NO_DEFAULT");
            }
            w.p(p, "Some");
            w.group(Delimiter::Brace, |w| {
                w.tokens(&proc_macro2::Literal::usize_unsuffixed(0));
                w.punct(':');
                write_default(w, p, ty, default, lifetimes);
            });
        })
    })
}

/// A default as an entry of a packed table, written when the table is.
pub(crate) struct DefaultFn<'a> {
    pub p: &'a Ident,
    pub ty: &'a syn::Type,
    pub default: &'a DefaultValue,
    /// The type has lifetime parameters (see [`write_default`]).
    pub lifetimes: bool,
}

impl DefaultFn<'_> {
    pub(crate) fn write(&self, w: &mut W) {
        write_default(w, self.p, self.ty, self.default, self.lifetimes);
    }
}

/// A default (not `None`) as a `&'static dyn DefaultJson`, asking the
/// compiler whether the value can be shown by naming a probe function (the
/// runtime's `__private::defaults`):
///
/// ```text
/// &p::null_default                                   // Option, `null`
/// &p::of(p::Of::<ty>::default)                        // the type's own Default
/// &p::via(path, p::Via::<ty>::default)                // a function's value
/// &p::via(|| <Self as Default>::default().member, p::Via::<ty>::default)
/// ```
///
/// No closure per field but for a container's default: the entry is a
/// runtime function generic over `ty` alone. A type with lifetime
/// parameters has its function's value shown through a closure coerced to
/// a `fn` pointer, which is `'static` where `ty` is not:
/// `&((|| p::via(..).json()) as fn() -> p::Option<p::Value>)`.
pub(crate) fn write_default(
    w: &mut W,
    p: &syn::Ident,
    ty: &syn::Type,
    default: &DefaultValue,
    lifetimes: bool,
) {
    if let DefaultValue::None = default {
        // Never a table's entry nor written by `default_value`.
        return;
    }
    w.punct('&');
    match default {
        DefaultValue::None => {}
        DefaultValue::Null => w.p(p, "null_default"),
        DefaultValue::OfType | DefaultValue::OfShape => {
            w.p(p, "of");
            w.group(Delimiter::Parenthesis, |w| probe(w, p, "Of", ty));
        }
        DefaultValue::Path(_) | DefaultValue::Container(_) | DefaultValue::ContainerPath(..)
            if lifetimes =>
        {
            w.group(Delimiter::Parenthesis, |w| {
                w.group(Delimiter::Parenthesis, |w| {
                    w.punct('|');
                    w.punct('|');
                    via(w, p, ty, default);
                    w.punct('.');
                    w.ident("json");
                    w.group(Delimiter::Parenthesis, |_| {});
                });
                w.ident("as");
                w.tokens(&quote!(fn() -> #p::Option<#p::Value>));
            })
        }
        DefaultValue::Path(_) | DefaultValue::Container(_) | DefaultValue::ContainerPath(..) => {
            via(w, p, ty, default)
        }
    }
}

/// `p::via(value, p::Via::<ty>::default)`: `value` is the path of the
/// default function, or a closure reading the container's default.
fn via(w: &mut W, p: &syn::Ident, ty: &syn::Type, default: &DefaultValue) {
    w.p(p, "via");
    w.group(Delimiter::Parenthesis, |w| {
        match default {
            DefaultValue::Path(path) => w.tokens(path),
            DefaultValue::Container(member) => {
                w.tokens(&quote!(|| <Self as ::core::default::Default>::default().#member))
            }
            DefaultValue::ContainerPath(path, member) => {
                w.tokens(&quote!(|| { let __container: Self = #path(); __container }.#member))
            }
            DefaultValue::None
            | DefaultValue::Null
            | DefaultValue::OfType
            | DefaultValue::OfShape => {}
        }
        w.punct(',');
        probe(w, p, "Via", ty);
    });
}

/// `p::Probe::<ty>::default`.
fn probe(w: &mut W, p: &syn::Ident, name: &str, ty: &syn::Type) {
    w.p(p, name);
    w.turbofish(|w| w.ty(ty));
    w.colon2();
    w.ident("default");
}

/// What `default_value` writes for `Null` and `OfType` defaults, as a table
/// key (the other defaults are each their own).
pub(crate) fn default_key<'a>(
    ty: &'a syn::Type,
    default: &DefaultValue,
) -> crate::expand::packed::KeyRef<'a> {
    use crate::expand::packed::KeyRef;
    match default {
        DefaultValue::OfType | DefaultValue::OfShape => KeyRef::Type(ty),
        _ => KeyRef::Fixed(0),
    }
}

/// The one `impl` both derives write for a type, with its one constant:
///
/// ```text
/// #[automatically_derived]
/// impl<..> krate::module::Trait for Ident<..> where .. {
///     const CONSTANT: &'static krate::module::Type = &{
///         use krate::__private as __tf;
///         static CACHE: __tf::CacheType = __tf::CacheType::EMPTY; // with a cache
///         value
///     };
///     after
/// }
/// ```
///
/// The alias of toolform's private module and the cache `static` are
/// items inside the constant's block, not a `const _` block of
/// their own: every item is one more thing each build after an edit lowers,
/// hashes and reloads (bench/compile_time/EXPANSION.md).
pub(crate) struct TraitImpl<'a> {
    pub krate: &'a syn::Path,
    pub generics: &'a syn::Generics,
    pub ident: &'a Ident,
    /// `[module, Trait]` and `[module, Type]` under the crate's path.
    pub trait_path: [&'a str; 2],
    pub constant: &'a str,
    pub ty: [&'a str; 2],
    /// `(name, type)` of the cache `static`.
    pub cache: Option<(&'a str, &'a str)>,
}

impl TraitImpl<'_> {
    pub(crate) fn write(
        &self,
        w: &mut W,
        p: &Ident,
        value: impl FnOnce(&mut W),
        after: impl FnOnce(&mut W),
    ) {
        let (impl_generics, ty_generics, where_clause) = self.generics.split_for_impl();
        w.punct('#');
        w.group(Delimiter::Bracket, |w| w.ident("automatically_derived"));
        w.ident("impl");
        w.tokens(&impl_generics);
        w.syn_path(self.krate);
        w.colon2();
        w.path(&self.trait_path);
        w.ident("for");
        w.syn_ident(self.ident);
        w.tokens(&ty_generics);
        w.tokens(&where_clause);
        w.group(Delimiter::Brace, |w| {
            w.ident("const");
            w.ident(self.constant);
            w.punct(':');
            w.punct('&');
            w.lifetime("static");
            w.syn_path(self.krate);
            w.colon2();
            w.path(&self.ty);
            w.punct('=');
            w.punct('&');
            w.group(Delimiter::Brace, |w| {
                // use krate::__private as __tf;
                w.ident("use");
                w.syn_path(self.krate);
                w.colon2();
                w.ident("__private");
                w.ident("as");
                w.syn_ident(p);
                w.punct(';');
                if let Some((name, ty)) = self.cache {
                    w.ident("static");
                    w.ident(name);
                    w.punct(':');
                    w.p(p, ty);
                    w.punct('=');
                    w.p(p, ty);
                    w.colon2();
                    w.ident("EMPTY");
                    w.punct(';');
                }
                value(w);
            });
            w.punct(';');
            after(w);
        });
    }
}
