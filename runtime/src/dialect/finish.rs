//! The rules for a whole node once its keywords are written: closed and
//! all-required objects, inferred types, enum values, keywords beside `$ref`,
//! `null` where the dialect writes it differently.

use super::lower::{Lowering, Node};
use super::table::{EnumValues, Nullable, Objects};
// Annotations: beside a `$ref` they change nothing a validator checks.
use crate::render::inline::ANNOTATIONS;
use crate::schema::{Keyword, Node as ModelNode, Object, Schema, Type, Types};
use serde_json::{Map, Value, json};
use std::collections::HashSet;
use types::{infer_type, nullable, split_types};

mod types;

/// Whether an alternative's `type` takes `value` (no `type` takes all).
fn takes(alt: &Map<String, Value>, value: &Value) -> bool {
    let kind = match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "number",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    let fits = |t: &Value| t == kind || (kind == "integer" && t == "number");
    match alt.get("type") {
        None => true,
        Some(Value::Array(types)) => types.iter().any(fits),
        Some(t) => fits(t) || (kind == "null" && alt.get("nullable") == Some(&Value::Bool(true))),
    }
}

/// The properties of `obj` whose schema has a `default`.
fn defaulted<'m>(model: &'m Schema, obj: &'m Object) -> HashSet<&'m str> {
    let Some(Keyword::Properties(props)) = obj.get("properties") else {
        return HashSet::new();
    };
    props
        .iter()
        .filter(|p| {
            matches!(model.get(p.schema), Some(ModelNode::Object(o)) if o.get("default").is_some())
        })
        .map(|p| p.name.as_str())
        .collect()
}

/// `schema` with `note` added to the notes of its description (inside its
/// closing parenthesis when it has notes already).
fn told(mut schema: Value, note: &str) -> Value {
    if let Value::Object(m) = &mut schema {
        let text = match m.get("description").and_then(Value::as_str) {
            Some(d) if d.ends_with(')') => {
                format!("{}; {note})", d.strip_suffix(')').unwrap_or(d))
            }
            Some(d) => format!("{d} ({note})"),
            None => format!("({note})"),
        };
        m.insert("description".into(), text.into());
    }
    schema
}

impl Lowering {
    /// The rules for a whole node, once its keywords are written.
    pub(super) fn finish(
        &mut self,
        model: &Schema,
        path: &str,
        obj: &Object,
        mut node: Node,
    ) -> Value {
        let is_object = matches!(
            obj.get("type"),
            Some(Keyword::Type(Types::One(Type::Object)))
        ) || matches!(obj.get("type"), Some(Keyword::Other(_, t)) if **t == "object")
            || obj.get("properties").is_some();
        if is_object {
            self.object_rules(path, &mut node.out, defaulted(model, obj));
        }
        if self.caps.infer_type {
            infer_type(&mut node.out);
        }
        self.enum_values(path, obj, &node.out);
        self.ref_rules(&mut node);
        if !node.all_of.is_empty() {
            match node.out.get_mut("allOf") {
                Some(Value::Array(all)) => all.append(&mut node.all_of),
                _ => {
                    node.out.insert(
                        "allOf".into(),
                        Value::Array(std::mem::take(&mut node.all_of)),
                    );
                }
            }
        }
        if !node.notes.is_empty() {
            let text = node.notes.join("; ");
            let description = match node.out.get("description").and_then(Value::as_str) {
                Some(d) => format!("{d} ({text})"),
                None => format!("({text})"),
            };
            node.out.insert("description".into(), description.into());
        }
        let out = self.split_null(path, node.out);
        // A `type` the input does not have was inferred from its values:
        // what it says of them is said at them.
        let type_from = ["type", "enum", "const"]
            .into_iter()
            .find(|k| obj.get(k).is_some())
            .unwrap_or("type");
        let out = self.nullable_keyword(path, type_from, out);
        let out = if self.caps.type_arrays_alone {
            split_types(out)
        } else {
            out
        };
        if self.caps.any_of_alone {
            return self.any_of_alone(path, obj, out);
        }
        out
    }

