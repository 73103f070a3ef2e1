//! An independent checker for provider schema dialects.
//!
//! [`check`] answers one question: does `schema` fit what `provider` accepts?
//! It is written from each provider's *published* rules, not from toolform's
//! converter, so a test can hold the converter's output against it. Each rule
//! below names the document (title and section) it comes from. Where a
//! provider's documentation is silent and the rule comes from an error the API
//! is reported to return, the comment says so.
//!
//! The walk is iterative (an explicit stack), so a deep schema cannot overflow
//! the stack; past [`MAX_DEPTH`] nested schemas it reports `walk.depth_limit`
//! and goes no deeper. The two JSON Schema dialects also run the `jsonschema`
//! crate, which recurses: a deep document gets a thread with a large stack,
//! and one deeper than [`MAX_JSON_DEPTH`] is reported instead of validated.
//!
//! Paths in [`Problem::path`] are JSON Pointers (RFC 6901) into the schema.

use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashSet};

/// A provider dialect as the checker knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    /// JSON Schema draft 2020-12, as the `jsonschema` crate compiles it.
    JsonSchema2020,
    /// JSON Schema draft-07.
    JsonSchemaDraft07,
    /// OpenAI Structured Outputs / strict function calling (`strict: true`).
    OpenAiStrict,
    /// Anthropic structured outputs / strict tool use (`strict: true`).
    AnthropicStrict,
    /// Gemini `FunctionDeclaration.parameters` / `responseSchema`: the
    /// OpenAPI 3.0 `Schema` subset.
    Gemini,
    /// Gemini `parametersJsonSchema` / `responseJsonSchema`: the JSON Schema
    /// subset Gemini documents for those fields.
    GeminiJsonSchema,
    /// Groq strict structured outputs / tool use (`strict: true`, gpt-oss).
    GroqStrict,
    /// Kimi (Moonshot): the Moonshot Flavored JSON Schema (MFJS).
    Kimi,
}

impl Provider {
    /// The provider whose rules `dialect` is written for.
    pub fn of(dialect: toolform::dialect::Dialect) -> Option<Provider> {
        use toolform::dialect::Dialect;
        Some(match dialect {
            Dialect::JsonSchema2020 => Provider::JsonSchema2020,
            Dialect::JsonSchemaDraft07 => Provider::JsonSchemaDraft07,
            Dialect::OpenAiStrict => Provider::OpenAiStrict,
            Dialect::AnthropicStrict => Provider::AnthropicStrict,
            Dialect::Gemini => Provider::Gemini,
            Dialect::GeminiJsonSchema => Provider::GeminiJsonSchema,
            Dialect::GroqStrict => Provider::GroqStrict,
            Dialect::Kimi => Provider::Kimi,
            _ => return None,
        })
    }
}

/// One rule broken: JSON Pointer path into the schema, the rule, a message.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// JSON Pointer to the offending schema node or keyword (`""` = root).
    pub path: String,
    /// Stable rule id, `dialect.rule`.
    pub rule: &'static str,
    /// What is wrong, for a person.
    pub message: String,
}

/// Every way `schema` breaks what `provider` accepts (empty = the provider accepts it).
pub fn check(provider: Provider, schema: &Value) -> Vec<Problem> {
    let mut out = Vec::new();
    match provider {
        Provider::JsonSchema2020 => check_json2020(schema, &mut out),
        Provider::JsonSchemaDraft07 => check_draft07(schema, &mut out),
        Provider::OpenAiStrict => check_openai(schema, &mut out),
        Provider::AnthropicStrict => check_anthropic(schema, &mut out),
        Provider::Gemini => check_gemini(schema, &mut out),
        Provider::GeminiJsonSchema => check_gemini_json(schema, &mut out),
        Provider::GroqStrict => check_groq(schema, &mut out),
        Provider::Kimi => check_kimi(schema, &mut out),
    }
    out
}

/// How many nested schemas the walk follows before it stops and says so.
pub const MAX_DEPTH: usize = 1000;

/// How deep (in JSON values) a document may be for the `jsonschema` crate to
/// be run on it. Deeper documents get `*.too_deep` instead of a meta check.
pub const MAX_JSON_DEPTH: usize = 2 * MAX_DEPTH + 8;

// ---------------------------------------------------------------------------
// Shared machinery: pointers, the walk, references.
// ---------------------------------------------------------------------------

fn problem(path: impl Into<String>, rule: &'static str, message: impl Into<String>) -> Problem {
    Problem {
        path: path.into(),
        rule,
        message: message.into(),
    }
}

fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

fn pointer(segs: &[String]) -> String {
    let mut s = String::new();
    for seg in segs {
        s.push('/');
        s.push_str(&escape(seg));
    }
    s
}

fn child_ptr(segs: &[String], more: &[&str]) -> String {
    let mut s = pointer(segs);
    for seg in more {
        s.push('/');
        s.push_str(&escape(seg));
    }
    s
}

/// Keywords whose value is a map from names to schemas.
const MAP_KEYWORDS: &[&str] = &[
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
];
/// Keywords whose value is one schema.
const SINGLE_KEYWORDS: &[&str] = &[
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
const ARRAY_KEYWORDS: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems"];

fn is_schema_value(v: &Value) -> bool {
    v.is_object() || v.is_boolean()
}

/// The direct subschemas of `node`, each with its path relative to `node`.
/// `items` is either one schema or (draft-07 tuple form) an array of them;
/// `dependencies` maps names to either a schema or an array of names.
/// Values of `enum`, `const`, `default`, `example(s)` are data, never walked.
fn schema_children(node: &Value) -> Vec<(Vec<String>, &Value)> {
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

fn push_array_children<'a>(kids: &mut Vec<(Vec<String>, &'a Value)>, k: &str, v: &'a Value) {
    if let Some(arr) = v.as_array() {
        for (i, sub) in arr.iter().enumerate() {
            if is_schema_value(sub) {
                kids.push((vec![k.to_string(), i.to_string()], sub));
            }
        }
    }
}

/// One schema node met by [`walk`].
struct Visit<'a> {
    /// Unescaped path segments from the root.
    segs: Vec<String>,
    node: &'a Value,
}

impl Visit<'_> {
    fn ptr(&self) -> String {
        pointer(&self.segs)
    }
    fn at(&self, more: &[&str]) -> String {
        child_ptr(&self.segs, more)
    }
    fn obj(&self) -> Option<&Map<String, Value>> {
        self.node.as_object()
    }
}

