//! `#[schema(with = WireType)]` on the type, and serde's `from`, `try_from`
//! and `into` around the container's own body (`Body::Convert`).

use super::{BodyOut, Gen};
use crate::expand::write::W;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

impl Gen<'_, '_> {
    /// `#[schema(with = WireType)]` on the type: serde reads and writes it
    /// as `WireType`, described by that type's shape.
    pub(super) fn with_body(&self, with: &syn::Type) -> TokenStream {
        let p = &self.p;
        quote_spanned!(with.span()=> #p::Body::Transparent(#p::shape_of::<#with>))
    }

    /// `own`, wrapped in a conversion when `from`/`try_from`/`into` is set.
    pub(super) fn convert<'s>(&'s self, own: BodyOut<'s>) -> BodyOut<'s> {
        let p = &self.p;
        let attrs = &self.cont.serde.attrs;
        let input = attrs
            .type_from()
            .or(attrs.type_try_from())
            .map(|ty| quote_spanned!(ty.span()=> #p::Some(#p::shape_of::<#ty>)));
        let output = attrs
            .type_into()
            .map(|ty| quote_spanned!(ty.span()=> #p::Some(#p::shape_of::<#ty>)));
        if input.is_none() && output.is_none() {
            return own;
        }
        let own = match own {
            BodyOut::Tokens(t) => t,
            BodyOut::Packed(out) => {
                let mut w = W::pm2(TokenStream::new());
                self.write_packed(&mut w, &out);
                w.finish()
            }
        };
        let input = input.unwrap_or_else(|| quote!(#p::None));
        let output = output.unwrap_or_else(|| quote!(#p::None));
        BodyOut::Tokens(quote!(#p::Body::Convert(&#p::Convert {
            input: #input,
            output: #output,
            body: #own,
        })))
    }
}
