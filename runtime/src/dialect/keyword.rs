//! One keyword written in a dialect: the table's fate for it, or its
//! structural rule (references, alternatives, tuples, formats, maps).

use super::exclusive::{Exclusive, MAX_PAIRWISE, exclusive};
use super::lower::{At, Lowering, Node, is_const_alone};
use super::table::{AllOf, Fate, Objects, OneOf, Refs, Tuples};
use crate::json::short;
use crate::schema::Object;
use serde_json::{Map, Value, json};

/// Draft-07 has no `uuid` format (2019-09 added it): the same constraint.
const UUID_PATTERN: &str =
    "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

/// `key: value` for the description, JSON-compact.
pub(super) fn describe(key: &str, value: &Value) -> String {
    match (key, value) {
        ("not", Value::Object(m)) if m.len() == 1 && m.contains_key("const") => {
            format!("must not be {}", m.get("const").unwrap_or(&Value::Null))
        }
        ("additionalProperties", Value::Bool(false)) => "no other properties allowed".into(),
        (k, v) => format!("{k}: {v}"),
    }
}

impl Lowering {
    /// One keyword's fate in this dialect.
    pub(super) fn keyword(
        &mut self,
        node: &mut Node,
        obj: &Object,
        key: &str,
        value: Value,
        path: At<'_>,
    ) {
        let caps = self.caps;
        let out = &mut node.out;
        match key {
            "properties" | "required" | "type" | "enum" => {
                out.insert(key.into(), value);
            }
            "$defs" | "definitions" => match caps.refs {
                Refs::Defs(name) if key == "$defs" => {
                    out.insert(name.into(), value);
                }
                Refs::Defs(_) => {
                    out.insert(key.into(), value);
                }
                Refs::Inline => self.refuse_refs(path),
            },
            "$ref" => match (caps.refs, value.as_str()) {
                (Refs::Inline, _) => self.refuse_refs(path),
                // A `$ref` that is not a string is kept as it is (2020-12
                // keeps it too), not turned into `""`, the document itself.
                (Refs::Defs(name), Some(r)) if name != "$defs" => {
                    let r = r.replacen("#/$defs/", &format!("#/{name}/"), 1);
                    out.insert(key.into(), r.into());
                }
                _ => {
                    out.insert(key.into(), value);
                }
            },
            "const" if caps.const_as_enum => {
                out.insert("enum".into(), Value::Array(vec![value]));
            }
            "const" => {
                out.insert(key.into(), value);
            }
            "oneOf" => self.one_of(node, value, path),
            "allOf" => match caps.all_of {
                AllOf::Keep => {
                    out.insert(key.into(), value);
                }
                AllOf::KeepWithoutRef if !mentions_ref(&value) => {
                    out.insert(key.into(), value);
                }
                _ => self.refuse(path, key, super::table::ALL_OF),
            },
            "additionalProperties" => self.additional(node, value, path),
            "prefixItems" => match caps.tuples {
                Tuples::Keep | Tuples::KeepOpen => {
                    out.insert(key.into(), value);
                }
                Tuples::ItemsArray => {
                    out.insert("items".into(), value);
                }
                Tuples::Refuse => self.refuse(path, key, super::table::TUPLES),
            },
            "items" => match caps.tuples {
                _ if value.is_array() => {
                    out.insert(key.into(), value);
                }
                Tuples::ItemsArray if obj.get("prefixItems").is_some() => {
                    out.insert("additionalItems".into(), value);
                }
                Tuples::Refuse | Tuples::KeepOpen if value == Value::Bool(false) => {}
                _ => {
                    out.insert(key.into(), value);
                }
            },
            "format" => self.format(node, obj, value),
            "examples" if caps.example => {
                if let Some(first) = value.as_array().and_then(|a| a.first()) {
                    out.insert("example".into(), first.clone());
                }
            }
            "dependentSchemas" | "dependentRequired" if caps.dependencies => {
                let Value::Object(entries) = value else {
                    self.reject(
                        &path.text(),
                        "invalid",
                        format!("`{key}` must be an object"),
                    );
                    return;
                };
                if let Value::Object(deps) = out
                    .entry("dependencies")
                    .or_insert_with(|| Value::Object(Map::new()))
                {
                    // Both keywords on one name: both must hold.
                    for (name, dep) in entries {
                        match deps.remove(&name) {
                            Some(first) => {
                                let both = match (first, dep) {
                                    (Value::Array(r), s) | (s, Value::Array(r)) => {
                                        json!({"allOf": [{"required": r}, s]})
                                    }
                                    (a, b) => json!({"allOf": [a, b]}),
                                };
                                deps.insert(name, both);
                            }
                            None => {
                                deps.insert(name, dep);
                            }
                        }
                    }
                }
            }
            "not" if caps.describe_not_const && is_const_alone(&value) => {
                node.notes.push(describe(key, &value));
            }
            _ => match caps.fate(key) {
                Fate::Keep => {
                    out.insert(key.into(), value);
                }
                Fate::KeepUpTo(n) if value.as_u64().is_some_and(|v| v <= n) => {
                    out.insert(key.into(), value);
                }
                Fate::KeepUpTo(_) | Fate::Describe => node.notes.push(describe(key, &value)),
                Fate::Drop => {}
                fate @ Fate::Refuse(..) => self.refuse(path, key, fate),
            },
        }
    }

