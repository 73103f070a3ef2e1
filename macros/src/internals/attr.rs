//! Our own attributes (`#[schema(...)]`), parsed strictly: an unknown key is an
//! error naming the keys that exist. Doc comments become descriptions.

use super::ctxt::Ctxt;
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, Lit, LitStr, Meta};

/// Keys allowed on a container.
const CONTAINER_KEYS: &[&str] = &[
    "title",
    "description",
    "crate",
    "titled",
    "no_json_schema",
    "with",
];
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
const VARIANT_KEYS: &[&str] = &["title", "description", "with"];
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
    /// Every key given, with its span, in order.
    pub keys: Vec<(String, proc_macro2::Span)>,
    /// The doc comment as a `concat!` of its parts, when some of them are
    /// expressions (`#[doc = include_str!(..)]`), which only the compiler can
    /// evaluate; `description` is then unused.
    pub description_expr: Option<proc_macro2::TokenStream>,
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

    /// The number as written (integers exactly).
    pub fn to_text(self) -> String {
        match self {
            Number::Int(v) => v.to_string(),
            Number::UInt(v) => v.to_string(),
            Number::Float(v) => format!("{v:?}"),
        }
    }

    /// Compares exactly: integers as integers (u64::MAX and u64::MAX - 1
    /// are the same f64), a float against an integer as f64.
    pub fn exact_cmp(self, other: Number) -> std::cmp::Ordering {
        let int = |n: Number| match n {
            Number::Int(v) => Some(i128::from(v)),
            Number::UInt(v) => Some(i128::from(v)),
            Number::Float(_) => None,
        };
        match (int(self), int(other)) {
            (Some(a), Some(b)) => a.cmp(&b),
            _ => self
                .as_f64()
                .partial_cmp(&other.as_f64())
                .unwrap_or(std::cmp::Ordering::Equal),
        }
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

/// Keys whose value is a string literal.
const STRING_KEYS: &[&str] = &["title", "description", "crate", "pattern", "format"];

impl SchemaAttrs {
    /// Reads every `#[schema(...)]` (or `#[elicit(...)]`) of one place; see
    /// `receiver` for how.
    pub fn from_attrs(cx: &Ctxt, attrs: &[Attribute], place: Place) -> Self {
        use super::receiver::{self, NestedMeta};
        use darling::FromMeta;
        let doc = doc_comment(attrs);
        let mut out = SchemaAttrs {
            description: doc.clone(),
            doc,
            description_expr: doc_expr(attrs),
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
        let mut items: Vec<NestedMeta> = Vec::new();
        let duplicate = |key: &str, span| {
            syn::Error::new(
                span,
                format!("duplicate `{key}` in #[{attr_name}(...)]: give it once"),
            )
        };
        for attr in attrs.iter().filter(|a| a.path().is_ident(attr_name)) {
            let takes_with = matches!(place, Place::Field | Place::Container | Place::Variant);
            let split = match receiver::split(attr, takes_with) {
                Ok(split) => split,
                Err(e) => {
                    cx.syn_error(e);
                    continue;
                }
            };
            for (span, ty) in split.with {
                if out.key_span("with").is_some() {
                    cx.syn_error(duplicate("with", span));
                    continue;
                }
                out.keys.push(("with".to_string(), span));
                match ty {
                    Ok(ty) => out.with = Some(ty),
                    Err(e) => cx.syn_error(e),
                }
            }
            for item in split.items {
                let Some((key, span)) = receiver::key_of(&item) else {
                    cx.error_spanned_by(
                        &item,
                        format!("expected `key = value` in #[{attr_name}(...)]"),
                    );
                    continue;
                };
                if place == Place::ElicitField && key == "pattern" {
                    cx.syn_error(syn::Error::new(
                        span,
                        "`pattern` cannot be part of an elicitation form: the MCP form grammar \
                         has no `pattern` keyword, so clients would never see it; check the value \
                         after parsing instead, or use `format` (email, uri, date, date-time)",
                    ));
                    continue;
                }
                if !allowed.contains(&key.as_str()) {
                    cx.syn_error(syn::Error::new(
                        span,
                        unknown_key_message(&key, allowed, place),
                    ));
                    continue;
                }
                if key != "example" && out.key_span(&key).is_some() {
                    cx.syn_error(duplicate(&key, span));
                    continue;
                }
                out.keys.push((key.clone(), span));
                if STRING_KEYS.contains(&key.as_str()) {
                    let lit = match receiver::string_value(&item, &key) {
                        Ok(lit) => lit,
                        Err(e) => {
                            cx.syn_error(e);
                            continue;
                        }
                    };
                    if let Err(e) = check_string(&key, &lit, place) {
                        cx.syn_error(e);
                        continue;
                    }
                }
                items.push(item);
            }
        }
        let span_of = |out: &SchemaAttrs, key: &str| {
            out.key_span(key)
                .unwrap_or_else(proc_macro2::Span::call_site)
        };
        match place {
            Place::Container => match receiver::ContainerSchema::from_list(&items) {
                Ok(r) => {
                    out.set_text(r.title, r.description);
                    if let Some(krate) = r.krate {
                        out.krate = parse_crate(cx, &krate);
                    }
                    out.titled = r.titled.is_present().then(|| r.titled.span());
                    out.no_json_schema = r.no_json_schema.is_present();
                }
                Err(e) => cx.syn_error(e.into()),
            },
            Place::Variant => match receiver::VariantSchema::from_list(&items) {
                Ok(r) => out.set_text(r.title, r.description),
                Err(e) => cx.syn_error(e.into()),
            },
            Place::ElicitContainer => match receiver::ElicitContainer::from_list(&items) {
                Ok(r) => {
                    if let Some(krate) = r.krate {
                        out.krate = parse_crate(cx, &krate);
                    }
                }
                Err(e) => cx.syn_error(e.into()),
            },
            Place::Field => match receiver::FieldSchema::from_list(&items) {
                Ok(r) => {
                    out.set_text(r.title, r.description);
                    out.set_length(cx, r.length, span_of(&out, "length"));
                    out.set_range(cx, r.range, span_of(&out, "range"));
                    out.set_string(r.pattern, r.format);
                    out.constraints.examples = r.example.iter().map(Literal::to_json).collect();
                    out.constraints.deprecated = r.deprecated.is_present();
                }
                Err(e) => cx.syn_error(e.into()),
            },
            Place::ElicitField => match receiver::ElicitField::from_list(&items) {
                Ok(r) => {
                    out.set_text(r.title, r.description);
                    out.set_length(cx, r.length, span_of(&out, "length"));
                    out.set_range(cx, r.range, span_of(&out, "range"));
                    out.set_string(None, r.format);
                    for (value, key) in [(r.min_items, "min_items"), (r.max_items, "max_items")] {
                        let Some(value) = value else { continue };
                        let span = span_of(&out, key);
                        let Number::UInt(n) = *value else {
                            cx.syn_error(syn::Error::new(
                                value.span(),
                                format!("`{key}` is a non-negative integer"),
                            ));
                            continue;
                        };
                        if key == "min_items" {
                            out.min_items = Some(n);
                        } else {
                            out.max_items = Some(n);
                        }
                        out.items = Some(span);
                    }
                    out.fill = r.default.map(|v| (v.as_ref().clone(), v.span()));
                    out.enum_names = r.enum_names.is_present().then(|| r.enum_names.span());
                }
                Err(e) => cx.syn_error(e.into()),
            },
        }
        if let (Some(min), Some(max)) = (out.min_items, out.max_items)
            && min > max
        {
            cx.syn_error(syn::Error::new(
                span_of(&out, "min_items"),
                format!(
                    "`min_items = {min}` is greater than `max_items = {max}`: no answer could \
                     satisfy both"
                ),
            ));
        }
        out
    }

    fn set_text(&mut self, title: Option<String>, description: Option<String>) {
        if title.is_some() {
            self.title = title;
        }
        if description.is_some() {
            self.description = description;
            self.description_expr = None;
        }
    }

    fn set_length(
        &mut self,
        cx: &Ctxt,
        bounds: Option<super::receiver::Bounds>,
        span: proc_macro2::Span,
    ) {
        let Some((min, max)) = bounds.and_then(|b| check_bounds(cx, b, "length", span)) else {
            return;
        };
        let length = |n: Option<Number>| match n {
            None => Ok(None),
            Some(Number::UInt(v)) => Ok(Some(v)),
            Some(_) => Err(()),
        };
        match (length(min), length(max)) {
            (Ok(min), Ok(max)) => {
                self.constraints.min_length = min;
                self.constraints.max_length = max;
                self.constraints.length = Some(span);
            }
            _ => cx.syn_error(syn::Error::new(
                span,
                "`length` bounds are non-negative integers",
            )),
        }
    }

    fn set_range(
        &mut self,
        cx: &Ctxt,
        bounds: Option<super::receiver::Bounds>,
        span: proc_macro2::Span,
    ) {
        let Some((min, max)) = bounds.and_then(|b| check_bounds(cx, b, "range", span)) else {
            return;
        };
        self.constraints.minimum = min;
        self.constraints.maximum = max;
        self.constraints.range = Some(span);
    }

    fn set_string(
        &mut self,
        pattern: Option<darling::util::SpannedValue<String>>,
        format: Option<darling::util::SpannedValue<String>>,
    ) {
        if let Some(pattern) = pattern {
            self.constraints.pattern = Some(pattern.as_ref().clone());
        }
        if let Some(format) = format {
            self.constraints.format = Some(format.as_ref().clone());
        }
        // The span of the later key, for the type assertion.
        if self.constraints.pattern.is_some() || self.constraints.format.is_some() {
            self.constraints.string = self
                .keys
                .iter()
                .rev()
                .find(|(k, _)| k == "pattern" || k == "format")
                .map(|(_, s)| *s);
        }
    }

    /// The span of `key`, when it was given.
    pub fn key_span(&self, key: &str) -> Option<proc_macro2::Span> {
        self.keys.iter().find(|(k, _)| k == key).map(|(_, s)| *s)
    }
}

/// At least one bound, and `min` not above `max` (compared exactly).
fn check_bounds(
    cx: &Ctxt,
    b: super::receiver::Bounds,
    key: &str,
    span: proc_macro2::Span,
) -> Option<(Option<Number>, Option<Number>)> {
    if b.min.is_none() && b.max.is_none() {
        cx.syn_error(syn::Error::new(
            span,
            format!("`{key}(..)` needs `min = ..`, `max = ..` or both"),
        ));
        return None;
    }
    if let (Some(a), Some(z)) = (b.min, b.max)
        && a.exact_cmp(z) == std::cmp::Ordering::Greater
    {
        cx.syn_error(syn::Error::new(
            span,
            format!(
                "`{key}(..)`: `min = {}` is greater than `max = {}`: no value could satisfy both",
                a.to_text(),
                z.to_text()
            ),
        ));
        return None;
    }
    Some((b.min, b.max))
}

/// `crate = "path"`.
fn parse_crate(cx: &Ctxt, lit: &darling::util::SpannedValue<String>) -> Option<syn::Path> {
    // Parsed from a literal with the value's span, so an unresolved path is
    // reported at it.
    match syn::LitStr::new(lit.as_ref(), lit.span()).parse::<syn::Path>() {
        Ok(path) => Some(path),
        Err(_) => {
            cx.syn_error(syn::Error::new(
                lit.span(),
                "`crate` takes the path of the toolform crate, e.g. `crate = \"my_reexports::toolform\"`",
            ));
            None
        }
    }
}

/// What can be checked of a string value alone: a `pattern` compiles, a
/// `format` is known.
fn check_string(key: &str, lit: &LitStr, place: Place) -> syn::Result<()> {
    match key {
        "pattern" => {
            // Validators compile the pattern as ECMA-262 (the `jsonschema`
            // crate through `regress`); one they cannot compile makes them
            // reject the whole schema.
            if let Err(e) = regress::Regex::new(&lit.value()) {
                return Err(syn::Error::new(
                    lit.span(),
                    format!(
                        "`pattern` is not a valid ECMA-262 regular expression: {e}; JSON Schema \
                         validators would reject the whole schema"
                    ),
                ));
            }
        }
        "format" => {
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
        }
        _ => {}
    }
    Ok(())
}

fn unknown_key_message(key: &str, allowed: &[&str], place: Place) -> String {
    let what = match place {
        Place::Container | Place::ElicitContainer => "on a type",
        Place::Field | Place::ElicitField => "on a field",
        Place::Variant => "on a variant",
    };
    let attr = place.attr_name();
    // A key of another place: say where it goes.
    let elsewhere = match place {
        Place::Container if FIELD_KEYS.contains(&key) => Some("applies to a field, not to a type"),
        Place::Variant if FIELD_KEYS.contains(&key) => Some("applies to a field, not to a variant"),
        Place::Variant if CONTAINER_KEYS.contains(&key) => {
            Some("applies to the whole type (on the enum), not to a variant")
        }
        Place::Field if CONTAINER_KEYS.contains(&key) => {
            Some("applies to the type (on the struct or enum), not to a field")
        }
        Place::ElicitField if ELICIT_CONTAINER_KEYS.contains(&key) => {
            Some("applies to the form (on the struct), not to a field")
        }
        Place::ElicitField if FIELD_KEYS.contains(&key) => {
            Some("is a #[schema(...)] key; the MCP form grammar has no place for it")
        }
        Place::ElicitContainer if ELICIT_FIELD_KEYS.contains(&key) => {
            Some("applies to a form field, not to the form")
        }
        _ => None,
    };
    let list = allowed
        .iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    if let Some(elsewhere) = elsewhere {
        return format!("`{key}` in #[{attr}(...)] {elsewhere} (allowed here: {list})");
    }
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

/// When a doc attribute is an expression (`#[doc = include_str!("..")]`,
/// `#[doc = concat!(..)]`), the whole doc as `concat!(..)` of its parts: the
/// literal lines as rustdoc joins them (one per line), the expressions as
/// given. `None` when every part is a string literal.
fn doc_expr(attrs: &[Attribute]) -> Option<proc_macro2::TokenStream> {
    let mut parts = Vec::new();
    let mut any_expr = false;
    for attr in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        let Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        match &nv.value {
            Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) => {
                let v = s.value();
                let line = v.strip_prefix(' ').unwrap_or(&v).trim_end().to_string();
                parts.push(quote::quote!(#line));
            }
            other => {
                any_expr = true;
                parts.push(other.to_token_stream());
            }
        }
    }
    if !any_expr {
        return None;
    }
    let mut joined = Vec::new();
    for (i, part) in parts.into_iter().enumerate() {
        if i > 0 {
            joined.push(quote::quote!("\n"));
        }
        joined.push(part);
    }
    Some(quote::quote!(::core::concat!(#(#joined),*)))
}

/// Serde's own `deserialize_with` for a field, but `None` for the functions
/// serde itself puts there for `#[serde(borrow)]` on `Cow<str>` and
/// `Cow<[u8]>` (`_serde::__private::de::borrow_cow_*`): those read the
/// field's own type, not a custom wire shape.
pub fn custom_de(fa: &serde_derive_internals::attr::Field) -> Option<&syn::ExprPath> {
    fa.deserialize_with().filter(|path| {
        let segments = &path.path.segments;
        let serde_own = segments.first().is_some_and(|s| s.ident == "_serde")
            && segments
                .last()
                .is_some_and(|s| s.ident == "borrow_cow_str" || s.ident == "borrow_cow_bytes");
        !serde_own
    })
}

/// `#[serde(borrow)]` on a `Cow<[u8]>`: serde reads it through
/// `borrow_cow_bytes`, which takes a string or bytes but not a sequence, so
/// from JSON the field is read from a string (its UTF-8 bytes), while it is
/// still written as an array of integers.
pub fn serde_borrow_bytes(fa: &serde_derive_internals::attr::Field) -> bool {
    fa.deserialize_with().is_some_and(|path| {
        let segments = &path.path.segments;
        segments.first().is_some_and(|s| s.ident == "_serde")
            && segments
                .last()
                .is_some_and(|s| s.ident == "borrow_cow_bytes")
    })
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
