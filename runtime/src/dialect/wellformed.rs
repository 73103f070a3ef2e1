//! Whether a keyword's value has the type the JSON Schema 2020-12
//! meta-schema gives it (see `valid.rs` for the sources), and the walk over a
//! schema object's subschemas. Below every other file of `dialect` that
//! needs them (the lowering, `$ref` resolution, the graph and the budgets).

use crate::json::{escape, short};
use crate::schema::{Keyword, Types};
use serde_json::{Map, Value};
use std::collections::HashSet;

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
