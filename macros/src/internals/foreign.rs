//! The attributes of schemars 1.x (`#[schemars(..)]`), validator
//! (`#[validate(..)]`) and garde (`#[garde(..)]`), read as the derives' own
//! keys, so moving from schemars, or deriving beside validator or garde,
//! needs no attribute rewritten (issue 41).
//!
//! Each item is lowered to the item of ours that means the same on the wire
//! (`inner(..)` → `items(..)`, `regex(pattern = ..)` → `pattern = ..`,
//! `email` → `format = "email"`, `extend("x-mcp-header" = ..)` → `header =
//! ..`), then screened like our own (`keys::screen`), so the same rules and
//! the same messages apply. What cannot be lowered is:
//! - ignored, only when it has no meaning a JSON Schema could carry and
//!   schemars ignores it too (validator's `custom`, `nested`, `must_match`,
//!   garde's `dive`, `skip`, `custom`, their `message`/`code`);
//! - or an error at the key that says what to write instead. Some of those
//!   (`regex(path = RE)`, a pattern named by a constant, `ip`,
//!   `exclusive_min`, garde's `ascii`) are settled by giving the constraint
//!   in our own spelling beside them (`Need`): `#[schema(pattern = "..")]`
//!   then describes the wire, and the foreign key is left to its own crate.
//!
//! Only the attributes named here are parsed, and only when present: a field
//! without them costs one ident comparison per attribute.

use super::ctxt::Ctxt;
use super::keys::Place;
use super::receiver::{NestedMeta, strip_group};
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote_spanned};
use syn::spanned::Spanned;
use syn::{Expr, Lit, Meta};

/// The crate an attribute belongs to.
#[derive(Clone, Copy, PartialEq)]
pub enum Source {
    Schemars,
    Validate,
    Garde,
}

impl Source {
    pub fn of(attr: &syn::Attribute) -> Option<Source> {
        let ident = attr.path().get_ident()?;
        if ident == "schemars" {
            Some(Source::Schemars)
        } else if ident == "validate" {
            Some(Source::Validate)
        } else if ident == "garde" {
            Some(Source::Garde)
        } else {
            None
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Source::Schemars => "schemars",
            Source::Validate => "validate",
            Source::Garde => "garde",
        }
    }
}

/// One attribute, lowered.
#[derive(Default)]
pub struct Lowered {
    /// Items in our spelling, each with the attribute it came from.
    pub items: Vec<NestedMeta>,
    /// `with = "Type"` (schemars): the key's span and the type.
    pub with: Vec<(Span, syn::Result<syn::Type>)>,
    /// Constraints that need our own spelling beside them (see the module
    /// docs): our key, the foreign key's span, the message if it is absent.
    pub needs: Vec<Need>,
}

pub struct Need {
    pub key: &'static str,
    pub span: Span,
    pub message: String,
}

/// What the field's type reads as, for garde's `length` (which counts bytes
/// of a string by default, where JSON Schema counts code points).
#[derive(Clone, Copy, PartialEq)]
pub enum Counted {
    Text,
    /// A sequence or set: in a form, `length` counts its items
    /// (`min_items`/`max_items`).
    Items,
    Other,
}

impl Counted {
    /// Whether `ty` reads as text (`String`, `str`, `Cow<str>`, through
    /// `Option`, `Box`, `Rc`, `Arc` and references).
    pub fn of(ty: &syn::Type) -> Counted {
        match ty {
            syn::Type::Group(g) => Counted::of(&g.elem),
            syn::Type::Paren(p) => Counted::of(&p.elem),
            syn::Type::Reference(r) => Counted::of(&r.elem),
            syn::Type::Array(_) | syn::Type::Slice(_) => Counted::Items,
            syn::Type::Path(p) if p.qself.is_none() => {
                let Some(last) = p.path.segments.last() else {
                    return Counted::Other;
                };
                let name = last.ident.to_string();
                match name.as_str() {
                    "String" | "str" => Counted::Text,
                    "Vec" | "VecDeque" | "HashSet" | "BTreeSet" | "IndexSet" => Counted::Items,
                    "Option" | "Box" | "Rc" | "Arc" | "Cow" => match &last.arguments {
                        syn::PathArguments::AngleBracketed(a) => a
                            .args
                            .iter()
                            .find_map(|a| match a {
                                syn::GenericArgument::Type(t) => Some(Counted::of(t)),
                                _ => None,
                            })
                            .unwrap_or(Counted::Other),
                        _ => Counted::Other,
                    },
                    _ => Counted::Other,
                }
            }
            _ => Counted::Other,
        }
    }
}

