//! The foreign keys with values of their own (`length`, `range`, patterns,
//! `contains`, strings, `example`, `extend`) lowered to ours, and the token
//! helpers the lowering shares.

use super::*;

impl Lowerer<'_> {
    /// `length(min = .., max = .., equal = ..)`, and garde's counting modes.
    pub(super) fn length(&mut self, item: &NestedMeta, span: Span) -> Option<NestedMeta> {
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
    pub(super) fn range(&mut self, item: &NestedMeta, span: Span) -> Option<NestedMeta> {
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
    pub(super) fn pattern_list(&mut self, item: &NestedMeta, span: Span) -> Option<NestedMeta> {
        let NestedMeta::Meta(Meta::List(list)) = item else {
            return self.pattern_expr(item_value(item), span);
        };
        let expr = syn::parse2::<Expr>(list.tokens.clone()).ok();
        self.pattern_expr(expr.as_ref(), span)
    }

    pub(super) fn pattern_expr(&mut self, expr: Option<&Expr>, span: Span) -> Option<NestedMeta> {
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
    pub(super) fn regex(&mut self, item: &NestedMeta, span: Span) -> Option<NestedMeta> {
        let list = self.list(item, span, "regex")?;
        for nested in list {
            let Some((k, s)) = super::super::receiver::key_of(&nested) else {
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
    pub(super) fn contains(&mut self, item: &NestedMeta, span: Span) -> Option<NestedMeta> {
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
                        .find(|n| {
                            super::super::receiver::key_of(n).is_some_and(|(k, _)| k == "pattern")
                        })
                        .and_then(string_value)
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
    pub(super) fn string(
        &mut self,
        item: &NestedMeta,
        key: &str,
        span: Span,
    ) -> Option<NestedMeta> {
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
    pub(super) fn example(&mut self, item: NestedMeta, span: Span) -> Option<NestedMeta> {
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
    pub(super) fn extend(&mut self, item: &NestedMeta, span: Span) {
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
    pub(super) fn list(&self, item: &NestedMeta, span: Span, key: &str) -> Option<Vec<NestedMeta>> {
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
pub(super) type MinMax = (Option<Expr>, Option<Expr>, Vec<(String, Span)>);

pub(super) fn min_max(list: Vec<NestedMeta>) -> MinMax {
    let (mut min, mut max, mut equal, mut others) = (None, None, None, Vec::new());
    for nested in list {
        let Some((k, s)) = super::super::receiver::key_of(&nested) else {
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
pub(super) fn rewrite_string_keys(tokens: TokenStream) -> TokenStream {
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

pub(super) fn list_of(item: &NestedMeta) -> Result<Vec<NestedMeta>, ()> {
    match item {
        NestedMeta::Meta(Meta::List(list)) => {
            NestedMeta::parse_meta_list(list.tokens.clone()).map_err(|_| ())
        }
        _ => Err(()),
    }
}

/// The value of `key = value`.
pub(super) fn item_value(item: &NestedMeta) -> Option<&Expr> {
    match item {
        NestedMeta::Meta(Meta::NameValue(nv)) => Some(&nv.value),
        _ => None,
    }
}

/// The value of `min = ..`: a string literal is read as the expression it
/// holds (validator and schemars allow `min = "1"`).
pub(super) fn value(item: &NestedMeta) -> Option<Expr> {
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

pub(super) fn string_value(item: &NestedMeta) -> Option<syn::LitStr> {
    match item_value(item).map(strip_group) {
        Some(Expr::Lit(syn::ExprLit {
            lit: Lit::Str(s), ..
        })) => Some(s.clone()),
        _ => None,
    }
}

pub(super) fn bounds(key: syn::Ident, min: Option<Expr>, max: Option<Expr>) -> TokenStream {
    let span = key.span();
    let min = min.map(|m| quote_spanned!(span=> min = #m));
    let max = max.map(|m| quote_spanned!(span=> max = #m));
    let parts = min.into_iter().chain(max);
    quote_spanned!(span=> #key(#(#parts),*))
}

/// An item we wrote; it parses (it is built from parsed parts).
pub(super) fn made(tokens: TokenStream) -> NestedMeta {
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
