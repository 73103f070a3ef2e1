//! `#[derive(ElicitForm)]`: a flat struct as an MCP elicitation form.

use crate::expand::emit::{self, bound, respan};
use crate::expand::write::W;
use crate::internals::ast::Container;
use crate::internals::attr::{FormAttrs, FormFieldAttrs};
use crate::internals::check::check_form;
use crate::internals::ctxt::Ctxt;
use crate::internals::fit::{Fit, Known};
use crate::internals::model::{Form, FormField};
use crate::internals::prim::Prim;
use crate::internals::serde_attr::TakenPaths;
use crate::internals::value::{Literal, Number};
use proc_macro2::{Delimiter, TokenStream};
use quote::{quote, quote_spanned};
use serde_derive_internals::ast::Data;
use toolform_formats::Format;

pub fn derive(input: &syn::DeriveInput, taken: Vec<TakenPaths>) -> TokenStream {
    let cx = Ctxt::new();
    let form = FormAttrs::from_attrs(&cx, &input.attrs);
    let krate: syn::Path = form
        .krate
        .clone()
        .unwrap_or_else(crate::internals::ast::toolform_path);
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
        Container::from_ast(&cx, input, false, taken)
    };
    let checked = cont.and_then(|cont| {
        let elicit: Vec<FormFieldAttrs> = match &cont.serde.data {
            Data::Struct(_, fields) => fields
                .iter()
                .map(|f| FormFieldAttrs::from_attrs(&cx, &f.original.attrs, f.ty))
                .collect(),
            Data::Enum(_) => Vec::new(),
        };
        check_form(&cx, cont, form, elicit)
    });
    match checked {
        Some(form) => {
            let mut out = expand(&form);
            // None: `check` returns a model only without errors (taken, so
            // the context's drop guard holds).
            out.extend(cx.into_compile_errors());
            out
        }
        None => {
            let mut out = fallback(input, &krate);
            out.extend(cx.into_compile_errors());
            out
        }
    }
}

