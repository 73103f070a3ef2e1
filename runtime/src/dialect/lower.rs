//! The one lowering: a JSON Schema 2020-12 document written in a dialect,
//! every decision read from the dialect's row in [`super::table`].
//!
//! Iterative: the subschemas are listed first (an explicit stack, parents
//! before children), then lowered last to first, so each node finds its
//! children done. Nothing recurses on the input's depth.

use super::exclusive::{Exclusive, MAX_PAIRWISE, exclusive};
use super::table::{AllOf, Caps, EnumValues, Fate, Nullable, Objects, OneOf, Refs, Tuples};
use super::{Dialect, Violation, brief, deeper_than, short};
use serde_json::{Map, Value, json};
use std::collections::HashMap;

/// How deep the walk goes before it refuses (schemas from toolform are far
/// shallower; this bounds what is built, whose drop recurses).
pub(crate) const MAX_DEPTH: usize = 128;

/// How deep a value the lowering copies without walking it (`const`,
/// `enum`, `default`, `examples`, `x-*`, unknown keywords) may nest, in
/// arrays and objects. Copying, comparing and printing a `Value` recurse once
/// per level, so deeper values are refused before anything touches them.
pub(crate) const MAX_VALUE_DEPTH: usize = 128;

/// Draft-07 has no `uuid` format (2019-09 added it): the same constraint.
const UUID_PATTERN: &str =
    "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

/// Annotations: beside a `$ref` they change nothing a validator checks.
const ANNOTATIONS: [&str; 8] = [
    "title",
    "description",
    "default",
    "examples",
    "$comment",
    "deprecated",
    "readOnly",
    "writeOnly",
];

pub(crate) fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// `key: value` for the description, JSON-compact.
fn describe(key: &str, value: &Value) -> String {
    match (key, value) {
        ("not", Value::Object(m)) if m.len() == 1 && m.contains_key("const") => {
            format!("must not be {}", m.get("const").unwrap_or(&Value::Null))
        }
        ("additionalProperties", Value::Bool(false)) => "no other properties allowed".into(),
        (k, v) => format!("{k}: {v}"),
    }
}

/// Whether `v` is `{"const": ..}` alone (a value excluded by `not`).
fn is_const_alone(v: &Value) -> bool {
    v.as_object()
        .is_some_and(|m| m.len() == 1 && m.contains_key("const"))
}

/// Where a keyword's subschemas were put by the listing.
enum Kids {
    One(usize),
    Named(Vec<(String, usize)>),
    List(Vec<usize>),
}

/// A schema object met by the listing, with its walked keywords.
struct Item<'a> {
    map: &'a Map<String, Value>,
    path: String,
    kids: HashMap<&'a str, Kids>,
}

/// The lowering of one document.
pub(crate) struct Lowering {
    pub dialect: Dialect,
    pub caps: &'static Caps,
    /// (node index in document order, violation).
    found: Vec<(usize, Violation)>,
    /// The node being lowered (for ordering its violations).
    current: usize,
}

/// One node's output as it is built.
#[derive(Default)]
struct Node {
    out: Map<String, Value>,
    notes: Vec<String>,
    /// Schemas to add to `allOf` (a `$ref` or a pattern that had to move).
    all_of: Vec<Value>,
}

impl Lowering {
    pub(crate) fn new(dialect: Dialect) -> Lowering {
        Lowering {
            dialect,
            caps: super::table::caps(dialect),
            found: Vec::new(),
            current: 0,
        }
    }

    pub(crate) fn reject(&mut self, path: &str, rule: &'static str, message: impl Into<String>) {
        self.found
            .push((self.current, Violation::new(path, rule, message)));
    }

    /// Every violation, in document order of the nodes they were found at.
    pub(crate) fn violations(mut self) -> Vec<Violation> {
        self.found.sort_by_key(|(node, _)| *node);
        self.found.into_iter().map(|(_, v)| v).collect()
    }

    /// Violations found from now on are about the whole schema: listed last.
    pub(crate) fn at_end(&mut self) {
        self.current = usize::MAX;
    }

    pub(crate) fn is_clean(&self) -> bool {
        self.found.is_empty()
    }

