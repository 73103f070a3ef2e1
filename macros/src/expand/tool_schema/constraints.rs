//! The declared constraints of a field (`Constraints`), with the assertions
//! that the field's type fits each key.

use super::Gen;
use crate::expand::emit::{self, opt_str};
use crate::internals::attr::Constraints;
use proc_macro2::TokenStream;
use quote::ToTokens;
use quote::quote;
use serde_derive_internals::ast::Field;

impl Gen<'_, '_> {
    /// The declared constraints, with the field type's fitness asserted at
    /// the key that asks for it (`length` on an integer is a compile error).
    pub(super) fn constraints(&self, field: &Field, c: &Constraints) -> TokenStream {
        let p = &self.p;
        let ty = field.ty.to_token_stream();
        let mut asserts = Vec::new();
        let literal = self.constraints_literal(ty, None, c, &mut asserts);
        quote!(#p::Some({
            #(#asserts)*
            #literal
        }))
    }

    /// `&Constraints { .. }` of `c`; the assertions of the fitness of the
    /// type each key constrains pushed to `asserts`.
    ///
    /// `within`: `None` for the field itself, whose type is `ty` (every
    /// token of an assertion at its key); else `c` is inside `items(..)`
    /// (`true`) or `values(..)` (`false`) of `ty`, whose tokens are spanned
    /// at that key: `ty` without items is reported there once (the same
    /// error as the enclosing key's own assertion), an item type a key does
    /// not fit at the key.
    pub(super) fn constraints_literal(
        &self,
        ty: TokenStream,
        within: Option<bool>,
        c: &Constraints,
        asserts: &mut Vec<TokenStream>,
    ) -> TokenStream {
        let p = &self.p;
        for (span, check) in [
            (c.length.map(|l| l.span), "length"),
            (c.range.map(|r| r.span), "range"),
            (c.string, "string"),
            (c.items.as_ref().map(|i| i.span), "items"),
            (c.values.as_ref().map(|v| v.span), "values"),
        ] {
            let Some(span) = span else { continue };
            let assert = match within {
                None => {
                    let check = quote::format_ident!("assert_{check}");
                    emit::respan(quote!(#p::#check::<#ty>();), span)
                }
                Some(items) => {
                    let step = if items { "item" } else { "value" };
                    let check = quote::format_ident!("assert_{step}_{check}", span = span);
                    let call = emit::respan(quote!(#p::#check::<), span);
                    let rest = emit::respan(quote!(, _>();), span);
                    quote!(#call #ty #rest)
                }
            };
            asserts.push(assert);
        }
        let mut inner = |nested: &Option<crate::internals::attr::Inner>, items: bool| match nested {
            Some(i) => {
                // The type whose items (values) `i` constrains: this
                // level's own type.
                let parent = match within {
                    None => ty.clone(),
                    Some(true) => quote!(#p::ItemOf<#ty>),
                    Some(false) => quote!(#p::ValueOf<#ty>),
                };
                let parent = emit::respan(parent, i.span);
                let literal =
                    self.constraints_literal(parent, Some(items), &i.constraints, asserts);
                quote!(#p::Some(#literal))
            }
            None => quote!(#p::NO_CONSTRAINTS),
        };
        let items = inner(&c.items, true);
        let values = inner(&c.values, false);
        let opt_u64 = |v| emit::opt_u64(p, v);
        let min_length = opt_u64(c.length.and_then(|l| l.min));
        let max_length = opt_u64(c.length.and_then(|l| l.max));
        let minimum = emit::bound(p, c.range.and_then(|r| r.min));
        let maximum = emit::bound(p, c.range.and_then(|r| r.max));
        let pattern = opt_str(p, c.pattern.as_deref());
        let format = opt_str(p, c.format.as_deref());
        let examples = c.examples.iter().map(|(e, _)| e.to_json());
        let deprecated = c.deprecated;
        let header = opt_str(p, c.header.as_ref().map(|h| h.name.as_str()));
        quote!(&#p::Constraints {
            min_length: #min_length,
            max_length: #max_length,
            minimum: #minimum,
            maximum: #maximum,
            pattern: #pattern,
            format: #format,
            examples: &[#(#examples),*],
            deprecated: #deprecated,
            items: #items,
            values: #values,
            header: #header,
        })
    }
}
