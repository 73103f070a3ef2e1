//! Schema evolution: a directional breaking-change check between two
//! versions of a schema or of a `tools/list` result, and contract
//! fingerprints (cargo feature `compat`).
//!
//! ## What "breaking" means
//!
//! A tool's **input** schema says what a client may send: a change is
//! breaking iff some document the old schema accepts is refused by the new
//! one (a new required argument, a tighter bound, a removed enum value).
//! Its **output** schema says what a client may receive: a change is
//! breaking iff the new schema allows a document the old one refused (a
//! new enum value, a field no longer required, `null` now possible).
//! Everything else is compatible, including any rewrite that keeps the
//! meaning: key order, `$ref`/`$defs` restructured, a `oneOf` of `const`s
//! for an `enum`, annotations (`description`, `title`, `examples`,
//! `default`, unknown keywords).
//!
//! ```
//! use serde_json::json;
//! use toolform::Contract;
//! use toolform::compat::diff;
//!
//! let old = json!({"type": "object", "properties": {"limit": {"type": "integer", "maximum": 100}}});
//! let new = json!({"type": "object", "properties": {"limit": {"type": "integer", "maximum": 50}}});
//!
//! let report = diff(&old, &new, Contract::Input);
//! assert!(report.is_breaking());
//! let change = &report.changes()[0];
//! assert_eq!(change.pointer(), "/properties/limit/maximum");
//! assert_eq!(
//!     change.message(),
//!     "`/properties/limit/maximum`: 100 → 50: an input of 51..100 that was accepted is now refused"
//! );
//!
//! // The same edit on an output schema narrows what clients receive: compatible.
//! assert!(!diff(&old, &new, Contract::Output).is_breaking());
//! ```
//!
//! ## How sure a verdict is
//!
//! A "compatible" verdict is a proof: every document of the one schema
//! satisfies the other, keyword by keyword, through `$ref`, `allOf`,
//! `anyOf`/`oneOf` and recursion. A breaking change is either proven (the
//! message names documents one schema takes and the other refuses) or the
//! check could not decide and **fails closed** (the message says "cannot
//! prove ..."): two different `pattern`s, a `not` or `if` it cannot
//! reason about, a `format` it does not know applied to a listed value, a
//! `oneOf` whose alternatives it cannot show exclusive, a `$ref` outside
//! the document, schemas nested deeper than 512 levels, or more work than
//! its budget (4 million steps) allows. `format` is read as an assertion.
//! Numbers are compared as JSON Schema does (by value: `1` and `1.0` are
//! one number); listed values are compared in RFC 8785 canonical form.
//!
//! Besides breaking changes, a report lists the compatible ones it can
//! show (an input now accepting more, an output now promising more).

mod canon;
mod doc;
mod engine;
mod lock;
#[cfg(test)]
mod tests;

pub use lock::{
    LockError, LockOutcome, assert_lockfile, check_lockfile, tool, tool_without_output,
};

use crate::Contract;
use serde_json::{Map, Value};
use std::collections::HashSet;
use std::fmt;

/// How many changes a report keeps (the rest are counted in
/// [`Report::omitted`]).
pub const MAX_CHANGES: usize = 200;

/// One difference between two schemas (or two `tools/list` results).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    breaking: bool,
    pointer: String,
    message: String,
    tool: Option<String>,
    schema: Option<&'static str>,
}

impl Change {
    /// Whether a client holding the old contract can be broken by it.
    pub fn is_breaking(&self) -> bool {
        self.breaking
    }

    /// A JSON Pointer to the keyword, into the new schema (or into the old
    /// one, for something only the old one has). `""` is the root; for a
    /// tool added or removed, also `""`. A key longer than 100 characters
    /// is shown cut, followed by `...` (reports stay bounded in size).
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// What changed and what it means for a client, for a reviewer.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The tool, in a report of [`diff_tools`].
    pub fn tool(&self) -> Option<&str> {
        self.tool.as_deref()
    }

    /// `"inputSchema"` or `"outputSchema"`, in a report of [`diff_tools`]
    /// when the change is inside one of them.
    pub fn schema(&self) -> Option<&str> {
        self.schema
    }