/// Visits every schema node in document order, without recursion. Past
/// [`MAX_DEPTH`] nested schemas it reports `walk.depth_limit` once per branch
/// and does not go deeper.
fn walk<'a>(
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
fn json_deeper_than(v: &Value, limit: usize) -> bool {
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
const INLINE_JSON_DEPTH: usize = 64;

/// Runs `f`: inline for a shallow document, else on a thread with a large
/// stack, since the `jsonschema` crate recurses over the document. A panic on
/// that thread becomes `Err` with its message.
fn with_big_stack<T: Send>(doc: &Value, f: impl FnOnce() -> T + Send) -> Result<T, String> {
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
enum RefTarget {
    /// `#` or `#/json/pointer`: unescaped segments.
    Pointer(Vec<String>),
    /// `#name`: a plain-name fragment (`$anchor`).
    Anchor(String),
    /// Anything not starting with `#`: another document.
    External,
}

fn percent_decode(s: &str) -> String {
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

fn parse_ref(r: &str) -> RefTarget {
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

fn resolve<'a>(root: &'a Value, segs: &[String]) -> Option<&'a Value> {
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
struct RefIndex {
    refs: Vec<(Vec<String>, String)>,
    anchors: BTreeMap<String, Vec<String>>,
}

fn index_refs(root: &Value) -> RefIndex {
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
fn ref_location(root: &Value, index: &RefIndex, r: &str, anchors_ok: bool) -> Option<Vec<String>> {
    match parse_ref(r) {
        RefTarget::Pointer(segs) => resolve(root, &segs).map(|_| segs),
        RefTarget::Anchor(name) if anchors_ok => index.anchors.get(&name).cloned(),
        RefTarget::Anchor(_) | RefTarget::External => None,
    }
}

fn is_prefix(prefix: &[String], of: &[String]) -> bool {
    prefix.len() <= of.len() && prefix.iter().zip(of).all(|(a, b)| a == b)
}

/// Which references lie on a reference cycle. `edges[i]` = (location of ref i,
/// target of ref i); ref i leads to ref j when j sits inside i's target (and
/// `keep(target_i, location_j)` agrees). A ref is recursive when it can reach
/// itself.
fn refs_on_cycles(
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
fn passes_optional_property(root: &Value, target: &[String], loc: &[String]) -> bool {
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

fn required_names(obj: &Map<String, Value>) -> HashSet<&str> {
    obj.get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The `type` keyword as a list of names (`None` when absent or malformed).
fn type_names(obj: &Map<String, Value>) -> Option<Vec<&str>> {
    match obj.get("type")? {
        Value::String(s) => Some(vec![s.as_str()]),
        Value::Array(a) => a.iter().map(Value::as_str).collect(),
        _ => None,
    }
}

/// An object schema: its `type` names `object`, or it declares `properties`.
fn is_object_schema(obj: &Map<String, Value>) -> bool {
    type_names(obj).is_some_and(|t| t.contains(&"object")) || obj.contains_key("properties")
}

const JSON_TYPES: &[&str] = &[
    "string", "number", "integer", "boolean", "object", "array", "null",
];

fn describe(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 60 {
        format!("{}…", s.chars().take(60).collect::<String>())
    } else {
        s
    }
}

// ---------------------------------------------------------------------------
// JSON Schema 2020-12
// ---------------------------------------------------------------------------

/// `$schema` values that name draft 2020-12.
fn is_2020_uri(s: &str) -> bool {
    matches!(
        s.trim_end_matches('#'),
        "https://json-schema.org/draft/2020-12/schema"
            | "http://json-schema.org/draft/2020-12/schema"
    )
}

/// `$schema` values that name draft-07.
fn is_draft07_uri(s: &str) -> bool {
    matches!(
        s.trim_end_matches('#'),
        "http://json-schema.org/draft-07/schema" | "https://json-schema.org/draft-07/schema"
    )
}

fn check_json2020(schema: &Value, out: &mut Vec<Problem>) {
    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else { return };
        // Rule json2020.foreign_schema — JSON Schema 2020-12 Core, §8.1.1 "The
        // $schema Keyword": the value names the dialect the schema is written
        // in; a schema for 2020-12 must not declare another draft.
        if let Some(s) = obj.get("$schema")
            && !s.as_str().is_some_and(is_2020_uri)
        {
            out.push(problem(
                v.at(&["$schema"]),
                "json2020.foreign_schema",
                format!("$schema {} is not draft 2020-12", describe(s)),
            ));
        }
        // Rule json2020.legacy_keyword — "JSON Schema 2020-12 Release Notes":
        // `additionalItems` is gone (array `items` became `prefixItems`, and
        // `items` now means "additional items"); `$recursiveRef` and
        // `$recursiveAnchor` (2019-09) were replaced by `$dynamicRef` and
        // `$dynamicAnchor`. 2020-12 validators ignore them, silently.
        for k in ["additionalItems", "$recursiveRef", "$recursiveAnchor"] {
            if obj.contains_key(k) {
                out.push(problem(
                    v.at(&[k]),
                    "json2020.legacy_keyword",
                    format!("`{k}` is not a draft 2020-12 keyword"),
                ));
            }
        }
    });
    // Rules json2020.meta_schema / json2020.compile — the schema validates
    // against the 2020-12 meta-schema and compiles (every `$ref` resolves,
    // every `pattern` is a regex) with the `jsonschema` crate as 2020-12.
    // Compilation is offline: a `$ref` to another document is a problem, never
    // a network fetch.
    run_jsonschema(schema, out, jsonschema::Draft::Draft202012, "json2020");
}

fn run_jsonschema(
    schema: &Value,
    out: &mut Vec<Problem>,
    draft: jsonschema::Draft,
    dialect: &'static str,
) {
    let (meta_rule, compile_rule, deep_rule) = if dialect == "json2020" {
        (
            "json2020.meta_schema",
            "json2020.compile",
            "json2020.too_deep",
        )
    } else {
        ("draft07.meta_schema", "draft07.compile", "draft07.too_deep")
    };
    if json_deeper_than(schema, MAX_JSON_DEPTH) {
        out.push(problem(
            "",
            deep_rule,
            format!(
                "document nests deeper than {MAX_JSON_DEPTH} JSON values; meta-schema check skipped"
            ),
        ));
        return;
    }
    let result = with_big_stack(schema, || {
        let mut found = Vec::new();
        let meta = match draft {
            jsonschema::Draft::Draft7 => jsonschema::draft7::meta::validator(),
            _ => jsonschema::draft202012::meta::validator(),
        };
        for e in meta.iter_errors(schema).take(64) {
            found.push(problem(
                e.instance_path().as_str(),
                meta_rule,
                e.to_string(),
            ));
        }
        if found.is_empty()
            && let Err(e) = jsonschema::options()
                .with_draft(draft)
                .offline()
                .build(schema)
        {
            found.push(problem("", compile_rule, e.to_string()));
        }
        found
    });
    match result {
        Ok(found) => out.extend(found),
        Err(msg) => out.push(problem(
            "",
            compile_rule,
            format!("validator failed: {msg}"),
        )),
    }
}

// ---------------------------------------------------------------------------
// JSON Schema draft-07
// ---------------------------------------------------------------------------

/// Keywords introduced after draft-07 (2019-09 or 2020-12).
const POST_DRAFT07_KEYWORDS: &[&str] = &[
    "prefixItems",
    "$defs",
    "dependentRequired",
    "dependentSchemas",
    "unevaluatedProperties",
    "unevaluatedItems",
    "$anchor",
    "$dynamicRef",
    "$dynamicAnchor",
    "$recursiveRef",
    "$recursiveAnchor",
    "minContains",
    "maxContains",
    "contentSchema",
    "$vocabulary",
];

/// Keywords whose being ignored beside a draft-07 `$ref` changes nothing
/// (annotations), plus `definitions`, which stays reachable by pointer.
const DRAFT07_REF_HARMLESS_SIBLINGS: &[&str] = &[
    "definitions",
    "$schema",
    "$comment",
    "title",
    "description",
    "default",
    "examples",
    "readOnly",
    "writeOnly",
];

fn check_draft07(schema: &Value, out: &mut Vec<Problem>) {
    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else { return };
        // Rule draft07.foreign_schema — draft-handrews-json-schema-01 (draft-07
        // Core), §7 "The $schema Keyword": the value identifies the meta-schema;
        // a draft-07 schema must name draft-07 (or nothing).
        if let Some(s) = obj.get("$schema")
            && !s.as_str().is_some_and(is_draft07_uri)
        {
            out.push(problem(
                v.at(&["$schema"]),
                "draft07.foreign_schema",
                format!("$schema {} is not draft-07", describe(s)),
            ));
        }
        // Rule draft07.newer_keyword — "JSON Schema 2019-09 Release Notes" and
        // "JSON Schema 2020-12 Release Notes": these keywords do not exist in
        // draft-07 (`$defs` is draft-07's `definitions`; `prefixItems` is
        // draft-07's array-form `items`), so a draft-07 validator ignores them.
        for k in obj.keys() {
            if POST_DRAFT07_KEYWORDS.contains(&k.as_str()) {
                out.push(problem(
                    v.at(&[k]),
                    "draft07.newer_keyword",
                    format!("`{k}` is not a draft-07 keyword (it is ignored there)"),
                ));
            }
        }
        // Rule draft07.ref_siblings — draft-handrews-json-schema-01, §8.3
        // "Schema References With $ref": "All other properties in a "$ref"
        // object MUST be ignored." A constraint beside `$ref` is dead in
        // draft-07 (annotations and `definitions` are let through).
        if obj.contains_key("$ref") {
            for k in obj.keys() {
                if k != "$ref" && !DRAFT07_REF_HARMLESS_SIBLINGS.contains(&k.as_str()) {
                    out.push(problem(
                        v.at(&[k]),
                        "draft07.ref_siblings",
                        format!("`{k}` beside `$ref` is ignored in draft-07"),
                    ));
                }
            }
        }
    });
    // Rules draft07.meta_schema / draft07.compile — the schema validates
    // against the draft-07 meta-schema (http://json-schema.org/draft-07/schema#)
    // and compiles as draft-07 (references resolve, patterns are regexes).
    run_jsonschema(schema, out, jsonschema::Draft::Draft7, "draft07");
}

// ---------------------------------------------------------------------------
// OpenAI Structured Outputs (strict)
// ---------------------------------------------------------------------------
//
// Source for every rule unless stated: "Structured model outputs | OpenAI API"
// (platform.openai.com/docs/guides/structured-outputs, also
// developers.openai.com/api/docs/guides/structured-outputs), section
// "Supported schemas". Strict function calling (`strict: true` in
// "Function calling | OpenAI API", "Strict mode") uses the same subset.

/// "Supported types" + "Supported properties" + "Definitions are supported" +
/// "Recursive schemas are supported", plus the annotations the examples use
/// (`description`) or that OpenAI's own SDK emits from Pydantic (`title`).
const OPENAI_KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "const",
    "anyOf",
    "$ref",
    "$defs",
    "definitions",
    "description",
    "title",
    // Supported string properties
    "pattern",
    "format",
    // Supported number properties
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    // Supported array properties
    "minItems",
    "maxItems",
];

/// "Some type-specific keywords are not yet supported": "Composition: allOf,
/// not, dependentRequired, dependentSchemas, if, then, else".
const OPENAI_COMPOSITION: &[&str] = &[
    "allOf",
    "not",
    "dependentRequired",
    "dependentSchemas",
    "if",
    "then",
    "else",
];

/// "Supported properties": "format — Predefined formats for strings.
/// Currently supported: date-time, time, date, duration, email, hostname,
/// ipv4, ipv6, uuid".
const OPENAI_FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

fn check_openai(schema: &Value, out: &mut Vec<Problem>) {
    // Rule openai.root_not_object / openai.root_any_of — "Root objects must
    // not be anyOf and must be an object": "the root level object of a schema
    // must be an object, and not use anyOf".
    match schema.as_object() {
        Some(root) => {
            if root.get("type").and_then(Value::as_str) != Some("object") {
                out.push(problem(
                    "",
                    "openai.root_not_object",
                    "the root schema must have \"type\": \"object\"",
                ));
            }
            if root.contains_key("anyOf") {
                out.push(problem(
                    "/anyOf",
                    "openai.root_any_of",
                    "the root schema must not use anyOf",
                ));
            }
        }
        None => out.push(problem(
            "",
            "openai.root_not_object",
            "the root schema must be an object schema",
        )),
    }

    let index = index_refs(schema);
    let mut property_count = 0usize;
    let mut enum_count = 0usize;
    let mut string_len = 0usize;

    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else {
            // Rule openai.boolean_schema — "Supported types" lists typed
            // schemas only; a bare `true`/`false` schema is none of them.
            out.push(problem(
                v.ptr(),
                "openai.boolean_schema",
                "boolean schemas are not supported",
            ));
            return;
        };
        for (k, val) in obj {
            let k = k.as_str();
            if OPENAI_COMPOSITION.contains(&k) {
                // Rule openai.unsupported_composition — "Some type-specific
                // keywords are not yet supported" (Composition list).
                out.push(problem(
                    v.at(&[k]),
                    "openai.unsupported_composition",
                    format!("`{k}` is not supported in strict mode"),
                ));
            } else if k == "items" && val.is_array() {
                // Rule openai.tuple_items — `items` is supported as one
                // schema; tuple forms (`items` arrays, `prefixItems`) are not
                // among the supported properties.
                out.push(problem(
                    v.at(&[k]),
                    "openai.tuple_items",
                    "tuple `items` (an array) is not supported",
                ));
            } else if !OPENAI_KEYWORDS.contains(&k) {
                // Rule openai.unsupported_keyword — only the keywords of
                // "Supported types"/"Supported properties" are supported; a
                // strict schema with another one is refused ("If you turn on
                // Structured Outputs by supplying strict: true and call the API
                // with an unsupported JSON Schema, you will receive an error").
                // This covers oneOf (only anyOf is listed), patternProperties,
                // minLength/maxLength (not in "Supported string properties"),
                // uniqueItems, and `default` (historically answered with
                // "'default' is not permitted").
                out.push(problem(
                    v.at(&[k]),
                    "openai.unsupported_keyword",
                    format!("`{k}` is not a supported keyword in strict mode"),
                ));
            }
        }

        // Rule openai.type — "Supported types": String, Number, Boolean,
        // Integer, Object, Array (+ null in a union, "All fields must be
        // required": `"type": ["string", "null"]`).
        match obj.get("type") {
            None => {}
            Some(t) => match type_list(t) {
                Some(names) => {
                    for n in names.iter().filter(|n| !JSON_TYPES.contains(n)) {
                        out.push(problem(
                            v.at(&["type"]),
                            "openai.type",
                            format!("unknown type {n:?}"),
                        ));
                    }
                }
                None => out.push(problem(
                    v.at(&["type"]),
                    "openai.type",
                    format!(
                        "`type` must be a type name or an array of them, not {}",
                        describe(t)
                    ),
                )),
            },
        }
        // Rule openai.missing_type — each schema is one of the "Supported
        // types" (or a union of them): a schema naming no type, no anyOf, no
        // $ref and no enum/const describes "anything", which strict mode has no
        // type for (the API answers "schema must have a 'type' key").
        if !["type", "anyOf", "$ref", "enum", "const"]
            .iter()
            .any(|k| obj.contains_key(*k))
        {
            out.push(problem(
                v.ptr(),
                "openai.missing_type",
                "schema has no `type` (nor anyOf, $ref, enum or const)",
            ));
        }

        if is_object_schema(obj) {
            // Rule openai.additional_properties — "additionalProperties: false
            // must always be set in objects".
            if obj.get("additionalProperties") != Some(&Value::Bool(false)) {
                out.push(problem(
                    v.ptr(),
                    "openai.additional_properties",
                    "object schema must set \"additionalProperties\": false",
                ));
            }
            // Rule openai.required_all — "All fields must be required": every
            // key in `properties` is listed in `required`.
            if let Some(props) = obj.get("properties").and_then(Value::as_object) {
                let required = required_names(obj);
                for name in props.keys().filter(|n| !required.contains(n.as_str())) {
                    out.push(problem(
                        v.ptr(),
                        "openai.required_all",
                        format!("property {name:?} is not listed in `required`"),
                    ));
                }
            }
        }
        check_common_shapes(v, out, "openai.malformed");

        // Rule openai.format — see OPENAI_FORMATS.
        if let Some(f) = obj.get("format")
            && !f.as_str().is_some_and(|f| OPENAI_FORMATS.contains(&f))
        {
            out.push(problem(
                v.at(&["format"]),
                "openai.format",
                format!(
                    "format {} is not one of the supported string formats",
                    describe(f)
                ),
            ));
        }

        // Rule openai.ref_siblings — the documentation is silent, but the
        // API refuses a `$ref` with other keywords beside it ("$ref cannot
        // have keywords {'description'}"), and OpenAI's own SDK inlines such
        // refs for that reason (openai-python `to_strict_json_schema`).
        if obj.contains_key("$ref") {
            for k in obj.keys().filter(|k| *k != "$ref") {
                out.push(problem(
                    v.at(&[k]),
                    "openai.ref_siblings",
                    format!("`{k}` beside `$ref` is refused in strict mode"),
                ));
            }
        }

        // Tallies for "Objects have limitations on nesting depth and size",
        // "Limitations on total string size" and "Limitations on enum size".
        if let Some(props) = obj.get("properties").and_then(Value::as_object) {
            property_count += props.len();
            string_len += props.keys().map(|k| k.chars().count()).sum::<usize>();
        }
        for defs in ["$defs", "definitions"] {
            if let Some(d) = obj.get(defs).and_then(Value::as_object) {
                string_len += d.keys().map(|k| k.chars().count()).sum::<usize>();
            }
        }
        if let Some(c) = obj.get("const") {
            string_len += value_text_len(c);
        }
        if let Some(e) = obj.get("enum").and_then(Value::as_array) {
            enum_count += e.len();
            let len: usize = e.iter().map(value_text_len).sum();
            string_len += len;
            // Rule openai.enum_string_length — "For a single enum property
            // with string values, the total string length of all enum values
            // cannot exceed 15,000 characters when there are more than 250
            // enum values."
            // (A `null` among them, as strict mode writes an optional enum,
            // is not a string value: the strings are counted.)
            let strings: usize = e.iter().filter(|x| x.is_string()).map(value_text_len).sum();
            if e.len() > 250 && e.iter().all(|x| x.is_string() || x.is_null()) && strings > 15_000 {
                out.push(problem(
                    v.at(&["enum"]),
                    "openai.enum_string_length",
                    format!("{} string enum values totalling {strings} characters (limit 15,000 past 250 values)", e.len()),
                ));
            }
        }
    });

    // Rule openai.unresolved_ref — "Definitions are supported" / "Recursive
    // schemas are supported": references point into the schema itself
    // (`#/$defs/...`, `#`); anything else cannot be resolved.
    for (loc, r) in &index.refs {
        if ref_location(schema, &index, r, false).is_none() {
            out.push(problem(
                child_ptr(loc, &["$ref"]),
                "openai.unresolved_ref",
                format!("$ref {r:?} does not resolve inside the schema"),
            ));
        }
    }

    // Rule openai.property_count — "A schema may have up to 5000 object
    // properties total".
    if property_count > 5000 {
        out.push(problem(
            "",
            "openai.property_count",
            format!("{property_count} object properties in total (limit 5000)"),
        ));
    }
    // Rule openai.string_length — "total string length of all property names,
    // definition names, enum values, and const values cannot exceed 120,000
    // characters" (non-string enum/const values counted by their JSON text).
    if string_len > 120_000 {
        out.push(problem(
            "",
            "openai.string_length",
            format!("{string_len} characters of names and enum/const values (limit 120,000)"),
        ));
    }
    // Rule openai.enum_count — "A schema may have up to 1000 enum values
    // across all enum properties".
    if enum_count > 1000 {
        out.push(problem(
            "",
            "openai.enum_count",
            format!("{enum_count} enum values in total (limit 1000)"),
        ));
    }
    // Rule openai.nesting_depth — "with up to 10 levels of nesting". The page
    // does not define a level; here a level is one object schema on the path
    // from the root (arrays and anyOf add none), and a `$ref` nests the
    // definition it names where it is used (a DAG whose repeats went to
    // `$defs` is as deep as written out).
    openai_nesting(schema, out);
}

