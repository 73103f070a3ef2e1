//! Doc comments, which become descriptions (and, in a `titled` enum, the
//! variants' titles).

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::{Attribute, Expr, ExprLit, Lit, Meta};

/// What a description is.
#[derive(Clone, Default)]
pub enum Description {
    #[default]
    None,
    /// Known text: `description = ".."`, or a doc comment of literals.
    Text(String),
    /// A `concat!(..)` only the compiler can evaluate: a doc comment with
    /// `#[doc = include_str!(..)]` or `#[doc = concat!(..)]` parts.
    Expr(TokenStream),
}

impl Description {
    /// The text as the packed encoding holds it: `Some(None)` for no
    /// description, `None` for an expression (only the compiler knows it).
    pub fn packed(&self) -> Option<Option<&str>> {
        match self {
            Description::None => Some(None),
            Description::Text(t) => Some(Some(t.as_str())),
            Description::Expr(_) => None,
        }
    }
}

/// The doc comment of one item.
pub struct Doc {
    /// The text, when every part is a literal; with expression parts, the
    /// literal parts alone.
    pub text: Option<String>,
    /// The whole doc as `concat!(..)`, when some part is an expression.
    pub expr: Option<TokenStream>,
}

impl Doc {
    /// No doc comment (where it is not read).
    pub fn none() -> Doc {
        Doc {
            text: None,
            expr: None,
        }
    }

    pub fn from_attrs(attrs: &[Attribute]) -> Doc {
        // The `#[doc]` attributes found once (a name comparison is a call
        // into the compiler each).
        let docs: Vec<&Attribute> = attrs.iter().filter(|a| a.path().is_ident("doc")).collect();
        if docs.is_empty() {
            return Doc::none();
        }
        let parts = parts(&docs);
        Doc {
            text: doc_comment(&parts),
            expr: doc_expr(&parts),
        }
    }

    /// `given` (`description = ".."`), else the doc comment.
    pub fn description(self, given: Option<String>) -> Description {
        match (given, self.expr, self.text) {
            (Some(text), _, _) => Description::Text(text),
            (None, Some(expr), _) => Description::Expr(expr),
            (None, None, Some(text)) => Description::Text(text),
            (None, None, None) => Description::None,
        }
    }
}

/// One `#[doc = ..]` attribute's value: a string literal's text, or an
/// expression (`include_str!(..)`, `concat!(..)`, a literal of another
/// kind).
enum Part<'a> {
    Text(String),
    Expr(&'a Expr),
}

/// The values of the `#[doc = ..]` attributes among `docs`, in order
/// (`#[doc(hidden)]` and other forms have none).
fn parts<'a>(docs: &[&'a Attribute]) -> Vec<Part<'a>> {
    docs.iter()
        .filter_map(|attr| match &attr.meta {
            Meta::NameValue(nv) => Some(match string_value(&nv.value) {
                Some(text) => Part::Text(text),
                None => Part::Expr(&nv.value),
            }),
            _ => None,
        })
        .collect()
}

