//! A struct with named fields, listed: `Body::Struct`, one `Field` literal
//! per field (the struct variants of a listed enum too).

use super::Gen;
use super::names::aliases;
use crate::expand::emit::{self, opt_desc, opt_str};
use crate::internals::model::Field as FieldModel;
use proc_macro2::TokenStream;
use quote::quote;
use serde_derive_internals::ast::Field;

impl Gen<'_, '_> {
    pub(super) fn struct_body(&self, pairs: &[(&Field, &FieldModel)], deny: bool) -> TokenStream {
        let p = &self.p;
        let s = self.struct_shape(pairs, deny);
        quote!(#p::Body::Struct(&#s))
    }

    pub(super) fn struct_shape(&self, pairs: &[(&Field, &FieldModel)], deny: bool) -> TokenStream {
        let p = &self.p;
        let fields = pairs.iter().map(|(f, o)| self.field(f, o));
        quote!(#p::Struct {
            fields: &[#(#fields),*],
            deny_unknown_fields: #deny,
        })
    }

    fn field(&self, field: &Field, ours: &FieldModel) -> TokenStream {
        let p = &self.p;
        let fa = &field.attrs;
        let (rust_name, ser_name, de_name, ser_wire) = self.field_names(field, ours);
        let shape = emit::shape_fn(p, field.ty, &ours.de);
        let description = opt_desc(p, &ours.attrs.description);
        // Every member written, the unset ones as named constants: with
        // `..Field::BASE` rustc's MIR copies the base once per member it
        // supplies, and `None` or `&[]` in place is a temporary each; a named
        // constant is a single operand (bench/compile_time/EXPANSION.md).
        // Not a `const fn` call: the const evaluator spends far more on a
        // call than on the tokens it saves.
        let (ser_name, de_name) = (opt_str(p, ser_name), opt_str(p, de_name));
        let ser_shape = emit::shape_fn(p, field.ty, ser_wire);
        let aliases = aliases(fa.name().deserialize_name(), fa.aliases());
        let aliases = if aliases.is_empty() {
            quote!(#p::NO_NAMES)
        } else {
            quote!(&[#(#aliases),*])
        };
        let flatten = fa.flatten();
        let deserialize_with = ours.deserialize_with;
        let has_default = ours.has_default;
        let skip_serializing_if = ours.skip_serializing_if;
        let skip_if_none = ours.skip_if_none;
        let default_value = emit::default_value(p, field.ty, &ours.default, self.lifetimes());
        let title = opt_str(p, ours.attrs.title.as_deref());
        let constraints = match &ours.attrs.constraints {
            Some(c) => self.constraints(field, c),
            None => quote!(#p::NO_CONSTRAINTS),
        };
        quote!(#p::Field {
            rust_name: #rust_name,
            ser_name: #ser_name,
            de_name: #de_name,
            aliases: #aliases,
            shape: #shape,
            ser_shape: #ser_shape,
            flatten: #flatten,
            deserialize_with: #deserialize_with,
            has_default: #has_default,
            default_value: #default_value,
            skip_serializing_if: #skip_serializing_if,
            skip_if_none: #skip_if_none,
            title: #title,
            description: #description,
            constraints: #constraints,
        })
    }
}
