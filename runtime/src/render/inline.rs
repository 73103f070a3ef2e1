//! Local `$ref`s of a foreign schema replaced by the schemas they name, for
//! the consumers that take no references (Gemini's OpenAPI subset, MCP
//! elicitation forms, and the many clients that fail on `$ref`).
//!
//! A reference is inlined when it is local (`#` or `#/...`, percent-decoded)
//! and does not lead back to a schema that contains it; a cycle of
//! references (recursion) has no finite inlining and is refused, naming the
//! `$ref`. Definitions apply only where they are referenced: a `$defs`
//! member that is never reached from the root is dropped with its
//! references, recursive or not, and `$defs`/`definitions` are gone from the
//! result.
//!
//! Keywords beside a `$ref` (2020-12 applies both) are merged into the
//! inlined schema when they say other things than it (no keyword on both
//! sides, no two keywords of one group that read each other, such as
//! `properties` and `additionalProperties`); annotations beside it
//! (`title`, `description`, ...) win over the target's. Otherwise both go
//! into an `allOf`. Either way the result accepts exactly the documents the
//! input accepts.
//!
//! Refused, with the place: a reference to another document or an anchor,
//! an `$id`/`$anchor`/`$dynamicRef`/`$dynamicAnchor` below the root (they
//! change what a reference means), and a result larger than
//! [`extra_budget`] nodes beyond the input (a chain of definitions each
//! using the next twice doubles at every step).
//!
//! Iterative throughout, and linear in the input plus the output.

use crate::json::{escape, percent_decoded, quoted};
use crate::violation::Violation;
use serde_json::{Map, Value};
use std::collections::HashMap;

/// Keywords whose value is one subschema.
const ONE: [&str; 12] = [
    "items",
    "additionalItems",
    "additionalProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "propertyNames",
    "contains",
    "not",
    "if",
    "then",
    "else",
    "contentSchema",
];
/// Keywords whose value is an array of subschemas.
const LIST: [&str; 5] = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
/// Keywords whose value is an object of subschemas.
const NAMED: [&str; 5] = [
    "properties",
    "patternProperties",
    "dependentSchemas",
    "$defs",
    "definitions",
];
/// Keywords that read each other: split across a `$ref` and its target,
/// they cannot be merged into one object.
const GROUPS: [&[&str]; 5] = [
    &[
        "properties",
        "patternProperties",
        "additionalProperties",
        "unevaluatedProperties",
    ],
    &[
        "prefixItems",
        "items",
        "additionalItems",
        "unevaluatedItems",
    ],
    &["if", "then", "else"],
    &["contains", "minContains", "maxContains"],
    &["type", "nullable"],
];
/// Annotations: beside a `$ref` they describe the place, and win (they
/// change nothing a validator checks).
pub(crate) const ANNOTATIONS: [&str; 8] = [
    "title",
    "description",
    "default",
    "examples",
    "$comment",
    "deprecated",
    "readOnly",
    "writeOnly",
];
/// Keywords that change what a reference below them means.
const SCOPED: [&str; 4] = ["$id", "$anchor", "$dynamicRef", "$dynamicAnchor"];

/// How deep the walk follows subschemas.
const MAX_DEPTH: usize = 128;

/// How deep (arrays and objects) a schema may nest at all to be inlined.
const MAX_VALUE_DEPTH: usize = 512;

/// How many nodes the inlined schema may hold beyond the input's own:
/// four times the input's, and at least 65,536.
pub(crate) fn extra_budget(input_nodes: usize) -> usize {
    input_nodes.saturating_mul(4).max(1 << 16)
}

/// Each subschema of a schema object, with the pointer step to it.
fn each_child<'a>(m: &'a Map<String, Value>, mut f: impl FnMut(String, &'a Value)) {
    for (k, v) in m {
        let key = k.as_str();
        match v {
            Value::Object(named) if NAMED.contains(&key) => {
                for (name, child) in named {
                    f(format!("/{}/{}", escape(k), escape(name)), child);
                }
            }
            Value::Array(items) if LIST.contains(&key) => {
                for (i, child) in items.iter().enumerate() {
                    f(format!("/{}/{i}", escape(k)), child);
                }
            }
            Value::Object(_) | Value::Bool(_) if ONE.contains(&key) => {
                f(format!("/{}", escape(k)), v)
            }
            _ => {}
        }
    }
}

