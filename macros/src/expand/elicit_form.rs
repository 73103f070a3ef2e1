//! `#[derive(ElicitForm)]`: a flat struct as an MCP elicitation form.

use crate::expand::emit::{self, bound, opt_str, respan};
use crate::internals::ast::Container;
use crate::internals::attr::{Literal, Number, Place, SchemaAttrs};
use crate::internals::ctxt::Ctxt;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use serde_derive_internals::ast::{Data, Field};
use syn::spanned::Spanned;

pub fn derive(input: &syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let elicit = SchemaAttrs::from_attrs(&cx, &input.attrs, Place::ElicitContainer);
    let krate: syn::Path = elicit
        .krate
        .clone()
        .unwrap_or_else(|| syn::parse_quote!(::toolform));
    match &input.data {
        syn::Data::Struct(s) if matches!(s.fields, syn::Fields::Named(_)) => {}
        syn::Data::Struct(_) => cx.error_spanned_by(
            &input.ident,
            "an elicitation form is a struct with named fields: each field is one form field",
        ),
        syn::Data::Enum(e) => cx.error_spanned_by(
            e.enum_token,
            "an elicitation form is a struct with named fields; an enum can be one field of a \
             form (a select) when its variants carry no data and it derives `ToolSchema`",
        ),
        syn::Data::Union(u) => cx.error_spanned_by(
            u.union_token,
            "an elicitation form is a struct with named fields",
        ),
    }
    let cont = if cx.has_errors() {
        None
    } else {
        Container::from_ast(&cx, input)
    };
    let Some(mut cont) = cont else {
        let mut out = fallback(input, &krate);
        out.extend(cx.into_compile_errors());
        return out;
    };
    cont.krate = krate.clone();
    let fields_elicit: Vec<SchemaAttrs> = match &cont.serde.data {
        Data::Struct(_, fields) => fields
            .iter()
            .map(|f| SchemaAttrs::from_attrs(&cx, &f.original.attrs, Place::ElicitField))
            .collect(),
        Data::Enum(_) => Vec::new(),
    };
    crate::internals::check::check_form(&cx, &cont, &fields_elicit);
    if cx.has_errors() {
        let mut out = fallback(input, &krate);
        out.extend(cx.into_compile_errors());
        return out;
    }
    expand(&cont, &fields_elicit)
}

