//! `#[derive(ToolSchema)]`: emits a `const` wire shape, not schema-building code.

use crate::expand::emit::{self, opt_desc, opt_str};
use crate::expand::packed::KeyRef;
use crate::internals::ast;
use crate::internals::attr::{Constraints, VariantAttrs};
use crate::internals::bound::params_in;
use crate::internals::bound::with_bounds;
use crate::internals::check;
use crate::internals::ctxt::Ctxt;
use crate::internals::fit::{Fit, Known};
use crate::internals::model::{Container, Field as FieldModel, WireType};
use crate::internals::value::{Literal, Number};
use proc_macro2::TokenStream;
use quote::ToTokens;
use quote::{quote, quote_spanned};
use serde_derive_internals::ast::{Data, Field, Style, Variant};
use serde_derive_internals::attr::TagType;
use serde_derive_internals::name::Name;
use syn::spanned::Spanned;

pub fn derive(input: &syn::DeriveInput) -> TokenStream {
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
        ast::Container::from_ast(&cx, input, true)
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
    // Inside the generated `const _` block, `__tf` names toolform's private
    // module: shorter paths, a smaller expansion.
    let g = Gen {
        cont,
        p: syn::Ident::new("__tf", proc_macro2::Span::call_site()),
    };
    let p = &g.p;
    let ident = &cont.serde.ident;
    let generics = with_bounds(cont);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let title = opt_str(p, cont.attrs.title.as_deref());
    let description = opt_desc(p, &cont.attrs.description);
    let body = g.container_body();

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
    //
    // The optional parts are written inside the one `quote!` below, each
    // behind a repetition (`#(..)*`) over a slice of one or none, not built
    // as streams of their own and interpolated: interpolating a stream is a
    // few calls into the compiler each (bench/compile_time/EXPANSION.md).
    // One `static` for both caches (schemas, decoded body): `Cache`.
    let one = |on: bool| -> &[&syn::Ident] { if on { std::slice::from_ref(&p) } else { &[] } };
    let cache = one(own_cache);
    // A unit-only, externally tagged enum is a select field of a form.
    let select: &[&syn::Path] = if cont.select {
        std::slice::from_ref(&krate)
    } else {
        &[]
    };
    let name = ident.to_string().trim_start_matches("r#").to_owned();
    // `schemars::JsonSchema`, when toolform's `schemars` feature is on;
    // beside schemars' own derive, an error at it instead (the runtime's
    // macro decides, knowing the feature).
    let beside = (!cont.attrs.no_json_schema)
        .then(|| json_schema_derive(&cont.serde.original.attrs))
        .flatten();
    let json_schema = one(!cont.attrs.no_json_schema && beside.is_none());
    let beside = beside.map(|span| {
        let krate = emit::respan(krate.to_token_stream(), span);
        quote_spanned!(span=> #krate::__private::__json_schema! { beside })
    });
    // Each an empty stream for most types: not interpolated then (an
    // interpolated stream is a few calls into the compiler even when empty).
    let nonempty = |t: TokenStream| (!t.is_empty()).then_some(t);
    let range_checks = nonempty(range_checks(cont));
    let example_checks = nonempty(example_checks(cont));
    let header_checks = nonempty(header_checks(cont));
    // The probe traits only where a default uses them.
    let default_traits = one(cont
        .fields
        .iter()
        .any(|f| emit::uses_default_traits(&f.default)));
    quote! {
        #beside
        #range_checks
        #example_checks
        #header_checks
        const _: () = {
            use #krate::__private as __tf;
            #(
                #[allow(unused_imports)]
                use #default_traits::{NoDefaultOf as _, NoDefaultVia as _};
            )*
            #(
                #[automatically_derived]
                impl #impl_generics #select::elicit::SelectEnum for #ident #ty_generics #where_clause {}
            )*
            #(
                #json_schema::__json_schema! {
                    [#impl_generics] [#ident #ty_generics] [#where_clause] #name
                }
            )*
            #(static __TF: #cache::Cache = #cache::Cache::EMPTY;)*
            #[automatically_derived]
            impl #impl_generics #p::ToolSchema for #ident #ty_generics #where_clause {
                const SHAPE: &'static #p::Shape = &#p::Shape::Named(&#p::Named {
                    type_name: #p::type_name::<Self>,
                    title: #title,
                    description: #description,
                    body: #body,
                });
                #(
                    const __SCHEMAS: #cache::Option<&'static #cache::Schemas> =
                        #cache::Some(&__TF.schemas);
                )*
            }
        };
    }
}

