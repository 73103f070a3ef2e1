//! Our own attributes, one validated model per place: `#[schema(...)]` on a
//! type (`ContainerAttrs`), a variant (`VariantAttrs`) and a field
//! (`FieldAttrs`); `#[elicit(...)]` on a form (`FormAttrs`) and a form field
//! (`FormFieldAttrs`). Each holds only what its place can carry. Reading is
//! `keys::screen` (keys and string values), then the place's darling
//! receiver (`receiver`), then the value rules below; every error is
//! collected in `Ctxt`. Doc comments become descriptions (`doc`).

use super::ctxt::Ctxt;
use super::doc::{Description, Doc};
use super::foreign::Counted;
use super::keys::{Place, Screened, screen};
use super::receiver::{self, Bounds};
use super::value::{Literal, Number};
use darling::FromMeta;
use darling::util::{Flag, SpannedValue};
use proc_macro2::Span;
use syn::Attribute;
use toolform_formats::Format;

/// `#[schema(...)]` on a struct or enum.
pub struct ContainerAttrs {
    pub title: Option<String>,
    pub description: Description,
    /// `crate = ".."`: the path of the toolform crate.
    pub krate: Option<syn::Path>,
    /// `with = Type`: serde reads and writes the type as `Type`.
    pub with: Option<syn::Type>,
    /// `titled` (unit-only enums): variants as `oneOf` of `{const, title}`.
    pub titled: Option<Span>,
    /// `no_json_schema`: no `schemars::JsonSchema` impl, for a type that
    /// derives `schemars::JsonSchema` itself.
    pub no_json_schema: bool,
}

/// `#[schema(...)]` on an enum variant.
pub struct VariantAttrs {
    /// In a `titled` enum, the doc comment when no `title` is given.
    pub title: Option<String>,
    /// Always `None` in a `titled` enum (the doc comment is the title).
    pub description: Description,
    /// `with = Type`: the variant's content is `Type`.
    pub with: Option<syn::Type>,
}

/// `#[schema(...)]` on a field.
pub struct FieldAttrs {
    pub title: Option<String>,
    pub description: Description,
    /// `with = Type`: the field's wire type (see `check::wire`).
    pub with: Option<syn::Type>,
    /// Declared constraints; `None` when none is given.
    pub constraints: Option<Constraints>,
    /// Every key given but `with`, with its span: a field without a name
    /// can carry none of them.
    pub keys: Vec<(String, Span)>,
}

/// `length(..)`, `range(..)`, `pattern`, `format`, `example`, `deprecated`
/// on a field.
#[derive(Default)]
pub struct Constraints {
    pub length: Option<Length>,
    pub range: Option<Range>,
    pub pattern: Option<String>,
    /// One of the formats JSON Schema defines.
    pub format: Option<String>,
    /// The later of the `pattern` and `format` keys, for the type assertion.
    pub string: Option<Span>,
    /// Each `example`, with its span.
    pub examples: Vec<(Literal, Span)>,
    pub deprecated: bool,
    /// `items(..)`: the constraints of every item of a sequence or set.
    pub items: Option<Inner>,
    /// `values(..)`: the constraints of every value of a map.
    pub values: Option<Inner>,
    /// `header = ".."` (an RFC 9110 token, checked by `keys::screen`): the
    /// name, the key's span and the value's.
    pub header: Option<Header>,
}

/// `header = ".."` on a field: `x-mcp-header` in the input schema.
#[derive(Clone)]
pub struct Header {
    pub name: String,
    /// The `header` key.
    pub key: Span,
    /// The string literal.
    pub value: Span,
}

/// `items(..)` or `values(..)`: the constraints of each item or value
/// (`length`, `range`, `pattern`, `format`, and further `items`/`values`).
pub struct Inner {
    /// The `items` or `values` key, for the type assertion.
    pub span: Span,
    pub constraints: Box<Constraints>,
}

impl Constraints {
    /// Every `range(..)` of the tree, each with the path of `items`
    /// (`true`) and `values` (`false`) steps that leads to it.
    pub fn ranges(&self) -> Vec<(Vec<bool>, Range)> {
        let mut out = Vec::new();
        self.walk(&mut Vec::new(), &mut |path, c| {
            if let Some(r) = c.range {
                out.push((path.to_vec(), r));
            }
        });
        out
    }