    /// `anyOf` with other keywords beside it, written as the `anyOf` alone
    /// (Gemini: "When using any_of, it must be the only field set"): what
    /// stood beside it holds for every alternative, so it goes into each
    /// (`x ∧ (a ∨ b)` is `(x ∧ a) ∨ (x ∧ b)`). Titles and descriptions go
    /// where the alternative has none; a `default` into the alternatives
    /// whose `type` takes it; an assertion both sides state differently
    /// cannot be merged and is refused.
    fn any_of_alone(&mut self, path: &str, source: &Object, out: Value) -> Value {
        let Value::Object(mut m) = out else {
            return out;
        };
        let Some(Value::Array(mut alts)) = m.remove("anyOf") else {
            return Value::Object(m);
        };
        for (key, value) in &m {
            let annotation = matches!(key.as_str(), "title" | "description" | "default");
            let mut clash = false;
            for alt in alts.iter_mut() {
                let Value::Object(alt) = alt else { continue };
                if key == "default" && !takes(alt, value) {
                    continue;
                }
                match alt.get(key) {
                    None => {
                        alt.insert(key.clone(), value.clone());
                    }
                    Some(own) if own == value || annotation => {}
                    Some(_) => clash = true,
                }
            }
            if clash {
                // At the input's own keyword: a `type` the lowering wrote
                // came from `enum` or `const`; else at the node.
                let also: &[&str] = if key == "type" {
                    &["enum", "const"]
                } else {
                    &[]
                };
                let from = std::iter::once(key.as_str())
                    .chain(also.iter().copied())
                    .find(|k| source.get(k).is_some());
                let at = match from {
                    Some(k) => format!("{path}/{}", super::lower::escape(k)),
                    None => path.to_owned(),
                };
                self.reject(
                    &at,
                    "any-of-siblings",
                    format!(
                        "{} takes `anyOf` alone: `{}` beside it says otherwise than in an alternative, and cannot go into it",
                        self.dialect,
                        crate::json::short(from.unwrap_or(key))
                    ),
                );
            }
        }
        let mut alone = Map::new();
        alone.insert("anyOf".into(), Value::Array(alts));
        Value::Object(alone)
    }

    /// Closed objects, every property required (the optional ones made
    /// nullable), and no object whose keys depend on alternatives.
    fn object_rules(&mut self, path: &str, out: &mut Map<String, Value>, defaulted: HashSet<&str>) {
        if self.caps.objects != Objects::Closed {
            return;
        }
        out.entry("additionalProperties")
            .or_insert(Value::Bool(false));
        if out.contains_key("properties")
            && (out.contains_key("anyOf") || out.contains_key("allOf"))
        {
            // A flattened enum: alternatives that add keys to this object.
            // Strict mode closes each alternative, which would refuse the
            // object's own keys.
            let message = format!(
                "{} cannot write an object whose keys depend on alternatives (a flattened enum)",
                self.dialect
            );
            self.reject(path, "object-with-alternatives", message);
        }
        if !self.caps.all_required {
            return;
        }
        let Some(Value::Object(props)) = out.remove("properties") else {
            out.insert("properties".into(), json!({}));
            out.insert("required".into(), json!([]));
            return;
        };
        let required: HashSet<&str> = match out.get("required") {
            Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
            _ => Default::default(),
        };
        let mut new_props = Map::with_capacity(props.len());
        for (name, schema) in props {
            let schema = if required.contains(name.as_str()) {
                schema
            } else if self.output {
                // Required and nullable would refuse what serde writes:
                // the object without this key.
                let message = format!(
                    "{} makes every property required, but serde leaves {} out of what it writes (skip_serializing_if, or a flattened Option); an output schema in this dialect would refuse the type's own values",
                    self.dialect,
                    crate::json::quoted(&name)
                );
                let at = format!("{path}/properties/{}", crate::json::escape(&name));
                self.reject(&at, "optional-output-property", message);
                schema
            } else {
                // The model writes `null` for "not given": say what that
                // means when the property has a default.
                let schema = if defaulted.contains(name.as_str()) {
                    told(schema, "null means the default")
                } else {
                    schema
                };
                nullable(schema)
            };
            new_props.insert(name, schema);
        }
        let all: Vec<Value> = new_props.keys().map(|k| Value::from(k.as_str())).collect();
        out.insert("properties".into(), Value::Object(new_props));
        out.insert("required".into(), Value::Array(all));
    }

