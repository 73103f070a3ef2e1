//! RFC 8785 (JSON Canonicalization Scheme) canonical JSON, written without
//! recursion (any depth), and the SHA-256 fingerprint over it.
//!
//! Why not a crate: `serde_jcs` and `json-canon` serialize through serde,
//! which recurses once per level of nesting; a 100k-deep value from
//! outside would overflow the stack. The two parts of RFC 8785 that need
//! care are done here with tests from the RFC's own examples:
//!
//! - numbers: every number is the IEEE 754 double it denotes, written as
//!   ECMAScript's `Number.prototype.toString` writes it (shortest digits
//!   that read back to the same double — Rust's `{:e}` gives exactly these
//!   digits — placed by ECMA-262 §6.1.6.1.20's rules). Integers beyond
//!   2^53 are rounded to a double first, as the RFC says;
//! - strings: `"`, `\`, and the control characters escaped as JSON.stringify
//!   does (`\b \t \n \f \r`, others `\u00xx` in lower case); everything else
//!   as UTF-8; object keys sorted by their UTF-16 code units.

use serde_json::{Number, Value};
use std::cmp::Ordering;

/// `value` in RFC 8785 canonical form, appended to `out`.
pub(crate) fn write(value: &Value, out: &mut String) {
    write_sorted(
        value,
        out,
        utf16_cmp,
        write_string,
        |scalar, out| match scalar {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => write_number(n, out),
            Value::String(s) => write_string(s, out),
            Value::Array(_) | Value::Object(_) => {}
        },
    );
}

/// The walk every canonical form of JSON here shares, without recursion
/// (any depth): arrays in order, each object's members sorted by `order`
/// on their keys, `[`, `]`, `{`, `}`, `,` and `:` as JSON writes them; each
/// key written by `key`, each scalar (null, boolean, number, string) by
/// `scalar`, which is never handed an array or object. RFC 8785 ([`write`])
/// is one form; a form with another key order or number spelling (the
/// seal's exact numbers in `integrations/rounds`) is another.
pub(crate) fn write_sorted(
    value: &Value,
    out: &mut String,
    order: fn(&str, &str) -> Ordering,
    mut key: impl FnMut(&str, &mut String),
    mut scalar: impl FnMut(&Value, &mut String),
) {
    enum Step<'a> {
        Value(&'a Value),
        Key(&'a str),
        Raw(char),
    }
    let mut stack = vec![Step::Value(value)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Raw(c) => out.push(c),
            Step::Key(k) => {
                key(k, out);
                out.push(':');
            }
            Step::Value(Value::Array(items)) => {
                out.push('[');
                stack.push(Step::Raw(']'));
                for (i, item) in items.iter().enumerate().rev() {
                    stack.push(Step::Value(item));
                    if i > 0 {
                        stack.push(Step::Raw(','));
                    }
                }
            }
            Step::Value(Value::Object(map)) => {
                out.push('{');
                stack.push(Step::Raw('}'));
                let mut entries: Vec<(&String, &Value)> = map.iter().collect();
                entries.sort_by(|a, b| order(a.0, b.0));
                for (i, (k, item)) in entries.into_iter().enumerate().rev() {
                    stack.push(Step::Value(item));
                    stack.push(Step::Key(k));
                    if i > 0 {
                        stack.push(Step::Raw(','));
                    }
                }
            }
            Step::Value(other) => scalar(other, out),
        }
    }
}

/// A key equal for equal JSON values (numbers by value): a string's own
/// text after a `"`, anything else its canonical form (which never starts
/// with `"` unless it is a string).
pub(crate) fn key(value: &Value) -> String {
    match value {
        Value::String(s) => {
            let mut k = String::with_capacity(s.len() + 1);
            k.push('"');
            k.push_str(s);
            k
        }
        other => to_string(other),
    }
}

/// `value` in RFC 8785 canonical form.
pub(crate) fn to_string(value: &Value) -> String {
    let mut out = String::new();
    write(value, &mut out);
    out
}

/// The order RFC 8785 sorts keys in: by UTF-16 code units.
fn utf16_cmp(a: &str, b: &str) -> Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

