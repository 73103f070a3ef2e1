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

use super::limits::percent_decoded;
use super::lower::{Lowering, MAX_DEPTH, escape};
use crate::json::short;
use crate::schema::{Keyword, Types};
use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet};

/// Keywords whose value is a count (`nonNegativeInteger`).
const COUNTS: [&str; 9] = [
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minContains",
    "maxContains",
    "minProperties",
    "maxProperties",
    "multipleOf",
];

/// What the value of a vocabulary keyword must be, for a message; `None`
/// for a keyword outside the vocabulary (any value is fine there).
fn expected(name: &str) -> Option<&'static str> {
    Some(match name {
        "$schema" | "$id" | "$comment" | "$ref" | "$anchor" | "$dynamicRef" | "$dynamicAnchor"
        | "title" | "description" | "pattern" | "format" => "a string",
        "deprecated" | "readOnly" | "writeOnly" | "uniqueItems" => "a boolean",
        "type" => "a type name or a non-empty array of distinct type names",
        "enum" | "examples" => "an array",
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" => "a number",
        "multipleOf" => "a number greater than 0",
        "minLength" | "maxLength" | "minItems" | "maxItems" | "minContains" | "maxContains"
        | "minProperties" | "maxProperties" => "a non-negative integer",
        "required" => "an array of distinct strings",
        "dependentRequired" => "an object of arrays of distinct strings",
        "$defs" | "definitions" | "properties" | "patternProperties" | "dependentSchemas" => {
            "an object of schemas"
        }
        "allOf" | "anyOf" | "oneOf" | "prefixItems" => "a non-empty array of schemas",
        "items"
        | "additionalItems"
        | "contains"
        | "unevaluatedItems"
        | "additionalProperties"
        | "unevaluatedProperties"
        | "propertyNames"
        | "not"
        | "if"
        | "then"
        | "else" => "a schema",
        _ => return None,
    })
}

/// Whether `v` is an integer a count may be (`2.0` is one: JSON Schema's
/// `integer` is any number with no fraction).
fn is_count(v: &Value) -> bool {
    v.is_u64() || v.as_f64().is_some_and(|f| f >= 0.0 && f.fract() == 0.0)
}

/// The first name of `names` listed twice.
fn twice<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut seen = HashSet::new();
    names.into_iter().find(|n| !seen.insert(*n))
}

/// Why `keyword`'s value is not what the meta-schema allows; `None` when
/// it is.
pub(super) fn invalid(keyword: &Keyword) -> Option<String> {
    let name = keyword.name();
    match keyword {
        Keyword::Other(name, data) => {
            let what = expected(name)?;
            let v: &Value = data;
            // The model types every vocabulary keyword whose value has the
            // type it gives it, but for counts written as `2.0` and the
            // keywords it keeps verbatim.
            let fine = match name.as_str() {
                n if COUNTS.contains(&n) && n != "multipleOf" => is_count(v),
                "$anchor" | "$dynamicAnchor" => v.as_str().is_some_and(anchor_name),
                "$dynamicRef" => v.is_string(),
                _ => false,
            };
            (!fine).then(|| format!("`{}` must be {what}", short(name)))
        }
        Keyword::Type(Types::Many(types)) if types.is_empty() => {
            Some("`type` lists no type: it must name at least one".into())
        }
        Keyword::Type(Types::Many(types)) => twice(types.iter().map(|t| t.name()))
            .map(|t| format!("`type` lists `{t}` twice: its names must be distinct")),
        Keyword::Required(names) => twice(names.iter().map(String::as_str))
            .map(|n| format!("`required` lists `{}` twice", short(n))),
        Keyword::DependentRequired(entries) => entries.iter().find_map(|(key, names)| {
            twice(names.iter().map(String::as_str)).map(|n| {
                format!(
                    "`dependentRequired` lists `{}` twice for `{}`",
                    short(n),
                    short(key)
                )
            })
        }),
        Keyword::MultipleOf(n) if !n.as_f64().is_some_and(|f| f > 0.0) => {
            Some("`multipleOf` must be a number greater than 0".into())
        }
        Keyword::Pattern(p) if regress::Regex::new(p).is_err() => Some(format!(
            "`pattern` {} is not a regular expression (ECMA-262)",
            crate::json::quoted(p)
        )),
        Keyword::Id(id) if id.find('#').is_some_and(|at| at + 1 < id.len()) => {
            Some("`$id` must not have a fragment (use `$anchor`)".into())
        }
        Keyword::AllOf(ids) | Keyword::PrefixItems(ids) if ids.is_empty() => {
            Some(format!("`{name}` must hold at least one schema"))
        }
        Keyword::AnyOf(alts) | Keyword::OneOf(alts) if alts.nodes.is_empty() => {
            Some(format!("`{name}` must hold at least one schema"))
        }
        _ => None,
    }
}

/// `^[A-Za-z_][-A-Za-z0-9._]*$`.
fn anchor_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'))
}

/// Keywords whose value is a map of names to schemas.
const NAMED: [&str; 5] = [
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
];
/// Keywords whose value is one schema.
const SINGLE: [&str; 12] = [
    "items",
    "additionalItems",
    "contains",
    "unevaluatedItems",
    "additionalProperties",
    "unevaluatedProperties",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
    "contentSchema",
];
/// Keywords whose value is an array of schemas.
const LISTS: [&str; 5] = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];

/// Calls `f` on each subschema of a schema object with its pointer
/// segment(s), never on values (`enum`, `const`, `default`, ...).
pub(crate) fn each_subschema<'a>(m: &'a Map<String, Value>, mut f: impl FnMut(String, &'a Value)) {
    for (k, v) in m {
        let key = k.as_str();
        match v {
            Value::Object(children) if NAMED.contains(&key) => {
                for (name, child) in children {
                    if child.is_object() || child.is_boolean() {
                        f(format!("/{}/{}", escape(k), escape(name)), child);
                    }
                }
            }
            Value::Array(items) if LISTS.contains(&key) => {
                for (i, item) in items.iter().enumerate() {
                    if item.is_object() || item.is_boolean() {
                        f(format!("/{}/{i}", escape(k)), item);
                    }
                }
            }
            Value::Object(_) if SINGLE.contains(&key) => f(format!("/{}", escape(k)), v),
            _ => {}
        }
    }
}

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
                let at = super::limits::in_input(input, &format!("{path}/$ref"));
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
