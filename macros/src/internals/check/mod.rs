//! The rules, one function each with a one-line why, every error reported at
//! the token at fault; and the decisions (`decide`), made once here. `check`
//! turns the parsed input (`ast`) into the validated `model`.

mod decide;
mod form;
mod names;

pub use form::check_form;

use super::ast::Container;
use super::attr::FieldAttrs;
use super::ctxt::Ctxt;
use super::fit::{Fit, Known};
use super::model::{self, WireType};
use super::serde_attr::{custom_de, one_name, serde_key_span, skips_if_none};
use super::value::{Literal, Number};
use decide::Direction;
use serde_derive_internals::ast::{Container as SerdeContainer, Data, Field, Style};
use serde_derive_internals::attr::{Default as SerdeDefault, TagType};
use syn::spanned::Spanned;
use toolform_formats::Format;

/// Every rule of `#[derive(ToolSchema)]`; all of them run, so every mistake
/// is reported in one compile. The model, when there is no error.
pub fn check<'a>(cx: &Ctxt, cont: Container<'a>) -> Option<model::Container<'a>> {
    remote(cx, &cont.serde);
    titled_unit_only(cx, &cont);
    struct_tag(cx, &cont.serde);
    variant_custom_functions(cx, &cont);
    let type_params = cont.type_params();
    // `#[serde(default)]` on a struct gives its fields a default; on an enum
    // it is refused by serde.
    let container_default = match &cont.serde.data {
        Data::Struct(..) => cont.serde.attrs.default(),
        Data::Enum(..) => &SerdeDefault::None,
    };
    let krate = cont.krate();
    let mut fields = Vec::with_capacity(cont.fields.len());
    let fields_taken = cont
        .serde
        .data
        .all_fields()
        .zip(cont.fields)
        .zip(&cont.taken);
    for ((field, ours), taken) in fields_taken {
        let de = decide::wire(field, &ours, Direction::De);
        let ser = decide::wire(field, &ours, Direction::Ser);
        field_custom_functions(cx, field, &ser, &de);
        positional_one_direction(cx, &cont.serde, field);
        tuple_skip_one_direction(cx, &cont.serde, field);
        positional_constraints(cx, &cont.serde, field, &ours);
        examples_in_rules(cx, &ours);
        bounds_fit_type(cx, field, &ours);
        fields.push(model::Field {
            default: decide::default_value(
                field,
                taken,
                ours.with.is_some(),
                &type_params,
                container_default,
            ),
            has_default: decide::has_default(field, container_default),
            deserialize_with: custom_de(&field.attrs).is_some(),
            skip_serializing_if: field.attrs.skip_serializing_if().is_some()
                || taken.skip_if.is_some(),
            skip_if_none: skips_if_none(&field.attrs, taken),
            range_check: range_check(field, &ours, &type_params),
            one_wire: matches!(
                (&de, &ser),
                (WireType::Own, WireType::Own)
                    | (WireType::With(_), WireType::With(_))
                    | (WireType::Chrono(..), WireType::Chrono(..))
            ),
            // Both directions of `With` carry the one `with` type; of
            // `Chrono`, the one module serde uses both ways.
            one_name: one_name(
                field.attrs.name(),
                field.attrs.skip_serializing(),
                field.attrs.skip_deserializing(),
            ),
            de,
            ser,
            attrs: ours,
        });
    }
    names::check_collisions(cx, &cont.serde.data);
    flatten_with_deny_unknown_fields(cx, &cont.serde);
    headers(cx, &cont.serde, &fields);
    if cx.has_errors() {
        return None;
    }
    Some(model::Container {
        select: decide::is_select(&cont.serde),
        serde: cont.serde,
        attrs: cont.attrs,
        fields,
        variants: cont.variants,
        krate,
        type_params,
    })
}

/// The type a `range(..)` (also one inside `items(..)`/`values(..)`) is
/// checked against where the type is declared: `with`, else the field's
/// type, when it mentions no type parameter, serde uses the field, and its
/// tokens do not decide every range already (`bounds_fit_type`).
fn range_check(field: &Field, ours: &FieldAttrs, params: &[syn::Ident]) -> Option<syn::Type> {
    let ranges = ours.constraints.as_ref()?.ranges();
    let ty = bounded_type(field, ours)?;
    let known = Known::of(ty);
    if ranges
        .iter()
        .all(|(path, r)| !matches!(known.range_fits(path, r.min, r.max), Fit::Unknown))
    {
        return None;
    }
    super::bound::params_in(ty, params)
        .is_empty()
        .then(|| ty.clone())
}

/// The type the field's bounds bound (`with`, else the field's type), when
/// serde uses the field.
fn bounded_type<'a>(field: &'a Field, ours: &'a FieldAttrs) -> Option<&'a syn::Type> {
    let fa = &field.attrs;
    if fa.skip_serializing() && fa.skip_deserializing() {
        return None;
    }
    Some(ours.with.as_ref().unwrap_or(field.ty))
}

