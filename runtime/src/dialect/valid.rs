//! What makes a schema JSON Schema at all, where the converter touches it:
//! each keyword's value has the type the 2020-12 meta-schema gives it, and
//! every `$ref` names a schema of this document (the 2026-07-28 MCP
//! specification: an unresolved `$ref` SHOULD be rejected). A schema that is
//! not JSON Schema is refused with the place, never written out as something
//! no validator compiles.
//!
//! Sources: the JSON Schema 2020-12 meta-schemas (`meta/core`,
//! `meta/applicator`, `meta/validation`, `meta/meta-data`): `type` is a type
//! name or a non-empty array of distinct ones; `required` and each
//! `dependentRequired` entry an array of distinct strings; counts
//! non-negative integers; `multipleOf` a number above 0; `pattern` a regular
//! expression; `allOf`/`anyOf`/`oneOf`/`prefixItems` non-empty arrays of
//! schemas; `$anchor` matches `^[A-Za-z_][-A-Za-z0-9._]*$`; `$id` has no
//! non-empty fragment.

use super::lower::{Lowering, MAX_DEPTH};
use super::wellformed::each_subschema;
use crate::json::percent_decoded;
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// Every `$ref` of a document, and what it can point at.
struct Index<'a> {
    /// (pointer of the schema holding it, the reference, the pointer of its
    /// resource: the nearest schema with an `$id`, or the root).
    refs: Vec<(String, &'a str, String)>,
    /// `$id` (without an empty fragment) -> pointer of its schema.
    ids: HashMap<&'a str, String>,
    /// `$anchor` and `$dynamicAnchor` names.
    anchors: HashSet<&'a str>,
}

fn index(root: &Value) -> Index<'_> {
    let mut index = Index {
        refs: Vec::new(),
        ids: HashMap::new(),
        anchors: HashSet::new(),
    };
    let mut stack: Vec<(&Value, String, String, usize)> =
        vec![(root, String::new(), String::new(), 0)];
    while let Some((node, path, resource, depth)) = stack.pop() {
        let Value::Object(m) = node else { continue };
        if depth > MAX_DEPTH {
            continue;
        }
        let resource = match m.get("$id").and_then(Value::as_str) {
            Some(id) => {
                index
                    .ids
                    .entry(id.strip_suffix('#').unwrap_or(id))
                    .or_insert_with(|| path.clone());
                path.clone()
            }
            None => resource,
        };
        for key in ["$anchor", "$dynamicAnchor"] {
            if let Some(a) = m.get(key).and_then(Value::as_str) {
                index.anchors.insert(a);
            }
        }
        if let Some(r) = m.get("$ref").and_then(Value::as_str) {
            index.refs.push((path.clone(), r, resource.clone()));
        }
        each_subschema(m, |at, child| {
            stack.push((child, format!("{path}{at}"), resource.clone(), depth + 1));
        });
    }
    index
}

/// Where a reference points: `Ok(())` when at a schema of the document;
/// `Err(external)` otherwise (`true`: another document).
fn resolves(root: &Value, index: &Index<'_>, reference: &str, resource: &str) -> Result<(), bool> {
    let (base, fragment) = match reference.split_once('#') {
        Some((base, fragment)) => (base, fragment),
        None => (reference, ""),
    };
    let resource = if base.is_empty() {
        resource
    } else {
        // Only a resource of this document, named by its exact `$id`.
        index.ids.get(base).map(String::as_str).ok_or(true)?
    };
    let fragment = percent_decoded(fragment);
    if !fragment.is_empty() && !fragment.starts_with('/') {
        return if index.anchors.contains(fragment.as_ref()) {
            Ok(())
        } else {
            Err(false)
        };
    }
    let pointer = format!("{resource}{fragment}");
    match root.pointer(&pointer) {
        Some(Value::Object(_) | Value::Bool(_)) => Ok(()),
        _ => Err(false),
    }
}

impl Lowering {
    /// Refuses every `$ref` of `input` that names no schema of it.
    pub(crate) fn dangling_refs(&mut self, input: &Value) {
        let index = index(input);
        for (path, reference, resource) in &index.refs {
            let message = match resolves(input, &index, reference, resource) {
                Ok(()) => continue,
                Err(true) => format!(
                    "`$ref` {} names another document: only references into this schema are followed",
                    crate::json::quoted(reference)
                ),
                Err(false) => format!(
                    "`$ref` {} names no schema of this document",
                    crate::json::quoted(reference)
                ),
            };
            self.reject(&format!("{path}/$ref"), "unresolved-ref", message);
        }
    }

    /// Refuses every `$ref` of the lowered `out` that no longer names a
    /// schema of it (a place the lowering moved), at its place in `input`.
    pub(crate) fn moved_refs(&mut self, out: &Value, input: &Value) {
        let index = index(out);
        for (path, reference, resource) in &index.refs {
            if resolves(out, &index, reference, resource).is_err() {
                let at = in_input(input, &format!("{path}/$ref"));
                self.reject(
                    &at,
                    "unresolved-ref",
                    format!(
                        "{} moves the schema `$ref` {} names: it cannot be written there",
                        self.dialect,
                        crate::json::quoted(reference)
                    ),
                );
            }
        }
    }
}

/// The place in `input` of the place `pointer` of its lowering. The
/// lowering keeps every key where it was, except where it wraps a node in an
/// `anyOf` whose first alternative is the node itself: keywords beside a
/// `$ref` beside an `anyOf` of the one reference (Gemini's JSON Schema), a
/// `null` taken out of `enum` as a second alternative. So an output
/// `.../anyOf/0/...` may be the input's `...` itself: of the readings of
/// the pointer, the first that names a place of the input is taken (each
/// (token, input node) pair is tried once), else the pointer as it is.
pub(super) fn in_input(input: &Value, pointer: &str) -> String {
    let tokens: Vec<&str> = pointer.split('/').skip(1).collect();
    let mut tried: HashSet<(usize, *const Value)> = HashSet::new();
    let mut stack: Vec<(usize, &Value, String)> = vec![(0, input, String::new())];
    while let Some((i, at, path)) = stack.pop() {
        let Some(&token) = tokens.get(i) else {
            return path;
        };
        if !tried.insert((i, at as *const Value)) {
            continue;
        }
        // Pushed last, tried first: the key as it is.
        if token == "anyOf" && tokens.get(i + 1) == Some(&"0") {
            stack.push((i + 2, at, path.clone()));
        }
        let key = token.replace("~1", "/").replace("~0", "~");
        let child = match at {
            Value::Object(m) => m.get(&key),
            Value::Array(items) => key.parse::<usize>().ok().and_then(|n| items.get(n)),
            _ => None,
        };
        if let Some(child) = child {
            stack.push((i + 1, child, format!("{path}/{token}")));
        }
    }
    pointer.to_string()
}