/// A literal default must fit the field's kind (and be one of a select's
/// options), and a range must leave a value of the field's type: one
/// constant per check, evaluated where the type is declared, so every bad
/// one is reported, each at its literal or key.
fn literal_checks(form: &Form) -> TokenStream {
    let krate = &form.krate;
    if !form.serde.generics.params.is_empty() {
        return TokenStream::new();
    }
    let mut out = TokenStream::new();
    let p = quote!(#krate::__private);
    for field in &form.fields {
        let ty = field.ty;
        let ours = &field.attrs;
        // A check the field's type certainly passes is left out
        // (`internals::prim`).
        let prim = field.prim;
        // A range the type's tokens decide is left out (`internals::fit`;
        // one outside was reported by `check`).
        if let Some(range) = ours.range
            && matches!(
                Known::of(ty).range_fits(&[], range.min, range.max),
                Fit::Unknown
            )
        {
            let min = bound(&p, range.min);
            let max = bound(&p, range.max);
            let check = quote!(#p::form_range::<#ty>(#min, #max));
            out.extend(respan(quote!(const _: () = #check;), range.span));
        }
        let Some((fill, span)) = &ours.fill else {
            continue;
        };
        let certain = match (prim, fill) {
            (Some(Prim::Text), Literal::Str(_)) | (Some(Prim::Bool), Literal::Bool(_)) => true,
            (Some(prim), Literal::Num(n)) => prim.number_fits(*n),
            _ => false,
        };
        if certain {
            continue;
        }
        let check = match fill {
            Literal::Str(value) => {
                let chars = value.chars().count() as u64;
                quote!({
                    #p::form_default_str::<#ty>(#value);
                    #p::form_default_chars::<#ty>(#chars)
                })
            }
            Literal::Num(n) => {
                let value = match *n {
                    Number::Int(v) => quote!(#p::Bound::Int(#v)),
                    Number::UInt(v) => quote!(#p::Bound::UInt(#v)),
                    Number::Float(v) => quote!(#p::Bound::Float(#v)),
                };
                quote!(#p::form_default_number::<#ty>(#value))
            }
            Literal::Bool(_) => quote!(#p::form_default_bool::<#ty>()),
        };
        out.extend(respan(quote!(const _: () = #check;), *span));
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
                fields: #krate::elicit::FormFields::Listed(&[]),
                deny_unknown_fields: false,
            };
        }
    }
}

fn expand(form: &Form) -> TokenStream {
    let krate = &form.krate;
    // Inside the block of the generated `FORM`, `__tf` names toolform's
    // private module, which re-exports the form types the expansion names:
    // shorter paths, one `use` per form.
    let bp = syn::Ident::new("__tf", proc_macro2::Span::call_site());
    let ident = &form.serde.ident;
    let read: Vec<&FormField> = form.fields.iter().filter(|f| f.read).collect();
    let generics = form_bounds(form, &read);
    let packed = packed_fields(&bp, form, &read);
    let deny = form.serde.attrs.deny_unknown_fields();
    let literal_checks = literal_checks(form);
    // One `impl` and one `const` per form, and no other item: the decoded
    // fields are kept by the runtime, by the form's address (every item is
    // one more thing each build after an edit lowers, hashes and reloads:
    // bench/compile_time/EXPANSION.md). Written with the compiler's own
    // token types (`expand/write.rs`).
    let p = &bp;
    let mut w = W::new();
    let impl_form = emit::TraitImpl {
        krate,
        generics: &generics,
        ident,
        trait_path: ["elicit", "ElicitForm"],
        constant: "FORM",
        ty: ["elicit", "Form"],
        cache: None,
    };
    // __tf::Form { type_name: .., fields: .., deny_unknown_fields: .. }
    let value = |w: &mut W| {
        w.p(p, "Form");
        w.group(Delimiter::Brace, |w| {
            w.member("type_name", |w| {
                w.p(p, "type_name");
                w.turbofish(|w| w.ident("Self"));
            });
            w.member("fields", |w| match &packed {
                Some(packed) => packed.write(w, p),
                None => {
                    let lifetimes = form.serde.generics.lifetimes().next().is_some();
                    let listed = read.iter().map(|f| form_field(p, f, lifetimes));
                    w.tokens(&quote!(#p::FormFields::Listed(&[#(#listed),*])));
                }
            });
            w.member("deny_unknown_fields", |w| {
                w.ident(if deny { "true" } else { "false" })
            });
        });
    };
    impl_form.write(&mut w, p, value, |_| {});
    w.tokens(&literal_checks);
    w.finish()
}

/// The type's generics plus, like serde's own bounds, what the form needs of
/// its type parameters: `FieldType: FormValue` for every field type that
/// mentions one, and `Self: DeserializeOwned` (which `ElicitForm` requires).
fn form_bounds(form: &Form, fields: &[&FormField]) -> syn::Generics {
    let mut generics = form.serde.generics.clone();
    let params: Vec<syn::Ident> = (generics.type_params()).map(|p| p.ident.clone()).collect();
    if params.is_empty() {
        return generics;
    }
    let krate = &form.krate;
    let where_clause = generics.make_where_clause();
    where_clause
        .predicates
        .push(syn::parse_quote!(Self: #krate::__private::serde::de::DeserializeOwned));
    for field in fields {
        let ty = field.ty;
        if !crate::internals::bound::params_in(ty, &params).is_empty() {
            where_clause
                .predicates
                .push(syn::parse_quote!(#ty: #krate::elicit::FormValue));
        }
    }
    generics
}

/// The field's compile-time checks of its attributes against its type.
fn asserts(p: &syn::Ident, field: &FormField) -> Vec<TokenStream> {
    let ours: &FormFieldAttrs = &field.attrs;
    let ty = field.ty;
    let mut asserts = Vec::new();
    // An assertion the field's type certainly meets is left out
    // (`internals::prim`).
    let prim = field.prim;
    let text = prim != Some(Prim::Text);
    let number = !prim.is_some_and(Prim::is_number_field);
    // The names are built into tokens only for an assertion written.
    for (span, check) in [
        (ours.length.filter(|_| text).map(|l| l.span), "assert_text"),
        (ours.format.filter(|_| text).map(|(_, s)| s), "assert_text"),
        (
            ours.range.filter(|_| number).map(|r| r.span),
            "assert_number",
        ),
        (ours.items.as_ref().map(|i| i.span), "assert_multi"),
        (ours.enum_names, "assert_select"),
    ] {
        if let Some(span) = span {
            // Every token at the key, so an unmet bound is reported there.
            let check = syn::Ident::new(check, span);
            asserts.push(respan(quote!(#p::#check::<#ty>();), span));
        }
    }
    asserts
}

/// `<ty as p::FormValue>::TYPE` (a reference), every token but the type's
/// own and `p` at the type's first token (a type that is not a form value
/// is reported there); with assertions, `{ asserts.. <..>::TYPE }`. Written straight
/// into the stream of the table it is an item of: no stream of its own to
/// interpolate (each a few calls into the compiler).
struct FormType<'a> {
    p: &'a syn::Ident,
    ty: &'a syn::Type,
    asserts: Vec<TokenStream>,
}

impl FormType<'_> {
    fn write(&self, w: &mut W) {
        let span = emit::ty_span(self.ty);
        let of_type = |w: &mut W| {
            w.punct_spanned('<', span);
            w.ty(self.ty);
            w.ident_at("as", span);
            w.syn_ident(self.p);
            w.colon2_at(span);
            w.ident_at("FormValue", span);
            w.punct_spanned('>', span);
            w.colon2_at(span);
            w.ident_at("TYPE", span);
        };
        if self.asserts.is_empty() {
            of_type(w);
        } else {
            w.group(Delimiter::Brace, |w| {
                for assert in &self.asserts {
                    w.tokens(assert);
                }
                of_type(w);
            });
        }
    }
}

/// A form's packed fields, written into `FORM`'s literal.
struct PackedFields<'a> {
    text: String,
    types: Vec<FormType<'a>>,
    defaults: Vec<emit::DefaultFn<'a>>,
}

impl PackedFields<'_> {
    /// `p::FormFields::Packed(&p::PackedForm { .. })`.
    fn write(&self, w: &mut W, p: &syn::Ident) {
        w.variant_of(p, ["FormFields", "Packed"], "PackedForm", |w| {
            w.member("text", |w| w.str_lit(&self.text));
            w.member("types", |w| w.slice(&self.types, |w, t| t.write(w)));
            w.member("defaults", |w| {
                if self.defaults.is_empty() {
                    w.p(p, "NO_DEFAULTS");
                } else {
                    w.slice(&self.defaults, |w, d| d.write(w));
                }
            });
        });
    }
}

/// The form's fields in the packed encoding (`toolform::__private::PackedForm`,
/// whose module documents the text), or `None` where the listed one is
/// needed: a generic type or a description written as an expression.
fn packed_fields<'a>(
    p: &'a syn::Ident,
    form: &Form,
    fields: &[&'a FormField],
) -> Option<PackedFields<'a>> {
    use crate::expand::packed::{Table, Text};
    let generic =
        (form.serde.generics.params.iter()).any(|g| !matches!(g, syn::GenericParam::Lifetime(_)));
    if generic {
        return None;
    }
    let lifetimes = form.serde.generics.lifetimes().next().is_some();
    let (mut text, mut types, mut defaults) = (Text::default(), Table::default(), Table::default());
    text.num(fields.len());
    for field in fields {
        let ours: &FormFieldAttrs = &field.attrs;
        let description = ours.description.packed()?;
        let ty = field.ty;
        let asserts = asserts(p, field);
        let ty_index = if asserts.is_empty() {
            types.index_by(crate::expand::packed::KeyRef::Type(ty), || FormType {
                p,
                ty,
                asserts,
            })
        } else {
            types.push(FormType { p, ty, asserts })
        };
        // Flag 4: the default is the one of the field's kind.
        let mut of_kind = 0;
        let default = match &field.default {
            crate::internals::model::DefaultValue::None => 0,
            crate::internals::model::DefaultValue::OfShape => {
                of_kind = 4;
                0
            }
            d @ (crate::internals::model::DefaultValue::Null
            | crate::internals::model::DefaultValue::OfType) => {
                1 + defaults.index_by(emit::default_key(ty, d), || emit::DefaultFn {
                    p,
                    ty,
                    default: d,
                    lifetimes,
                })
            }
            d => {
                1 + defaults.push(emit::DefaultFn {
                    p,
                    ty,
                    default: d,
                    lifetimes,
                })
            }
        };
        let never_required = field.has_default || ours.fill.is_some();
        text.num(
            usize::from(ours.enum_names.is_some()) | usize::from(never_required) << 1 | of_kind,
        );
        text.num(ty_index);
        text.num(default);
        text.str(&field.name);
        text.num(field.aliases.len());
        for alias in &field.aliases {
            text.str(alias);
        }
        text.opt(ours.title.as_deref());
        text.opt(description);
        let fill = ours.fill.as_ref().map(|(lit, _)| lit.to_json());
        text.opt(fill.as_deref());
        text.opt_u64(ours.length.and_then(|l| l.min));
        text.opt_u64(ours.length.and_then(|l| l.max));
        text.opt_u64(ours.items.as_ref().and_then(|i| i.min));
        text.opt_u64(ours.items.as_ref().and_then(|i| i.max));
        text.bound(ours.range.and_then(|r| r.min));
        text.bound(ours.range.and_then(|r| r.max));
        text.num(match ours.format.map(|(f, _)| f) {
            None => 0,
            Some(Format::Email) => 1,
            Some(Format::Uri) => 2,
            Some(Format::Date) => 3,
            Some(Format::DateTime) => 4,
        });
    }
    Some(PackedFields {
        text: text.0,
        types: types.items,
        defaults: defaults.items,
    })
}

fn form_field(p: &syn::Ident, field: &FormField, lifetimes: bool) -> TokenStream {
    let ours: &FormFieldAttrs = &field.attrs;
    let ty = field.ty;
    let ty_span = emit::ty_span(ty);
    let name = &field.name;
    let asserts = asserts(p, field);
    let kind = quote_spanned!(ty_span=> &<#ty as #p::FormValue>::KIND);
    // A default (serde's or `#[elicit(default)]`) makes any field optional.
    let required = if field.has_default || ours.fill.is_some() {
        quote!(false)
    } else {
        quote_spanned!(ty_span=> !<#ty as #p::FormValue>::OPTIONAL)
    };
    let aliases = &field.aliases;
    let aliases = if aliases.is_empty() {
        quote!(#p::NO_NAMES)
    } else {
        quote!(&[#(#aliases),*])
    };
    let title = emit::opt_str(p, ours.title.as_deref());
    // The doc comment, unless `#[elicit(description)]` says otherwise.
    let description = emit::opt_desc(p, &ours.description);
    let default = emit::default_value(p, ty, &field.default, lifetimes);
    let fill = ours.fill.as_ref().map(|(lit, _)| lit.to_json());
    let fill = emit::opt_str(p, fill.as_deref());
    let opt_u64 = |v| emit::opt_u64(p, v);
    let format = match ours.format.map(|(f, _)| f) {
        Some(Format::Email) => quote!(#p::Some(#p::Format::Email)),
        Some(Format::Uri) => quote!(#p::Some(#p::Format::Uri)),
        Some(Format::Date) => quote!(#p::Some(#p::Format::Date)),
        Some(Format::DateTime) => quote!(#p::Some(#p::Format::DateTime)),
        None => quote!(#p::NO_FORMAT),
    };
    let min_length = opt_u64(ours.length.and_then(|l| l.min));
    let max_length = opt_u64(ours.length.and_then(|l| l.max));
    let minimum = bound(p, ours.range.and_then(|r| r.min));
    let maximum = bound(p, ours.range.and_then(|r| r.max));
    let min_items = opt_u64(ours.items.as_ref().and_then(|i| i.min));
    let max_items = opt_u64(ours.items.as_ref().and_then(|i| i.max));
    let legacy_enum_names = ours.enum_names.is_some();
    // Every member written, the unset ones as named constants, not a
    // struct update over `FormField::BASE` nor a `const fn` call: see
    // `field` in tool_schema/struct_.rs.
    quote!(#p::FormField {
        name: #name,
        aliases: #aliases,
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
        legacy_enum_names: #legacy_enum_names,
    })
}
