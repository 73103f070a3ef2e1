//! Shared machinery: pointers, the walk over every schema node, references
//! (parsing, resolving, cycles), and small readings of a schema object.

use super::*;

pub(super) fn problem(
    path: impl Into<String>,
    rule: &'static str,
    message: impl Into<String>,
) -> Problem {
    Problem {
        path: path.into(),
        rule,
        message: message.into(),
    }
}

pub(super) fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

pub(super) fn pointer(segs: &[String]) -> String {
    let mut s = String::new();
    for seg in segs {
        s.push('/');
        s.push_str(&escape(seg));
    }
    s
}

pub(super) fn child_ptr(segs: &[String], more: &[&str]) -> String {
    let mut s = pointer(segs);
    for seg in more {
        s.push('/');
        s.push_str(&escape(seg));
    }
    s
}

/// Keywords whose value is a map from names to schemas.
pub(super) const MAP_KEYWORDS: &[&str] = &[
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
];
/// Keywords whose value is one schema.
pub(super) const SINGLE_KEYWORDS: &[&str] = &[
    "additionalProperties",
    "additionalItems",
    "unevaluatedProperties",
    "unevaluatedItems",
    "contains",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
    "contentSchema",
];
/// Keywords whose value is an array of schemas.
pub(super) const ARRAY_KEYWORDS: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems"];

pub(super) fn is_schema_value(v: &Value) -> bool {
    v.is_object() || v.is_boolean()
}

/// The direct subschemas of `node`, each with its path relative to `node`.
/// `items` is either one schema or (draft-07 tuple form) an array of them;
/// `dependencies` maps names to either a schema or an array of names.
/// Values of `enum`, `const`, `default`, `example(s)` are data, never walked.
pub(super) fn schema_children(node: &Value) -> Vec<(Vec<String>, &Value)> {
    let mut kids = Vec::new();
    let Some(obj) = node.as_object() else {
        return kids;
    };
    for (k, v) in obj {
        let k = k.as_str();
        if MAP_KEYWORDS.contains(&k) || k == "dependencies" {
            if let Some(map) = v.as_object() {
                for (name, sub) in map {
                    if is_schema_value(sub) {
                        kids.push((vec![k.to_string(), name.clone()], sub));
                    }
                }
            }
        } else if SINGLE_KEYWORDS.contains(&k) || k == "items" {
            // `additionalProperties: false` is how every strict dialect here
            // closes an object: a keyword value, not a schema to visit.
            if k == "additionalProperties" && v.is_boolean() {
                continue;
            }
            if is_schema_value(v) {
                kids.push((vec![k.to_string()], v));
            } else if k == "items" {
                push_array_children(&mut kids, k, v);
            }
        } else if ARRAY_KEYWORDS.contains(&k) {
            push_array_children(&mut kids, k, v);
        }
    }
    kids
}

pub(super) fn push_array_children<'a>(
    kids: &mut Vec<(Vec<String>, &'a Value)>,
    k: &str,
    v: &'a Value,
) {
    if let Some(arr) = v.as_array() {
        for (i, sub) in arr.iter().enumerate() {
            if is_schema_value(sub) {
                kids.push((vec![k.to_string(), i.to_string()], sub));
            }
        }
    }
}

/// One schema node met by [`walk`].
pub(super) struct Visit<'a> {
    /// Unescaped path segments from the root.
    pub(super) segs: Vec<String>,
    pub(super) node: &'a Value,
}

impl Visit<'_> {
    pub(super) fn ptr(&self) -> String {
        pointer(&self.segs)
    }
    pub(super) fn at(&self, more: &[&str]) -> String {
        child_ptr(&self.segs, more)
    }
    pub(super) fn obj(&self) -> Option<&Map<String, Value>> {
        self.node.as_object()
    }
}