    /// A refusal from the table, with its message.
    fn refuse(&mut self, path: At<'_>, key: &str, fate: Fate) {
        let Fate::Refuse(rule, reason) = fate else {
            return;
        };
        let d = self.dialect;
        let message = if reason.is_empty() {
            format!("{d} does not accept `{}`", short(key))
        } else {
            format!("{d} {reason} (`{}`)", short(key))
        };
        self.reject(&path.text(), rule, message);
    }

    fn refuse_refs(&mut self, path: At<'_>) {
        let message = format!(
            "{} has no `$ref`/`$defs`: this reference could not be inlined",
            self.dialect
        );
        self.reject(&path.text(), "ref", message);
    }

    fn format(&mut self, node: &mut Node, obj: &Object, value: Value) {
        let caps = self.caps;
        if caps.uuid_as_pattern && value == "uuid" {
            // The schema's own pattern stays: the uuid one goes beside it.
            if obj.get("pattern").is_some() {
                node.all_of.push(json!({ "pattern": UUID_PATTERN }));
            } else {
                node.out.insert("pattern".into(), UUID_PATTERN.into());
            }
            return;
        }
        match caps.formats {
            Some(known) if !value.as_str().is_some_and(|f| known.contains(&f)) => {
                node.notes.push(describe("format", &value));
            }
            _ => {
                node.out.insert("format".into(), value);
            }
        }
    }

    fn additional(&mut self, node: &mut Node, value: Value, path: At<'_>) {
        let closed = value == Value::Bool(false);
        match self.caps.objects {
            Objects::Keep => {
                node.out.insert("additionalProperties".into(), value);
            }
            Objects::Closed if closed => {
                node.out.insert("additionalProperties".into(), value);
            }
            Objects::NoKeyword if closed => {
                node.notes.push(describe("additionalProperties", &value));
            }
            Objects::Closed | Objects::NoKeyword => {
                let message = format!(
                    "{} needs closed objects: a map (open keys) cannot be written",
                    self.dialect
                );
                self.reject(&path.text(), "map", message);
            }
        }
    }

    /// `oneOf` kept, or written as `anyOf`, which means the same only when
    /// the alternatives exclude each other.
    fn one_of(&mut self, node: &mut Node, value: Value, path: At<'_>) {
        if self.caps.one_of == OneOf::Keep {
            node.out.insert("oneOf".into(), value);
            return;
        }
        let Value::Array(alts) = &value else { return };
        // Known exclusive (a tag, distinct constants or closed keys the
        // renderer put there): no test. Otherwise ("may overlap" means only
        // that nothing guarantees it) the alternatives are compared.
        let verdict = match self.known_exclusive.take() {
            Some(true) => Exclusive::Yes,
            _ => exclusive(alts),
        };
        match verdict {
            Exclusive::Yes => {
                node.out.insert("anyOf".into(), value);
            }
            Exclusive::No => self.reject(
                &path.text(),
                "one-of-not-exclusive",
                "`oneOf` becomes `anyOf` only when its alternatives exclude each other; these may overlap",
            ),
            Exclusive::TooMany => self.reject(
                &path.text(),
                "one-of-not-exclusive",
                format!(
                    "`oneOf` becomes `anyOf` only when its alternatives exclude each other; these {} \
                     are not told apart by distinct constants, a tag or keys of their own, and \
                     more than {MAX_PAIRWISE} are not compared pair by pair",
                    alts.len()
                ),
            ),
        }
    }
}

/// Whether a `$ref` appears anywhere in `v` (a key or a string `"$ref"`, as
/// the JSON text would show it). Iterative.
fn mentions_ref(v: &Value) -> bool {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Value::String(s) if s == "$ref" => return true,
            Value::Array(items) => stack.extend(items),
            Value::Object(m) => {
                if m.contains_key("$ref") {
                    return true;
                }
                stack.extend(m.values());
            }
            _ => {}
        }
    }
    false
}