/// Lowers one foreign attribute of `place`. `counted`: the field's type, for
/// garde's `length`.
pub fn lower(
    cx: &Ctxt,
    attr: &syn::Attribute,
    source: Source,
    place: Place,
    counted: Counted,
) -> Lowered {
    let mut out = Lowered::default();
    // Each crate reports its own syntax errors; ours only for schemars,
    // whose attributes are now ours too.
    let list = match attr.meta.require_list() {
        Ok(list) => list,
        Err(e) => {
            if source == Source::Schemars {
                cx.syn_error(e);
            }
            return out;
        }
    };
    let items = match NestedMeta::parse_meta_list(list.tokens.clone()) {
        Ok(items) => items,
        Err(e) => {
            if source == Source::Schemars {
                cx.syn_error(e);
            }
            return out;
        }
    };
    let mut lowerer = Lowerer {
        cx,
        source,
        place,
        counted,
        out: &mut out,
    };
    for item in items {
        if let Some(item) = lowerer.item(item, false) {
            lowerer.out.items.push(item);
        }
    }
    out
}

struct Lowerer<'a> {
    cx: &'a Ctxt,
    source: Source,
    place: Place,
    counted: Counted,
    out: &'a mut Lowered,
}

/// schemars keys with no effect on what a schema accepts (its own layout,
/// paths and bounds).
const IGNORED_SCHEMARS: &[&str] = &["inline", "crate", "bound"];
/// serde's keys, which schemars reads in `#[schemars(..)]` for its schema
/// alone.
const SERDE_KEYS: &[&str] = &[
    "rename",
    "rename_all",
    "rename_all_fields",
    "tag",
    "content",
    "untagged",
    "deny_unknown_fields",
    "default",
    "skip",
    "skip_serializing",
    "skip_deserializing",
    "skip_serializing_if",
    "flatten",
    "alias",
    "transparent",
    "from",
    "try_from",
    "into",
    "remote",
    "other",
    "serialize_with",
    "deserialize_with",
];