/// Groq strict ("Structured Outputs", console.groq.com/docs/structured-outputs,
/// "Strict Mode"): "All fields must be `required` and objects must set
/// `additionalProperties: false`", otherwise OpenAI's strict subset, whose
/// rules are checked here with OpenAI's rule ids; but not OpenAI's published
/// size limits, which Groq does not publish.
fn check_groq(schema: &Value, out: &mut Vec<Problem>) {
    const OPENAI_SIZES: [&str; 5] = [
        "openai.property_count",
        "openai.string_length",
        "openai.enum_count",
        "openai.nesting_depth",
        "openai.enum_string_length",
    ];
    let mut openai = Vec::new();
    check_openai(schema, &mut openai);
    out.extend(
        openai
            .into_iter()
            .filter(|p| !OPENAI_SIZES.contains(&p.rule)),
    );
    // Rule groq.root_alternatives — no `anyOf`, `oneOf` or `not` at the root
    // (langchain-ai/langchainjs#9923, `groqStrictifySchema`: "removes
    // anyOf/oneOf/not at root").
    root_alternatives(
        schema,
        &["anyOf", "oneOf", "not"],
        "groq.root_alternatives",
        out,
    );
    // Rule groq.array_bounds — the API answers "minItems is not supported"
    // (i-am-bee/beeai-framework#1215). (The OpenAI walk above already said
    // where the schema is too deep to check.)
    let mut bounds = Vec::new();
    walk(schema, &mut bounds, |v, out| {
        if let Some(obj) = v.obj() {
            for k in ["minItems", "maxItems"] {
                if obj.contains_key(k) {
                    out.push(problem(
                        v.at(&[k]),
                        "groq.array_bounds",
                        format!("`{k}` is not supported"),
                    ));
                }
            }
        }
    });
    out.extend(bounds.into_iter().filter(|p| p.rule != "walk.depth_limit"));
}

/// Kimi: the Moonshot Flavored JSON Schema as Moonshot's validator states
/// it (MoonshotAI/walle `docs/walle.md`, "Error categories"; the keyword
/// list of `docs/mfjs-spec.md`), the stricter of the two where they differ.
fn check_kimi(schema: &Value, out: &mut Vec<Problem>) {
    // Rule kimi.keyword — MFJS's fields: `description`, `default`, `anyOf`,
    // `properties`, `additionalProperties`, `items`, `type`, `enum`,
    // `required`, and `$defs`/`$ref`/`$id` ("supported with limitations").
    const KEYWORDS: [&str; 13] = [
        "description",
        "default",
        "anyOf",
        "properties",
        "additionalProperties",
        "items",
        "type",
        "enum",
        "required",
        "$defs",
        "$ref",
        "$id",
        "title",
    ];
    const RESERVED: [&str; 5] = ["$defs", "$ref", "anyOf", "required", "additionalProperties"];
    // Rule kimi.root — "the root schema must be a JSON object" of type object.
    if schema.get("type").and_then(Value::as_str) != Some("object") {
        out.push(problem(
            "",
            "kimi.root",
            "the root must be an object schema",
        ));
    }
    let (mut properties, mut enums) = (0usize, 0usize);
    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else {
            out.push(problem(
                v.ptr(),
                "kimi.boolean_schema",
                "a schema is an object",
            ));
            return;
        };
        let at_root = v.segs.is_empty();
        for k in obj.keys() {
            if !KEYWORDS.contains(&k.as_str()) {
                out.push(problem(
                    v.at(&[k]),
                    "kimi.keyword",
                    format!("`{k}` is not an MFJS keyword"),
                ));
            }
            // Rule kimi.root_only — "`$defs` and `$id` may only appear at the root".
            if (k == "$defs" || k == "$id") && !at_root {
                out.push(problem(
                    v.at(&[k]),
                    "kimi.root_only",
                    format!("`{k}` away from the root"),
                ));
            }
        }
        // Rule kimi.title — the spec: "Descriptive metadata like `title` ... not supported".
        if obj.contains_key("title") {
            out.push(problem(
                v.at(&["title"]),
                "kimi.title",
                "`title` is not supported",
            ));
        }
        let composite = obj.contains_key("anyOf") || obj.contains_key("$ref");
        // Rule kimi.type — "Every subschema must declare `type` explicitly";
        // "If `anyOf` or `$ref` is present, `type` must appear inside".
        if composite {
            for k in obj.keys() {
                let fine = matches!(k.as_str(), "anyOf" | "$ref" | "description" | "title")
                    || (at_root && matches!(k.as_str(), "$defs" | "$id"));
                if !fine {
                    out.push(problem(
                        v.at(&[k]),
                        "kimi.beside_any_of",
                        format!("`{k}` beside `anyOf`/`$ref`: only description and title may stand there"),
                    ));
                }
            }
        } else if !obj.contains_key("type") {
            out.push(problem(
                v.ptr(),
                "kimi.type",
                "the schema declares no `type`",
            ));
        }
        match obj.get("type") {
            Some(Value::String(t)) if !JSON_TYPES.contains(&t.as_str()) => {
                out.push(problem(
                    v.at(&["type"]),
                    "kimi.type",
                    format!("unknown type {t:?}"),
                ));
            }
            Some(Value::Array(types)) => {
                // Rule kimi.type_array — without `enum`, only description/title
                // beside it; with `enum`, one type, or one of number/integer/
                // string/boolean and null.
                if obj.contains_key("enum") {
                    let names: Vec<&str> = types.iter().filter_map(Value::as_str).collect();
                    let fine = names.len() == 1
                        || (names.len() == 2
                            && names.contains(&"null")
                            && names.iter().any(|n| {
                                matches!(*n, "number" | "integer" | "string" | "boolean")
                            }));
                    if !fine {
                        out.push(problem(
                            v.at(&["type"]),
                            "kimi.type_array",
                            "an enum's type array is one type and null",
                        ));
                    }
                } else {
                    for k in obj
                        .keys()
                        .filter(|k| !matches!(k.as_str(), "type" | "description" | "title"))
                    {
                        out.push(problem(
                            v.at(&[k]),
                            "kimi.type_array",
                            format!("`{k}` beside a type array: only description and title may stand there"),
                        ));
                    }
                }
            }
            _ => {}
        }
        // Rule kimi.enum — "All `enum` elements must share the same type";
        // float, int and str only.
        if let Some(e) = obj.get("enum") {
            match e.as_array() {
                Some(values) if !values.is_empty() => {
                    enums += values.len();
                    let strings = values.iter().all(Value::is_string);
                    let numbers = values.iter().all(Value::is_number);
                    if !strings && !numbers {
                        out.push(problem(
                            v.at(&["enum"]),
                            "kimi.enum",
                            "enum values are all strings or all numbers",
                        ));
                    }
                    // Integers decimal within ±(2^53 - 1); floats without an exponent.
                    for n in values.iter().filter_map(Value::as_number) {
                        let big = n
                            .as_i64()
                            .map_or(n.as_u64().is_some(), |i| i.unsigned_abs() > (1 << 53) - 1);
                        if big || n.to_string().contains(['e', 'E']) {
                            out.push(problem(
                                v.at(&["enum"]),
                                "kimi.number",
                                format!("{n} is out of Kimi's numbers"),
                            ));
                        }
                    }
                }
                _ => out.push(problem(
                    v.at(&["enum"]),
                    "kimi.enum",
                    "enum is a non-empty array",
                )),
            }
        }
        // Rule kimi.default — "only allowed for boolean, number, string, integer, and null".
        if let Some(d) = obj.get("default")
            && (d.is_object() || d.is_array())
        {
            out.push(problem(
                v.at(&["default"]),
                "kimi.default",
                "a default is a scalar",
            ));
        }
        if let Some(props) = obj.get("properties").and_then(Value::as_object) {
            properties += props.len();
            // Rule kimi.reserved_name.
            for name in props.keys().filter(|n| RESERVED.contains(&n.as_str())) {
                out.push(problem(
                    v.at(&["properties", name.as_str()]),
                    "kimi.reserved_name",
                    format!("property name {name:?}"),
                ));
            }
            // Rule kimi.required — "every name in `required` must be declared in `properties`".
            for r in required_names(obj)
                .into_iter()
                .filter(|r| !props.contains_key(*r))
            {
                out.push(problem(
                    v.at(&["required"]),
                    "kimi.required",
                    format!("{r:?} is not a property"),
                ));
            }
            // An object property's schema is typed (`{}` is ANY only at the
            // root or as `additionalProperties`): covered by kimi.type.
        }
        // Rule kimi.any_of_count — "`anyOf` must have between 1 and 10 items".
        if let Some(alts) = obj.get("anyOf").and_then(Value::as_array)
            && !(1..=10).contains(&alts.len())
        {
            out.push(problem(
                v.at(&["anyOf"]),
                "kimi.any_of_count",
                format!("{} alternatives", alts.len()),
            ));
        }
        // Rule kimi.ref — "references must start with #/$defs/" (or `#`).
        if let Some(r) = obj.get("$ref") {
            let fine = r.as_str().is_some_and(|r| {
                r == "#"
                    || r.strip_prefix("#/$defs/")
                        .is_some_and(|n| !n.is_empty() && !n.contains('/'))
            });
            if !fine {
                out.push(problem(
                    v.at(&["$ref"]),
                    "kimi.ref",
                    format!("$ref {r} is not #/$defs/<name> or #"),
                ));
            }
        }
        // Rule kimi.additional_properties — a boolean or an object.
        if let Some(a) = obj.get("additionalProperties")
            && !a.is_boolean()
            && !a.is_object()
        {
            out.push(problem(
                v.at(&["additionalProperties"]),
                "kimi.additional_properties",
                "a boolean or a schema",
            ));
        }
        check_common_shapes(v, out, "kimi.malformed");
    });
    // Rule kimi.limits — "up to 100 object properties in total, with up to 5
    // levels of nesting"; "up to 500 enum values across all enum properties".
    if properties > 100 {
        out.push(problem(
            "",
            "kimi.property_count",
            format!("{properties} properties (limit 100)"),
        ));
    }
    if enums > 500 {
        out.push(problem(
            "",
            "kimi.enum_count",
            format!("{enums} enum values (limit 500)"),
        ));
    }
    let mut memo: BTreeMap<Vec<String>, usize> = BTreeMap::new();
    let mut on_path: HashSet<Vec<String>> = HashSet::new();
    let depth = nesting_below(schema, &[], schema, &mut memo, &mut on_path, 0);
    if depth > 5 {
        out.push(problem(
            "",
            "kimi.nesting_depth",
            format!("objects nest {depth} levels deep (limit 5)"),
        ));
    }
}

