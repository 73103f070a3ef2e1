//! `x-mcp-header`: tool arguments mirrored into HTTP headers (MCP 2026-07-28,
//! SEP-2243, "Custom Headers from Tool Parameters").
//!
//! A tool's `inputSchema` may mark a property with `"x-mcp-header": "Region"`;
//! a client calling the tool over Streamable HTTP then sends the argument's
//! value as the header `Mcp-Param-Region`, and a server that reads the body
//! must check that the two agree (HTTP 400, JSON-RPC `-32020` HeaderMismatch).
//!
//! - [`check`]: every annotation of a schema checked against the spec's rules
//!   (a gateway or client vetting `tools/list`; a client MUST drop a tool whose
//!   annotations are invalid), all violations with their paths.
//! - [`headers_for`]: the headers a client sends for a call.
//! - [`verify`]: the server's comparison of a call's headers with its body.
//! - [`check_type`] and [`assert_valid`]: [`check`] on a derived type's input
//!   schema, naming the Rust type and field of each invalid annotation (the
//!   rules across types are checked there, on the rendered schema, not at
//!   compile time).
//!
//! The rules, from the 2026-07-28 Streamable HTTP transport text: an
//! annotation is a non-empty HTTP token (`1*tchar`, RFC 9110 §5.6.2: ASCII, no
//! space, `:` or control characters), case-insensitively unique across the
//! schema, on a property reached from the root through `properties` keys alone
//! (not under `items`, a composition or conditional keyword, `$defs` or a
//! `$ref`), whose type is `string`, `integer` or `boolean` (`number` is not
//! allowed). Integer values must lie within ±(2^53 − 1): a rule on argument
//! values, not on the schema (the Transports WG's reading, modelcontextprotocol
//! PR #2772 and conformance issue #445), so [`check`] accepts any integer
//! property, bounded or not, and [`headers_for`] and [`verify`] refuse a value
//! outside the range at call time (the derive goes further: it refuses, at
//! compile time, an integer field whose type admits such values unless
//! `range(..)` narrows it). A value that would not
//! survive as a header value (non-ASCII, control characters, leading or
//! trailing space or tab, or text that itself looks like the sentinel) is sent
//! as `=?base64?<base64 of its UTF-8>?=`. A property that is absent or `null`
//! sends no header. Integers compare numerically (`42` and `42.0` agree).

use crate::violation::Violation;
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::fmt;

mod source;
mod types;

pub use source::HeaderSource;
use source::invalid_schema;
#[cfg(feature = "rmcp")]
pub(crate) use types::describe;
pub use types::{assert_valid, check_type};

/// The JSON-RPC error code of a header that disagrees with the body.
pub const HEADER_MISMATCH: i32 = -32020;

/// The prefix of every parameter header.
pub const PARAM_PREFIX: &str = "Mcp-Param-";

const SENTINEL_START: &str = "=?base64?";
const SENTINEL_END: &str = "?=";

/// The largest integer a JavaScript client holds exactly (2^53 − 1).
pub const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

/// The wire type of an annotated property.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HeaderType {
    /// `"type": "string"`: compared exactly.
    String,
    /// `"type": "integer"`: compared as numbers.
    Integer,
    /// `"type": "boolean"`: `true` or `false`.
    Boolean,
}

/// One valid `x-mcp-header` annotation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderParam {
    /// The annotation's value (`Region`); the header is `Mcp-Param-Region`.
    pub name: String,
    /// Property names from the root of the arguments to the annotated one.
    pub path: Vec<String>,
    /// The property's type.
    pub kind: HeaderType,
}

impl HeaderParam {
    /// The header's full name (`Mcp-Param-Region`).
    pub fn header(&self) -> String {
        format!("{PARAM_PREFIX}{}", self.name)
    }

    /// A JSON Pointer into the arguments (`/location/region`).
    pub fn pointer(&self) -> String {
        self.path
            .iter()
            .map(|p| format!("/{}", escape(p)))
            .collect()
    }

    /// The argument's value in `arguments`, when every step is there.
    fn value_in<'a>(&self, arguments: &'a Value) -> Option<&'a Value> {
        let mut at = arguments;
        for step in &self.path {
            at = at.as_object()?.get(step)?;
        }
        Some(at)
    }
}

fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// Whether `c` is an RFC 9110 `tchar`.
fn is_tchar(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            '!' | '#'
                | '$'
                | '%'
                | '&'
                | '\''
                | '*'
                | '+'
                | '-'
                | '.'
                | '^'
                | '_'
                | '`'
                | '|'
                | '~'
        )
}

