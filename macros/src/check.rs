//! Rules that span several attributes, each reported at the token at fault.

use crate::ast::Container;
use crate::attr::serde_key_span;
use crate::ctxt::Ctxt;
use crate::expand::tool_schema::chrono_ts;
use quote::quote;
use serde_derive_internals::ast::{Data, Style};
use serde_derive_internals::attr::TagType;
use serde_derive_internals::name::Name;
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
    check_collisions(cx, cont);
    if flatten_seen && attrs.deny_unknown_fields() {
        cx.syn_error(syn::Error::new(
            at("deny_unknown_fields"),
            "#[serde(deny_unknown_fields)] together with #[serde(flatten)] is not supported by \
             #[derive(ToolSchema)]: which keys serde then rejects depends on the order of fields \
             in the document, which JSON Schema cannot express",
        ));
    }
}

/// Two fields of one struct (or variant), or two variants of one enum,
/// under one name. serde accepts them and then reads the name into the first
/// only (the second is never read: a missing field, a dead variant) and
/// writes it for both (serde_json keeps the last value of a key written
/// twice; two variants under one tag cannot be told apart). Refused, at the
/// second name, saying which names collide.
fn check_collisions(cx: &Ctxt, cont: &Container) {
    match &cont.serde.data {
        Data::Struct(Style::Struct, fields) => check_field_names(cx, fields, None),
        Data::Struct(..) => {}
        Data::Enum(variants) => {
            let mut names = Names::default();
            for variant in variants {
                let this = unraw(&variant.ident);
                if matches!(variant.style, Style::Struct) {
                    check_field_names(cx, &variant.fields, Some(&this));
                }
                // An untagged variant is written and read without a name.
                if variant.attrs.untagged() {
                    continue;
                }
                let va = &variant.attrs;
                names.check(
                    cx,
                    Item::Variant,
                    &this,
                    (!va.skip_deserializing())
                        .then(|| (va.name().deserialize_name(), va.aliases())),
                    (!va.skip_serializing()).then(|| va.name().serialize_name()),
                );
            }
        }
    }
}

fn check_field_names(
    cx: &Ctxt,
    fields: &[serde_derive_internals::ast::Field],
    variant: Option<&str>,
) {
    let mut names = Names::default();
    for field in fields {
        let fa = &field.attrs;
        // A flattened field has no key of its own.
        if fa.flatten() {
            continue;
        }
        let syn::Member::Named(ident) = &field.member else {
            continue;
        };
        names.check(
            cx,
            Item::Field(variant),
            &unraw(ident),
            (!fa.skip_deserializing()).then(|| (fa.name().deserialize_name(), fa.aliases())),
            (!fa.skip_serializing()).then(|| fa.name().serialize_name()),
        );
    }
}

#[derive(Clone, Copy)]
enum Item<'a> {
    /// A field, of a struct or of the named variant.
    Field(Option<&'a str>),
    Variant,
}

/// The names seen so far in one struct or enum: (name, owner, via an alias).
#[derive(Default)]
struct Names {
    read: Vec<(String, String, bool)>,
    written: Vec<(String, String)>,
}

impl Names {
    /// Records the names `this` reads and writes, or reports the first one
    /// an earlier item already has.
    fn check(
        &mut self,
        cx: &Ctxt,
        item: Item,
        this: &str,
        reads: Option<(&Name, &std::collections::BTreeSet<Name>)>,
        writes: Option<&Name>,
    ) {
        let mut read_clash = None;
        if let Some((primary, all)) = reads {
            for name in all {
                let found = self
                    .read
                    .iter()
                    .find(|(n, owner, _)| *n == name.value && owner != this);
                match found {
                    Some((_, owner, alias)) => {
                        read_clash.get_or_insert((name, owner.clone(), *alias));
                    }
                    None => self.read.push((
                        name.value.clone(),
                        this.to_string(),
                        name.value != primary.value,
                    )),
                }
            }
        }
        let mut write_clash = None;
        if let Some(name) = writes {
            match self
                .written
                .iter()
                .find(|(n, owner)| *n == name.value && owner != this)
            {
                Some((_, owner)) => write_clash = Some((name, owner.clone())),
                None => self.written.push((name.value.clone(), this.to_string())),
            }
        }
        let what = match item {
            Item::Field(None) => format!("field `{this}`"),
            Item::Field(Some(v)) => format!("field `{this}` of variant `{v}`"),
            Item::Variant => format!("variant `{this}`"),
        };
        let field = matches!(item, Item::Field(_));
        let (span, message) = match (read_clash, write_clash) {
            (Some((name, owner, alias)), Some((written, other)))
                if owner == other && name.value == written.value =>
            {
                let value = &name.value;
                let writes = if field {
                    format!("writes \"{value}\" twice (serde_json keeps the last value)")
                } else {
                    format!("writes both as \"{value}\", which a reader cannot tell apart")
                };
                let via = if alias { " (as an alias)" } else { "" };
                (
                    name.span,
                    format!(
                        "{what} has the name \"{value}\" of `{owner}`{via}: serde reads \"{value}\" \
                         into `{owner}` only, never into `{this}`, and {writes}; give one of them \
                         another name"
                    ),
                )
            }
            (Some((name, owner, alias)), _) => {
                let value = &name.value;
                let via = if alias { " (as an alias)" } else { "" };
                (
                    name.span,
                    format!(
                        "{what} reads the name \"{value}\", which `{owner}` already reads{via}: \
                         serde reads \"{value}\" into `{owner}` only, never into `{this}`; give one \
                         of them another name (rename or alias)"
                    ),
                )
            }
            (None, Some((name, owner))) => {
                let value = &name.value;
                let writes = if field {
                    format!("serde writes \"{value}\" twice (serde_json keeps the last value)")
                } else {
                    format!("serde writes both as \"{value}\", which a reader cannot tell apart")
                };
                (
                    name.span,
                    format!(
                        "{what} writes the name \"{value}\", which `{owner}` also writes: {writes}; \
                         give one of them another name"
                    ),
                )
            }
            (None, None) => return,
        };
        cx.syn_error(syn::Error::new(span, message));
    }
}

fn unraw(ident: &syn::Ident) -> String {
    ident.to_string().trim_start_matches("r#").to_string()
}
