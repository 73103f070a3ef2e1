//! Which keys each place takes, and the first pass over an attribute's list
//! (`screen`), before darling reads it: unknown keys (naming the keys the
//! place allows, with "did you mean"), duplicates (also across attributes),
//! keys that take a string given something else, string values that cannot
//! be right (`pattern` that is no ECMA-262 regex, unknown `format`), and
//! `pattern` in a form. An item reported here is not passed on, so each
//! mistake is reported once.

use super::ctxt::Ctxt;
use super::foreign;
use super::key_form::{self, Form};
use super::receiver::{self, NestedMeta};
use proc_macro2::Span;
use syn::{Attribute, LitStr};

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
    "header",
    "items",
    "values",
];
/// Keys allowed inside `items(..)` and `values(..)`: the constraints of each
/// item or value (annotations belong to the field).
const INNER_KEYS: &[&str] = &["length", "range", "pattern", "format", "items", "values"];

/// The `format` values JSON Schema 2020-12 defines.
const FORMATS: &[&str] = &[
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

/// Where an attribute sits; each place has its own keys and its own model
/// (see `attr`).
#[derive(Clone, Copy, PartialEq)]
pub enum Place {
    Container,
    Field,
    Variant,
    ElicitContainer,
    ElicitField,
    /// Inside `items(..)` or `values(..)` (the key) of a field.
    Inner(&'static str),
}

impl Place {
    pub fn attr_name(self) -> &'static str {
        match self {
            Place::ElicitContainer | Place::ElicitField => "elicit",
            _ => "schema",
        }
    }

    fn allowed(self) -> &'static [&'static str] {
        match self {
            Place::Container => CONTAINER_KEYS,
            Place::Field => FIELD_KEYS,
            Place::Variant => VARIANT_KEYS,
            Place::ElicitContainer => ELICIT_CONTAINER_KEYS,
            Place::ElicitField => ELICIT_FIELD_KEYS,
            Place::Inner(_) => INNER_KEYS,
        }
    }
}

/// The key of a nested list, as `Place::Inner` carries it.
fn inner_key(key: &str) -> &'static str {
    if key == "values" { "values" } else { "items" }
}