    /// Lowers `schema` and everything under it.
    pub(crate) fn lower(&mut self, schema: &Value) -> Value {
        let mut items: Vec<Option<Item<'_>>> = Vec::new();
        let mut done: Vec<Option<Value>> = Vec::new();
        let mut todo = Vec::new();
        self.enter(schema, String::new(), 0, &mut items, &mut done, &mut todo);
        while let Some((index, depth)) = todo.pop() {
            self.list_kids(index, depth, &mut items, &mut done, &mut todo);
        }
        for index in (0..items.len()).rev() {
            if let Some(item) = items.get_mut(index).and_then(Option::take) {
                self.current = index;
                let lowered = self.node(item, &mut done);
                if let Some(slot) = done.get_mut(index) {
                    *slot = Some(lowered);
                }
            }
        }
        done.first_mut()
            .and_then(Option::take)
            .unwrap_or(Value::Null)
    }

    /// Lists one schema: an object is queued for its keywords, anything
    /// else is lowered at once.
    fn enter<'a>(
        &mut self,
        schema: &'a Value,
        path: String,
        depth: usize,
        items: &mut Vec<Option<Item<'a>>>,
        done: &mut Vec<Option<Value>>,
        todo: &mut Vec<(usize, usize)>,
    ) -> usize {
        let index = items.len();
        self.current = index;
        let (item, value) = if depth > MAX_DEPTH {
            self.reject(
                &path,
                "too-deep",
                "the schema nests deeper than the converter follows",
            );
            (None, Some(Value::Null))
        } else {
            match schema {
                Value::Object(map) => (
                    Some(Item {
                        map,
                        path,
                        kids: HashMap::new(),
                    }),
                    None,
                ),
                Value::Bool(b) if self.caps.boolean_schemas => (None, Some(Value::Bool(*b))),
                Value::Bool(_) => {
                    let message = format!("{} has no boolean schemas", self.dialect);
                    self.reject(&path, "boolean-schema", message);
                    (None, Some(Value::Null))
                }
                other => {
                    let message = format!("a schema is an object, got {}", brief(other));
                    self.reject(&path, "not-a-schema", message);
                    (None, Some(Value::Null))
                }
            }
        };
        if item.is_some() {
            todo.push((index, depth));
        }
        items.push(item);
        done.push(value);
        index
    }

    /// Whether the lowering walks `key`'s subschemas (the rest is copied as
    /// a value, and judged as one).
    fn walks(&self, key: &str, value: &Value) -> bool {
        let caps = self.caps;
        match key {
            "properties"
            | "$defs"
            | "definitions"
            | "items"
            | "additionalProperties"
            | "oneOf"
            | "allOf"
            | "prefixItems" => true,
            "not" if is_const_alone(value) => {
                !caps.describe_not_const && caps.fate(key) == Fate::Keep
            }
            "dependentSchemas" => caps.dependencies || caps.fate(key) == Fate::Keep,
            _ => caps.fate(key) == Fate::Keep,
        }
    }

    fn list_kids<'a>(
        &mut self,
        index: usize,
        depth: usize,
        items: &mut Vec<Option<Item<'a>>>,
        done: &mut Vec<Option<Value>>,
        todo: &mut Vec<(usize, usize)>,
    ) {
        let Some(Some(item)) = items.get(index) else {
            return;
        };
        let (map, path) = (item.map, item.path.clone());
        let mut kids = HashMap::new();
        for (key, value) in map {
            let k = key.as_str();
            let at = format!("{path}/{}", escape(k));
            let kid = match (k, value) {
                (
                    "properties" | "$defs" | "definitions" | "patternProperties"
                    | "dependentSchemas",
                    Value::Object(children),
                ) if self.walks(k, value) => Kids::Named(
                    children
                        .iter()
                        .map(|(name, child)| {
                            let p = format!("{at}/{}", escape(name));
                            let i = self.enter(child, p, depth + 1, items, done, todo);
                            (name.clone(), i)
                        })
                        .collect(),
                ),
                (
                    "items"
                    | "additionalProperties"
                    | "not"
                    | "contains"
                    | "if"
                    | "then"
                    | "else"
                    | "propertyNames"
                    | "unevaluatedProperties"
                    | "unevaluatedItems"
                    | "additionalItems"
                    | "contentSchema",
                    Value::Object(_),
                ) if self.walks(k, value) => {
                    Kids::One(self.enter(value, at, depth + 1, items, done, todo))
                }
                ("anyOf" | "oneOf" | "allOf" | "prefixItems" | "items", Value::Array(alts))
                    if self.walks(k, value) =>
                {
                    Kids::List(
                        alts.iter()
                            .enumerate()
                            .map(|(i, a)| {
                                let p = format!("{at}/{i}");
                                self.enter(a, p, depth + 1, items, done, todo)
                            })
                            .collect(),
                    )
                }
                _ => continue,
            };
            kids.insert(k, kid);
        }
        if let Some(Some(item)) = items.get_mut(index) {
            item.kids = kids;
        }
    }

    /// Lowers one schema object whose subschemas are lowered.
    fn node(&mut self, item: Item<'_>, done: &mut [Option<Value>]) -> Value {
        let Item {
            map,
            path,
            mut kids,
        } = item;
        if map.is_empty() && !self.caps.any_value {
            let message = format!(
                "{} needs a type: a field that takes any JSON value cannot be written",
                self.dialect
            );
            self.reject(&path, "any-value", message);
            return Value::Null;
        }
        let mut take = |i: usize| {
            done.get_mut(i)
                .and_then(Option::take)
                .unwrap_or(Value::Null)
        };
        let mut node = Node::default();
        for (key, value) in map {
            let k = key.as_str();
            let at = format!("{path}/{}", escape(k));
            let value = match kids.remove(k) {
                Some(Kids::One(i)) => take(i),
                Some(Kids::Named(children)) => Value::Object(
                    children
                        .into_iter()
                        .map(|(name, i)| (name, take(i)))
                        .collect(),
                ),
                Some(Kids::List(children)) => {
                    Value::Array(children.into_iter().map(&mut take).collect())
                }
                None if deeper_than(value, MAX_VALUE_DEPTH) => {
                    let message = format!(
                        "`{}` nests deeper than {MAX_VALUE_DEPTH} levels of arrays and objects",
                        short(k)
                    );
                    self.reject(&at, "too-deep", message);
                    continue;
                }
                None => value.clone(),
            };
            self.keyword(&mut node, map, k, value, &at);
        }
        self.finish(&path, map, node)
    }

    /// One keyword's fate in this dialect.
    fn keyword(
        &mut self,
        node: &mut Node,
        map: &Map<String, Value>,
        key: &str,
        value: Value,
        path: &str,
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
                Refs::Refuse => self.refuse_refs(path),
            },
            "$ref" => match (caps.refs, value.as_str()) {
                (Refs::Refuse, _) => self.refuse_refs(path),
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
                Tuples::ItemsArray if map.contains_key("prefixItems") => {
                    out.insert("additionalItems".into(), value);
                }
                Tuples::Refuse | Tuples::KeepOpen if value == Value::Bool(false) => {}
                _ => {
                    out.insert(key.into(), value);
                }
            },
            "format" => self.format(node, map, value),
            "examples" if caps.example => {
                if let Some(first) = value.as_array().and_then(|a| a.first()) {
                    out.insert("example".into(), first.clone());
                }
            }
            "dependentSchemas" | "dependentRequired" if caps.dependencies => {
                let Value::Object(entries) = value else {
                    self.reject(path, "invalid", format!("`{key}` must be an object"));
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
    fn refuse(&mut self, path: &str, key: &str, fate: Fate) {
        let Fate::Refuse(rule, reason) = fate else {
            return;
        };
        let d = self.dialect;
        let message = if reason.is_empty() {
            format!("{d} does not accept `{}`", short(key))
        } else {
            format!("{d} {reason} (`{}`)", short(key))
        };
        self.reject(path, rule, message);
    }

    fn refuse_refs(&mut self, path: &str) {
        let message = format!(
            "{} has no `$ref`/`$defs`: recursive types cannot be written",
            self.dialect
        );
        self.reject(path, "ref", message);
    }

    fn format(&mut self, node: &mut Node, map: &Map<String, Value>, value: Value) {
        let caps = self.caps;
        if caps.uuid_as_pattern && value == "uuid" {
            // The schema's own pattern stays: the uuid one goes beside it.
            if map.contains_key("pattern") {
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

    fn additional(&mut self, node: &mut Node, value: Value, path: &str) {
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
                self.reject(path, "map", message);
            }
        }
    }

    /// `oneOf` kept, or written as `anyOf`, which means the same only when
    /// the alternatives exclude each other.
    fn one_of(&mut self, node: &mut Node, value: Value, path: &str) {
        if self.caps.one_of == OneOf::Keep {
            node.out.insert("oneOf".into(), value);
            return;
        }
        let Value::Array(alts) = &value else { return };
        match exclusive(alts) {
            Exclusive::Yes => {
                node.out.insert("anyOf".into(), value);
            }
            Exclusive::No => self.reject(
                path,
                "one-of-not-exclusive",
                "`oneOf` becomes `anyOf` only when its alternatives exclude each other; these may overlap",
            ),
            Exclusive::TooMany => self.reject(
                path,
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

    /// The rules for a whole node, once its keywords are written.
    fn finish(&mut self, path: &str, map: &Map<String, Value>, mut node: Node) -> Value {
        let is_object =
            map.get("type").is_some_and(|t| t == "object") || map.contains_key("properties");
        if is_object {
            self.object_rules(path, &mut node.out);
        }
        if self.caps.infer_type {
            infer_type(&mut node.out);
        }
        self.enum_values(path, map, &node.out);
        self.ref_rules(path, &mut node);
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
        let out = self.split_null(node.out);
        self.nullable_keyword(path, out)
    }

    /// Closed objects, every property required (the optional ones made
    /// nullable), and no object whose keys depend on alternatives.
    fn object_rules(&mut self, path: &str, out: &mut Map<String, Value>) {
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
        let required: std::collections::HashSet<&str> = match out.get("required") {
            Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
            _ => Default::default(),
        };
        let mut new_props = Map::with_capacity(props.len());
        for (name, schema) in props {
            let schema = if required.contains(name.as_str()) {
                schema
            } else {
                crate::render::nullable(schema)
            };
            new_props.insert(name, schema);
        }
        let all: Vec<Value> = new_props.keys().map(|k| Value::from(k.as_str())).collect();
        out.insert("properties".into(), Value::Object(new_props));
        out.insert("required".into(), Value::Array(all));
    }

    /// Values the dialect's `enum` cannot hold are refused.
    fn enum_values(&mut self, path: &str, map: &Map<String, Value>, out: &Map<String, Value>) {
        let (allowed, what): (fn(&Value) -> bool, &str) = match self.caps.enum_values {
            EnumValues::Strings => (|v| v.is_string() || v.is_null(), "strings only"),
            EnumValues::Scalars => (|v| !v.is_object() && !v.is_array(), "no objects or arrays"),
            EnumValues::Any | EnumValues::NotNull => return,
        };
        if let Some(Value::Array(values)) = out.get("enum")
            && !values.iter().all(allowed)
        {
            let key = if map.contains_key("const") && !map.contains_key("enum") {
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

    /// A `$ref` where the dialect refuses recursion, or with keywords
    /// beside it that the dialect ignores or refuses there.
    fn ref_rules(&mut self, path: &str, node: &mut Node) {
        use super::table::{Recursion, RefSiblings};
        let Some(reference) = node.out.get("$ref").cloned() else {
            return;
        };
        if self.caps.recursion == Recursion::Refused && self.caps.refs != Refs::Refuse {
            let message = format!("{} has no recursive schemas", self.dialect);
            self.reject(path, "recursion", message);
            return;
        }
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
    fn split_null(&mut self, mut out: Map<String, Value>) -> Map<String, Value> {
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
    fn nullable_keyword(&mut self, path: &str, mut out: Map<String, Value>) -> Value {
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
                        &format!("{path}/type"),
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

/// A `type` beside `properties`/`required` (`object`) or beside a bare
/// `enum`/`const`: the types of its values, when they are all scalars (an
/// object or array value gets none, rather than a wrong one).
fn infer_type(out: &mut Map<String, Value>) {
    if out.contains_key("type") {
        return;
    }
    if out.contains_key("properties") || out.contains_key("required") {
        out.insert("type".into(), "object".into());
        return;
    }
    let values: Vec<&Value> = match (out.get("enum"), out.get("const")) {
        (Some(Value::Array(values)), _) => values.iter().collect(),
        (_, Some(one)) => vec![one],
        _ => return,
    };
    let mut types: Vec<&str> = Vec::new();
    for v in values {
        let t = match v {
            Value::String(_) => "string",
            Value::Bool(_) => "boolean",
            Value::Null => "null",
            Value::Number(n) if n.is_f64() => "number",
            Value::Number(_) => "integer",
            Value::Array(_) | Value::Object(_) => return,
        };
        if !types.contains(&t) {
            types.push(t);
        }
    }
    if types.contains(&"number") {
        types.retain(|t| *t != "integer");
    }
    match types.as_slice() {
        [] => {}
        [one] => {
            out.insert("type".into(), (*one).into());
        }
        many => {
            out.insert("type".into(), json!(many));
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
