//! `format` and `pattern` on tool arguments.
//!
//! The four formats of the elicitation grammar (`email`, `uri`, `date`,
//! `date-time`) use [`Format`](crate::elicit::Format)'s checkers; the others
//! JSON Schema 2020-12 defines are checked here, each in one left-to-right
//! pass that never panics. `idn-hostname`, `idn-email`, `iri` and
//! `iri-reference` are their ASCII forms with every non-ASCII character
//! allowed where a letter is (no IDNA mapping tables); `hostname` checks the
//! RFC 1123 syntax and the `xn--` rule, not the Punycode payload. A format
//! JSON Schema does not define is not checked (as JSON Schema says).
//!
//! Patterns are in `pattern.rs`.

use crate::json::Format;

/// Whether `s` is valid for the format `name`; `None` for a format this
/// crate does not know (not checked).
pub(crate) fn is_valid(name: &str, s: &str) -> Option<bool> {
    if let Some(f) = Format::from_name(name) {
        return Some(f.is_valid(s));
    }
    Some(match name {
        "uuid" => is_uuid(s),
        "time" => is_time(s.as_bytes()),
        "duration" => is_duration(s.as_bytes()),
        "ipv4" => s.parse::<std::net::Ipv4Addr>().is_ok(),
        "ipv6" => s.parse::<std::net::Ipv6Addr>().is_ok(),
        "hostname" => is_hostname(s),
        "idn-hostname" => is_hostname(&ascii_stand_in(s)),
        "idn-email" => Format::Email.is_valid(&ascii_stand_in(s)),
        "uri-reference" => is_uri_reference(s),
        "iri" => Format::Uri.is_valid(&ascii_stand_in(s)),
        "iri-reference" => is_uri_reference(&ascii_stand_in(s)),
        "uri-template" => is_uri_template(s.as_bytes()),
        "json-pointer" => is_json_pointer(s),
        "relative-json-pointer" => is_relative_json_pointer(s),
        // ECMA-262 with the `u` flag, which refuses Annex B leniencies
        // such as a lone `{`.
        "regex" => regress::Regex::with_flags(s, "u").is_ok(),
        _ => return None,
    })
}

/// Every non-ASCII character replaced by `a`: the internationalized formats
/// allow such characters where the ASCII grammar allows a letter.
fn ascii_stand_in(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii() { c } else { 'a' })
        .collect()
}