/// Keywords whose value is data, never a schema: not walked. Every other
/// keyword's value is (rmcp's client, and the spec's "reached through
/// `properties` alone", treat every non-data keyword as a subschema):
/// `contentSchema`, a draft's keyword, a vendor's `x-..` object.
fn is_data_keyword(key: &str) -> bool {
    matches!(key, "const" | "enum" | "default" | "examples")
}

/// Keywords whose value maps names (not keywords) to schemas.
fn is_name_map(key: &str) -> bool {
    matches!(
        key,
        "properties"
            | "patternProperties"
            | "dependentSchemas"
            | "dependencies"
            | "$defs"
            | "definitions"
    )
}

/// Every `x-mcp-header` annotation of `schema` (a tool's `inputSchema`), or
/// every way one breaks the spec's rules, each with the JSON Pointer of the
/// annotation in the schema. Iterative: any depth, any width.
pub fn check(schema: &Value) -> Result<Vec<HeaderParam>, Vec<Violation>> {
    // Pointers and property paths as parent links (a node's own step and its
    // parent's index), written out only for an annotation: linear in the
    // schema's size however deep it nests.
    const ROOT: usize = usize::MAX;
    let mut steps: Vec<(usize, String)> = Vec::new();
    let mut names: Vec<(usize, &str)> = Vec::new();
    let pointer_of = |steps: &[(usize, String)], mut at: usize, last: &str| {
        let mut parts = vec![last.to_string()];
        while at != ROOT {
            let (parent, step) = &steps[at];
            parts.push(step.clone());
            at = *parent;
        }
        parts.iter().rev().fold(String::new(), |mut out, p| {
            out.push('/');
            out.push_str(p);
            out
        })
    };
    let path_of = |names: &[(usize, &str)], mut at: usize| {
        let mut path = Vec::new();
        while at != ROOT {
            let (parent, name) = names[at];
            path.push(name.to_string());
            at = parent;
        }
        path.reverse();
        path
    };
    let mut found = Vec::new();
    let mut out = Vec::new();
    // (schema node, its pointer's step index, its property path's index when
    // it is on the chain of `properties` from the root: ROOT for the root)
    let mut stack: Vec<(&Value, usize, Option<usize>)> = vec![(schema, ROOT, Some(ROOT))];
    while let Some((node, pointer, chain)) = stack.pop() {
        let map = match node {
            Value::Object(map) => map,
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate().rev() {
                    if item.is_object() || item.is_array() {
                        steps.push((pointer, i.to_string()));
                        stack.push((item, steps.len() - 1, None));
                    }
                }
                continue;
            }
            _ => continue,
        };
        if let Some(annotation) = map.get("x-mcp-header") {
            let at = pointer_of(&steps, pointer, "x-mcp-header");
            match chain {
                Some(ROOT) => out.push(Violation::new(
                    at,
                    "x-mcp-header",
                    "`x-mcp-header` annotates a property, not the schema's root",
                )),
                Some(path) => match annotation_problem(annotation, map) {
                    Ok((name, kind)) => found.push((
                        at,
                        HeaderParam {
                            name,
                            path: path_of(&names, path),
                            kind,
                        },
                    )),
                    Err(why) => out.push(Violation::new(at, "x-mcp-header", why)),
                },
                None => out.push(Violation::new(
                    at,
                    "x-mcp-header",
                    "`x-mcp-header` is allowed only on a property reached from the root \
                     through `properties` alone (not under `items`, a composition or \
                     conditional keyword, `$defs` or a `$ref`)",
                )),
            }
        }
        let mut children: Vec<(&Value, usize, Option<usize>)> = Vec::new();
        for (key, value) in map {
            if is_data_keyword(key) || key == "x-mcp-header" {
                continue;
            }
            if !(value.is_object() || value.is_array()) {
                continue;
            }
            steps.push((pointer, escape(key)));
            let here = steps.len() - 1;
            match value {
                Value::Object(sub) if is_name_map(key) => {
                    for (name, s) in sub {
                        steps.push((here, escape(name)));
                        let chain = match chain {
                            Some(parent) if key == "properties" => {
                                names.push((parent, name.as_str()));
                                Some(names.len() - 1)
                            }
                            _ => None,
                        };
                        children.push((s, steps.len() - 1, chain));
                    }
                }
                // A subschema, a list of them, or a vendor keyword's value:
                // off the `properties` chain either way.
                _ => children.push((value, here, None)),
            }
        }
        // Popped in document order: a preorder walk of the schema.
        stack.extend(children.into_iter().rev());
    }
    // Case-insensitive uniqueness: the first in document order keeps the name.
    let mut seen: HashMap<String, String> = HashMap::new();
    let mut params = Vec::with_capacity(found.len());
    for (at, param) in found {
        let folded = param.name.to_ascii_lowercase();
        if let Some(first) = seen.get(&folded) {
            out.push(Violation::new(
                at,
                "x-mcp-header",
                format!(
                    "`{}` is already the `x-mcp-header` of {first} (names are compared \
                     case-insensitively)",
                    param.name
                ),
            ));
            continue;
        }
        seen.insert(folded, param.pointer());
        params.push(param);
    }
    if out.is_empty() { Ok(params) } else { Err(out) }
}

