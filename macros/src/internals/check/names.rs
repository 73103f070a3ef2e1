//! Why: two fields of one struct (or variant), or two variants of one enum,
//! under one name. serde accepts them and then reads the name into the first
//! only (the second is never read: a missing field, a dead variant) and
//! writes it for both (serde_json keeps the last value of a key written
//! twice; two variants under one tag cannot be told apart). Refused, at the
//! second name, saying which names collide.

use crate::internals::ctxt::Ctxt;
use serde_derive_internals::ast::{Data, Style};
use serde_derive_internals::name::Name;

pub fn check_collisions(cx: &Ctxt, data: &Data) {
    match data {
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
        if read_clash.is_none() && write_clash.is_none() {
            return;
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
    let name = ident.to_string();
    match name.strip_prefix("r#") {
        Some(unraw) => unraw.to_string(),
        None => name,
    }
}
