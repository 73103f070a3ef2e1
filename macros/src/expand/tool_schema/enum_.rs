//! An enum, listed: `Body::Enum`, its representation and one `Variant`
//! literal per variant.

use super::Gen;
use super::names::aliases;
use crate::expand::emit::{opt_desc, opt_str};
use crate::internals::attr::VariantAttrs;
use crate::internals::model::Field as FieldModel;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use serde_derive_internals::ast::{Field, Style, Variant};
use serde_derive_internals::attr::TagType;
use syn::spanned::Spanned;

impl Gen<'_, '_> {
    /// An enum, listed: `Body::Enum`, one `Variant` literal per variant.
    pub(super) fn enum_body(&self, variants: &[Variant]) -> TokenStream {
        let p = &self.p;
        let cont = self.cont;
        let attrs = &cont.serde.attrs;
        let repr = match attrs.tag() {
            TagType::External => quote!(#p::Repr::External),
            TagType::Internal { tag } => quote!(#p::Repr::Internal { tag: #tag }),
            TagType::Adjacent { tag, content } => {
                quote!(#p::Repr::Adjacent { tag: #tag, content: #content })
            }
            TagType::None => quote!(#p::Repr::Untagged),
        };
        let deny = attrs.deny_unknown_fields();
        let titled = cont.attrs.titled.is_some();
        // Fields of all variants are flattened in `cont.fields`, in order.
        let mut models = cont.fields.iter();
        let variants: Vec<TokenStream> = variants
            .iter()
            .zip(&cont.variants)
            .map(|(v, ours)| {
                let fields: Vec<(&Field, &FieldModel)> = v.fields.iter().zip(&mut models).collect();
                self.variant(v, ours, &fields, deny)
            })
            .collect();
        quote!(#p::Body::Enum(&#p::Enum {
            repr: #repr,
            variants: &[#(#variants),*],
            titled: #titled,
            deny_unknown_fields: #deny,
        }))
    }

    fn variant(
        &self,
        v: &Variant,
        ours: &VariantAttrs,
        fields: &[(&Field, &FieldModel)],
        deny: bool,
    ) -> TokenStream {
        let p = &self.p;
        let va = &v.attrs;
        let rust_name = v.ident.to_string();
        let names = (va.name().serialize_name(), va.name().deserialize_name());
        let (ser_name, de_name) = self.names(names, va.skip_serializing(), va.skip_deserializing());
        let (ser_name, de_name) = (opt_str(p, ser_name), opt_str(p, de_name));
        let aliases = aliases(names.1, va.aliases());
        let aliases = if aliases.is_empty() {
            quote!(#p::NO_NAMES)
        } else {
            quote!(&[#(#aliases),*])
        };
        let other = va.other();
        let untagged = va.untagged();
        let body = match (&ours.with, v.style) {
            (_, Style::Unit) => quote!(#p::VariantBody::Unit),
            // `#[schema(with = WireType)]` on a variant: its content is
            // `WireType` (what a serde `with` on the variant reads and writes).
            (Some(with), _) => {
                quote_spanned!(with.span()=> #p::VariantBody::Newtype(#p::shape_of::<#with>))
            }
            (None, Style::Newtype) => {
                let (f, o) = fields[0];
                let shape = self.shape(f, o);
                quote!(#p::VariantBody::Newtype(#shape))
            }
            (None, Style::Tuple) => {
                let shapes = self.tuple(fields);
                quote!(#p::VariantBody::Tuple(&[#(#shapes),*]))
            }
            (None, Style::Struct) => {
                let s = self.struct_shape(fields, deny);
                quote!(#p::VariantBody::Struct(&#s))
            }
        };
        let title = opt_str(p, ours.title.as_deref());
        let description = opt_desc(p, &ours.description);
        // A literal, not a `const fn` call: rustc's const evaluator spends
        // far more on a call (a frame, the returned struct copied field by
        // field) than the tokens it saves (measured in BENCHMARKS.md).
        quote!(#p::Variant {
            rust_name: #rust_name,
            ser_name: #ser_name,
            de_name: #de_name,
            aliases: #aliases,
            other: #other,
            untagged: #untagged,
            body: #body,
            title: #title,
            description: #description,
        })
    }
}
