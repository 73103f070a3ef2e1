//! `#[derive(ToolSchema)]`: emits a `const` wire shape, not schema-building code.

use crate::expand::emit::{self, opt_desc, opt_str};
use crate::internals::ast::{Container, FieldAttrs};
use crate::internals::attr::SchemaAttrs;
use crate::internals::check;
use crate::internals::ctxt::Ctxt;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use serde_derive_internals::ast::{Data, Field, Style, Variant};
use serde_derive_internals::attr::{Default as SerdeDefault, TagType};
use syn::spanned::Spanned;

pub fn derive(input: &syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let default_krate: syn::Path = syn::parse_quote!(::toolform);
    if let syn::Data::Union(u) = &input.data {
        cx.error_spanned_by(
            u.union_token,
            "#[derive(ToolSchema)] does not support unions: serde cannot serialize them",
        );
    }
    let cont = if cx.has_errors() {
        None
    } else {
        Container::from_ast(&cx, input)
    };
    let Some(cont) = cont else {
        // serde could not read the input; its own derive reports why.
        let mut out = emit::fallback_tool_schema(input, &default_krate);
        if let Some(errors) = cx.into_compile_errors() {
            out.extend(errors);
        }
        return out;
    };
    check::check(&cx, &cont);
    if cx.has_errors() {
        let mut out = emit::fallback_tool_schema(input, &cont.krate);
        out.extend(cx.into_compile_errors());
        return out;
    }
    expand(&cont)
}

/// Shared state of one expansion.
struct Gen<'c, 'a> {
    cont: &'c Container<'a>,
    /// `::toolform::__private`
    p: TokenStream,
    /// The type has type parameters: default values that mention them are
    /// not emitted (serde adds `T: Default` bounds of its own; we cannot).
    type_params: Vec<syn::Ident>,
}

impl<'c, 'a> Gen<'c, 'a> {
    fn new(cont: &'c Container<'a>) -> Self {
        let krate = &cont.krate;
        Gen {
            cont,
            p: quote!(#krate::__private),
            type_params: cont
                .serde
                .generics
                .type_params()
                .map(|t| t.ident.clone())
                .collect(),
        }
    }
}

fn expand(cont: &Container) -> TokenStream {
    let krate = &cont.krate;
    let mut g = Gen::new(cont);
    // Inside the generated `const _` block, `__tf` names toolform's private
    // module: shorter paths, a smaller expansion.
    g.p = quote!(__tf);
    let p = g.p.clone();
    let ident = &cont.serde.ident;
    let generics = with_bounds(cont);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let title = opt_str(&p, cont.schema.title.as_deref());
    let description = opt_desc(&p, &cont.schema);
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
    let cached = own_cache.then(|| {
        quote! {
            #[inline]
            fn input_schema() -> &'static #p::Value {
                static SCHEMA: #p::OnceLock<#p::Value> = #p::OnceLock::new();
                #p::cached_in(&SCHEMA, <Self as #p::ToolSchema>::SHAPE, #p::Contract::Input)
            }
            #[inline]
            fn output_schema() -> &'static #p::Value {
                static SCHEMA: #p::OnceLock<#p::Value> = #p::OnceLock::new();
                #p::cached_in(&SCHEMA, <Self as #p::ToolSchema>::SHAPE, #p::Contract::Output)
            }
        }
    });

    // A unit-only, externally tagged enum is a select field of a form.
    let select = match &cont.serde.data {
        Data::Enum(variants)
            if matches!(cont.serde.attrs.tag(), TagType::External)
                && variants
                    .iter()
                    .all(|v| matches!(v.style, Style::Unit) && !v.attrs.untagged())
                && variants
                    .iter()
                    .any(|v| !v.attrs.skip_deserializing() && !v.attrs.other()) =>
        {
            Some(quote! {
                #[automatically_derived]
                impl #impl_generics #krate::elicit::SelectEnum for #ident #ty_generics #where_clause {}
            })
        }
        _ => None,
    };
    let name = ident.to_string().trim_start_matches("r#").to_owned();
    // `schemars::JsonSchema`, when toolform's `schemars` feature is on.
    let json_schema = (!cont.schema.no_json_schema).then(|| {
        quote! {
            #p::__json_schema! {
                [#impl_generics] [#ident #ty_generics] [#where_clause] #name
            }
        }
    });
    let range_checks = range_checks(cont);
    quote! {
        #range_checks
        #[doc(hidden)]
        const _: () = {
            use #krate::__private as __tf;
            #[allow(unused_imports)]
            use __tf::NoDefaultOf as _;
            #select
            #json_schema
            #[automatically_derived]
            impl #impl_generics #p::ToolSchema for #ident #ty_generics #where_clause {
                const SHAPE: &'static #p::Shape = &#p::Shape::Named(&#p::Named {
                    type_name: #p::type_name::<Self>,
                    title: #title,
                    description: #description,
                    body: #body,
                });
                #cached
            }
        };
    }
}