fn type_list(t: &Value) -> Option<Vec<&str>> {
    match t {
        Value::String(s) => Some(vec![s.as_str()]),
        Value::Array(a) if !a.is_empty() => a.iter().map(Value::as_str).collect(),
        _ => None,
    }
}

fn value_text_len(v: &Value) -> usize {
    match v {
        Value::String(s) => s.chars().count(),
        other => other.to_string().chars().count(),
    }
}

fn openai_nesting(schema: &Value, out: &mut Vec<Problem>) {
    const LIMIT: usize = 10;
    let mut memo: BTreeMap<Vec<String>, usize> = BTreeMap::new();
    let mut on_path: HashSet<Vec<String>> = HashSet::new();
    let depth = nesting_below(schema, &[], schema, &mut memo, &mut on_path, 0);
    if depth > LIMIT {
        out.push(problem(
            "",
            "openai.nesting_depth",
            format!("objects nest {depth} levels deep counting through $ref (limit {LIMIT})"),
        ));
    }
}

/// How many object schemas deep `node` (at `segs`) nests, a `$ref`
/// counting as the schema it names (a definition nests where it is used);
/// a reference back onto the current route adds nothing (recursion is
/// supported), and definitions under `$defs` count only where referenced.
/// Memoized per reference target; at most 256 references followed in a
/// row (deeper is reported as that deep, far past the limit).
fn nesting_below(
    root: &Value,
    segs: &[String],
    node: &Value,
    memo: &mut BTreeMap<Vec<String>, usize>,
    on_path: &mut HashSet<Vec<String>>,
    hops: usize,
) -> usize {
    let Some(obj) = node.as_object() else {
        return 0;
    };
    let own = usize::from(is_object_schema(obj));
    let mut below = 0;
    if let Some(r) = obj.get("$ref").and_then(Value::as_str)
        && let RefTarget::Pointer(target) = parse_ref(r)
        && let Some(t) = resolve(root, &target)
    {
        let d = if let Some(d) = memo.get(&target) {
            *d
        } else if on_path.contains(&target) || hops > 256 {
            0
        } else {
            on_path.insert(target.clone());
            let d = nesting_below(root, &target, t, memo, on_path, hops + 1);
            on_path.remove(&target);
            memo.insert(target.clone(), d);
            d
        };
        below = below.max(d);
    }
    for (rel, child) in schema_children(node) {
        if rel[0] == "$defs" || rel[0] == "definitions" {
            continue;
        }
        let mut child_segs = segs.to_vec();
        child_segs.extend(rel);
        below = below.max(nesting_below(root, &child_segs, child, memo, on_path, hops));
    }
    own + below
}

/// Shapes every dialect here needs to read a schema at all: `properties` is a
/// map, `required` a list of names, applicator lists are lists.
fn check_common_shapes(v: &Visit<'_>, out: &mut Vec<Problem>, rule: &'static str) {
    let Some(obj) = v.obj() else { return };
    if let Some(p) = obj.get("properties")
        && !p.is_object()
    {
        out.push(problem(
            v.at(&["properties"]),
            rule,
            "`properties` must be an object",
        ));
    }
    if let Some(r) = obj.get("required")
        && !r.as_array().is_some_and(|a| a.iter().all(Value::is_string))
    {
        out.push(problem(
            v.at(&["required"]),
            rule,
            "`required` must be an array of names",
        ));
    }
    for k in ["anyOf", "allOf", "oneOf"] {
        if let Some(a) = obj.get(k)
            && a.as_array().is_none_or(|a| a.is_empty())
        {
            out.push(problem(
                v.at(&[k]),
                rule,
                format!("`{k}` must be a non-empty array of schemas"),
            ));
        }
    }
    if let Some(e) = obj.get("enum")
        && e.as_array().is_none_or(|a| a.is_empty())
    {
        out.push(problem(
            v.at(&["enum"]),
            rule,
            "`enum` must be a non-empty array",
        ));
    }
}

// ---------------------------------------------------------------------------
// Anthropic strict tool use / structured outputs
// ---------------------------------------------------------------------------
//
// Source for every rule unless stated: "Structured outputs" in the Claude
// Developer Platform docs (platform.claude.com/docs/en/build-with-claude/
// structured-outputs), section "JSON Schema limitations" (lists "Supported
// features" and "Not supported"); "Strict tool use" (…/agents-and-tools/
// tool-use/strict-tool-use) says strict tools share these limitations and
// gives the complexity limits.

/// "Supported features": basic types, `enum`, `const`, `anyOf` and `allOf`,
/// `$ref`/`$def`/`definitions`, `default`, `required`, `additionalProperties`
/// (false), string `format`s, array `minItems` (0 or 1); the regex section
/// covers `pattern`. `description` and `title` are annotations the SDK's
/// `transform_schema` keeps. (The page writes `$def`; the JSON Schema keyword,
/// and what the SDK sends, is `$defs`.)
const ANTHROPIC_KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "const",
    "anyOf",
    "allOf",
    "$ref",
    "$defs",
    "definitions",
    "default",
    "description",
    "title",
    "format",
    "pattern",
    "minItems",
];

/// "Not supported": "Numerical constraints (minimum, maximum, multipleOf, etc.)".
const ANTHROPIC_NUMERIC: &[&str] = &[
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
];
/// "Not supported": "String constraints (minLength, maxLength)".
const ANTHROPIC_STRING: &[&str] = &["minLength", "maxLength"];
/// "Not supported": "Array constraints beyond minItems of 0 or 1".
const ANTHROPIC_ARRAY: &[&str] = &[
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
];
/// "Supported features": "String formats: date-time, time, date, duration,
/// email, hostname, uri, ipv4, ipv6, uuid".
const ANTHROPIC_FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "uri",
    "ipv4",
    "ipv6",
    "uuid",
];

/// Each of `keys` at the root of `schema`: a problem of `rule` (the root is
/// one object, not alternatives).
fn root_alternatives(schema: &Value, keys: &[&str], rule: &'static str, out: &mut Vec<Problem>) {
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

fn check_anthropic(schema: &Value, out: &mut Vec<Problem>) {
    // Rule anthropic.root_alternatives — the tool's `input_schema` is one
    // object ("Define tools": "input_schema: A JSON Schema object defining
    // the expected parameters for the tool"); issue 23 reports the strict
    // grammar refusing `anyOf`/`oneOf`/`allOf` at the root.
    root_alternatives(
        schema,
        &["anyOf", "oneOf", "allOf"],
        "anthropic.root_alternatives",
        out,
    );
    let index = index_refs(schema);
    let mut optional = 0usize;
    let mut unions = 0usize;

    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else {
            // Rule anthropic.boolean_schema — "Supported features" lists typed
            // schemas; a bare `true`/`false` schema is not one.
            out.push(problem(
                v.ptr(),
                "anthropic.boolean_schema",
                "boolean schemas are not supported",
            ));
            return;
        };
        for (k, val) in obj {
            let k = k.as_str();
            if ANTHROPIC_NUMERIC.contains(&k) {
                // Rule anthropic.numeric_constraint.
                out.push(problem(
                    v.at(&[k]),
                    "anthropic.numeric_constraint",
                    format!("numerical constraint `{k}` is not supported"),
                ));
            } else if ANTHROPIC_STRING.contains(&k) {
                // Rule anthropic.string_constraint.
                out.push(problem(
                    v.at(&[k]),
                    "anthropic.string_constraint",
                    format!("string constraint `{k}` is not supported"),
                ));
            } else if ANTHROPIC_ARRAY.contains(&k) {
                // Rule anthropic.array_constraint.
                out.push(problem(
                    v.at(&[k]),
                    "anthropic.array_constraint",
                    format!("array constraint `{k}` is not supported"),
                ));
            } else if k == "minItems" {
                // Rule anthropic.array_constraint — "Array minItems (only values
                // 0 and 1 supported)".
                if !matches!(val.as_u64(), Some(0 | 1)) {
                    out.push(problem(
                        v.at(&[k]),
                        "anthropic.array_constraint",
                        format!("minItems {} is not supported (only 0 or 1)", describe(val)),
                    ));
                }
            } else if k == "items" && val.is_array() {
                // Rule anthropic.unsupported_keyword — tuple `items`.
                out.push(problem(
                    v.at(&[k]),
                    "anthropic.unsupported_keyword",
                    "tuple `items` (an array) is not supported",
                ));
            } else if !ANTHROPIC_KEYWORDS.contains(&k) {
                // Rule anthropic.unsupported_keyword — outside "Supported
                // features": e.g. oneOf, not, if/then/else, patternProperties,
                // prefixItems, propertyNames, dependentRequired.
                out.push(problem(
                    v.at(&[k]),
                    "anthropic.unsupported_keyword",
                    format!("`{k}` is not among the supported JSON Schema features"),
                ));
            }
        }

        // Rule anthropic.type — "All basic types: object, array, string,
        // integer, number, boolean, null".
        if let Some(t) = obj.get("type") {
            match type_list(t) {
                Some(names) => {
                    for n in names.iter().filter(|n| !JSON_TYPES.contains(n)) {
                        out.push(problem(
                            v.at(&["type"]),
                            "anthropic.type",
                            format!("unknown type {n:?}"),
                        ));
                    }
                    if names.len() > 1 {
                        unions += 1;
                    }
                }
                None => out.push(problem(
                    v.at(&["type"]),
                    "anthropic.type",
                    format!(
                        "`type` must be a type name or an array of them, not {}",
                        describe(t)
                    ),
                )),
            }
        }
        // Rule anthropic.missing_type — every supported feature is a typed
        // schema, an enum/const, or a composition; Anthropic's SDK refuses
        // anything else ("Schema must have a 'type', 'enum', 'anyOf', 'oneOf',
        // or 'allOf' field", anthropic-sdk-python lib/_parse/_transform.py).
        if !["type", "enum", "const", "anyOf", "allOf", "$ref"]
            .iter()
            .any(|k| obj.contains_key(*k))
        {
            out.push(problem(
                v.ptr(),
                "anthropic.missing_type",
                "schema has no `type` (nor enum, const, anyOf, allOf or $ref)",
            ));
        }
        if obj.get("anyOf").is_some_and(Value::is_array) {
            unions += 1;
        }

        // Rule anthropic.additional_properties — "required and
        // additionalProperties (must be set to false for objects)"; "Not
        // supported: additionalProperties set to anything other than false".
        if is_object_schema(obj) && obj.get("additionalProperties") != Some(&Value::Bool(false)) {
            out.push(problem(
                v.ptr(),
                "anthropic.additional_properties",
                "object schema must set \"additionalProperties\": false",
            ));
        }
        if let Some(props) = obj.get("properties").and_then(Value::as_object) {
            let required = required_names(obj);
            optional += props
                .keys()
                .filter(|k| !required.contains(k.as_str()))
                .count();
        }
        check_common_shapes(v, out, "anthropic.malformed");

        // Rule anthropic.enum_value — "enum (strings, numbers, bools, or nulls
        // only - no complex types)".
        if let Some(e) = obj.get("enum").and_then(Value::as_array) {
            for (i, item) in e.iter().enumerate() {
                if item.is_object() || item.is_array() {
                    out.push(problem(
                        v.at(&["enum", &i.to_string()]),
                        "anthropic.enum_value",
                        "complex types are not supported in enums",
                    ));
                }
            }
        }
        // Rule anthropic.format — see ANTHROPIC_FORMATS.
        if let Some(f) = obj.get("format")
            && !f.as_str().is_some_and(|f| ANTHROPIC_FORMATS.contains(&f))
        {
            out.push(problem(
                v.at(&["format"]),
                "anthropic.format",
                format!(
                    "format {} is not one of the supported string formats",
                    describe(f)
                ),
            ));
        }
        // Rule anthropic.pattern — regex support in "JSON Schema limitations":
        // no backreferences, no lookahead/lookbehind, no word boundaries.
        if let Some(p) = obj.get("pattern") {
            match p.as_str() {
                Some(p) => {
                    if let Some(feature) = unsupported_regex_feature(p) {
                        out.push(problem(
                            v.at(&["pattern"]),
                            "anthropic.pattern",
                            format!("pattern uses {feature}, which is not supported"),
                        ));
                    }
                }
                None => out.push(problem(
                    v.at(&["pattern"]),
                    "anthropic.malformed",
                    "`pattern` must be a string",
                )),
            }
        }
        // Rule anthropic.allof_ref — "anyOf and allOf (with limitations -
        // allOf with $ref not supported)".
        if let Some(all) = obj.get("allOf").and_then(Value::as_array) {
            for (i, member) in all.iter().enumerate() {
                if member.get("$ref").is_some() {
                    out.push(problem(
                        v.at(&["allOf", &i.to_string(), "$ref"]),
                        "anthropic.allof_ref",
                        "allOf with $ref is not supported",
                    ));
                }
            }
        }
    });

    // Rules anthropic.external_ref / anthropic.unresolved_ref — "$ref, $def,
    // and definitions (external $ref not supported)".
    let mut edges = Vec::new();
    let mut edge_refs = Vec::new();
    for (loc, r) in &index.refs {
        let at = child_ptr(loc, &["$ref"]);
        if parse_ref(r) == RefTarget::External {
            out.push(problem(
                at,
                "anthropic.external_ref",
                format!("external $ref {r:?} is not supported"),
            ));
        } else if let Some(target) = ref_location(schema, &index, r, false) {
            edges.push((loc.clone(), target));
            edge_refs.push(at);
        } else {
            out.push(problem(
                at,
                "anthropic.unresolved_ref",
                format!("$ref {r:?} does not resolve"),
            ));
        }
    }
    // Rule anthropic.recursive_ref — "Not supported: Recursive schemas".
    for (on_cycle, at) in refs_on_cycles(&edges, |_, _| true)
        .into_iter()
        .zip(edge_refs)
    {
        if on_cycle {
            out.push(problem(
                at,
                "anthropic.recursive_ref",
                "recursive schemas are not supported",
            ));
        }
    }
    // Rules anthropic.optional_limit / anthropic.union_limit — "Strict tool
    // use", complexity limits (across all strict schemas of a request, so one
    // schema is held to the whole budget): 24 optional parameters; 16
    // parameters using anyOf or type arrays (the API answers "Schemas contains
    // too many parameters with union types … limit: 16"). Counted in the
    // schema as written, without expanding $ref.
    if optional > 24 {
        out.push(problem(
            "",
            "anthropic.optional_limit",
            format!("{optional} optional properties (limit 24 per request)"),
        ));
    }
    if unions > 16 {
        out.push(problem(
            "",
            "anthropic.union_limit",
            format!("{unions} schemas use anyOf or a type array (limit 16 per request)"),
        ));
    }
}