    /// Values the dialect's `enum` cannot hold are refused.
    fn enum_values(&mut self, path: &str, obj: &Object, out: &Map<String, Value>) {
        if self.caps.enum_values == EnumValues::Homogeneous {
            return self.homogeneous_enum(path, obj, out);
        }
        let (allowed, what): (fn(&Value) -> bool, &str) = match self.caps.enum_values {
            EnumValues::Strings => (|v| v.is_string() || v.is_null(), "strings only"),
            EnumValues::Scalars => (|v| !v.is_object() && !v.is_array(), "no objects or arrays"),
            EnumValues::Any | EnumValues::NotNull | EnumValues::Homogeneous => return,
        };
        if let Some(Value::Array(values)) = out.get("enum")
            && !values.iter().all(allowed)
        {
            let key = if obj.get("const").is_some() && obj.get("enum").is_none() {
                "const"
            } else {
                "enum"
            };
            let (rule, message) = match self.caps.enum_values {
                EnumValues::Strings => (
                    "non-string-enum",
                    format!("{} enums hold {what}", self.dialect),
                ),
                _ => (
                    "non-scalar-enum",
                    format!("{} enums hold {what}", self.dialect),
                ),
            };
            self.reject(&format!("{path}/{key}"), rule, message);
        }
    }

    /// Kimi: `enum` values are strings, or numbers, all of one kind (a
    /// `null` among them moves to an alternative of its own).
    fn homogeneous_enum(&mut self, path: &str, obj: &Object, out: &Map<String, Value>) {
        let Some(Value::Array(values)) = out.get("enum") else {
            return;
        };
        let mut kinds = values.iter().filter(|v| !v.is_null()).map(|v| match v {
            Value::String(_) => "string",
            Value::Number(_) => "number",
            Value::Bool(_) => "boolean",
            Value::Array(_) => "array",
            _ => "object",
        });
        let first = kinds.next();
        let mixed = kinds.any(|k| Some(k) != first);
        let bad = first.filter(|k| !matches!(*k, "string" | "number"));
        if !mixed && bad.is_none() {
            return;
        }
        let key = if obj.get("const").is_some() && obj.get("enum").is_none() {
            "const"
        } else {
            "enum"
        };
        let message = match bad {
            Some(kind) if !mixed => {
                format!(
                    "{} enums hold strings or numbers, not {kind} values",
                    self.dialect
                )
            }
            _ => format!(
                "{} enums hold values of one kind (all strings or all numbers), not a mix",
                self.dialect
            ),
        };
        self.reject(&format!("{path}/{key}"), "non-homogeneous-enum", message);
    }

