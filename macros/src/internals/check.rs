//! Rules that span several attributes, each reported at the token at fault.

use super::ast::{Container, FieldAttrs};
use super::attr::{Literal, Number, SchemaAttrs, serde_key_span};
use super::ctxt::Ctxt;
use serde_derive_internals::ast::{Data, Field, Style};
use serde_derive_internals::attr::TagType;
use serde_derive_internals::name::Name;
use syn::spanned::Spanned;

/// Every rule of `#[derive(ToolSchema)]`, each reported at the token at
/// fault; all of them run, so every mistake is reported in one compile.
pub fn check(cx: &Ctxt, cont: &Container) {
    remote(cx, cont);
    titled_unit_only(cx, cont);
    struct_tag(cx, cont);
    variant_custom_functions(cx, cont);
    for (field, ours) in cont.serde.data.all_fields().zip(&cont.fields) {
        field_custom_functions(cx, field, ours);
        positional_one_direction(cx, cont, field);
        tuple_skip_one_direction(cx, cont, field);
        positional_constraints(cx, cont, field, ours);
    }
    check_collisions(cx, cont);
    flatten_with_deny_unknown_fields(cx, cont);
}

/// The span of `key` in the type's `#[serde(...)]`, else the type's name.
fn container_key(cont: &Container, key: &str) -> proc_macro2::Span {
    let original = cont.serde.original;
    serde_key_span(&original.attrs, key).unwrap_or(original.ident.span())
}

/// The span of `key` in the field's `#[serde(...)]`, else the field.
fn field_key(field: &Field, key: &str) -> proc_macro2::Span {
    serde_key_span(&field.original.attrs, key).unwrap_or(field.original.span())
}

/// Why: `remote` derives for another type, whose shape the derive cannot see.
fn remote(cx: &Ctxt, cont: &Container) {
    if cont.serde.attrs.remote().is_some() {
        cx.syn_error(syn::Error::new(
            container_key(cont, "remote"),
            "#[serde(remote = ..)] is not supported by #[derive(ToolSchema)]: derive it on the \
             type serde actually reads and writes",
        ));
    }
}

