//! The references of a lowered schema as a graph: how deep objects nest
//! when every `$ref` is followed (OpenAI strict counts levels through
//! `$ref`), and which references lie on a cycle (recursion), so that a
//! dialect without recursion refuses those and only those: a schema whose
//! repeated parts went to `$defs` (a DAG) does not recurse.
//!
//! One pass over the schema cuts it into regions: the root, each `$defs`
//! (or `definitions`) member, each schema a `$ref` names. Every node belongs
//! to one region, so the pass and the graph are linear in the schema; the
//! depth and the cycles are computed on the graph without recursion.

use super::lower::MAX_DEPTH;
use super::wellformed::each_subschema;
// The pointer a local `$ref` names, and the cycles of a graph: as the
// inliner reads them.
use crate::render::inline::{components, local as target};
use serde_json::Value;
use std::collections::HashMap;

/// One `$ref` of the schema, as an edge of the graph.
pub(crate) struct RefEdge {
    /// The region holding the `$ref`.
    pub from: usize,
    /// The region it names.
    pub to: usize,
    /// The pointer of the schema holding the `$ref`.
    pub at: String,
    /// Object levels from the top of `from` down to the `$ref`'s schema,
    /// that schema included.
    pub levels: usize,
}

/// The regions of a schema and the edges between them.
pub(crate) struct Graph {
    /// Region pointers (`""` is the root, region 0).
    pub regions: Vec<String>,
    /// Per region: the most object levels inside it without leaving it, and
    /// the pointer of the deepest such object.
    inline: Vec<(usize, String)>,
    /// A region nested in place in another (a `$ref` target that is a
    /// subschema): (outer, inner, levels above the inner's top).
    nested: Vec<(usize, usize, usize)>,
    /// The references.
    pub refs: Vec<RefEdge>,
}

/// Whether a schema object is an object schema (one level of nesting).
fn is_object(v: &Value) -> bool {
    v.as_object().is_some_and(|m| {
        m.contains_key("properties")
            || match m.get("type") {
                Some(Value::String(t)) => t == "object",
                Some(Value::Array(ts)) => ts.iter().any(|t| t == "object"),
                _ => false,
            }
    })
}

impl Graph {
    /// The graph of `root`.
    pub(crate) fn of(root: &Value) -> Graph {
        // Every region's pointer: the root, the members of `$defs`, the
        // targets of references that exist.
        let mut ids: HashMap<String, usize> = HashMap::from([(String::new(), 0)]);
        let mut regions = vec![String::new()];
        let mut region_of = |pointer: String, regions: &mut Vec<String>| -> usize {
            *ids.entry(pointer).or_insert_with_key(|p| {
                regions.push(p.clone());
                regions.len() - 1
            })
        };
        let mut refs_seen: Vec<(String, String)> = Vec::new();
        let mut stack: Vec<(&Value, String, usize)> = vec![(root, String::new(), 0)];
        while let Some((node, path, depth)) = stack.pop() {
            let Value::Object(m) = node else { continue };
            if depth > MAX_DEPTH {
                continue;
            }
            if let Some(to) = m.get("$ref").and_then(Value::as_str).and_then(target)
                && root
                    .pointer(&to)
                    .is_some_and(|t| t.is_object() || t.is_boolean())
            {
                refs_seen.push((path.clone(), to));
            }
            each_subschema(m, |at, child| {
                if at.starts_with("/$defs/") || at.starts_with("/definitions/") {
                    region_of(format!("{path}{at}"), &mut regions);
                }
                stack.push((child, format!("{path}{at}"), depth + 1));
            });
        }
        for (_, to) in &refs_seen {
            region_of(to.clone(), &mut regions);
        }
        let mut graph = Graph {
            inline: vec![(0, String::new()); regions.len()],
            regions,
            nested: Vec::new(),
            refs: Vec::new(),
        };
        let ref_at: HashMap<&str, &str> = refs_seen
            .iter()
            .map(|(at, to)| (at.as_str(), to.as_str()))
            .collect();
        // (node, pointer, region, object levels above it in its region).
        let mut stack: Vec<(&Value, String, usize, usize, usize)> =
            vec![(root, String::new(), 0, 0, 0)];
        while let Some((node, path, region, above, depth)) = stack.pop() {
            if depth > MAX_DEPTH {
                continue;
            }
            let Value::Object(m) = node else { continue };
            let levels = above + usize::from(is_object(node));
            if let Some(slot) = graph.inline.get_mut(region)
                && levels > slot.0
            {
                *slot = (levels, path.clone());
            }
            if let Some(to) = ref_at.get(path.as_str()).and_then(|t| ids.get(*t)) {
                graph.refs.push(RefEdge {
                    from: region,
                    to: *to,
                    at: path.clone(),
                    levels,
                });
            }
            each_subschema(m, |at, child| {
                let pointer = format!("{path}{at}");
                let defined = at.starts_with("/$defs/") || at.starts_with("/definitions/");
                match ids.get(&pointer) {
                    // A definition applies only where it is referenced.
                    Some(&inner) if defined => stack.push((child, pointer, inner, 0, depth + 1)),
                    Some(&inner) => {
                        graph.nested.push((region, inner, levels));
                        stack.push((child, pointer, inner, 0, depth + 1));
                    }
                    None => stack.push((child, pointer, region, levels, depth + 1)),
                }
            });
        }
        graph
    }

