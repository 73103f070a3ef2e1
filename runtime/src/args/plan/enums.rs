//! Enums: each representation (external, internal, adjacent, untagged) as a
//! rule, with the variant names and tags serde reads.

use super::*;
use crate::shape::serde_read::BesideTag;

pub(super) fn enumeration(e: &'static Enum) -> Rule {
    let Variants {
        tagged, untagged, ..
    } = serde_read::variants(e, Contract::Input);
    let mut alternatives = Vec::new();
    if !tagged.is_empty() {
        alternatives.push(match e.repr {
            Repr::External => external(e, &tagged),
            Repr::Internal { tag } => internal(&tagged, tag),
            Repr::Adjacent { tag, content } => adjacent(e, &tagged, tag, content),
            // Partitioned into `untagged` above.
            Repr::Untagged => Rule::Nothing,
        });
    }
    for v in untagged {
        alternatives.push(match v.body {
            VariantBody::Struct(s) => {
                let mut plan = struct_plan(s).clone();
                if !serde_read::variant_reads_seq(e, v, s) {
                    plan.seq = None;
                }
                Rule::Object(Box::new(plan))
            }
            _ => variant_content(v),
        });
    }
    let hint = match (e.repr, alternatives.len()) {
        (Repr::External, 1) => Hint::External,
        (Repr::Internal { tag } | Repr::Adjacent { tag, .. }, 1) => Hint::Tag(tag),
        _ => Hint::None,
    };
    combine(alternatives, hint, false)
}

/// Every tag serde reads for a variant.
pub(super) fn variant_names(v: &Variant) -> Vec<&'static str> {
    serde_read::variant_names(v, Contract::Input, false)
}