    /// The change as JSON: `{"breaking", "pointer", "message"}`, with
    /// `"tool"` and `"schema"` when known.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("breaking".into(), Value::Bool(self.breaking));
        if let Some(t) = &self.tool {
            m.insert("tool".into(), Value::String(t.clone()));
        }
        if let Some(s) = self.schema {
            m.insert("schema".into(), Value::String(s.into()));
        }
        m.insert("pointer".into(), Value::String(self.pointer.clone()));
        m.insert("message".into(), Value::String(self.message.clone()));
        Value::Object(m)
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = if self.breaking {
            "breaking"
        } else {
            "compatible"
        };
        match (&self.tool, self.schema) {
            (Some(t), Some(s)) => write!(
                f,
                "{verdict}: tool {}, {s}: {}",
                crate::json::quoted(t),
                self.message
            ),
            (Some(t), None) => write!(
                f,
                "{verdict}: tool {}: {}",
                crate::json::quoted(t),
                self.message
            ),
            _ => write!(f, "{verdict}: {}", self.message),
        }
    }
}

/// The changes between two versions, breaking ones first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    changes: Vec<Change>,
    omitted: usize,
    breaking_omitted: bool,
}

impl Report {
    /// Whether any change is breaking.
    pub fn is_breaking(&self) -> bool {
        self.breaking_omitted || self.changes.iter().any(Change::is_breaking)
    }

    /// The changes found, breaking ones first (at most [`MAX_CHANGES`]).
    pub fn changes(&self) -> &[Change] {
        &self.changes
    }

    /// How many more changes were found than are listed.
    pub fn omitted(&self) -> usize {
        self.omitted
    }

    /// The report as JSON: `{"breaking": bool, "changes": [..], "omitted": n}`.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("breaking".into(), Value::Bool(self.is_breaking()));
        m.insert(
            "changes".into(),
            Value::Array(self.changes.iter().map(Change::to_json).collect()),
        );
        m.insert("omitted".into(), Value::from(self.omitted));
        Value::Object(m)
    }

    fn push(&mut self, seen: &mut HashSet<String>, change: Change) {
        let key = format!("{:?}{:?}{}", change.tool, change.schema, change.message);
        if !seen.insert(key) {
            return;
        }
        if self.changes.len() >= MAX_CHANGES {
            self.omitted += 1;
            self.breaking_omitted |= change.breaking;
            return;
        }
        self.changes.push(change);
    }

    fn finish(&mut self) {
        // Breaking first, each group in the order found.
        self.changes.sort_by_key(|c| !c.breaking);
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.changes.is_empty() {
            return writeln!(f, "no changes");
        }
        for c in &self.changes {
            writeln!(f, "{c}")?;
        }
        if self.omitted > 0 {
            writeln!(f, "... and {} more", self.omitted)?;
        }
        Ok(())
    }
}

/// The changes from `old` to `new`, read as schemas of what a client may
/// send ([`Contract::Input`]) or receive ([`Contract::Output`]).
///
/// Any JSON Schema 2020-12 document (local `$ref`s by JSON Pointer,
/// `$anchor` or `$id`; recursion; `definitions` and draft-7's `items`
/// array, `additionalItems` and `dependencies` too). Never panics, and is
/// bounded in time and memory on any input (see the module docs).
pub fn diff(old: &Value, new: &Value, contract: Contract) -> Report {
    let mut report = Report::default();
    let mut seen = HashSet::new();
    diff_into(old, new, contract, None, None, &mut report, &mut seen);
    report.finish();
    report
}

fn diff_into(
    old: &Value,
    new: &Value,
    contract: Contract,
    tool: Option<&str>,
    schema: Option<&'static str>,
    report: &mut Report,
    seen: &mut HashSet<String>,
) {
    if same_json(old, new) {
        return;
    }
    let input = contract == Contract::Input;
    // Breaking: input old ⊄ new; output new ⊄ old.
    let forward = engine::check(old, new, input);
    for f in &forward.failures {
        report.push(seen, change(f, contract, true, tool, schema));
    }
    if forward.omitted > 0 {
        report.omitted += forward.omitted;
        report.breaking_omitted = true;
    }
    // Compatible: the other direction, where it is shown.
    let backward = engine::check(old, new, !input);
    for f in backward.failures.iter().filter(|f| f.proven) {
        report.push(seen, change(f, contract, false, tool, schema));
    }
}

fn change(
    f: &engine::Failure,
    contract: Contract,
    breaking: bool,
    tool: Option<&str>,
    schema: Option<&'static str>,
) -> Change {
    let at = if f.at.is_empty() {
        "(root)"
    } else {
        f.at.as_str()
    };
    let head = format!("`{at}`: {} → {}", f.old, f.new);
    let message = match (f.proven, breaking, contract) {
        (false, _, _) => format!("{head}: cannot prove {}; treated as breaking", f.witness),
        (true, true, Contract::Input) => {
            format!(
                "{head}: an input {} that was accepted is now refused",
                f.witness
            )
        }
        (true, true, Contract::Output) => format!(
            "{head}: an output {}, which the old schema refused, may now be returned",
            f.witness
        ),
        (true, false, Contract::Input) => {
            format!(
                "{head}: an input {} that was refused is now accepted",
                f.witness
            )
        }
        (true, false, Contract::Output) => {
            format!("{head}: an output {} is no longer returned", f.witness)
        }
    };
    Change {
        breaking,
        pointer: f.at.clone(),
        message,
        tool: tool.map(str::to_string),
        schema,
    }
}

