//! The form each key's value takes (`title = ".."`, a flag, `range(min =
//! .., max = ..)`, `with = Type`, a literal, a count), and the check of one
//! item against it. Every message names the key and the form it takes, so
//! a user reading it knows what to write; `keys::screen` runs the check
//! before darling reads the list, and an item that fails it is not passed
//! on (one mistake, one message).

use super::receiver::{self, NestedMeta};
use super::value::{Literal, Number};
use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Expr, Meta};

/// The form a key's value takes.
#[derive(Clone, Copy, PartialEq)]
pub enum Form {
    /// `key = "..."`.
    Str,
    /// `key` alone, no value.
    Flag,
    /// `key(min = .., max = ..)`; `count`: the bounds count (`length`).
    Bounds { count: bool },
    /// `with = Type` (read before darling, see `receiver::split`).
    Type,
    /// `key = <literal>`: a string, a character, a number or a boolean.
    Literal,
    /// `key = <non-negative integer>`.
    Count,
    /// `key(..)`: a list of constraints (`items(..)`, `values(..)`).
    Nested,
}

impl Form {
    /// The form of `key` (one of the keys some place allows).
    pub fn of(key: &str) -> Form {
        match key {
            "titled" | "no_json_schema" | "deprecated" | "enum_names" => Form::Flag,
            "length" => Form::Bounds { count: true },
            "range" => Form::Bounds { count: false },
            "with" => Form::Type,
            "example" | "default" => Form::Literal,
            "min_items" | "max_items" => Form::Count,
            "items" | "values" => Form::Nested,
            _ => Form::Str,
        }
    }
}

/// `key` in the form it takes, for lists of keys.
pub fn shown(key: &str) -> String {
    match Form::of(key) {
        Form::Str => format!("`{key} = \"..\"`"),
        Form::Flag => format!("`{key}`"),
        Form::Bounds { .. } => format!("`{key}(min = .., max = ..)`"),
        Form::Type => "`with = Type`".to_string(),
        Form::Literal | Form::Count => format!("`{key} = ..`"),
        Form::Nested => format!("`{key}(..)`"),
    }
}

/// The message for `key` given in a form other than its own.
pub fn wrong_form(key: &str) -> String {
    match Form::of(key) {
        Form::Str => format!("`{key}` takes a string: `{key} = \"...\"`"),
        Form::Flag => format!(
            "`{key}` is a flag and takes no value: write `{key}` to set it, or leave it out"
        ),
        Form::Bounds { .. } => format!(
            "`{key}` takes bounds in parentheses: `{key}(min = .., max = ..)`, with `min`, \
             `max` or both"
        ),
        Form::Type => "`with` takes the wire type: `with = Type`, e.g. `with = String` or \
                       `with = Vec<u8>`"
            .to_string(),
        Form::Literal => literal_form(key),
        Form::Count => format!("`{key}` takes a non-negative integer: `{key} = 1`"),
        Form::Nested => {
            let each = if key == "values" { "value" } else { "item" };
            format!(
                "`{key}` takes the constraints of each {each} in parentheses, e.g. \
                 `{key}(length(min = 1), pattern = \"^[a-z]+$\")`"
            )
        }
    }
}

fn literal_form(key: &str) -> String {
    format!(
        "`{key}` takes a literal: a string, a character, a number or `true`/`false`, e.g. \
         `{key} = \"..\"`, `{key} = 'x'`, `{key} = 5` or `{key} = true`"
    )
}

