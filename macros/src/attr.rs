//! Our own attributes (`#[schema(...)]`), parsed strictly: an unknown key is an
//! error naming the keys that exist. Doc comments become descriptions.

use crate::ctxt::Ctxt;
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, Lit, LitStr, Meta};

/// Keys allowed on a container.
const CONTAINER_KEYS: &[&str] = &["title", "description", "crate", "titled", "no_json_schema"];
/// Keys allowed on a field.
const FIELD_KEYS: &[&str] = &[
    "title",
    "description",
    "with",
    "length",
    "range",
    "pattern",
    "format",
    "example",
    "deprecated",
];

/// The `format` values JSON Schema 2020-12 defines.
pub const FORMATS: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];
/// Keys allowed on an enum variant.
const VARIANT_KEYS: &[&str] = &["title", "description"];
/// Keys allowed in `#[elicit(...)]` on a form field.
const ELICIT_FIELD_KEYS: &[&str] = &[
    "title",
    "description",
    "length",
    "range",
    "format",
    "min_items",
    "max_items",
    "default",
    "enum_names",
];
/// Keys allowed in `#[elicit(...)]` on a form.
const ELICIT_CONTAINER_KEYS: &[&str] = &["crate"];
/// The formats the elicitation grammar carries.
const ELICIT_FORMATS: &[&str] = &["email", "uri", "date", "date-time"];

#[derive(Default)]
pub struct SchemaAttrs {
    pub title: Option<String>,
    pub description: Option<String>,
    /// `crate = "..."` (container only).
    pub krate: Option<syn::Path>,
    /// `with = Type` (field only): the type whose wire shape this field has.
    pub with: Option<syn::Type>,
    /// `titled` (enum only): unit variants as `oneOf` of `{const, title}`.
    pub titled: Option<proc_macro2::Span>,
    /// `no_json_schema` (container): no `schemars::JsonSchema` impl, for a
    /// type that derives `schemars::JsonSchema` itself.
    pub no_json_schema: bool,
    /// The doc comment alone (for variant titles in `titled` enums).
    pub doc: Option<String>,
    /// Declared constraints (fields).
    pub constraints: Constraints,
    /// `min_items` (elicit).
    pub min_items: Option<u64>,
    /// `max_items` (elicit).
    pub max_items: Option<u64>,
    /// The `min_items`/`max_items` key, for the type assertion.
    pub items: Option<proc_macro2::Span>,
    /// `default = ..` (elicit): the literal, as JSON text, with its span.
    pub fill: Option<(Literal, proc_macro2::Span)>,
    /// `enum_names` (elicit): legacy titled options.
    pub enum_names: Option<proc_macro2::Span>,
}

/// A literal given in an attribute.
#[derive(Clone)]
pub enum Literal {
    Str(String),
    Num(Number),
    Bool(bool),
}

impl Literal {
    /// The literal as JSON text.
    pub fn to_json(&self) -> String {
        match self {
            Literal::Str(s) => json_string(s),
            Literal::Bool(b) => b.to_string(),
            Literal::Num(Number::Int(v)) => v.to_string(),
            Literal::Num(Number::UInt(v)) => v.to_string(),
            Literal::Num(Number::Float(v)) => format!("{v:?}"),
        }
    }
}

fn parse_literal(input: syn::parse::ParseStream) -> syn::Result<Literal> {
    if input.peek(LitStr) {
        Ok(Literal::Str(input.parse::<LitStr>()?.value()))
    } else if input.peek(syn::LitBool) {
        Ok(Literal::Bool(input.parse::<syn::LitBool>()?.value))
    } else {
        Ok(Literal::Num(parse_number(input)?))
    }
}

/// `length(..)`, `range(..)`, `pattern`, `format`, `example`, `deprecated`.
#[derive(Default)]
pub struct Constraints {
    pub min_length: Option<u64>,
    pub max_length: Option<u64>,
    /// The `length` key, for the type assertion's span.
    pub length: Option<proc_macro2::Span>,
    pub minimum: Option<Number>,
    pub maximum: Option<Number>,
    pub range: Option<proc_macro2::Span>,
    pub pattern: Option<String>,
    pub format: Option<String>,
    /// `pattern` or `format`, for the type assertion's span.
    pub string: Option<proc_macro2::Span>,
    pub examples: Vec<String>,
    pub deprecated: bool,
}

