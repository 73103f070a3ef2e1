//! The canonical JSON the seal binds a call's arguments with: keys sorted
//! at every depth, numbers by value (`1`, `1.0`, `1e0` and `10e-1` are one
//! number), written without recursion.

use serde_json::Value;

/// `value` as JSON with every object's keys sorted and every number in one
/// spelling per value (see [`write_number`]), written without recursion (any
/// depth). Not JSON to be parsed again: bytes to bind a seal to.
pub(super) fn canonical_json(value: &Value, out: &mut Vec<u8>) {
    enum Step<'a> {
        Value(&'a Value),
        Key(&'a str),
        Raw(&'static [u8]),
    }
    let mut stack = vec![Step::Value(value)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Raw(bytes) => out.extend_from_slice(bytes),
            Step::Key(key) => {
                write_scalar(&Value::from(key), out);
                out.push(b':');
            }
            Step::Value(Value::Array(items)) => {
                out.push(b'[');
                stack.push(Step::Raw(b"]"));
                for (i, item) in items.iter().enumerate().rev() {
                    stack.push(Step::Value(item));
                    if i > 0 {
                        stack.push(Step::Raw(b","));
                    }
                }
            }
            Step::Value(Value::Object(map)) => {
                out.push(b'{');
                stack.push(Step::Raw(b"}"));
                let mut entries: Vec<(&String, &Value)> = map.iter().collect();
                entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
                for (i, (key, item)) in entries.into_iter().enumerate().rev() {
                    stack.push(Step::Value(item));
                    stack.push(Step::Key(key));
                    if i > 0 {
                        stack.push(Step::Raw(b","));
                    }
                }
            }
            Step::Value(scalar) => write_scalar(scalar, out),
        }
    }
}

fn write_scalar(value: &Value, out: &mut Vec<u8>) {
    if let Value::Number(number) = value {
        return write_number(&number.to_string(), out);
    }
    // Writing a scalar into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *out, value);
}

/// A JSON number's text in one spelling per numeric value: `0`, or an
/// optional `-`, the significant digits without leading or trailing zeros,
/// `e` and the exponent (`1`, `1.0`, `1e0`, `10e-1` are all `1e0`; `-0.0` is
/// `0`). Exact for any decimal text (serde_json's `arbitrary_precision`
/// included): two spellings meet only when their values are equal. Text
/// this does not read as a decimal (or whose exponent overflows `i64`) is
/// written as `~` and the text itself, which no decimal's spelling begins
/// with.
fn write_number(text: &str, out: &mut Vec<u8>) {
    match canonical_decimal(text) {
        Some(canonical) => out.extend_from_slice(canonical.as_bytes()),
        None => {
            out.push(b'~');
            out.extend_from_slice(text.as_bytes());
        }
    }
}

fn canonical_decimal(text: &str) -> Option<String> {
    let mut bytes = text.bytes().peekable();
    let negative = bytes.next_if_eq(&b'-').is_some();
    let mut digits: Vec<u8> = Vec::new();
    let mut fraction_digits: i64 = 0;
    let mut seen_digit = false;
    while let Some(d) = bytes.next_if(u8::is_ascii_digit) {
        digits.push(d);
        seen_digit = true;
    }
    if bytes.next_if_eq(&b'.').is_some() {
        while let Some(d) = bytes.next_if(u8::is_ascii_digit) {
            digits.push(d);
            fraction_digits = fraction_digits.checked_add(1)?;
            seen_digit = true;
        }
    }
    if !seen_digit {
        return None;
    }
    let mut exponent: i64 = 0;
    if bytes.next_if(|b| *b == b'e' || *b == b'E').is_some() {
        let negative_exponent = matches!(bytes.next_if(|b| *b == b'-' || *b == b'+'), Some(b'-'));
        let mut any = false;
        while let Some(d) = bytes.next_if(u8::is_ascii_digit) {
            exponent = exponent.checked_mul(10)?.checked_add(i64::from(d - b'0'))?;
            any = true;
        }
        if !any {
            return None;
        }
        if negative_exponent {
            exponent = -exponent;
        }
    }
    if bytes.next().is_some() {
        return None;
    }
    let first = digits.iter().position(|d| *d != b'0');
    let Some(first) = first else {
        return Some("0".to_owned());
    };
    let last = digits.iter().rposition(|d| *d != b'0').unwrap_or(first);
    let trailing = i64::try_from(digits.len() - 1 - last).ok()?;
    let exponent = exponent
        .checked_sub(fraction_digits)?
        .checked_add(trailing)?;
    let significant = digits.get(first..=last)?;
    let mut canonical = String::with_capacity(significant.len() + 24);
    if negative {
        canonical.push('-');
    }
    canonical.extend(significant.iter().map(|d| char::from(*d)));
    canonical.push('e');
    canonical.push_str(&exponent.to_string());
    Some(canonical)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::integrations::rounds::*;
    use serde_json::json;

    fn canonical(value: &Value) -> String {
        let mut out = Vec::new();
        canonical_json(value, &mut out);
        String::from_utf8(out).unwrap_or_default()
    }

    #[test]
    fn canonical_json_sorts_keys_at_every_depth() {
        let a = json!({"b": [1, {"z": null, "a": "x"}], "a": {"d": true, "c": 1.5}});
        let b = json!({"a": {"c": 1.5, "d": true}, "b": [1, {"a": "x", "z": null}]});
        assert_eq!(canonical(&a), canonical(&b));
        assert_eq!(
            canonical(&a),
            r#"{"a":{"c":15e-1,"d":true},"b":[1e0,{"a":"x","z":null}]}"#
        );
        assert_eq!(canonical(&json!([])), "[]");
        assert_eq!(canonical(&json!({})), "{}");
        assert_eq!(canonical(&json!("\"\n")), r#""\"\n""#);
    }

    #[test]
    fn numbers_are_written_by_value() {
        let one = [
            "1", "1.0", "1e0", "1E+0", "10e-1", "0.1e1", "001.000", "100e-2",
        ];
        for text in one {
            assert_eq!(canonical_decimal(text).as_deref(), Some("1e0"), "{text}");
        }
        for (text, canonical) in [
            ("0", "0"),
            ("-0", "0"),
            ("-0.0", "0"),
            ("0e99", "0"),
            ("-1", "-1e0"),
            ("1.5", "15e-1"),
            ("100", "1e2"),
            ("1e300", "1e300"),
            ("1.5e-7", "15e-8"),
            ("18446744073709551615", "18446744073709551615e0"),
            ("9007199254740993", "9007199254740993e0"),
        ] {
            assert_eq!(
                canonical_decimal(text).as_deref(),
                Some(canonical),
                "{text}"
            );
        }
        for text in [
            "",
            "-",
            ".",
            "e1",
            "1e",
            "1e+",
            "1x",
            "--1",
            "1e99999999999999999999",
        ] {
            assert_eq!(canonical_decimal(text), None, "{text}");
        }
        // Distinct values stay distinct, equal ones meet, through serde_json.
        let parse = |t: &str| canonical(&serde_json::from_str(t).unwrap_or(Value::Null));
        assert_eq!(parse("1"), parse("1.0"));
        assert_eq!(parse("1"), parse("1e0"));
        assert_eq!(parse("[-0.0]"), parse("[0]"));
        assert_ne!(parse("1"), parse("1.5"));
        assert_ne!(parse("1"), parse("\"1\""));
        assert_ne!(parse("9007199254740993"), parse("9007199254740992"));
        assert_ne!(parse("0.1"), parse("1"));
        assert_eq!(
            canonical(&json!({"x": 2.5, "y": [1.0]})),
            r#"{"x":25e-1,"y":[1e0]}"#
        );
    }

    #[test]
    fn canonical_json_takes_any_depth() {
        let mut deep = json!(0);
        for _ in 0..100_000 {
            deep = Value::Array(vec![deep]);
        }
        let text = canonical(&deep);
        assert_eq!(text.len(), 200_001);
        // Drop it without recursing either.
        let mut stack = vec![deep];
        while let Some(mut v) = stack.pop() {
            if let Value::Array(items) = &mut v {
                stack.append(items);
            }
        }
    }

    #[test]
    fn keys_shorter_than_32_bytes_are_refused() {
        assert_eq!(
            StateKey::new(vec![7; 31]).map(|_| ()),
            Err(StateKeyError { length: 31 })
        );
        assert!(StateKey::new(vec![7; 32]).is_ok());
        let shown = format!("{:?}", StateKey::new(vec![7; 32]).ok());
        assert!(!shown.contains("7, 7"), "{shown}");
    }

    #[test]
    fn state_problems_map_to_invalid_params() {
        for problem in [
            StateProblem::Malformed,
            StateProblem::Forged,
            StateProblem::Expired,
            StateProblem::Unreadable,
        ] {
            let error: rmcp::ErrorData = RoundError::State(problem).into();
            assert_eq!(error.code, rmcp::model::ErrorCode::INVALID_PARAMS);
        }
    }
}
