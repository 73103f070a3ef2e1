//! Map keys (`propertyNames`: what serde_json reads or writes as a key of
//! each key type) and the names of `$defs` entries.

use super::Renderer;
use super::build::wire;
use crate::schema::{Data, Keyword, NodeId, Role, Type};
use crate::shape::{Body, IntRange, Shape};

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
            Shape::Named(named) if matches!(named.body(), Body::Enum(_)) => {
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
/// exponent) within the range. serde_json parses a key's text itself, so a
/// 128-bit key (a range without bounds) reaches `u128::MAX` (`i128`: from
/// `i128::MIN` to `i128::MAX`).
pub(super) fn integer_key_pattern(range: &IntRange) -> String {
    let mut alternatives = Vec::new();
    let lowest_positive = if range.nonzero { 1 } else { 0 };
    let max = match range.max {
        Some(max) => u128::from(max),
        None if range.min.is_none() => i128::MAX.unsigned_abs(),
        None => u128::MAX,
    };
    alternatives.extend(decimal_range(lowest_positive, max));
    let lowest = match range.min {
        Some(min) => u128::from(min.min(0).unsigned_abs()),
        None => i128::MIN.unsigned_abs(),
    };
    for alt in decimal_range(1, lowest) {
        alternatives.push(format!("-{alt}"));
    }
    format!("^(?:{})$", alternatives.join("|"))
}

/// Regex alternatives matching the decimal numbers `lo..=hi`, without leading
/// zeros.
pub(super) fn decimal_range(lo: u128, hi: u128) -> Vec<String> {
    let mut out = Vec::new();
    if lo > hi {
        return out;
    }
    let digits = |n: u128| n.to_string().len();
    for d in digits(lo)..=digits(hi) {
        let first = if d == 1 { 0 } else { 10u128.pow(d as u32 - 1) };
        let last = if d >= 39 {
            u128::MAX
        } else {
            10u128.pow(d as u32) - 1
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

/// The reference to the `$defs` entry `name`: `#/$defs/` and the name as a
/// JSON Pointer segment (`~` as `~0`, `/` as `~1`) in a URI fragment, where
/// every byte outside RFC 3986's fragment characters is percent-encoded
/// (`Nœud` → `N%C5%93ud`, a space → `%20`, `%` → `%25`). A resolver
/// percent-decodes the fragment, then reads the pointer.
pub(crate) fn defs_ref(name: &str) -> String {
    let mut out = String::from("#/$defs/");
    push_ref_segment(&mut out, name);
    out
}

/// Appends `name` as an escaped JSON Pointer segment of a URI fragment (see
/// [`defs_ref`]).
#[cfg_attr(not(feature = "schemars"), allow(dead_code))]
pub(crate) fn push_ref_segment(out: &mut String, name: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for byte in name.bytes() {
        match byte {
            b'~' => out.push_str("~0"),
            b'/' => out.push_str("~1"),
            // RFC 3986 `fragment`: unreserved, sub-delims, `:`, `@`, `?`
            // (`/` is the pointer's separator, escaped above).
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'.'
            | b'_'
            | b'!'
            | b'$'
            | b'&'
            | b'\''
            | b'('
            | b')'
            | b'*'
            | b'+'
            | b','
            | b';'
            | b'='
            | b':'
            | b'@'
            | b'?' => out.push(byte as char),
            _ => {
                out.push('%');
                out.push(HEX[usize::from(byte >> 4)] as char);
                out.push(HEX[usize::from(byte & 0xF)] as char);
            }
        }
    }
}

/// The name a reference segment written by [`push_ref_segment`] (or by any
/// writer of URI-fragment JSON Pointers) stands for: percent-decoded, then
/// `~1` → `/` and `~0` → `~`. `None` when the decoded bytes are not UTF-8.
/// A `%` not followed by two hex digits is kept as it is.
#[cfg_attr(not(feature = "schemars"), allow(dead_code))]
pub(crate) fn decode_ref_segment(segment: &str) -> Option<String> {
    let bytes = segment.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let hex = |at: usize| bytes.get(at).and_then(|c| (*c as char).to_digit(16));
        match (b, hex(i + 1), hex(i + 2)) {
            (b'%', Some(hi), Some(lo)) => {
                decoded.push((hi * 16 + lo) as u8);
                i += 3;
            }
            _ => {
                decoded.push(b);
                i += 1;
            }
        }
    }
    let text = String::from_utf8(decoded).ok()?;
    Some(text.replace("~1", "/").replace("~0", "~"))
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
