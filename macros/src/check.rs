//! Rules that span several attributes, each reported at the token at fault.

use crate::ast::Container;
use crate::attr::serde_key_span;
use crate::ctxt::Ctxt;
use crate::expand::tool_schema::chrono_ts;
use quote::quote;
use serde_derive_internals::ast::{Data, Style};
use serde_derive_internals::attr::TagType;
use syn::spanned::Spanned;

pub fn check(cx: &Ctxt, cont: &Container) {
    let attrs = &cont.serde.attrs;
    let original = cont.serde.original;
    let at = |key: &str| serde_key_span(&original.attrs, key).unwrap_or(original.ident.span());
    if attrs.remote().is_some() {
        cx.syn_error(syn::Error::new(
            at("remote"),
            "#[serde(remote = ..)] is not supported by #[derive(ToolSchema)]: derive it on the \
             type serde actually reads and writes",
        ));
    }
    if let Some(span) = cont.schema.titled {
        let all_unit = match &cont.serde.data {
            Data::Enum(variants) => variants.iter().all(|v| matches!(v.style, Style::Unit)),
            Data::Struct(..) => false,
        };
        if !all_unit {
            cx.syn_error(syn::Error::new(
                span,
                "`titled` applies to enums whose variants are all unit variants",
            ));
        }
    }
    match &cont.serde.data {
        Data::Struct(style, _) => {
            if let (Style::Struct, false) = (style, matches!(attrs.tag(), TagType::External)) {
                cx.syn_error(syn::Error::new(
                    at("tag"),
                    "#[serde(tag = ..)] on a struct is not supported by #[derive(ToolSchema)]: \
                     serde writes the tag but does not require it on input; use an enum with one \
                     variant to make the tag part of the wire",
                ));
            }
        }
        Data::Enum(variants) => {
            for (variant, ours) in variants.iter().zip(&cont.variants) {
                if ours.with.is_some() {
                    continue;
                }
                let va = &variant.attrs;
                for (custom, key) in [
                    (va.serialize_with(), "serialize_with"),
                    (va.deserialize_with(), "deserialize_with"),
                ] {
                    if custom.is_some() {
                        let span = serde_key_span(&variant.original.attrs, key)
                            .or_else(|| serde_key_span(&variant.original.attrs, "with"))
                            .unwrap_or(variant.ident.span());
                        cx.syn_error(syn::Error::new(
                            span,
                            "#[derive(ToolSchema)] cannot see the wire shape a custom serde \
                             function gives a whole variant; move the function to the variant's \
                             field (`#[serde(with = ..)]` on the field) and name the field's wire \
                             type with #[schema(with = WireType)]",
                        ));
                        break;
                    }
                }
            }
        }
    }
    let style = match &cont.serde.data {
        Data::Struct(style, _) => Some(*style),
        Data::Enum(_) => None,
    };
    let mut flatten_seen = false;
    for (field, ours) in cont.serde.data.all_fields().zip(&cont.fields) {
        let fa = &field.attrs;
        let fattrs = &field.original.attrs;
        let span_of = |key: &str| serde_key_span(fattrs, key).unwrap_or(field.original.span());
        if fa.flatten() {
            flatten_seen = true;
        }
        let known = chrono_ts(&quote!(), field).is_some();
        if ours.schema.with.is_none() && !known {
            for (custom, key, skipped) in [
                (fa.serialize_with(), "serialize_with", fa.skip_serializing()),
                (
                    fa.deserialize_with(),
                    "deserialize_with",
                    fa.skip_deserializing(),
                ),
            ] {
                if custom.is_some() && !skipped {
                    let (span, used) = match serde_key_span(fattrs, key) {
                        Some(span) => (span, key),
                        None => (span_of("with"), "with"),
                    };
                    cx.syn_error(syn::Error::new(
                        span,
                        format!(
                            "#[serde({used} = ..)] {verb} this field through a custom function, \
                             so its wire type is unknown; name it with #[schema(with = WireType)], \
                             e.g. #[schema(with = String)] when the function {verb} a string",
                            verb = match used {
                                "serialize_with" => "writes",
                                "deserialize_with" => "reads",
                                _ => "reads and writes",
                            }
                        ),
                    ));
                    break;
                }
            }
        }
        // Positions without a name (newtype, tuple, transparent, tuple and
        // newtype variants) have one shape for both directions.
        let positional = !matches!(field.member, syn::Member::Named(_))
            || (attrs.transparent() && matches!(style, Some(Style::Struct)));
        if positional && fa.serialize_with().is_some() != fa.deserialize_with().is_some() {
            let key = if fa.serialize_with().is_some() {
                "serialize_with"
            } else {
                "deserialize_with"
            };
            cx.syn_error(syn::Error::new(
                span_of(key),
                format!(
                    "#[serde({key} = ..)] on one direction only is supported on named fields: \
                     here serde would read and write different shapes at one position; use \
                     #[serde(with = module)] for both directions"
                ),
            ));
        }
        if matches!(style, Some(Style::Tuple)) && (fa.skip_serializing() || fa.skip_deserializing())
        {
            cx.syn_error(syn::Error::new(
                span_of("skip"),
                "skipped fields in tuple structs are not supported by #[derive(ToolSchema)]: \
                 the array length would differ between directions",
            ));
        }
    }
    if flatten_seen && attrs.deny_unknown_fields() {
        cx.syn_error(syn::Error::new(
            at("deny_unknown_fields"),
            "#[serde(deny_unknown_fields)] together with #[serde(flatten)] is not supported by \
             #[derive(ToolSchema)]: which keys serde then rejects depends on the order of fields \
             in the document, which JSON Schema cannot express",
        ));
    }
}