fn write_string(s: &str, out: &mut String) {
    out.push('"');
    if !s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        out.push_str(s);
        out.push('"');
        return;
    }
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The double a JSON number denotes (integers beyond 2^53 rounded).
pub(crate) fn as_double(n: &Number) -> f64 {
    if let Some(i) = n.as_i64() {
        i as f64
    } else if let Some(u) = n.as_u64() {
        u as f64
    } else {
        n.as_f64().unwrap_or(0.0)
    }
}

fn write_number(n: &Number, out: &mut String) {
    write_double(as_double(n), out);
}

/// ECMAScript's `Number::toString(x)` for a finite double.
pub(crate) fn write_double(x: f64, out: &mut String) {
    if x == 0.0 || !x.is_finite() {
        // -0 is written `0`; JSON has no NaN or infinity (serde_json never
        // holds them), so they cannot occur.
        out.push('0');
        return;
    }
    if x < 0.0 {
        out.push('-');
    }
    // `{:e}` is the shortest round-trip digits: "d[.ddd]e[-]n".
    let sci = format!("{:e}", x.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let e = exp.parse::<i64>().unwrap_or(0);
    let tied = tie_to_even(x.abs(), digits, e);
    let digits = tied.as_deref().unwrap_or(digits);
    let k = digits.len() as i64;
    // ECMA-262: the value is 0.d1d2..dk × 10^n.
    let n = e + 1;
    if k <= n && n <= 21 {
        out.push_str(digits);
        out.extend(std::iter::repeat_n('0', (n - k) as usize));
    } else if 0 < n && n <= 21 {
        let (int, frac) = digits.split_at(n as usize);
        out.push_str(int);
        out.push('.');
        out.push_str(frac);
    } else if -6 < n && n <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-n) as usize));
        out.push_str(digits);
    } else {
        let (first, rest) = digits.split_at(1);
        out.push_str(first);
        if !rest.is_empty() {
            out.push('.');
            out.push_str(rest);
        }
        out.push('e');
        out.push(if n - 1 < 0 { '-' } else { '+' });
        out.push_str(&(n - 1).abs().to_string());
    }
}

/// ECMA-262 picks, of two shortest digit strings equally close to `x`,
/// the even one; Rust's shortest formatting picks the upper one. When `x`
/// lies exactly halfway between `digits` and its neighbour in the last
/// place (its exact expansion is one of them followed by a single `5`),
/// the even one of the two, if it reads back as `x`; `None`: no tie.
fn tie_to_even(x: f64, digits: &str, e: i64) -> Option<String> {
    // The exact decimal expansion of a double has at most 767 significant
    // digits: 800 places print it exactly.
    let exact = format!("{x:.800e}");
    let (mantissa, exp) = exact.split_once('e')?;
    if exp.parse::<i64>().ok()? != e {
        return None;
    }
    let exact: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let exact = exact.trim_end_matches('0');
    if exact.len() != digits.len() + 1 || !exact.ends_with('5') {
        return None;
    }
    let below = exact.get(..digits.len())?;
    // The neighbours are `below` and `below + 1` in the last place.
    let last = below.as_bytes().last()?.wrapping_sub(b'0');
    if last >= 9 {
        return None;
    }
    let above = format!("{}{}", below.get(..below.len() - 1)?, last + 1);
    let even = if last % 2 == 0 {
        below.to_string()
    } else {
        above
    };
    if even == digits {
        return None;
    }
    let back: f64 = format!("0.{even}e{}", e + 1).parse().ok()?;
    (back == x).then_some(even)
}