/// Why: a `oneOf` of `{const, title}` describes unit variants only.
fn titled_unit_only(cx: &Ctxt, cont: &Container) {
    let Some(span) = cont.schema.titled else {
        return;
    };
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

/// Why: serde writes a struct's tag but does not require it on input.
fn struct_tag(cx: &Ctxt, cont: &Container) {
    if let Data::Struct(Style::Struct, _) = &cont.serde.data
        && !matches!(cont.serde.attrs.tag(), TagType::External)
    {
        cx.syn_error(syn::Error::new(
            container_key(cont, "tag"),
            "#[serde(tag = ..)] on a struct is not supported by #[derive(ToolSchema)]: \
             serde writes the tag but does not require it on input; use an enum with one \
             variant to make the tag part of the wire",
        ));
    }
}

/// Why: a function over a whole variant hides its wire shape.
fn variant_custom_functions(cx: &Ctxt, cont: &Container) {
    let Data::Enum(variants) = &cont.serde.data else {
        return;
    };
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

/// Why: a custom serde function hides the field's wire type unless
/// `#[schema(with)]` names it (or it is a chrono `ts_*` module).
fn field_custom_functions(cx: &Ctxt, field: &Field, ours: &FieldAttrs) {
    if ours.schema.with.is_some() || ours.chrono.is_some() {
        return;
    }
    let fa = &field.attrs;
    for (custom, key, skipped, known) in [
        (
            fa.serialize_with(),
            "serialize_with",
            fa.skip_serializing(),
            &ours.known.0,
        ),
        (
            super::attr::custom_de(fa),
            "deserialize_with",
            fa.skip_deserializing(),
            &ours.known.1,
        ),
    ] {
        if custom.is_some() && !skipped && known.is_none() {
            let (span, used) = match serde_key_span(&field.original.attrs, key) {
                Some(span) => (span, key),
                None => (field_key(field, "with"), "with"),
            };
            let name = match &field.member {
                syn::Member::Named(ident) => format!("field `{ident}`"),
                syn::Member::Unnamed(index) => format!("field {}", index.index),
            };
            cx.syn_error(syn::Error::new(
                span,
                format!(
                    "#[serde({used} = ..)] {verb} {name} through a custom function, \
                     so its wire type is unknown; name it above the field with \
                     #[schema(with = WireType)], e.g. #[schema(with = String)] when the \
                     function {verb} a string",
                    verb = match used {
                        "serialize_with" => "writes",
                        "deserialize_with" => "reads",
                        _ => "reads and writes",
                    }
                ),
            ));
            return;
        }
    }
}

/// Whether the field sits at a position without a name: newtype, tuple and
/// transparent structs, newtype and tuple variants.
fn positional(cont: &Container, field: &Field) -> bool {
    let named_struct = matches!(&cont.serde.data, Data::Struct(Style::Struct, _));
    !matches!(field.member, syn::Member::Named(_))
        || (cont.serde.attrs.transparent() && named_struct)
}

/// Why: a position has one shape for both directions.
fn positional_one_direction(cx: &Ctxt, cont: &Container, field: &Field) {
    let fa = &field.attrs;
    if positional(cont, field)
        && fa.serialize_with().is_some() != super::attr::custom_de(fa).is_some()
    {
        let key = if fa.serialize_with().is_some() {
            "serialize_with"
        } else {
            "deserialize_with"
        };
        cx.syn_error(syn::Error::new(
            field_key(field, key),
            format!(
                "#[serde({key} = ..)] on one direction only is supported on named fields: \
                 here serde would read and write different shapes at one position; use \
                 #[serde(with = module)] for both directions"
            ),
        ));
    }
}

/// Why: skipped in one direction only, a tuple struct's array length would
/// differ between directions (skipped in both, it leaves both arrays).
fn tuple_skip_one_direction(cx: &Ctxt, cont: &Container, field: &Field) {
    let fa = &field.attrs;
    if matches!(&cont.serde.data, Data::Struct(Style::Tuple, _))
        && fa.skip_serializing() != fa.skip_deserializing()
    {
        let key = if fa.skip_serializing() {
            "skip_serializing"
        } else {
            "skip_deserializing"
        };
        cx.syn_error(syn::Error::new(
            serde_key_span(&field.original.attrs, key).unwrap_or_else(|| field_key(field, "skip")),
            "a field of a tuple struct skipped in one direction only is not supported by \
             #[derive(ToolSchema)]: the array length would differ between directions; use \
             #[serde(skip)] to skip it in both",
        ));
    }
}

/// Why: a position without a name has no property to carry a constraint,
/// which would otherwise be dropped silently.
fn positional_constraints(cx: &Ctxt, cont: &Container, field: &Field, ours: &FieldAttrs) {
    if !positional(cont, field) {
        return;
    }
    for (key, span) in &ours.schema.keys {
        if key == "with" {
            continue;
        }
        cx.syn_error(syn::Error::new(
            *span,
            format!(
                "#[schema({key})] on a field without a name (a newtype or tuple struct, a \
                 newtype or tuple variant, or the field of a transparent struct) has no \
                 property to carry it and would be dropped; put it on the type the field \
                 holds, or use a struct with named fields"
            ),
        ));
    }
}

/// Why: with `flatten`, which keys serde rejects depends on field order,
/// which JSON Schema cannot express.
fn flatten_with_deny_unknown_fields(cx: &Ctxt, cont: &Container) {
    let flatten = cont.serde.data.all_fields().any(|f| f.attrs.flatten());
    if flatten && cont.serde.attrs.deny_unknown_fields() {
        cx.syn_error(syn::Error::new(
            container_key(cont, "deny_unknown_fields"),
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

/// The rules of a form (`#[derive(ElicitForm)]`), each reported at the token
/// at fault.
pub fn check_form(cx: &Ctxt, cont: &Container, elicit: &[SchemaAttrs]) {
    let attrs = &cont.serde.attrs;
    let original = cont.serde.original;
    let at = |key: &str| {
        super::attr::serde_key_span(&original.attrs, key).unwrap_or(original.ident.span())
    };
    if attrs.transparent() {
        cx.syn_error(syn::Error::new(
            at("transparent"),
            "a `transparent` struct is not a form: serde reads it as its one field's value, \
             not as an object of fields",
        ));
    }
    // `into` only shapes what serde writes: a form is only read.
    for key in ["from", "try_from"] {
        if super::attr::serde_key_span(&original.attrs, key).is_some() {
            cx.syn_error(syn::Error::new(
                at(key),
                format!("#[serde({key} = ..)] makes serde read another type, which the form cannot describe"),
            ));
        }
    }
    let Data::Struct(Style::Struct, fields) = &cont.serde.data else {
        return;
    };
    for (field, ours) in fields.iter().zip(elicit) {
        let fa = &field.attrs;
        let fattrs = &field.original.attrs;
        let span_of =
            |key: &str| super::attr::serde_key_span(fattrs, key).unwrap_or(field.original.span());
        if fa.skip_deserializing() {
            continue;
        }
        if fa.flatten() {
            cx.syn_error(syn::Error::new(
                span_of("flatten"),
                "a form is flat: a flattened field would nest another type's fields; \
                 declare those fields in this struct instead",
            ));
        }
        if super::attr::custom_de(fa).is_some() {
            let span =
                super::attr::serde_key_span(fattrs, "deserialize_with").unwrap_or(span_of("with"));
            cx.syn_error(syn::Error::new(
                span,
                "a form field read by a custom serde function has no known form type; \
                 use a field type from the form grammar and convert after parsing",
            ));
        }
        // A literal default must satisfy the field's own rules.
        if let Some((fill, span)) = &ours.fill {
            let c = &ours.constraints;
            match fill {
                Literal::Num(n) => {
                    use std::cmp::Ordering::{Greater, Less};
                    let below = c.minimum.is_some_and(|m| n.exact_cmp(m) == Less);
                    let above = c.maximum.is_some_and(|m| n.exact_cmp(m) == Greater);
                    if below || above {
                        cx.syn_error(syn::Error::new(
                            *span,
                            format!(
                                "the default {} is outside `range({})`",
                                fill.to_json(),
                                range_text(c.minimum, c.maximum)
                            ),
                        ));
                    }
                }
                Literal::Str(s) => {
                    let len = s.chars().count() as u64;
                    let short = c.min_length.is_some_and(|m| len < m);
                    let long = c.max_length.is_some_and(|m| len > m);
                    if short || long {
                        cx.syn_error(syn::Error::new(
                            *span,
                            format!(
                                "the default is {len} characters long, outside `length({})`",
                                range_text(
                                    c.min_length.map(Number::UInt),
                                    c.max_length.map(Number::UInt)
                                )
                            ),
                        ));
                    }
                    // The form's validator would reject its own default.
                    if let Some(format) = &c.format
                        && !super::format::is_valid(format, s)
                    {
                        cx.syn_error(syn::Error::new(
                            *span,
                            format!(
                                "the default {} is not a valid `{format}`: the form's validator \
                                 would reject its own default",
                                fill.to_json()
                            ),
                        ));
                    }
                }
                Literal::Bool(_) => {}
            }
        }
    }
}

fn range_text(min: Option<Number>, max: Option<Number>) -> String {
    let show = |n: Number| match n {
        Number::Int(v) => v.to_string(),
        Number::UInt(v) => v.to_string(),
        Number::Float(v) => v.to_string(),
    };
    match (min, max) {
        (Some(a), Some(b)) => format!("min = {}, max = {}", show(a), show(b)),
        (Some(a), None) => format!("min = {}", show(a)),
        (None, Some(b)) => format!("max = {}", show(b)),
        (None, None) => String::new(),
    }
}