/// A literal default must fit the field's kind (and be one of a select's
/// options): one constant per default, evaluated where the type is declared,
/// so every bad default is reported, each at its literal.
pub(crate) fn default_checks(cont: &Container, elicit: &[SchemaAttrs]) -> TokenStream {
    let krate = &cont.krate;
    let e = quote!(#krate::elicit);
    if !cont.serde.generics.params.is_empty() {
        return TokenStream::new();
    }
    let Data::Struct(_, fields) = &cont.serde.data else {
        return TokenStream::new();
    };
    let mut out = TokenStream::new();
    let p = quote!(#krate::__private);
    for (field, ours) in fields.iter().zip(elicit) {
        let ty = field.ty;
        if let Some(span) = ours.constraints.range {
            let min = bound(&p, ours.constraints.minimum);
            let max = bound(&p, ours.constraints.maximum);
            let check = quote!(#e::__check_range::<#ty>(#min, #max));
            out.extend(respan(quote!(const _: () = #check;), span));
        }
        let (check, span) = match &ours.fill {
            Some((Literal::Str(value), span)) => {
                let chars = value.chars().count() as u64;
                (
                    quote!({
                        #e::__check_default_str::<#ty>(#value);
                        #e::__check_default_chars::<#ty>(#chars)
                    }),
                    *span,
                )
            }
            Some((Literal::Num(n), span)) => {
                let value = match *n {
                    Number::Int(v) => quote!(#p::Bound::Int(#v)),
                    Number::UInt(v) => quote!(#p::Bound::UInt(#v)),
                    Number::Float(v) => quote!(#p::Bound::Float(#v)),
                };
                (quote!(#e::__check_default_number::<#ty>(#value)), *span)
            }
            Some((Literal::Bool(_), span)) => (quote!(#e::__check_default_bool::<#ty>()), *span),
            None => continue,
        };
        out.extend(respan(quote!(const _: () = #check;), span));
    }
    out
}

fn fallback(input: &syn::DeriveInput, krate: &syn::Path) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::elicit::ElicitForm for #ident #ty_generics #where_clause {
            const FORM: &'static #krate::elicit::Form = &#krate::elicit::Form {
                type_name: #krate::__private::type_name::<Self>,
                fields: &[],
                deny_unknown_fields: false,
            };
        }
    }
}

fn expand(cont: &Container, elicit: &[SchemaAttrs]) -> TokenStream {
    let krate = &cont.krate;
    let p = quote!(#krate::__private);
    let e = quote!(#krate::elicit);
    let ident = &cont.serde.ident;
    let (impl_generics, ty_generics, where_clause) = cont.serde.generics.split_for_impl();
    let Data::Struct(_, fields) = &cont.serde.data else {
        unreachable!("checked: a struct with named fields")
    };
    let container_default = cont.serde.attrs.default();
    let mut form_fields = Vec::new();
    for ((field, ours), schema_attrs) in fields.iter().zip(elicit).zip(&cont.fields) {
        if field.attrs.skip_deserializing() {
            continue;
        }
        form_fields.push(form_field(
            cont,
            &p,
            &e,
            field,
            ours,
            schema_attrs,
            !field.attrs.default().is_none() || !container_default.is_none(),
        ));
    }
    let deny = cont.serde.attrs.deny_unknown_fields();
    // Evaluate the form constant where the type is declared, so the checks
    // inside it fail the build even before anything uses the form.
    let eager = cont
        .serde
        .generics
        .params
        .is_empty()
        .then(|| quote!(const _: &#e::Form = <#ident as #e::ElicitForm>::FORM;));
    let default_checks = default_checks(cont, elicit);
    quote! {
        const _: () = {
            #[allow(unused_imports)]
            use #p::NoDefaultOf as _;
            #[automatically_derived]
            impl #impl_generics #e::ElicitForm for #ident #ty_generics #where_clause {
                const FORM: &'static #e::Form = &#e::Form {
                    type_name: #p::type_name::<Self>,
                    fields: &[#(#form_fields),*],
                    deny_unknown_fields: #deny,
                };
            }
        };
        #eager
        #default_checks
    }
}

fn form_field(
    cont: &Container,
    p: &TokenStream,
    e: &TokenStream,
    field: &Field,
    ours: &SchemaAttrs,
    schema_attrs: &crate::internals::ast::FieldAttrs,
    has_default: bool,
) -> TokenStream {
    let fa = &field.attrs;
    let ty = field.ty;
    let ty_span = ty.span();
    let name = &fa.name().deserialize_name().value;
    let aliases: Vec<&String> = fa
        .aliases()
        .iter()
        .map(|a| &a.value)
        .filter(|a| *a != name)
        .collect();
    let kind = quote_spanned!(ty_span=> &<#ty as #e::FormValue>::KIND);
    let optional = quote_spanned!(ty_span=> <#ty as #e::FormValue>::OPTIONAL);
    let filled = ours.fill.is_some();
    let required = quote!(!(#optional || #has_default || #filled));
    let title = opt_str(p, ours.title.as_deref());
    // The doc comment, unless `#[elicit(description)]` says otherwise.
    let description = emit::opt_desc(p, ours);
    let default = if filled {
        quote!(#p::None)
    } else {
        let type_params: Vec<syn::Ident> = cont
            .serde
            .generics
            .type_params()
            .map(|t| t.ident.clone())
            .collect();
        emit::default_value(
            p,
            &type_params,
            field,
            schema_attrs,
            cont.serde.attrs.default(),
        )
    };
    let fill = match &ours.fill {
        Some((lit, _)) => {
            let json = lit.to_json();
            quote!(#p::Some(#json))
        }
        None => quote!(#p::None),
    };
    let c = &ours.constraints;
    let opt_u64 = |v: Option<u64>| match v {
        Some(v) => quote!(#p::Some(#v)),
        None => quote!(#p::None),
    };
    let bound = |v: Option<Number>| bound(p, v);
    let format = match c.format.as_deref() {
        Some("email") => quote!(#p::Some(#e::Format::Email)),
        Some("uri") => quote!(#p::Some(#e::Format::Uri)),
        Some("date") => quote!(#p::Some(#e::Format::Date)),
        Some("date-time") => quote!(#p::Some(#e::Format::DateTime)),
        _ => quote!(#p::None),
    };
    let mut asserts = Vec::new();
    for (span, check) in [
        (c.length, quote!(__assert_text)),
        (c.string, quote!(__assert_text)),
        (c.range, quote!(__assert_number)),
        (ours.items, quote!(__assert_multi)),
        (ours.enum_names, quote!(__assert_select)),
    ] {
        if let Some(span) = span {
            // Every token at the key, so an unmet bound is reported there.
            let call = respan(quote!(#e::#check::<#ty>();), span);
            asserts.push(call);
        }
    }
    let min_length = opt_u64(c.min_length);
    let max_length = opt_u64(c.max_length);
    let minimum = bound(c.minimum);
    let maximum = bound(c.maximum);
    let min_items = opt_u64(ours.min_items);
    let max_items = opt_u64(ours.max_items);
    let legacy = ours.enum_names.is_some();
    quote! {
        #e::FormField {
            name: #name,
            aliases: &[#(#aliases),*],
            kind: { #(#asserts)* #kind },
            required: #required,
            title: #title,
            description: #description,
            default: #default,
            fill: #fill,
            min_length: #min_length,
            max_length: #max_length,
            minimum: #minimum,
            maximum: #maximum,
            format: #format,
            min_items: #min_items,
            max_items: #max_items,
            legacy_enum_names: #legacy,
        }
    }
}
