//! `#[schema(...)]` and `#[elicit(...)]` read through darling: one receiver
//! per place (container, variant, field; `schema` and `elicit`), each key a
//! typed field, every error of every attribute collected by darling's
//! accumulator.
//!
//! Before darling sees a list, one pass over its keys (`keys::screen`) reports
//! unknown keys (naming the keys the place allows, with "did you mean"),
//! duplicates (also across attributes), keys that take a string given
//! something else, and `pattern` in a form; the items it reports are not
//! passed on, so each mistake is reported once.
//!
//! The receivers are raw; `attr` turns each into its place's validated model.
//!
//! Hand-written, because darling cannot: `with = Type` without quotes.
//! darling reads a value up to the first comma, so `with = HashMap<K, V>`
//! would be cut at the comma inside the angle brackets; `split_with` takes
//! the type out of the list first, balancing `<` and `>`.

use darling::FromMeta;
use darling::util::{Flag, SpannedValue};
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{Expr, Lit};

use super::value::{Literal, Number};
pub use darling::ast::NestedMeta;

/// `#[schema(...)]` on a struct or enum.
#[derive(FromMeta, Default)]
pub struct ContainerSchema {
    pub title: Option<String>,
    pub description: Option<String>,
    #[darling(rename = "crate")]
    pub krate: Option<SpannedValue<String>>,
    pub titled: Flag,
    pub no_json_schema: Flag,
}

/// `#[schema(...)]` on an enum variant.
#[derive(FromMeta, Default)]
pub struct VariantSchema {
    pub title: Option<String>,
    pub description: Option<String>,
}

/// `#[schema(...)]` on a field (`with` is taken out before; see the module
/// docs).
#[derive(FromMeta, Default)]
pub struct FieldSchema {
    pub title: Option<String>,
    pub description: Option<String>,
    pub length: Option<Bounds>,
    pub range: Option<Bounds>,
    pub pattern: Option<SpannedValue<String>>,
    pub format: Option<SpannedValue<String>>,
    #[darling(multiple)]
    pub example: Vec<SpannedValue<Literal>>,
    pub deprecated: Flag,
    pub header: Option<SpannedValue<String>>,
}

/// `items(..)` or `values(..)` inside a field's `#[schema(...)]` (nested
/// `items`/`values` are taken out before; see `keys::Screened::nested`).
#[derive(FromMeta, Default)]
pub struct InnerSchema {
    pub length: Option<Bounds>,
    pub range: Option<Bounds>,
    pub pattern: Option<SpannedValue<String>>,
    pub format: Option<SpannedValue<String>>,
}

/// `#[elicit(...)]` on a form.
#[derive(FromMeta, Default)]
pub struct ElicitContainer {
    #[darling(rename = "crate")]
    pub krate: Option<SpannedValue<String>>,
}

/// `#[elicit(...)]` on a form field.
#[derive(FromMeta, Default)]
pub struct ElicitField {
    pub title: Option<String>,
    pub description: Option<String>,
    pub length: Option<Bounds>,
    pub range: Option<Bounds>,
    pub format: Option<SpannedValue<String>>,
    pub min_items: Option<SpannedValue<Number>>,
    pub max_items: Option<SpannedValue<Number>>,
    pub default: Option<SpannedValue<Literal>>,
    pub enum_names: Flag,
}

/// `length(min = .., max = ..)` and `range(min = .., max = ..)`.
pub struct Bounds {
    pub min: Option<Number>,
    pub max: Option<Number>,
}

/// [`Bounds`] as darling reads it, for the lists the token reading leaves
/// to the parser.
#[derive(FromMeta)]
struct ParsedBounds {
    min: Option<Number>,
    max: Option<Number>,
}

impl FromMeta for Bounds {
    // The usual list (`min = 1, max = 80`) is read from its tokens
    // (`key_form::plain_bound_values`: what the parser would read); any
    // other goes through darling. A range's values may be signed or
    // fractional, so the reading is the general one (`count: false`).
    fn from_meta(item: &syn::Meta) -> darling::Result<Self> {
        if let syn::Meta::List(list) = item
            && let Some([min, max]) = super::key_form::plain_bound_values(&list.tokens, false)
        {
            return Ok(Bounds { min, max });
        }
        ParsedBounds::from_meta(item).map(|b| Bounds {
            min: b.min,
            max: b.max,
        })
    }
}

impl FromMeta for Number {
    // darling reads literals only; a negative number is the expression
    // `-lit`, read here.
    fn from_expr(expr: &Expr) -> darling::Result<Self> {
        number(expr).map_err(darling::Error::from)
    }
}