    /// Every `length(..)` of the tree, as `ranges` gives them.
    pub fn lengths(&self) -> Vec<(Vec<bool>, Length)> {
        let mut out = Vec::new();
        self.walk(&mut Vec::new(), &mut |path, c| {
            if let Some(l) = c.length {
                out.push((path.to_vec(), l));
            }
        });
        out
    }

    fn walk(&self, path: &mut Vec<bool>, f: &mut impl FnMut(&[bool], &Constraints)) {
        f(path, self);
        for (step, inner) in [(true, &self.items), (false, &self.values)] {
            if let Some(inner) = inner {
                path.push(step);
                inner.constraints.walk(path, f);
                path.pop();
            }
        }
    }
}

/// `length(min = .., max = ..)`: at least one bound, non-negative integers,
/// `min` not above `max`.
#[derive(Clone, Copy)]
pub struct Length {
    pub min: Option<u64>,
    pub max: Option<u64>,
    /// The `length` key, for the type assertion.
    pub span: Span,
}

/// `range(min = .., max = ..)`: at least one bound, `min` not above `max`
/// (compared exactly).
#[derive(Clone, Copy)]
pub struct Range {
    pub min: Option<Number>,
    pub max: Option<Number>,
    /// The `range` key, for the type assertion and the range check.
    pub span: Span,
}

/// `#[elicit(...)]` on a form.
pub struct FormAttrs {
    /// `crate = ".."`: the path of the toolform crate.
    pub krate: Option<syn::Path>,
}

/// `#[elicit(...)]` on a form field.
pub struct FormFieldAttrs {
    pub title: Option<String>,
    pub description: Description,
    pub length: Option<Length>,
    pub range: Option<Range>,
    /// One of the formats the elicitation grammar carries, with its key.
    pub format: Option<(Format, Span)>,
    pub items: Option<Items>,
    /// `default = ..`: the literal, with its span.
    pub fill: Option<(Literal, Span)>,
    /// `enum_names`: legacy titled options, at the key.
    pub enum_names: Option<Span>,
}

/// `min_items`/`max_items`: non-negative, `min` not above `max`.
pub struct Items {
    pub min: Option<u64>,
    pub max: Option<u64>,
    /// The later key given, for the type assertion.
    pub span: Span,
}

/// Reads the receiver `R` of one place from its screened items.
fn receive<R: FromMeta + Default>(cx: &Ctxt, screened: &Screened) -> Option<R> {
    // No keys (most places): every member is absent, as darling would read
    // an empty list, without running its reader.
    if screened.items.is_empty() {
        return Some(R::default());
    }
    R::from_list(&screened.items)
        .map_err(|e| cx.syn_error(e.into()))
        .ok()
}

impl ContainerAttrs {
    /// `foreign`: read schemars' attributes too; and the doc comment, which
    /// `ElicitForm` (the one derive without `foreign`) reads in `FormAttrs`.
    pub fn from_attrs(cx: &Ctxt, attrs: &[Attribute], foreign: bool) -> Self {
        let doc = if foreign {
            Doc::from_attrs(attrs)
        } else {
            Doc::none()
        };
        let s = screen(
            cx,
            attrs,
            Place::Container,
            foreign.then_some(|| Counted::Other),
        );
        let r = receive::<receiver::ContainerSchema>(cx, &s);
        let (title, description, krate, titled, no_json_schema) = match r {
            Some(r) => (
                r.title,
                r.description,
                r.krate.and_then(|k| parse_crate(cx, &k)),
                flag(&r.titled),
                r.no_json_schema.is_present(),
            ),
            None => (None, None, None, None, false),
        };
        ContainerAttrs {
            title,
            description: doc.description(description),
            krate,
            with: s.with,
            titled,
            no_json_schema,
        }
    }
}

