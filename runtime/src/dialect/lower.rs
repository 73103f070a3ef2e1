//! The one lowering: a JSON Schema 2020-12 document written in a dialect,
//! every decision read from the dialect's row in [`super::table`].
//!
//! The input is read into the schema model ([`crate::schema`]); its
//! subschemas are listed (an explicit stack, parents before children), then
//! lowered last to first, so each node finds its children done. Nothing
//! recurses on the input's depth.

use super::table::{Caps, Fate};
use super::wellformed::each_subschema;
use super::{Dialect, Violation};
use crate::json::{brief, deeper_than, short};
use crate::schema::{self, Children, Keyword, Node as ModelNode, NodeId, Object, Schema, Types};
use serde_json::{Map, Value};

/// How deep the walk goes before it refuses (schemas from toolform are far
/// shallower; this bounds what is built, whose drop recurses).
pub(crate) const MAX_DEPTH: usize = 128;

/// How deep a value the lowering copies without walking it (`const`,
/// `enum`, `default`, `examples`, `x-*`, unknown keywords) may nest, in
/// arrays and objects. Copying, comparing and printing a `Value` recurse once
/// per level, so deeper values are refused before anything touches them.
pub(crate) const MAX_VALUE_DEPTH: usize = 128;

pub(crate) use crate::json::escape;

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

/// The lowering of one document.
pub(crate) struct Lowering {
    pub dialect: Dialect,
    pub caps: &'static Caps,
    /// (node index in document order, violation).
    found: Vec<(usize, Violation)>,
    /// The node being lowered (for ordering its violations).
    current: usize,
    /// What the model knows of the `oneOf` being lowered: `Some(true)` when
    /// its alternatives exclude each other by construction (`None`: not
    /// known, so they are compared).
    pub(super) known_exclusive: Option<bool>,
    /// The schema describes what serde writes (the output contract): no
    /// decode step undoes what the lowering adds.
    pub(super) output: bool,
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
            known_exclusive: None,
            output: false,
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

    /// Lowers `input`, read into the schema model first.
    pub(crate) fn lower(&mut self, input: &Value) -> Value {
        let model = schema::parse(input);
        self.lower_model(&model, input)
    }

    /// Lowers `model` (read from `input`, which gives the JSON of what the
    /// lowering does not walk). The model's subschemas are listed first,
    /// parents before children, then lowered last to first.
    pub(crate) fn lower_model(&mut self, model: &Schema, input: &Value) -> Value {
        // One slot per occurrence of a subschema (a node the model shares is
        // lowered where it occurs, each time with its own pointer).
        let mut done: Vec<Option<Value>> = vec![None];
        let mut order: Vec<Occurrence<'_>> = Vec::new();
        let mut todo = vec![(model.root, String::new(), 0usize, 0usize)];
        while let Some((id, path, depth, slot)) = todo.pop() {
            self.current = order.len();
            let leaf = match model.get(id) {
                _ if depth > MAX_DEPTH => {
                    let message = "the schema nests deeper than the converter follows";
                    self.reject(&path, "too-deep", message);
                    Value::Null
                }
                Some(ModelNode::Object(obj)) => {
                    let first = todo.len();
                    let mut kids = Vec::new();
                    for entry in &obj.entries {
                        for (child, child_path) in self.kids_of(model, &entry.keyword, &path) {
                            kids.push(done.len());
                            todo.push((child, child_path, depth + 1, done.len()));
                            done.push(None);
                        }
                    }
                    // Document order: the first child is taken first.
                    if let Some(pending) = todo.get_mut(first..) {
                        pending.reverse();
                    }
                    order.push(Occurrence {
                        obj,
                        path,
                        slot,
                        kids,
                    });
                    continue;
                }
                Some(ModelNode::Bool(b)) if self.caps.boolean_schemas => Value::Bool(*b),
                Some(ModelNode::Bool(_)) => {
                    let message = format!("{} has no boolean schemas", self.dialect);
                    self.reject(&path, "boolean-schema", message);
                    Value::Null
                }
                Some(ModelNode::Other(data)) => {
                    let message = format!("a schema is an object, got {}", brief(data));
                    self.reject(&path, "not-a-schema", message);
                    Value::Null
                }
                None => Value::Null,
            };
            if let Some(cell) = done.get_mut(slot) {
                *cell = Some(leaf);
            }
        }
        for (seq, occurrence) in order.into_iter().enumerate().rev() {
            self.current = seq;
            let slot = occurrence.slot;
            let lowered = self.node(model, occurrence, input, &mut done);
            if let Some(cell) = done.get_mut(slot) {
                *cell = Some(lowered);
            }
        }
        done.first_mut()
            .and_then(Option::take)
            .unwrap_or(Value::Null)
    }

