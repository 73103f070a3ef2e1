//! `#[derive(ToolSchema)]`: emits a `const` wire shape, not schema-building code.
//!
//! As serde_derive's `de`/`ser`: one `match` on the container's form
//! ([`Form`], in [`Gen::body`]) hands each case to its own module.
//!
//! - `convert`: `#[schema(with = ..)]` on the type; serde's `from`,
//!   `try_from` and `into` around the body
//! - `tuple`: what serde reads by position: unit, newtype and tuple
//!   structs, a transparent struct's field
//! - `struct_`: a struct with named fields, listed (`Body::Struct`)
//! - `enum_`: an enum, listed (`Body::Enum`)
//! - `pack`: a struct with named fields or an enum in the packed encoding
//!   (`Body::Packed`), when the type has `static`s of its own
//! - `names`, `constraints`: per field and variant, shared by the cases
//! - `checks`: the compile-time `const` checks emitted beside the impl
//!
//! Token helpers shared with `ElicitForm` are in `expand/emit.rs`.

mod checks;
mod constraints;
mod convert;
mod enum_;
mod names;
mod pack;
mod struct_;
mod tuple;

use crate::expand::emit;
use crate::expand::write::W;
use crate::internals::ast;
use crate::internals::bound::with_bounds;
use crate::internals::check;
use crate::internals::ctxt::Ctxt;
use crate::internals::model::{Container, Field as FieldModel};
use crate::internals::serde_attr::TakenPaths;
use proc_macro2::TokenStream;
use quote::ToTokens;
use quote::{quote, quote_spanned};
use serde_derive_internals::ast::{Data, Field, Style, Variant};

pub fn derive(input: &syn::DeriveInput, taken: Vec<TakenPaths>) -> TokenStream {
    let cx = Ctxt::new();
    let default_krate: syn::Path = crate::internals::ast::toolform_path();
    if let syn::Data::Union(u) = &input.data {
        cx.error_spanned_by(
            u.union_token,
            "#[derive(ToolSchema)] does not support unions: serde cannot serialize them",
        );
    }
    let cont = if cx.has_errors() {
        None
    } else {
        ast::Container::from_ast(&cx, input, true, taken)
    };
    let Some(cont) = cont else {
        // serde could not read the input; its own derive reports why.
        let mut out = emit::fallback_tool_schema(input, &default_krate);
        if let Some(errors) = cx.into_compile_errors() {
            out.extend(errors);
        }
        return out;
    };
    let krate = cont.krate();
    match check::check(&cx, cont) {
        Some(cont) => {
            let mut out = expand(&cont);
            // None: `check` returns a model only without errors (taken, so
            // the context's drop guard holds).
            out.extend(cx.into_compile_errors());
            out
        }
        None => {
            let mut out = emit::fallback_tool_schema(input, &krate);
            out.extend(cx.into_compile_errors());
            out
        }
    }
}

/// Shared state of one expansion.
struct Gen<'c, 'a> {
    cont: &'c Container<'a>,
    /// `__tf`, the name of `toolform::__private` inside the generated block.
    p: syn::Ident,
}

fn expand(cont: &Container) -> TokenStream {
    let krate = &cont.krate;
    // Inside the block of the generated `SHAPE`, `__tf` names toolform's
    // private module: shorter paths, a smaller expansion.
    let g = Gen {
        cont,
        p: syn::Ident::new("__tf", proc_macro2::Span::call_site()),
    };
    let p = &g.p;
    let ident = &cont.serde.ident;
    let generics = with_bounds(cont);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();

    // A `static` inside a generic fn is shared by every instantiation, so only
    // types without type or const parameters get their own; the others use the
    // runtime's cache keyed by shape.
    let own_cache = cont
        .serde
        .generics
        .params
        .iter()
        .all(|g| matches!(g, syn::GenericParam::Lifetime(_)));
    // The accessors are the trait's own (generic) methods reading this
    // constant: no function bodies per type for the compiler to check when
    // a crate only defines its types.
    // A unit-only, externally tagged enum is a select field of a form.
    let select: &[&syn::Path] = if cont.select {
        std::slice::from_ref(&krate)
    } else {
        &[]
    };
    let name = ident.to_string().trim_start_matches("r#").to_owned();
    // `schemars::JsonSchema`, when toolform's `schemars` feature is on;
    // beside schemars' own derive, an error at it instead (both written by
    // the runtime's macro). Nothing at all without that feature (toolform's `schemars` feature
    // turns on this crate's): the derive writes no impl to check, and a type
    // pays no macro call per edit for a feature it does not use.
    let json_schema_on = cfg!(feature = "schemars") && !cont.attrs.no_json_schema;
    let beside = json_schema_on
        .then(|| checks::json_schema_derive(&cont.serde.original.attrs))
        .flatten();
    let json_schema: &[&syn::Path] = if json_schema_on && beside.is_none() {
        std::slice::from_ref(&krate)
    } else {
        &[]
    };
    let beside = beside.map(|span| {
        let krate = emit::respan(krate.to_token_stream(), span);
        quote_spanned!(span=> #krate::__private::__json_schema! { beside })
    });
    // Each an empty stream for most types: not written then.
    let nonempty = |t: TokenStream| (!t.is_empty()).then_some(t);
    let range_checks = nonempty(checks::range_checks(cont));
    let example_checks = nonempty(checks::example_checks(cont));
    let header_checks = nonempty(checks::header_checks(cont));
    // A packed body finds its cache (`Decoded`: the decoded body and the
    // two schemas) through its own `cache`; another type with a cache of
    // its own gets `__SCHEMAS`.
    let (body, packed) = g.body();
    let decoded = own_cache && packed;
    let schemas: &[&syn::Path] = if own_cache && !packed {
        std::slice::from_ref(&krate)
    } else {
        &[]
    };
    // The rarer parts, written by `quote!` and spliced in.
    let rare = quote! {
        #beside
        #range_checks
        #example_checks
        #header_checks
        #(
            #[automatically_derived]
            impl #impl_generics #select::elicit::SelectEnum for #ident #ty_generics #where_clause {}
        )*
        #(
            #json_schema::__private::__json_schema! {
                [#impl_generics] [#ident #ty_generics] [#where_clause] #name
            }
        )*
    };
    let schemas = quote! {
        #(
            const __SCHEMAS: #schemas::__private::Option<&'static #schemas::__private::Schemas> = {
                static __TF: #schemas::__private::Schemas = #schemas::__private::Schemas::EMPTY;
                #schemas::__private::Some(&__TF)
            };
        )*
    };
    // Written with the compiler's own token types (`expand/write.rs`).
    let mut w = W::new();
    w.tokens(&rare);
    let shape = emit::TraitImpl {
        krate,
        generics: &generics,
        ident,
        trait_path: ["__private", "ToolSchema"],
        constant: "SHAPE",
        ty: ["__private", "Shape"],
        cache: decoded.then_some(("__TF", "Decoded")),
    };
    // __tf::Shape::Named(&__tf::Named { .. })
    let value = |w: &mut W| {
        w.variant_of(p, ["Shape", "Named"], "Named", |w| {
            w.member("type_name", |w| {
                w.p(p, "type_name");
                w.turbofish(|w| w.ident("Self"));
            });
            w.member("title", |w| {
                emit::write_opt_str(w, p, cont.attrs.title.as_deref())
            });
            w.member("description", |w| {
                emit::write_opt_desc(w, p, &cont.attrs.description)
            });
            w.member("body", |w| match &body {
                BodyOut::Tokens(t) => w.tokens(t),
                BodyOut::Packed(out) => g.write_packed(w, out),
            });
        });
    };
    shape.write(&mut w, p, value, |w| w.tokens(&schemas));
    w.finish()
}