impl VariantAttrs {
    /// `titled`: the enum is `titled`, so the doc comment is the title.
    pub fn from_attrs(cx: &Ctxt, attrs: &[Attribute], titled: bool, foreign: bool) -> Self {
        let doc = Doc::from_attrs(attrs);
        let s = screen(
            cx,
            attrs,
            Place::Variant,
            foreign.then_some(|| Counted::Other),
        );
        let (title, description) = receive::<receiver::VariantSchema>(cx, &s)
            .map(|r| (r.title, r.description))
            .unwrap_or_default();
        if titled {
            return VariantAttrs {
                title: title.or(doc.text),
                description: Description::None,
                with: s.with,
            };
        }
        VariantAttrs {
            title,
            description: doc.description(description),
            with: s.with,
        }
    }
}

impl FieldAttrs {
    /// `ty`: the field's type, when schemars', validator's and garde's
    /// attributes are read too, and the doc comment (not by `ElicitForm`,
    /// which reads them in `FormFieldAttrs`).
    pub fn from_attrs(cx: &Ctxt, attrs: &[Attribute], ty: Option<&syn::Type>) -> Self {
        let doc = if ty.is_some() {
            Doc::from_attrs(attrs)
        } else {
            Doc::none()
        };
        let s = screen(
            cx,
            attrs,
            Place::Field,
            ty.map(|ty| move || Counted::of(ty)),
        );
        let mut out = FieldAttrs {
            title: None,
            description: Description::None,
            with: None,
            constraints: None,
            keys: s
                .keys
                .iter()
                .filter(|(k, _)| k != "with")
                .cloned()
                .collect(),
        };
        let mut description = None;
        if let Some(r) = receive::<receiver::FieldSchema>(cx, &s) {
            out.title = r.title;
            description = r.description;
            let mut c = constraints(cx, &s, r.length, r.range, r.pattern, r.format);
            c.examples = r
                .example
                .into_iter()
                .map(|e| (e.as_ref().clone(), e.span()))
                .collect();
            c.deprecated = r.deprecated.is_present();
            c.header = r.header.map(|h| Header {
                key: s.span("header"),
                value: h.span(),
                name: h.into_inner(),
            });
            let empty = c.length.is_none()
                && c.range.is_none()
                && c.string.is_none()
                && c.examples.is_empty()
                && !c.deprecated
                && c.header.is_none()
                && c.items.is_none()
                && c.values.is_none();
            out.constraints = (!empty).then_some(c);
        }
        out.description = doc.description(description);
        out.with = s.with;
        out
    }
}

impl FormAttrs {
    pub fn from_attrs(cx: &Ctxt, attrs: &[Attribute]) -> Self {
        let s = screen(cx, attrs, Place::ElicitContainer, None::<fn() -> Counted>);
        let krate = receive::<receiver::ElicitContainer>(cx, &s)
            .and_then(|r| r.krate)
            .and_then(|k| parse_crate(cx, &k));
        FormAttrs { krate }
    }
}

impl FormFieldAttrs {
    pub fn from_attrs(cx: &Ctxt, attrs: &[Attribute], ty: &syn::Type) -> Self {
        let doc = Doc::from_attrs(attrs);
        let s = screen(cx, attrs, Place::ElicitField, Some(|| Counted::of(ty)));
        let mut out = FormFieldAttrs {
            title: None,
            description: Description::None,
            length: None,
            range: None,
            format: None,
            items: None,
            fill: None,
            enum_names: None,
        };
        let mut description = None;
        if let Some(r) = receive::<receiver::ElicitField>(cx, &s) {
            out.title = r.title;
            description = r.description;
            out.length = r.length.and_then(|b| length(cx, b, s.span("length")));
            out.range = r.range.and_then(|b| range(cx, b, s.span("range")));
            // `keys::screen` let only the four elicitation formats through.
            out.format = r.format.and_then(|f| {
                let span = string_span(&s, &["format"]).unwrap_or(f.span());
                Format::from_name(f.as_ref()).map(|f| (f, span))
            });
            out.items = items(cx, &s, r.min_items, r.max_items);
            out.fill = r.default.map(|v| (v.as_ref().clone(), v.span()));
            out.enum_names = flag(&r.enum_names);
        }
        out.description = doc.description(description);
        out
    }
}