    /// The subschemas of one keyword the lowering walks, with their
    /// pointers. A single subschema that is a boolean (`items: false`,
    /// `additionalProperties: false`) is a value the keyword's rule reads,
    /// not a schema of its own.
    fn kids_of(&self, model: &Schema, keyword: &Keyword, path: &str) -> Vec<(NodeId, String)> {
        if !self.walks(model, keyword) {
            return Vec::new();
        }
        let at = At {
            parent: path,
            key: keyword.name(),
        }
        .text();
        match kids(keyword) {
            Kids::Named(named) => named
                .into_iter()
                .map(|(name, id)| (id, format!("{at}/{}", escape(name))))
                .collect(),
            Kids::List(ids) => ids
                .iter()
                .enumerate()
                .map(|(i, id)| (*id, format!("{at}/{i}")))
                .collect(),
            Kids::One(id) if !matches!(model.get(id), Some(ModelNode::Bool(_))) => vec![(id, at)],
            Kids::One(_) | Kids::None => Vec::new(),
        }
    }

    /// Whether the lowering walks `keyword`'s subschemas (the rest is
    /// copied as a value, and judged as one).
    fn walks(&self, model: &Schema, keyword: &Keyword) -> bool {
        let caps = self.caps;
        let name = keyword.name();
        match keyword {
            Keyword::Properties(_)
            | Keyword::Defs(_)
            | Keyword::Definitions(_)
            | Keyword::Items(_)
            | Keyword::ItemsArray(_)
            | Keyword::AdditionalProperties(_)
            | Keyword::OneOf(_)
            | Keyword::AllOf(_)
            | Keyword::PrefixItems(_) => true,
            Keyword::Not(id) if const_alone(model, *id) => {
                !caps.describe_not_const && caps.fate(name) == Fate::Keep
            }
            Keyword::DependentSchemas(_) => caps.dependencies || caps.fate(name) == Fate::Keep,
            _ if matches!(kids(keyword), Kids::None) => false,
            _ => caps.fate(name) == Fate::Keep,
        }
    }

    /// Whether alternatives the model knows to exclude each other still do
    /// once lowered: closed key sets do not where the dialect cannot close
    /// an object (Gemini); tags, constants and types always do.
    fn still_exclusive(&self, exclusive: &schema::Exclusive) -> bool {
        match exclusive {
            schema::Exclusive::Yes(schema::Why::ClosedKeys) => {
                self.caps.objects != super::table::Objects::NoKeyword
            }
            schema::Exclusive::Yes(_) => true,
            _ => false,
        }
    }