/// Checks that `item` (whose key is `key`) has the form of its key; every
/// error found, each at the token at fault.
pub fn check(item: &NestedMeta, key: &str) -> Result<(), Vec<syn::Error>> {
    let form = Form::of(key);
    let at_key = |span: Span| Err(vec![syn::Error::new(span, wrong_form(key))]);
    let meta = match item {
        NestedMeta::Meta(meta) => meta,
        // `key = <not an expression>`.
        NestedMeta::NameValueInvalidExpr(v) => {
            return Err(vec![syn::Error::new_spanned(&v.value, wrong_form(key))]);
        }
        NestedMeta::Lit(lit) => return at_key(lit.span()),
    };
    match (form, meta) {
        (Form::Flag, Meta::Path(_)) => Ok(()),
        (Form::Flag, other) => at_key(value_span(other)),
        // A `with = ..` has been taken out of the list before: what is left
        // is `with` alone or `with(..)`.
        (Form::Type, other) => at_key(other.path().span()),
        (Form::Bounds { count }, Meta::List(list)) => bounds(key, count, list),
        (Form::Nested, Meta::List(list)) => nested(key, list),
        (Form::Str, Meta::NameValue(nv)) => receiver::string_value(item, key)
            .map(drop)
            .map_err(|_| vec![syn::Error::new(nv.value.span(), wrong_form(key))]),
        (Form::Literal, Meta::NameValue(nv)) => receiver::literal(&nv.value, || {
            let why = match receiver::strip_group(&nv.value) {
                Expr::Lit(_) => "a byte string has no JSON form",
                _ => "a path or an expression cannot be evaluated here",
            };
            format!("{}; {why}", literal_form(key))
        })
        .map(drop)
        .map_err(|e| vec![e]),
        (Form::Count, Meta::NameValue(nv)) => match count_value(&nv.value) {
            Ok(_) => Ok(()),
            Err(Some(e)) => Err(vec![e]),
            Err(None) => Err(vec![syn::Error::new(nv.value.span(), wrong_form(key))]),
        },
        (_, other) => at_key(value_span(other)),
    }
}

/// Where a bound given in a wrong form shows: its value, else its key.
fn value_or_key(item: &NestedMeta, key: Span) -> Span {
    match item {
        NestedMeta::Meta(meta @ Meta::List(_)) => meta.span(),
        _ => key,
    }
}

/// Where a wrong form shows: the value of `key = value`, else the key.
fn value_span(meta: &Meta) -> Span {
    match meta {
        Meta::NameValue(nv) => nv.value.span(),
        other => other.path().span(),
    }
}

/// A non-negative integer. `Err(None)`: not one (the caller says what the
/// key takes); `Err(Some(_))`: a number literal that does not parse (out
/// of range, infinite), with its own message.
fn count_value(expr: &Expr) -> Result<u64, Option<syn::Error>> {
    match receiver::literal(expr, String::new) {
        Ok(Literal::Num(Number::UInt(n))) => Ok(n),
        Ok(_) => Err(None),
        Err(e) if is_number(expr) => Err(Some(e)),
        Err(_) => Err(None),
    }
}

/// Whether `expr` is written as a number (possibly negative).
fn is_number(expr: &Expr) -> bool {
    match receiver::strip_group(expr) {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(_) | syn::Lit::Float(_),
            ..
        }) => true,
        Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => is_number(expr),
        _ => false,
    }
}

/// `min = <n>`, `max = <n>` or both, in either order, with an optional
/// trailing comma, each value a plain decimal literal the slow path reads as
/// it stands: digits only when the bound counts, else also a `-` sign and
/// one `.` between digits; at most 15 digits (exact in a `u64` and an
/// `f64`). What [`bounds`] accepts after a full parse, found from the tokens
/// alone (parsing a list costs a dev build's derive about 75 k instructions).
fn plain_bounds(tokens: &proc_macro2::TokenStream, count: bool) -> bool {
    plain_bound_values(tokens, count).is_some()
}

/// The `min` and `max` of a list [`plain_bounds`] accepts, read as
/// [`receiver::number`] reads them after a full parse; `None` for any other
/// list.
pub(crate) fn plain_bound_values(
    tokens: &proc_macro2::TokenStream,
    count: bool,
) -> Option<[Option<Number>; 2]> {
    use proc_macro2::{Spacing, TokenTree};
    let mut out = [None, None];
    let mut trees = tokens.clone().into_iter();
    let mut any = false;
    while let Some(tree) = trees.next() {
        let TokenTree::Ident(name) = tree else {
            return None;
        };
        // Printed once (each comparison with a `&str` prints it again).
        let which = match name.to_string().as_str() {
            "min" => 0,
            "max" => 1,
            _ => return None,
        };
        if out[which].is_some() {
            return None;
        }
        match trees.next() {
            Some(TokenTree::Punct(eq)) if eq.as_char() == '=' && eq.spacing() == Spacing::Alone => {
            }
            _ => return None,
        }
        let mut value = trees.next();
        let mut negative = false;
        if !count
            && let Some(TokenTree::Punct(minus)) = &value
            && minus.as_char() == '-'
            && minus.spacing() == Spacing::Alone
        {
            negative = true;
            value = trees.next();
        }
        let Some(TokenTree::Literal(lit)) = value else {
            return None;
        };
        out[which] = Some(plain_number(&lit.to_string(), count, negative)?);
        any = true;
        match trees.next() {
            None => break,
            Some(TokenTree::Punct(comma)) if comma.as_char() == ',' => {}
            _ => return None,
        }
    }
    any.then_some(out)
}

