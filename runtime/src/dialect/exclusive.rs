//! Whether `oneOf` alternatives exclude each other: the test that lets a
//! dialect without `oneOf` write it as `anyOf` (same meaning exactly when no
//! value matches two alternatives).

use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet};

/// Above this many alternatives that no linear test tells apart, `oneOf`
/// is not compared pair by pair (the comparison is quadratic).
pub(crate) const MAX_PAIRWISE: usize = 256;

/// Whether `oneOf` alternatives exclude each other, as far as can be told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Exclusive {
    /// Every pair is provably disjoint.
    Yes,
    /// Some pair may overlap.
    No,
    /// More alternatives than are compared pair by pair, and no linear test
    /// (distinct constants, a tag, distinct closed keys) tells them apart.
    TooMany,
}

/// Whether the alternatives provably exclude each other: pairwise, by
/// distinct single types, disjoint constants, or a shared required property
/// with disjoint constants (tags), or a required key the other forbids.
///
/// Linear for the shapes derived schemas have (alternatives of different
/// types; constants; objects tagged by a property; objects closed over keys
/// of their own); pair by pair, up to [`MAX_PAIRWISE`] alternatives, for the
/// rest.
pub(crate) fn exclusive(alts: &[Value]) -> Exclusive {
    let summaries: Vec<Alt<'_>> = alts.iter().map(Alt::of).collect();
    // Alternatives of different single types exclude each other (integer and
    // number are one class); one without a single type is compared with all.
    let mut groups: HashMap<&str, Vec<&Alt<'_>>> = HashMap::new();
    if summaries.iter().all(|a| a.class.is_some()) {
        for a in &summaries {
            groups
                .entry(a.class.unwrap_or_default())
                .or_default()
                .push(a);
        }
    } else {
        groups.insert("", summaries.iter().collect());
    }
    let mut verdict = Exclusive::Yes;
    for group in groups.values() {
        match group_exclusive(group) {
            Exclusive::Yes => {}
            Exclusive::No => return Exclusive::No,
            Exclusive::TooMany => verdict = Exclusive::TooMany,
        }
    }
    verdict
}

fn group_exclusive(group: &[&Alt<'_>]) -> Exclusive {
    if group.len() < 2
        || distinct_constants(group)
        || distinct_tags(group)
        || distinct_closed_keys(group)
    {
        return Exclusive::Yes;
    }
    if group.len() > MAX_PAIRWISE {
        return Exclusive::TooMany;
    }
    for (i, a) in group.iter().enumerate() {
        for b in group.iter().skip(i + 1) {
            if !disjoint(a, b) {
                return Exclusive::No;
            }
        }
    }
    Exclusive::Yes
}

/// What one alternative says that can tell it apart from another.
struct Alt<'a> {
    /// Its `const`, or its `enum` values, as canonical keys.
    constants: Option<HashSet<String>>,
    /// Its single `type` (`integer` and `number` are one class).
    class: Option<&'a str>,
    ty: Option<&'a str>,
    required: Vec<&'a str>,
    /// Constants of required properties (tags), by property name.
    tags: HashMap<&'a str, HashSet<String>>,
    /// `additionalProperties: false`.
    closed: bool,
    properties: Option<&'a Map<String, Value>>,
}