/// The first regex feature Anthropic's grammar compiler does not support.
fn unsupported_regex_feature(p: &str) -> Option<&'static str> {
    let chars: Vec<char> = p.chars().collect();
    let mut in_class = false;
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                let next = chars.get(i + 1).copied();
                match next {
                    Some('1'..='9') if !in_class => return Some("a backreference"),
                    Some('k') if chars.get(i + 2) == Some(&'<') => {
                        return Some("a named backreference");
                    }
                    Some('b' | 'B') if !in_class => return Some("a word boundary"),
                    _ => {}
                }
                i += 2;
                continue;
            }
            '[' if !in_class => in_class = true,
            ']' if in_class => in_class = false,
            '(' if !in_class && chars.get(i + 1) == Some(&'?') => {
                let rest: String = chars[i + 2..].iter().take(2).collect();
                if rest.starts_with('=') || rest.starts_with('!') {
                    return Some("a lookahead");
                }
                if rest == "<=" || rest == "<!" {
                    return Some("a lookbehind");
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

// ---------------------------------------------------------------------------
// Gemini: the OpenAPI 3.0 Schema subset (`parameters`, `responseSchema`)
// ---------------------------------------------------------------------------
//
// Source for every rule unless stated: Gemini API reference, "Schema"
// (ai.google.dev/api/caching#Schema): "The Schema object allows the definition
// of input and output data types … Represents a select subset of an OpenAPI
// 3.0 schema object", with its field list and the "Type" enum; used by
// `FunctionDeclaration.parameters` and `GenerationConfig.responseSchema`.

/// The 22 fields of the Gemini API `Schema` object.
const GEMINI_FIELDS: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "maxItems",
    "minItems",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "pattern",
    "example",
    "anyOf",
    "propertyOrdering",
    "default",
    "items",
    "minimum",
    "maximum",
];

/// "Type": STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT, NULL (the REST
/// examples write them in lower case; both spellings are read).
const GEMINI_TYPES: &[&str] = &[
    "string", "number", "integer", "boolean", "array", "object", "null",
];

fn check_gemini(schema: &Value, out: &mut Vec<Problem>) {
    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else {
            // Rule gemini.boolean_schema — a Schema is an object message; a
            // JSON Schema boolean has no Schema form.
            out.push(problem(
                v.ptr(),
                "gemini.boolean_schema",
                "boolean schemas have no Gemini Schema form",
            ));
            return;
        };
        // Rule gemini.unsupported_field — only the Schema fields exist; any
        // other key (additionalProperties, $ref, $defs, oneOf, allOf, const,
        // exclusiveMinimum, …) is an unknown field the API refuses ("Unknown
        // name … Cannot find field").
        for k in obj.keys() {
            if !GEMINI_FIELDS.contains(&k.as_str()) {
                out.push(problem(
                    v.at(&[k]),
                    "gemini.unsupported_field",
                    format!("`{k}` is not a field of the Gemini Schema object"),
                ));
            }
        }
        // Rules gemini.type_array / gemini.type / gemini.missing_type —
        // "type: enum (Type). Required. Data type." One Type value, never a
        // list (nullability is the separate `nullable` field); a schema that
        // is an `anyOf` may leave it out.
        let type_name = match obj.get("type") {
            Some(Value::String(s)) => {
                let lower = s.to_ascii_lowercase();
                if !GEMINI_TYPES.contains(&lower.as_str()) {
                    out.push(problem(
                        v.at(&["type"]),
                        "gemini.type",
                        format!("unknown type {s:?}"),
                    ));
                }
                Some(lower)
            }
            Some(Value::Array(_)) => {
                out.push(problem(
                    v.at(&["type"]),
                    "gemini.type_array",
                    "`type` must be a single type; use \"nullable\": true for null",
                ));
                None
            }
            Some(other) => {
                out.push(problem(
                    v.at(&["type"]),
                    "gemini.type",
                    format!("`type` must be a string, not {}", describe(other)),
                ));
                None
            }
            None => {
                if !obj.contains_key("anyOf") {
                    out.push(problem(
                        v.ptr(),
                        "gemini.missing_type",
                        "schema has no `type`",
                    ));
                }
                None
            }
        };
        // Rules gemini.enum_type / gemini.enum_value — "enum[]: string.
        // Possible values of the element of Type.STRING with enum format."
        if let Some(e) = obj.get("enum") {
            if let Some(t) = type_name.as_deref()
                && t != "string"
            {
                out.push(problem(
                    v.at(&["enum"]),
                    "gemini.enum_type",
                    format!("`enum` is only for type string, not {t}"),
                ));
            }
            match e.as_array() {
                Some(items) => {
                    for (i, item) in items.iter().enumerate() {
                        if !item.is_string() {
                            out.push(problem(
                                v.at(&["enum", &i.to_string()]),
                                "gemini.enum_value",
                                format!("enum values are strings, not {}", describe(item)),
                            ));
                        }
                    }
                }
                None => out.push(problem(
                    v.at(&["enum"]),
                    "gemini.malformed",
                    "`enum` must be an array of strings",
                )),
            }
        }
        // Rule gemini.required_undefined — "required[]: Required properties
        // of Type.OBJECT": each name is one of `properties` (the API answers
        // "property is not defined" otherwise).
        if let Some(r) = obj.get("required").and_then(Value::as_array) {
            let props = obj.get("properties").and_then(Value::as_object);
            for (i, name) in r.iter().enumerate() {
                if let Some(name) = name.as_str()
                    && !props.is_some_and(|p| p.contains_key(name))
                {
                    out.push(problem(
                        v.at(&["required", &i.to_string()]),
                        "gemini.required_undefined",
                        format!("required property {name:?} is not defined in `properties`"),
                    ));
                }
            }
        }
        // Rule gemini.any_of_alone — the API refuses a Schema that sets
        // `anyOf` and any other field ("When using any_of, it must be the
        // only field set", as Vertex AI and the Gemini API answer).
        if obj.contains_key("anyOf") {
            for k in obj.keys().filter(|k| *k != "anyOf") {
                out.push(problem(
                    v.at(&[k]),
                    "gemini.any_of_alone",
                    format!("`{k}` beside `anyOf`: any_of must be the only field set"),
                ));
            }
        }
        gemini_field_shapes(v, obj, out);
    });
}

/// Rule gemini.malformed — each field has the value type the Schema reference
/// gives it: `nullable` boolean; `items` one Schema (no tuple form);
/// `propertyOrdering` strings; counts are int64 (JSON number or decimal
/// string); `minimum`/`maximum` numbers; text fields strings.
fn gemini_field_shapes(v: &Visit<'_>, obj: &Map<String, Value>, out: &mut Vec<Problem>) {
    check_common_shapes(v, out, "gemini.malformed");
    let mut bad = |k: &str, what: &str| {
        out.push(problem(
            v.at(&[k]),
            "gemini.malformed",
            format!("`{k}` must be {what}"),
        ));
    };
    for (k, val) in obj {
        let k = k.as_str();
        match k {
            "nullable" if !val.is_boolean() => bad(k, "a boolean"),
            "items" if !val.is_object() => bad(k, "one schema object (tuples are not supported)"),
            "propertyOrdering"
                if !val
                    .as_array()
                    .is_some_and(|a| a.iter().all(Value::is_string)) =>
            {
                bad(k, "an array of property names")
            }
            "minItems" | "maxItems" | "minLength" | "maxLength" | "minProperties"
            | "maxProperties"
                if !(val.is_u64()
                    || val.as_str().is_some_and(|s| {
                        !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
                    })) =>
            {
                bad(k, "a non-negative integer")
            }
            "minimum" | "maximum" if !val.is_number() => bad(k, "a number"),
            "title" | "description" | "pattern" | "format" if !val.is_string() => {
                bad(k, "a string")
            }
            _ => {}
        }
    }
}

// ---------------------------------------------------------------------------
// Gemini JSON Schema fields (`parametersJsonSchema`, `responseJsonSchema`)
// ---------------------------------------------------------------------------
//
// Source for every rule unless stated: Gemini API reference, "GenerationConfig"
// field `responseJsonSchema` (ai.google.dev/api/generate-content#GenerationConfig):
// "While the full JSON Schema may be sent, not all features are supported.
// Specifically, only the following properties are supported: $id, $defs, $ref,
// $anchor, type, format, title, description, enum (for strings and numbers),
// items, prefixItems, minItems, maxItems, minimum, maximum, anyOf, oneOf
// (interpreted the same as anyOf), properties, additionalProperties, required.
// The non-standard propertyOrdering property may also be set. Cyclic
// references are unrolled to a limited degree and, as such, may only be used
// within non-required properties. (Nullable properties are not sufficient.)
// If $ref is set on a sub-schema, no other properties, except for than those
// starting as a $, may be set." And "FunctionDeclaration" field
// `parametersJsonSchema` (ai.google.dev/api/caching#FunctionDeclaration): "The
// schema must describe an object where the properties are the parameters to
// the function."

const GEMINI_JSON_KEYWORDS: &[&str] = &[
    "$id",
    "$defs",
    "$ref",
    "$anchor",
    "type",
    "format",
    "title",
    "description",
    "enum",
    "items",
    "prefixItems",
    "minItems",
    "maxItems",
    "minimum",
    "maximum",
    "anyOf",
    "oneOf",
    "properties",
    "additionalProperties",
    "required",
    "propertyOrdering",
];