/// Whether two JSON values are equal as JSON (key order aside, numbers by
/// value). Iterative.
fn same_json(a: &Value, b: &Value) -> bool {
    equal_json(
        a,
        b,
        |x, y| {
            canon::as_double(x) == canon::as_double(y)
                && x.as_i64() == y.as_i64()
                && x.as_u64() == y.as_u64()
        },
        |_| false,
        &mut 0,
    )
}

/// Whether `a` and `b` are the same JSON, key order aside, numbers compared
/// by `same_number`; an object of `a` that `refuse` picks makes them
/// differ. Each pair compared counts one unit of `work`. Iterative.
fn equal_json(
    a: &Value,
    b: &Value,
    same_number: impl Fn(&serde_json::Number, &serde_json::Number) -> bool,
    refuse: impl Fn(&Map<String, Value>) -> bool,
    work: &mut u64,
) -> bool {
    let mut stack = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        *work += 1;
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                if x.len() != y.len() || refuse(x) {
                    return false;
                }
                for (k, va) in x {
                    match y.get(k) {
                        Some(vb) => stack.push((va, vb)),
                        None => return false,
                    }
                }
            }
            (Value::Array(x), Value::Array(y)) => {
                if x.len() != y.len() {
                    return false;
                }
                stack.extend(x.iter().zip(y.iter()));
            }
            (Value::Number(x), Value::Number(y)) => {
                if !same_number(x, y) {
                    return false;
                }
            }
            (x, y) => {
                if x != y {
                    return false;
                }
            }
        }
    }
    true
}

/// The tools of a `tools/list` result (`{"tools": [...]}`) or of a bare
/// array of tools.
fn tools_of(v: &Value) -> Option<&Vec<Value>> {
    match v {
        Value::Array(tools) => Some(tools),
        Value::Object(m) => m.get("tools").and_then(Value::as_array),
        _ => None,
    }
}