    /// Lowers one schema object whose walked subschemas are lowered.
    fn node(
        &mut self,
        model: &Schema,
        occurrence: Occurrence<'_>,
        input: &Value,
        done: &mut [Option<Value>],
    ) -> Value {
        let Occurrence {
            obj,
            path,
            kids: listed,
            ..
        } = occurrence;
        let path = path.as_str();
        if obj.entries.is_empty() && !self.caps.any_value {
            let message = format!(
                "{} needs a type: a field that takes any JSON value cannot be written",
                self.dialect
            );
            self.reject(path, "any-value", message);
            return Value::Null;
        }
        // The children's slots, taken in the order they were listed.
        let mut slots = listed.into_iter();
        let mut take = || {
            slots
                .next()
                .and_then(|s| done.get_mut(s).and_then(Option::take))
                .unwrap_or(Value::Null)
        };
        let mut node = Node::default();
        for entry in &obj.entries {
            let keyword = &entry.keyword;
            let k = keyword.name();
            let at = At {
                parent: path,
                key: k,
            };
            // A value the meta-schema does not allow is refused here: no
            // dialect writes it out (no validator would compile it).
            if let Some(message) = super::wellformed::invalid(keyword) {
                self.reject(&at.text(), "invalid", message);
                continue;
            }
            let value = if self.walks(model, keyword) {
                match kids(keyword) {
                    Kids::Named(named) => Value::Object(
                        named
                            .into_iter()
                            .map(|(name, _)| (name.to_string(), take()))
                            .collect(),
                    ),
                    Kids::List(ids) => Value::Array(ids.iter().map(|_| take()).collect()),
                    // Not listed: a boolean under a single-schema keyword.
                    Kids::One(id) => match model.get(id) {
                        Some(ModelNode::Bool(b)) => Value::Bool(*b),
                        _ => take(),
                    },
                    Kids::None => Value::Null,
                }
            } else if let Keyword::Other(name, _) = keyword
                && HOLDS_SCHEMAS.contains(&name.as_str())
            {
                let message = format!("`{}` does not hold schemas here", short(k));
                self.reject(&at.text(), "invalid", message);
                continue;
            } else {
                match value_of(keyword, || input.pointer(&at.text())) {
                    Ok(v) => v,
                    Err(()) => {
                        let message = format!(
                            "`{}` nests deeper than {MAX_VALUE_DEPTH} levels of arrays and objects",
                            short(k)
                        );
                        self.reject(&at.text(), "too-deep", message);
                        continue;
                    }
                }
            };
            self.known_exclusive = match keyword {
                Keyword::OneOf(alts) => self.still_exclusive(&alts.exclusive).then_some(true),
                _ => None,
            };
            self.keyword(&mut node, obj, k, value, at);
        }
        self.finish(model, path, obj, node)
    }
}

/// One occurrence of a schema object: its pointer, its slot, and the slots
/// of its listed subschemas in order.
struct Occurrence<'m> {
    obj: &'m Object,
    path: String,
    slot: usize,
    kids: Vec<usize>,
}

/// Keywords whose value is schemas: one kept verbatim by the model (its
/// value is not schemas) cannot be written.
const HOLDS_SCHEMAS: [&str; 19] = [
    "properties",
    "$defs",
    "definitions",
    "patternProperties",
    "dependentSchemas",
    "items",
    "additionalProperties",
    "anyOf",
    "oneOf",
    "allOf",
    "prefixItems",
    "not",
    "contains",
    "if",
    "then",
    "else",
    "unevaluatedProperties",
    "unevaluatedItems",
    "additionalItems",
];