/// Visits every schema node in document order, without recursion. Past
/// [`MAX_DEPTH`] nested schemas it reports `walk.depth_limit` once per branch
/// and does not go deeper.
pub(super) fn walk<'a>(
    root: &'a Value,
    out: &mut Vec<Problem>,
    mut f: impl FnMut(&Visit<'a>, &mut Vec<Problem>),
) {
    let mut stack = vec![(
        Visit {
            segs: Vec::new(),
            node: root,
        },
        0usize,
    )];
    while let Some((visit, depth)) = stack.pop() {
        if depth > MAX_DEPTH {
            out.push(problem(
                visit.ptr(),
                "walk.depth_limit",
                format!("schema nesting deeper than {MAX_DEPTH} levels; not checked further"),
            ));
            continue;
        }
        f(&visit, out);
        for (rel, child) in schema_children(visit.node).into_iter().rev() {
            let mut segs = visit.segs.clone();
            segs.extend(rel);
            stack.push((Visit { segs, node: child }, depth + 1));
        }
    }
}

/// Whether `v` nests deeper than `limit` JSON values (iteratively measured).
pub(super) fn json_deeper_than(v: &Value, limit: usize) -> bool {
    let mut stack = vec![(v, 1usize)];
    while let Some((v, d)) = stack.pop() {
        if d > limit {
            return true;
        }
        match v {
            Value::Array(a) => stack.extend(a.iter().map(|x| (x, d + 1))),
            Value::Object(o) => stack.extend(o.values().map(|x| (x, d + 1))),
            _ => {}
        }
    }
    false
}

/// Documents no deeper than this run the `jsonschema` crate on the caller's
/// thread; deeper ones get a thread of their own with a large stack.
pub(super) const INLINE_JSON_DEPTH: usize = 64;

/// Runs `f`: inline for a shallow document, else on a thread with a large
/// stack, since the `jsonschema` crate recurses over the document. A panic on
/// that thread becomes `Err` with its message.
pub(super) fn with_big_stack<T: Send>(
    doc: &Value,
    f: impl FnOnce() -> T + Send,
) -> Result<T, String> {
    if !json_deeper_than(doc, INLINE_JSON_DEPTH) {
        return Ok(f());
    }
    std::thread::scope(|s| {
        let handle = std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(s, f)
            .map_err(|e| format!("could not start checker thread: {e}"))?;
        handle.join().map_err(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_string()))
                .unwrap_or_else(|| "validator panicked".to_string())
        })
    })
}

/// Where a `$ref` points, when it points into this document.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum RefTarget {
    /// `#` or `#/json/pointer`: unescaped segments.
    Pointer(Vec<String>),
    /// `#name`: a plain-name fragment (`$anchor`).
    Anchor(String),
    /// Anything not starting with `#`: another document.
    External,
}

pub(super) fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
            if let Some(b) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

pub(super) fn parse_ref(r: &str) -> RefTarget {
    let Some(frag) = r.strip_prefix('#') else {
        return RefTarget::External;
    };
    let frag = percent_decode(frag);
    if frag.is_empty() {
        RefTarget::Pointer(Vec::new())
    } else if let Some(rest) = frag.strip_prefix('/') {
        RefTarget::Pointer(
            rest.split('/')
                .map(|s| s.replace("~1", "/").replace("~0", "~"))
                .collect(),
        )
    } else {
        RefTarget::Anchor(frag)
    }
}

