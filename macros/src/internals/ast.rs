//! The parsed input: serde's own reading of its attributes (through
//! `serde_derive_internals`, so renames, aliases and defaults follow serde
//! exactly) joined with our `#[schema(...)]` attributes.

use super::attr::{Place, SchemaAttrs};
use super::ctxt::Ctxt;
use proc_macro2::{Ident, Span};
use serde_derive_internals::{Ctxt as SerdeCtxt, Derive, ast as serde_ast};

pub struct Container<'a> {
    pub serde: serde_ast::Container<'a>,
    pub schema: SchemaAttrs,
    pub fields: Vec<FieldAttrs>,
    /// Our attributes of each variant (enums only), in order.
    pub variants: Vec<SchemaAttrs>,
    pub krate: syn::Path,
}

/// Our attributes of one field, in the order of `serde.data`'s fields.
pub struct FieldAttrs {
    pub schema: SchemaAttrs,
    /// Decided once here: serde reads and writes the field through one of
    /// chrono's `ts_*` modules (`true`: its `_option` variant), whose wire
    /// type is known without `#[schema(with)]`.
    pub chrono: Option<(ChronoTs, bool)>,
    /// Decided once here: the field's type is written `Option<..>` (or
    /// `std::option::Option<..>`, `core::option::Option<..>`), whose
    /// `Default` is `None`, serialized as `null` without instantiating the
    /// inner type's `Serialize` (a crate that only defines its types would
    /// otherwise compile a `serde_json::Value` serializer for each).
    pub std_option: bool,
    /// Decided once here: the wire type of a direction serde handles through
    /// a function whose wire type is known (`serde_with::As::<Adapter>`, what
    /// `#[serde_as(as = "Adapter")]` expands to; the `serde_bytes` module):
    /// (serialize, deserialize).
    pub known: (Option<syn::Type>, Option<syn::Type>),
}

/// chrono's `chrono::serde::ts_*` modules.
#[derive(Clone, Copy, PartialEq)]
pub enum ChronoTs {
    Seconds,
    Milliseconds,
    Microseconds,
    Nanoseconds,
}

impl<'a> Container<'a> {
    /// Parses `input`. serde's own attribute errors are left to serde (it
    /// reports them better); `None` means serde could not read the input at
    /// all, and serde's derive will say why.
    pub fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Container<'a>> {
        let serde_cx = SerdeCtxt::new();
        let private = Ident::new("__private", Span::call_site());
        let parsed =
            serde_ast::Container::from_ast(&serde_cx, input, Derive::Deserialize, &private);
        // serde reports these itself when it derives; reporting them twice
        // would only add noise.
        let _ = serde_cx.check();
        let serde = parsed?;
        let schema = SchemaAttrs::from_attrs(cx, &input.attrs, Place::Container);
        let fields = serde
            .data
            .all_fields()
            .map(|f| FieldAttrs {
                schema: SchemaAttrs::from_attrs(cx, &f.original.attrs, Place::Field),
                chrono: chrono_ts(f),
                std_option: is_std_option(f.ty),
                known: (
                    f.attrs.serialize_with().and_then(|p| known_wire(p, f.ty)),
                    super::attr::custom_de(&f.attrs).and_then(|p| known_wire(p, f.ty)),
                ),
            })
            .collect();
        let variants = match &serde.data {
            serde_ast::Data::Enum(variants) => variants
                .iter()
                .map(|v| SchemaAttrs::from_attrs(cx, &v.original.attrs, Place::Variant))
                .collect(),
            serde_ast::Data::Struct(..) => Vec::new(),
        };
        let krate = schema
            .krate
            .clone()
            .unwrap_or_else(|| syn::parse_quote!(::toolform));
        Some(Container {
            serde,
            schema,
            fields,
            variants,
            krate,
        })
    }
}

/// `#[serde(with = "chrono::serde::ts_seconds")]` and its siblings: the wire
/// type is known without help. Both directions must use the same module.
fn chrono_ts(field: &serde_ast::Field) -> Option<(ChronoTs, bool)> {
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
    let de = module(super::attr::custom_de(&field.attrs))?;
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
fn known_wire(path: &syn::ExprPath, field_ty: &syn::Type) -> Option<syn::Type> {
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

fn is_std_option(ty: &syn::Type) -> bool {
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