/// The header name and type of one annotation, or why it is invalid.
fn annotation_problem(
    annotation: &Value,
    property: &Map<String, Value>,
) -> Result<(String, HeaderType), String> {
    let Value::String(name) = annotation else {
        return Err(format!(
            "`x-mcp-header` must be a string, got {}",
            crate::json::kind_of(annotation)
        ));
    };
    if name.is_empty() {
        return Err("`x-mcp-header` must not be empty".into());
    }
    if let Some(bad) = name.chars().find(|c| !is_tchar(*c)) {
        return Err(format!(
            "`x-mcp-header` {} is not an HTTP token: {} is not allowed (letters, digits \
             and !#$%&'*+-.^_`|~ only)",
            crate::json::quoted(name),
            char_name(bad)
        ));
    }
    let kind = match property.get("type") {
        Some(Value::String(t)) => primitive(t),
        // A nullable primitive: the header is left out for null.
        Some(Value::Array(types)) => {
            let kinds: Vec<&str> = types.iter().filter_map(Value::as_str).collect();
            match kinds.as_slice() {
                [t, "null"] | ["null", t] if kinds.len() == types.len() => primitive(t),
                _ => None,
            }
        }
        _ => None,
    };
    let Some(kind) = kind else {
        return Err(format!(
            "`x-mcp-header` is allowed only on a property of type string, integer or \
             boolean (not number), and this one's type is {}",
            property
                .get("type")
                .map_or_else(|| "not stated".to_string(), crate::json::brief)
        ));
    };
    Ok((name.clone(), kind))
}

fn primitive(t: &str) -> Option<HeaderType> {
    match t {
        "string" => Some(HeaderType::String),
        "integer" => Some(HeaderType::Integer),
        "boolean" => Some(HeaderType::Boolean),
        _ => None,
    }
}

fn char_name(c: char) -> String {
    if c.is_control() || c == ' ' {
        format!("U+{:04X}", c as u32)
    } else {
        format!("{c:?}")
    }
}

/// Whether a text value must travel base64-wrapped.
fn needs_base64(text: &str) -> bool {
    let edge = |c: Option<char>| matches!(c, Some(' ' | '\t'));
    edge(text.chars().next())
        || edge(text.chars().last())
        || text.chars().any(|c| !(' '..='~').contains(&c))
        || (text.starts_with(SENTINEL_START) && text.ends_with(SENTINEL_END))
}

/// A string as a header value: as it is, or `=?base64?..?=`.
pub fn encode_value(text: &str) -> String {
    if needs_base64(text) {
        format!("{SENTINEL_START}{}{SENTINEL_END}", STANDARD.encode(text))
    } else {
        text.to_string()
    }
}

/// A header value as the text it carries: the sentinel decoded, a plain value
/// as it is; `None` for a sentinel whose payload is not base64 of UTF-8, or a
/// plain value with characters a header value cannot hold.
pub fn decode_value(raw: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(raw).ok()?;
    if let Some(inner) = text
        .strip_prefix(SENTINEL_START)
        .and_then(|t| t.strip_suffix(SENTINEL_END))
    {
        let bytes = STANDARD.decode(inner).ok()?;
        return String::from_utf8(bytes).ok();
    }
    if text
        .chars()
        .any(|c| !(c == '\t' || (' '..='~').contains(&c)))
    {
        return None;
    }
    Some(text.to_string())
}

/// Why an argument cannot be sent as a header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderValueError {
    /// The header (`Mcp-Param-Region`).
    pub header: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for HeaderValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.header, self.message)
    }
}

impl std::error::Error for HeaderValueError {}