/// 8-4-4-4-12 hexadecimal digits.
fn is_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, &c)| match i {
            8 | 13 | 18 | 23 => c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

fn two_digits(b: &[u8], at: usize) -> Option<u32> {
    match (b.get(at), b.get(at + 1)) {
        (Some(h @ b'0'..=b'9'), Some(l @ b'0'..=b'9')) => {
            Some(u32::from(h - b'0') * 10 + u32::from(l - b'0'))
        }
        _ => None,
    }
}

/// RFC 3339 `full-time`: `HH:MM:SS[.frac]` and an offset (`Z` or
/// `±HH:MM`); a leap second only at 23:59 UTC.
fn is_time(b: &[u8]) -> bool {
    let (Some(hour), Some(minute), Some(second)) =
        (two_digits(b, 0), two_digits(b, 3), two_digits(b, 6))
    else {
        return false;
    };
    if b.get(2) != Some(&b':') || b.get(5) != Some(&b':') {
        return false;
    }
    if hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    let mut i = 8;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    let (offset_minutes, end) = match b.get(i) {
        Some(b'Z' | b'z') => (0i32, i + 1),
        Some(sign @ (b'+' | b'-')) => {
            let (Some(oh), Some(om)) = (two_digits(b, i + 1), two_digits(b, i + 4)) else {
                return false;
            };
            if b.get(i + 3) != Some(&b':') || oh > 23 || om > 59 {
                return false;
            }
            let m = (oh * 60 + om) as i32;
            (if *sign == b'+' { m } else { -m }, i + 6)
        }
        _ => return false,
    };
    if end != b.len() {
        return false;
    }
    if second == 60 {
        let local = (hour * 60 + minute) as i32;
        let utc = (local - offset_minutes).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

/// RFC 3339 Appendix A `duration`: `P` then date units in order (`Y`, `M`,
/// `D`, no gaps from year to day), or weeks alone, and `T` with time units
/// in order (`H`, `M`, `S`, no gap from hour to second).
fn is_duration(b: &[u8]) -> bool {
    if b.len() < 2 || b.first() != Some(&b'P') {
        return false;
    }
    let mut i = 1;
    let mut in_time = false;
    let mut seen = 0u8;
    let mut last: i32 = -1;
    let mut weeks = false;
    let mut any = false;
    let mut time_component = false;
    while i < b.len() {
        if b.get(i) == Some(&b'T') {
            if in_time || weeks {
                return false;
            }
            in_time = true;
            last = -1;
            i += 1;
            continue;
        }
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        let Some(&unit) = b.get(i) else { return false };
        if i == start {
            return false;
        }
        let index: i32 = match (in_time, unit) {
            (false, b'Y') => 0,
            (false, b'M') => 1,
            (false, b'W') => 2,
            (false, b'D') => 3,
            (true, b'H') => 4,
            (true, b'M') => 5,
            (true, b'S') => 6,
            _ => return false,
        };
        if index == 2 {
            if any {
                return false;
            }
            weeks = true;
        } else if weeks {
            return false;
        }
        if index <= last || seen & (1 << index) != 0 {
            return false;
        }
        seen |= 1 << index;
        last = index;
        any = true;
        time_component |= in_time;
        i += 1;
    }
    let has = |k: u8| seen & (1 << k) != 0;
    any && (!in_time || time_component)
        && !(has(0) && has(3) && !has(1))
        && !(has(4) && has(6) && !has(5))
}

/// RFC 1123 host names: labels of 1 to 63 letters, digits and hyphens, no
/// hyphen first or last, at most 253 characters, no trailing dot; a label
/// with `--` in positions 3 and 4 must be an A-label (`xn--`).
fn is_hostname(s: &str) -> bool {
    let b = s.as_bytes();
    if b.is_empty() || b.len() > 253 || b.last() == Some(&b'.') {
        return false;
    }
    b.split(|&c| c == b'.').all(|label| {
        let ok = !label.is_empty()
            && label.len() <= 63
            && label.first() != Some(&b'-')
            && label.last() != Some(&b'-')
            && label
                .iter()
                .all(|c| c.is_ascii_alphanumeric() || *c == b'-');
        let dashes = label.get(2) == Some(&b'-') && label.get(3) == Some(&b'-');
        ok && (!dashes
            || label
                .get(..2)
                .is_some_and(|p| p.eq_ignore_ascii_case(b"xn")))
    })
}

/// RFC 3986 `URI-reference`: a URI, or a relative reference (whose first
/// path segment holds no `:`), checked as the URI `a:` followed by it.
fn is_uri_reference(s: &str) -> bool {
    if Format::Uri.is_valid(s) {
        return true;
    }
    let first_segment = s.split(['/', '?', '#']).next().unwrap_or_default();
    if first_segment.contains(':') {
        return false;
    }
    Format::Uri.is_valid(&format!("a:{s}"))
}

/// RFC 6570 URI templates (level 4): literals and `{expressions}`.
fn is_uri_template(b: &[u8]) -> bool {
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'{' => {
                i += 1;
                if b.get(i).is_some_and(|c| b"+#./;?&=,!@|".contains(c)) {
                    i += 1;
                }
                loop {
                    // varname: varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded
                    let start = i;
                    let mut last_dot = true;
                    loop {
                        match b.get(i) {
                            Some(c) if c.is_ascii_alphanumeric() || *c == b'_' => {
                                last_dot = false;
                                i += 1;
                            }
                            Some(b'%') => {
                                let hex = |k| b.get(k).is_some_and(u8::is_ascii_hexdigit);
                                if !hex(i + 1) || !hex(i + 2) {
                                    return false;
                                }
                                last_dot = false;
                                i += 3;
                            }
                            Some(b'.') if !last_dot => {
                                last_dot = true;
                                i += 1;
                            }
                            _ => break,
                        }
                    }
                    if i == start || last_dot {
                        return false;
                    }
                    match b.get(i) {
                        Some(b':') => {
                            i += 1;
                            let digits = i;
                            while b.get(i).is_some_and(u8::is_ascii_digit) {
                                i += 1;
                            }
                            let n = i - digits;
                            if n == 0 || n > 4 || b.get(digits) == Some(&b'0') {
                                return false;
                            }
                        }
                        Some(b'*') => i += 1,
                        _ => {}
                    }
                    match b.get(i) {
                        Some(b',') => i += 1,
                        Some(b'}') => {
                            i += 1;
                            break;
                        }
                        _ => return false,
                    }
                }
            }
            b'}' => return false,
            // Literals: anything but controls, space and the excluded ASCII.
            c if c < 0x21
                || c == 0x7F
                || matches!(c, b'"' | b'\'' | b'<' | b'>' | b'\\' | b'^' | b'`' | b'|') =>
            {
                return false;
            }
            b'%' => {
                let hex = |k| b.get(k).is_some_and(u8::is_ascii_hexdigit);
                if !hex(i + 1) || !hex(i + 2) {
                    return false;
                }
                i += 3;
            }
            _ => i += 1,
        }
    }
    true
}

/// RFC 6901: empty, or `/`-separated tokens where `~` is only `~0` or `~1`.
fn is_json_pointer(s: &str) -> bool {
    s.is_empty() || (s.starts_with('/') && tokens_ok(s))
}

fn tokens_ok(s: &str) -> bool {
    let b = s.as_bytes();
    b.iter()
        .enumerate()
        .all(|(i, &c)| c != b'~' || matches!(b.get(i + 1), Some(b'0' | b'1')))
}

/// A non-negative integer (no leading zero), then `#` or a JSON Pointer.
fn is_relative_json_pointer(s: &str) -> bool {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || (digits > 1 && s.starts_with('0')) {
        return false;
    }
    match s.get(digits..) {
        Some("") | Some("#") => true,
        Some(rest) => rest.starts_with('/') && tokens_ok(rest),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(
            is_valid("uuid", "67e55044-10b1-426f-9247-bb680e5fe0c8"),
            Some(true)
        );
        assert_eq!(
            is_valid("uuid", "67e5504410b1426f9247bb680e5fe0c8"),
            Some(false)
        );
        assert_eq!(is_valid("time", "23:59:60Z"), Some(true));
        assert_eq!(is_valid("time", "22:59:60Z"), Some(false));
        assert_eq!(is_valid("time", "23:59:60+01:00"), Some(false));
        assert_eq!(is_valid("time", "22:59:60-01:00"), Some(true));
        assert_eq!(is_valid("time", "10:30:00"), Some(false));
        assert_eq!(is_valid("duration", "P1Y2M3DT4H5M6S"), Some(true));
        assert_eq!(is_valid("duration", "P1W"), Some(true));
        assert_eq!(is_valid("duration", "PT"), Some(false));
        assert_eq!(is_valid("duration", "P1Y1D"), Some(false));
        assert_eq!(is_valid("duration", "P2D1Y"), Some(false));
        assert_eq!(is_valid("ipv4", "192.168.0.1"), Some(true));
        assert_eq!(is_valid("ipv4", "192.168.00.1"), Some(false));
        assert_eq!(is_valid("ipv6", "::1"), Some(true));
        assert_eq!(is_valid("hostname", "ex-ample.com"), Some(true));
        assert_eq!(is_valid("hostname", "-x.com"), Some(false));
        assert_eq!(is_valid("hostname", "ab--c.com"), Some(false));
        assert_eq!(is_valid("uri-reference", "../a?b#c"), Some(true));
        assert_eq!(is_valid("uri-reference", "a:b"), Some(true));
        assert_eq!(is_valid("uri-reference", "\\\\x"), Some(false));
        assert_eq!(is_valid("iri", "http://ƒøø.ßår/?∂éœ=πîx#πîüx"), Some(true));
        assert_eq!(
            is_valid("uri-template", "http://x/{a,b*}{?c:3}"),
            Some(true)
        );
        assert_eq!(is_valid("uri-template", "http://x/{a"), Some(false));
        assert_eq!(is_valid("json-pointer", "/a~1b/~0"), Some(true));
        assert_eq!(is_valid("json-pointer", "/a~2"), Some(false));
        assert_eq!(is_valid("relative-json-pointer", "0#"), Some(true));
        assert_eq!(is_valid("relative-json-pointer", "01/a"), Some(false));
        assert_eq!(is_valid("regex", "^[a-z]+$"), Some(true));
        assert_eq!(is_valid("regex", "^[a-z+$"), Some(false));
        assert_eq!(is_valid("regex", "{1-2}"), Some(false));
        assert_eq!(is_valid("color", "red"), None);
    }
}