/// Whether `v` holds a `$ref` anywhere in its subschemas (a quick test
/// before anything is copied).
pub(crate) fn has_refs(v: &Value) -> bool {
    let mut stack = vec![(v, 0usize)];
    while let Some((v, depth)) = stack.pop() {
        let Value::Object(m) = v else { continue };
        if m.contains_key("$ref") {
            return true;
        }
        if depth < MAX_DEPTH {
            each_child(m, |_, c| stack.push((c, depth + 1)));
        }
    }
    false
}

/// The pointer a local reference names (`#` and `#/...`), percent-decoded;
/// `None` for anchors and other documents.
pub(crate) fn local(reference: &str) -> Option<String> {
    let fragment = reference.strip_prefix('#')?;
    let fragment = percent_decoded(fragment);
    (fragment.is_empty() || fragment.starts_with('/')).then(|| fragment.into_owned())
}

/// The graph of schema nodes: subschema edges (not into `$defs`) and
/// reference edges.
struct Graph<'a> {
    nodes: Vec<(&'a Value, String)>,
    ids: HashMap<String, usize>,
    /// Per node: (child node, through a reference).
    edges: Vec<Vec<usize>>,
    /// Per node holding a `$ref`: its target node.
    target: Vec<Option<usize>>,
}

/// `schema` with every local, non-recursive `$ref` replaced by what it
/// names, or every reference that cannot be (its pointer, `.../$ref`).
pub(crate) fn inline_refs(schema: &Value) -> Result<Value, Vec<Violation>> {
    // Values are copied (`const`, `enum`, `default`, ...), and copying
    // recurses once per level: nothing nested deeper than this is copied.
    if crate::json::deeper_than(schema, MAX_VALUE_DEPTH) {
        return Err(vec![Violation::new(
            "",
            "too-deep",
            format!(
                "the schema nests deeper than {MAX_VALUE_DEPTH} levels of arrays and objects: its references are not inlined"
            ),
        )]);
    }
    let mut found = Vec::new();
    // Every schema node, by pointer.
    let mut graph = Graph {
        nodes: Vec::new(),
        ids: HashMap::new(),
        edges: Vec::new(),
        target: Vec::new(),
    };
    let mut stack = vec![(schema, String::new(), 0usize)];
    while let Some((v, path, depth)) = stack.pop() {
        if depth > MAX_DEPTH {
            found.push(Violation::new(
                path,
                "too-deep",
                "the schema nests deeper than references are followed",
            ));
            continue;
        }
        let id = graph.nodes.len();
        graph.ids.insert(path.clone(), id);
        graph.nodes.push((v, path.clone()));
        if let Value::Object(m) = v {
            for key in SCOPED {
                if m.contains_key(key) && (key != "$id" || !path.is_empty()) {
                    found.push(Violation::new(
                        format!("{path}/{key}"),
                        "ref-scope",
                        format!("`{key}` below the root changes what references mean: they cannot be inlined"),
                    ));
                }
            }
            each_child(m, |at, c| stack.push((c, format!("{path}{at}"), depth + 1)));
        }
    }
    if !found.is_empty() {
        return Err(found);
    }
    let n = graph.nodes.len();
    graph.edges = vec![Vec::new(); n];
    graph.target = vec![None; n];
    for id in 0..n {
        let Some((node, path)) = graph.nodes.get(id) else {
            continue;
        };
        let Value::Object(m) = *node else { continue };
        let path = path.clone();
        let mut kids = Vec::new();
        each_child(m, |at, _| {
            // A definition applies only where it is referenced.
            if !(at.starts_with("/$defs/") || at.starts_with("/definitions/")) {
                kids.push(format!("{path}{at}"));
            }
        });
        for k in kids {
            if let Some(&c) = graph.ids.get(&k) {
                graph.edges[id].push(c);
            }
        }
        if let Some(r) = m.get("$ref") {
            let at = format!("{path}/$ref");
            let Some(reference) = r.as_str() else {
                found.push(Violation::new(at, "invalid", "`$ref` must be a string"));
                continue;
            };
            let pointer = local(reference);
            match pointer.as_ref().and_then(|p| graph.ids.get(p)) {
                Some(&t) => {
                    graph.edges[id].push(t);
                    graph.target[id] = Some(t);
                }
                None => found.push(Violation::new(
                    at,
                    "unresolved-ref",
                    match pointer {
                        Some(_) => format!(
                            "`$ref` {} names no schema of this document",
                            quoted(reference)
                        ),
                        None => format!(
                            "`$ref` {} is not a pointer into this document: only those are inlined",
                            quoted(reference)
                        ),
                    },
                )),
            }
        }
    }
    // Live nodes (reached from the root), and the references on a cycle.
    let mut live = vec![false; n];
    let mut stack = vec![0usize];
    while let Some(v) = stack.pop() {
        if let Some(flag) = live.get_mut(v)
            && !*flag
        {
            *flag = true;
            stack.extend(graph.edges.get(v).into_iter().flatten().copied());
        }
    }
    let component = components(&graph.edges);
    for id in 0..n {
        let Some(t) = graph.target[id] else { continue };
        if live[id] && (t == id || component[id] == component[t]) {
            let (v, path) = &graph.nodes[id];
            let reference = v.get("$ref").and_then(Value::as_str).unwrap_or_default();
            found.push(Violation::new(
                format!("{path}/$ref"),
                "recursion",
                format!(
                    "`$ref` {} leads back to a schema that contains it (a recursive type): it has no finite inlining",
                    quoted(reference)
                ),
            ));
        }
    }
    // Only the live part counts: a dead definition's problems go with it.
    found.retain(|v| {
        let holder = v.path.strip_suffix("/$ref").unwrap_or(&v.path);
        graph.ids.get(holder).is_none_or(|&id| live[id])
    });
    if !found.is_empty() {
        return Err(found);
    }
    build(&graph, extra_budget(n))
}