/// All tags of the known (non-`other`) variants.
pub(super) fn known_tags(variants: &[&'static Variant]) -> Vec<&'static str> {
    serde_read::known_tags(variants, Contract::Input, false)
}

pub(super) fn tag_value(v: &Variant, variants: &[&'static Variant]) -> Rule {
    if serde_read::reads_other(v, Contract::Input) {
        Rule::OtherName(known_tags(variants))
    } else {
        Rule::Names(variant_names(v))
    }
}

pub(super) fn external(e: &'static Enum, variants: &[&'static Variant]) -> Rule {
    let all_unit = variants.iter().all(|v| matches!(v.body, VariantBody::Unit));
    let has_other = serde_read::has_other(variants, Contract::Input);
    if all_unit && !e.titled {
        if has_other {
            return Rule::AnyString;
        }
        return Rule::Names(variants.iter().flat_map(|v| variant_names(v)).collect());
    }
    let mut alternatives = Vec::new();
    for v in variants {
        if serde_read::reads_other(v, Contract::Input) {
            alternatives.push(Rule::OtherName(known_tags(variants)));
            continue;
        }
        let names = variant_names(v);
        match v.body {
            VariantBody::Unit => alternatives.push(Rule::Names(names)),
            _ => {
                let content = variant_content(v);
                for name in names {
                    let mut obj = Builder::default();
                    obj.property(name, vec![content.clone()]);
                    obj.required.push(Cow::Borrowed(name));
                    alternatives.push(Rule::Object(Box::new(
                        obj.finish(true, Some(Discriminant::Key(name))),
                    )));
                }
            }
        }
    }
    combine(alternatives, Hint::External, true)
}

/// A flattened externally tagged enum: one of the parent's keys is a
/// variant name.
pub(super) fn flattened_external(e: &'static Enum) -> Rule {
    let mut alternatives = Vec::new();
    for v in serde_read::keyed_variants(e, Contract::Input) {
        let content = match v.body {
            VariantBody::Unit => Rule::Null,
            _ => variant_content(v),
        };
        for name in variant_names(v) {
            let mut obj = Builder::default();
            obj.property(name, vec![content.clone()]);
            obj.required.push(Cow::Borrowed(name));
            let mut plan = obj.finish(false, Some(Discriminant::Key(name)));
            plan.typed = false;
            alternatives.push(Rule::Object(Box::new(plan)));
        }
    }
    match combine(alternatives, Hint::Keys, false) {
        Rule::AnyOf(alternatives, _) => Rule::AnyOf(alternatives, Hint::Keys),
        // One variant: the first key naming it is its only key.
        one => one,
    }
}

pub(super) fn internal(variants: &[&'static Variant], tag: &'static str) -> Rule {
    let mut alternatives = Vec::new();
    for (index, v) in variants.iter().enumerate() {
        // serde refuses tuple variants in internally tagged enums.
        if !serde_read::internal_reads(v) {
            continue;
        }
        let tag_rule = tag_value(v, variants);
        let disc = Some(Discriminant::Tag(tag));
        let alt = match v.body {
            // serde ignores other keys beside a unit variant's tag, even with
            // `deny_unknown_fields`.
            VariantBody::Unit => {
                let mut obj = Builder::default();
                obj.property(tag, vec![tag_rule]);
                obj.required.push(Cow::Borrowed(tag));
                obj.finish(false, disc)
            }
            VariantBody::Struct(s) => {
                let mut obj = Builder::default();
                obj.property(tag, vec![tag_rule]);
                obj.required.push(Cow::Borrowed(tag));
                obj.merge(Merged::Object(struct_plan(s).clone()));
                let mut plan = obj.finish(s.deny_unknown_fields, disc);
                plan.seq = serde_read::reads_seq(s).then_some(SeqRead::TagThenFields(tag, s));
                plan
            }
            VariantBody::Newtype(inner) => {
                let content = match serde_read::beside_tag(inner(), Contract::Input) {
                    // serde reads `()` and a unit struct from the empty map
                    // of the other keys (in its owned buffer).
                    BesideTag::Unit => None,
                    BesideTag::Any => Some(&Shape::Any),
                    BesideTag::Map(shape, _) | BesideTag::Struct(shape) => Some(shape),
                    // Not compiled here: an enum's forms beside the tag
                    // (the renderer's `enum_beside_tag`); nothing else is
                    // read or written there.
                    BesideTag::Enum(_) | BesideTag::Nothing => continue,
                };
                let mut obj = Builder::default();
                obj.property(tag, vec![tag_rule]);
                obj.required.push(Cow::Borrowed(tag));
                match content {
                    None => obj.finish(true, disc),
                    Some(shape) => {
                        let rendered = node(shape);
                        let closed = matches!(&rendered, Merged::Object(p) if p.typed && p.closed);
                        obj.merge(rendered);
                        obj.finish(closed, disc)
                    }
                }
            }
            VariantBody::Tuple(_) => continue,
        };
        let mut alt = alt;
        alt.tag_index = u64::try_from(index).ok();
        alternatives.push(Rule::Object(Box::new(alt)));
    }
    combine(alternatives, Hint::Tag(tag), true)
}

pub(super) fn adjacent(
    e: &'static Enum,
    variants: &[&'static Variant],
    tag: &'static str,
    content: &'static str,
) -> Rule {
    let mut alternatives = Vec::new();
    for (index, v) in variants.iter().enumerate() {
        let mut obj = Builder::default();
        obj.property(tag, vec![tag_value(v, variants)]);
        obj.required.push(Cow::Borrowed(tag));
        match serde_read::adjacent_content(v, Contract::Input) {
            AdjacentContent::UnitNull => obj.property(content, vec![Rule::Null]),
            AdjacentContent::NotWritten => {}
            AdjacentContent::MissingIsNone => obj.property(content, vec![variant_content(v)]),
            AdjacentContent::Required => {
                obj.property(content, vec![variant_content(v)]);
                obj.required.push(Cow::Borrowed(content));
            }
        }
        let mut alt = obj.finish(e.deny_unknown_fields, Some(Discriminant::Tag(tag)));
        alt.tag_index = u64::try_from(index).ok();
        alternatives.push(Rule::Object(Box::new(alt)));
    }
    combine(alternatives, Hint::Tag(tag), true)
}

/// What a variant carries, without its tag.
pub(super) fn variant_content(v: &'static Variant) -> Rule {
    match v.body {
        VariantBody::Unit => Rule::Null,
        VariantBody::Newtype(inner) => Rule::Shape(inner()),
        VariantBody::Tuple(items) => Rule::Tuple(items.iter().map(|f| Rule::Shape(f())).collect()),
        VariantBody::Struct(s) => Rule::Plan(struct_plan(s)),
    }
}

/// No alternative matches nothing; one is itself; more are combined.
pub(super) fn combine(mut alternatives: Vec<Rule>, hint: Hint, one_of: bool) -> Rule {
    match alternatives.len() {
        0 => Rule::Nothing,
        1 => alternatives.pop().unwrap_or(Rule::Nothing),
        _ if one_of => Rule::OneOf(alternatives, hint),
        _ => Rule::AnyOf(alternatives, hint),
    }
}