/// A body: tokens, or a packed body written straight into the literal.
enum BodyOut<'s> {
    Tokens(TokenStream),
    Packed(pack::Out<'s>),
}

/// The container's form, as serde reads it: one case per module.
enum Form<'c, 'a> {
    /// `#[schema(with = WireType)]` on the type.
    With(&'c syn::Type),
    Enum(&'c [Variant<'a>]),
    /// `#[serde(transparent)]`: the one field serde does not skip.
    Transparent(&'c Field<'a>, &'c FieldModel),
    Unit,
    Newtype(&'c Field<'a>, &'c FieldModel),
    Tuple(Vec<(&'c Field<'a>, &'c FieldModel)>),
    /// Named fields.
    Struct(Vec<(&'c Field<'a>, &'c FieldModel)>),
}

impl<'c, 'a> Gen<'c, 'a> {
    fn form(&self) -> Form<'c, 'a> {
        let cont = self.cont;
        // `#[schema(with = WireType)]` on the type: serde reads and writes it
        // as `WireType` (a type with hand-written serde impls, described by
        // another type's shape).
        if let Some(with) = &cont.attrs.with {
            return Form::With(with);
        }
        let (style, fields) = match &cont.serde.data {
            Data::Enum(variants) => return Form::Enum(variants),
            Data::Struct(style, fields) => (style, fields),
        };
        let pairs: Vec<(&Field, &FieldModel)> = fields.iter().zip(&cont.fields).collect();
        if cont.serde.attrs.transparent() {
            // serde requires exactly one field that is not skipped.
            if let Some(&(field, ours)) = pairs.iter().find(|(f, _)| !skipped_both(f)) {
                return Form::Transparent(field, ours);
            }
        }
        match style {
            Style::Unit => Form::Unit,
            Style::Newtype => Form::Newtype(pairs[0].0, pairs[0].1),
            Style::Tuple => Form::Tuple(pairs),
            Style::Struct => Form::Struct(pairs),
        }
    }

    /// The body: one case per form, wrapped in a conversion when
    /// `from`/`try_from`/`into` is set; and whether it is packed (then it
    /// holds the type's cache).
    fn body(&self) -> (BodyOut<'_>, bool) {
        let deny = self.cont.serde.attrs.deny_unknown_fields();
        let listed = |body: TokenStream| (BodyOut::Tokens(body), false);
        let (own, packed) = match self.form() {
            Form::With(with) => return listed(self.with_body(with)),
            Form::Enum(variants) => match self.packed_enum(variants) {
                Some(out) => (BodyOut::Packed(out), true),
                None => listed(self.enum_body(variants)),
            },
            Form::Transparent(field, ours) => listed(self.transparent_body(field, ours)),
            Form::Unit => listed(self.unit_body()),
            Form::Newtype(field, ours) => listed(self.newtype_body(field, ours)),
            Form::Tuple(pairs) => listed(self.tuple_body(&pairs)),
            Form::Struct(pairs) => match self.packed_struct(&pairs, deny) {
                Some(out) => (BodyOut::Packed(out), true),
                None => listed(self.struct_body(&pairs, deny)),
            },
        };
        (self.convert(own), packed)
    }
}

fn skipped_both(field: &Field) -> bool {
    field.attrs.skip_serializing() && field.attrs.skip_deserializing()
}
