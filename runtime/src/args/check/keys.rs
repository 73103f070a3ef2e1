//! Map keys: what serde_json reads a key as, and the renderer's
//! `propertyNames`, decided directly.

use super::Walk;
use super::describe::describe_shape;
use crate::Contract;
use crate::args::plan;
use crate::shape::serde_read;
use crate::shape::{Body, Enum, IntRange, Repr, Shape, StringShape, VariantBody};
use crate::violation::quoted;
use serde_json::Value;

// ------------------------------------------------------------------ map keys

/// What serde_json reads a map key as, and the renderer's `propertyNames`.
pub(super) enum KeyRule {
    Free,
    String(&'static StringShape),
    Integer(&'static IntRange),
    Number,
    Bool,
    Enum(&'static Shape),
}

impl KeyRule {
    pub(super) fn of(key: &'static Shape) -> KeyRule {
        match plan::resolve(key) {
            Shape::String(s)
                if s.min_length.is_some()
                    || s.max_length.is_some()
                    || s.format.is_some()
                    || s.input_pattern.is_some() =>
            {
                KeyRule::String(s)
            }
            Shape::Integer(range) => KeyRule::Integer(range),
            Shape::Number => KeyRule::Number,
            Shape::Bool => KeyRule::Bool,
            shape @ Shape::Named(named) if matches!(named.body(), Body::Enum(e) if enum_is_string(e)) => {
                KeyRule::Enum(shape)
            }
            _ => KeyRule::Free,
        }
    }

    /// Why `key` is refused, if it is.
    pub(super) fn refuses(&self, key: &str) -> Option<String> {
        match self {
            KeyRule::Free => None,
            KeyRule::String(s) => {
                let mut probe = Walk::new();
                let value = Value::String(key.to_string());
                probe.string(s, None, &value);
                probe.out.first().map(|v| format!("the key {}", v.message))
            }
            KeyRule::Integer(range) => (!integer_key(range, key)).then(|| {
                format!(
                    "the key {} is not an integer {}",
                    quoted(key, 100),
                    range_text(range)
                )
            }),
            KeyRule::Number => (!number_key(key))
                .then(|| format!("the key {} is not a JSON number", quoted(key, 100))),
            KeyRule::Bool => (key != "true" && key != "false")
                .then(|| format!("the key {} is not \"true\" or \"false\"", quoted(key, 100))),
            KeyRule::Enum(shape) => {
                // A walk of its own: verdicts are remembered by address, and
                // this value lives only here.
                let value = Value::String(key.to_string());
                (!Walk::new().shape_matches(shape, &value)).then(|| {
                    format!(
                        "the key {} is not one of {}",
                        quoted(key, 100),
                        describe_shape(shape)
                    )
                })
            }
        }
    }
}

fn range_text(range: &IntRange) -> String {
    let low = match range.min {
        Some(0) if range.nonzero => "1".to_string(),
        Some(m) => m.to_string(),
        None => "-∞".to_string(),
    };
    let high = range.max.map_or("∞".to_string(), |m| m.to_string());
    let zero = if range.nonzero && range.min.is_some_and(|m| m < 0) {
        ", not 0"
    } else {
        ""
    };
    format!("from {low} to {high}{zero}, written plainly")
}

/// The renderer's integer key pattern, decided directly: a JSON integer (no
/// `+`, no leading zeros, no `-0`, no fraction or exponent) within range.
fn integer_key(range: &IntRange, key: &str) -> bool {
    let (negative, digits) = match key.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, key),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return false;
    }
    // Beyond u64: only an unbounded side takes it.
    let magnitude: Option<u64> = digits.parse().ok();
    if negative {
        if digits == "0" {
            return false;
        }
        match (range.min, magnitude) {
            (None, _) => true,
            (Some(min), Some(m)) if min < 0 => m <= min.unsigned_abs(),
            _ => false,
        }
    } else {
        let lowest = if range.nonzero { 1 } else { 0 };
        match (range.max, magnitude) {
            (None, Some(m)) => m >= lowest,
            (None, None) => true,
            (Some(max), Some(m)) => m >= lowest && m <= max,
            (Some(_), None) => false,
        }
    }
}

/// `^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`, decided directly.
fn number_key(key: &str) -> bool {
    let b = key.as_bytes();
    let at = |i: usize| b.get(i).copied();
    // The end of the run of digits from `i`.
    let digits = |mut i: usize| {
        while at(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        i
    };
    let mut i = usize::from(at(0) == Some(b'-'));
    match at(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => i = digits(i),
        _ => return false,
    }
    if at(i) == Some(b'.') {
        let end = digits(i + 1);
        if end == i + 1 {
            return false;
        }
        i = end;
    }
    if matches!(at(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(at(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let end = digits(i);
        if end == i {
            return false;
        }
        i = end;
    }
    i == b.len()
}

/// Whether an enum used as a map key renders as a string schema (the
/// renderer then constrains keys with it; otherwise keys are free).
fn enum_is_string(e: &'static Enum) -> bool {
    let serde_read::Variants {
        tagged, untagged, ..
    } = serde_read::variants(e, Contract::Input);
    let all_unit = tagged.iter().all(|v| matches!(v.body, VariantBody::Unit));
    let has_other = serde_read::has_other(&tagged, Contract::Input);
    matches!(e.repr, Repr::External)
        && untagged.is_empty()
        && !tagged.is_empty()
        && all_unit
        && !(e.titled && has_other)
}