fn check_gemini_json(schema: &Value, out: &mut Vec<Problem>) {
    // Rule gemini_json.root_not_object — parametersJsonSchema "must describe
    // an object" (a root `$ref` to an object definition also describes one).
    let root_obj = schema
        .as_object()
        .map(|root| match root.get("$ref").and_then(Value::as_str) {
            Some(r) => match parse_ref(r) {
                RefTarget::Pointer(segs) => resolve(schema, &segs).and_then(Value::as_object),
                _ => None,
            },
            None => Some(root),
        });
    if root_obj
        .flatten()
        .is_none_or(|o| o.get("type").and_then(Value::as_str) != Some("object"))
    {
        out.push(problem(
            "",
            "gemini_json.root_not_object",
            "the schema must describe an object (\"type\": \"object\")",
        ));
    }

    let index = index_refs(schema);
    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else {
            // Rule gemini_json.boolean_schema — the supported list has no
            // boolean schemas (`additionalProperties: false` is a keyword
            // value, not a walked schema, and stays allowed).
            out.push(problem(
                v.ptr(),
                "gemini_json.boolean_schema",
                "boolean schemas are not among the supported features",
            ));
            return;
        };
        // Rule gemini_json.unsupported_keyword — "only the following
        // properties are supported" (see GEMINI_JSON_KEYWORDS).
        for k in obj.keys() {
            if !GEMINI_JSON_KEYWORDS.contains(&k.as_str()) {
                out.push(problem(
                    v.at(&[k]),
                    "gemini_json.unsupported_keyword",
                    format!("`{k}` is not among the supported JSON Schema properties"),
                ));
            }
        }
        // Rule gemini_json.type — JSON Schema type names only.
        if let Some(t) = obj.get("type") {
            match type_list(t) {
                Some(names) => {
                    for n in names.iter().filter(|n| !JSON_TYPES.contains(n)) {
                        out.push(problem(
                            v.at(&["type"]),
                            "gemini_json.type",
                            format!("unknown type {n:?}"),
                        ));
                    }
                }
                None => out.push(problem(
                    v.at(&["type"]),
                    "gemini_json.type",
                    format!(
                        "`type` must be a type name or an array of them, not {}",
                        describe(t)
                    ),
                )),
            }
        }
        // Rule gemini_json.enum_value — "enum (for strings and numbers)".
        if let Some(e) = obj.get("enum").and_then(Value::as_array) {
            for (i, item) in e.iter().enumerate() {
                if !(item.is_string() || item.is_number()) {
                    out.push(problem(
                        v.at(&["enum", &i.to_string()]),
                        "gemini_json.enum_value",
                        format!(
                            "enum values must be strings or numbers, not {}",
                            describe(item)
                        ),
                    ));
                }
            }
        }
        // Rule gemini_json.ref_siblings — "If $ref is set on a sub-schema, no
        // other properties, except for than those starting as a $, may be set."
        if obj.contains_key("$ref") {
            for k in obj.keys().filter(|k| !k.starts_with('$')) {
                out.push(problem(
                    v.at(&[k]),
                    "gemini_json.ref_siblings",
                    format!("`{k}` may not be set beside `$ref`"),
                ));
            }
        }
        check_common_shapes(v, out, "gemini_json.malformed");
    });

    // Rule gemini_json.unresolved_ref — `$ref` targets are this document's
    // `$defs` (pointers) or `$anchor`s.
    let mut edges = Vec::new();
    let mut edge_refs = Vec::new();
    for (loc, r) in &index.refs {
        let at = child_ptr(loc, &["$ref"]);
        match ref_location(schema, &index, r, true) {
            Some(target) => {
                edges.push((loc.clone(), target));
                edge_refs.push(at);
            }
            None => out.push(problem(
                at,
                "gemini_json.unresolved_ref",
                format!("$ref {r:?} does not resolve"),
            )),
        }
    }
    // Rule gemini_json.required_cycle — cyclic references "may only be used
    // within non-required properties. (Nullable properties are not
    // sufficient.)": a reference cycle every step of which stays on required
    // properties (or array items, or anyOf branches) is refused.
    let keep = |target: &[String], loc: &[String]| !passes_optional_property(schema, target, loc);
    for (bad, at) in refs_on_cycles(&edges, keep).into_iter().zip(edge_refs) {
        if bad {
            out.push(problem(
                at,
                "gemini_json.required_cycle",
                "cyclic $ref reachable only through required properties",
            ));
        }
    }
}

