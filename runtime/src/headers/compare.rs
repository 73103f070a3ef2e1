//! [`verify`]: the server's comparison of a call's headers with its body.

use super::*;

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
pub(super) fn agrees(text: &str, body: &Value) -> bool {
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
pub(super) fn exact_decimal(text: &str) -> Option<(bool, String, i64)> {
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
