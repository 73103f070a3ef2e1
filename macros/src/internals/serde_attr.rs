//! What serde's own attributes (as `serde_derive_internals` reads them) and
//! a field's declared type say about the wire, read from their syntax tree:
//! the custom functions serde itself puts in, the functions whose wire type
//! is known (chrono's `ts_*` modules, `serde_with::As`, `serde_bytes`), and
//! where a serde key is, for errors about it.

use serde_derive_internals::ast::Field;
use serde_derive_internals::attr::Field as FieldAttrs;
use syn::Attribute;
use syn::spanned::Spanned;

/// chrono's `chrono::serde::ts_*` modules.
#[derive(Clone, Copy, PartialEq)]
pub enum ChronoTs {
    Seconds,
    Milliseconds,
    Microseconds,
    Nanoseconds,
}

/// Serde's own `deserialize_with` for a field, but `None` for the functions
/// serde itself puts there for `#[serde(borrow)]` on `Cow<str>` and
/// `Cow<[u8]>` (`_serde::__private::de::borrow_cow_*`): those read the
/// field's own type, not a custom wire shape.
pub fn custom_de(fa: &FieldAttrs) -> Option<&syn::ExprPath> {
    fa.deserialize_with().filter(|path| {
        let segments = &path.path.segments;
        let serde_own = segments.first().is_some_and(|s| s.ident == "_serde")
            && segments
                .last()
                .is_some_and(|s| s.ident == "borrow_cow_str" || s.ident == "borrow_cow_bytes");
        !serde_own
    })
}

/// `#[serde(borrow)]` on a `Cow<[u8]>`: serde reads it through
/// `borrow_cow_bytes`, which takes a string or bytes but not a sequence, so
/// from JSON the field is read from a string (its UTF-8 bytes), while it is
/// still written as an array of integers.
pub fn serde_borrow_bytes(fa: &FieldAttrs) -> bool {
    fa.deserialize_with().is_some_and(|path| {
        let segments = &path.path.segments;
        segments.first().is_some_and(|s| s.ident == "_serde")
            && segments
                .last()
                .is_some_and(|s| s.ident == "borrow_cow_bytes")
    })
}

/// The span of `key` inside the item's `#[serde(...)]` attributes, so an error
/// about a serde attribute points at it. Values are skipped unread.
pub fn serde_key_span(attrs: &[Attribute], key: &str) -> Option<proc_macro2::Span> {
    let mut found = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            if found.is_none() && meta.path.is_ident(key) {
                found = Some(meta.path.span());
            }
            skip_value(&meta)
        });
    }
    found
}

fn skip_value(meta: &syn::meta::ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        meta.input.parse::<syn::Token![=]>()?;
        meta.input.parse::<proc_macro2::TokenTree>()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.input.parse::<proc_macro2::TokenTree>()?;
    }
    Ok(())
}

/// `#[serde(with = "chrono::serde::ts_seconds")]` and its siblings: the wire
/// type is known without help. Both directions must use the same module.
pub fn chrono_ts(field: &Field) -> Option<(ChronoTs, bool)> {
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
        [
            "ts_seconds",
            "ts_milliseconds",
            "ts_microseconds",
            "ts_nanoseconds",
        ]
        .contains(&base)
        .then(|| (base.to_string(), option))
    };
    let ser = module(field.attrs.serialize_with())?;
    let de = module(custom_de(&field.attrs))?;
    if ser != de {
        return None;
    }
    let unit = match ser.0.as_str() {
        "ts_seconds" => ChronoTs::Seconds,
        "ts_milliseconds" => ChronoTs::Milliseconds,
        "ts_microseconds" => ChronoTs::Microseconds,
        _ => ChronoTs::Nanoseconds,
    };
    Some((unit, ser.1))
}

/// The wire type behind a serde function path whose wire type is known:
/// `<prefix>::serde_with::As::<A>::serialize` is `serde_with::As<(A, F)>`
/// (toolform implements `ToolSchema` for it through the adapter, feature
/// `serde_with`); `<prefix>::serde_bytes::serialize` is `serde_bytes::ByteBuf`
/// for byte vectors, boxes, cows and slices, `ByteArray<N>` for `[u8; N]`,
/// and `Option` of those (feature `serde_bytes`).
pub fn known_wire(path: &syn::ExprPath, field_ty: &syn::Type) -> Option<syn::Type> {
    let segments = &path.path.segments;
    let n = segments.len();
    if n < 2 || path.qself.is_some() {
        return None;
    }
    let module = &segments[n - 2];
    let mut prefix = path.path.clone();
    prefix.segments = segments.iter().take(n - 1).cloned().collect();
    if module.ident == "As" && segments.iter().any(|s| s.ident == "serde_with") {
        let syn::PathArguments::AngleBracketed(args) = &module.arguments else {
            return None;
        };
        let mut adapter = args.args.iter();
        let (Some(syn::GenericArgument::Type(adapter)), None) = (adapter.next(), adapter.next())
        else {
            return None;
        };
        if let Some(last) = prefix.segments.last_mut() {
            last.arguments =
                syn::PathArguments::AngleBracketed(syn::parse_quote!(<(#adapter, #field_ty)>));
        }
        return Some(syn::parse_quote!(#prefix));
    }
    if module.ident == "serde_bytes" && module.arguments.is_none() {
        return bytes_wire(&prefix, field_ty);
    }
    None
}

/// `serde_bytes`' wire type for a field type, through `Option`.
fn bytes_wire(module: &syn::Path, ty: &syn::Type) -> Option<syn::Type> {
    if let syn::Type::Array(array) = ty {
        let len = &array.len;
        return Some(syn::parse_quote!(#module::ByteArray<#len>));
    }
    if let syn::Type::Reference(_) = ty {
        return Some(syn::parse_quote!(#module::ByteBuf));
    }
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    let inner = match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => args.args.iter().find_map(|a| match a {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        }),
        _ => None,
    };
    match last.ident.to_string().as_str() {
        "Option" => {
            let wire = bytes_wire(module, inner?)?;
            Some(syn::parse_quote!(::core::option::Option<#wire>))
        }
        "Vec" | "Box" | "Cow" | "ByteBuf" | "Bytes" => Some(syn::parse_quote!(#module::ByteBuf)),
        _ => None,
    }
}

pub fn is_std_option(ty: &syn::Type) -> bool {
    let syn::Type::Path(ty) = ty else {
        return false;
    };
    if ty.qself.is_some() {
        return false;
    }
    let names: Vec<String> = ty
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    matches!(
        names.as_slice(),
        ["Option"] | ["std" | "core", "option", "Option"]
    ) && (ty.path.leading_colon.is_none() || names.len() == 3)
}

/// `skip_serializing_if = "Option::is_none"` (any path ending in it): the
/// field is absent exactly when it would be `null`.
pub fn skips_if_none(fa: &FieldAttrs) -> bool {
    fa.skip_serializing_if().is_some_and(|path| {
        let segments = &path.path.segments;
        let n = segments.len();
        n >= 2 && segments[n - 2].ident == "Option" && segments[n - 1].ident == "is_none"
    })
}

/// The one name serde reads and writes, when it does both under one name.
pub fn one_name(
    name: &serde_derive_internals::name::MultiName,
    skip_serializing: bool,
    skip_deserializing: bool,
) -> Option<String> {
    let (ser, de) = (name.serialize_name(), name.deserialize_name());
    (!skip_serializing && !skip_deserializing && ser.value == de.value).then(|| de.value.clone())
}