pub(super) fn resolve<'a>(root: &'a Value, segs: &[String]) -> Option<&'a Value> {
    let mut node = root;
    for seg in segs {
        node = match node {
            Value::Object(o) => o.get(seg)?,
            Value::Array(a) => a.get(seg.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(node)
}

/// Every `$ref` in the document (location, raw string) and every `$anchor`.
pub(super) struct RefIndex {
    pub(super) refs: Vec<(Vec<String>, String)>,
    pub(super) anchors: BTreeMap<String, Vec<String>>,
}

pub(super) fn index_refs(root: &Value) -> RefIndex {
    let mut index = RefIndex {
        refs: Vec::new(),
        anchors: BTreeMap::new(),
    };
    let mut sink = Vec::new();
    walk(root, &mut sink, |v, _| {
        if let Some(obj) = v.obj() {
            if let Some(r) = obj.get("$ref").and_then(Value::as_str) {
                index.refs.push((v.segs.clone(), r.to_string()));
            }
            if let Some(a) = obj.get("$anchor").and_then(Value::as_str) {
                index
                    .anchors
                    .entry(a.to_string())
                    .or_insert_with(|| v.segs.clone());
            }
        }
    });
    index
}

/// The target location of a local reference that resolves, if it does.
pub(super) fn ref_location(
    root: &Value,
    index: &RefIndex,
    r: &str,
    anchors_ok: bool,
) -> Option<Vec<String>> {
    match parse_ref(r) {
        RefTarget::Pointer(segs) => resolve(root, &segs).map(|_| segs),
        RefTarget::Anchor(name) if anchors_ok => index.anchors.get(&name).cloned(),
        RefTarget::Anchor(_) | RefTarget::External => None,
    }
}

pub(super) fn is_prefix(prefix: &[String], of: &[String]) -> bool {
    prefix.len() <= of.len() && prefix.iter().zip(of).all(|(a, b)| a == b)
}

/// Which references lie on a reference cycle. `edges[i]` = (location of ref i,
/// target of ref i); ref i leads to ref j when j sits inside i's target (and
/// `keep(target_i, location_j)` agrees). A ref is recursive when it can reach
/// itself.
pub(super) fn refs_on_cycles(
    edges: &[(Vec<String>, Vec<String>)],
    keep: impl Fn(&[String], &[String]) -> bool,
) -> Vec<bool> {
    let n = edges.len();
    let succ: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            (0..n)
                .filter(|&j| is_prefix(&edges[i].1, &edges[j].0) && keep(&edges[i].1, &edges[j].0))
                .collect()
        })
        .collect();
    (0..n)
        .map(|start| {
            let mut seen = vec![false; n];
            let mut stack: Vec<usize> = succ[start].clone();
            while let Some(j) = stack.pop() {
                if j == start {
                    return true;
                }
                if !std::mem::replace(&mut seen[j], true) {
                    stack.extend(succ[j].iter().copied());
                }
            }
            false
        })
        .collect()
}

/// Whether the schema path from `target` down to `loc` passes through a
/// property that its object does not list in `required`.
pub(super) fn passes_optional_property(root: &Value, target: &[String], loc: &[String]) -> bool {
    let Some(mut node) = resolve(root, target) else {
        return false;
    };
    let rel = &loc[target.len()..];
    let mut i = 0;
    while i < rel.len() {
        let Some(obj) = node.as_object() else {
            return false;
        };
        let k = rel[i].as_str();
        let takes_name = MAP_KEYWORDS.contains(&k)
            || k == "dependencies"
            || ARRAY_KEYWORDS.contains(&k)
            || (k == "items" && obj.get("items").is_some_and(Value::is_array));
        if takes_name {
            let Some(name) = rel.get(i + 1) else {
                return false;
            };
            if k == "properties" && !required_names(obj).contains(name.as_str()) {
                return true;
            }
            node = match resolve(
                obj.get(k).unwrap_or(&Value::Null),
                std::slice::from_ref(name),
            ) {
                Some(n) => n,
                None => return false,
            };
            i += 2;
        } else {
            node = match obj.get(k) {
                Some(n) => n,
                None => return false,
            };
            i += 1;
        }
    }
    false
}

pub(super) fn required_names(obj: &Map<String, Value>) -> HashSet<&str> {
    obj.get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The `type` keyword as a list of names (`None` when absent or malformed).
pub(super) fn type_names(obj: &Map<String, Value>) -> Option<Vec<&str>> {
    match obj.get("type")? {
        Value::String(s) => Some(vec![s.as_str()]),
        Value::Array(a) => a.iter().map(Value::as_str).collect(),
        _ => None,
    }
}

/// An object schema: its `type` names `object`, or it declares `properties`.
pub(super) fn is_object_schema(obj: &Map<String, Value>) -> bool {
    type_names(obj).is_some_and(|t| t.contains(&"object")) || obj.contains_key("properties")
}

pub(super) const JSON_TYPES: &[&str] = &[
    "string", "number", "integer", "boolean", "object", "array", "null",
];

pub(super) fn describe(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 60 {
        format!("{}…", s.chars().take(60).collect::<String>())
    } else {
        s
    }
}

/// Each of `keys` at the root of `schema`: a problem of `rule` (the root is
/// one object, not alternatives).
pub(super) fn root_alternatives(
    schema: &Value,
    keys: &[&str],
    rule: &'static str,
    out: &mut Vec<Problem>,
) {
    if let Some(root) = schema.as_object() {
        for k in keys.iter().filter(|k| root.contains_key(**k)) {
            out.push(problem(
                format!("/{k}"),
                rule,
                format!("the root schema is one object, not `{k}` alternatives"),
            ));
        }
    }
}
