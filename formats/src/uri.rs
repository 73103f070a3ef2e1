//! `uri`: an RFC 3986 `URI`.

use crate::ip::is_ipv6;
use crate::{all_pct_or, split_once};

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
pub(crate) fn is_uri(b: &[u8]) -> bool {
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
