//! Map keys (`propertyNames`: what serde_json reads or writes as a key of
//! each key type) and the names of `$defs` entries.

use super::Renderer;
use super::build::wire;
use crate::schema::{Data, Keyword, NodeId, Role, Type};
use crate::shape::{Body, IntRange, Named, Shape};

impl Renderer {
    /// JSON keys are strings: constrain them to what serde_json reads (input)
    /// or writes (output) for the key type.
    pub(super) fn property_names(&mut self, key: &'static Shape) -> Option<NodeId> {
        match self.resolve(key) {
            Shape::String(s) => {
                // A bare `{"type":"string"}` constrains nothing: keys are strings.
                let mut keywords = self.string_keywords(s);
                if keywords.len() < 2 {
                    return None;
                }
                // Removed as serde_json's `Map::remove` did: the last keyword
                // takes its place.
                keywords.swap_remove(0);
                Some(self.out.add(wire(Role::Value, keywords)))
            }
            Shape::Integer(range) => {
                let pattern = Keyword::Pattern(integer_key_pattern(range));
                Some(self.out.add(wire(Role::Value, [pattern])))
            }
            // serde_json reads a float key as a JSON number.
            Shape::Number => {
                let pattern = r"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$";
                Some(
                    self.out
                        .add(wire(Role::Value, [Keyword::Pattern(pattern.into())])),
                )
            }
            Shape::Bool => {
                let names = ["true", "false"].map(|n| Data::new(n.into())).to_vec();
                Some(self.out.add(wire(Role::Value, [Keyword::Enum(names)])))
            }
            Shape::Named(Named {
                body: Body::Enum(_),
                ..
            }) => {
                // Unit variants as keys: their names.
                let schema = self.node(key);
                (self.out.single_type(schema) == Some(Type::String)).then_some(schema)
            }
            _ => None,
        }
    }
}

/// A pattern for exactly the map keys serde_json reads as an integer of
/// `range`: a JSON integer (no `+`, no leading zeros, no `-0`, no fraction or
/// exponent) within the range.
pub(super) fn integer_key_pattern(range: &IntRange) -> String {
    let mut alternatives = Vec::new();
    let lowest_positive = if range.nonzero { 1 } else { 0 };
    match range.max {
        Some(max) => alternatives.extend(decimal_range(lowest_positive, max)),
        None if range.nonzero => alternatives.push("[1-9][0-9]*".to_string()),
        None => alternatives.push("0|[1-9][0-9]*".to_string()),
    }
    match range.min {
        Some(min) if min < 0 => {
            for alt in decimal_range(1, min.unsigned_abs()) {
                alternatives.push(format!("-{alt}"));
            }
        }
        Some(_) => {}
        None => alternatives.push("-[1-9][0-9]*".to_string()),
    }
    format!("^(?:{})$", alternatives.join("|"))
}

/// Regex alternatives matching the decimal numbers `lo..=hi`, without leading
/// zeros.
pub(super) fn decimal_range(lo: u64, hi: u64) -> Vec<String> {
    let mut out = Vec::new();
    if lo > hi {
        return out;
    }
    let digits = |n: u64| n.to_string().len();
    for d in digits(lo)..=digits(hi) {
        let first = if d == 1 { 0 } else { 10u64.pow(d as u32 - 1) };
        let last = if d >= 20 {
            u64::MAX
        } else {
            10u64.pow(d as u32) - 1
        };
        let (a, b) = (lo.max(first), hi.min(last));
        if a <= b {
            same_length(
                a.to_string().as_bytes(),
                b.to_string().as_bytes(),
                "",
                &mut out,
            );
        }
    }
    out
}

/// Alternatives for the numbers between `lo` and `hi`, two digit strings of
/// one length, after `prefix`.
fn same_length(lo: &[u8], hi: &[u8], prefix: &str, out: &mut Vec<String>) {
    let (Some((&l, lo_rest)), Some((&h, hi_rest))) = (lo.split_first(), hi.split_first()) else {
        out.push(prefix.to_string());
        return;
    };
    let n = lo_rest.len();
    let any = |k: usize| match k {
        0 => String::new(),
        1 => "[0-9]".to_string(),
        k => format!("[0-9]{{{k}}}"),
    };
    let class = |a: u8, b: u8| {
        if a == b {
            (a as char).to_string()
        } else {
            format!("[{}-{}]", a as char, b as char)
        }
    };
    if l == h {
        same_length(lo_rest, hi_rest, &format!("{prefix}{}", l as char), out);
        return;
    }
    let lo_floor = lo_rest.iter().all(|&c| c == b'0');
    let hi_ceil = hi_rest.iter().all(|&c| c == b'9');
    // The first digit's own part of the range.
    let mut from = l;
    if !lo_floor {
        let nines = vec![b'9'; n];
        same_length(lo_rest, &nines, &format!("{prefix}{}", l as char), out);
        from = l + 1;
    }
    let to = if hi_ceil { h } else { h - 1 };
    if from <= to {
        out.push(format!("{prefix}{}{}", class(from, to), any(n)));
    }
    if !hi_ceil {
        let zeros = vec![b'0'; n];
        same_length(&zeros, hi_rest, &format!("{prefix}{}", h as char), out);
    }
}

/// `my_crate::module::Tree<alloc::string::String>` → `Tree<String>`, made safe
/// for a JSON Pointer segment.
pub(super) fn short_type_name(full: &str) -> String {
    let mut out = String::new();
    let mut segment = String::new();
    for c in full.chars() {
        match c {
            ':' => segment.clear(),
            '<' | '>' | ',' | ' ' | '&' | '[' | ']' | ';' | '(' | ')' => {
                out.push_str(&segment);
                segment.clear();
                match c {
                    '<' | ',' | ';' | '(' | '[' => out.push('_'),
                    _ => {}
                }
            }
            _ => segment.push(c),
        }
    }
    out.push_str(&segment);
    let trimmed = out.trim_end_matches('_');
    if trimmed.is_empty() {
        "Type".into()
    } else {
        trimmed.replace(['~', '/'], "_")
    }
}