impl Constraints {
    pub fn is_empty(&self) -> bool {
        self.length.is_none()
            && self.range.is_none()
            && self.string.is_none()
            && self.examples.is_empty()
            && !self.deprecated
    }
}

/// A numeric literal, possibly negative.
#[derive(Clone, Copy)]
pub enum Number {
    Int(i64),
    UInt(u64),
    Float(f64),
}

impl Number {
    pub fn as_f64(self) -> f64 {
        match self {
            Number::Int(v) => v as f64,
            Number::UInt(v) => v as f64,
            Number::Float(v) => v,
        }
    }
}

fn parse_number(input: syn::parse::ParseStream) -> syn::Result<Number> {
    let negative = input.peek(syn::Token![-]);
    if negative {
        input.parse::<syn::Token![-]>()?;
    }
    let lit: Lit = input.parse()?;
    match lit {
        Lit::Int(i) => {
            let v: u64 = i.base10_parse()?;
            if negative {
                let v = i64::try_from(v)
                    .map(|v| -v)
                    .map_err(|_| syn::Error::new(i.span(), "number out of range"))?;
                Ok(Number::Int(v))
            } else {
                Ok(Number::UInt(v))
            }
        }
        Lit::Float(f) => {
            let v: f64 = f.base10_parse()?;
            Ok(Number::Float(if negative { -v } else { v }))
        }
        other => Err(syn::Error::new(other.span(), "expected a number")),
    }
}

/// `key(min = .., max = ..)`, at least one of them.
fn parse_bounds(
    meta: &syn::meta::ParseNestedMeta,
    key: &str,
) -> syn::Result<(Option<Number>, Option<Number>)> {
    let (mut min, mut max) = (None, None);
    meta.parse_nested_meta(|inner| {
        let which = if inner.path.is_ident("min") {
            &mut min
        } else if inner.path.is_ident("max") {
            &mut max
        } else {
            return Err(inner.error(format!("`{key}(..)` takes `min = ..` and `max = ..`")));
        };
        if which.is_some() {
            return Err(inner.error("given twice"));
        }
        let value = inner.value()?;
        *which = Some(parse_number(value)?);
        Ok(())
    })?;
    if min.is_none() && max.is_none() {
        return Err(meta.error(format!("`{key}(..)` needs `min = ..`, `max = ..` or both")));
    }
    if let (Some(a), Some(b)) = (min, max)
        && a.as_f64() > b.as_f64()
    {
        return Err(meta.error(format!("`{key}(..)`: `min` is greater than `max`")));
    }
    Ok((min, max))
}

fn to_length(n: Option<Number>, span: proc_macro2::Span) -> syn::Result<Option<u64>> {
    match n {
        None => Ok(None),
        Some(Number::UInt(v)) => Ok(Some(v)),
        Some(_) => Err(syn::Error::new(
            span,
            "`length` bounds are non-negative integers",
        )),
    }
}

#[derive(Clone, Copy, PartialEq)]
pub enum Place {
    Container,
    Field,
    Variant,
    ElicitContainer,
    ElicitField,
}

impl Place {
    fn attr_name(self) -> &'static str {
        match self {
            Place::ElicitContainer | Place::ElicitField => "elicit",
            _ => "schema",
        }
    }
}