/// A packed body being written: the text and its tables.
#[derive(Default)]
struct Out<'a> {
    text: crate::expand::packed::Text,
    shapes: crate::expand::packed::Table<emit::ShapeFn<'a>>,
    defaults: crate::expand::packed::Table,
    constraints: crate::expand::packed::Table,
}

impl Gen<'_, '_> {
    /// The body, wrapped in a conversion when `from`/`try_from`/`into` is set.
    fn container_body(&self) -> TokenStream {
        let p = &self.p;
        // `#[schema(with = WireType)]` on the type: serde reads and writes it
        // as `WireType` (a type with hand-written serde impls, described by
        // another type's shape).
        if let Some(with) = &self.cont.attrs.with {
            return quote_spanned!(with.span()=> #p::Body::Transparent(#p::shape_of::<#with>));
        }
        let attrs = &self.cont.serde.attrs;
        let own = self.own_body();
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
        let input = input.unwrap_or_else(|| quote!(#p::None));
        let output = output.unwrap_or_else(|| quote!(#p::None));
        quote!(#p::Body::Convert(&#p::Convert {
            input: #input,
            output: #output,
            body: #own,
        }))
    }

    fn own_body(&self) -> TokenStream {
        let p = &self.p;
        let cont = self.cont;
        let attrs = &cont.serde.attrs;
        let (style, fields) = match &cont.serde.data {
            Data::Enum(variants) => return self.enum_body(variants),
            Data::Struct(style, fields) => (style, fields),
        };
        let pairs: Vec<(&Field, &FieldModel)> = fields.iter().zip(&cont.fields).collect();
        if attrs.transparent() {
            // serde requires exactly one field that is not skipped.
            if let Some((field, ours)) = pairs.iter().find(|(f, _)| !skipped_both(f)) {
                let shape = self.shape(field, ours);
                return quote!(#p::Body::Transparent(#shape));
            }
        }
        match style {
            Style::Unit => quote!(#p::Body::Unit),
            Style::Newtype => {
                let (field, ours) = pairs[0];
                let shape = self.shape(field, ours);
                quote!(#p::Body::Newtype(#shape))
            }
            Style::Tuple => {
                let shapes = self.tuple(&pairs);
                quote!(#p::Body::Tuple(&[#(#shapes),*]))
            }
            Style::Struct => {
                if let Some(packed) = self.packed_struct(&pairs, attrs.deny_unknown_fields()) {
                    return packed;
                }
                let s = self.struct_shape(&pairs, attrs.deny_unknown_fields());
                quote!(#p::Body::Struct(&#s))
            }
        }
    }

    /// The shapes of a tuple: serde leaves a field skipped in both
    /// directions out of the array (a field skipped in one direction only is
    /// refused).
    fn tuple(&self, pairs: &[(&Field, &FieldModel)]) -> Vec<TokenStream> {
        pairs
            .iter()
            .filter(|(f, _)| !skipped_both(f))
            .map(|(f, o)| self.shape(f, o))
            .collect()
    }

    fn struct_shape(&self, pairs: &[(&Field, &FieldModel)], deny: bool) -> TokenStream {
        let p = &self.p;
        let fields = pairs.iter().map(|(f, o)| self.field(f, o));
        quote!(#p::Struct {
            fields: &[#(#fields),*],
            deny_unknown_fields: #deny,
        })
    }

    /// `Body::Packed` of a struct with named fields (see `packed.rs`), for a
    /// type with a `static` of its own (no type parameters); `None` when a
    /// field's description is an expression only the compiler can evaluate.
    fn packed_struct(&self, pairs: &[(&Field, &FieldModel)], deny: bool) -> Option<TokenStream> {
        if !self.own_cache() {
            return None;
        }
        let mut out = Out::default();
        out.text.num(0);
        self.pack_fields(&mut out, pairs, deny)?;
        Some(self.packed_tokens(out))
    }

    /// `Body::Packed` of an enum (see `packed.rs`), under the same
    /// conditions as [`packed_struct`](Self::packed_struct).
    fn packed_enum(&self, variants: &[Variant]) -> Option<TokenStream> {
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
        Some(self.packed_tokens(out))
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
                (fa.skip_serializing_if().is_some(), SKIP_SERIALIZING_IF),
                (ours.skip_if_none, SKIP_IF_NONE),
            ] {
                if on {
                    flags |= bit;
                }
            }
            let default = match &ours.default {
                crate::internals::model::DefaultValue::None => 0,
                d @ (crate::internals::model::DefaultValue::Null
                | crate::internals::model::DefaultValue::OfType) => {
                    1 + defaults.index_by(emit::default_key(field.ty, d), || {
                        emit::default_value(p, field.ty, d).into_token_stream()
                    })
                }
                d => 1 + defaults.push(emit::default_value(p, field.ty, d).into_token_stream()),
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

    fn packed_tokens(&self, out: Out) -> TokenStream {
        use crate::expand::packed::Table;
        let p = &self.p;
        let text = out.text.0;
        // Items written straight into the table's group (no stream each).
        fn table<'t, T: ToTokens>(
            p: &'t syn::Ident,
            t: &'t Table<T>,
            none: &'t str,
        ) -> impl ToTokens + 't {
            emit::Direct(move |tokens: &mut TokenStream| {
                if t.items.is_empty() {
                    let none = syn::Ident::new(none, proc_macro2::Span::call_site());
                    tokens.extend(quote!(#p::#none));
                } else {
                    let items = &t.items;
                    tokens.extend(quote!(&[#(#items),*]));
                }
            })
        }
        let shapes = table(p, &out.shapes, "NO_SHAPES");
        let defaults = table(p, &out.defaults, "NO_DEFAULTS");
        let constraints = table(p, &out.constraints, "NO_CONSTRAINT_LIST");
        quote!(#p::Body::Packed(&#p::Packed {
            text: #text,
            shapes: #shapes,
            defaults: #defaults,
            constraints: #constraints,
            cache: &__TF.body,
        }))
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

    fn enum_body(&self, variants: &[Variant]) -> TokenStream {
        if let Some(packed) = self.packed_enum(variants) {
            return packed;
        }
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

    /// A field's Rust name, the name of each direction serde does not skip,
    /// and the wire type serde writes (one wire type when both directions
    /// share name and type).
    fn field_names<'f>(
        &self,
        field: &'f Field,
        ours: &'f FieldModel,
    ) -> (String, Option<&'f str>, Option<&'f str>, &'f WireType) {
        let fa = &field.attrs;
        let rust_name = match &field.member {
            syn::Member::Named(ident) => ident.to_string(),
            syn::Member::Unnamed(index) => index.index.to_string(),
        };
        match (&ours.one_name, ours.one_wire) {
            (Some(name), true) => (
                rust_name,
                Some(name.as_str()),
                Some(name.as_str()),
                &ours.de,
            ),
            _ => {
                let names = (fa.name().serialize_name(), fa.name().deserialize_name());
                let (ser, de) = self.names(names, fa.skip_serializing(), fa.skip_deserializing());
                (rust_name, ser, de, &ours.ser)
            }
        }
    }

    /// The name of each direction serde does not skip.
    fn names<'n>(
        &self,
        (ser, de): (&'n Name, &'n Name),
        skip_ser: bool,
        skip_de: bool,
    ) -> (Option<&'n str>, Option<&'n str>) {
        let name = |skip: bool, n: &'n Name| (!skip).then_some(n.value.as_str());
        (name(skip_ser, ser), name(skip_de, de))
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
        let skip_serializing_if = fa.skip_serializing_if().is_some();
        let skip_if_none = ours.skip_if_none;
        let default_value = emit::default_value(p, field.ty, &ours.default);
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

    /// The declared constraints, with the field type's fitness asserted at
    /// the key that asks for it (`length` on an integer is a compile error).
    fn constraints(&self, field: &Field, c: &Constraints) -> TokenStream {
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
    fn constraints_literal(
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

    /// The index in `table` of `shape_fn(ty, wire)`, built only when the
    /// table does not have it yet.
    fn shape_index<'s>(
        &'s self,
        table: &mut crate::expand::packed::Table<emit::ShapeFn<'s>>,
        ty: &'s syn::Type,
        wire: &'s WireType,
    ) -> usize {
        table.index_by(emit::shape_key(ty, wire), || emit::ShapeFn {
            p: &self.p,
            ty,
            wire: Some(wire),
        })
    }

    /// The shape serde reads, for positions (newtype, tuple, transparent).
    fn shape(&self, field: &Field, ours: &FieldModel) -> TokenStream {
        quote::ToTokens::into_token_stream(emit::shape_fn(&self.p, field.ty, &ours.de))
    }
}

/// The aliases serde reads besides the name itself.
fn aliases(de: &Name, all: &std::collections::BTreeSet<Name>) -> Vec<String> {
    all.iter()
        .map(|a| a.value.clone())
        .filter(|a| *a != de.value)
        .collect()
}

fn skipped_both(field: &Field) -> bool {
    field.attrs.skip_serializing() && field.attrs.skip_deserializing()
}

/// The span of `JsonSchema` in a `#[derive(..)]` the derive can see: a
/// derive list after the one naming `ToolSchema` (rustc passes neither the
/// list being expanded nor the ones before it: ui-test json_schema_twice).
fn json_schema_derive(attrs: &[syn::Attribute]) -> Option<proc_macro2::Span> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .filter_map(|a| {
            a.parse_args_with(
                syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
            )
            .ok()
        })
        .flatten()
        .find_map(|p| {
            p.segments
                .last()
                .filter(|s| s.ident == "JsonSchema")
                .map(|s| s.ident.span())
        })
}

/// `#[schema(range(..))]` on an integer field: each bound must lie within the
/// field's type, where its tokens do not decide it (`internals::fit`): one `const` per range, at the `range` key, for fields whose
/// type has no type parameter (it is evaluated where the type is declared).
fn range_checks(cont: &Container) -> TokenStream {
    let krate = &cont.krate;
    let p = quote!(#krate::__private);
    let mut out = TokenStream::new();
    for ours in &cont.fields {
        let (Some(ty), Some(c)) = (&ours.range_check, ours.attrs.constraints.as_ref()) else {
            continue;
        };
        // A range the type's tokens decide is left out (`internals::fit`;
        // one outside was reported by `check`).
        let known = Known::of(ty);
        let Some(ty) = emit::outside_type(ty.to_token_stream()) else {
            continue;
        };
        for (path, range) in c.ranges() {
            if !matches!(known.range_fits(&path, range.min, range.max), Fit::Unknown) {
                continue;
            }
            let min = emit::bound(&p, range.min);
            let max = emit::bound(&p, range.max);
            // Inside `items(..)`/`values(..)`: the shape is walked to the
            // bounded type (a step it lacks is the type assertion's error).
            let check = if path.is_empty() {
                quote!(const _: () = #p::check_range::<#ty>(#min, #max);)
            } else {
                quote!(const _: () = #p::check_range_within::<#ty>(&[#(#path),*], #min, #max);)
            };
            out.extend(emit::respan(check, range.span));
        }
    }
    out
}

/// `#[schema(header = "..")]`: the field's wire type (as serde reads it) must
/// be a string, a safe integer or a boolean (`check_header` in the runtime),
/// at the `header` key, for wire types without a type parameter (evaluated
/// where the type is declared). Rules across types (no two annotations one
/// input schema reaches share a name; none under items, a variant or
/// `$defs`) are checked on the rendered schema: `toolform::headers::check_type`.
fn header_checks(cont: &Container) -> TokenStream {
    let krate = &cont.krate;
    let p = quote!(#krate::__private);
    let mut out = TokenStream::new();
    let params = &cont.type_params;
    for (field, ours) in cont.serde.data.all_fields().zip(&cont.fields) {
        let Some(h) = ours
            .attrs
            .constraints
            .as_ref()
            .and_then(|c| c.header.as_ref())
        else {
            continue;
        };
        let ty = match &ours.de {
            WireType::Own => field.ty.to_token_stream(),
            WireType::With(ty) | WireType::Known(ty) => ty.to_token_stream(),
            WireType::Chrono(unit, option) => emit::chrono_marker(&p, (*unit, *option)),
            WireType::Skipped => continue,
        };
        let generic = match &ours.de {
            WireType::Own => !params_in(field.ty, params).is_empty(),
            WireType::With(ty) | WireType::Known(ty) => !params_in(ty, params).is_empty(),
            _ => false,
        };
        if generic {
            continue;
        }
        let Some(ty) = emit::outside_type(ty) else {
            continue;
        };
        let range = ours.attrs.constraints.as_ref().and_then(|c| c.range);
        let min = emit::bound(&p, range.and_then(|r| r.min));
        let max = emit::bound(&p, range.and_then(|r| r.max));
        out.extend(emit::respan(
            quote!(const _: () = #p::check_header::<#ty>(#min, #max);),
            h.key,
        ));
    }
    out
}

/// `#[schema(example = ..)]` must be a value of the field's wire type, in
/// each direction serde uses the field: one `const` per example and wire
/// type, at the example, for wire types that mention no type or const
/// parameter (it is evaluated where the type is declared). What the shape
/// cannot tell at compile time is accepted (see `check_example`).
fn example_checks(cont: &Container) -> TokenStream {
    let krate = &cont.krate;
    let p = quote!(#krate::__private);
    let params: Vec<syn::Ident> = cont
        .serde
        .generics
        .params
        .iter()
        .filter_map(|g| match g {
            syn::GenericParam::Type(t) => Some(t.ident.clone()),
            syn::GenericParam::Const(c) => Some(c.ident.clone()),
            syn::GenericParam::Lifetime(_) => None,
        })
        .collect();
    let named = |ty: &syn::Type| {
        params_in(ty, &params)
            .is_empty()
            .then(|| ty.to_token_stream())
    };
    let mut out = TokenStream::new();
    for (field, ours) in cont.serde.data.all_fields().zip(&cont.fields) {
        let Some(c) = ours
            .attrs
            .constraints
            .as_ref()
            .filter(|c| !c.examples.is_empty())
        else {
            continue;
        };
        let mut wires: Vec<TokenStream> = Vec::new();
        for wire in [&ours.de, &ours.ser] {
            let ty = match wire {
                WireType::Skipped => None,
                WireType::Own => named(field.ty),
                WireType::With(ty) | WireType::Known(ty) => named(ty),
                WireType::Chrono(unit, option) => Some(emit::chrono_marker(&p, (*unit, *option))),
            };
            let Some(ty) = ty.and_then(emit::outside_type) else {
                continue;
            };
            let text = ty.to_string();
            if !wires.iter().any(|w| w.to_string() == text) {
                wires.push(ty);
            }
        }
        for (example, span) in &c.examples {
            let example = match example {
                Literal::Str(s) => {
                    let chars = s.chars().count() as u64;
                    quote!(#p::Example::Str(#s, #chars))
                }
                Literal::Num(Number::Int(v)) => quote!(#p::Example::Number(#p::Bound::Int(#v))),
                Literal::Num(Number::UInt(v)) => quote!(#p::Example::Number(#p::Bound::UInt(#v))),
                Literal::Num(Number::Float(v)) => {
                    quote!(#p::Example::Number(#p::Bound::Float(#v)))
                }
                Literal::Bool(_) => quote!(#p::Example::Bool),
            };
            for ty in &wires {
                out.extend(emit::respan(
                    quote!(const _: () = #p::check_example::<#ty>(#example);),
                    *span,
                ));
            }
        }
    }
    out
}
