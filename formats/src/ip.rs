//! IP addresses: RFC 3986 `IPv4address` and `IPv6address`, and RFC 5321
//! address-literal `Snum`s.

use crate::find_double_colon;

/// RFC 3986 `IPv4address`: four `dec-octet`s, no leading zeros.
fn is_ipv4_strict(b: &[u8]) -> bool {
    is_dotted_quad(b, |octet| {
        matches!(
            octet,
            [b'0'..=b'9']
                | [b'1'..=b'9', b'0'..=b'9']
                | [b'1', b'0'..=b'9', b'0'..=b'9']
                | [b'2', b'0'..=b'4', b'0'..=b'9']
                | [b'2', b'5', b'0'..=b'5']
        )
    })
}

/// RFC 5321 `IPv4-address-literal`: four `Snum`s (1 to 3 digits, value 0..=255).
pub(crate) fn is_ipv4_snum(b: &[u8]) -> bool {
    is_dotted_quad(b, |octet| {
        (1..=3).contains(&octet.len())
            && octet.iter().all(u8::is_ascii_digit)
            && octet
                .iter()
                .fold(0u32, |acc, &d| acc * 10 + u32::from(d - b'0'))
                <= 255
    })
}

/// Whether `b` is exactly four dot-separated parts each accepted by `octet`.
fn is_dotted_quad(b: &[u8], octet: fn(&[u8]) -> bool) -> bool {
    let mut count = 0usize;
    for part in b.split(|&c| c == b'.') {
        count += 1;
        if count > 4 || !octet(part) {
            return false;
        }
    }
    count == 4
}

/// `h16`: one to four hex digits.
fn is_h16(b: &[u8]) -> bool {
    (1..=4).contains(&b.len()) && b.iter().all(u8::is_ascii_hexdigit)
}

/// Counts the 16-bit pieces of a colon-separated run of `h16`s, where the
/// last piece may be an IPv4 address (counting as two) if `ipv4_last` allows.
/// `None` if any piece is malformed.
fn ipv6_pieces(b: &[u8], ipv4_last: bool) -> Option<usize> {
    if b.is_empty() {
        return Some(0);
    }
    let mut count = 0usize;
    let mut parts = b.split(|&c| c == b':').peekable();
    while let Some(part) = parts.next() {
        let last = parts.peek().is_none();
        if is_h16(part) {
            count += 1;
        } else if last && ipv4_last && is_ipv4_strict(part) {
            count += 2;
        } else {
            return None;
        }
        if count > 8 {
            return None;
        }
    }
    Some(count)
}

/// RFC 3986 `IPv6address` (identical to the RFC 4291 text forms): eight
/// 16-bit pieces, or fewer with exactly one `::` standing for at least one,
/// the last 32 bits optionally written as a dotted IPv4 address.
pub(crate) fn is_ipv6(b: &[u8]) -> bool {
    match find_double_colon(b) {
        None => ipv6_pieces(b, true) == Some(8),
        Some(i) => {
            let (Some(head), Some(tail)) = (b.get(..i), b.get(i + 2..)) else {
                return false;
            };
            if find_double_colon(tail).is_some() {
                return false;
            }
            // An IPv4 tail is only allowed at the very end of the address.
            let Some(h) = ipv6_pieces(head, false) else {
                return false;
            };
            let Some(t) = ipv6_pieces(tail, true) else {
                return false;
            };
            h + t <= 7
        }
    }
}
