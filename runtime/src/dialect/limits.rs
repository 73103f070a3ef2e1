//! What a provider refuses of a whole schema: its size limits, and (Gemini)
//! a cycle of references no finite value can end.

use super::Dialect;
use super::lower::{Lowering, MAX_DEPTH, escape};
use super::table::Recursion;
use serde_json::{Map, Value};
use std::collections::HashSet;

impl Lowering {
    /// Every whole-schema check of the dialect on the lowered `out` of
    /// `input` (violations are reported at places of the input).
    pub(crate) fn whole(&mut self, out: &Value, input: &Value) {
        if self.is_clean() {
            self.limits(out);
        }
        if self.is_clean() && self.caps.recursion == Recursion::ThroughOptional {
            // Gemini documents that a cycle of references must pass through
            // an optional property (so a finite value exists).
            self.required_cycles(out, input, "#", String::new());
            if let Some(Value::Object(defs)) = out.get("$defs") {
                for (name, def) in defs {
                    let target = format!("#/$defs/{}", escape(name));
                    let path = format!("/$defs/{}", escape(name));
                    self.required_cycles(def, input, &target, path);
                }
            }
        }
    }

    /// Reports each `$ref` back to `target` reached without passing through
    /// an optional property. Follows subschemas only: a `$ref` inside an
    /// `enum` or `default` value is data, not a reference. A reference is
    /// compared percent-decoded (a URI fragment writes `Ü` as `%C3%9C`).
    /// Iterative.
    fn required_cycles(&mut self, top: &Value, input: &Value, target: &str, path: String) {
        let mut stack: Vec<(&Value, String, bool, usize)> = vec![(top, path, false, 0)];
        while let Some((node, path, optional, depth)) = stack.pop() {
            let Value::Object(m) = node else { continue };
            if depth > MAX_DEPTH {
                continue;
            }
            if !optional
                && m.get("$ref")
                    .and_then(Value::as_str)
                    .is_some_and(|r| percent_decoded(r) == target)
            {
                self.reject(
                    &in_input(input, &format!("{path}/$ref")),
                    "recursion",
                    "Gemini takes a recursive reference only through an optional property; this one is reached through required ones",
                );
                continue;
            }
            let required: HashSet<&str> = m
                .get("required")
                .and_then(Value::as_array)
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            for (k, v) in m {
                let at = format!("{path}/{}", escape(k));
                match (k.as_str(), v) {
                    ("properties", Value::Object(props)) => {
                        for (name, p) in props {
                            let opt = optional || !required.contains(name.as_str());
                            stack.push((p, format!("{at}/{}", escape(name)), opt, depth + 1));
                        }
                    }
                    ("definitions", Value::Object(defs)) => {
                        for (name, d) in defs {
                            stack.push((d, format!("{at}/{}", escape(name)), optional, depth + 1));
                        }
                    }
                    ("items" | "not" | "additionalProperties", Value::Object(_)) => {
                        stack.push((v, at, optional, depth + 1));
                    }
                    (
                        "items" | "prefixItems" | "anyOf" | "oneOf" | "allOf",
                        Value::Array(items),
                    ) => {
                        for (i, item) in items.iter().enumerate() {
                            stack.push((item, format!("{at}/{i}"), optional, depth + 1));
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// Provider size limits (OpenAI: 5000 properties, 10 levels of object
    /// nesting, 1000 enum values).
    fn limits(&mut self, schema: &Value) {
        if self.dialect == Dialect::AnthropicStrict {
            let (mut optional, mut unions) = (0usize, 0usize);
            let mut stack = vec![schema];
            while let Some(v) = stack.pop() {
                let Value::Object(m) = v else { continue };
                if let Some(Value::Object(p)) = m.get("properties") {
                    let required: HashSet<&str> = match m.get("required") {
                        Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
                        _ => HashSet::new(),
                    };
                    optional += p.keys().filter(|k| !required.contains(k.as_str())).count();
                }
                if m.get("anyOf").is_some_and(Value::is_array)
                    || m.get("type")
                        .and_then(Value::as_array)
                        .is_some_and(|t| t.len() > 1)
                {
                    unions += 1;
                }
                subschemas(m, |child| stack.push(child));
            }
            if optional > 24 {
                self.reject(
                    "",
                    "limit",
                    format!(
                        "{optional} optional properties; Anthropic strict allows 24 per request"
                    ),
                );
            }
            if unions > 16 {
                self.reject("", "limit", format!("{unions} unions (anyOf or type arrays); Anthropic strict allows 16 per request"));
            }
            return;
        }
        if self.dialect != Dialect::OpenAiStrict {
            return;
        }
        let (mut properties, mut enums, mut deepest) = (0usize, 0usize, 0usize);
        let mut stack = vec![(schema, 0usize)];
        while let Some((v, depth)) = stack.pop() {
            let Value::Object(m) = v else { continue };
            let nests = m.contains_key("properties");
            let depth = depth + usize::from(nests);
            deepest = deepest.max(depth);
            if let Some(Value::Object(p)) = m.get("properties") {
                properties += p.len();
            }
            if let Some(Value::Array(e)) = m.get("enum") {
                enums += e.len();
            }
            subschemas(m, |child| stack.push((child, depth)));
        }
        if properties > 5000 {
            self.reject(
                "",
                "limit",
                format!("{properties} properties; OpenAI strict allows 5000"),
            );
        }
        if deepest > 10 {
            self.reject(
                "",
                "limit",
                format!("objects nest {deepest} deep; OpenAI strict allows 10"),
            );
        }
        if enums > 1000 {
            self.reject(
                "",
                "limit",
                format!("{enums} enum values; OpenAI strict allows 1000"),
            );
        }
    }
}

/// The place in `input` of the place `pointer` of its lowering. The
/// lowering keeps every key where it was, except where it wraps a node in an
/// `anyOf` whose first alternative is the node itself: keywords beside a
/// `$ref` beside an `anyOf` of the one reference (Gemini's JSON Schema), a
/// `null` taken out of `enum` as a second alternative. So an output
/// `.../anyOf/0/...` may be the input's `...` itself: of the readings of
/// the pointer, the first that names a place of the input is taken (each
/// (token, input node) pair is tried once), else the pointer as it is.
fn in_input(input: &Value, pointer: &str) -> String {
    let tokens: Vec<&str> = pointer.split('/').skip(1).collect();
    let mut tried: HashSet<(usize, *const Value)> = HashSet::new();
    let mut stack: Vec<(usize, &Value, String)> = vec![(0, input, String::new())];
    while let Some((i, at, path)) = stack.pop() {
        let Some(&token) = tokens.get(i) else {
            return path;
        };
        if !tried.insert((i, at as *const Value)) {
            continue;
        }
        // Pushed last, tried first: the key as it is.
        if token == "anyOf" && tokens.get(i + 1) == Some(&"0") {
            stack.push((i + 2, at, path.clone()));
        }
        let key = token.replace("~1", "/").replace("~0", "~");
        let child = match at {
            Value::Object(m) => m.get(&key),
            Value::Array(items) => key.parse::<usize>().ok().and_then(|n| items.get(n)),
            _ => None,
        };
        if let Some(child) = child {
            stack.push((i + 1, child, format!("{path}/{token}")));
        }
    }
    pointer.to_string()
}

/// Calls `f` on each subschema of a schema object: the places the walk
/// converts, never values (`enum`, `const`, `default`, ...).
fn subschemas<'a>(m: &'a Map<String, Value>, mut f: impl FnMut(&'a Value)) {
    for (k, v) in m {
        match (k.as_str(), v) {
            ("properties" | "$defs" | "definitions", Value::Object(children)) => {
                children.values().for_each(&mut f);
            }
            ("items" | "not" | "additionalProperties", Value::Object(_)) => f(v),
            ("items" | "prefixItems" | "anyOf" | "oneOf" | "allOf", Value::Array(items)) => {
                items.iter().for_each(&mut f);
            }
            _ => {}
        }
    }
}

/// `text` with every `%XX` escape decoded (an invalid one kept as it is);
/// bytes that do not form UTF-8 become U+FFFD.
fn percent_decoded(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('%') {
        return std::borrow::Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let hex = |at: usize| bytes.get(at).and_then(|c| (*c as char).to_digit(16));
        match (b, hex(i + 1), hex(i + 2)) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    std::borrow::Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}
