//! Our own attributes (`#[schema(...)]`), parsed strictly: an unknown key is an
//! error naming the keys that exist. Doc comments become descriptions.

use crate::ctxt::Ctxt;
use syn::{Attribute, Expr, ExprLit, Lit, LitStr, Meta};

/// Keys allowed on a container.
const CONTAINER_KEYS: &[&str] = &["title", "description", "crate"];
/// Keys allowed on a field.
const FIELD_KEYS: &[&str] = &["title", "description", "with"];

#[derive(Default)]
pub struct SchemaAttrs {
    pub title: Option<String>,
    pub description: Option<String>,
    /// `crate = "..."` (container only).
    pub krate: Option<syn::Path>,
    /// `with = Type` (field only): the type whose wire shape this field has.
    pub with: Option<syn::Type>,
}

#[derive(Clone, Copy, PartialEq)]
pub enum Place {
    Container,
    Field,
}

impl SchemaAttrs {
    pub fn from_attrs(cx: &Ctxt, attrs: &[Attribute], place: Place) -> Self {
        let mut out = SchemaAttrs {
            description: doc_comment(attrs),
            ..Default::default()
        };
        let allowed = match place {
            Place::Container => CONTAINER_KEYS,
            Place::Field => FIELD_KEYS,
        };
        for attr in attrs.iter().filter(|a| a.path().is_ident("schema")) {
            let mut seen: Vec<String> = Vec::new();
            let result = attr.parse_nested_meta(|meta| {
                let key = meta
                    .path
                    .get_ident()
                    .map(|i| i.to_string())
                    .unwrap_or_default();
                if !allowed.contains(&key.as_str()) {
                    return Err(meta.error(unknown_key_message(&key, allowed, place)));
                }
                if seen.contains(&key) {
                    return Err(meta.error(format!("duplicate `{key}` in #[schema(...)]")));
                }
                seen.push(key.clone());
                match key.as_str() {
                    "title" => out.title = Some(meta.value()?.parse::<LitStr>()?.value()),
                    "description" => {
                        out.description = Some(meta.value()?.parse::<LitStr>()?.value())
                    }
                    "crate" => {
                        let lit: LitStr = meta.value()?.parse()?;
                        out.krate = Some(lit.parse()?);
                    }
                    "with" => {
                        let value = meta.value()?;
                        out.with = Some(if value.peek(LitStr) {
                            value.parse::<LitStr>()?.parse()?
                        } else {
                            value.parse()?
                        });
                    }
                    _ => unreachable!("key checked against the allowed list"),
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
        Place::Container => "on a type",
        Place::Field => "on a field",
    };
    let list = allowed
        .iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match closest(key, allowed) {
        Some(best) => format!(
            "unknown key `{key}` in #[schema(...)] {what}; did you mean `{best}`? (allowed: {list})"
        ),
        None => format!("unknown key `{key}` in #[schema(...)] {what} (allowed: {list})"),
    }
}

/// The allowed key closest to `key`, if it is close enough to be a typo.
fn closest<'a>(key: &str, allowed: &[&'a str]) -> Option<&'a str> {
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
        if let Meta::NameValue(nv) = &attr.meta {
            if let Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) = &nv.value
            {
                for line in s.value().lines() {
                    lines.push(line.strip_prefix(' ').unwrap_or(line).trim_end().to_string());
                }
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