/// The items of every `#[schema(...)]` (or `#[elicit(...)]`) of one place
/// that passed the screen, for darling to read.
#[derive(Default)]
pub struct Screened {
    pub items: Vec<NestedMeta>,
    /// Every key given, with its span, in order.
    pub keys: Vec<(String, Span)>,
    /// `with = Type`, read by hand (see `receiver`).
    pub with: Option<syn::Type>,
    /// `items(..)` and `values(..)`: the key, its span and its own screened
    /// list (darling does not see them).
    pub nested: Vec<(&'static str, Span, Screened)>,
    /// Each key given, its value as text and the attribute it came from
    /// (`#[schema(..)]`, `#[validate(..)]`, ...): a key given in two
    /// spellings must say the same.
    texts: Vec<(String, String, &'static str)>,
    /// Whether `texts` is kept (a foreign attribute is present).
    compare: bool,
}

impl Screened {
    /// The span of `key`, when it was given.
    pub fn key_span(&self, key: &str) -> Option<Span> {
        self.keys.iter().find(|(k, _)| k == key).map(|(_, s)| *s)
    }

    /// The span of `key`, else the call site.
    pub fn span(&self, key: &str) -> Span {
        self.key_span(key).unwrap_or_else(Span::call_site)
    }
}

/// Screens every attribute of `place` among `attrs`; see the module docs.
/// `foreign`: also read schemars', validator's and garde's attributes
/// (`foreign`), with the field's type as they need it.
pub fn screen(
    cx: &Ctxt,
    attrs: &[Attribute],
    place: Place,
    foreign: Option<impl FnOnce() -> foreign::Counted>,
) -> Screened {
    let attr_name = place.attr_name();
    // Each attribute's name printed once (a comparison of an identifier
    // with a `&str` prints it again), for ours and the foreign ones.
    let mut ours = Vec::new();
    let mut any_foreign = false;
    for attr in attrs {
        if let Some(ident) = attr.path().get_ident() {
            let name = ident.to_string();
            if name == attr_name {
                ours.push(attr);
            } else if foreign::Source::named(&name).is_some() {
                any_foreign = true;
            }
        }
    }
    // Nothing is compared (or written as text), and the field's type is not
    // read, unless a foreign attribute is there.
    let foreign = foreign.filter(|_| any_foreign).map(|counted| counted());
    let mut out = Screened {
        compare: foreign.is_some(),
        ..Screened::default()
    };
    let origin: &'static str = if attr_name == "elicit" {
        "#[elicit(..)]"
    } else {
        "#[schema(..)]"
    };
    for attr in ours {
        let takes_with = matches!(place, Place::Field | Place::Container | Place::Variant);
        let split = match receiver::split(attr, takes_with) {
            Ok(split) => split,
            Err(e) => {
                cx.syn_error(e);
                continue;
            }
        };
        take_with(cx, split.with, attr_name, &mut out);
        screen_list(cx, split.items, place, &mut out, origin);
    }
    let Some(counted) = foreign else {
        return out;
    };
    // Ours first, so a key given in both spellings is compared against ours.
    let mut needs = Vec::new();
    for attr in attrs {
        let Some(source) = foreign::Source::of(attr) else {
            continue;
        };
        let lowered = foreign::lower(cx, attr, source, place, counted);
        take_with(cx, lowered.with, "schemars", &mut out);
        let origin = match source {
            foreign::Source::Schemars => "#[schemars(..)]",
            foreign::Source::Validate => "#[validate(..)]",
            foreign::Source::Garde => "#[garde(..)]",
        };
        screen_list(cx, lowered.items, place, &mut out, origin);
        needs.extend(lowered.needs);
    }
    for need in needs {
        if out.key_span(need.key).is_none() {
            cx.syn_error(syn::Error::new(need.span, need.message));
        }
    }
    out
}

/// `with = Type`, given once.
fn take_with(
    cx: &Ctxt,
    with: Vec<(Span, syn::Result<syn::Type>)>,
    attr_name: &str,
    out: &mut Screened,
) {
    for (span, ty) in with {
        if out.key_span("with").is_some() {
            cx.syn_error(syn::Error::new(
                span,
                format!("duplicate `with` in #[{attr_name}(...)]: give it once"),
            ));
            continue;
        }
        out.keys.push(("with".to_string(), span));
        match ty {
            Ok(ty) => out.with = Some(ty),
            Err(e) => cx.syn_error(e),
        }
    }
}

/// The value of an item as text, to compare two spellings of one key
/// (`range(max = 5, min = 1)` and `range(min = 1, max = 5)` say the same).
fn value_text(item: &NestedMeta) -> String {
    let text = |t: &dyn quote::ToTokens| t.to_token_stream().to_string().replace(' ', "");
    match item {
        NestedMeta::Meta(syn::Meta::List(list)) => {
            let mut parts: Vec<String> = NestedMeta::parse_meta_list(list.tokens.clone())
                .map(|items| items.iter().map(value_text).collect())
                .unwrap_or_else(|_| vec![text(&list.tokens)]);
            parts.sort();
            format!("{}({})", text(&list.path), parts.join(","))
        }
        NestedMeta::Meta(syn::Meta::NameValue(nv)) => {
            let value = match receiver::strip_group(&nv.value) {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => format!("{:?}", s.value()),
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(i),
                    ..
                }) => i.base10_digits().to_string(),
                other => text(other),
            };
            format!("{}={value}", text(&nv.path))
        }
        other => text(other),
    }
}