/// The subschemas of a keyword, by how its value holds them.
enum Kids<'a> {
    Named(Vec<(&'a str, NodeId)>),
    List(&'a [NodeId]),
    One(NodeId),
    None,
}

fn kids(keyword: &Keyword) -> Kids<'_> {
    let children = keyword.children();
    if let Some(named) = children.named() {
        return Kids::Named(named);
    }
    match children {
        Children::List(ids) => Kids::List(ids),
        Children::One(id) => Kids::One(id),
        _ => Kids::None,
    }
}

/// Whether node `id` is `{"const": ..}` alone (a value `not` excludes).
fn const_alone(model: &Schema, id: NodeId) -> bool {
    matches!(model.get(id), Some(ModelNode::Object(o))
        if o.entries.len() == 1 && o.get("const").is_some())
}

/// The JSON of a keyword the lowering does not walk: from the model, or
/// (a subschema the dialect does not walk) the input's own JSON. `Err` when
/// a value nests deeper than [`MAX_VALUE_DEPTH`] (copying it would
/// recurse that deep).
fn value_of<'a>(
    keyword: &'a Keyword,
    input: impl FnOnce() -> Option<&'a Value>,
) -> Result<Value, ()> {
    let bounded = |v: &Value, limit: usize| {
        if deeper_than(v, limit) {
            Err(())
        } else {
            Ok(v.clone())
        }
    };
    match keyword {
        Keyword::Default(d) | Keyword::Const(d) | Keyword::Other(_, d) => {
            bounded(d, MAX_VALUE_DEPTH)
        }
        Keyword::Enum(values) | Keyword::Examples(values) => values
            .iter()
            .map(|d| bounded(d, MAX_VALUE_DEPTH - 1))
            .collect::<Result<Vec<Value>, ()>>()
            .map(Value::Array),
        _ => match scalar(keyword) {
            Some(v) => Ok(v),
            None => input().map_or(Ok(Value::Null), |v| bounded(v, MAX_VALUE_DEPTH)),
        },
    }
}

/// The JSON of a keyword with a typed scalar value or a list of names;
/// `None` for the others.
fn scalar(keyword: &Keyword) -> Option<Value> {
    let strings =
        |list: &[String]| Value::Array(list.iter().map(|s| Value::from(s.as_str())).collect());
    Some(match keyword {
        Keyword::SchemaUri(s)
        | Keyword::Id(s)
        | Keyword::Comment(s)
        | Keyword::Ref(s)
        | Keyword::Title(s)
        | Keyword::Description(s)
        | Keyword::Pattern(s)
        | Keyword::Format(s) => Value::from(s.as_str()),
        Keyword::Deprecated(b)
        | Keyword::ReadOnly(b)
        | Keyword::WriteOnly(b)
        | Keyword::UniqueItems(b) => Value::Bool(*b),
        Keyword::Minimum(n)
        | Keyword::Maximum(n)
        | Keyword::ExclusiveMinimum(n)
        | Keyword::ExclusiveMaximum(n)
        | Keyword::MultipleOf(n) => Value::Number(n.clone()),
        Keyword::MinLength(n)
        | Keyword::MaxLength(n)
        | Keyword::MinContains(n)
        | Keyword::MaxContains(n)
        | Keyword::MinItems(n)
        | Keyword::MaxItems(n)
        | Keyword::MinProperties(n)
        | Keyword::MaxProperties(n) => Value::from(*n),
        Keyword::Type(Types::One(t)) => Value::from(t.name()),
        Keyword::Type(Types::Many(ts)) => {
            Value::Array(ts.iter().map(|t| Value::from(t.name())).collect())
        }
        Keyword::Required(names) => strings(names),
        Keyword::DependentRequired(entries) => Value::Object(
            entries
                .iter()
                .map(|(k, names)| (k.clone(), strings(names)))
                .collect(),
        ),
        _ => return None,
    })
}

/// Every schema object of `schema` with its pointer, in document order
/// (parents before children), no deeper than [`MAX_DEPTH`]
/// levels. Iterative, linear.
pub(crate) fn each_node<'a>(schema: &'a Value, mut f: impl FnMut(&'a Map<String, Value>, &str)) {
    let mut stack = vec![(schema, String::new(), 0usize)];
    while let Some((v, path, depth)) = stack.pop() {
        let Value::Object(m) = v else { continue };
        if depth > MAX_DEPTH {
            continue;
        }
        f(m, &path);
        // Pushed last to first: taken in document order.
        let mut children = Vec::new();
        each_subschema(m, |at, child| {
            children.push((child, format!("{path}{at}"), depth + 1));
        });
        stack.extend(children.into_iter().rev());
    }
}