impl FromMeta for Literal {
    // `keys::screen` has already read every literal (with messages naming
    // its key); this reads the ones it passed on.
    fn from_expr(expr: &Expr) -> darling::Result<Self> {
        literal(expr, || {
            "expected a literal: a string, a character, a number or `true`/`false`".to_string()
        })
        .map_err(darling::Error::from)
    }
}

/// A literal: a string, a character (a one-character string on the wire),
/// a number or a boolean. `not_literal` is the message for anything else.
pub fn literal(expr: &Expr, not_literal: impl FnOnce() -> String) -> syn::Result<Literal> {
    match strip_group(expr) {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Str(s), ..
        }) => Ok(Literal::Str(s.value())),
        Expr::Lit(syn::ExprLit {
            lit: Lit::Char(c), ..
        }) => Ok(Literal::Str(c.value().to_string())),
        Expr::Lit(syn::ExprLit {
            lit: Lit::Bool(b), ..
        }) => Ok(Literal::Bool(b.value)),
        Expr::Lit(syn::ExprLit {
            lit: Lit::Int(_) | Lit::Float(_),
            ..
        })
        | Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            ..
        }) => number(expr).map(Literal::Num),
        other => Err(syn::Error::new_spanned(other, not_literal())),
    }
}

pub fn strip_group(expr: &Expr) -> &Expr {
    match expr {
        Expr::Group(g) => strip_group(&g.expr),
        Expr::Paren(p) => strip_group(&p.expr),
        other => other,
    }
}

/// A number literal, possibly negative: integers exactly (down to
/// `i64::MIN`, up to `u64::MAX`), floats finite.
pub fn number(expr: &Expr) -> syn::Result<Number> {
    let (negative, lit) = match strip_group(expr) {
        Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => (true, strip_group(expr)),
        other => (false, other),
    };
    let Expr::Lit(syn::ExprLit { lit, .. }) = lit else {
        return Err(syn::Error::new_spanned(
            expr,
            "expected a number literal, e.g. `1`, `-5` or `0.5`",
        ));
    };
    match lit {
        Lit::Int(i) => {
            // syn reads `-1` after `=` as one literal, digits and all.
            let (negative, digits) = match i.base10_digits().strip_prefix('-') {
                Some(digits) => (!negative, digits),
                None => (negative, i.base10_digits()),
            };
            let v: u64 = digits.parse().map_err(|_| {
                syn::Error::new(
                    i.span(),
                    "number out of range: integers go up to 18446744073709551615 (u64::MAX)",
                )
            })?;
            if !negative {
                return Ok(Number::UInt(v));
            }
            // `-9223372036854775808` is `i64::MIN`: its magnitude is one
            // more than `i64::MAX`.
            if v == 1 << 63 {
                return Ok(Number::Int(i64::MIN));
            }
            i64::try_from(v).map(|v| Number::Int(-v)).map_err(|_| {
                syn::Error::new(
                    i.span(),
                    "number out of range: integers go down to -9223372036854775808 (i64::MIN)",
                )
            })
        }
        Lit::Float(f) => {
            let v: f64 = f.base10_parse()?;
            // JSON has no infinities: `1e400` would be written as `null`.
            if !v.is_finite() {
                return Err(syn::Error::new(
                    f.span(),
                    format!(
                        "`{f}` is out of the range of an f64 (it would be infinite, which JSON \
                         cannot carry); the largest finite value is about 1.7976931348623157e308"
                    ),
                ));
            }
            Ok(Number::Float(if negative { -v } else { v }))
        }
        other => Err(syn::Error::new(
            other.span(),
            "expected a number literal, e.g. `1`, `-5` or `0.5`",
        )),
    }
}

/// One attribute's list, with `with = Type` taken out (field only).
pub struct Split {
    pub items: Vec<NestedMeta>,
    /// `with = Type`: the key's span and the type (or its error).
    pub with: Vec<(Span, syn::Result<syn::Type>)>,
}

/// Parses the list of `#[name(...)]`, taking `with = ..` out first when
/// `take_with`.
pub fn split(attr: &syn::Attribute, take_with: bool) -> syn::Result<Split> {
    let list = attr.meta.require_list()?;
    if let Some(items) = plain_items(&list.tokens) {
        return Ok(Split {
            items,
            with: Vec::new(),
        });
    }
    let mut with = Vec::new();
    let tokens = if take_with {
        split_with(list.tokens.clone(), &mut with)
    } else {
        list.tokens.clone()
    };
    let items = NestedMeta::parse_meta_list(tokens)?;
    Ok(Split { items, with })
}

