//! Header values: the base64 sentinel, a body value's header text, and
//! [`headers_for`], the headers a client sends for a call.

use super::*;

/// Whether a text value must travel base64-wrapped.
pub(super) fn needs_base64(text: &str) -> bool {
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
pub(super) fn header_text(
    param: &HeaderParam,
    value: Option<&Value>,
) -> Result<Option<String>, String> {
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
pub(super) fn integer_of(n: &serde_json::Number) -> Option<i128> {
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