/// The header text of a body value, or why it has none (`Ok(None)`: absent
/// or null, no header).
fn header_text(param: &HeaderParam, value: Option<&Value>) -> Result<Option<String>, String> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(encode_value(s))),
        Some(Value::Bool(b)) => Ok(Some(b.to_string())),
        Some(Value::Number(n)) => match integer_of(n) {
            Some(i) if i.abs() <= MAX_SAFE_INTEGER as i128 => Ok(Some(i.to_string())),
            Some(_) => Err("the integer is outside ±(2^53 − 1)".into()),
            None if param.kind == HeaderType::Integer => {
                Err(format!("{n} is not an integer within ±(2^53 − 1)"))
            }
            None => Ok(Some(n.to_string())),
        },
        Some(other) => Err(format!(
            "{} cannot be a header value",
            crate::json::kind_of(other)
        )),
    }
}

/// A JSON number that is a whole number, as an integer.
fn integer_of(n: &serde_json::Number) -> Option<i128> {
    if let Some(i) = n.as_i64() {
        return Some(i as i128);
    }
    if let Some(u) = n.as_u64() {
        return Some(u as i128);
    }
    let f = n.as_f64()?;
    (f.fract() == 0.0 && f.abs() < 1e30).then_some(f as i128)
}

/// The `(name, value)` headers a client sends for a call with `arguments`
/// to a tool with these annotations ([`check`]'s answer, or the tool's
/// `inputSchema`: see [`HeaderSource`]), in their order. An absent or
/// `null` argument sends no header.
///
/// ```
/// use serde_json::json;
/// let schema = json!({"type": "object", "properties": {
///     "region": {"type": "string", "x-mcp-header": "Region"},
/// }});
/// let sent = toolform::headers::headers_for(&schema, &json!({"region": "eu-west-1"})).unwrap();
/// assert_eq!(sent, [("Mcp-Param-Region".to_string(), "eu-west-1".to_string())]);
/// ```
pub fn headers_for<P: HeaderSource + ?Sized>(
    params: &P,
    arguments: &Value,
) -> Result<Vec<(String, String)>, HeaderValueError> {
    let params = params.header_params().map_err(|v| HeaderValueError {
        header: String::new(),
        message: invalid_schema(&v),
    })?;
    let mut out = Vec::new();
    for param in params.iter() {
        match header_text(param, param.value_in(arguments)) {
            Ok(Some(text)) => out.push((param.header(), text)),
            Ok(None) => {}
            Err(message) => {
                return Err(HeaderValueError {
                    header: param.header(),
                    message,
                });
            }
        }
    }
    Ok(out)
}

/// A call whose `Mcp-Param-*` headers disagree with its arguments: refuse it
/// with HTTP 400 and JSON-RPC [`HEADER_MISMATCH`] (`-32020`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderMismatch {
    /// The header at fault (`Mcp-Param-Region`).
    pub header: String,
    /// The argument's pointer in the call's `arguments` (`/region`).
    pub pointer: String,
    /// What disagrees.
    pub message: String,
}

impl fmt::Display for HeaderMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (argument {}): {}",
            self.header, self.pointer, self.message
        )
    }
}

impl std::error::Error for HeaderMismatch {}