/// Digits, or (`!count`) digits, one `.`, digits; 15 digits at most (exact
/// in a `u64` and an `f64`), as [`receiver::number`] reads it.
fn plain_number(text: &str, count: bool, negative: bool) -> Option<Number> {
    let (whole, fraction) = match text.split_once('.') {
        Some(_) if count => return None,
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (text, None),
    };
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !(digits(whole)
        && fraction.is_none_or(digits)
        && whole.len() + fraction.map_or(0, str::len) <= 15)
    {
        return None;
    }
    if fraction.is_some() {
        let v: f64 = text.parse().ok()?;
        return Some(Number::Float(if negative { -v } else { v }));
    }
    let v: u64 = text.parse().ok()?;
    if !negative {
        return Some(Number::UInt(v));
    }
    i64::try_from(v).ok().map(|v| Number::Int(-v))
}

/// `items(..)` / `values(..)`: a list that parses, with at least one key
/// (its keys are screened as their own place, `keys::Place::Inner`).
fn nested(key: &str, list: &syn::MetaList) -> Result<(), Vec<syn::Error>> {
    match NestedMeta::parse_meta_list(list.tokens.clone()) {
        Ok(items) if items.is_empty() => Err(vec![syn::Error::new(
            list.path.span(),
            format!(
                "`{key}(..)` is empty: give the constraints of each {}, e.g. \
                 `{key}(length(min = 1))`",
                if key == "values" { "value" } else { "item" }
            ),
        )]),
        Ok(_) => Ok(()),
        Err(e) => Err(vec![syn::Error::new(e.span(), wrong_form(key))]),
    }
}

