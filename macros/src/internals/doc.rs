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
        Doc {
            text: doc_comment(&docs),
            expr: doc_expr(&docs),
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

/// The doc comment, with rustdoc's leading space and blank edges removed;
/// paragraphs keep their line breaks.
fn doc_comment(docs: &[&Attribute]) -> Option<String> {
    // Written line by line: paragraphs' lines joined with spaces, one blank
    // line (`\n\n`) between paragraphs however many stand there, none at the
    // edges.
    let mut out = String::new();
    let mut blank = false;
    for attr in docs {
        let Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        let Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) = &nv.value
        else {
            continue;
        };
        for line in doc_text(s).lines() {
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

/// The text of a doc attribute's literal. A `///` comment reaches a derive
/// as a raw string (`r"..."`, `r#"..."#`: the compiler's desugaring), a
/// `#[doc = "..."]` mostly as a plain one without an escape: either way its
/// text is what is between the delimiters, read here without syn's
/// `value()`, which unescapes it a character at a time (unoptimized in a
/// dev build, for every doc comment on every edit). Any other literal (one
/// with an escape) through `value()`.
fn doc_text(s: &syn::LitStr) -> String {
    let repr = s.token().to_string();
    let verbatim = match repr.strip_prefix('r') {
        Some(raw) => {
            let after = raw.trim_start_matches('#');
            let hashes = "#".repeat(raw.len() - after.len());
            after
                .strip_prefix('"')
                .and_then(|r| r.strip_suffix(hashes.as_str()))
                .and_then(|r| r.strip_suffix('"'))
        }
        None => repr
            .strip_prefix('"')
            .and_then(|r| r.strip_suffix('"'))
            .filter(|inner| !inner.contains('\\')),
    };
    match verbatim {
        Some(text) => text.to_owned(),
        None => s.value(),
    }
}

/// When a doc attribute is an expression (`#[doc = include_str!("..")]`,
/// `#[doc = concat!(..)]`), the whole doc as `concat!(..)` of its parts: the
/// literal lines as rustdoc joins them (one per line), the expressions as
/// given. `None` when every part is a string literal.
fn doc_expr(docs: &[&Attribute]) -> Option<proc_macro2::TokenStream> {
    let literal = |attr: &&Attribute| match &attr.meta {
        Meta::NameValue(nv) => matches!(
            &nv.value,
            Expr::Lit(ExprLit {
                lit: Lit::Str(_),
                ..
            })
        ),
        _ => true,
    };
    // The common case, a doc comment of literals only, builds nothing.
    if docs.iter().all(literal) {
        return None;
    }
    let mut parts = Vec::new();
    for attr in docs {
        let Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        match &nv.value {
            Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) => {
                let v = doc_text(s);
                let line = v.strip_prefix(' ').unwrap_or(&v).trim_end().to_string();
                parts.push(quote::quote!(#line));
            }
            other => parts.push(other.to_token_stream()),
        }
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

#[cfg(test)]
mod tests {
    use super::{doc_comment, doc_text};
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
            assert_eq!(doc_comment(&docs), reference(&docs), "{source}");
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
            assert_eq!(doc_text(&lit), lit.value(), "{source}");
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
            assert_eq!(doc_text(lit), lit.value());
        }
    }
}