/// The constraints one list declares (a field's, or those inside `items(..)`
/// or `values(..)`), with its nested `items(..)` and `values(..)`.
fn constraints(
    cx: &Ctxt,
    s: &Screened,
    length_bounds: Option<Bounds>,
    range_bounds: Option<Bounds>,
    pattern: Option<SpannedValue<String>>,
    format: Option<SpannedValue<String>>,
) -> Constraints {
    let string = (pattern.is_some() || format.is_some())
        .then(|| string_span(s, &["pattern", "format"]))
        .flatten();
    let mut c = Constraints {
        length: length_bounds.and_then(|b| length(cx, b, s.span("length"))),
        range: range_bounds.and_then(|b| range(cx, b, s.span("range"))),
        string,
        pattern: pattern.map(SpannedValue::into_inner),
        format: format.map(SpannedValue::into_inner),
        ..Constraints::default()
    };
    for (key, span, nested) in &s.nested {
        let Some(r) = receive::<receiver::InnerSchema>(cx, nested) else {
            continue;
        };
        let inner = constraints(cx, nested, r.length, r.range, r.pattern, r.format);
        let slot = if *key == "values" {
            &mut c.values
        } else {
            &mut c.items
        };
        *slot = Some(Inner {
            span: *span,
            constraints: Box::new(inner),
        });
    }
    c
}

fn flag(f: &Flag) -> Option<Span> {
    f.is_present().then(|| f.span())
}

/// The span of the last of `keys` given.
fn string_span(s: &Screened, keys: &[&str]) -> Option<Span> {
    s.keys
        .iter()
        .rev()
        .find(|(k, _)| keys.contains(&k.as_str()))
        .map(|(_, s)| *s)
}

/// Why: `min_items`/`max_items` count items, and `min > max` leaves no
/// answer.
fn items(
    cx: &Ctxt,
    s: &Screened,
    min: Option<SpannedValue<Number>>,
    max: Option<SpannedValue<Number>>,
) -> Option<Items> {
    let mut out = Items {
        min: None,
        max: None,
        span: Span::call_site(),
    };
    let mut any = false;
    for (value, key) in [(min, "min_items"), (max, "max_items")] {
        let Some(value) = value else { continue };
        let Number::UInt(n) = *value else {
            cx.syn_error(syn::Error::new(
                value.span(),
                format!("`{key}` is a non-negative integer"),
            ));
            continue;
        };
        if key == "min_items" {
            out.min = Some(n);
        } else {
            out.max = Some(n);
        }
        out.span = s.span(key);
        any = true;
    }
    if let (Some(min), Some(max)) = (out.min, out.max)
        && min > max
    {
        cx.syn_error(syn::Error::new(
            s.span("min_items"),
            format!(
                "`min_items = {min}` is greater than `max_items = {max}`: no answer could \
                 satisfy both"
            ),
        ));
    }
    any.then_some(out)
}

/// Why: `length` counts, so its bounds are non-negative integers.
fn length(cx: &Ctxt, b: Bounds, span: Span) -> Option<Length> {
    let (min, max) = check_bounds(cx, b, "length", span)?;
    let count = |n: Option<Number>| match n {
        None => Ok(None),
        Some(Number::UInt(v)) => Ok(Some(v)),
        Some(_) => Err(()),
    };
    match (count(min), count(max)) {
        (Ok(min), Ok(max)) => Some(Length { min, max, span }),
        _ => {
            cx.syn_error(syn::Error::new(
                span,
                "`length` bounds are non-negative integers",
            ));
            None
        }
    }
}

fn range(cx: &Ctxt, b: Bounds, span: Span) -> Option<Range> {
    let (min, max) = check_bounds(cx, b, "range", span)?;
    Some(Range { min, max, span })
}

/// Why: a bound list without a bound says nothing, and `min > max` leaves
/// no value (compared exactly).
fn check_bounds(
    cx: &Ctxt,
    b: Bounds,
    key: &str,
    span: Span,
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
fn parse_crate(cx: &Ctxt, lit: &SpannedValue<String>) -> Option<syn::Path> {
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
