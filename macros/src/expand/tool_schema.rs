//! `#[derive(ToolSchema)]`: emits a `const` wire shape, not schema-building code.

use crate::ast::{Container, FieldAttrs};
use crate::ctxt::Ctxt;
use crate::{check, fallback};
use proc_macro2::TokenStream;
use quote::{ToTokens, quote, quote_spanned};
use serde_derive_internals::ast::{Data, Field, Style};
use serde_derive_internals::attr::Default as SerdeDefault;
use syn::spanned::Spanned;

pub fn derive(input: &syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let default_krate: syn::Path = syn::parse_quote!(::toolform);
    if let syn::Data::Union(u) = &input.data {
        cx.error_spanned_by(
            u.union_token,
            "#[derive(ToolSchema)] does not support unions: serde cannot serialize them",
        );
    }
    let cont = if cx.has_errors() {
        None
    } else {
        Container::from_ast(&cx, input)
    };
    let Some(cont) = cont else {
        // serde could not read the input; its own derive reports why.
        let mut out = fallback::tool_schema(input, &default_krate);
        if let Some(errors) = cx.into_compile_errors() {
            out.extend(errors);
        }
        return out;
    };
    check::check(&cx, &cont);
    if cx.has_errors() {
        let mut out = fallback::tool_schema(input, &cont.krate);
        out.extend(cx.into_compile_errors());
        return out;
    }
    expand(&cont)
}

fn expand(cont: &Container) -> TokenStream {
    let krate = &cont.krate;
    let p = quote!(#krate::__private);
    let ident = &cont.serde.ident;
    let generics = with_bounds(cont);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let title = opt_str(&p, cont.schema.title.as_deref());
    let description = opt_str(&p, cont.schema.description.as_deref());
    let body = body(cont, &p);

    // A `static` inside a generic fn is shared by every instantiation, so only
    // types without type or const parameters get their own; the others use the
    // runtime's cache keyed by shape.
    let own_cache = cont
        .serde
        .generics
        .params
        .iter()
        .all(|g| matches!(g, syn::GenericParam::Lifetime(_)));
    let cached = own_cache.then(|| {
        quote! {
            fn input_schema() -> &'static #p::Value {
                static SCHEMA: #p::OnceLock<#p::Value> = #p::OnceLock::new();
                SCHEMA.get_or_init(|| #p::render(<Self as #p::ToolSchema>::SHAPE, #p::Contract::Input))
            }
            fn output_schema() -> &'static #p::Value {
                static SCHEMA: #p::OnceLock<#p::Value> = #p::OnceLock::new();
                SCHEMA.get_or_init(|| #p::render(<Self as #p::ToolSchema>::SHAPE, #p::Contract::Output))
            }
        }
    });

    quote! {
        #[automatically_derived]
        impl #impl_generics #p::ToolSchema for #ident #ty_generics #where_clause {
            const SHAPE: &'static #p::Shape = &#p::Shape::Named(&#p::Named {
                type_name: #p::type_name::<Self>,
                title: #title,
                description: #description,
                body: #body,
            });
            #cached
        }
    }
}

