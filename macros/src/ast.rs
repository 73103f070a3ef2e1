//! The parsed input: serde's own reading of its attributes (through
//! `serde_derive_internals`, so renames, aliases and defaults follow serde
//! exactly) joined with our `#[schema(...)]` attributes.

use crate::attr::{Place, SchemaAttrs};
use crate::ctxt::Ctxt;
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