/// The server's check of a `tools/call`: each annotated argument against
/// its `Mcp-Param-*` header in `headers` (names compared
/// case-insensitively, values as raw bytes). A header must be there, exactly
/// once, when the argument is present and not `null`, and must be absent
/// otherwise; its value (the sentinel decoded) equals the argument: strings
/// exactly, integers as numbers, booleans as `true`/`false`. `params` is
/// [`check`]'s answer or the tool's `inputSchema` (see [`HeaderSource`]); a
/// schema whose annotations are invalid refuses every call.
pub fn verify<'h, P: HeaderSource + ?Sized>(
    params: &P,
    arguments: &Value,
    headers: impl IntoIterator<Item = (&'h str, &'h [u8])>,
) -> Result<(), HeaderMismatch> {
    let params = params.header_params().map_err(|v| HeaderMismatch {
        header: String::new(),
        pointer: String::new(),
        message: invalid_schema(&v),
    })?;
    let mut by_name: HashMap<String, Vec<&[u8]>> = HashMap::new();
    let prefix = PARAM_PREFIX.to_ascii_lowercase();
    for (name, value) in headers {
        let folded = name.to_ascii_lowercase();
        if folded.starts_with(&prefix) {
            by_name.entry(folded).or_default().push(value);
        }
    }
    for param in params.iter() {
        let header = param.header();
        let mismatch = |message: String| HeaderMismatch {
            header: header.clone(),
            pointer: param.pointer(),
            message,
        };
        let body = param.value_in(arguments);
        let sent = by_name
            .remove(&header.to_ascii_lowercase())
            .unwrap_or_default();
        let raw = match sent.as_slice() {
            [] => None,
            [one] => Some(*one),
            _ => return Err(mismatch("the header is sent more than once".into())),
        };
        let expected = header_text(param, body).map_err(mismatch)?;
        match (raw, expected) {
            (None, None) => {}
            (Some(_), None) => {
                return Err(mismatch(
                    "the header is sent but the argument is absent or null".into(),
                ));
            }
            (None, Some(_)) => {
                return Err(mismatch(
                    "the argument is present but the header is missing".into(),
                ));
            }
            (Some(raw), Some(_)) => {
                let Some(text) = decode_value(raw) else {
                    return Err(mismatch(
                        "the header's value is not valid (bad base64, or characters a header \
                         value cannot hold)"
                            .into(),
                    ));
                };
                if !agrees(&text, body.unwrap_or(&Value::Null)) {
                    return Err(mismatch(format!(
                        "the header says {} but the argument is {}",
                        crate::json::quoted(&text),
                        crate::json::brief(body.unwrap_or(&Value::Null))
                    )));
                }
            }
        }
    }
    Ok(())
}

/// Whether a decoded header text carries the body value.
fn agrees(text: &str, body: &Value) -> bool {
    match body {
        Value::String(s) => s == text,
        Value::Bool(b) => text == if *b { "true" } else { "false" },
        Value::Number(n) => {
            let Some(want) = integer_of(n) else {
                return text == n.to_string();
            };
            // A header's integer: digits with an optional sign, or a JSON
            // number whose value is whole (`42.0`, `4.2e1`), compared as
            // exact decimals: never through a float, where
            // `42.000000000000001` and `1e-400` would pass for 42 and 0.
            exact_decimal(text)
                .is_some_and(|got| got == exact_decimal(&want.to_string()).unwrap_or_default())
        }
        _ => false,
    }
}

/// A number's exact value, `digits × 10^exponent`: the sign, the
/// significant digits without leading or trailing zeros, and the exponent
/// (zero is `(false, "", 0)`). Reads an optional sign, digits, an optional
/// fraction and an optional exponent (JSON's number grammar, with a `+` and
/// leading zeros allowed); `None` for anything else. Linear in the text; an
/// exponent too large to matter saturates.
fn exact_decimal(text: &str) -> Option<(bool, String, i64)> {
    let bytes = text.as_bytes();
    let mut at = 0;
    let negative = match bytes.first() {
        Some(b'-') => {
            at = 1;
            true
        }
        Some(b'+') => {
            at = 1;
            false
        }
        _ => false,
    };
    let digits_from = |at: &mut usize| {
        let start = *at;
        while bytes.get(*at).is_some_and(u8::is_ascii_digit) {
            *at += 1;
        }
        text.get(start..*at)
    };
    let whole = digits_from(&mut at).filter(|d| !d.is_empty())?;
    let mut fraction = "";
    if bytes.get(at) == Some(&b'.') {
        at += 1;
        fraction = digits_from(&mut at).filter(|d| !d.is_empty())?;
    }
    let mut exponent: i64 = 0;
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        at += 1;
        let negative_exp = match bytes.get(at) {
            Some(b'-') => {
                at += 1;
                true
            }
            Some(b'+') => {
                at += 1;
                false
            }
            _ => false,
        };
        let digits = digits_from(&mut at).filter(|d| !d.is_empty())?;
        for d in digits.bytes() {
            exponent = exponent
                .saturating_mul(10)
                .saturating_add(i64::from(d - b'0'))
                .min(1 << 40);
        }
        if negative_exp {
            exponent = -exponent;
        }
    }
    if at != bytes.len() {
        return None;
    }
    let mut digits: String = whole.chars().chain(fraction.chars()).collect();
    let frac_len = i64::try_from(fraction.len()).ok()?;
    exponent = exponent.saturating_sub(frac_len);
    let trimmed_end = digits.trim_end_matches('0').len();
    let trailing = i64::try_from(digits.len() - trimmed_end).ok()?;
    digits.truncate(trimmed_end);
    let digits = digits.trim_start_matches('0').to_string();
    if digits.is_empty() {
        return Some((false, String::new(), 0));
    }
    Some((negative, digits, exponent.saturating_add(trailing)))
}
