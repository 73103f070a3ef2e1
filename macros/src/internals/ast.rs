//! The parsed input: serde's own reading of its attributes (through
//! `serde_derive_internals`, so renames, aliases and defaults follow serde
//! exactly) joined with our `#[schema(...)]` attributes, one model per place.
//! `check` turns it into the validated `model`.

use super::attr::{ContainerAttrs, FieldAttrs, VariantAttrs};
use super::ctxt::Ctxt;
use super::serde_attr::TakenPaths;
use proc_macro2::{Ident, Span};
use serde_derive_internals::{Ctxt as SerdeCtxt, Derive, ast as serde_ast};

pub struct Container<'a> {
    pub serde: serde_ast::Container<'a>,
    pub attrs: ContainerAttrs,
    /// Our attributes of each field, in the order of
    /// `serde.data.all_fields()`.
    pub fields: Vec<FieldAttrs>,
    /// What `serde_attr::take_paths` took out of each field's
    /// `#[serde(..)]` before serde read it, in the same order.
    pub taken: Vec<TakenPaths>,
    /// Our attributes of each variant (enums only), in order.
    pub variants: Vec<VariantAttrs>,
}

impl<'a> Container<'a> {
    /// Parses `input`. serde's own attribute errors are left to serde (it
    /// reports them better); `None` means serde could not read the input at
    /// all, and serde's derive will say why. `foreign`: read schemars',
    /// validator's and garde's attributes too (`ToolSchema`; `ElicitForm`
    /// reads them in its own attributes).
    pub fn from_ast(
        cx: &Ctxt,
        input: &'a syn::DeriveInput,
        foreign: bool,
        taken: Vec<TakenPaths>,
    ) -> Option<Container<'a>> {
        let serde_cx = SerdeCtxt::new();
        let private = Ident::new("__private", Span::call_site());
        let parsed =
            serde_ast::Container::from_ast(&serde_cx, input, Derive::Deserialize, &private);
        // serde reports these itself when it derives; reporting them twice
        // would only add noise.
        let _ = serde_cx.check();
        let serde = parsed?;
        let attrs = ContainerAttrs::from_attrs(cx, &input.attrs, foreign);
        let fields = serde
            .data
            .all_fields()
            .map(|f| FieldAttrs::from_attrs(cx, &f.original.attrs, foreign.then_some(f.ty)))
            .collect();
        let titled = attrs.titled.is_some();
        let variants = match &serde.data {
            serde_ast::Data::Enum(variants) => variants
                .iter()
                .map(|v| VariantAttrs::from_attrs(cx, &v.original.attrs, titled, foreign))
                .collect(),
            serde_ast::Data::Struct(..) => Vec::new(),
        };
        Some(Container {
            serde,
            attrs,
            fields,
            taken,
            variants,
        })
    }

    /// `crate = ".."`, else `::toolform`.
    pub fn krate(&self) -> syn::Path {
        self.attrs.krate.clone().unwrap_or_else(toolform_path)
    }

    /// The names of the type's type parameters.
    pub fn type_params(&self) -> Vec<Ident> {
        self.serde
            .generics
            .type_params()
            .map(|t| t.ident.clone())
            .collect()
    }
}

/// `::toolform`, built, not parsed (parsing runs syn's parser, unoptimized
/// in a dev build, for every type).
pub fn toolform_path() -> syn::Path {
    let mut path = syn::Path::from(Ident::new("toolform", Span::call_site()));
    path.leading_colon = Some(Default::default());
    path
}