/// The lower-case hexadecimal SHA-256 of `text`.
pub(crate) fn sha256_hex(text: &str) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(text.as_bytes());
    let mut out = String::with_capacity(64);
    for b in digest.iter() {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn num(bits: u64) -> String {
        let mut out = String::new();
        write_double(f64::from_bits(bits), &mut out);
        out
    }

    /// RFC 8785 Appendix B: IEEE 754 to JSON number serialization samples.
    #[test]
    fn rfc8785_number_samples() {
        let samples: &[(u64, &str)] = &[
            (0x0000000000000000, "0"),
            (0x8000000000000000, "0"),
            (0x0000000000000001, "5e-324"),
            (0x8000000000000001, "-5e-324"),
            (0x7fefffffffffffff, "1.7976931348623157e+308"),
            (0xffefffffffffffff, "-1.7976931348623157e+308"),
            (0x4340000000000000, "9007199254740992"),
            (0xc340000000000000, "-9007199254740992"),
            (0x4430000000000000, "295147905179352830000"),
            (0x44b52d02c7e14af5, "9.999999999999997e+22"),
            (0x44b52d02c7e14af6, "1e+23"),
            (0x44b52d02c7e14af7, "1.0000000000000001e+23"),
            (0x444b1ae4d6e2ef4e, "999999999999999700000"),
            (0x444b1ae4d6e2ef4f, "999999999999999900000"),
            (0x444b1ae4d6e2ef50, "1e+21"),
            (0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"),
            (0x3eb0c6f7a0b5ed8d, "0.000001"),
            (0x41b3de4355555553, "333333333.3333332"),
            (0x41b3de4355555554, "333333333.33333325"),
            (0x41b3de4355555555, "333333333.3333333"),
            (0x41b3de4355555556, "333333333.3333334"),
            (0x41b3de4355555557, "333333333.33333343"),
            (0xbecbf647612f3696, "-0.0000033333333333333333"),
            (0x43143ff3c1cb0959, "1424953923781206.2"),
        ];
        for (bits, want) in samples {
            assert_eq!(num(*bits), *want, "bits {bits:#018x}");
        }
    }

    /// RFC 8785 §3.2.3's example, and its string escapes.
    #[test]
    fn rfc8785_example() {
        let value = json!({
            "numbers": [f64::from_bits(0x41b3de4355555555), 1e30, 4.50, 2e-3, 1e-27],
            "string": "\u{20ac}$\u{000F}\u{000a}A'\u{0042}\u{0022}\u{005c}\\\"/",
            "literals": [null, true, false]
        });
        assert_eq!(
            to_string(&value),
            r#"{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}"#
        );
    }

    /// RFC 8785 §3.2.3: keys sorted by UTF-16 code units (the RFC's
    /// sorting example: `\u20ac`, `\r`, `\ufb33`, `1`, `\ud83d\ude00`,
    /// `\u0080`, `\u00f6`).
    #[test]
    fn rfc8785_key_order() {
        let value = json!({
            "\u{20ac}": "Euro Sign",
            "\r": "Carriage Return",
            "\u{fb33}": "Hebrew Letter Dalet With Dagesh",
            "1": "One",
            "\u{1f600}": "Emoji: Grinning Face",
            "\u{0080}": "Control",
            "\u{00f6}": "Latin Small Letter O With Diaeresis"
        });
        let text = to_string(&value);
        let order: Vec<&str> = [
            "Carriage Return",
            "One",
            "Control",
            "Latin Small",
            "Euro Sign",
            "Emoji",
            "Hebrew",
        ]
        .to_vec();
        let mut at = 0;
        for name in order {
            let found = text[at..].find(name).map(|i| i + at);
            assert!(found.is_some(), "{name} out of order in {text}");
            at = found.unwrap_or(at);
        }
    }

    #[test]
    fn integers_and_spellings_agree() {
        let a: Value = serde_json::from_str(r#"{"b": 1.0, "a": [10e-1, 1e0, 100]}"#).unwrap();
        let b: Value = serde_json::from_str(r#"{"a": [1, 1, 1E2], "b": 1}"#).unwrap();
        assert_eq!(to_string(&a), to_string(&b));
        assert_eq!(to_string(&a), r#"{"a":[1,1,100],"b":1}"#);
        assert_eq!(to_string(&json!(u64::MAX)), "18446744073709552000");
        assert_eq!(to_string(&json!(-7)), "-7");
    }

    #[test]
    fn deep_values_do_not_overflow() {
        let mut v = json!(1);
        for _ in 0..100_000 {
            v = Value::Array(vec![v]);
        }
        let text = to_string(&v);
        assert_eq!(text.len(), 200_001);
        crate::schema::dispose(v);
    }

    #[test]
    fn sha256_known_answer() {
        assert_eq!(
            sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
