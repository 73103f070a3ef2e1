//! What serde reads by position: a unit struct, a newtype, a tuple struct,
//! the one field of a transparent struct; and the positional shapes of
//! newtype and tuple variants.

use super::{Gen, skipped_both};
use crate::expand::emit;
use crate::internals::model::Field as FieldModel;
use proc_macro2::TokenStream;
use quote::quote;
use serde_derive_internals::ast::Field;

impl Gen<'_, '_> {
    /// `#[serde(transparent)]`: the shape of the one field serde reads.
    pub(super) fn transparent_body(&self, field: &Field, ours: &FieldModel) -> TokenStream {
        let p = &self.p;
        let shape = self.shape(field, ours);
        quote!(#p::Body::Transparent(#shape))
    }

    pub(super) fn unit_body(&self) -> TokenStream {
        let p = &self.p;
        quote!(#p::Body::Unit)
    }

    pub(super) fn newtype_body(&self, field: &Field, ours: &FieldModel) -> TokenStream {
        let p = &self.p;
        let shape = self.shape(field, ours);
        quote!(#p::Body::Newtype(#shape))
    }

    pub(super) fn tuple_body(&self, pairs: &[(&Field, &FieldModel)]) -> TokenStream {
        let p = &self.p;
        let shapes = self.tuple(pairs);
        quote!(#p::Body::Tuple(&[#(#shapes),*]))
    }

    /// The shapes of a tuple: serde leaves a field skipped in both
    /// directions out of the array (a field skipped in one direction only is
    /// refused).
    pub(super) fn tuple(&self, pairs: &[(&Field, &FieldModel)]) -> Vec<TokenStream> {
        pairs
            .iter()
            .filter(|(f, _)| !skipped_both(f))
            .map(|(f, o)| self.shape(f, o))
            .collect()
    }

    /// The shape serde reads, for positions (newtype, tuple, transparent).
    pub(super) fn shape(&self, field: &Field, ours: &FieldModel) -> TokenStream {
        quote::ToTokens::into_token_stream(emit::shape_fn(&self.p, field.ty, &ours.de))
    }
}