/// Screens the items of one list of `place` into `out`; see the module docs.
/// `origin`: the attribute they came from.
fn screen_list(
    cx: &Ctxt,
    items: Vec<NestedMeta>,
    place: Place,
    out: &mut Screened,
    origin: &'static str,
) {
    let allowed = place.allowed();
    let attr_name = place.attr_name();
    let duplicate = |key: &str, span| {
        let within = match place {
            Place::Inner(parent) => format!("`{parent}(..)`"),
            _ => format!("#[{attr_name}(...)]"),
        };
        syn::Error::new(span, format!("duplicate `{key}` in {within}: give it once"))
    };
    for item in items {
        let Some((key, span)) = receiver::key_of(&item) else {
            cx.error_spanned_by(
                &item,
                format!(
                    "a literal alone in #[{attr_name}(...)] has no key: write `key = value` \
                         (e.g. `title = \"...\"`) or a flag; allowed here: {}",
                    key_list(allowed)
                ),
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
        let text = if out.compare {
            value_text(&item)
        } else {
            String::new()
        };
        if let Some((_, first, first_origin)) = out.texts.iter().find(|(k, ..)| *k == key)
            && *first_origin != origin
        {
            // One key in two spellings (ours and schemars', validator's
            // or garde's): the same value is the same declaration; another
            // `example` is one more example.
            if *first == text {
                continue;
            }
            if key == "example" {
                out.keys.push((key.clone(), span));
                out.items.push(item);
                continue;
            }
            cx.syn_error(syn::Error::new(
                span,
                format!(
                    "`{key}` is given twice with different values, in {first_origin} and in \
                     {origin}: toolform reads both spellings and will not pick one; give the \
                     same value in both, or drop one"
                ),
            ));
            continue;
        }
        if key != "example" && out.key_span(&key).is_some() {
            cx.syn_error(duplicate(&key, span));
            continue;
        }
        out.keys.push((key.clone(), span));
        if out.compare {
            out.texts.push((key.clone(), text, origin));
        }
        if let Err(errors) = key_form::check(&item, &key) {
            errors.into_iter().for_each(|e| cx.syn_error(e));
            continue;
        }
        if Form::of(&key) == Form::Nested {
            // `key_form::check` let only a list that parses through.
            if let NestedMeta::Meta(syn::Meta::List(list)) = &item
                && let Ok(inner) = NestedMeta::parse_meta_list(list.tokens.clone())
            {
                let mut nested = Screened {
                    compare: out.compare,
                    ..Screened::default()
                };
                screen_list(
                    cx,
                    inner,
                    Place::Inner(inner_key(&key)),
                    &mut nested,
                    origin,
                );
                out.nested.push((inner_key(&key), span, nested));
            }
            continue;
        }
        if Form::of(&key) == Form::Str {
            let checked =
                receiver::string_value(&item, &key).and_then(|lit| check_string(&key, &lit, place));
            if let Err(e) = checked {
                cx.syn_error(e);
                continue;
            }
        }
        out.items.push(item);
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
        "header" => {
            let name = lit.value();
            if let Some(why) = header_problem(&name) {
                return Err(syn::Error::new(lit.span(), why));
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

/// Why `name` cannot be an `x-mcp-header`: MCP 2026-07-28 requires an RFC
/// 9110 token (`1*tchar`), so a client can put `Mcp-Param-<name>` on the wire
/// as it is (a client must drop a tool whose annotation is not one).
fn header_problem(name: &str) -> Option<String> {
    const TCHAR: &str = "!#$%&'*+-.^_`|~";
    if name.is_empty() {
        return Some(
            "`header` must not be empty: it names the HTTP header `Mcp-Param-<header>`".into(),
        );
    }
    let bad = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || TCHAR.contains(*c)))?;
    let shown = if bad.is_control() || bad == ' ' {
        format!("U+{:04X}", bad as u32)
    } else {
        format!("{bad:?}")
    };
    Some(format!(
        "`header = {name:?}` is not an HTTP token (RFC 9110 `1*tchar`): {shown} is not allowed; \
         use ASCII letters, digits and {TCHAR} only (the header is `Mcp-Param-<header>`)"
    ))
}

fn unknown_key_message(key: &str, allowed: &[&str], place: Place) -> String {
    let what = match place {
        Place::Container | Place::ElicitContainer => "on a type",
        Place::Field | Place::ElicitField => "on a field",
        Place::Variant => "on a variant",
        Place::Inner(parent) => {
            return inner_key_message(key, parent, allowed);
        }
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
        Place::Container | Place::Field | Place::Variant if ELICIT_FIELD_KEYS.contains(&key) => {
            Some(
                "is a key of #[elicit(...)] on a form field (#[derive(ElicitForm)]); \
                 #[schema(...)] has no place for it",
            )
        }
        _ => None,
    };
    let list = key_list(allowed);
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

/// An unknown key inside `items(..)` or `values(..)`.
fn inner_key_message(key: &str, parent: &str, allowed: &[&str]) -> String {
    let list = key_list(allowed);
    let what = if parent == "values" { "value" } else { "item" };
    if FIELD_KEYS.contains(&key) {
        return format!(
            "`{key}` in `{parent}(..)` applies to the whole field, not to each {what}: put it \
             beside `{parent}(..)` (allowed inside: {list})"
        );
    }
    match closest(key, allowed) {
        Some(best) => format!(
            "unknown key `{key}` in `{parent}(..)`; did you mean `{best}`? (allowed inside: {list})"
        ),
        None => format!("unknown key `{key}` in `{parent}(..)` (allowed inside: {list})"),
    }
}

/// The keys of a place, each in the form it takes.
fn key_list(allowed: &[&str]) -> String {
    allowed
        .iter()
        .map(|k| key_form::shown(k))
        .collect::<Vec<_>>()
        .join(", ")
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
