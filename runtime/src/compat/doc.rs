//! One schema document: where its `$ref`s lead (JSON Pointers, `$anchor`s,
//! `$id`s), and the JSON Pointers of the places the check talks about.
//!
//! Nothing here recurses on the document's depth: the index of `$id` and
//! `$anchor` is built by one loop over the document, pointers are kept as a
//! parent-linked arena (a pointer of depth d costs one entry, not d), and
//! a pointer's text is built only for a change that is reported.

use serde_json::Value;
use std::borrow::Cow;
use std::collections::HashMap;

/// A JSON Pointer, as an index into [`Pointers`].
pub(crate) type P = u32;

/// Every pointer made while comparing two documents: (parent, last token).
/// Entry 0 is the root (the empty pointer).
pub(crate) struct Pointers<'a> {
    entries: Vec<(P, Cow<'a, str>)>,
}

impl<'a> Pointers<'a> {
    pub(crate) fn new() -> Self {
        Pointers {
            entries: vec![(0, Cow::Borrowed(""))],
        }
    }

    pub(crate) const ROOT: P = 0;

    /// `parent` followed by one token.
    pub(crate) fn child(&mut self, parent: P, token: impl Into<Cow<'a, str>>) -> P {
        self.entries.push((parent, token.into()));
        (self.entries.len() - 1) as P
    }

    /// `parent` followed by two tokens (`/properties/name`).
    pub(crate) fn child2(&mut self, parent: P, a: &'static str, b: impl Into<Cow<'a, str>>) -> P {
        let mid = self.child(parent, a);
        self.child(mid, b)
    }

    /// `parent/index`.
    pub(crate) fn index(&mut self, parent: P, a: &'static str, i: usize) -> P {
        let mid = self.child(parent, a);
        self.child(mid, i.to_string())
    }

    /// The pointer's text (`/properties/a~1b/maximum`); a token longer
    /// than 100 characters is cut there, with `...`.
    pub(crate) fn text(&self, mut at: P) -> String {
        let mut tokens = Vec::new();
        while at != Self::ROOT {
            match self.entries.get(at as usize) {
                Some((parent, token)) => {
                    tokens.push(token);
                    at = *parent;
                }
                None => break,
            }
        }
        let mut out = String::new();
        for token in tokens.iter().rev() {
            out.push('/');
            // A long key is shortened (messages stay bounded).
            out.push_str(&crate::json::escape(&crate::json::short(token)));
        }
        out
    }
}

/// One schema document and its index of `$id`s and `$anchor`s.
pub(crate) struct Doc<'a> {
    pub root: &'a Value,
    root_id: Option<&'a str>,
    /// `$id` (as written) -> the resource and its path from the root.
    ids: HashMap<&'a str, (&'a Value, Vec<Cow<'a, str>>)>,
    /// `$anchor` / `$dynamicAnchor` -> the schema and its path.
    anchors: HashMap<&'a str, (&'a Value, Vec<Cow<'a, str>>)>,
}

/// Keywords whose values are not schemas: the index does not look inside.
const DATA_KEYWORDS: &[&str] = &["enum", "const", "default", "examples", "required"];

impl<'a> Doc<'a> {
    pub(crate) fn new(root: &'a Value) -> Self {
        let mut doc = Doc {
            root,
            root_id: root.get("$id").and_then(Value::as_str),
            ids: HashMap::new(),
            anchors: HashMap::new(),
        };
        // Depth-first with an explicit path: an entry at depth d truncates
        // the path to d and pushes its own token.
        let mut path: Vec<Cow<'a, str>> = Vec::new();
        let mut stack: Vec<(&'a Value, usize, Option<Cow<'a, str>>)> = vec![(root, 0, None)];
        while let Some((v, depth, token)) = stack.pop() {
            path.truncate(depth.saturating_sub(1));
            if let Some(t) = token {
                path.push(t);
            }
            match v {
                Value::Object(map) => {
                    for key in ["$anchor", "$dynamicAnchor"] {
                        if let Some(name) = map.get(key).and_then(Value::as_str) {
                            doc.anchors.entry(name).or_insert((v, path.clone()));
                        }
                    }
                    if let Some(id) = map.get("$id").and_then(Value::as_str) {
                        doc.ids.entry(id).or_insert((v, path.clone()));
                    }
                    for (k, child) in map {
                        if DATA_KEYWORDS.contains(&k.as_str())
                            || !matches!(child, Value::Object(_) | Value::Array(_))
                        {
                            continue;
                        }
                        stack.push((child, depth + 1, Some(Cow::Borrowed(k.as_str()))));
                    }
                }
                Value::Array(items) => {
                    for (i, child) in items.iter().enumerate() {
                        if matches!(child, Value::Object(_) | Value::Array(_)) {
                            stack.push((child, depth + 1, Some(Cow::Owned(i.to_string()))));
                        }
                    }
                }
                _ => {}
            }
        }
        doc
    }

    /// Where `reference` leads: the schema and its path from the root, or
    /// `None` for a reference outside this document (or to nothing).
    pub(crate) fn resolve(&self, reference: &str) -> Option<(&'a Value, Vec<Cow<'a, str>>)> {
        let (base, fragment) = match reference.split_once('#') {
            Some((b, f)) => (b, f),
            None => (reference, ""),
        };
        let (resource, mut path): (&'a Value, Vec<Cow<'a, str>>) = if base.is_empty()
            || Some(base) == self.root_id
            || self
                .root_id
                .is_some_and(|id| id.trim_end_matches('#') == base)
        {
            (self.root, Vec::new())
        } else if let Some((v, p)) = self.ids.get(base) {
            (*v, p.clone())
        } else if let Some((_, (v, p))) = self.ids.iter().find(|(id, _)| {
            // A relative `$id` in a nested resource: `node` for `https://x/node`.
            id.rsplit('/').next() == Some(base) || base.rsplit('/').next() == Some(id)
        }) {
            (*v, p.clone())
        } else {
            return None;
        };
        if fragment.is_empty() {
            return Some((resource, path));
        }
        if !fragment.starts_with('/') {
            return self.anchors.get(fragment).map(|(v, p)| (*v, p.clone()));
        }
        let decoded = crate::json::percent_decoded(fragment);
        let mut at = resource;
        for raw in decoded.split('/').skip(1) {
            let token = raw.replace("~1", "/").replace("~0", "~");
            at = match at {
                Value::Object(map) => map.get(&token)?,
                Value::Array(items) => items.get(token.parse::<usize>().ok()?)?,
                _ => return None,
            };
            path.push(Cow::Owned(token));
        }
        Some((at, path))
    }
}