/// The changes between two `tools/list` results (`{"tools": [...]}`, or the
/// array of tools).
///
/// Tools are matched by `name`. A removed (or renamed) tool is breaking, an
/// added one compatible. Each matched tool's `inputSchema` is compared by
/// the input rule and its `outputSchema` by the output rule; an
/// `outputSchema` lost is breaking (clients validating `structuredContent`
/// lose their promise), one gained is compatible. A changed `description`
/// or `title` is listed as compatible (it changes the
/// [`fingerprint`]). A value that is not a tools list is one breaking
/// change saying so.
///
/// ```
/// use serde_json::json;
/// use toolform::compat::diff_tools;
///
/// let old = json!({"tools": [
///     {"name": "search", "inputSchema": {"type": "object"}},
///     {"name": "book", "inputSchema": {"type": "object"}},
/// ]});
/// let new = json!([{"name": "search", "inputSchema": {"type": "object"}}]);
/// let report = diff_tools(&old, &new);
/// assert!(report.is_breaking());
/// assert_eq!(report.changes()[0].tool(), Some("book"));
/// ```
pub fn diff_tools(old: &Value, new: &Value) -> Report {
    let mut report = Report::default();
    let mut seen = HashSet::new();
    let (Some(old_tools), Some(new_tools)) = (tools_of(old), tools_of(new)) else {
        let which = if tools_of(old).is_none() {
            "old"
        } else {
            "new"
        };
        report.push(
            &mut seen,
            Change {
                breaking: true,
                pointer: String::new(),
                message: format!(
                    "the {which} value is not a tools/list result (an object with a \"tools\" array, or an array of tools)"
                ),
                tool: None,
                schema: None,
            },
        );
        return report;
    };
    fn by_name(tools: &[Value]) -> Vec<(String, &Value)> {
        let name = |t: &Value| t.get("name").and_then(Value::as_str).map(str::to_string);
        let mut map: Vec<(String, &Value)> = Vec::new();
        let mut names = HashSet::new();
        for t in tools {
            if let Some(n) = name(t)
                && names.insert(n.clone())
            {
                map.push((n, t));
            }
        }
        map
    }
    let olds = by_name(old_tools);
    let news = by_name(new_tools);
    let new_index: std::collections::HashMap<&str, &Value> =
        news.iter().map(|(n, t)| (n.as_str(), *t)).collect();
    let old_names: HashSet<&str> = olds.iter().map(|(n, _)| n.as_str()).collect();
    for (n, old_tool) in &olds {
        let Some(new_tool) = new_index.get(n.as_str()) else {
            report.push(
                &mut seen,
                Change {
                    breaking: true,
                    pointer: String::new(),
                    message: format!(
                        "tool {} was removed (or renamed): clients that call it by name now fail",
                        crate::json::quoted(n)
                    ),
                    tool: Some(n.clone()),
                    schema: None,
                },
            );
            continue;
        };
        let empty = Value::Bool(true);
        let oi = old_tool.get("inputSchema").unwrap_or(&empty);
        let ni = new_tool.get("inputSchema").unwrap_or(&empty);
        diff_into(
            oi,
            ni,
            Contract::Input,
            Some(n),
            Some("inputSchema"),
            &mut report,
            &mut seen,
        );
        match (old_tool.get("outputSchema"), new_tool.get("outputSchema")) {
            (Some(o), Some(w)) => diff_into(o, w, Contract::Output, Some(n), Some("outputSchema"), &mut report, &mut seen),
            (Some(_), None) => report.push(
                &mut seen,
                Change {
                    breaking: true,
                    pointer: String::new(),
                    message: "`outputSchema` removed: the tool no longer promises the shape of its structuredContent".into(),
                    tool: Some(n.clone()),
                    schema: Some("outputSchema"),
                },
            ),
            (None, Some(_)) => report.push(
                &mut seen,
                Change {
                    breaking: false,
                    pointer: String::new(),
                    message: "`outputSchema` added: the tool now promises the shape of its structuredContent".into(),
                    tool: Some(n.clone()),
                    schema: Some("outputSchema"),
                },
            ),
            (None, None) => {}
        }
        for key in ["description", "title"] {
            let (a, b) = (old_tool.get(key), new_tool.get(key));
            if a != b {
                report.push(
                    &mut seen,
                    Change {
                        breaking: false,
                        pointer: String::new(),
                        message: format!(
                            "`{key}` changed: {} → {}",
                            a.map_or("none".into(), crate::json::brief),
                            b.map_or("none".into(), crate::json::brief)
                        ),
                        tool: Some(n.clone()),
                        schema: None,
                    },
                );
            }
        }
    }
    for (n, _) in &news {
        if !old_names.contains(n.as_str()) {
            report.push(
                &mut seen,
                Change {
                    breaking: false,
                    pointer: String::new(),
                    message: format!("tool {} added", crate::json::quoted(n)),
                    tool: Some(n.clone()),
                    schema: None,
                },
            );
        }
    }
    report.finish();
    report
}

/// A stable digest of a tool's contract: the lower-case hexadecimal
/// SHA-256 of the RFC 8785 canonical JSON of the object made of the tool's
/// `name`, `description`, `inputSchema` and `outputSchema` (each only when
/// present; nothing else: not `title`, `annotations`, `icons`, `_meta`).
///
/// Equal for equal JSON whatever the key order and number spelling (`1`,
/// `1.0` and `1e0` are one number; integers beyond 2^53 are read as the
/// double they round to, as RFC 8785 does), so clients and registries can
/// pin a contract. Any change to a description changes the digest: it is
/// what the model reads.
///
/// ```
/// use serde_json::json;
/// use toolform::compat::fingerprint;
///
/// let a = json!({"name": "t", "inputSchema": {"type": "object", "maxProperties": 1.0}, "title": "T"});
/// let b = json!({"inputSchema": {"maxProperties": 1, "type": "object"}, "name": "t"});
/// assert_eq!(fingerprint(&a), fingerprint(&b));
/// assert_eq!(fingerprint(&a).len(), 64);
/// ```
pub fn fingerprint(tool: &Value) -> String {
    // `{` + the keys in RFC 8785 order (UTF-16 order: these four sort as
    // ASCII), written by hand so the schemas are never cloned.
    let mut text = String::from("{");
    let mut first = true;
    for key in ["description", "inputSchema", "name", "outputSchema"] {
        if let Some(v) = tool.get(key) {
            if !first {
                text.push(',');
            }
            first = false;
            canon::write(&Value::String(key.into()), &mut text);
            text.push(':');
            canon::write(v, &mut text);
        }
    }
    text.push('}');
    canon::sha256_hex(&text)
}

/// The RFC 8785 canonical JSON of `value` (written without recursion, any
/// depth): what [`fingerprint`] hashes, for tools that pin other parts of a
/// contract.
pub fn canonical_json(value: &Value) -> String {
    canon::to_string(value)
}