fn body(cont: &Container, p: &TokenStream) -> TokenStream {
    let Data::Struct(style, fields) = &cont.serde.data else {
        unreachable!("enums are rejected by check")
    };
    let attrs = &cont.serde.attrs;
    let pairs: Vec<(&Field, &FieldAttrs)> = fields.iter().zip(&cont.fields).collect();
    if attrs.transparent() {
        // serde requires exactly one field that is not skipped.
        if let Some((field, ours)) = pairs
            .iter()
            .find(|(f, _)| !(f.attrs.skip_serializing() && f.attrs.skip_deserializing()))
        {
            let shape = shape_fn(p, field, ours);
            return quote!(#p::Body::Transparent(#shape));
        }
    }
    match style {
        Style::Unit => quote!(#p::Body::Unit),
        Style::Newtype => {
            let (field, ours) = pairs[0];
            let shape = shape_fn(p, field, ours);
            quote!(#p::Body::Newtype(#shape))
        }
        Style::Tuple => {
            let shapes = pairs.iter().map(|(f, o)| shape_fn(p, f, o));
            quote!(#p::Body::Tuple(&[#(#shapes),*]))
        }
        Style::Struct => {
            let deny = attrs.deny_unknown_fields();
            let fields = pairs.iter().map(|(f, o)| field(cont, p, f, o));
            quote!(#p::Body::Struct(&#p::Struct {
                fields: &[#(#fields),*],
                deny_unknown_fields: #deny,
            }))
        }
    }
}

fn field(cont: &Container, p: &TokenStream, field: &Field, ours: &FieldAttrs) -> TokenStream {
    let fa = &field.attrs;
    let rust_name = match &field.member {
        syn::Member::Named(ident) => ident.to_string(),
        syn::Member::Unnamed(index) => index.index.to_string(),
    };
    let name = fa.name();
    let ser_name = if fa.skip_serializing() {
        quote!(#p::None)
    } else {
        let n = &name.serialize_name().value;
        quote!(#p::Some(#n))
    };
    let de = &name.deserialize_name().value;
    let de_name = if fa.skip_deserializing() {
        quote!(#p::None)
    } else {
        quote!(#p::Some(#de))
    };
    let aliases = fa
        .aliases()
        .iter()
        .map(|a| a.value.clone())
        .filter(|a| a != de)
        .collect::<Vec<_>>();
    let container_default = cont.serde.attrs.default();
    let has_default = !fa.default().is_none() || !container_default.is_none();
    let default_value = default_value(cont, p, field, ours);
    let skip_if = fa.skip_serializing_if();
    let skip_serializing_if = skip_if.is_some();
    let skip_if_none = skip_if.is_some_and(|path| {
        let segments: Vec<String> = path
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        segments.ends_with(&["Option".to_string(), "is_none".to_string()])
    });
    let shape = shape_fn(p, field, ours);
    let deserialize_with = fa.deserialize_with().is_some();
    let title = opt_str(p, ours.schema.title.as_deref());
    let description = opt_str(p, ours.schema.description.as_deref());
    quote! {
        #p::Field {
            rust_name: #rust_name,
            ser_name: #ser_name,
            de_name: #de_name,
            aliases: &[#(#aliases),*],
            shape: #shape,
            deserialize_with: #deserialize_with,
            has_default: #has_default,
            default_value: #default_value,
            skip_serializing_if: #skip_serializing_if,
            skip_if_none: #skip_if_none,
            title: #title,
            description: #description,
        }
    }
}

/// `shape_of::<WireType>`, spanned on the field's type so a missing
/// `ToolSchema` impl is reported there.
fn shape_fn(p: &TokenStream, field: &Field, ours: &FieldAttrs) -> TokenStream {
    if ours.schema.with.is_none() {
        if let Some(wire) = chrono_ts(p, field) {
            return quote!(#p::shape_of::<#wire>);
        }
    }
    let ty = ours.schema.with.as_ref().unwrap_or(field.ty);
    let span = ty.span();
    quote_spanned!(span=> #p::shape_of::<#ty>)
}

/// `#[serde(with = "chrono::serde::ts_seconds")]` and its siblings: the wire
/// type is known without help. Both directions must use the same module.
pub fn chrono_ts(p: &TokenStream, field: &Field) -> Option<TokenStream> {
    let module = |path: Option<&syn::ExprPath>| -> Option<(String, bool)> {
        let segments: Vec<String> = path?
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        let n = segments.len();
        if n < 3 || !segments.iter().any(|s| s == "chrono") {
            return None;
        }
        let module = segments[n - 2].as_str();
        let (base, option) = match module.strip_suffix("_option") {
            Some(base) => (base, true),
            None => (module, false),
        };
        ["ts_seconds", "ts_milliseconds", "ts_microseconds", "ts_nanoseconds"]
            .contains(&base)
            .then(|| (base.to_string(), option))
    };
    let ser = module(field.attrs.serialize_with())?;
    let de = module(field.attrs.deserialize_with())?;
    if ser != de {
        return None;
    }
    let marker = match ser.0.as_str() {
        "ts_seconds" => quote!(#p::chrono_ts::TsSeconds),
        "ts_milliseconds" => quote!(#p::chrono_ts::TsMilliseconds),
        "ts_microseconds" => quote!(#p::chrono_ts::TsMicroseconds),
        _ => quote!(#p::chrono_ts::TsNanoseconds),
    };
    Some(if ser.1 {
        quote!(#p::Option<#marker>)
    } else {
        marker
    })
}

/// A closure producing the serialized default, when serde has one and the
/// value's type is `Serialize` (decided by autoref probing, so a type that is
/// not `Serialize` simply gets no `"default"`).
fn default_value(cont: &Container, p: &TokenStream, field: &Field, ours: &FieldAttrs) -> TokenStream {
    let fa = &field.attrs;
    if fa.skip_deserializing() || fa.serialize_with().is_some() || ours.schema.with.is_some() {
        return quote!(#p::None);
    }
    let ty = field.ty;
    let member = &field.member;
    let value = match (fa.default(), cont.serde.attrs.default()) {
        (SerdeDefault::Default, _) => {
            quote!(let __value: #ty = <#ty as ::core::default::Default>::default(); let __value = &__value;)
        }
        (SerdeDefault::Path(path), _) => quote!(let __value: #ty = #path(); let __value = &__value;),
        (SerdeDefault::None, SerdeDefault::Default) => {
            quote!(let __container = <Self as ::core::default::Default>::default(); let __value = &__container.#member;)
        }
        (SerdeDefault::None, SerdeDefault::Path(path)) => {
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

fn opt_str(p: &TokenStream, s: Option<&str>) -> TokenStream {
    match s {
        Some(s) => quote!(#p::Some(#s)),
        None => quote!(#p::None),
    }
}

/// The type's generics plus `T: ToolSchema` for every type parameter that a
/// field's wire type mentions.
fn with_bounds(cont: &Container) -> syn::Generics {
    let krate = &cont.krate;
    let mut generics = cont.serde.generics.clone();
    let params: Vec<syn::Ident> = generics.type_params().map(|t| t.ident.clone()).collect();
    let mut used = Vec::new();
    for (field, ours) in cont.serde.data.all_fields().zip(&cont.fields) {
        if field.attrs.skip_serializing() && field.attrs.skip_deserializing() {
            continue;
        }
        let ty = ours.schema.with.as_ref().unwrap_or(field.ty);
        let tokens = ty.to_token_stream().to_string();
        for param in &params {
            if !used.contains(param) && mentions(&tokens, &param.to_string()) {
                used.push(param.clone());
            }
        }
    }
    let where_clause = generics.make_where_clause();
    for param in used {
        where_clause
            .predicates
            .push(syn::parse_quote!(#param: #krate::ToolSchema));
    }
    generics
}

/// Whether `ident` occurs as a whole token in a token string.
fn mentions(tokens: &str, ident: &str) -> bool {
    tokens
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|t| t == ident)
}