/// Tarjan's strongly connected components, iterative: each node's
/// component number.
pub(crate) fn components(edges: &[Vec<usize>]) -> Vec<usize> {
    let n = edges.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut component = vec![usize::MAX; n];
    let mut order: Vec<usize> = Vec::new();
    let (mut counter, mut components) = (0usize, 0usize);
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut calls: Vec<(usize, usize)> = vec![(start, 0)];
        while let Some(&mut (v, ref mut next)) = calls.last_mut() {
            if *next == 0 && index[v] == usize::MAX {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                order.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = edges.get(v).and_then(|e| e.get(*next)) {
                *next += 1;
                if index[w] == usize::MAX {
                    calls.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                while let Some(w) = order.pop() {
                    on_stack[w] = false;
                    component[w] = components;
                    if w == v {
                        break;
                    }
                }
                components += 1;
            }
        }
    }
    component
}

/// One output node being built: the input node it copies, where its value
/// goes, and (for a `$ref` with keywords beside it) those keywords.
enum Task {
    /// Copy input node `id` (following its `$ref`) into slot `slot`.
    Copy {
        id: usize,
        slot: usize,
        depth: usize,
    },
    /// Build the object of input node `id` into `slot` from the slots of
    /// its children, `kids` in `each_child` order.
    Assemble {
        id: usize,
        slot: usize,
        kids: Vec<usize>,
        /// The `$ref`'s target, copied into this slot: merged with the
        /// keywords beside the `$ref`.
        target: Option<usize>,
    },
}

/// Builds the inlined schema from the root, bottom-up over an explicit
/// stack; refuses when it grows past `budget` extra nodes.
fn build(graph: &Graph<'_>, budget: usize) -> Result<Value, Vec<Violation>> {
    let mut slots: Vec<Option<Value>> = vec![None];
    let mut tasks = vec![Task::Copy {
        id: 0,
        slot: 0,
        depth: 0,
    }];
    let mut made = 0usize;
    let limit = graph.nodes.len().saturating_add(budget);
    while let Some(task) = tasks.pop() {
        match task {
            Task::Copy { id, slot, depth } => {
                made += 1;
                let Some((v, path)) = graph.nodes.get(id) else {
                    continue;
                };
                let (v, path) = (*v, path.clone());
                if made > limit || depth > MAX_DEPTH {
                    let reference = nearest_ref(graph, &path);
                    let what = if made > limit {
                        format!("larger than {limit} schemas")
                    } else {
                        format!("nest deeper than {MAX_DEPTH} schemas")
                    };
                    return Err(vec![Violation::new(
                        path.clone(),
                        "inline-budget",
                        format!(
                            "inlining the references ({reference}) would make the schema {what}; refused"
                        ),
                    )]);
                }
                let Value::Object(m) = v else {
                    slots[slot] = Some(v.clone());
                    continue;
                };
                let mut kids = Vec::new();
                let mut child_ids = Vec::new();
                each_child(m, |at, _| {
                    if !(at.starts_with("/$defs/") || at.starts_with("/definitions/")) {
                        child_ids.push(format!("{path}{at}"));
                    }
                });
                let target = graph.target.get(id).copied().flatten();
                let target_slot = target.map(|t| {
                    slots.push(None);
                    let s = slots.len() - 1;
                    (t, s)
                });
                let mut pending = Vec::new();
                for c in child_ids {
                    if let Some(&cid) = graph.ids.get(&c) {
                        slots.push(None);
                        let s = slots.len() - 1;
                        kids.push(s);
                        pending.push(Task::Copy {
                            id: cid,
                            slot: s,
                            depth: depth + 1,
                        });
                    }
                }
                tasks.push(Task::Assemble {
                    id,
                    slot,
                    kids,
                    target: target_slot.map(|(_, s)| s),
                });
                if let Some((t, s)) = target_slot {
                    tasks.push(Task::Copy {
                        id: t,
                        slot: s,
                        depth: depth + 1,
                    });
                }
                tasks.extend(pending);
            }
            Task::Assemble {
                id,
                slot,
                kids,
                target,
            } => {
                let Some((node, _)) = graph.nodes.get(id) else {
                    continue;
                };
                let Value::Object(m) = *node else { continue };
                let mut kids = kids.into_iter();
                let mut out = Map::new();
                for (k, v) in m {
                    let key = k.as_str();
                    if key == "$defs" || key == "definitions" {
                        continue;
                    }
                    if key == "$ref" && target.is_some() {
                        continue;
                    }
                    let mut take = || {
                        kids.next()
                            .and_then(|s| slots.get_mut(s).and_then(Option::take))
                    };
                    let value = match v {
                        Value::Object(named) if NAMED.contains(&key) => Value::Object(
                            named
                                .keys()
                                .map(|name| (name.clone(), take().unwrap_or(Value::Null)))
                                .collect(),
                        ),
                        Value::Array(items) if LIST.contains(&key) => Value::Array(
                            items
                                .iter()
                                .map(|_| take().unwrap_or(Value::Null))
                                .collect(),
                        ),
                        Value::Object(_) | Value::Bool(_) if ONE.contains(&key) => {
                            take().unwrap_or(Value::Null)
                        }
                        other => other.clone(),
                    };
                    out.insert(k.clone(), value);
                }
                let value = match target.and_then(|s| slots.get_mut(s).and_then(Option::take)) {
                    Some(inlined) => merge(inlined, out),
                    None => Value::Object(out),
                };
                slots[slot] = Some(value);
            }
        }
    }
    Ok(slots
        .first_mut()
        .and_then(Option::take)
        .unwrap_or(Value::Null))
}

/// The nearest `$ref` named on the way to `path` (for the budget message).
fn nearest_ref(graph: &Graph<'_>, path: &str) -> String {
    let mut p = path;
    loop {
        if let Some(&id) = graph.ids.get(p)
            && let Some(r) = graph.nodes[id].0.get("$ref").and_then(Value::as_str)
        {
            return format!("`$ref` {} at {}", quoted(r), quoted(p));
        }
        match p.rfind('/') {
            Some(i) => p = &p[..i],
            None => return "the schema's references".into(),
        }
    }
}

/// The target of a `$ref` with the keywords that stood beside it: merged
/// when they say other things, else both in an `allOf`.
fn merge(target: Value, beside: Map<String, Value>) -> Value {
    if beside.is_empty() {
        return target;
    }
    let target = match target {
        Value::Bool(true) => Value::Object(Map::new()),
        other => other,
    };
    let Value::Object(mut t) = target else {
        // `false`: nothing matches, whatever stands beside it.
        let mut all = Map::new();
        all.insert(
            "allOf".into(),
            Value::Array(vec![target, Value::Object(beside)]),
        );
        return Value::Object(all);
    };
    let clash = beside.keys().any(|k| {
        let k = k.as_str();
        if ANNOTATIONS.contains(&k) {
            return false;
        }
        t.contains_key(k)
            || GROUPS
                .iter()
                .any(|g| g.contains(&k) && g.iter().any(|o| *o != k && t.contains_key(*o)))
    });
    if clash {
        let (annotations, rest): (Map<String, Value>, Map<String, Value>) = beside
            .into_iter()
            .partition(|(k, _)| ANNOTATIONS.contains(&k.as_str()));
        let mut all = annotations;
        let mut list = vec![Value::Object(t)];
        if !rest.is_empty() {
            list.push(Value::Object(rest));
        }
        all.insert("allOf".into(), Value::Array(list));
        return Value::Object(all);
    }
    for (k, v) in beside {
        t.insert(k, v);
    }
    Value::Object(t)
}
