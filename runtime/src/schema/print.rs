//! [`Schema`] → JSON (2020-12): the one printer.

use super::data::clone_value;
use super::{Data, Keyword, Node, NodeId, Object, Schema, Types};
use serde_json::{Map, Value};

/// Writes `schema` as JSON: every keyword in its order, under its name.
/// What the model knows beyond the keywords (roles, sources, presence,
/// exclusiveness) is not printed.
///
/// Iterative: children are printed before their parents from a work list,
/// and moved into them (copied when a node is used more than once). A node
/// that reaches itself (never built by this crate) is cut at the back edge
/// with `true`.
pub(crate) fn print(schema: &Schema) -> Value {
    print_owned(schema.clone())
}

/// [`print`], moving names and values out of `schema` instead of copying
/// them (each node is printed once).
pub(crate) fn print_owned(mut schema: Schema) -> Value {
    let n = schema.nodes.len();
    if schema.root.0 >= n {
        return Value::Bool(true);
    }
    let (uses, depth) = count_uses(&schema);
    if depth <= TREE_DEPTH && uses.iter().all(|&u| u <= 1) {
        // A tree (every node used once), shallow: printed by recursion,
        // each node moved into its parent, no bookkeeping.
        return tree(&mut schema.nodes, schema.root);
    }
    // 0: not started, 1: children pending, 2: printed.
    let mut state = vec![0u8; n];
    let mut printed: Vec<Option<Value>> = Vec::new();
    printed.resize_with(n, || None);
    let mut remaining = uses;
    let mut work = vec![schema.root];
    while let Some(&id) = work.last() {
        let Some(node) = schema.nodes.get_mut(id.0) else {
            work.pop();
            continue;
        };
        match state[id.0] {
            0 => {
                state[id.0] = 1;
                node.for_each_child(|c| {
                    if state.get(c.0) == Some(&0) {
                        work.push(c);
                    }
                });
            }
            1 => {
                work.pop();
                let node = std::mem::replace(node, Node::Bool(true));
                let value =
                    node_value(node, &mut |c: NodeId| take(c, &mut printed, &mut remaining));
                printed[id.0] = Some(value);
                state[id.0] = 2;
            }
            _ => {
                work.pop();
            }
        }
    }
    printed[schema.root.0].take().unwrap_or(Value::Bool(true))
}

/// How deep the recursive printer of trees may go (the renderer, which
/// builds the schemas that take this path, recursed as deep to build them).
const TREE_DEPTH: usize = 128;

/// Prints the tree below `id` by recursion, moving every node out.
fn tree(nodes: &mut [Node], id: NodeId) -> Value {
    let Some(slot) = nodes.get_mut(id.0) else {
        return Value::Bool(true);
    };
    let node = std::mem::replace(slot, Node::Bool(true));
    node_value(node, &mut |c: NodeId| tree(nodes, c))
}

/// How many times each node is referred to from the nodes reachable from
/// the root (the root counts once), and how deep the first visit of each
/// went (the depth of the tree, when it is one).
fn count_uses(schema: &Schema) -> (Vec<u32>, usize) {
    let mut uses = vec![0u32; schema.nodes.len()];
    uses[schema.root.0] = 1;
    let mut deepest = 0;
    let mut work = vec![(schema.root, 0usize)];
    while let Some((id, depth)) = work.pop() {
        deepest = deepest.max(depth);
        if let Some(node) = schema.get(id) {
            node.for_each_child(|c| {
                if let Some(u) = uses.get_mut(c.0) {
                    // Seen from here first: its children are visited once.
                    if *u == 0 {
                        work.push((c, depth + 1));
                    }
                    *u = u.saturating_add(1);
                }
            });
        }
    }
    (uses, deepest)
}

/// A printed child: moved out at its last use, copied before. A child not
/// printed yet is on the path to the root: a cycle, cut with `true`.
fn take(id: NodeId, printed: &mut [Option<Value>], remaining: &mut [u32]) -> Value {
    let Some(left) = remaining.get_mut(id.0) else {
        return Value::Bool(true);
    };
    *left = left.saturating_sub(1);
    let last = *left == 0;
    match printed.get_mut(id.0) {
        Some(slot) if last => slot.take().unwrap_or(Value::Bool(true)),
        Some(Some(value)) => clone_value(value),
        _ => Value::Bool(true),
    }
}