/// The items of a list whose every item has one of the usual forms, built
/// from its tokens as the parser builds them: `key`, `key = <literal>` (a
/// literal token, `true` or `false`) and `key(..)`. `None` for any other
/// list, which goes to the parser (`NestedMeta::parse_meta_list`); so does
/// a list with `with = ..`, which `split` takes out first. Why: the parser
/// reads each value as an expression, the most expensive part of reading
/// an attribute in a default dev profile (bench/compile_time/EXPANSION.md).
pub(crate) fn plain_items(tokens: &TokenStream) -> Option<Vec<NestedMeta>> {
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let mut parts: Vec<&[TokenTree]> = trees
        .split(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
        .collect();
    // A trailing comma (or an empty list) leaves one empty part at the end.
    if parts.last().is_some_and(|p| p.is_empty()) {
        parts.pop();
    }
    let mut items = Vec::with_capacity(parts.len());
    for item in parts {
        let meta = match item {
            [TokenTree::Ident(key)] => syn::Meta::Path(key_path(key)?),
            [TokenTree::Ident(key), TokenTree::Group(g)]
                if g.delimiter() == proc_macro2::Delimiter::Parenthesis =>
            {
                syn::Meta::List(syn::MetaList {
                    path: key_path(key)?,
                    delimiter: syn::MacroDelimiter::Paren(syn::token::Paren {
                        span: g.delim_span(),
                    }),
                    tokens: g.stream(),
                })
            }
            [TokenTree::Ident(key), TokenTree::Punct(eq), value]
                if eq.as_char() == '=' && eq.spacing() == proc_macro2::Spacing::Alone =>
            {
                let lit = match value {
                    TokenTree::Literal(l) => Lit::new(l.clone()),
                    TokenTree::Ident(b) if b == "true" || b == "false" => {
                        Lit::Bool(syn::LitBool::new(b == "true", b.span()))
                    }
                    _ => return None,
                };
                syn::Meta::NameValue(syn::MetaNameValue {
                    path: key_path(key)?,
                    eq_token: syn::Token![=](eq.span()),
                    value: Expr::Lit(syn::ExprLit {
                        attrs: Vec::new(),
                        lit,
                    }),
                })
            }
            _ => return None,
        };
        items.push(NestedMeta::Meta(meta));
    }
    Some(items)
}

/// A key: one identifier, not `with` (taken out by `split`) and not a
/// keyword the parser would refuse as a path.
fn key_path(key: &proc_macro2::Ident) -> Option<syn::Path> {
    let text = key.to_string();
    if text == "with" || text.starts_with("r#") || super::serde_attr::is_keyword(&text) {
        return None;
    }
    Some(syn::Path::from(key.clone()))
}

/// Removes every top-level `with = <type>` from `tokens`; the type runs to
/// the next comma outside angle brackets.
fn split_with(tokens: TokenStream, out: &mut Vec<(Span, syn::Result<syn::Type>)>) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut kept = TokenStream::new();
    let mut i = 0;
    // Whether `i` starts an item (first token, or after a top-level comma).
    let mut item_start = true;
    while i < trees.len() {
        let is_with = item_start
            && matches!(&trees[i], TokenTree::Ident(id) if id == "with")
            && matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '=');
        if !is_with {
            item_start = matches!(&trees[i], TokenTree::Punct(p) if p.as_char() == ',');
            kept.extend([trees[i].clone()]);
            i += 1;
            continue;
        }
        let key_span = trees[i].span();
        let eq_span = trees[i + 1].span();
        i += 2;
        let mut value = TokenStream::new();
        let mut depth = 0i32;
        let mut prev_dash = false;
        while i < trees.len() {
            if let TokenTree::Punct(p) = &trees[i] {
                match p.as_char() {
                    ',' if depth <= 0 => break,
                    '<' => depth += 1,
                    // `->` in a fn type is not a closing bracket.
                    '>' if !prev_dash => depth -= 1,
                    _ => {}
                }
                prev_dash = p.as_char() == '-';
            } else {
                prev_dash = false;
            }
            value.extend([trees[i].clone()]);
            i += 1;
        }
        // Skip the comma after the value, if any.
        if i < trees.len() {
            i += 1;
        }
        item_start = true;
        let parsed = if value.is_empty() {
            Err(syn::Error::new(eq_span, "expected `with = WireType`"))
        } else {
            let span = value
                .clone()
                .into_iter()
                .next()
                .map_or(eq_span, |t| t.span());
            let parsed: syn::Result<syn::Type> = match syn::parse2::<syn::LitStr>(value.clone()) {
                Ok(lit) => lit.parse(),
                Err(_) => syn::parse2(value),
            };
            parsed.map_err(|_| {
                syn::Error::new(
                    span,
                    "`with` takes the wire type, e.g. `with = String` or `with = Vec<u8>`",
                )
            })
        };
        out.push((key_span, parsed));
    }
    kept
}

