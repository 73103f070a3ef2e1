//! The gate: any JSON Schema in, a `requestedSchema` the revision's grammar
//! carries out, or every violation with its JSON Pointer.
//!
//! Each keyword meets one of three fates, decided by the grammar model
//! ([`grammar`](super::grammar)):
//!
//! - **keep**: the grammar has it for the property's kind (and `$schema` at
//!   the root);
//! - **drop**: it annotates only (`$comment`, `examples`, `deprecated`, a
//!   root `title`/`description`, `x-*`, a `default` the revision has no place
//!   for), or it is converted into an equivalent the grammar carries
//!   (`type: ["string", "null"]` on an optional property, an integer `format`
//!   such as `uint8` turned into `minimum`/`maximum`, `const` into a one-option
//!   `enum`, titled options into `enum` + `enumNames` for 2025-06-18);
//! - **reject**: everything else, with its path. A constraint is never dropped.
//!
//! The walk is iterative over a fixed depth (root, property, options), so it
//! cannot overflow the stack, and visits each key once. A keyword's value
//! nesting deeper than the grammar ever does (8 levels of arrays and
//! objects) is refused, measured iteratively, before anything copies,
//! compares or prints it. Every violation's path is a place in the input
//! schema, also for keywords read from an optional field's non-null
//! alternative or a `const` read as a one-option `enum`.

mod content;
mod kinds;
mod merge;
mod property;

pub use content::validate_content;

use super::Revision;
use super::answer::kind_of;
use super::grammar::ANNOTATIONS;
use super::lower::escape;
use crate::json::{brief, short};
use crate::violation::Violation;
use serde_json::{Map, Value, json};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// Why a schema cannot be an elicitation form: every violation at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GateError {
    violations: Vec<Violation>,
}

impl GateError {
    /// Every violation, in document order (never empty).
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// The violations, owned.
    pub fn into_violations(self) -> Vec<Violation> {
        self.violations
    }
}

impl fmt::Display for GateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::violation::write_list(
            f,
            "the schema cannot be an elicitation form",
            &self.violations,
        )
    }
}

impl std::error::Error for GateError {}

/// Holds `schema` to the form grammar of `revision`: the gated schema, or
/// every violation.
///
/// Local `$ref`s are inlined first (forms are self-contained): a schema
/// used twice is written out twice; a recursive reference, one to another
/// document, or an inlining past its budget is refused, naming the `$ref`.
/// The places of later violations are then places of the inlined schema.
pub fn gate(schema: &Value, revision: Revision) -> Result<Value, GateError> {
    let defs = schema
        .as_object()
        .is_some_and(|m| m.contains_key("$defs") || m.contains_key("definitions"));
    if defs || crate::render::inline::has_refs(schema) {
        return match crate::render::inline::inline_refs(schema) {
            Ok(plain) => gate_plain(&plain, revision),
            // Deeper than references are followed: refused as the grammar
            // refuses it, each place named.
            Err(found) if found.iter().any(|v| v.rule == "too-deep") => {
                gate_plain(schema, revision)
            }
            Err(violations) => Err(GateError {
                violations: crate::violation::bounded_list(violations),
            }),
        };
    }
    gate_plain(schema, revision)
}

fn gate_plain(schema: &Value, revision: Revision) -> Result<Value, GateError> {
    let mut g = Gate {
        revision,
        violations: Vec::new(),
    };
    let out = g.root(schema);
    if g.violations.is_empty() {
        Ok(out)
    } else {
        Err(GateError {
            violations: g.violations,
        })
    }
}

struct Gate {
    revision: Revision,
    violations: Vec<Violation>,
}

fn is_annotation(key: &str) -> bool {
    ANNOTATIONS.contains(&key) || key.starts_with("x-")
}

/// How deep (arrays and objects) a keyword's value in a form field may nest:
/// the deepest the grammar has is `items.anyOf[i].const`, and an optional
/// field's `anyOf: [{..}, {type: null}]` around it.
const MAX_VALUE_DEPTH: usize = 8;

/// Where the keywords of a property being gated sit in the input: under the
/// property, or, for keywords merged from an optional field's non-null
/// alternative, inside that alternative; and where each `enum` option sits.
struct Places<'p> {
    base: &'p str,
    moved: HashMap<String, String>,
    /// `enum` came from `const`: its one option is the `const` itself.
    enum_from_const: bool,
    /// The input index of each `enum` option kept (`null`s are removed, an
    /// outer `enum` intersected with an optional field's inner one); `None`:
    /// every option kept in place.
    enum_index: Option<Vec<usize>>,
}

impl Places<'_> {
    /// The JSON Pointer of keyword `key`.
    fn at(&self, key: &str) -> String {
        match self.moved.get(key) {
            Some(place) => place.clone(),
            None => format!("{}/{}", self.base, escape(key)),
        }
    }

    /// The JSON Pointer of the `i`-th option of `enum` as gated.
    fn option(&self, i: usize) -> String {
        if self.enum_from_const {
            return self.at("enum");
        }
        let index = self
            .enum_index
            .as_ref()
            .and_then(|index| index.get(i).copied())
            .unwrap_or(i);
        format!("{}/{index}", self.at("enum"))
    }
}