// ---------------------------------------------------------------------------
// Tests: per provider, schemas accepted and schemas refused (rule and path).
// ---------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// `Ok` = accepted; `Err((rule, path))` = refused with at least that problem.
    type Expect = Result<(), (&'static str, &'static str)>;

    fn run(provider: Provider, cases: Vec<(&str, Value, Expect)>) {
        let mut failures = Vec::new();
        for (name, schema, expect) in cases {
            let got = check(provider, &schema);
            match expect {
                Ok(()) if !got.is_empty() => failures.push(format!(
                    "{provider:?} {name}: expected accepted, got {got:#?}"
                )),
                Err((rule, path)) if !got.iter().any(|p| p.rule == rule && p.path == path) => {
                    failures.push(format!(
                        "{provider:?} {name}: expected {rule} at {path:?}, got {got:#?}"
                    ))
                }
                _ => {}
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    fn closed(props: Value) -> Value {
        let required: Vec<String> = props.as_object().unwrap().keys().cloned().collect();
        json!({"type": "object", "properties": props, "required": required, "additionalProperties": false})
    }

    #[test]
    fn pointers_escape() {
        assert_eq!(pointer(&["a/b".into(), "c~d".into()]), "/a~1b/c~0d");
        assert_eq!(
            parse_ref("#/$defs/a~1b"),
            RefTarget::Pointer(vec!["$defs".into(), "a/b".into()])
        );
        assert_eq!(
            parse_ref("#/$defs/a%20b"),
            RefTarget::Pointer(vec!["$defs".into(), "a b".into()])
        );
        assert_eq!(parse_ref("#"), RefTarget::Pointer(vec![]));
        assert_eq!(parse_ref("#node"), RefTarget::Anchor("node".into()));
        assert_eq!(parse_ref("other.json#/x"), RefTarget::External);
        let p = check(
            Provider::Gemini,
            &json!({"type": "object", "properties": {"a/b~": {"type": "string", "const": 1}}}),
        );
        assert!(
            p.iter().any(|p| p.path == "/properties/a~1b~0/const"),
            "{p:#?}"
        );
    }

    #[test]
    fn json_schema_2020() {
        run(
            Provider::JsonSchema2020,
            vec![
                (
                    "plain object",
                    json!({"type": "object", "properties": {"a": {"type": "string"}}}),
                    Ok(()),
                ),
                (
                    "2020 keywords and $schema",
                    json!({
                        "$schema": "https://json-schema.org/draft/2020-12/schema",
                        "type": "array",
                        "prefixItems": [{"type": "integer"}],
                        "items": false,
                        "$defs": {"x": {"type": "string"}},
                        "unevaluatedProperties": false
                    }),
                    Ok(()),
                ),
                (
                    "ref to $defs",
                    json!({"$ref": "#/$defs/a", "$defs": {"a": {"type": "null"}}}),
                    Ok(()),
                ),
                ("boolean schema", json!(true), Ok(())),
                (
                    "draft-07 $schema",
                    json!({"$schema": "http://json-schema.org/draft-07/schema#", "type": "string"}),
                    Err(("json2020.foreign_schema", "/$schema")),
                ),
                (
                    "bad type name",
                    json!({"type": "strin"}),
                    Err(("json2020.meta_schema", "/type")),
                ),
                (
                    "tuple items",
                    json!({"type": "array", "items": [{"type": "string"}]}),
                    Err(("json2020.meta_schema", "/items")),
                ),
                (
                    "negative minLength",
                    json!({"minLength": -1}),
                    Err(("json2020.meta_schema", "/minLength")),
                ),
                (
                    "unresolvable ref",
                    json!({"$ref": "#/$defs/missing"}),
                    Err(("json2020.compile", "")),
                ),
                (
                    "remote ref is not fetched",
                    json!({"$ref": "https://example.invalid/schema.json"}),
                    Err(("json2020.compile", "")),
                ),
                (
                    "bad regex",
                    json!({"pattern": "(unclosed"}),
                    Err(("json2020.compile", "")),
                ),
                (
                    "additionalItems",
                    json!({"type": "array", "prefixItems": [{}], "additionalItems": false}),
                    Err(("json2020.legacy_keyword", "/additionalItems")),
                ),
            ],
        );
    }

    #[test]
    fn json_schema_draft07() {
        run(
            Provider::JsonSchemaDraft07,
            vec![
                (
                    "draft-07 schema",
                    json!({
                        "$schema": "http://json-schema.org/draft-07/schema#",
                        "type": "object",
                        "properties": {"a": {"$ref": "#/definitions/A", "description": "an A"}},
                        "definitions": {"A": {"type": "array", "items": [{"type": "string"}], "additionalItems": false}},
                        "dependencies": {"a": ["b"]}
                    }),
                    Ok(()),
                ),
                (
                    "2020-12 $schema",
                    json!({"$schema": "https://json-schema.org/draft/2020-12/schema"}),
                    Err(("draft07.foreign_schema", "/$schema")),
                ),
                (
                    "$defs",
                    json!({"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "string"}}}),
                    Err(("draft07.newer_keyword", "/$defs")),
                ),
                (
                    "prefixItems",
                    json!({"prefixItems": [{"type": "string"}]}),
                    Err(("draft07.newer_keyword", "/prefixItems")),
                ),
                (
                    "dependentRequired",
                    json!({"dependentRequired": {"a": ["b"]}}),
                    Err(("draft07.newer_keyword", "/dependentRequired")),
                ),
                (
                    "nested unevaluatedProperties",
                    json!({"properties": {"x": {"unevaluatedProperties": false}}}),
                    Err((
                        "draft07.newer_keyword",
                        "/properties/x/unevaluatedProperties",
                    )),
                ),
                (
                    "$anchor",
                    json!({"$anchor": "a"}),
                    Err(("draft07.newer_keyword", "/$anchor")),
                ),
                (
                    "$dynamicRef",
                    json!({"$dynamicRef": "#a", "$dynamicAnchor": "a"}),
                    Err(("draft07.newer_keyword", "/$dynamicRef")),
                ),
                (
                    "unevaluatedItems",
                    json!({"unevaluatedItems": false}),
                    Err(("draft07.newer_keyword", "/unevaluatedItems")),
                ),
                (
                    "constraint beside $ref",
                    json!({"definitions": {"A": {"type": "string"}}, "properties": {"a": {"$ref": "#/definitions/A", "maxLength": 3}}}),
                    Err(("draft07.ref_siblings", "/properties/a/maxLength")),
                ),
                (
                    "bad type",
                    json!({"type": 5}),
                    Err(("draft07.meta_schema", "/type")),
                ),
                (
                    "unresolvable ref",
                    json!({"$ref": "#/definitions/none"}),
                    Err(("draft07.compile", "")),
                ),
            ],
        );
    }

    #[test]
    fn openai_strict() {
        let good = closed(json!({
            "name": {"type": "string", "pattern": "^[a-z]+$", "description": "lower case"},
            "when": {"type": ["string", "null"], "format": "date-time"},
            "n": {"type": "integer", "minimum": 0, "maximum": 10, "multipleOf": 2},
            "x": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "minItems": 1, "maxItems": 3},
            "kind": {"const": "k"},
            "item": {"anyOf": [closed(json!({"id": {"type": "string"}})), {"type": "null"}]},
            "step": {"$ref": "#/$defs/step"}
        }));
        let mut with_defs = good.clone();
        with_defs["$defs"] = json!({"step": closed(json!({"next": {"anyOf": [{"$ref": "#/$defs/step"}, {"type": "null"}]}}))});
        let recursive = json!({
            "type": "object",
            "properties": {"children": {"type": "array", "items": {"$ref": "#"}}},
            "required": ["children"],
            "additionalProperties": false
        });
        let mut deep = closed(json!({"leaf": {"type": "string"}}));
        for _ in 0..10 {
            deep = closed(json!({"n": deep}));
        }
        let many_props: Map<String, Value> = (0..5001)
            .map(|i| (format!("p{i}"), json!({"type": "string"})))
            .collect();
        let many_enum: Vec<Value> = (0..1001).map(|i| json!(i)).collect();
        let long_enum: Vec<Value> = (0..251).map(|i| json!(format!("{i:0>60}"))).collect();
        run(
            Provider::OpenAiStrict,
            vec![
                ("supported subset", with_defs, Ok(())),
                ("root recursion", recursive, Ok(())),
                (
                    "ten levels",
                    {
                        let mut s = closed(json!({"leaf": {"type": "string"}}));
                        for _ in 0..9 {
                            s = closed(json!({"n": s}));
                        }
                        s
                    },
                    Ok(()),
                ),
                (
                    "root array",
                    json!({"type": "array", "items": {"type": "string"}}),
                    Err(("openai.root_not_object", "")),
                ),
                (
                    "root anyOf",
                    json!({"type": "object", "additionalProperties": false, "anyOf": [closed(json!({"a": {"type": "string"}}))]}),
                    Err(("openai.root_any_of", "/anyOf")),
                ),
                (
                    "open object",
                    json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}),
                    Err(("openai.additional_properties", "")),
                ),
                (
                    "nested open object",
                    closed(json!({"o": {"type": "object", "properties": {}, "required": []}})),
                    Err(("openai.additional_properties", "/properties/o")),
                ),
                (
                    "optional property",
                    json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["a"], "additionalProperties": false}),
                    Err(("openai.required_all", "")),
                ),
                (
                    "allOf",
                    closed(json!({"a": {"allOf": [{"type": "string"}]}})),
                    Err(("openai.unsupported_composition", "/properties/a/allOf")),
                ),
                (
                    "not",
                    closed(json!({"a": {"type": "string", "not": {"const": "x"}}})),
                    Err(("openai.unsupported_composition", "/properties/a/not")),
                ),
                (
                    "if",
                    closed(json!({"a": {"type": "string", "if": {"const": "x"}}})),
                    Err(("openai.unsupported_composition", "/properties/a/if")),
                ),
                (
                    "dependentRequired",
                    json!({"type": "object", "properties": {}, "required": [], "additionalProperties": false, "dependentRequired": {}}),
                    Err(("openai.unsupported_composition", "/dependentRequired")),
                ),
                (
                    "oneOf",
                    closed(json!({"a": {"oneOf": [{"type": "string"}, {"type": "null"}]}})),
                    Err(("openai.unsupported_keyword", "/properties/a/oneOf")),
                ),
                (
                    "patternProperties",
                    json!({"type": "object", "properties": {}, "required": [], "additionalProperties": false, "patternProperties": {"^x": {"type": "string"}}}),
                    Err(("openai.unsupported_keyword", "/patternProperties")),
                ),
                (
                    "minLength",
                    closed(json!({"a": {"type": "string", "minLength": 1}})),
                    Err(("openai.unsupported_keyword", "/properties/a/minLength")),
                ),
                (
                    "default",
                    closed(json!({"a": {"type": "string", "default": "x"}})),
                    Err(("openai.unsupported_keyword", "/properties/a/default")),
                ),
                (
                    "uniqueItems",
                    closed(
                        json!({"a": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}}),
                    ),
                    Err(("openai.unsupported_keyword", "/properties/a/uniqueItems")),
                ),
                (
                    "tuple items",
                    closed(json!({"a": {"type": "array", "items": [{"type": "string"}]}})),
                    Err(("openai.tuple_items", "/properties/a/items")),
                ),
                (
                    "uri format",
                    closed(json!({"a": {"type": "string", "format": "uri"}})),
                    Err(("openai.format", "/properties/a/format")),
                ),
                (
                    "unknown type",
                    closed(json!({"a": {"type": "str"}})),
                    Err(("openai.type", "/properties/a/type")),
                ),
                (
                    "untyped",
                    closed(json!({"a": {"description": "anything"}})),
                    Err(("openai.missing_type", "/properties/a")),
                ),
                (
                    "boolean schema",
                    closed(json!({"a": true})),
                    Err(("openai.boolean_schema", "/properties/a")),
                ),
                (
                    "ref with description",
                    {
                        let mut s =
                            closed(json!({"a": {"$ref": "#/$defs/A", "description": "an A"}}));
                        s["$defs"] = json!({"A": {"type": "string"}});
                        s
                    },
                    Err(("openai.ref_siblings", "/properties/a/description")),
                ),
                (
                    "dangling ref",
                    closed(json!({"a": {"$ref": "#/$defs/missing"}})),
                    Err(("openai.unresolved_ref", "/properties/a/$ref")),
                ),
                (
                    "external ref",
                    closed(json!({"a": {"$ref": "https://example.com/a.json"}})),
                    Err(("openai.unresolved_ref", "/properties/a/$ref")),
                ),
                (
                    "eleven levels",
                    deep,
                    // Counted through `$ref` over the whole document: one
                    // problem for the document.
                    Err(("openai.nesting_depth", "")),
                ),
                (
                    "5001 properties",
                    closed(Value::Object(many_props)),
                    Err(("openai.property_count", "")),
                ),
                (
                    "1001 enum values",
                    closed(json!({"a": {"type": "integer", "enum": many_enum}})),
                    Err(("openai.enum_count", "")),
                ),
                (
                    "long string enum",
                    closed(json!({"a": {"type": "string", "enum": long_enum}})),
                    Err(("openai.enum_string_length", "/properties/a/enum")),
                ),
                (
                    "120k characters",
                    closed(
                        json!({"a": {"type": "string", "enum": (0..200).map(|i| json!(format!("{i:0>601}"))).collect::<Vec<_>>()}}),
                    ),
                    Err(("openai.string_length", "")),
                ),
                (
                    "$schema",
                    {
                        let mut s = closed(json!({}));
                        s["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
                        s
                    },
                    Err(("openai.unsupported_keyword", "/$schema")),
                ),
            ],
        );
    }

    #[test]
    fn openai_nesting_counts_objects_only() {
        // Ten object levels with arrays between them stays inside the limit.
        let mut s = closed(json!({"leaf": {"type": "string"}}));
        for _ in 0..9 {
            s = closed(json!({"list": {"type": "array", "items": s}}));
        }
        assert!(check(Provider::OpenAiStrict, &s).is_empty());
    }

    #[test]
    fn anthropic_strict() {
        let good = json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "who", "pattern": "^[A-Z][a-z]+$"},
                "email": {"type": "string", "format": "email"},
                "site": {"type": "string", "format": "uri"},
                "age": {"type": ["integer", "null"]},
                "level": {"enum": ["low", 1, true, null]},
                "kind": {"const": "person", "default": "person"},
                "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                "address": {"$ref": "#/$defs/address"},
                "pet": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                "both": {"allOf": [{"type": "object", "properties": {}, "additionalProperties": false}]}
            },
            "required": ["name"],
            "additionalProperties": false,
            "$defs": {"address": {"type": "object", "title": "Address", "properties": {"city": {"type": "string"}}, "additionalProperties": false}}
        });
        let many_optional: Map<String, Value> = (0..25)
            .map(|i| (format!("p{i}"), json!({"type": "string"})))
            .collect();
        let many_unions: Map<String, Value> = (0..17)
            .map(|i| (format!("p{i}"), json!({"type": ["string", "null"]})))
            .collect();
        let obj = |props: Value| json!({"type": "object", "properties": props, "additionalProperties": false});
        run(
            Provider::AnthropicStrict,
            vec![
                ("supported subset", good, Ok(())),
                (
                    "open object",
                    json!({"type": "object", "properties": {}}),
                    Err(("anthropic.additional_properties", "")),
                ),
                (
                    "additionalProperties schema",
                    json!({"type": "object", "additionalProperties": {"type": "string"}}),
                    Err(("anthropic.additional_properties", "")),
                ),
                (
                    "minimum",
                    obj(json!({"n": {"type": "integer", "minimum": 0}})),
                    Err(("anthropic.numeric_constraint", "/properties/n/minimum")),
                ),
                (
                    "multipleOf",
                    obj(json!({"n": {"type": "number", "multipleOf": 2}})),
                    Err(("anthropic.numeric_constraint", "/properties/n/multipleOf")),
                ),
                (
                    "exclusiveMaximum",
                    obj(json!({"n": {"type": "number", "exclusiveMaximum": 2}})),
                    Err((
                        "anthropic.numeric_constraint",
                        "/properties/n/exclusiveMaximum",
                    )),
                ),
                (
                    "maxLength",
                    obj(json!({"s": {"type": "string", "maxLength": 9}})),
                    Err(("anthropic.string_constraint", "/properties/s/maxLength")),
                ),
                (
                    "minItems 2",
                    obj(
                        json!({"a": {"type": "array", "items": {"type": "string"}, "minItems": 2}}),
                    ),
                    Err(("anthropic.array_constraint", "/properties/a/minItems")),
                ),
                (
                    "maxItems",
                    obj(
                        json!({"a": {"type": "array", "items": {"type": "string"}, "maxItems": 2}}),
                    ),
                    Err(("anthropic.array_constraint", "/properties/a/maxItems")),
                ),
                (
                    "uniqueItems",
                    obj(
                        json!({"a": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}}),
                    ),
                    Err(("anthropic.array_constraint", "/properties/a/uniqueItems")),
                ),
                (
                    "oneOf",
                    obj(json!({"a": {"oneOf": [{"type": "string"}, {"type": "integer"}]}})),
                    Err(("anthropic.unsupported_keyword", "/properties/a/oneOf")),
                ),
                (
                    "not",
                    obj(json!({"a": {"type": "string", "not": {"const": "x"}}})),
                    Err(("anthropic.unsupported_keyword", "/properties/a/not")),
                ),
                (
                    "prefixItems",
                    obj(json!({"a": {"type": "array", "prefixItems": [{"type": "string"}]}})),
                    Err(("anthropic.unsupported_keyword", "/properties/a/prefixItems")),
                ),
                (
                    "complex enum",
                    obj(json!({"a": {"enum": [{"x": 1}]}})),
                    Err(("anthropic.enum_value", "/properties/a/enum/0")),
                ),
                (
                    "int32 format",
                    obj(json!({"a": {"type": "integer", "format": "int32"}})),
                    Err(("anthropic.format", "/properties/a/format")),
                ),
                (
                    "lookahead",
                    obj(json!({"a": {"type": "string", "pattern": "^(?=.*\\d).+$"}})),
                    Err(("anthropic.pattern", "/properties/a/pattern")),
                ),
                (
                    "lookbehind",
                    obj(json!({"a": {"type": "string", "pattern": "(?<!x)y"}})),
                    Err(("anthropic.pattern", "/properties/a/pattern")),
                ),
                (
                    "backreference",
                    obj(json!({"a": {"type": "string", "pattern": "(a)\\1"}})),
                    Err(("anthropic.pattern", "/properties/a/pattern")),
                ),
                (
                    "word boundary",
                    obj(json!({"a": {"type": "string", "pattern": "\\bword\\b"}})),
                    Err(("anthropic.pattern", "/properties/a/pattern")),
                ),
                (
                    "external ref",
                    obj(json!({"a": {"$ref": "http://example.com/s.json"}})),
                    Err(("anthropic.external_ref", "/properties/a/$ref")),
                ),
                (
                    "dangling ref",
                    obj(json!({"a": {"$ref": "#/$defs/none"}})),
                    Err(("anthropic.unresolved_ref", "/properties/a/$ref")),
                ),
                (
                    "allOf with $ref",
                    json!({"type": "object", "properties": {"a": {"allOf": [{"$ref": "#/$defs/A"}]}}, "additionalProperties": false, "$defs": {"A": {"type": "string"}}}),
                    Err(("anthropic.allof_ref", "/properties/a/allOf/0/$ref")),
                ),
                (
                    "self recursion",
                    json!({"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#"}}}, "additionalProperties": false}),
                    Err(("anthropic.recursive_ref", "/properties/children/items/$ref")),
                ),
                (
                    "mutual recursion",
                    json!({
                        "type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "additionalProperties": false,
                        "$defs": {
                            "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}, "additionalProperties": false},
                            "B": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "additionalProperties": false}
                        }
                    }),
                    Err(("anthropic.recursive_ref", "/$defs/B/properties/a/$ref")),
                ),
                (
                    "untyped",
                    obj(json!({"a": {"description": "anything"}})),
                    Err(("anthropic.missing_type", "/properties/a")),
                ),
                (
                    "unknown type",
                    obj(json!({"a": {"type": "float"}})),
                    Err(("anthropic.type", "/properties/a/type")),
                ),
                (
                    "25 optional",
                    obj(Value::Object(many_optional)),
                    Err(("anthropic.optional_limit", "")),
                ),
                (
                    "17 unions",
                    {
                        let mut s = obj(Value::Object(many_unions.clone()));
                        s["required"] = json!(many_unions.keys().collect::<Vec<_>>());
                        s
                    },
                    Err(("anthropic.union_limit", "")),
                ),
            ],
        );
    }

    #[test]
    fn anthropic_shared_definition_is_not_recursion() {
        let s = json!({
            "type": "object",
            "properties": {"home": {"$ref": "#/$defs/A"}, "work": {"$ref": "#/$defs/A"}},
            "additionalProperties": false,
            "$defs": {"A": {"type": "object", "properties": {"city": {"type": "string"}}, "additionalProperties": false}}
        });
        assert!(check(Provider::AnthropicStrict, &s).is_empty());
    }

    #[test]
    fn gemini_openapi_subset() {
        let good = json!({
            "type": "object",
            "title": "Params",
            "description": "all 22 fields in use",
            "properties": {
                "name": {"type": "string", "minLength": 1, "maxLength": 20, "pattern": "^[a-z]+$", "example": "bob", "default": "bob"},
                "color": {"type": "STRING", "format": "enum", "enum": ["red", "green"], "nullable": true},
                "when": {"type": "string", "format": "date-time"},
                "n": {"type": "integer", "format": "int32", "minimum": 0, "maximum": 9},
                "list": {"type": "array", "items": {"type": "number"}, "minItems": 1, "maxItems": "5"},
                "bag": {"type": "object", "properties": {}, "minProperties": 0, "maxProperties": 3},
                "either": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
                "none": {"type": "null"}
            },
            "required": ["name"],
            "propertyOrdering": ["name", "color"]
        });
        let obj = |props: Value| json!({"type": "object", "properties": props});
        run(
            Provider::Gemini,
            vec![
                ("the Schema fields", good, Ok(())),
                (
                    "type array",
                    obj(json!({"a": {"type": ["string", "null"]}})),
                    Err(("gemini.type_array", "/properties/a/type")),
                ),
                (
                    "unknown type",
                    obj(json!({"a": {"type": "text"}})),
                    Err(("gemini.type", "/properties/a/type")),
                ),
                (
                    "no type",
                    obj(json!({"a": {"description": "x"}})),
                    Err(("gemini.missing_type", "/properties/a")),
                ),
                (
                    "integer enum",
                    obj(json!({"a": {"type": "integer", "enum": ["1", "2"]}})),
                    Err(("gemini.enum_type", "/properties/a/enum")),
                ),
                (
                    "number enum values",
                    obj(json!({"a": {"type": "string", "enum": ["a", 2]}})),
                    Err(("gemini.enum_value", "/properties/a/enum/1")),
                ),
                (
                    "additionalProperties",
                    json!({"type": "object", "properties": {}, "additionalProperties": false}),
                    Err(("gemini.unsupported_field", "/additionalProperties")),
                ),
                (
                    "$ref",
                    obj(json!({"a": {"$ref": "#/$defs/A"}})),
                    Err(("gemini.unsupported_field", "/properties/a/$ref")),
                ),
                (
                    "$defs",
                    json!({"type": "object", "$defs": {"A": {"type": "string"}}}),
                    Err(("gemini.unsupported_field", "/$defs")),
                ),
                (
                    "oneOf",
                    obj(json!({"a": {"oneOf": [{"type": "string"}]}})),
                    Err(("gemini.unsupported_field", "/properties/a/oneOf")),
                ),
                (
                    "allOf",
                    obj(json!({"a": {"allOf": [{"type": "string"}]}})),
                    Err(("gemini.unsupported_field", "/properties/a/allOf")),
                ),
                (
                    "const",
                    obj(json!({"a": {"type": "string", "const": "x"}})),
                    Err(("gemini.unsupported_field", "/properties/a/const")),
                ),
                (
                    "exclusiveMinimum",
                    obj(json!({"a": {"type": "number", "exclusiveMinimum": 0}})),
                    Err(("gemini.unsupported_field", "/properties/a/exclusiveMinimum")),
                ),
                (
                    "$schema",
                    json!({"$schema": "x", "type": "object"}),
                    Err(("gemini.unsupported_field", "/$schema")),
                ),
                (
                    "required undefined",
                    json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["b"]}),
                    Err(("gemini.required_undefined", "/required/0")),
                ),
                (
                    "boolean schema",
                    obj(json!({"a": true})),
                    Err(("gemini.boolean_schema", "/properties/a")),
                ),
                (
                    "nullable not bool",
                    obj(json!({"a": {"type": "string", "nullable": "yes"}})),
                    Err(("gemini.malformed", "/properties/a/nullable")),
                ),
                (
                    "tuple items",
                    obj(json!({"a": {"type": "array", "items": [{"type": "string"}]}})),
                    Err(("gemini.malformed", "/properties/a/items")),
                ),
                (
                    "negative minItems",
                    obj(
                        json!({"a": {"type": "array", "items": {"type": "string"}, "minItems": -1}}),
                    ),
                    Err(("gemini.malformed", "/properties/a/minItems")),
                ),
                (
                    "nested in anyOf",
                    obj(json!({"a": {"anyOf": [{"type": ["string", "null"]}]}})),
                    Err(("gemini.type_array", "/properties/a/anyOf/0/type")),
                ),
            ],
        );
    }

    #[test]
    fn gemini_json_schema() {
        let good = json!({
            "$id": "https://example.com/p",
            "type": "object",
            "title": "P",
            "description": "params",
            "properties": {
                "name": {"type": "string", "format": "date"},
                "n": {"type": ["integer", "null"], "minimum": 0, "maximum": 5, "enum": [1, 2, 3]},
                "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}], "minItems": 2, "maxItems": 2},
                "list": {"type": "array", "items": {"$ref": "#/$defs/item"}},
                "either": {"oneOf": [{"type": "string"}, {"anyOf": [{"type": "number"}]}]},
                "tree": {"$ref": "#node"}
            },
            "required": ["name", "n"],
            "additionalProperties": false,
            "propertyOrdering": ["name", "n"],
            "$defs": {
                "item": {"type": "object", "properties": {"v": {"type": "string", "enum": ["a", "b"]}}, "additionalProperties": {"type": "string"}},
                "node": {"$anchor": "node", "type": "object", "properties": {"child": {"$ref": "#node"}}, "required": []}
            }
        });
        let obj = |props: Value| json!({"type": "object", "properties": props});
        run(
            Provider::GeminiJsonSchema,
            vec![
                ("supported subset", good, Ok(())),
                (
                    "root ref to object",
                    json!({"$ref": "#/$defs/P", "$defs": {"P": {"type": "object", "properties": {}}}}),
                    Ok(()),
                ),
                (
                    "optional recursion",
                    json!({"type": "object", "properties": {"next": {"$ref": "#"}}, "required": []}),
                    Ok(()),
                ),
                (
                    "root string",
                    json!({"type": "string"}),
                    Err(("gemini_json.root_not_object", "")),
                ),
                (
                    "allOf",
                    obj(json!({"a": {"allOf": [{"type": "string"}]}})),
                    Err(("gemini_json.unsupported_keyword", "/properties/a/allOf")),
                ),
                (
                    "const",
                    obj(json!({"a": {"const": "x"}})),
                    Err(("gemini_json.unsupported_keyword", "/properties/a/const")),
                ),
                (
                    "minLength",
                    obj(json!({"a": {"type": "string", "minLength": 1}})),
                    Err(("gemini_json.unsupported_keyword", "/properties/a/minLength")),
                ),
                (
                    "pattern",
                    obj(json!({"a": {"type": "string", "pattern": "^a"}})),
                    Err(("gemini_json.unsupported_keyword", "/properties/a/pattern")),
                ),
                (
                    "nullable",
                    obj(json!({"a": {"type": "string", "nullable": true}})),
                    Err(("gemini_json.unsupported_keyword", "/properties/a/nullable")),
                ),
                (
                    "definitions",
                    json!({"type": "object", "definitions": {}}),
                    Err(("gemini_json.unsupported_keyword", "/definitions")),
                ),
                (
                    "bool enum",
                    obj(json!({"a": {"enum": [true, false]}})),
                    Err(("gemini_json.enum_value", "/properties/a/enum/0")),
                ),
                (
                    "ref with description",
                    json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/A", "description": "x"}}, "$defs": {"A": {"type": "string"}}}),
                    Err(("gemini_json.ref_siblings", "/properties/a/description")),
                ),
                (
                    "dangling ref",
                    obj(json!({"a": {"$ref": "#/$defs/none"}})),
                    Err(("gemini_json.unresolved_ref", "/properties/a/$ref")),
                ),
                (
                    "dangling anchor",
                    obj(json!({"a": {"$ref": "#nowhere"}})),
                    Err(("gemini_json.unresolved_ref", "/properties/a/$ref")),
                ),
                (
                    "required recursion",
                    json!({"type": "object", "properties": {"next": {"$ref": "#"}}, "required": ["next"]}),
                    Err(("gemini_json.required_cycle", "/properties/next/$ref")),
                ),
                (
                    "nullable recursion is not enough",
                    json!({
                        "type": "object",
                        "properties": {"head": {"$ref": "#/$defs/N"}},
                        "$defs": {"N": {"type": "object", "properties": {"next": {"anyOf": [{"$ref": "#/$defs/N"}, {"type": "null"}]}}, "required": ["next"]}}
                    }),
                    Err((
                        "gemini_json.required_cycle",
                        "/$defs/N/properties/next/anyOf/0/$ref",
                    )),
                ),
                (
                    "boolean schema",
                    obj(json!({"a": false})),
                    Err(("gemini_json.boolean_schema", "/properties/a")),
                ),
                (
                    "unknown type",
                    obj(json!({"a": {"type": "int"}})),
                    Err(("gemini_json.type", "/properties/a/type")),
                ),
            ],
        );
    }

    #[test]
    fn deep_schemas_do_not_overflow() {
        // Built without recursion, and torn down without recursion, so the
        // test itself cannot overflow either.
        // (`json!` would serialize the inner value recursively, so the
        // nesting is built by hand.)
        let build = |levels: usize| {
            let mut s = json!({"type": "string"});
            for _ in 0..levels {
                let mut m = Map::new();
                m.insert("type".into(), Value::String("array".into()));
                m.insert("items".into(), s);
                s = Value::Object(m);
            }
            s
        };
        let teardown = |v: Value| {
            let mut stack = vec![v];
            while let Some(mut v) = stack.pop() {
                if let Some(o) = v.as_object_mut() {
                    stack.extend(std::mem::take(o).into_iter().map(|(_, x)| x));
                }
            }
        };

        // Inside the limit: every dialect runs to the end.
        let ok = build(MAX_DEPTH - 1);
        for p in [
            Provider::JsonSchema2020,
            Provider::JsonSchemaDraft07,
            Provider::OpenAiStrict,
            Provider::AnthropicStrict,
            Provider::Gemini,
            Provider::GeminiJsonSchema,
        ] {
            let problems = check(p, &ok);
            assert!(
                !problems.iter().any(|q| q.rule == "walk.depth_limit"),
                "{p:?}: {:?}",
                problems.first()
            );
            if matches!(
                p,
                Provider::JsonSchema2020 | Provider::JsonSchemaDraft07 | Provider::Gemini
            ) {
                assert!(problems.is_empty(), "{p:?}: {:?}", problems.first());
            }
        }
        teardown(ok);

        // Nesting through `properties` doubles the JSON depth; the validator
        // thread's stack still holds it.
        let mut chain = json!({"type": "string"});
        for _ in 0..MAX_DEPTH - 1 {
            let mut props = Map::new();
            props.insert("p".into(), chain);
            let mut m = Map::new();
            m.insert("type".into(), Value::String("object".into()));
            m.insert("properties".into(), Value::Object(props));
            chain = Value::Object(m);
        }
        for p in [Provider::JsonSchema2020, Provider::JsonSchemaDraft07] {
            let problems = check(p, &chain);
            assert!(problems.is_empty(), "{p:?}: {:?}", problems.first());
        }
        teardown(chain);

        // Far past it: reported, not overflowed.
        let deep = build(20_000);
        for p in [
            Provider::JsonSchema2020,
            Provider::JsonSchemaDraft07,
            Provider::Gemini,
        ] {
            let problems = check(p, &deep);
            assert!(
                problems.iter().any(|q| q.rule == "walk.depth_limit"),
                "{p:?}"
            );
        }
        let j = check(Provider::JsonSchema2020, &deep);
        assert!(j.iter().any(|q| q.rule == "json2020.too_deep"));
        teardown(deep);
    }
}
