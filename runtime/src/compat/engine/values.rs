//! The value vocabulary of the check: JSON types as bits, numbers and their
//! bounds, and how each reads in a message.

use super::*;

pub(super) fn type_bits(m: &Map<String, Value>) -> u8 {
    let one = |name: &str| match name {
        "null" => TN,
        "boolean" => TB,
        "object" => TO,
        "array" => TA,
        "string" => TS,
        "integer" => TI,
        "number" => NUM,
        _ => 0,
    };
    match m.get("type") {
        Some(Value::String(s)) => one(s),
        Some(Value::Array(names)) => names
            .iter()
            .filter_map(Value::as_str)
            .fold(0, |acc, n| acc | one(n)),
        _ => ALL,
    }
}

pub(super) fn kind_bits(v: &Value) -> u8 {
    match v {
        Value::Null => TN,
        Value::Bool(_) => TB,
        Value::Object(_) => TO,
        Value::Array(_) => TA,
        Value::String(_) => TS,
        Value::Number(n) => {
            if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) {
                TI
            } else {
                TF
            }
        }
    }
}

pub(super) fn types_text(bits: u8) -> String {
    if bits & ALL == ALL {
        return "any type".into();
    }
    let mut names = Vec::new();
    for (bit, name) in [
        (TN, "null"),
        (TB, "boolean"),
        (TO, "object"),
        (TA, "array"),
        (TS, "string"),
    ] {
        if bits & bit != 0 {
            names.push(name);
        }
    }
    match bits & NUM {
        NUM => names.push("number"),
        TI => names.push("integer"),
        TF => names.push("non-integer number"),
        _ => {}
    }
    if names.is_empty() {
        return "nothing".into();
    }
    names.join(" or ")
}

pub(super) fn type_witness(bit: u8) -> &'static str {
    match bit {
        TN => "of type null",
        TB => "of type boolean",
        TO => "of type object",
        TA => "of type array",
        TS => "of type string",
        TI => "of type integer",
        _ => "that is a non-integer number (such as 0.5)",
    }
}

#[derive(Clone, Copy, Debug)]
pub(super) enum Num {
    I(i128),
    F(f64),
}

pub(super) fn num_of(n: &Number) -> Num {
    if let Some(i) = n.as_i64() {
        Num::I(i as i128)
    } else if let Some(u) = n.as_u64() {
        Num::I(u as i128)
    } else {
        let f = n.as_f64().unwrap_or(0.0);
        if f.fract() == 0.0 && f.abs() < 1e30 {
            Num::I(f as i128)
        } else {
            Num::F(f)
        }
    }
}

pub(super) fn cmp_if(i: i128, f: f64) -> Ordering {
    let fl = f.floor();
    if fl >= 1.7e38 {
        Ordering::Less
    } else if fl < -1.7e38 {
        Ordering::Greater
    } else {
        match i.cmp(&(fl as i128)) {
            Ordering::Equal if f != fl => Ordering::Less,
            o => o,
        }
    }
}

