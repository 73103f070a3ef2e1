//! JSON helpers every layer above needs: the kind of a value, a short
//! description of it for messages, how deep it nests, and the string formats
//! checked on both sides (forms and tool arguments).
//!
//! The lowest layer with `shape`, `schema`, `violation` and `memo`: it names
//! no other module of the crate.

use serde_json::Value;

pub(crate) use toolform_formats::Format;

/// The JSON type of a value, for messages (`a string`, `an integer`).
pub(crate) fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_f64() => "a number",
        Value::Number(_) => "an integer",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The deepest nesting of arrays and objects serde_json reads from text (its
/// recursion limit): values deeper than this never come off the wire.
pub(crate) const SERDE_JSON_DEPTH: usize = 127;

/// Whether `v` nests more than `limit` arrays and objects inside each other
/// (`1` is 0 deep, `[1]` 1, `[[1]]` 2). Iterative, and it stops at the first
/// path found too deep, so it is safe, and linear, on any value.
pub(crate) fn deeper_than(v: &Value, limit: usize) -> bool {
    if !matches!(v, Value::Array(_) | Value::Object(_)) {
        return false;
    }
    let mut stack: Vec<(&Value, usize)> = vec![(v, 0)];
    while let Some((v, depth)) = stack.pop() {
        match v {
            Value::Array(_) | Value::Object(_) if depth >= limit => return true,
            Value::Array(items) => stack.extend(items.iter().map(|c| (c, depth + 1))),
            Value::Object(map) => stack.extend(map.values().map(|c| (c, depth + 1))),
            _ => {}
        }
    }
    false
}

/// Whether `v` has at most `max_nodes` values nested at most `max_depth`
/// deep. Iterative: safe on any input, and it stops early.
fn small(v: &Value, max_nodes: usize, max_depth: usize) -> bool {
    let mut stack = vec![(v, 0usize)];
    let mut nodes = 0;
    while let Some((v, depth)) = stack.pop() {
        nodes += 1;
        if nodes > max_nodes || depth > max_depth {
            return false;
        }
        match v {
            Value::Array(items) => stack.extend(items.iter().map(|i| (i, depth + 1))),
            Value::Object(map) => stack.extend(map.values().map(|i| (i, depth + 1))),
            _ => {}
        }
    }
    true
}

/// A short form of a JSON value for messages (never a multi-KB dump, and
/// never a recursive print of a deep value).
pub(crate) fn brief(v: &Value) -> String {
    if !small(v, 64, 6) {
        return format!("{} (too large to show)", kind_of(v));
    }
    let s = match v {
        // Only the start of a long string is shown: print no more of it.
        Value::String(text) if text.len() > 160 => {
            Value::String(text.chars().take(40).collect()).to_string()
        }
        _ => v.to_string(),
    };
    if s.chars().count() > 40 {
        let cut: String = s.chars().take(37).collect();
        format!("{cut}...")
    } else {
        s
    }
}

/// How many characters of a name a message shows.
const SHOWN_CHARS: usize = 100;

/// `text` for a message, cut after [`SHOWN_CHARS`] characters (on a
/// character boundary).
pub(crate) fn short(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(SHOWN_CHARS) {
        None => std::borrow::Cow::Borrowed(text),
        Some((cut, _)) => {
            std::borrow::Cow::Owned(format!("{}...", text.get(..cut).unwrap_or_default()))
        }
    }
}

/// `text` quoted with escapes (`{:?}`), cut like [`short`].
pub(crate) fn quoted(text: &str) -> String {
    match text.char_indices().nth(SHOWN_CHARS) {
        None => format!("{text:?}"),
        Some((cut, _)) => format!("{:?}...", text.get(..cut).unwrap_or_default()),
    }
}

/// `text` with every `%XX` escape decoded (an invalid one kept as it is);
/// bytes that do not form UTF-8 become U+FFFD.
pub(crate) fn percent_decoded(text: &str) -> std::borrow::Cow<'_, str> {
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

/// `key` as one JSON Pointer token (`~` as `~0`, `/` as `~1`).
pub(crate) fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}