/// Why: a bound outside the type's own range (`range(max = 999)` on `u8`)
/// advertises values serde refuses, and a `length` that excludes a fixed
/// array's size leaves no value at all. Decided from the type's tokens
/// (`fit`); the rest is left to the `const` check (`range_check`).
fn bounds_fit_type(cx: &Ctxt, field: &Field, ours: &FieldAttrs) {
    let Some(c) = &ours.constraints else { return };
    let Some(ty) = bounded_type(field, ours) else {
        return;
    };
    let known = Known::of(ty);
    for (path, r) in c.ranges() {
        if let Fit::Outside(why) = known.range_fits(&path, r.min, r.max) {
            cx.syn_error(syn::Error::new(r.span, why));
        }
    }
    for (path, l) in c.lengths() {
        if let Fit::Outside(why) = known.length_fits(&path, l.min, l.max) {
            cx.syn_error(syn::Error::new(l.span, why));
        }
    }
}

/// The span of `key` in the type's `#[serde(...)]`, else the type's name.
fn container_key(cont: &SerdeContainer, key: &str) -> proc_macro2::Span {
    let original = cont.original;
    serde_key_span(&original.attrs, key).unwrap_or(original.ident.span())
}

/// The span of `key` in the field's `#[serde(...)]`, else the field.
fn field_key(field: &Field, key: &str) -> proc_macro2::Span {
    serde_key_span(&field.original.attrs, key).unwrap_or(field.original.span())
}

/// Why: `remote` derives for another type, whose shape the derive cannot see.
fn remote(cx: &Ctxt, cont: &SerdeContainer) {
    if cont.attrs.remote().is_some() {
        cx.syn_error(syn::Error::new(
            container_key(cont, "remote"),
            "#[serde(remote = ..)] is not supported by #[derive(ToolSchema)]: derive it on the \
             type serde actually reads and writes",
        ));
    }
}