impl Gate {
    fn reject(&mut self, path: String, rule: &'static str, message: impl Into<String>) {
        self.violations.push(Violation::new(path, rule, message));
    }

    fn root(&mut self, schema: &Value) -> Value {
        let Value::Object(root) = schema else {
            self.reject(
                String::new(),
                "not-an-object",
                format!("a form schema is an object, got {}", kind_of(schema)),
            );
            return Value::Null;
        };
        let required_names: HashSet<&str> = match root.get("required") {
            Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
            _ => HashSet::new(),
        };
        let mut out = Map::new();
        let mut defined: HashSet<&str> = HashSet::new();
        for (key, value) in root {
            let path = format!("/{}", escape(key));
            match key.as_str() {
                "$schema" => match value {
                    Value::String(_) => {
                        out.insert(key.clone(), value.clone());
                    }
                    _ => self.reject(path, "invalid-value", "`$schema` must be a string"),
                },
                "type" => {
                    if value == "object" {
                        out.insert(key.clone(), value.clone());
                    } else {
                        self.reject(
                            path,
                            "root-type",
                            format!("a form is `type: \"object\"`, not {}", brief(value)),
                        );
                    }
                }
                "properties" => {
                    let Value::Object(props) = value else {
                        self.reject(path, "invalid-value", "`properties` must be an object");
                        continue;
                    };
                    let mut gated = Map::new();
                    for (name, prop) in props {
                        defined.insert(name.as_str());
                        let required = required_names.contains(&name.as_str());
                        let p = format!("/properties/{}", escape(name));
                        if let Some(v) = self.property(&p, prop, required) {
                            gated.insert(name.clone(), v);
                        }
                    }
                    out.insert(key.clone(), Value::Object(gated));
                }
                "required" => {}
                "title" | "description" => {
                    if !value.is_string() {
                        self.reject(path, "invalid-value", format!("`{key}` must be a string"));
                    }
                }
                "additionalProperties" if matches!(value, Value::Bool(true)) || value == &json!({}) => {}
                "additionalProperties" => self.reject(
                    path,
                    "additional-properties",
                    "the form grammar has no `additionalProperties` at the root: clients may \
                     send only the listed fields anyway, but a closed form cannot be said",
                ),
                "$defs" | "definitions" => self.reject(
                    path,
                    "defs",
                    format!("`{key}` cannot be carried: forms are flat and self-contained (inline the definitions)"),
                ),
                "$ref" => self.reject(path, "ref", "`$ref` cannot be carried: forms are self-contained"),
                k if is_annotation(k) => {
                    if let Some(what) = property::annotation_type_wrong(k, value) {
                        self.reject(path, "invalid-value", format!("`{}` must be {what}", short(k)));
                    }
                }
                _ => self.reject(
                    path,
                    "unsupported-keyword",
                    format!("`{}` is not part of the form grammar at the root", short(key)),
                ),
            }
        }
        if !root.contains_key("type") {
            self.reject(
                String::new(),
                "root-type",
                "a form needs `type: \"object\"`",
            );
        }
        if !root.contains_key("properties") {
            self.reject(
                String::new(),
                "missing-properties",
                "a form needs `properties`",
            );
        }
        // `required`: strings, each once, each a defined property.
        if let Some(required) = root.get("required") {
            match required {
                Value::Array(items) => {
                    let before = self.violations.len();
                    let mut seen = HashSet::new();
                    for (i, item) in items.iter().enumerate() {
                        let path = format!("/required/{i}");
                        match item.as_str() {
                            None => self.reject(
                                path,
                                "invalid-value",
                                "`required` holds property names (strings)",
                            ),
                            Some(name) if !seen.insert(name) => self.reject(
                                path,
                                "duplicate-required",
                                format!("`{}` is listed twice in `required`", short(name)),
                            ),
                            Some(name) if !defined.contains(name) => self.reject(
                                path,
                                "undefined-required",
                                format!(
                                    "`required` names `{}`, which `properties` does not define",
                                    short(name)
                                ),
                            ),
                            Some(_) => {}
                        }
                    }
                    // Copied only once known to be flat strings.
                    if !items.is_empty() && self.violations.len() == before {
                        out.insert("required".into(), required.clone());
                    }
                }
                _ => self.reject(
                    "/required".into(),
                    "invalid-value",
                    "`required` must be an array",
                ),
            }
        }
        // Canonical root order: $schema, type, properties, required.
        let mut ordered = Map::new();
        for k in ["$schema", "type", "properties", "required"] {
            if let Some(v) = out.remove(k) {
                ordered.insert(k.into(), v);
            }
        }
        Value::Object(ordered)
    }
}