/// The key of an item, with its span.
pub fn key_of(item: &NestedMeta) -> Option<(String, Span)> {
    let path = match item {
        NestedMeta::Meta(meta) => meta.path(),
        NestedMeta::NameValueInvalidExpr(v) => &v.path,
        NestedMeta::Lit(_) => return None,
    };
    // Most keys are one identifier: its text and span, without printing the
    // path into a stream twice (to read its text, then to find its span).
    if let Some(ident) = path.get_ident() {
        return Some((ident.to_string(), ident.span()));
    }
    Some((
        path.to_token_stream().to_string().replace(' ', ""),
        path.span(),
    ))
}

/// The string literal of `key = "..."`, or an error saying that `key` takes
/// one.
pub fn string_value(item: &NestedMeta, key: &str) -> syn::Result<syn::LitStr> {
    let value = match item {
        NestedMeta::Meta(syn::Meta::NameValue(nv)) => &nv.value,
        NestedMeta::Meta(meta) => {
            return Err(syn::Error::new(
                meta.path().span(),
                format!("expected `{key} = \"...\"`"),
            ));
        }
        NestedMeta::NameValueInvalidExpr(v) => {
            return Err(syn::Error::new_spanned(
                &v.value,
                format!("`{key}` takes a string: `{key} = \"...\"`"),
            ));
        }
        NestedMeta::Lit(lit) => return Err(syn::Error::new(lit.span(), "expected `key = value`")),
    };
    match strip_group(value) {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Str(s), ..
        }) => Ok(s.clone()),
        other => Err(syn::Error::new(
            other.span(),
            format!("`{key}` takes a string: `{key} = \"...\"`"),
        )),
    }
}

#[cfg(test)]
mod plain_items_tests {
    use super::plain_items;
    use darling::ast::NestedMeta;

    #[test]
    fn the_items_are_the_parsers() {
        for list in [
            "",
            "title = \"Name\"",
            "format = \"email\", default = \"a@b.c\",",
            "range(min = 1, max = 80)",
            "length(max = 2000), title = \"x\"",
            "max_items = 4, deprecated",
            "deprecated = true, example = false",
            "example = 'c', example = 1.5e3, example = 0x10, example = b\"x\", example = 7u8",
            "items(length(max = 3))",
            "é = 1",
        ] {
            let tokens: proc_macro2::TokenStream = list.parse().expect("test list lexes");
            let parsed = NestedMeta::parse_meta_list(tokens.clone()).expect("test list parses");
            assert_eq!(plain_items(&tokens), Some(parsed), "{list}");
        }
    }

    #[test]
    fn any_other_list_goes_to_the_parser() {
        for list in [
            "with = Vec<u8>",
            "crate = \"x\"",
            "r#type = 1",
            "range(min = 1), \"lone literal\"",
            "true",
            "a,,b",
            ",",
            "a = -1",
            "a = b",
            "a = \"x\".len()",
            "a::b = 1",
            "a[1]",
            "a{1}",
            "a == 1",
            "a = 1 2",
        ] {
            let tokens: proc_macro2::TokenStream = list.parse().expect("test list lexes");
            assert!(plain_items(&tokens).is_none(), "{list}");
        }
    }
}

#[cfg(test)]
mod default_tests {
    use super::*;

    /// `attr::receive` skips darling for a place without keys and takes
    /// `Default` instead: both must read every member as absent.
    #[test]
    fn an_empty_list_reads_as_the_default() {
        fn both<R: FromMeta + Default>() -> [R; 2] {
            let read = R::from_list(&[]).unwrap_or_else(|e| panic!("{e}"));
            [read, R::default()]
        }
        for c in both::<ContainerSchema>() {
            assert!(c.title.is_none() && c.description.is_none() && c.krate.is_none());
            assert!(!c.titled.is_present() && !c.no_json_schema.is_present());
        }
        for v in both::<VariantSchema>() {
            assert!(v.title.is_none() && v.description.is_none());
        }
        for f in both::<FieldSchema>() {
            assert!(f.title.is_none() && f.description.is_none());
            assert!(f.length.is_none() && f.range.is_none());
            assert!(f.pattern.is_none() && f.format.is_none() && f.header.is_none());
            assert!(f.example.is_empty() && !f.deprecated.is_present());
        }
        for i in both::<InnerSchema>() {
            assert!(i.length.is_none() && i.range.is_none());
            assert!(i.pattern.is_none() && i.format.is_none());
        }
        for e in both::<ElicitContainer>() {
            assert!(e.krate.is_none());
        }
        for e in both::<ElicitField>() {
            assert!(e.title.is_none() && e.description.is_none());
            assert!(e.length.is_none() && e.range.is_none() && e.format.is_none());
            assert!(e.min_items.is_none() && e.max_items.is_none() && e.default.is_none());
            assert!(!e.enum_names.is_present());
        }
    }
}