/// The doc comment, with rustdoc's leading space and blank edges removed;
/// paragraphs keep their line breaks.
fn doc_comment(parts: &[Part]) -> Option<String> {
    // Written line by line: paragraphs' lines joined with spaces, one blank
    // line (`\n\n`) between paragraphs however many stand there, none at the
    // edges.
    let mut out = String::new();
    let mut blank = false;
    for part in parts {
        let Part::Text(text) = part else {
            continue;
        };
        for line in text.lines() {
            let line = line.strip_prefix(' ').unwrap_or(line).trim_end();
            if line.is_empty() {
                blank = !out.is_empty();
                continue;
            }
            if blank {
                out.push_str("\n\n");
                blank = false;
            } else if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(line);
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The text of a doc attribute's value when it is a string literal. A `///`
/// comment reaches a derive as a raw string (`r"..."`, `r#"..."#`: the
/// compiler's desugaring), a `#[doc = "..."]` mostly as a plain one without
/// an escape: either way its text is what is between the delimiters, read
/// here without syn, which reads every literal a character at a time
/// (unoptimized in a dev build, for every doc comment on every edit) to
/// classify it (`Lit::new`) and again to unescape it (`value()`). The
/// derive's own parser hands a doc attribute's literal over unclassified
/// (`Lit::Verbatim`, `internals::input`); any literal that is not plainly a
/// string is classified and read by syn here.
fn string_value(value: &Expr) -> Option<String> {
    let Expr::Lit(ExprLit { lit, .. }) = value else {
        return None;
    };
    let token = match lit {
        Lit::Str(s) => s.token(),
        Lit::Verbatim(token) => token.clone(),
        _ => return None,
    };
    let repr = token.to_string();
    if let Some(text) = between_delimiters(&repr) {
        return Some(text.to_owned());
    }
    match lit {
        Lit::Str(s) => Some(s.value()),
        _ => match Lit::new(token) {
            Lit::Str(s) => Some(s.value()),
            _ => None,
        },
    }
}

/// The text of a raw string literal, or of a plain one without an escape
/// or a suffix, between its delimiters.
fn between_delimiters(repr: &str) -> Option<&str> {
    match repr.strip_prefix('r') {
        Some(raw) => {
            let after = raw.trim_start_matches('#');
            let hashes = raw.strip_suffix(after).unwrap_or_default();
            after
                .strip_prefix('"')
                .and_then(|r| r.strip_suffix(hashes))
                .and_then(|r| r.strip_suffix('"'))
        }
        None => repr
            .strip_prefix('"')
            .and_then(|r| r.strip_suffix('"'))
            .filter(|inner| !inner.contains('\\')),
    }
}

/// When a doc attribute is an expression (`#[doc = include_str!("..")]`,
/// `#[doc = concat!(..)]`), the whole doc as `concat!(..)` of its parts: the
/// literal lines as rustdoc joins them (one per line), the expressions as
/// given. `None` when every part is a string literal.
fn doc_expr(parts: &[Part]) -> Option<proc_macro2::TokenStream> {
    // The common case, a doc comment of literals only, builds nothing.
    if parts.iter().all(|p| matches!(p, Part::Text(_))) {
        return None;
    }
    let mut joined = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            joined.push(quote::quote!("\n"));
        }
        joined.push(match part {
            Part::Text(v) => {
                let line = v.strip_prefix(' ').unwrap_or(v).trim_end().to_string();
                quote::quote!(#line)
            }
            Part::Expr(other) => other.to_token_stream(),
        });
    }
    Some(quote::quote!(::core::concat!(#(#joined),*)))
}

#[cfg(test)]
mod tests {
    use super::{Doc, doc_comment, parts, string_value};
    use syn::{Attribute, Expr, ExprLit, Lit, Meta};

    /// The reading of doc comments before it was written line by line
    /// (session 17), kept as the reference.
    fn reference(docs: &[&Attribute]) -> Option<String> {
        let mut lines = Vec::new();
        for attr in docs {
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

    #[test]
    fn doc_comment_reads_as_before() {
        for source in [
            "/// One line.",
            "/// One\n/// paragraph, two lines.",
            "///\n///\n/// Blank lines first.\n///\n///",
            "/// First.\n///\n///\n///\n/// Second, after three blank lines.",
            "///   indented\n///\ttab\n/// trailing   ",
            "/** block\n    comment\n\n  with a paragraph */",
            "#[doc = \"a\\n\\nb\"]\n#[doc = \"  c\"]",
            "#[doc = \"\"]\n#[doc = \"   \"]",
            "#[doc = include_str!(\"x\")]\n/// literal part",
            "/// é, 日本 \\ \"q\"\n#[doc = r\"raw\"]",
        ] {
            let input: syn::DeriveInput =
                syn::parse_str(&format!("{source}\nstruct S;")).expect("an item");
            let docs: Vec<&Attribute> = input.attrs.iter().collect();
            assert_eq!(doc_comment(&parts(&docs)), reference(&docs), "{source}");
        }
    }

    #[test]
    fn doc_text_is_the_literals_value() {
        for source in [
            r#""plain text""#,
            r#"" leading space, trailing  ""#,
            r#""non-ASCII: é, 日本, 🦀""#,
            r#""a \"quote\" and a \\ backslash""#,
            r#""tab\there""#,
            r#""line\nbreak""#,
            r#""\u{e9}""#,
            r#"r"raw \ text""#,
            r##"r#"raw "quoted" text"#"##,
            r#""""#,
            r###"r##"two "# hashes"##"###,
            r#"r"""#,
        ] {
            let lit: syn::LitStr = syn::parse_str(source).expect("a string literal");
            assert_eq!(text(Lit::Str(lit.clone())), Some(lit.value()), "{source}");
            assert_eq!(
                text(Lit::Verbatim(lit.token())),
                Some(lit.value()),
                "{source}"
            );
        }
        // Doc comments as the parser hands them over.
        let input: syn::DeriveInput = syn::parse_str(
            "/// A \"quoted\" word, a \\ backslash, é.\n/** block\n  text */\nstruct S;",
        )
        .expect("an item");
        for attr in &input.attrs {
            let syn::Meta::NameValue(nv) = &attr.meta else {
                panic!("a doc attribute")
            };
            let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(lit),
                ..
            }) = &nv.value
            else {
                panic!("a string")
            };
            assert_eq!(text(syn::Lit::Str(lit.clone())), Some(lit.value()));
        }
    }

    fn text(lit: Lit) -> Option<String> {
        string_value(&Expr::Lit(ExprLit {
            attrs: Vec::new(),
            lit,
        }))
    }

    /// Literals of other kinds, handed over unclassified, read as syn
    /// classifies them.
    #[test]
    fn other_literals_as_syn_classifies_them() {
        for source in [
            "3",
            "b\"x\"",
            "c\"x\"",
            "'c'",
            "1.5",
            "\"x\"suffix",
            "br\"x\"",
        ] {
            let token: proc_macro2::Literal = syn::parse_str(source).expect("a literal");
            let expected = match Lit::new(token.clone()) {
                Lit::Str(s) => Some(s.value()),
                _ => None,
            };
            assert_eq!(text(Lit::Verbatim(token)), expected, "{source}");
        }
    }

    /// What the derive reads from doc attributes as its own parser hands
    /// them over equals what it reads from syn's parse.
    #[test]
    fn docs_from_either_parser_read_the_same() {
        use syn::parse::Parser as _;
        for source in [
            "/// One line.",
            "/// A \"quoted\" word, a \\ backslash, é, 日本.\n///\n/// Second paragraph.",
            "/** block\n    comment */",
            "#[doc = \"a\\n\\nb \\\"q\\\" \\u{e9}\"]\n#[doc = r#\"raw \"x\"\"#]",
            "#[doc = include_str!(\"x\")]\n/// literal part",
            "#[doc = 3]\n/// after a number",
            "#[doc = b\"bytes\"]",
            "#[doc = \"x\"suffix]",
            "#[doc(hidden)]\n/// hidden",
            "#[doc = concat!(\"a\", \"b\")]",
        ] {
            let source = format!("{source}\nstruct S;");
            let ours = crate::internals::input::derive_input
                .parse_str(&source)
                .expect("an item");
            let syns: syn::DeriveInput = syn::parse_str(&source).expect("an item");
            let (a, b) = (Doc::from_attrs(&ours.attrs), Doc::from_attrs(&syns.attrs));
            assert_eq!(a.text, b.text, "{source}");
            let print = |d: &Doc| d.expr.as_ref().map(ToString::to_string);
            assert_eq!(print(&a), print(&b), "{source}");
        }
    }
}