impl<'a> Alt<'a> {
    fn of(v: &'a Value) -> Alt<'a> {
        let own = constants(v);
        // Without a `type`, constants of one JSON type say it (a `const`
        // string excludes every object).
        let ty = v
            .get("type")
            .and_then(Value::as_str)
            .or_else(|| constants_type(v));
        let required: Vec<&str> = match v.get("required") {
            Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let properties = v.get("properties").and_then(Value::as_object);
        let mut tags = HashMap::new();
        if let Some(props) = properties {
            for &key in &required {
                if let Some(c) = props.get(key).and_then(constants) {
                    tags.insert(key, c);
                }
            }
        }
        Alt {
            constants: own,
            class: ty.map(|t| if t == "integer" { "number" } else { t }),
            ty,
            required,
            tags,
            closed: v.get("additionalProperties") == Some(&Value::Bool(false)),
            properties,
        }
    }

    /// Whether this alternative refuses an object with `key`.
    fn forbids(&self, key: &str) -> bool {
        self.closed && self.properties.is_none_or(|p| !p.contains_key(key))
    }
}

/// The one JSON type of every value of `const` or `enum` (a number is a
/// `number`: integer and number are one class), when they share one.
fn constants_type(v: &Value) -> Option<&'static str> {
    let type_of = |c: &Value| match c {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    if let Some(c) = v.get("const") {
        return Some(type_of(c));
    }
    let values = v.get("enum")?.as_array()?;
    let first = type_of(values.first()?);
    values.iter().all(|c| type_of(c) == first).then_some(first)
}

/// `const` (one value) or `enum` (its values), as canonical keys.
fn constants(v: &Value) -> Option<HashSet<String>> {
    if let Some(c) = v.get("const") {
        return Some(HashSet::from([canonical(c)]));
    }
    v.get("enum")
        .and_then(Value::as_array)
        .map(|e| e.iter().map(canonical).collect())
}

/// A string equal for two values exactly when JSON Schema calls them equal
/// (`const`, `enum`): numbers by mathematical value (`1 == 1.0`,
/// `-0.0 == 0`), object keys in sorted order, every string length-prefixed.
/// Iterative.
fn canonical(v: &Value) -> String {
    enum Step<'a> {
        Value(&'a Value),
        Text(&'static str),
        Key(&'a str),
    }
    let mut out = String::new();
    let mut todo = vec![Step::Value(v)];
    while let Some(step) = todo.pop() {
        match step {
            Step::Text(t) => out.push_str(t),
            Step::Key(k) => {
                out.push_str(&format!("k{}:", k.len()));
                out.push_str(k);
            }
            Step::Value(Value::Null) => out.push('n'),
            Step::Value(Value::Bool(b)) => out.push(if *b { 't' } else { 'f' }),
            Step::Value(Value::Number(n)) => {
                out.push_str(&number_key(n));
            }
            Step::Value(Value::String(s)) => {
                out.push_str(&format!("s{}:", s.len()));
                out.push_str(s);
            }
            Step::Value(Value::Array(items)) => {
                out.push('[');
                todo.push(Step::Text("]"));
                todo.extend(items.iter().rev().map(Step::Value));
            }
            Step::Value(Value::Object(m)) => {
                out.push('{');
                todo.push(Step::Text("}"));
                let mut entries: Vec<(&String, &Value)> = m.iter().collect();
                entries.sort_unstable_by(|a, b| b.0.cmp(a.0));
                for (k, v) in entries {
                    todo.push(Step::Value(v));
                    todo.push(Step::Key(k));
                }
            }
        }
    }
    out
}

/// A number by its mathematical value: every integer (`u64`, `i64`, or a
/// float with no fraction, which is an exact integer) as one decimal
/// integer, any other float by its bits.
fn number_key(n: &serde_json::Number) -> String {
    // 2^127: every integral float below it fits an i128 exactly.
    const LIMIT: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0;
    if let Some(u) = n.as_u64() {
        return format!("i{u};");
    }
    if let Some(i) = n.as_i64() {
        return format!("i{i};");
    }
    let f = n.as_f64().unwrap_or(0.0);
    if f.fract() == 0.0 && f.abs() < LIMIT {
        // Exact: `f` is an integer below 2^127 in magnitude.
        return format!("i{};", f as i128);
    }
    format!("d{};", f.to_bits())
}

/// Whether two sets of constants share none (iterating the smaller).
fn none_shared(x: &HashSet<String>, y: &HashSet<String>) -> bool {
    let (small, large) = if x.len() <= y.len() { (x, y) } else { (y, x) };
    small.iter().all(|c| !large.contains(c))
}

/// Every alternative has constants, and no constant is in two of them.
fn distinct_constants(group: &[&Alt<'_>]) -> bool {
    let mut owner: HashMap<&str, usize> = HashMap::new();
    for (i, a) in group.iter().enumerate() {
        let Some(constants) = &a.constants else {
            return false;
        };
        for c in constants {
            if owner.insert(c, i).is_some_and(|j| j != i) {
                return false;
            }
        }
    }
    true
}

/// One property every alternative requires, with constants, none shared.
fn distinct_tags(group: &[&Alt<'_>]) -> bool {
    let Some(first) = group.first() else {
        return true;
    };
    // Candidates shrink to the keys every alternative tags; each step costs
    // at most the previous alternative's tags.
    let mut candidates: Vec<&str> = first.tags.keys().copied().collect();
    for a in group.iter().skip(1) {
        candidates.retain(|k| a.tags.contains_key(k));
        if candidates.is_empty() {
            return false;
        }
    }
    candidates.iter().any(|key| {
        let mut owner: HashMap<&str, usize> = HashMap::new();
        group.iter().enumerate().all(|(i, a)| {
            a.tags.get(key).is_some_and(|constants| {
                constants
                    .iter()
                    .all(|c| owner.insert(c, i).is_none_or(|j| j == i))
            })
        })
    })
}

/// Every alternative is closed and requires a key no other alternative
/// lists among its properties (externally tagged variants).
fn distinct_closed_keys(group: &[&Alt<'_>]) -> bool {
    if !group.iter().all(|a| a.closed) {
        return false;
    }
    // How many alternatives list each property.
    let mut listed: HashMap<&str, usize> = HashMap::new();
    for a in group {
        for key in a.properties.into_iter().flat_map(|p| p.keys()) {
            *listed.entry(key.as_str()).or_default() += 1;
        }
    }
    group.iter().all(|a| {
        a.required.iter().any(|key| {
            let own = a.properties.is_some_and(|p| p.contains_key(*key));
            listed.get(key).copied().unwrap_or(0) == usize::from(own)
        })
    })
}

fn disjoint(a: &Alt<'_>, b: &Alt<'_>) -> bool {
    if let (Some(x), Some(y)) = (&a.constants, &b.constants)
        && none_shared(x, y)
    {
        return true;
    }
    if let (Some(x), Some(y)) = (a.ty, b.ty)
        && x != y
        && !matches!((x, y), ("integer", "number") | ("number", "integer"))
    {
        return true;
    }
    // Objects told apart by a required key's constants, or by a required key
    // the other forbids (`additionalProperties: false` without that key).
    let tagged_apart = a
        .tags
        .iter()
        .any(|(key, x)| b.tags.get(key).is_some_and(|y| none_shared(x, y)));
    tagged_apart
        || a.required.iter().any(|k| b.forbids(k))
        || b.required.iter().any(|k| a.forbids(k))
}
