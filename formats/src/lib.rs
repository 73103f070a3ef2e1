//! The string formats MCP elicitation forms carry (`email`, `uri`, `date`,
//! `date-time`), checked exactly as JSON Schema 2020-12 defines them
//! (RFC 5321/5322 addr-spec as the JSON Schema Test Suite reads it, RFC 3986
//! URI, RFC 3339 full-date and date-time).
//!
//! Every checker works on the UTF-8 bytes of the input in a single left to
//! right pass (linear time), never indexes out of bounds and never panics.
//! All four grammars are pure ASCII, so any non-ASCII byte simply fails the
//! character-class tests.
//!
//! Choices where the RFCs leave room, made explicit:
//!
//! * `email`: the local part is an RFC 5321 `Dot-string` or `Quoted-string`
//!   (no comments, no folding white space, no obsolete forms) of at most 64
//!   octets; the domain is an ASCII hostname (labels of 1..=63 letters, digits
//!   and hyphens, no leading or trailing hyphen, no trailing dot, at most 253
//!   characters) or an address literal: `[IPv4]` with RFC 5321 `Snum`s
//!   (1 to 3 digits, value 0..=255) or `[IPv6:…]` (the tag matched
//!   case-insensitively, as ABNF strings are) holding any valid RFC 4291 /
//!   RFC 3986 IPv6 text form. General address literals with other tags are
//!   rejected (no other tag is registered).
//! * `uri`: RFC 3986 `URI` (scheme required, fragment allowed); an IP-literal
//!   host is an `IPv6address` (embedded IPv4 without leading zeros, no zone
//!   identifier) or an `IPvFuture`.
//! * `date-time`: a leap second (`:60`) is accepted only when the time,
//!   converted to UTC, is 23:59; the calendar date of the leap second is not
//!   checked against the published leap-second table.

/// A format a form field can carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// `"email"`: an RFC 5321 mailbox (`local-part@domain`).
    Email,
    /// `"uri"`: an absolute RFC 3986 URI (scheme required, fragment allowed).
    Uri,
    /// `"date"`: an RFC 3339 `full-date` (`YYYY-MM-DD`).
    Date,
    /// `"date-time"`: an RFC 3339 `date-time` (`full-date "T" full-time`).
    DateTime,
}

impl Format {
    /// The JSON Schema name (`"email"`, `"uri"`, `"date"`, `"date-time"`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Format::Email => "email",
            Format::Uri => "uri",
            Format::Date => "date",
            Format::DateTime => "date-time",
        }
    }

    /// Parses a JSON Schema format name; `None` for any other name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Format> {
        match name {
            "email" => Some(Format::Email),
            "uri" => Some(Format::Uri),
            "date" => Some(Format::Date),
            "date-time" => Some(Format::DateTime),
            _ => None,
        }
    }

    /// Whether `s` is valid for this format.
    #[must_use]
    pub fn is_valid(self, s: &str) -> bool {
        let b = s.as_bytes();
        match self {
            Format::Email => is_email(b),
            Format::Uri => is_uri(b),
            Format::Date => is_full_date(b),
            Format::DateTime => is_date_time(b),
        }
    }
}

// ---------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------

/// Splits `b` around the first occurrence of `sep` (the separator is dropped).
fn split_once(b: &[u8], sep: u8) -> Option<(&[u8], &[u8])> {
    let i = b.iter().position(|&c| c == sep)?;
    Some((b.get(..i)?, b.get(i + 1..)?))
}

/// Position of the first `"::"` in `b`.
fn find_double_colon(b: &[u8]) -> Option<usize> {
    b.windows(2).position(|w| w == b"::")
}

/// The value of two ASCII decimal digits.
fn two_digits(hi: u8, lo: u8) -> Option<u32> {
    if hi.is_ascii_digit() && lo.is_ascii_digit() {
        Some(u32::from(hi - b'0') * 10 + u32::from(lo - b'0'))
    } else {
        None
    }
}