/// Why: a `oneOf` of `{const, title}` describes unit variants only.
fn titled_unit_only(cx: &Ctxt, cont: &Container) {
    let Some(span) = cont.attrs.titled else {
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
fn struct_tag(cx: &Ctxt, cont: &SerdeContainer) {
    if let Data::Struct(Style::Struct, _) = &cont.data
        && !matches!(cont.attrs.tag(), TagType::External)
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
/// `#[schema(with)]` names it or its wire type is known (`decide::wire`).
fn field_custom_functions(cx: &Ctxt, field: &Field, ser: &WireType, de: &WireType) {
    let fa = &field.attrs;
    for (custom, key, wire) in [
        (fa.serialize_with(), "serialize_with", ser),
        (custom_de(fa), "deserialize_with", de),
    ] {
        if custom.is_some() && matches!(wire, WireType::Own) {
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
fn positional(cont: &SerdeContainer, field: &Field) -> bool {
    let named_struct = matches!(&cont.data, Data::Struct(Style::Struct, _));
    !matches!(field.member, syn::Member::Named(_)) || (cont.attrs.transparent() && named_struct)
}

/// Why: a position has one shape for both directions.
fn positional_one_direction(cx: &Ctxt, cont: &SerdeContainer, field: &Field) {
    let fa = &field.attrs;
    if positional(cont, field) && fa.serialize_with().is_some() != custom_de(fa).is_some() {
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
fn tuple_skip_one_direction(cx: &Ctxt, cont: &SerdeContainer, field: &Field) {
    let fa = &field.attrs;
    if matches!(&cont.data, Data::Struct(Style::Tuple, _))
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
fn positional_constraints(cx: &Ctxt, cont: &SerdeContainer, field: &Field, ours: &FieldAttrs) {
    if !positional(cont, field) {
        return;
    }
    for (key, span) in &ours.keys {
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

/// Why: an `example` that breaks the field's own declared constraints
/// contradicts the schema it is shown in (and validators that check
/// examples reject it). Checked here: `range`, `length` (in characters, for
/// a string example), `pattern` (an ECMA-262 search, as JSON Schema runs
/// it) and the formats `toolform_formats` checks (email, uri, date,
/// date-time); other formats are not checked. The field's type itself is
/// checked where the type is declared (`check_example` in the runtime).
fn examples_in_rules(cx: &Ctxt, ours: &FieldAttrs) {
    use std::cmp::Ordering::{Greater, Less};
    let Some(c) = &ours.constraints else {
        return;
    };
    for (example, span) in &c.examples {
        let mut why = Vec::new();
        match example {
            Literal::Num(n) => {
                if let Some(r) = c.range {
                    let below = r.min.is_some_and(|m| n.exact_cmp(m) == Less);
                    let above = r.max.is_some_and(|m| n.exact_cmp(m) == Greater);
                    if below || above {
                        why.push(format!(
                            "is outside the field's `range({})`",
                            form::range_text(r.min, r.max)
                        ));
                    }
                }
            }
            Literal::Str(s) => {
                let len = s.chars().count() as u64;
                if let Some(l) = c.length
                    && (l.min.is_some_and(|m| len < m) || l.max.is_some_and(|m| len > m))
                {
                    why.push(format!(
                        "is {len} characters long, outside the field's `length({})`",
                        form::range_text(l.min.map(Number::UInt), l.max.map(Number::UInt))
                    ));
                }
                if let Some(pattern) = &c.pattern
                    && let Ok(re) = regress::Regex::new(pattern)
                    && re.find(s).is_none()
                {
                    why.push(format!(
                        "does not match the field's `pattern = {pattern:?}`"
                    ));
                }
                if let Some(format) = c.format.as_deref().and_then(Format::from_name)
                    && !format.is_valid(s)
                {
                    why.push(format!("is not a valid `{}`", format.name()));
                }
            }
            Literal::Bool(_) => {}
        }
        for why in why {
            cx.syn_error(syn::Error::new(*span, format!("this `example` {why}")));
        }
    }
}

/// Why: with `flatten`, which keys serde rejects depends on field order,
/// which JSON Schema cannot express.
fn flatten_with_deny_unknown_fields(cx: &Ctxt, cont: &SerdeContainer) {
    let flatten = cont.data.all_fields().any(|f| f.attrs.flatten());
    if flatten && cont.attrs.deny_unknown_fields() {
        cx.syn_error(syn::Error::new(
            container_key(cont, "deny_unknown_fields"),
            "#[serde(deny_unknown_fields)] together with #[serde(flatten)] is not supported by \
             #[derive(ToolSchema)]: which keys serde then rejects depends on the order of fields \
             in the document, which JSON Schema cannot express",
        ));
    }
}

/// Why: `x-mcp-header` (MCP 2026-07-28) is valid only on a property reached
/// from the input schema's root through `properties` alone, once per name
/// (case-insensitively). A struct's named fields are such properties (and,
/// flattened, those of the struct it is flattened into); an enum variant's
/// fields sit under `anyOf`/`oneOf`; a flattened field, a field serde never
/// reads and a type read through `from` have no property of their own; an
/// alias would repeat the annotation under a second name. Names are checked
/// here within one struct, across flattened structs by `check_headers` in the
/// runtime, types by `check_header`.
fn headers(cx: &Ctxt, cont: &SerdeContainer, fields: &[model::Field]) {
    let is_enum = matches!(cont.data, Data::Enum(..));
    let converted = cont
        .attrs
        .type_from()
        .or(cont.attrs.type_try_from())
        .is_some();
    let mut seen: Vec<(String, String, String)> = Vec::new();
    for (field, ours) in cont.data.all_fields().zip(fields) {
        let Some(h) = ours
            .attrs
            .constraints
            .as_ref()
            .and_then(|c| c.header.as_ref())
        else {
            continue;
        };
        let name = match &field.member {
            syn::Member::Named(ident) => ident.to_string(),
            // Refused by `positional_constraints`.
            syn::Member::Unnamed(_) => continue,
        };
        let fa = &field.attrs;
        let why = if is_enum {
            Some(
                "`header` is allowed only on a field of a struct: an enum variant's fields sit \
                 under `anyOf`/`oneOf` in the input schema, where MCP does not allow \
                 `x-mcp-header` (only on properties reached from the root through `properties`)"
                    .to_string(),
            )
        } else if fa.flatten() {
            Some(
                "`header` on a `#[serde(flatten)]` field: its keys join this struct, it has no \
                 property of its own; put `header` on the field of the flattened struct"
                    .to_string(),
            )
        } else if fa.skip_deserializing() {
            Some(
                "`header` on a field serde never reads: it is not in the input schema, so no \
                 client would send the header"
                    .to_string(),
            )
        } else if converted {
            Some(
                "`header` on a field of a type serde reads through `from`/`try_from`: the \
                 input schema is the other type's; put `header` there"
                    .to_string(),
            )
        } else if fa.aliases().len() > 1 {
            Some(
                "`header` on a field with a serde `alias`: every name would be a property \
                 carrying the same `x-mcp-header`, which MCP refuses as a duplicate; drop the \
                 alias or the header"
                    .to_string(),
            )
        } else {
            None
        };
        if let Some(why) = why {
            cx.syn_error(syn::Error::new(h.key, why));
            continue;
        }
        let folded = h.name.to_ascii_lowercase();
        if let Some((_, first, field)) = seen.iter().find(|(f, ..)| *f == folded) {
            cx.syn_error(syn::Error::new(
                h.value,
                format!(
                    "duplicate `header = {:?}`: field `{field}` already has `header = {first:?}`; \
                     `x-mcp-header` names must be unique, compared case-insensitively",
                    h.name
                ),
            ));
            continue;
        }
        seen.push((folded, h.name.clone(), name));
    }
}