pub(super) fn cmp_num(a: Num, b: Num) -> Ordering {
    match (a, b) {
        (Num::I(x), Num::I(y)) => x.cmp(&y),
        (Num::F(x), Num::F(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        (Num::I(x), Num::F(y)) => cmp_if(x, y),
        (Num::F(x), Num::I(y)) => cmp_if(y, x).reverse(),
    }
}

pub(super) fn num_f(n: Num) -> f64 {
    match n {
        Num::I(i) => i as f64,
        Num::F(f) => f,
    }
}

pub(super) fn show_num(n: Num) -> String {
    match n {
        Num::I(i) => i.to_string(),
        Num::F(f) => {
            let mut s = String::new();
            canon::write_double(f, &mut s);
            s
        }
    }
}

/// Smallest integer ≥ n (> n when exclusive).
pub(super) fn ceil_int(n: Num, excl: bool) -> Option<i128> {
    match n {
        Num::I(i) => Some(if excl { i.saturating_add(1) } else { i }),
        Num::F(f) if f.abs() < 1e30 => {
            let c = f.ceil();
            Some(if excl && c == f {
                c as i128 + 1
            } else {
                c as i128
            })
        }
        Num::F(_) => None,
    }
}

/// Largest integer ≤ n (< n when exclusive).
pub(super) fn floor_int(n: Num, excl: bool) -> Option<i128> {
    match n {
        Num::I(i) => Some(if excl { i.saturating_sub(1) } else { i }),
        Num::F(f) if f.abs() < 1e30 => {
            let c = f.floor();
            Some(if excl && c == f {
                c as i128 - 1
            } else {
                c as i128
            })
        }
        Num::F(_) => None,
    }
}

/// Whether `x` is a whole multiple of `m` (floating point, with the
/// tolerance JSON Schema validators use in practice).
pub(super) fn is_multiple(x: f64, m: f64) -> bool {
    if m <= 0.0 || !m.is_finite() {
        return false;
    }
    let q = x / m;
    q.is_finite() && (q - q.round()).abs() <= 1e-9 * q.abs().max(1.0)
}

/// A lower or upper bound: the value and whether it is exclusive.
pub(super) type Bound = Option<(Num, bool)>;

/// The lower and upper bound one schema object puts on numbers.
pub(super) fn bounds(m: &Map<String, Value>) -> (Bound, Bound) {
    let num = |k: &str| m.get(k).and_then(Value::as_number).map(num_of);
    let mut lo = num("minimum").map(|n| (n, false));
    let mut hi = num("maximum").map(|n| (n, false));
    match m.get("exclusiveMinimum") {
        Some(Value::Number(n)) => lo = tighter_lo(lo, Some((num_of(n), true))),
        Some(Value::Bool(true)) => lo = lo.map(|(n, _)| (n, true)),
        _ => {}
    }
    match m.get("exclusiveMaximum") {
        Some(Value::Number(n)) => hi = tighter_hi(hi, Some((num_of(n), true))),
        Some(Value::Bool(true)) => hi = hi.map(|(n, _)| (n, true)),
        _ => {}
    }
    (lo, hi)
}

pub(super) fn tighter_lo(a: Bound, b: Bound) -> Bound {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some(x), Some(y)) => Some(match cmp_num(x.0, y.0) {
            Ordering::Greater => x,
            Ordering::Less => y,
            Ordering::Equal => (x.0, x.1 || y.1),
        }),
    }
}

pub(super) fn tighter_hi(a: Bound, b: Bound) -> Bound {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some(x), Some(y)) => Some(match cmp_num(x.0, y.0) {
            Ordering::Less => x,
            Ordering::Greater => y,
            Ordering::Equal => (x.0, x.1 || y.1),
        }),
    }
}

pub(super) fn show_lo(b: Bound) -> String {
    match b {
        None => "none".into(),
        Some((n, false)) => show_num(n),
        Some((n, true)) => format!("> {}", show_num(n)),
    }
}

pub(super) fn show_hi(b: Bound) -> String {
    match b {
        None => "none".into(),
        Some((n, false)) => show_num(n),
        Some((n, true)) => format!("< {}", show_num(n)),
    }
}

pub(super) fn count(v: Option<&Value>) -> Option<u64> {
    v.and_then(Value::as_number).and_then(|n| {
        n.as_u64()
            .or_else(|| n.as_f64().filter(|f| *f >= 0.0).map(|f| f.ceil() as u64))
    })
}

pub(super) fn strs(v: Option<&Value>) -> impl Iterator<Item = &str> {
    v.and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
}

/// Types as sets for disjointness: an integer is also a number.
pub(super) fn widen(t: u8) -> u8 {
    if t & NUM != 0 { t | NUM } else { t }
}

/// The types a right `type` admits, for narrowing the left after the type
/// check (a number type admits integers).
pub(super) fn rtypes_closure(r: u8) -> u8 {
    if r & TF != 0 { r | TI } else { r }
}

pub(super) fn range_text(lo: Option<i128>, hi: Option<i128>) -> String {
    match (lo, hi) {
        (Some(a), Some(b)) if a == b => format!("of {a}"),
        (Some(a), Some(b)) => format!("of {a}..{b}"),
        (None, Some(b)) => format!("of {b} or less"),
        (Some(a), None) => format!("of {a} or more"),
        (None, None) => "of any number".into(),
    }
}

pub(super) fn count_range(lo: u64, hi: u64) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}..{hi}")
    }
}

pub(super) fn chars_range(lo: u64, hi: u64) -> String {
    format!("{} characters", count_range(lo, hi))
}