/// Whether every byte of `b` is either `allowed` or the start of a valid
/// percent-encoded triplet (`%` followed by two hex digits).
fn all_pct_or(b: &[u8], allowed: fn(u8) -> bool) -> bool {
    let mut rest = b;
    while let Some((&c, tail)) = rest.split_first() {
        if c == b'%' {
            match tail {
                [h, l, after @ ..] if h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => {
                    rest = after;
                }
                _ => return false,
            }
        } else if allowed(c) {
            rest = tail;
        } else {
            return false;
        }
    }
    true
}

// ---------------------------------------------------------------------------
// IP addresses
// ---------------------------------------------------------------------------

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
fn is_ipv4_snum(b: &[u8]) -> bool {
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
fn is_ipv6(b: &[u8]) -> bool {
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

// ---------------------------------------------------------------------------
// email (RFC 5321 Mailbox)
// ---------------------------------------------------------------------------

/// RFC 5322 `atext`.
fn is_atext(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~".contains(&c)
}

/// Maximum length of an RFC 5321 local part, in octets.
const MAX_LOCAL_PART: usize = 64;
/// Maximum length of a hostname in its textual form.
const MAX_HOSTNAME: usize = 253;
/// Maximum length of one DNS label.
const MAX_LABEL: usize = 63;

fn is_email(b: &[u8]) -> bool {
    let Some((local, domain)) = split_local_part(b) else {
        return false;
    };
    local.len() <= MAX_LOCAL_PART && is_email_domain(domain)
}

/// Splits a mailbox into its (valid) local part and whatever follows the `@`.
fn split_local_part(b: &[u8]) -> Option<(&[u8], &[u8])> {
    if b.first() == Some(&b'"') {
        // RFC 5321 Quoted-string = DQUOTE *QcontentSMTP DQUOTE
        let mut i = 1usize;
        loop {
            match b.get(i) {
                Some(b'"') => break,
                // quoted-pairSMTP = %d92 %d32-126
                Some(b'\\') => match b.get(i + 1) {
                    Some(32..=126) => i += 2,
                    _ => return None,
                },
                // qtextSMTP = %d32-33 / %d35-91 / %d93-126
                Some(32..=33 | 35..=91 | 93..=126) => i += 1,
                _ => return None,
            }
        }
        let local = b.get(..=i)?;
        match b.get(i + 1..)?.split_first() {
            Some((b'@', domain)) => Some((local, domain)),
            _ => None,
        }
    } else {
        // RFC 5321 Dot-string = Atom *("." Atom); no atext is '@'.
        let (local, domain) = split_once(b, b'@')?;
        local
            .split(|&c| c == b'.')
            .all(|atom| !atom.is_empty() && atom.iter().all(|&c| is_atext(c)))
            .then_some((local, domain))
    }
}

/// RFC 5321 `Domain / address-literal`.
fn is_email_domain(b: &[u8]) -> bool {
    match b {
        [b'[', inner @ .., b']'] => match inner {
            [i, p, v, six, b':', addr @ ..]
                if i.eq_ignore_ascii_case(&b'i')
                    && p.eq_ignore_ascii_case(&b'p')
                    && v.eq_ignore_ascii_case(&b'v')
                    && *six == b'6' =>
            {
                is_ipv6(addr)
            }
            _ => is_ipv4_snum(inner),
        },
        _ => is_hostname(b),
    }
}

/// An ASCII hostname: dot-separated labels of letters, digits and hyphens.
fn is_hostname(b: &[u8]) -> bool {
    b.len() <= MAX_HOSTNAME
        && b.split(|&c| c == b'.').all(|label| {
            (1..=MAX_LABEL).contains(&label.len())
                && label.first() != Some(&b'-')
                && label.last() != Some(&b'-')
                && label
                    .iter()
                    .all(|&c| c.is_ascii_alphanumeric() || c == b'-')
        })
}

// ---------------------------------------------------------------------------
// uri (RFC 3986 URI)
// ---------------------------------------------------------------------------

/// RFC 3986 `unreserved`.
fn is_unreserved(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~')
}

/// RFC 3986 `sub-delims`.
fn is_sub_delim(c: u8) -> bool {
    matches!(
        c,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// RFC 3986 `pchar` minus `pct-encoded`.
fn is_pchar(c: u8) -> bool {
    is_unreserved(c) || is_sub_delim(c) || c == b':' || c == b'@'
}

/// Path characters (`pchar` or `/`).
fn is_path_char(c: u8) -> bool {
    is_pchar(c) || c == b'/'
}

/// Query and fragment characters (`pchar`, `/` or `?`).
fn is_query_char(c: u8) -> bool {
    is_pchar(c) || c == b'/' || c == b'?'
}

/// `userinfo` characters (minus `pct-encoded`).
fn is_userinfo_char(c: u8) -> bool {
    is_unreserved(c) || is_sub_delim(c) || c == b':'
}

/// `reg-name` characters (minus `pct-encoded`).
fn is_reg_name_char(c: u8) -> bool {
    is_unreserved(c) || is_sub_delim(c)
}

/// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`
fn is_uri(b: &[u8]) -> bool {
    let Some((scheme, rest)) = split_once(b, b':') else {
        return false;
    };
    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    let scheme_ok = match scheme.split_first() {
        Some((first, others)) => {
            first.is_ascii_alphabetic()
                && others
                    .iter()
                    .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
        }
        None => false,
    };
    if !scheme_ok {
        return false;
    }
    let (rest, fragment) = split_once(rest, b'#').unwrap_or((rest, &[]));
    let (hier, query) = split_once(rest, b'?').unwrap_or((rest, &[]));
    if !all_pct_or(fragment, is_query_char) || !all_pct_or(query, is_query_char) {
        return false;
    }
    match hier {
        // "//" authority path-abempty
        [b'/', b'/', after @ ..] => {
            let (authority, path) = match after.iter().position(|&c| c == b'/') {
                Some(i) => match (after.get(..i), after.get(i..)) {
                    (Some(a), Some(p)) => (a, p),
                    _ => return false,
                },
                None => (after, &[][..]),
            };
            is_authority(authority) && all_pct_or(path, is_path_char)
        }
        // path-absolute / path-rootless / path-empty: the leading "//" case is
        // handled above, so any run of pchars and slashes qualifies.
        _ => all_pct_or(hier, is_path_char),
    }
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`
fn is_authority(b: &[u8]) -> bool {
    let host_port = match split_once(b, b'@') {
        Some((userinfo, host_port)) => {
            if !all_pct_or(userinfo, is_userinfo_char) {
                return false;
            }
            host_port
        }
        None => b,
    };
    let port = if let [b'[', literal @ ..] = host_port {
        // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
        let Some((inner, after)) = split_once(literal, b']') else {
            return false;
        };
        if !(is_ipv6(inner) || is_ipv_future(inner)) {
            return false;
        }
        match after.split_first() {
            None => return true,
            Some((b':', port)) => port,
            Some(_) => return false,
        }
    } else {
        // IPv4address is a subset of reg-name, so reg-name covers both.
        let (host, port) = split_once(host_port, b':').unwrap_or((host_port, &[]));
        if !all_pct_or(host, is_reg_name_char) {
            return false;
        }
        port
    };
    // port = *DIGIT
    port.iter().all(u8::is_ascii_digit)
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
fn is_ipv_future(b: &[u8]) -> bool {
    let [v, rest @ ..] = b else {
        return false;
    };
    if !v.eq_ignore_ascii_case(&b'v') {
        return false;
    }
    let Some((version, text)) = split_once(rest, b'.') else {
        return false;
    };
    !version.is_empty()
        && version.iter().all(u8::is_ascii_hexdigit)
        && !text.is_empty()
        && text.iter().all(|&c| is_userinfo_char(c))
}

// ---------------------------------------------------------------------------
// date and date-time (RFC 3339)
// ---------------------------------------------------------------------------

/// Whether `year` is a Gregorian leap year.
fn is_leap_year(year: u32) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

/// Days in `month` (1..=12) of `year`; 0 for an invalid month.
fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// RFC 3339 `full-date = date-fullyear "-" date-month "-" date-mday`.
fn is_full_date(b: &[u8]) -> bool {
    let &[y1, y2, y3, y4, b'-', m1, m2, b'-', d1, d2] = b else {
        return false;
    };
    let (Some(yh), Some(yl), Some(month), Some(day)) = (
        two_digits(y1, y2),
        two_digits(y3, y4),
        two_digits(m1, m2),
        two_digits(d1, d2),
    ) else {
        return false;
    };
    (1..=12).contains(&month) && day >= 1 && day <= days_in_month(yh * 100 + yl, month)
}

/// RFC 3339 `date-time = full-date "T" full-time`.
fn is_date_time(b: &[u8]) -> bool {
    let (Some(date), Some(time)) = (b.get(..10), b.get(10..)) else {
        return false;
    };
    if !is_full_date(date) {
        return false;
    }
    // "T" partial-time: time-hour ":" time-minute ":" time-second
    let [t, h1, h2, b':', mi1, mi2, b':', s1, s2, rest @ ..] = time else {
        return false;
    };
    if !t.eq_ignore_ascii_case(&b'T') {
        return false;
    }
    let (Some(hour), Some(minute), Some(second)) = (
        two_digits(*h1, *h2),
        two_digits(*mi1, *mi2),
        two_digits(*s1, *s2),
    ) else {
        return false;
    };
    if hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    // [time-secfrac] = "." 1*DIGIT
    let offset = match rest {
        [b'.', frac @ ..] => {
            let digits = frac.iter().take_while(|c| c.is_ascii_digit()).count();
            match (digits, frac.get(digits..)) {
                (1.., Some(offset)) => offset,
                _ => return false,
            }
        }
        _ => rest,
    };
    // time-offset = "Z" / time-numoffset; offset in minutes east of UTC.
    let offset_minutes: i64 = match offset {
        [z] if z.eq_ignore_ascii_case(&b'Z') => 0,
        [sign @ (b'+' | b'-'), oh1, oh2, b':', om1, om2] => {
            let (Some(oh), Some(om)) = (two_digits(*oh1, *oh2), two_digits(*om1, *om2)) else {
                return false;
            };
            if oh > 23 || om > 59 {
                return false;
            }
            let magnitude = i64::from(oh * 60 + om);
            if *sign == b'-' { -magnitude } else { magnitude }
        }
        _ => return false,
    };
    if second == 60 {
        // A leap second can only be the last second of 23:59 UTC.
        let utc = (i64::from(hour * 60 + minute) - offset_minutes).rem_euclid(24 * 60);
        if utc != 23 * 60 + 59 {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::Format;

    fn check(format: Format, cases: &[(&str, bool)]) {
        for &(input, expected) in cases {
            assert_eq!(
                format.is_valid(input),
                expected,
                "{} {:?} should be {}",
                format.name(),
                input,
                if expected { "valid" } else { "invalid" }
            );
        }
    }

    #[test]
    fn names_round_trip() {
        for format in [Format::Email, Format::Uri, Format::Date, Format::DateTime] {
            assert_eq!(Format::from_name(format.name()), Some(format));
        }
        assert_eq!(Format::from_name("date-time"), Some(Format::DateTime));
        assert_eq!(Format::from_name("Date-Time"), None);
        assert_eq!(Format::from_name("time"), None);
        assert_eq!(Format::from_name(""), None);
    }

    #[test]
    fn date_cases() {
        check(
            Format::Date,
            &[
                ("1963-06-19", true),
                ("2020-02-29", true),
                ("2021-02-29", false),
                ("2000-02-29", true),
                ("1900-02-29", false),
                ("0400-02-29", true),
                ("0100-02-29", false),
                ("0000-02-29", true),
                ("2020-04-31", false),
                ("2020-00-10", false),
                ("2020-13-10", false),
                ("2020-01-00", false),
                ("2020-1-01", false),
                ("12020-01-01", false),
                ("2020-01-01T00:00:00Z", false),
                ("", false),
                ("2020-0৪-01", false),
            ],
        );
    }

    #[test]
    fn date_time_cases() {
        check(
            Format::DateTime,
            &[
                ("1963-06-19T08:30:06.283185Z", true),
                ("1963-06-19t08:30:06z", true),
                ("1937-01-01T12:00:27.87+00:20", true),
                ("1998-12-31T23:59:60Z", true),
                ("1998-12-31T15:59:60.123-08:00", true),
                ("1998-12-31T23:59:60+00:00", true),
                ("1999-01-01T00:29:60+00:30", true),
                ("1998-12-31T23:59:60+01:00", false),
                ("1998-12-31T23:58:60Z", false),
                ("1998-12-31T22:59:60Z", false),
                ("1998-12-31T23:59:61Z", false),
                ("2016-12-31T24:59:60+01:00", false),
                ("1990-12-31T15:59:59-24:00", false),
                ("1990-12-31T10:00:00+10:60", false),
                ("1985-04-12T23:20:50+01", false),
                ("1985-04-12T23:20:50.Z", false),
                ("1985-04-12T23:20:50Z\n", false),
                ("1963-06-19T08:30:06.28123+01:00Z", false),
                ("1900-02-29T00:00:00Z", false),
                ("2000-02-29T00:00:00Z", true),
                ("2000-02-29 00:00:00Z", false),
                ("1985-04-12T00:59:59.999999999999999Z", true),
            ],
        );
    }

    #[test]
    fn email_cases() {
        check(
            Format::Email,
            &[
                ("joe.bloggs@example.com", true),
                ("te~st@example.com", true),
                ("joe@localhost", true),
                ("\"joe bloggs\"@example.com", true),
                ("\"joe..bloggs\"@example.com", true),
                ("\"joe@bloggs\"@example.com", true),
                ("\"joe\\\"bloggs\"@example.com", true),
                ("\"\"@example.com", true),
                ("\"joe\"bloggs\"@example.com", false),
                ("\"joe@example.com", false),
                ("\"joe\"x@example.com", false),
                ("joe.bloggs@[127.0.0.1]", true),
                ("joe.bloggs@[127.0.0.300]", false),
                ("joe.bloggs@[IPv6:::1]", true),
                ("joe.bloggs@[ipv6:2001:db8::1]", true),
                ("joe.bloggs@[IPv6:::ffff:192.0.2.1]", true),
                ("joe.bloggs@[IPv6:1:2:3:4:5:6:7:8:9]", false),
                ("joe.bloggs@[IPv6:1::2::3]", false),
                ("joe.bloggs@[::1]", false),
                (".test@example.com", false),
                ("test.@example.com", false),
                ("te..st@example.com", false),
                ("joe.bloggs@invalid=domain.com", false),
                ("joe@-example.com", false),
                ("joe@example-.com", false),
                ("joe@example.com.", false),
                ("joe bloggs@example.com", false),
                ("@example.com", false),
                ("joe.bloggs@", false),
                ("jöe@example.com", false),
            ],
        );
    }

    #[test]
    fn uri_cases() {
        check(
            Format::Uri,
            &[
                ("http://foo.bar/?baz=qux#quux", true),
                ("http://-.~_!$&'()*+,;=:%40:80%2f::::::@example.com", true),
                ("ldap://[2001:db8::7]/c=GB?objectClass?one", true),
                ("http://[::1]:8080/", true),
                ("http://[v1.fe80::a+en1]/", true),
                ("http://[::ffff:1.2.3.4]/", true),
                ("http://[::ffff:01.2.3.4]", false),
                ("http://[1::2::3]/", false),
                ("http://[::1", false),
                ("http://[::1]x/", false),
                ("mailto:John.Doe@example.com", true),
                ("urn:oasis:names:specification:docbook:dtd:xml:4.1.2", true),
                ("http://999.999.999.999/", true),
                ("http://example.com:/", true),
                ("file:///etc/hosts", true),
                ("http://example.com:abc/path", false),
                ("http://example.com/%6G", false),
                ("http://example.com/%A", false),
                ("//foo.bar/?baz=qux#quux", false),
                ("abc", false),
                ("1http://example.com", false),
                ("http:/[::1]", false),
                ("http://example.com/a#b#c", false),
                ("https://example.org/foobar®.txt", false),
                ("https://example.org/foo bar.txt", false),
                ("https://example.org/foobar\\.txt", false),
            ],
        );
    }

    #[test]
    fn hostile_inputs_do_not_panic() {
        let inputs = [
            "",
            "@",
            "\"",
            "\"\\",
            "[",
            "]",
            "[]",
            ":",
            "::",
            "%",
            "a:%",
            "a://[",
            "a://@[",
            "a://[v",
            "a://[v.",
            "0000-00-00T",
            "2020-01-01T00:00:00.",
            "2020-01-01T00:00:00+",
            "x@[IPv6:",
            "x@[IPv6:]",
            "x@[]",
        ];
        for input in inputs {
            for format in [Format::Email, Format::Uri, Format::Date, Format::DateTime] {
                let _ = format.is_valid(input);
            }
        }
    }

    /// Runs every string case of the official JSON Schema Test Suite
    /// (draft 2020-12, optional/format) for the four formats.
    #[test]
    fn json_schema_test_suite() {
        const DIR: &str = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/fixtures/json-schema-test-suite/draft2020-12/optional/format/"
        );
        let dir = std::path::Path::new(DIR);
        if !dir.is_dir() {
            assert!(
                std::env::var("TOOLFORM_REQUIRE_FIXTURES").as_deref() != Ok("1"),
                "FIXTURE MISSING: {DIR} (TOOLFORM_REQUIRE_FIXTURES=1)"
            );
            eprintln!("!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!");
            eprintln!("!!! FIXTURE MISSING: {DIR}");
            eprintln!("!!! JSON Schema Test Suite format cases were NOT run.");
            eprintln!("!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!");
            return;
        }
        let mut failures = Vec::new();
        for format in [Format::Email, Format::Uri, Format::Date, Format::DateTime] {
            let path = dir.join(format!("{}.json", format.name()));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
            let groups: serde_json::Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()));
            let groups = groups.as_array().expect("fixture file is a JSON array");
            let (mut total, mut passed) = (0usize, 0usize);
            for group in groups {
                assert_eq!(
                    group["schema"]["format"].as_str(),
                    Some(format.name()),
                    "unexpected schema in {}",
                    path.display()
                );
                let tests = group["tests"].as_array().expect("`tests` is an array");
                for case in tests {
                    let Some(data) = case["data"].as_str() else {
                        continue; // formats ignore non-strings
                    };
                    let expected = case["valid"].as_bool().expect("`valid` is a bool");
                    total += 1;
                    if format.is_valid(data) == expected {
                        passed += 1;
                    } else {
                        failures.push(format!(
                            "{}: {:?} expected {} ({})",
                            format.name(),
                            data,
                            if expected { "valid" } else { "invalid" },
                            case["description"].as_str().unwrap_or("")
                        ));
                    }
                }
            }
            eprintln!("{}: {passed}/{total} string cases pass", format.name());
            assert!(total > 0, "no string cases in {}", path.display());
        }
        assert!(
            failures.is_empty(),
            "fixture failures:\n{}",
            failures.join("\n")
        );
    }
}