impl SchemaAttrs {
    pub fn from_attrs(cx: &Ctxt, attrs: &[Attribute], place: Place) -> Self {
        let doc = doc_comment(attrs);
        let mut out = SchemaAttrs {
            description: doc.clone(),
            doc,
            ..Default::default()
        };
        let allowed = match place {
            Place::Container => CONTAINER_KEYS,
            Place::Field => FIELD_KEYS,
            Place::Variant => VARIANT_KEYS,
            Place::ElicitContainer => ELICIT_CONTAINER_KEYS,
            Place::ElicitField => ELICIT_FIELD_KEYS,
        };
        let attr_name = place.attr_name();
        let mut seen: Vec<String> = Vec::new();
        for attr in attrs.iter().filter(|a| a.path().is_ident(attr_name)) {
            let result = attr.parse_nested_meta(|meta| {
                let key = meta.path.to_token_stream().to_string().replace(' ', "");
                if place == Place::ElicitField && key == "pattern" {
                    return Err(meta.error(
                        "`pattern` cannot be part of an elicitation form: the MCP form grammar \
                         has no `pattern` keyword, so clients would never see it; check the value \
                         after parsing instead, or use `format` (email, uri, date, date-time)",
                    ));
                }
                if !allowed.contains(&key.as_str()) {
                    return Err(meta.error(unknown_key_message(&key, allowed, place)));
                }
                if seen.contains(&key) && key != "example" {
                    return Err(meta.error(format!(
                        "duplicate `{key}` in #[{attr_name}(...)]: give it once"
                    )));
                }
                seen.push(key.clone());
                let string = |meta: &syn::meta::ParseNestedMeta| -> syn::Result<LitStr> {
                    let value = meta.value().map_err(|e| {
                        syn::Error::new(e.span(), format!("expected `{key} = \"...\"`"))
                    })?;
                    value.parse::<LitStr>().map_err(|e| {
                        syn::Error::new(e.span(), format!("`{key}` takes a string: `{key} = \"...\"`"))
                    })
                };
                match key.as_str() {
                    "title" => out.title = Some(string(&meta)?.value()),
                    "description" => out.description = Some(string(&meta)?.value()),
                    "crate" => {
                        let lit = string(&meta)?;
                        out.krate = Some(lit.parse().map_err(|_| {
                            syn::Error::new(
                                lit.span(),
                                "`crate` takes the path of the toolform crate, e.g. `crate = \"my_reexports::toolform\"`",
                            )
                        })?);
                    }
                    "with" => {
                        let value = meta.value().map_err(|e| {
                            syn::Error::new(e.span(), "expected `with = WireType`")
                        })?;
                        let span = value.span();
                        let parsed: syn::Result<syn::Type> = if value.peek(LitStr) {
                            value.parse::<LitStr>()?.parse()
                        } else {
                            value.parse()
                        };
                        out.with = Some(parsed.map_err(|_| {
                            syn::Error::new(
                                span,
                                "`with` takes the wire type, e.g. `with = String` or `with = Vec<u8>`",
                            )
                        })?);
                    }
                    "titled" => out.titled = Some(meta.path.span()),
                    "no_json_schema" => out.no_json_schema = true,
                    "length" => {
                        let span = meta.path.span();
                        let (min, max) = parse_bounds(&meta, "length")?;
                        out.constraints.min_length = to_length(min, span)?;
                        out.constraints.max_length = to_length(max, span)?;
                        out.constraints.length = Some(span);
                    }
                    "range" => {
                        let (min, max) = parse_bounds(&meta, "range")?;
                        out.constraints.minimum = min;
                        out.constraints.maximum = max;
                        out.constraints.range = Some(meta.path.span());
                    }
                    "pattern" => {
                        out.constraints.pattern = Some(string(&meta)?.value());
                        out.constraints.string = Some(meta.path.span());
                    }
                    "format" => {
                        let lit = string(&meta)?;
                        let format = lit.value();
                        let (known, what) = if place == Place::ElicitField {
                            (ELICIT_FORMATS, "the elicitation grammar carries")
                        } else {
                            (FORMATS, "JSON Schema defines")
                        };
                        if !known.contains(&format.as_str()) {
                            let hint = closest(&format, known)
                                .map(|f| format!("did you mean `{f}`? "))
                                .unwrap_or_default();
                            return Err(syn::Error::new(
                                lit.span(),
                                format!(
                                    "unknown format `{format}`; {hint}{what}: {}",
                                    known.join(", ")
                                ),
                            ));
                        }
                        out.constraints.format = Some(format);
                        out.constraints.string = Some(meta.path.span());
                    }
                    "example" => {
                        let value = meta.value()?;
                        let json = if value.peek(LitStr) {
                            let s: LitStr = value.parse()?;
                            json_string(&s.value())
                        } else if value.peek(syn::LitBool) {
                            value.parse::<syn::LitBool>()?.value.to_string()
                        } else {
                            match parse_number(value)? {
                                Number::Int(v) => v.to_string(),
                                Number::UInt(v) => v.to_string(),
                                Number::Float(v) => format!("{v:?}"),
                            }
                        };
                        out.constraints.examples.push(json);
                    }
                    "deprecated" => out.constraints.deprecated = true,
                    "min_items" | "max_items" => {
                        let value = meta.value()?;
                        let n = match parse_number(value)? {
                            Number::UInt(n) => n,
                            _ => {
                                return Err(meta.error(format!(
                                    "`{key}` is a non-negative integer"
                                )));
                            }
                        };
                        if key == "min_items" {
                            out.min_items = Some(n);
                        } else {
                            out.max_items = Some(n);
                        }
                        out.items = Some(meta.path.span());
                    }
                    "default" => {
                        let value = meta.value()?;
                        let span = value.span();
                        out.fill = Some((parse_literal(value)?, span));
                    }
                    "enum_names" => out.enum_names = Some(meta.path.span()),
                    _ => return Err(meta.error("unsupported key")),
                }
                Ok(())
            });
            if let Err(e) = result {
                cx.syn_error(e);
            }
        }
        out
    }
}