    /// A `$ref` where the dialect refuses recursion, or with keywords
    /// beside it that the dialect ignores or refuses there.
    fn ref_rules(&mut self, node: &mut Node) {
        use super::table::RefSiblings;
        let Some(reference) = node.out.get("$ref").cloned() else {
            return;
        };
        // Recursion (a `$ref` that leads back) is a whole-schema check
        // (`limits.rs`): a `$ref` alone is not one.
        if self.caps.ref_siblings == RefSiblings::Keep {
            return;
        }
        let asserts = node
            .out
            .keys()
            .any(|k| !k.starts_with('$') && !ANNOTATIONS.contains(&k.as_str()))
            || !node.all_of.is_empty();
        let moved = !node.notes.is_empty();
        let wrap = match self.caps.ref_siblings {
            RefSiblings::AllOf => asserts,
            _ => (asserts || moved) && !node.out.contains_key("anyOf"),
        };
        if !wrap {
            // Only `$`-keywords beside `$ref`; annotations go, notes too.
            node.out.retain(|k, _| k.starts_with('$'));
            node.notes.clear();
            return;
        }
        node.out.remove("$ref");
        let target = json!({ "$ref": reference });
        match self.caps.ref_siblings {
            RefSiblings::AllOf => node.all_of.insert(0, target),
            _ => {
                node.out.insert("anyOf".into(), json!([target]));
            }
        }
    }

    /// A `null` among `enum` values the dialect cannot hold there moves to
    /// an alternative of its own: `{"anyOf": [rest, {"type": "null"}]}`.
    fn split_null(&mut self, path: &str, mut out: Map<String, Value>) -> Map<String, Value> {
        if matches!(self.caps.enum_values, EnumValues::Any | EnumValues::Scalars) {
            return out;
        }
        let Some(Value::Array(values)) = out.get_mut("enum") else {
            return out;
        };
        if !values.iter().any(Value::is_null) {
            return out;
        }
        values.retain(|v| !v.is_null());
        let only_null = values.is_empty();
        // A `type` without `null` refuses the `null` option anyway: it goes,
        // and nothing is added (an alternative `{"type": "null"}` would let
        // `null` through).
        let null_typed = match out.get("type") {
            None => true,
            Some(Value::String(t)) => t == "null",
            Some(Value::Array(types)) => types.iter().any(|t| t == "null"),
            Some(_) => false,
        };
        if !null_typed {
            if only_null {
                self.reject(
                    path,
                    "accepts-nothing",
                    format!(
                        "{} has no `enum` for this: its only option, `null`, is not of its `type`",
                        self.dialect
                    ),
                );
            }
            return out;
        }
        if only_null {
            out.remove("enum");
            out.insert("type".into(), "null".into());
            return out;
        }
        // The rest no longer takes null.
        if let Some(Value::Array(types)) = out.get_mut("type") {
            types.retain(|t| t != "null");
            if let [one] = types.as_slice() {
                let one = one.clone();
                out.insert("type".into(), one);
            }
        }
        if self.caps.infer_type {
            infer_type(&mut out);
        }
        let mut outer = Map::new();
        for key in ["title", "description", "default"] {
            if let Some(v) = out.remove(key) {
                outer.insert(key.into(), v);
            }
        }
        outer.insert(
            "anyOf".into(),
            json!([Value::Object(out), {"type": "null"}]),
        );
        outer
    }

    /// `type: [t, "null"]` written as `type: t, nullable: true`.
    fn nullable_keyword(
        &mut self,
        path: &str,
        type_from: &str,
        mut out: Map<String, Value>,
    ) -> Value {
        if self.caps.nullable != Nullable::Keyword {
            return Value::Object(out);
        }
        match out.get("type") {
            None | Some(Value::String(_)) => {}
            Some(Value::Array(types)) => {
                let rest: Vec<&Value> = types.iter().filter(|t| *t != "null").collect();
                match rest.as_slice() {
                    [one] => {
                        let (one, nullable) = ((*one).clone(), rest.len() < types.len());
                        out.insert("type".into(), one);
                        if nullable {
                            out.insert("nullable".into(), true.into());
                        }
                    }
                    _ => self.reject(
                        &format!("{path}/{type_from}"),
                        "type-union",
                        format!("{} has one type per schema (plus `nullable`)", self.dialect),
                    ),
                }
            }
            Some(_) => self.reject(
                &format!("{path}/type"),
                "invalid",
                "`type` must be a string",
            ),
        }
        Value::Object(out)
    }
}