impl Gen<'_, '_> {
    /// The body, wrapped in a conversion when `from`/`try_from`/`into` is set.
    fn container_body(&self) -> TokenStream {
        let p = &self.p;
        // `#[schema(with = WireType)]` on the type: serde reads and writes it
        // as `WireType` (a type with hand-written serde impls, described by
        // another type's shape).
        if let Some(with) = &self.cont.schema.with {
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
        let fields = match &cont.serde.data {
            Data::Enum(variants) => return self.enum_body(variants),
            Data::Struct(_, fields) => fields,
        };
        let Data::Struct(style, _) = &cont.serde.data else {
            unreachable!("matched above")
        };
        let pairs: Vec<(&Field, &FieldAttrs)> = fields.iter().zip(&cont.fields).collect();
        if attrs.transparent() {
            // serde requires exactly one field that is not skipped.
            if let Some((field, ours)) = pairs
                .iter()
                .find(|(f, _)| !(f.attrs.skip_serializing() && f.attrs.skip_deserializing()))
            {
                let shape = self.shape_fn(field, ours, Direction::De);
                return quote!(#p::Body::Transparent(#shape));
            }
        }
        match style {
            Style::Unit => quote!(#p::Body::Unit),
            Style::Newtype => {
                let (field, ours) = pairs[0];
                let shape = self.shape_fn(field, ours, Direction::De);
                quote!(#p::Body::Newtype(#shape))
            }
            Style::Tuple => {
                // serde leaves a field skipped in both directions out of the
                // array (a field skipped in one direction only is refused).
                let shapes = pairs
                    .iter()
                    .filter(|(f, _)| !skipped_both(f))
                    .map(|(f, o)| self.shape_fn(f, o, Direction::De));
                quote!(#p::Body::Tuple(&[#(#shapes),*]))
            }
            Style::Struct => {
                let s = self.struct_shape(&pairs, attrs.deny_unknown_fields(), true);
                quote!(#p::Body::Struct(&#s))
            }
        }
    }

    fn struct_shape(
        &self,
        pairs: &[(&Field, &FieldAttrs)],
        deny: bool,
        container_fields: bool,
    ) -> TokenStream {
        let p = &self.p;
        let fields = pairs
            .iter()
            .map(|(f, o)| self.field(f, o, container_fields));
        quote!(#p::Struct {
            fields: &[#(#fields),*],
            deny_unknown_fields: #deny,
        })
    }

    fn enum_body(&self, variants: &[Variant]) -> TokenStream {
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
        let titled = cont.schema.titled.is_some();
        // Fields of all variants are flattened in `cont.fields`.
        let mut field_attrs = cont.fields.iter();
        let variants = variants.iter().zip(&cont.variants).map(|(v, ours)| {
            let fields: Vec<(&Field, &FieldAttrs)> = v
                .fields
                .iter()
                .map(|f| (f, field_attrs.next().expect("one FieldAttrs per field")))
                .collect();
            self.variant(v, ours, &fields, deny, titled)
        });
        let variants: Vec<TokenStream> = variants.collect();
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
        ours: &SchemaAttrs,
        fields: &[(&Field, &FieldAttrs)],
        deny: bool,
        titled: bool,
    ) -> TokenStream {
        let p = &self.p;
        let va = &v.attrs;
        let rust_name = v.ident.to_string();
        let ser_name = if va.skip_serializing() {
            quote!(#p::None)
        } else {
            let n = &va.name().serialize_name().value;
            quote!(#p::Some(#n))
        };
        let de = &va.name().deserialize_name().value;
        let de_name = if va.skip_deserializing() {
            quote!(#p::None)
        } else {
            quote!(#p::Some(#de))
        };
        let aliases: Vec<String> = va
            .aliases()
            .iter()
            .map(|a| a.value.clone())
            .filter(|a| a != de)
            .collect();
        let other = va.other();
        let untagged = va.untagged();
        let body = match v.style {
            // `#[schema(with = WireType)]` on a variant: its content is
            // `WireType` (what a serde `with` on the variant reads and writes).
            Style::Newtype | Style::Tuple | Style::Struct if ours.with.is_some() => {
                let with = ours.with.as_ref();
                quote_spanned!(with.span()=> #p::VariantBody::Newtype(#p::shape_of::<#with>))
            }
            Style::Unit => quote!(#p::VariantBody::Unit),
            Style::Newtype => {
                let (f, o) = fields[0];
                let shape = self.shape_fn(f, o, Direction::De);
                quote!(#p::VariantBody::Newtype(#shape))
            }
            Style::Tuple => {
                let shapes = fields
                    .iter()
                    .filter(|(f, _)| !skipped_both(f))
                    .map(|(f, o)| self.shape_fn(f, o, Direction::De));
                quote!(#p::VariantBody::Tuple(&[#(#shapes),*]))
            }
            Style::Struct => {
                let s = self.struct_shape(fields, deny, false);
                quote!(#p::VariantBody::Struct(&#s))
            }
        };
        // In a titled enum the doc comment is the title.
        let title = if titled {
            ours.title.as_deref().or(ours.doc.as_deref())
        } else {
            ours.title.as_deref()
        };
        let description = if titled {
            quote!(#p::None)
        } else {
            opt_desc(p, ours)
        };
        let title = opt_str(p, title);
        quote!(#p::Variant {
            rust_name: #rust_name,
            ser_name: #ser_name,
            de_name: #de_name,
            aliases: &[#(#aliases),*],
            other: #other,
            untagged: #untagged,
            body: #body,
            title: #title,
            description: #description,
        })
    }

    fn field(&self, field: &Field, ours: &FieldAttrs, container_fields: bool) -> TokenStream {
        let p = &self.p;
        let fa = &field.attrs;
        let rust_name = match &field.member {
            syn::Member::Named(ident) => ident.to_string(),
            syn::Member::Unnamed(index) => index.index.to_string(),
        };
        let name = fa.name();
        let ser_name = if fa.skip_serializing() {
            quote!(#p::None)
        } else {
            let n = &name.serialize_name().value;
            quote!(#p::Some(#n))
        };
        let de = &name.deserialize_name().value;
        let de_name = if fa.skip_deserializing() {
            quote!(#p::None)
        } else {
            quote!(#p::Some(#de))
        };
        let aliases = fa
            .aliases()
            .iter()
            .map(|a| a.value.clone())
            .filter(|a| a != de)
            .collect::<Vec<_>>();
        let container_default = if container_fields {
            self.cont.serde.attrs.default()
        } else {
            &SerdeDefault::None
        };
        let has_default = !fa.default().is_none() || !container_default.is_none();
        let default_value =
            emit::default_value(p, &self.type_params, field, ours, container_default);
        let skip_if = fa.skip_serializing_if();
        let skip_serializing_if = skip_if.is_some();
        let skip_if_none = skip_if.is_some_and(|path| {
            let segments: Vec<String> = path
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            segments.ends_with(&["Option".to_string(), "is_none".to_string()])
        });
        let shape = self.shape_fn(field, ours, Direction::De);
        let ser_shape = self.shape_fn(field, ours, Direction::Ser);
        let flatten = fa.flatten();
        let deserialize_with = crate::internals::attr::custom_de(fa).is_some();
        let title = opt_str(p, ours.schema.title.as_deref());
        let description = opt_desc(p, &ours.schema);
        let constraints = self.constraints(field, &ours.schema.constraints);
        // Only what differs from `Field::BASE`: a smaller expansion compiles
        // faster (measured in the compile-time benchmark).
        let mut parts = vec![
            quote!(rust_name: #rust_name),
            quote!(ser_name: #ser_name),
            quote!(de_name: #de_name),
            quote!(shape: #shape),
            quote!(ser_shape: #ser_shape),
        ];
        if !aliases.is_empty() {
            parts.push(quote!(aliases: &[#(#aliases),*]));
        }
        for (flag, name) in [
            (flatten, quote!(flatten)),
            (deserialize_with, quote!(deserialize_with)),
            (has_default, quote!(has_default)),
            (skip_serializing_if, quote!(skip_serializing_if)),
            (skip_if_none, quote!(skip_if_none)),
        ] {
            if flag {
                parts.push(quote!(#name: true));
            }
        }
        for (value, name) in [
            (default_value, quote!(default_value)),
            (title, quote!(title)),
            (description, quote!(description)),
            (constraints, quote!(constraints)),
        ] {
            if value.to_string() != quote!(#p::None).to_string() {
                parts.push(quote!(#name: #value));
            }
        }
        quote!(#p::Field { #(#parts,)* ..#p::Field::BASE })
    }

    /// The declared constraints, with the field type's fitness asserted at
    /// the key that asks for it (`length` on an integer is a compile error).
    fn constraints(&self, field: &Field, c: &crate::internals::attr::Constraints) -> TokenStream {
        let p = &self.p;
        if c.is_empty() {
            return quote!(#p::None);
        }
        let ty = field.ty;
        let mut asserts = Vec::new();
        for (span, check) in [
            (c.length, quote!(assert_length)),
            (c.range, quote!(assert_range)),
            (c.string, quote!(assert_string)),
        ] {
            if let Some(span) = span {
                // Every token at the key, so an unmet bound is reported there.
                asserts.push(emit::respan(quote!(#p::#check::<#ty>();), span));
            }
        }
        let opt_u64 = |v: Option<u64>| match v {
            Some(v) => quote!(#p::Some(#v)),
            None => quote!(#p::None),
        };
        let bound = |v: Option<crate::internals::attr::Number>| match v {
            Some(crate::internals::attr::Number::Int(v)) => quote!(#p::Some(#p::Bound::Int(#v))),
            Some(crate::internals::attr::Number::UInt(v)) => quote!(#p::Some(#p::Bound::UInt(#v))),
            Some(crate::internals::attr::Number::Float(v)) => {
                quote!(#p::Some(#p::Bound::Float(#v)))
            }
            None => quote!(#p::None),
        };
        let min_length = opt_u64(c.min_length);
        let max_length = opt_u64(c.max_length);
        let minimum = bound(c.minimum);
        let maximum = bound(c.maximum);
        let pattern = opt_str(p, c.pattern.as_deref());
        let format = opt_str(p, c.format.as_deref());
        let examples = &c.examples;
        let deprecated = c.deprecated;
        quote!(#p::Some({
            #(#asserts)*
            &#p::Constraints {
                min_length: #min_length,
                max_length: #max_length,
                minimum: #minimum,
                maximum: #maximum,
                pattern: #pattern,
                format: #format,
                examples: &[#(#examples),*],
                deprecated: #deprecated,
            }
        }))
    }

    /// `shape_of::<WireType>` for one direction, spanned on the field's type
    /// so a missing `ToolSchema` impl is reported there. A direction serde
    /// skips gets a placeholder: the field's type needs no schema for it.
    fn shape_fn(&self, field: &Field, ours: &FieldAttrs, dir: Direction) -> TokenStream {
        let p = &self.p;
        let fa = &field.attrs;
        let (skipped, custom) = match dir {
            Direction::De => (
                fa.skip_deserializing(),
                crate::internals::attr::custom_de(fa).is_some(),
            ),
            Direction::Ser => (fa.skip_serializing(), fa.serialize_with().is_some()),
        };
        if skipped {
            return quote!(#p::shape_of::<()>);
        }
        if matches!(dir, Direction::De) && crate::internals::attr::serde_borrow_bytes(fa) {
            return quote!(#p::shape_of::<::std::string::String>);
        }
        // `#[schema(with = WireType)]` names the wire type of the directions
        // serde handles through a custom function; on a field with no serde
        // function it is the wire type of both (how a foreign type is
        // described).
        let any_custom =
            fa.serialize_with().is_some() || crate::internals::attr::custom_de(fa).is_some();
        if let Some(with) = &ours.schema.with
            && (custom || !any_custom)
        {
            return quote_spanned!(with.span()=> #p::shape_of::<#with>);
        }
        let known = match dir {
            Direction::Ser => &ours.known.0,
            Direction::De => &ours.known.1,
        };
        if custom && let Some(wire) = known {
            return quote!(#p::shape_of::<#wire>);
        }
        if custom && let Some(chrono) = ours.chrono {
            let wire = emit::chrono_marker(p, chrono);
            return quote!(#p::shape_of::<#wire>);
        }
        let ty = field.ty;
        quote_spanned!(ty.span()=> #p::shape_of::<#ty>)
    }
}

fn skipped_both(field: &Field) -> bool {
    field.attrs.skip_serializing() && field.attrs.skip_deserializing()
}

#[derive(Clone, Copy)]
enum Direction {
    De,
    Ser,
}

/// `#[schema(range(..))]` on an integer field must leave a value of the
/// field's type: one `const` per range, at the `range` key, for fields whose
/// type has no type parameter (it is evaluated where the type is declared).
fn range_checks(cont: &Container) -> TokenStream {
    let krate = &cont.krate;
    let p = quote!(#krate::__private);
    let params: Vec<syn::Ident> = cont
        .serde
        .generics
        .type_params()
        .map(|t| t.ident.clone())
        .collect();
    let mut out = TokenStream::new();
    for (field, ours) in cont.serde.data.all_fields().zip(&cont.fields) {
        let c = &ours.schema.constraints;
        let Some(span) = c.range else { continue };
        if skipped_both(field) {
            continue;
        }
        let ty = ours.schema.with.as_ref().unwrap_or(field.ty);
        if !crate::internals::bound::params_in(ty, &params).is_empty() {
            continue;
        }
        let min = emit::bound(&p, c.minimum);
        let max = emit::bound(&p, c.maximum);
        out.extend(emit::respan(
            quote!(const _: () = #p::check_range::<#ty>(#min, #max);),
            span,
        ));
    }
    out
}

/// The type's generics plus `T: ToolSchema` for every type parameter that a
/// field's wire type mentions (outside `PhantomData`), like serde's own bounds.
fn with_bounds(cont: &Container) -> syn::Generics {
    let krate = &cont.krate;
    let mut generics = cont.serde.generics.clone();
    let params: Vec<syn::Ident> = generics.type_params().map(|t| t.ident.clone()).collect();
    let mut used = vec![false; params.len()];
    let attrs = &cont.serde.attrs;
    let mut wire_types: Vec<&syn::Type> = Vec::new();
    for (field, ours) in cont.serde.data.all_fields().zip(&cont.fields) {
        if skipped_both(field) {
            continue;
        }
        wire_types.push(ours.schema.with.as_ref().unwrap_or(field.ty));
    }
    wire_types.extend(
        [attrs.type_from(), attrs.type_try_from(), attrs.type_into()]
            .into_iter()
            .flatten(),
    );
    for ty in wire_types {
        for param in crate::internals::bound::params_in(ty, &params) {
            if let Some(i) = params.iter().position(|p| p == param) {
                used[i] = true;
            }
        }
    }
    let where_clause = generics.make_where_clause();
    for (param, used) in params.iter().zip(used) {
        if used {
            where_clause
                .predicates
                .push(syn::parse_quote!(#param: #krate::ToolSchema));
        }
    }
    generics
}