fn unknown_key_message(key: &str, allowed: &[&str], place: Place) -> String {
    let what = match place {
        Place::Container | Place::ElicitContainer => "on a type",
        Place::Field | Place::ElicitField => "on a field",
        Place::Variant => "on a variant",
    };
    let attr = place.attr_name();
    let list = allowed
        .iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match closest(key, allowed) {
        Some(best) => format!(
            "unknown key `{key}` in #[{attr}(...)] {what}; did you mean `{best}`? (allowed: {list})"
        ),
        None => format!("unknown key `{key}` in #[{attr}(...)] {what} (allowed: {list})"),
    }
}

/// The allowed key closest to `key`, if it is close enough to be a typo.
fn closest<'a>(key: &str, allowed: &[&'a str]) -> Option<&'a str> {
    if let Some(k) = allowed
        .iter()
        .find(|k| key.len() >= 3 && k.starts_with(key))
    {
        return Some(k);
    }
    allowed
        .iter()
        .map(|k| (levenshtein(key, k), *k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The doc comment, with rustdoc's leading space and blank edges removed;
/// paragraphs keep their line breaks.
pub fn doc_comment(attrs: &[Attribute]) -> Option<String> {
    let mut lines = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        if let Meta::NameValue(nv) = &attr.meta
            && let Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) = &nv.value
        {
            for line in s.value().lines() {
                lines.push(
                    line.strip_prefix(' ')
                        .unwrap_or(line)
                        .trim_end()
                        .to_string(),
                );
            }
        }
    }
    while lines.first().is_some_and(|l| l.is_empty()) {
        lines.remove(0);
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    if lines.is_empty() {
        return None;
    }
    // Join lines of one paragraph with spaces; keep blank lines as breaks.
    let mut out = String::new();
    for line in lines {
        if line.is_empty() {
            out.push_str("\n\n");
        } else {
            if !(out.is_empty() || out.ends_with('\n')) {
                out.push(' ');
            }
            out.push_str(&line);
        }
    }
    while out.contains("\n\n\n") {
        out = out.replace("\n\n\n", "\n\n");
    }
    Some(out)
}

/// The span of `key` inside the item's `#[serde(...)]` attributes, so an error
/// about a serde attribute points at it. Values are skipped unread.
pub fn serde_key_span(attrs: &[Attribute], key: &str) -> Option<proc_macro2::Span> {
    let mut found = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            if found.is_none() && meta.path.is_ident(key) {
                found = Some(meta.path.span());
            }
            skip_value(&meta)
        });
    }
    found
}

fn skip_value(meta: &syn::meta::ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        meta.input.parse::<syn::Token![=]>()?;
        meta.input.parse::<proc_macro2::TokenTree>()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.input.parse::<proc_macro2::TokenTree>()?;
    }
    Ok(())
}

/// `s` as a JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
