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
use values::*;

mod values;

/// The crate an attribute belongs to.
#[derive(Clone, Copy, PartialEq)]
pub enum Source {
    Schemars,
    Validate,
    Garde,
}

impl Source {
    pub fn of(attr: &syn::Attribute) -> Option<Source> {
        // Printed once: each comparison of an identifier with a `&str`
        // prints it again (every attribute of every field, each edit).
        Source::named(&attr.path().get_ident()?.to_string())
    }

    /// The foreign attribute named `name`.
    pub fn named(name: &str) -> Option<Source> {
        match name {
            "schemars" => Some(Source::Schemars),
            "validate" => Some(Source::Validate),
            "garde" => Some(Source::Garde),
            _ => None,
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
}