impl Lowerer<'_> {
    fn err(&self, span: Span, message: impl Into<String>) {
        self.cx.syn_error(syn::Error::new(span, message.into()));
    }

    fn attr(&self) -> String {
        format!("#[{}(..)]", self.source.name())
    }

    fn need(&mut self, key: &'static str, span: Span, message: String) {
        self.out.needs.push(Need { key, span, message });
    }

    /// Lowers one item (`inner`: inside `inner(..)`).
    fn item(&mut self, item: NestedMeta, inner: bool) -> Option<NestedMeta> {
        let (key, span) = super::receiver::key_of(&item)?;
        let source = self.source;
        let form = matches!(self.place, Place::ElicitField);
        let field = matches!(self.place, Place::Field | Place::ElicitField);
        if source != Source::Schemars && !field {
            // validator's and garde's type-level keys (`schema(..)`,
            // `context(..)`, `allow_unvalidated`) say nothing of the wire.
            return None;
        }
        match key.as_str() {
            "length" => self.length(&item, span),
            "range" => self.range(&item, span),
            "email" | "url" | "ipv4" | "ipv6" => {
                let format = if key == "url" { "uri" } else { &key };
                if form && matches!(key.as_str(), "ipv4" | "ipv6") {
                    self.err(
                        span,
                        format!(
                            "`{key}` cannot be part of an elicitation form: the MCP form grammar \
                             carries the formats email, uri, date and date-time only"
                        ),
                    );
                    return None;
                }
                Some(made(quote_spanned!(span=> format = #format)))
            }
            "ip" => {
                self.need(
                    "format",
                    span,
                    format!(
                        "`ip` in {} has no JSON Schema format (it accepts IPv4 and IPv6, and \
                         JSON Schema 2020-12 defines `ipv4` and `ipv6` apart); toolform will not \
                         advertise a format no validator knows: use `ipv4` or `ipv6`, or give \
                         the wire's rule beside it with #[schema(format = \"ipv4\")] or \
                         #[schema(pattern = \"..\")]",
                        self.attr()
                    ),
                );
                None
            }
            "pattern" | "regex" | "contains" | "ascii" | "alphanumeric" | "prefix" | "suffix"
                if form && source != Source::Schemars =>
            {
                // The form grammar has no pattern; validator and garde check
                // it after the answer is parsed, which is what toolform's own
                // message for `pattern` in a form advises.
                None
            }
            "pattern" if source != Source::Validate => self.pattern_list(&item, span),
            "regex" if source != Source::Garde => self.regex(&item, span),
            "contains" => self.contains(&item, span),
            "ascii" | "alphanumeric" | "prefix" | "suffix" if source == Source::Garde => {
                let hint = match key.as_str() {
                    "ascii" => "#[schema(pattern = \"^[\\\\x00-\\\\x7F]*$\")]",
                    "alphanumeric" => {
                        "#[schema(pattern = \"^[A-Za-z0-9]*$\")] (garde's `alphanumeric` \
                         takes Unicode letters and digits too: write the rule you mean)"
                    }
                    _ => "#[schema(pattern = \"..\")]",
                };
                self.need(
                    "pattern",
                    span,
                    format!(
                        "garde's `{key}` is a rule on the text JSON Schema can only carry as a \
                         `pattern`, which schemars leaves out (its schema then advertises text \
                         garde refuses); give the pattern beside it: {hint}"
                    ),
                );
                None
            }
            "inner" if source != Source::Validate => {
                let Ok(list) = list_of(&item) else {
                    self.err(span, "expected `inner(..)`: the constraints of each item");
                    return None;
                };
                if form {
                    self.err(
                        span,
                        "`inner(..)` cannot be part of an elicitation form: a form field holds \
                         no items with constraints of their own",
                    );
                    return None;
                }
                let mut lowered = Vec::new();
                for nested in list {
                    if let Some(n) = self.item(nested, true) {
                        lowered.push(n.into_token_stream());
                    }
                }
                let items = syn::Ident::new("items", span);
                Some(made(quote_spanned!(span=> #items(#(#lowered),*))))
            }
            "required" => {
                self.err(
                    span,
                    format!(
                        "`required` in {}: serde reads a missing or null `Option` field as \
                         `None`, and toolform's schemas say so; a schema cannot promise a \
                         value the type does not require. Make the field's type non-`Option` \
                         (serde then requires it, and so does the schema)",
                        self.attr()
                    ),
                );
                None
            }
            _ if inner => {
                if source == Source::Schemars {
                    self.err(
                        span,
                        format!(
                            "`{key}` in `inner(..)` is not a constraint toolform reads: inside \
                             go `length`, `range`, `pattern`/`regex`, `contains`, `email`, \
                             `url`, `inner`"
                        ),
                    );
                }
                None
            }
            // validator's other keys (`custom`, `nested`, `must_match`,
            // `credit_card`, `non_control_character`, `does_not_contain`,
            // `phone`) have no meaning a schema carries, and schemars ignores
            // them too; validator checks its own syntax.
            _ if source == Source::Validate => None,
            _ if source == Source::Garde => {
                if key == "byte_length" {
                    self.need(
                        "length",
                        span,
                        "garde's `byte_length` counts bytes, and JSON Schema's \
                         `minLength`/`maxLength` count code points: no schema says it; give \
                         the length in characters beside it: #[schema(length(min = .., max = \
                         ..))]"
                            .into(),
                    );
                }
                // garde's other keys (`skip`, `dive`, `custom`, `matches`,
                // `credit_card`, `phone_number`, `context`,
                // `allow_unvalidated`): as validator's above.
                None
            }
            // schemars from here.
            "title" | "description" => self.string(&item, &key, span),
            "example" => self.example(item, span),
            "extend" => {
                self.extend(&item, span);
                None
            }
            "with" if !form => {
                match string_value(&item) {
                    Some(lit) => self.out.with.push((span, lit.parse::<syn::Type>())),
                    None => self.err(
                        span,
                        "`with` in #[schemars(..)] takes the type as a string: `with = \"Type\"`",
                    ),
                }
                None
            }
            "schema_with" | "transform" => {
                self.err(
                    span,
                    format!(
                        "`{key}` in #[schemars(..)] runs a function over schemars' schema, which \
                         toolform cannot see or check against what serde reads; name the wire \
                         type with #[schema(with = WireType)] instead"
                    ),
                );
                None
            }
            k if IGNORED_SCHEMARS.contains(&k) => None,
            "rename" if matches!(self.place, Place::Container) => None,
            k if SERDE_KEYS.contains(&k) => {
                self.err(
                    span,
                    format!(
                        "`{k}` in #[schemars(..)] changes schemars' schema only, not what serde \
                         reads and writes; toolform describes what serde does: move it to \
                         #[serde({k} ..)] if serde should do it, or drop it"
                    ),
                );
                None
            }
            _ => {
                self.err(
                    span,
                    format!(
                        "`{key}` in #[schemars(..)] is not a key toolform reads here; it reads \
                         title, description, example, extend(\"x-mcp-header\" = ..), with, \
                         length, range, pattern, regex(pattern = ..), contains, email, url, \
                         ipv4, ipv6, inner"
                    ),
                );
                None
            }
        }
    }

    /// `length(min = .., max = .., equal = ..)`, and garde's counting modes.
    fn length(&mut self, item: &NestedMeta, span: Span) -> Option<NestedMeta> {
        let (min, max, others) = min_max(self.list(item, span, "length")?);
        let mut mode: Option<(String, Span)> = None;
        for (k, s) in others {
            match k.as_str() {
                "simple" | "bytes" | "chars" | "graphemes" | "utf16"
                    if self.source == Source::Garde =>
                {
                    mode = Some((k, s));
                }
                _ if self.source == Source::Schemars => {
                    self.err(s, format!("unknown item in `length(..)`: `{k}`"));
                }
                _ => {}
            }
        }
        if self.source == Source::Garde && self.counted == Counted::Text {
            let mode_name = mode.as_ref().map_or("simple", |(m, _)| m.as_str());
            if mode_name != "chars" {
                let at = mode.as_ref().map_or(span, |(_, s)| *s);
                self.err(
                    at,
                    format!(
                        "garde's `length({mode_name}, ..)` on text counts {}, and JSON \
                         Schema's `minLength`/`maxLength` count code points (Rust's chars): \
                         the schema would say another rule than garde checks; write \
                         `length(chars, min = .., max = ..)`, which counts the same",
                        match mode_name {
                            "graphemes" => "grapheme clusters",
                            "utf16" => "UTF-16 code units",
                            _ => "bytes",
                        }
                    ),
                );
                return None;
            }
        }
        if matches!(self.place, Place::ElicitField) && self.counted == Counted::Items {
            // A form's multi-select counts its items with its own keys.
            let min = min.map(|m| made(quote_spanned!(span=> min_items = #m)));
            let max = max.map(|m| made(quote_spanned!(span=> max_items = #m)));
            let mut both = min.into_iter().chain(max);
            let first = both.next();
            self.out.items.extend(both);
            return first;
        }
        let key = syn::Ident::new("length", span);
        Some(made(bounds(key, min, max)))
    }

    /// `range(min = .., max = ..)`; `exclusive_min`/`exclusive_max` need our
    /// own `range` beside them.
    fn range(&mut self, item: &NestedMeta, span: Span) -> Option<NestedMeta> {
        let (min, max, others) = min_max(self.list(item, span, "range")?);
        let mut exclusive = None;
        for (k, s) in others {
            match k.as_str() {
                "exclusive_min" | "exclusive_max" => exclusive = Some((k, s)),
                _ if self.source == Source::Schemars => {
                    self.err(s, format!("unknown item in `range(..)`: `{k}`"));
                }
                _ => {}
            }
        }
        if let Some((k, s)) = exclusive {
            self.need(
                "range",
                s,
                format!(
                    "`{k}` in {}: toolform's `range` is inclusive, and schemars leaves \
                     exclusive bounds out (its schema then advertises the bound itself, which \
                     validator refuses); give the inclusive range beside it, e.g. for an \
                     integer `exclusive_min = 0` is #[schema(range(min = 1))]",
                    self.attr()
                ),
            );
            return None;
        }
        let key = syn::Ident::new("range", span);
        Some(made(bounds(key, min, max)))
    }

    /// schemars' and garde's `pattern(..)`: a string literal, else a
    /// constant toolform cannot read.
    fn pattern_list(&mut self, item: &NestedMeta, span: Span) -> Option<NestedMeta> {
        let NestedMeta::Meta(Meta::List(list)) = item else {
            return self.pattern_expr(item_value(item), span);
        };
        let expr = syn::parse2::<Expr>(list.tokens.clone()).ok();
        self.pattern_expr(expr.as_ref(), span)
    }

    fn pattern_expr(&mut self, expr: Option<&Expr>, span: Span) -> Option<NestedMeta> {
        match expr.map(strip_group) {
            Some(Expr::Lit(syn::ExprLit {
                lit: Lit::Str(s), ..
            })) => Some(made(quote_spanned!(span=> pattern = #s))),
            _ => {
                self.need(
                    "pattern",
                    span,
                    format!(
                        "this pattern in {} is a value toolform cannot read at compile time (it \
                         checks a pattern as ECMA-262, the dialect JSON Schema validators run, \
                         and writes it into a constant schema); give its text beside it: \
                         #[schema(pattern = \"..\")]",
                        self.attr()
                    ),
                );
                None
            }
        }
    }

    /// schemars' `regex(pattern = ..)`; validator's `regex(path = ..)`.
    fn regex(&mut self, item: &NestedMeta, span: Span) -> Option<NestedMeta> {
        let list = self.list(item, span, "regex")?;
        for nested in list {
            let Some((k, s)) = super::receiver::key_of(&nested) else {
                continue;
            };
            match k.as_str() {
                "pattern" => return self.pattern_expr(item_value(&nested), span),
                "path" => {
                    self.need(
                        "pattern",
                        s,
                        "`regex(path = ..)` names a `Regex` value, which exists only when the \
                         program runs (schemars writes its `to_string()` then, in the `regex` \
                         crate's dialect, not the ECMA-262 one JSON Schema validators run); \
                         toolform's schema is a constant, checked at compile time: give the \
                         pattern's text beside it, #[schema(pattern = \"..\")]"
                            .into(),
                    );
                    return None;
                }
                _ if self.source == Source::Schemars => {
                    self.err(s, format!("unknown item in `regex(..)`: `{k}`"));
                }
                _ => {}
            }
        }
        if self.source == Source::Schemars {
            self.err(span, "`regex(..)` needs `pattern = \"..\"`");
        }
        None
    }

    /// `contains(pattern = "..")` (validator, schemars) or `contains("..")`
    /// (garde, schemars): a `pattern` matching the text, as schemars writes it.
    fn contains(&mut self, item: &NestedMeta, span: Span) -> Option<NestedMeta> {
        let NestedMeta::Meta(Meta::List(list)) = item else {
            self.err(span, "expected `contains(..)`");
            return None;
        };
        let text = match syn::parse2::<Expr>(list.tokens.clone()).ok() {
            Some(Expr::Lit(syn::ExprLit {
                lit: Lit::Str(s), ..
            })) => Some(s.value()),
            Some(Expr::Assign(a)) => match (strip_group(&a.left), strip_group(&a.right)) {
                (
                    Expr::Path(p),
                    Expr::Lit(syn::ExprLit {
                        lit: Lit::Str(s), ..
                    }),
                ) if p.path.is_ident("pattern") => Some(s.value()),
                _ => None,
            },
            _ => NestedMeta::parse_meta_list(list.tokens.clone())
                .ok()
                .and_then(|l| {
                    l.iter()
                        .find(|n| super::receiver::key_of(n).is_some_and(|(k, _)| k == "pattern"))
                        .and_then(|n| string_value(n))
                        .map(|s| s.value())
                }),
        };
        match text {
            Some(text) => {
                let pattern = escape(&text);
                Some(made(quote_spanned!(span=> pattern = #pattern)))
            }
            None => {
                self.need(
                    "pattern",
                    span,
                    format!(
                        "this `contains` in {} names its text by a value toolform cannot read \
                         at compile time; give the pattern beside it: #[schema(pattern = \
                         \"..\")]",
                        self.attr()
                    ),
                );
                None
            }
        }
    }

    /// `title = ".."`, `description = ".."`: string literals (schemars takes
    /// any expression; toolform's schema is a constant).
    fn string(&mut self, item: &NestedMeta, key: &str, span: Span) -> Option<NestedMeta> {
        match string_value(item) {
            Some(lit) => {
                let key = syn::Ident::new(key, span);
                Some(made(quote_spanned!(span=> #key = #lit)))
            }
            None => {
                self.err(
                    span,
                    format!(
                        "`{key}` in #[schemars(..)]: toolform needs a string literal here (its \
                         schema is a constant written at compile time): `{key} = \"..\"`"
                    ),
                );
                None
            }
        }
    }

    /// `example = ..`: a literal (`&"text"` too, as schemars 1.x wants
    /// strings written).
    fn example(&mut self, item: NestedMeta, span: Span) -> Option<NestedMeta> {
        let value = item_value(&item).map(|e| match strip_group(e) {
            Expr::Reference(r) => (*r.expr).clone(),
            other => other.clone(),
        });
        match value.as_ref().map(strip_group) {
            Some(
                e @ (Expr::Lit(_)
                | Expr::Unary(syn::ExprUnary {
                    op: syn::UnOp::Neg(_),
                    ..
                })),
            ) => Some(made(quote_spanned!(span=> example = #e))),
            _ => {
                self.err(
                    span,
                    "`example` in #[schemars(..)]: toolform needs a literal (a string, number \
                     or boolean), checked at compile time against the field's type and \
                     constraints; a function's value cannot be",
                );
                None
            }
        }
    }

    /// `extend("x-mcp-header" = "Name", ..)`: the header; any other key is
    /// refused.
    fn extend(&mut self, item: &NestedMeta, span: Span) {
        let NestedMeta::Meta(Meta::List(list)) = item else {
            self.err(span, "expected `extend(\"key\" = value, ..)`");
            return;
        };
        let parsed = syn::parse::Parser::parse2(
            syn::punctuated::Punctuated::<syn::MetaNameValue, syn::Token![,]>::parse_terminated,
            rewrite_string_keys(list.tokens.clone()),
        );
        let Ok(pairs) = parsed else {
            self.err(span, "expected `extend(\"key\" = value, ..)`");
            return;
        };
        for pair in pairs {
            let key = pair.path.to_token_stream().to_string();
            let key_span = pair.path.span();
            let key = key.trim_start_matches("__tf_key_").replace("__", "-");
            if key == "x-mcp-header" && matches!(self.place, Place::Field) {
                let value = pair.value;
                let header = syn::Ident::new("header", key_span);
                self.out
                    .items
                    .push(made(quote_spanned!(key_span=> #header = #value)));
                continue;
            }
            self.err(
                key_span,
                format!(
                    "`extend(\"{key}\" = ..)`: toolform writes only keywords it can hold to \
                     what serde reads and `parse_args` checks, and a free keyword could change \
                     what the schema accepts (`minimum`, `type`) with nothing enforcing it; use \
                     the #[schema(..)] key that says it (title, description, example, \
                     deprecated, length, range, pattern, format, header), or the doc comment \
                     for prose{}",
                    if key == "x-mcp-header" {
                        " (`x-mcp-header` goes on a field)"
                    } else {
                        ""
                    }
                ),
            );
        }
    }

    /// The nested items of `key(..)`.
    fn list(&self, item: &NestedMeta, span: Span, key: &str) -> Option<Vec<NestedMeta>> {
        match list_of(item) {
            Ok(list) => Some(list),
            Err(()) => {
                if self.source == Source::Schemars {
                    self.err(span, format!("expected `{key}(..)`"));
                }
                None
            }
        }
    }
}

/// `min = ..`, `max = ..` and `equal = ..` (both) of a bound list, and its
/// other keys.
type MinMax = (Option<Expr>, Option<Expr>, Vec<(String, Span)>);

fn min_max(list: Vec<NestedMeta>) -> MinMax {
    let (mut min, mut max, mut equal, mut others) = (None, None, None, Vec::new());
    for nested in list {
        let Some((k, s)) = super::receiver::key_of(&nested) else {
            continue;
        };
        match k.as_str() {
            "min" => min = value(&nested),
            "max" => max = value(&nested),
            "equal" => equal = value(&nested),
            _ => others.push((k, s)),
        }
    }
    match equal {
        Some(e) => (Some(e.clone()), Some(e), others),
        None => (min, max, others),
    }
}

/// `"x-mcp-header" = ..` is not a path: the string keys of `extend` are
/// rewritten to idents (`__tf_key_x__mcp__header`) for syn's parser.
fn rewrite_string_keys(tokens: TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    let mut at_key = true;
    for tt in tokens {
        match &tt {
            proc_macro2::TokenTree::Literal(l) if at_key => {
                if let Ok(s) = syn::parse2::<syn::LitStr>(l.to_token_stream()) {
                    let name = format!("__tf_key_{}", s.value().replace('-', "__"));
                    if let Ok(ident) = syn::parse_str::<syn::Ident>(&name) {
                        let mut ident = ident;
                        ident.set_span(l.span());
                        out.extend([proc_macro2::TokenTree::Ident(ident)]);
                        at_key = false;
                        continue;
                    }
                }
                out.extend([tt.clone()]);
                at_key = false;
            }
            proc_macro2::TokenTree::Punct(p) if p.as_char() == ',' => {
                at_key = true;
                out.extend([tt.clone()]);
            }
            _ => {
                at_key = false;
                out.extend([tt.clone()]);
            }
        }
    }
    out
}

fn list_of(item: &NestedMeta) -> Result<Vec<NestedMeta>, ()> {
    match item {
        NestedMeta::Meta(Meta::List(list)) => {
            NestedMeta::parse_meta_list(list.tokens.clone()).map_err(|_| ())
        }
        _ => Err(()),
    }
}

/// The value of `key = value`.
fn item_value(item: &NestedMeta) -> Option<&Expr> {
    match item {
        NestedMeta::Meta(Meta::NameValue(nv)) => Some(&nv.value),
        _ => None,
    }
}

/// The value of `min = ..`: a string literal is read as the expression it
/// holds (validator and schemars allow `min = "1"`).
fn value(item: &NestedMeta) -> Option<Expr> {
    let expr = item_value(item)?;
    if let Expr::Lit(syn::ExprLit {
        lit: Lit::Str(s), ..
    }) = strip_group(expr)
        && let Ok(parsed) = s.parse::<Expr>()
    {
        return Some(parsed);
    }
    Some(expr.clone())
}

fn string_value(item: &NestedMeta) -> Option<syn::LitStr> {
    match item_value(item).map(strip_group) {
        Some(Expr::Lit(syn::ExprLit {
            lit: Lit::Str(s), ..
        })) => Some(s.clone()),
        _ => None,
    }
}

fn bounds(key: syn::Ident, min: Option<Expr>, max: Option<Expr>) -> TokenStream {
    let span = key.span();
    let min = min.map(|m| quote_spanned!(span=> min = #m));
    let max = max.map(|m| quote_spanned!(span=> max = #m));
    let parts = min.into_iter().chain(max);
    quote_spanned!(span=> #key(#(#parts),*))
}

/// An item we wrote; it parses (it is built from parsed parts).
fn made(tokens: TokenStream) -> NestedMeta {
    NestedMeta::parse_meta_list(tokens.clone())
        .ok()
        .and_then(|mut v| v.pop())
        .unwrap_or_else(|| {
            NestedMeta::Meta(Meta::Path(syn::Path::from(syn::Ident::new(
                "__toolform_unparsed",
                tokens.span(),
            ))))
        })
}

/// `text` as an ECMA-262 pattern matching it literally.
pub fn escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if "\\^$.|?*+()[]{}/".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