fn node_value(node: Node, child: &mut dyn FnMut(NodeId) -> Value) -> Value {
    match node {
        Node::Bool(b) => Value::Bool(b),
        Node::Other(data) => data.into_inner(),
        Node::Object(obj) => Value::Object(object(obj, child)),
    }
}

fn object(obj: Object, child: &mut dyn FnMut(NodeId) -> Value) -> Map<String, Value> {
    let mut out = Map::with_capacity(obj.entries.len());
    for entry in obj.entries {
        let keyword = entry.keyword;
        let name = match &keyword {
            Keyword::Other(name, _) => name.clone(),
            known => known.name().to_string(),
        };
        out.insert(name, keyword_value(keyword, child));
    }
    out
}

fn keyword_value(keyword: Keyword, child: &mut dyn FnMut(NodeId) -> Value) -> Value {
    let named = |list: Vec<(String, NodeId)>, child: &mut dyn FnMut(NodeId) -> Value| {
        let mut map = Map::with_capacity(list.len());
        for (name, id) in list {
            map.insert(name, child(id));
        }
        Value::Object(map)
    };
    let ids = |list: Vec<NodeId>, child: &mut dyn FnMut(NodeId) -> Value| {
        Value::Array(list.into_iter().map(child).collect())
    };
    let strings = |list: Vec<String>| Value::Array(list.into_iter().map(Value::String).collect());
    match keyword {
        Keyword::SchemaUri(s)
        | Keyword::Id(s)
        | Keyword::Comment(s)
        | Keyword::Ref(s)
        | Keyword::Title(s)
        | Keyword::Description(s)
        | Keyword::Pattern(s)
        | Keyword::Format(s) => Value::String(s),
        Keyword::Default(d) | Keyword::Const(d) | Keyword::Other(_, d) => d.into_inner(),
        Keyword::Examples(list) | Keyword::Enum(list) => {
            Value::Array(list.into_iter().map(Data::into_inner).collect())
        }
        Keyword::Deprecated(b)
        | Keyword::ReadOnly(b)
        | Keyword::WriteOnly(b)
        | Keyword::UniqueItems(b) => Value::Bool(b),
        Keyword::Type(Types::One(t)) => t.name().into(),
        Keyword::Type(Types::Many(ts)) => {
            Value::Array(ts.iter().map(|t| t.name().into()).collect())
        }
        Keyword::Minimum(n)
        | Keyword::Maximum(n)
        | Keyword::ExclusiveMinimum(n)
        | Keyword::ExclusiveMaximum(n)
        | Keyword::MultipleOf(n) => Value::Number(n),
        Keyword::MinLength(n)
        | Keyword::MaxLength(n)
        | Keyword::MinContains(n)
        | Keyword::MaxContains(n)
        | Keyword::MinItems(n)
        | Keyword::MaxItems(n)
        | Keyword::MinProperties(n)
        | Keyword::MaxProperties(n) => n.into(),
        Keyword::Required(names) => strings(names),
        Keyword::DependentRequired(list) => {
            let mut map = Map::with_capacity(list.len());
            for (name, names) in list {
                map.insert(name, strings(names));
            }
            Value::Object(map)
        }
        Keyword::Defs(list)
        | Keyword::Definitions(list)
        | Keyword::PatternProperties(list)
        | Keyword::DependentSchemas(list) => named(list, child),
        Keyword::Properties(props) => {
            let mut map = Map::with_capacity(props.len());
            for p in props {
                map.insert(p.name, child(p.schema));
            }
            Value::Object(map)
        }
        Keyword::ItemsArray(list) | Keyword::PrefixItems(list) | Keyword::AllOf(list) => {
            ids(list, child)
        }
        Keyword::AnyOf(alts) | Keyword::OneOf(alts) => ids(alts.nodes, child),
        Keyword::Items(id)
        | Keyword::AdditionalItems(id)
        | Keyword::Contains(id)
        | Keyword::UnevaluatedItems(id)
        | Keyword::AdditionalProperties(id)
        | Keyword::UnevaluatedProperties(id)
        | Keyword::PropertyNames(id)
        | Keyword::Not(id)
        | Keyword::If(id)
        | Keyword::Then(id)
        | Keyword::Else(id) => child(id),
    }
}