/// `length(min = .., max = ..)` / `range(..)`: only `min` and `max`, each
/// once, each a number (a non-negative integer for `length`).
fn bounds(key: &str, count: bool, list: &syn::MetaList) -> Result<(), Vec<syn::Error>> {
    // The usual list is read from its tokens; anything else (and every
    // mistake, with its message) goes through the parser below.
    if plain_bounds(&list.tokens, count) {
        return Ok(());
    }
    let example = if count {
        format!("`{key}(min = 1, max = 10)`")
    } else {
        format!("`{key}(min = 0, max = 100)`")
    };
    let items = NestedMeta::parse_meta_list(list.tokens.clone()).map_err(|e| {
        vec![syn::Error::new(
            e.span(),
            format!("`{key}` takes bounds: `{key}(min = .., max = ..)`, e.g. {example}"),
        )]
    })?;
    let takes = if count {
        "a non-negative integer (it counts)"
    } else {
        "a number"
    };
    let mut errors = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    if items.is_empty() {
        errors.push(syn::Error::new(
            list.path.span(),
            format!("`{key}(..)` needs `min = ..`, `max = ..` or both, e.g. {example}"),
        ));
    }
    for item in &items {
        let Some((bound, span)) = receiver::key_of(item) else {
            errors.push(syn::Error::new(
                item.span(),
                format!("`{key}` takes named bounds: `{key}(min = .., max = ..)`, e.g. {example}"),
            ));
            continue;
        };
        if bound != "min" && bound != "max" {
            let hint = match ["min", "max"].into_iter().find(|b| bound.starts_with(b)) {
                Some(b) => format!("did you mean `{b}`? "),
                None => String::new(),
            };
            errors.push(syn::Error::new(
                span,
                format!(
                    "unknown bound `{bound}` in `{key}(..)`; {hint}`{key}` takes `min = ..`, \
                     `max = ..` or both, e.g. {example}"
                ),
            ));
            continue;
        }
        if seen.contains(&bound) {
            errors.push(syn::Error::new(
                span,
                format!("duplicate `{bound}` in `{key}(..)`: give it once"),
            ));
            continue;
        }
        seen.push(bound.clone());
        let takes_msg = || format!("`{bound}` in `{key}(..)` takes {takes}, e.g. {example}");
        let value = match item {
            NestedMeta::Meta(Meta::NameValue(nv)) => &nv.value,
            NestedMeta::NameValueInvalidExpr(v) => {
                errors.push(syn::Error::new_spanned(&v.value, takes_msg()));
                continue;
            }
            other => {
                errors.push(syn::Error::new(value_or_key(other, span), takes_msg()));
                continue;
            }
        };
        match receiver::literal(value, String::new) {
            Ok(Literal::Num(Number::UInt(_))) => {}
            Ok(Literal::Num(_)) if !count => {}
            Err(e) if is_number(value) => errors.push(e),
            _ => errors.push(syn::Error::new(value.span(), takes_msg())),
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod plain_bounds_tests {
    use super::{plain_bound_values, plain_bounds};
    use crate::internals::value::Number;

    #[test]
    fn the_values_are_read_as_the_parser_reads_them() {
        for (list, count) in [
            ("min = 1, max = 80", true),
            ("max = 2000", true),
            ("min = -10, max = 10", false),
            ("min = 0.5, max = 100000.25", false),
            ("min = -0, max = -0.0", false),
            ("max = 999999999999999", false),
        ] {
            let tokens: proc_macro2::TokenStream = list.parse().expect("tokens");
            let fast = plain_bound_values(&tokens, count).expect("a plain list");
            let items = darling::ast::NestedMeta::parse_meta_list(tokens).expect("a list");
            let mut slow = [None, None];
            for item in &items {
                let darling::ast::NestedMeta::Meta(syn::Meta::NameValue(nv)) = item else {
                    panic!("{list}");
                };
                let which = usize::from(nv.path.is_ident("max"));
                slow[which] =
                    Some(crate::internals::receiver::number(&nv.value).expect("a number"));
            }
            let same = |a: Option<Number>, b: Option<Number>| match (a, b) {
                (Some(Number::UInt(a)), Some(Number::UInt(b))) => a == b,
                (Some(Number::Int(a)), Some(Number::Int(b))) => a == b,
                (Some(Number::Float(a)), Some(Number::Float(b))) => a.to_bits() == b.to_bits(),
                (None, None) => true,
                _ => false,
            };
            assert!(same(fast[0], slow[0]) && same(fast[1], slow[1]), "{list}");
        }
    }

    fn plain(tokens: &str, count: bool) -> bool {
        plain_bounds(&tokens.parse().expect("tokens"), count)
    }

    #[test]
    fn the_usual_lists_are_read_from_their_tokens() {
        for list in [
            "min = 1, max = 80",
            "max = 2000",
            "min = 0",
            "max = 10, min = 1,",
        ] {
            assert!(plain(list, true), "{list}");
            assert!(plain(list, false), "{list}");
        }
        for list in ["min = -10, max = 10", "min = 0.5", "max = 100000.25"] {
            assert!(!plain(list, true), "{list}");
            assert!(plain(list, false), "{list}");
        }
    }

    #[test]
    fn anything_else_goes_to_the_parser() {
        for list in [
            "",
            ",",
            "min = 1 max = 2",
            "min = 1,, max = 2",
            "min = 1, min = 2",
            "mini = 1",
            "min == 1",
            "min = x",
            "min = \"1\"",
            "min = 1u8",
            "min = 1e3",
            "min = 0x10",
            "min = 1_000",
            "min = 1.",
            "min = .5",
            "min = - -1",
            "min = 1234567890123456",
            "min = (1)",
            "min",
            "min =",
        ] {
            assert!(!plain(list, false), "{list}");
            assert!(!plain(list, true), "{list}");
        }
    }
}