    /// Edges out of each region: (target, levels above the target's top,
    /// the pointer where the route leaves the region).
    fn edges(&self) -> Vec<Vec<(usize, usize, String)>> {
        let mut out = vec![Vec::new(); self.regions.len()];
        for &(from, to, levels) in &self.nested {
            if let Some(list) = out.get_mut(from) {
                let at = self.regions.get(to).cloned().unwrap_or_default();
                list.push((to, levels, at));
            }
        }
        for r in &self.refs {
            if let Some(list) = out.get_mut(r.from) {
                list.push((r.to, r.levels, format!("{}/$ref", r.at)));
            }
        }
        out
    }

    /// Per region, the most object levels below its top with every `$ref`
    /// followed, and the pointer (in the root's terms: the `$ref` or object
    /// of that region) where the deepest route leaves it. A cycle adds
    /// nothing past its first repeat (recursion is then another rule).
    /// Iterative.
    pub(crate) fn depths(&self) -> Vec<(usize, String)> {
        let edges = self.edges();
        let n = self.regions.len();
        let mut best: Vec<Option<(usize, String)>> = vec![None; n];
        let mut on_path = vec![false; n];
        for start in 0..n {
            if best.get(start).is_some_and(Option::is_some) {
                continue;
            }
            // (region, next edge index).
            let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
            if let Some(flag) = on_path.get_mut(start) {
                *flag = true;
            }
            while let Some(&mut (region, ref mut next)) = stack.last_mut() {
                let list = edges.get(region).map(Vec::as_slice).unwrap_or_default();
                if let Some((to, ..)) = list.get(*next) {
                    let to = *to;
                    *next += 1;
                    let pending = best.get(to).is_some_and(Option::is_none)
                        && !on_path.get(to).copied().unwrap_or(true);
                    if pending {
                        if let Some(flag) = on_path.get_mut(to) {
                            *flag = true;
                        }
                        stack.push((to, 0));
                    }
                    continue;
                }
                // Every edge's target is done, or on the path (a cycle).
                let mut deepest = self.inline.get(region).cloned().unwrap_or_default();
                for (to, above, at) in list {
                    let below = best
                        .get(*to)
                        .and_then(Option::as_ref)
                        .map_or(0, |(d, _)| *d);
                    if above + below > deepest.0 {
                        deepest = (above + below, at.clone());
                    }
                }
                if let Some(slot) = best.get_mut(region) {
                    *slot = Some(deepest);
                }
                if let Some(flag) = on_path.get_mut(region) {
                    *flag = false;
                }
                stack.pop();
            }
        }
        best.into_iter().map(Option::unwrap_or_default).collect()
    }

    /// Whether each reference lies on a cycle of the graph (its target
    /// reaches back to the region holding it). Tarjan's strongly connected
    /// components, iterative.
    pub(crate) fn recursive_refs(&self) -> Vec<bool> {
        let edges: Vec<Vec<usize>> = self
            .edges()
            .into_iter()
            .map(|list| list.into_iter().map(|(to, ..)| to).collect())
            .collect();
        let component = components(&edges);
        self.refs
            .iter()
            .map(|r| {
                r.from == r.to
                    || component
                        .get(r.from)
                        .is_some_and(|c| Some(c) == component.get(r.to))
            })
            .collect()
    }
}
