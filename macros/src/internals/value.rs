//! Values given in attributes: numbers (exact integers, finite floats) and
//! literals (for `example` and `#[elicit(default)]`).

/// A numeric literal, possibly negative.
#[derive(Clone, Copy)]
pub enum Number {
    Int(i64),
    UInt(u64),
    Float(f64),
}

impl Number {
    pub fn as_f64(self) -> f64 {
        match self {
            Number::Int(v) => v as f64,
            Number::UInt(v) => v as f64,
            Number::Float(v) => v,
        }
    }

    /// The number as written (integers exactly).
    pub fn to_text(self) -> String {
        match self {
            Number::Int(v) => v.to_string(),
            Number::UInt(v) => v.to_string(),
            Number::Float(v) => format!("{v:?}"),
        }
    }

    /// Compares exactly: integers as integers (u64::MAX and u64::MAX - 1
    /// are the same f64), a float against an integer as f64.
    pub fn exact_cmp(self, other: Number) -> std::cmp::Ordering {
        let int = |n: Number| match n {
            Number::Int(v) => Some(i128::from(v)),
            Number::UInt(v) => Some(i128::from(v)),
            Number::Float(_) => None,
        };
        match (int(self), int(other)) {
            (Some(a), Some(b)) => a.cmp(&b),
            _ => self
                .as_f64()
                .partial_cmp(&other.as_f64())
                .unwrap_or(std::cmp::Ordering::Equal),
        }
    }
}

/// A literal given in an attribute.
#[derive(Clone)]
pub enum Literal {
    Str(String),
    Num(Number),
    Bool(bool),
}

impl Literal {
    /// The literal as JSON text.
    pub fn to_json(&self) -> String {
        match self {
            Literal::Str(s) => json_string(s),
            Literal::Bool(b) => b.to_string(),
            Literal::Num(n) => n.to_text(),
        }
    }
}

/// `s` as a JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
