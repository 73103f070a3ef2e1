//! The one lowering: a JSON Schema 2020-12 document written in a dialect,
//! every decision read from the dialect's row in [`super::table`].
//!
//! Iterative: the subschemas are listed first (an explicit stack, parents
//! before children), then lowered last to first, so each node finds its
//! children done. Nothing recurses on the input's depth.

use super::table::{Caps, Fate};
use super::{Dialect, Violation, brief, deeper_than, short};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// How deep the walk goes before it refuses (schemas from toolform are far
/// shallower; this bounds what is built, whose drop recurses).
pub(crate) const MAX_DEPTH: usize = 128;

/// How deep a value the lowering copies without walking it (`const`,
/// `enum`, `default`, `examples`, `x-*`, unknown keywords) may nest, in
/// arrays and objects. Copying, comparing and printing a `Value` recurse once
/// per level, so deeper values are refused before anything touches them.
pub(crate) const MAX_VALUE_DEPTH: usize = 128;

pub(crate) fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// Whether `v` is `{"const": ..}` alone (a value excluded by `not`).
pub(super) fn is_const_alone(v: &Value) -> bool {
    v.as_object()
        .is_some_and(|m| m.len() == 1 && m.contains_key("const"))
}

/// A keyword's JSON Pointer, written out only when a violation needs it.
#[derive(Clone, Copy)]
pub(super) struct At<'p> {
    pub parent: &'p str,
    pub key: &'p str,
}

impl At<'_> {
    /// The pointer: the parent's, then the escaped key.
    pub(super) fn text(&self) -> String {
        format!("{}/{}", self.parent, escape(self.key))
    }
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
pub(super) struct Node {
    /// The keywords written.
    pub out: Map<String, Value>,
    /// What moves into the description.
    pub notes: Vec<String>,
    /// Schemas to add to `allOf` (a `$ref` or a pattern that had to move).
    pub all_of: Vec<Value>,
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
            let at = || {
                At {
                    parent: &path,
                    key: k,
                }
                .text()
            };
            let kid = match (k, value) {
                (
                    "properties" | "$defs" | "definitions" | "patternProperties"
                    | "dependentSchemas",
                    Value::Object(children),
                ) if self.walks(k, value) => Kids::Named(
                    children
                        .iter()
                        .map(|(name, child)| {
                            let p = format!("{}/{}", at(), escape(name));
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
                    Kids::One(self.enter(value, at(), depth + 1, items, done, todo))
                }
                ("anyOf" | "oneOf" | "allOf" | "prefixItems" | "items", Value::Array(alts))
                    if self.walks(k, value) =>
                {
                    Kids::List(
                        alts.iter()
                            .enumerate()
                            .map(|(i, a)| {
                                let p = format!("{}/{i}", at());
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
            let at = At {
                parent: &path,
                key: k,
            };
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
                    self.reject(&at.text(), "too-deep", message);
                    continue;
                }
                None => value.clone(),
            };
            self.keyword(&mut node, map, k, value, at);
        }
        self.finish(&path, map, node)
    }
}
