//! A struct with named fields or an enum in the packed encoding
//! (`Body::Packed`; the grammar is `expand/packed.rs`), for a type with
//! `static`s of its own.

use super::names::aliases;
use super::{Gen, skipped_both};
use crate::expand::emit;
use crate::expand::packed::KeyRef;
use crate::expand::write::W;
use crate::internals::model::{Field as FieldModel, WireType};
use quote::{ToTokens, quote};
use serde_derive_internals::ast::{Field, Style, Variant};
use serde_derive_internals::attr::TagType;

/// A packed body being written: the text and its tables.
#[derive(Default)]
pub(super) struct Out<'a> {
    text: crate::expand::packed::Text,
    shapes: crate::expand::packed::Table<'a, emit::ShapeFn<'a>>,
    defaults: crate::expand::packed::Table<'a, emit::DefaultFn<'a>>,
    constraints: crate::expand::packed::Table<'a>,
}

impl Gen<'_, '_> {
    /// `Body::Packed` of a struct with named fields (see `packed.rs`), for a
    /// type with a `static` of its own (no type parameters); `None` when a
    /// field's description is an expression only the compiler can evaluate.
    pub(super) fn packed_struct<'s>(
        &'s self,
        pairs: &[(&'s Field, &'s FieldModel)],
        deny: bool,
    ) -> Option<Out<'s>> {
        if !self.own_cache() {
            return None;
        }
        let mut out = Out::default();
        out.text.num(0);
        self.pack_fields(&mut out, pairs, deny)?;
        Some(out)
    }

    /// `Body::Packed` of an enum (see `packed.rs`), under the same
    /// conditions as [`packed_struct`](Self::packed_struct).
    pub(super) fn packed_enum<'s>(&'s self, variants: &'s [Variant]) -> Option<Out<'s>> {
        // A unit-only enum (a select, a string enum) stays listed: the
        // compile-time checks of literals read its names, and reading them
        // from the text in `const` costs more than the listing saves
        // (bench/compile_time/EXPANSION.md).
        if !self.own_cache() || variants.iter().all(|v| matches!(v.style, Style::Unit)) {
            return None;
        }
        let cont = self.cont;
        let attrs = &cont.serde.attrs;
        let mut out = Out::default();
        out.text.num(1);
        let (repr, tag, content) = match attrs.tag() {
            TagType::External => (0, None, None),
            TagType::Internal { tag } => (1, Some(tag.as_str()), None),
            TagType::Adjacent { tag, content } => (2, Some(tag.as_str()), Some(content.as_str())),
            TagType::None => (3, None, None),
        };
        out.text.num(repr);
        out.text.opt(tag);
        out.text.opt(content);
        out.text.num(usize::from(cont.attrs.titled.is_some()));
        let deny = attrs.deny_unknown_fields();
        out.text.num(usize::from(deny));
        out.text.num(variants.len());
        let mut models = cont.fields.iter();
        for (v, ours) in variants.iter().zip(&cont.variants) {
            let fields: Vec<(&Field, &FieldModel)> = v.fields.iter().zip(&mut models).collect();
            let description = ours.description.packed()?;
            let va = &v.attrs;
            let names = (va.name().serialize_name(), va.name().deserialize_name());
            let (ser_name, de_name) =
                self.names(names, va.skip_serializing(), va.skip_deserializing());
            let kind = match (&ours.with, v.style) {
                (_, Style::Unit) => 0,
                (Some(_), _) | (None, Style::Newtype) => 1,
                (None, Style::Tuple) => 2,
                (None, Style::Struct) => 3,
            };
            out.text
                .num(usize::from(va.other()) | usize::from(va.untagged()) << 1);
            out.text.num(kind);
            out.text.str(&v.ident.to_string());
            out.text.opt(ser_name);
            out.text.opt(de_name);
            let aliases = aliases(names.1, va.aliases());
            out.text.num(aliases.len());
            for a in &aliases {
                out.text.str(a);
            }
            out.text.opt(ours.title.as_deref());
            out.text.opt(description);
            let p = &self.p;
            match (&ours.with, v.style) {
                (_, Style::Unit) => {}
                (Some(with), _) => {
                    let i = out.shapes.index_by(KeyRef::Type(with), || emit::ShapeFn {
                        p,
                        ty: with,
                        wire: None,
                    });
                    out.text.num(i);
                }
                (None, Style::Newtype) => {
                    let (f, o) = fields[0];
                    let i = self.shape_index(&mut out.shapes, f.ty, &o.de);
                    out.text.num(i);
                }
                (None, Style::Tuple) => {
                    let kept: Vec<_> = fields.iter().filter(|(f, _)| !skipped_both(f)).collect();
                    out.text.num(kept.len());
                    for (f, o) in kept {
                        let i = self.shape_index(&mut out.shapes, f.ty, &o.de);
                        out.text.num(i);
                    }
                }
                (None, Style::Struct) => self.pack_fields(&mut out, &fields, deny)?,
            }
        }
        Some(out)
    }

    /// `deny n field{n}` of the packed grammar.
    fn pack_fields<'s>(
        &'s self,
        out: &mut Out<'s>,
        pairs: &[(&'s Field, &'s FieldModel)],
        deny: bool,
    ) -> Option<()> {
        use crate::expand::packed::*;
        let p = &self.p;
        let Out {
            text,
            shapes,
            defaults,
            constraints,
        } = out;
        text.num(usize::from(deny));
        text.num(pairs.len());
        for (field, ours) in pairs {
            let description = ours.attrs.description.packed()?;
            let fa = &field.attrs;
            let (rust_name, ser_name, de_name, ser_wire) = self.field_names(field, ours);
            // A type written in both directions (most fields) is
            // found by its key the second time, not built again.
            let shape = self.shape_index(shapes, field.ty, &ours.de);
            let ser_shape = self.shape_index(shapes, field.ty, ser_wire);
            let mut flags = 0;
            for (on, bit) in [
                (fa.flatten(), FLATTEN),
                (ours.deserialize_with, DESERIALIZE_WITH),
                (ours.has_default, HAS_DEFAULT),
                (ours.skip_serializing_if, SKIP_SERIALIZING_IF),
                (ours.skip_if_none, SKIP_IF_NONE),
            ] {
                if on {
                    flags |= bit;
                }
            }
            let default = match &ours.default {
                crate::internals::model::DefaultValue::None => 0,
                crate::internals::model::DefaultValue::OfShape => {
                    flags |= DEFAULT_OF_SHAPE;
                    0
                }
                d @ (crate::internals::model::DefaultValue::Null
                | crate::internals::model::DefaultValue::OfType) => {
                    1 + defaults.index_by(emit::default_key(field.ty, d), || emit::DefaultFn {
                        p,
                        ty: field.ty,
                        default: d,
                        lifetimes: self.lifetimes(),
                    })
                }
                d => {
                    1 + defaults.push(emit::DefaultFn {
                        p,
                        ty: field.ty,
                        default: d,
                        lifetimes: self.lifetimes(),
                    })
                }
            };
            let constraint = match &ours.attrs.constraints {
                Some(c) => {
                    let ty = field.ty.to_token_stream();
                    let mut asserts = Vec::new();
                    let literal = self.constraints_literal(ty, None, c, &mut asserts);
                    1 + constraints.push(quote!({ #(#asserts)* #literal }))
                }
                None => 0,
            };
            text.num(flags);
            text.num(shape);
            text.num(ser_shape);
            text.num(default);
            text.num(constraint);
            text.str(&rust_name);
            text.opt(ser_name);
            text.opt(de_name);
            let aliases = aliases(fa.name().deserialize_name(), fa.aliases());
            text.num(aliases.len());
            for a in &aliases {
                text.str(a);
            }
            text.opt(ours.attrs.title.as_deref());
            text.opt(description);
        }
        Some(())
    }

    /// `p::Body::Packed(&p::Packed { .. })`.
    pub(super) fn write_packed(&self, w: &mut W, out: &Out) {
        let p = &self.p;
        // `&[item, ..]`, or `p::none` for no items.
        fn table<T>(w: &mut W, p: &syn::Ident, items: &[T], none: &str, item: impl Fn(&mut W, &T)) {
            if items.is_empty() {
                w.p(p, none)
            } else {
                w.slice(items, item)
            }
        }
        w.variant_of(p, ["Body", "Packed"], "Packed", |w| {
            w.member("text", |w| w.str_lit(&out.text.0));
            w.member("shapes", |w| {
                table(w, p, &out.shapes.items, "NO_SHAPES", |w, s| s.write(w))
            });
            w.member("defaults", |w| {
                table(w, p, &out.defaults.items, "NO_DEFAULTS", |w, d| d.write(w))
            });
            w.member("constraints", |w| {
                table(
                    w,
                    p,
                    &out.constraints.items,
                    "NO_CONSTRAINT_LIST",
                    |w, c| w.tokens(c),
                )
            });
            w.member("cache", |w| {
                w.punct('&');
                w.ident("__TF");
            });
        });
    }

    /// The type has lifetime parameters (`emit::write_default`).
    pub(super) fn lifetimes(&self) -> bool {
        self.cont.serde.generics.lifetimes().next().is_some()
    }

    /// The type has no type or const parameters: it gets `static`s of its
    /// own (a `static` in a generic impl is shared by every instantiation).
    fn own_cache(&self) -> bool {
        self.cont
            .serde
            .generics
            .params
            .iter()
            .all(|g| matches!(g, syn::GenericParam::Lifetime(_)))
    }

    /// The index in `table` of `shape_fn(ty, wire)`, built only when the
    /// table does not have it yet.
    fn shape_index<'s>(
        &'s self,
        table: &mut crate::expand::packed::Table<'s, emit::ShapeFn<'s>>,
        ty: &'s syn::Type,
        wire: &'s WireType,
    ) -> usize {
        table.index_by(emit::shape_key(ty, wire), || emit::ShapeFn {
            p: &self.p,
            ty,
            wire: Some(wire),
        })
    }
}
