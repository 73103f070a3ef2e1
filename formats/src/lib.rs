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
//!
//! By concern: `email.rs`, `uri.rs`, `date.rs` (`date`, `date-time`),
//! `ip.rs` (the IP address forms email and uri share); the byte helpers they
//! share are here.

mod date;
mod email;
mod ip;
#[cfg(test)]
mod tests;
mod uri;

use date::{is_date_time, is_full_date};
use email::is_email;
use uri::is_uri;

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
pub(crate) fn split_once(b: &[u8], sep: u8) -> Option<(&[u8], &[u8])> {
    let i = b.iter().position(|&c| c == sep)?;
    Some((b.get(..i)?, b.get(i + 1..)?))
}

/// Position of the first `"::"` in `b`.
pub(crate) fn find_double_colon(b: &[u8]) -> Option<usize> {
    b.windows(2).position(|w| w == b"::")
}

/// The value of two ASCII decimal digits.
pub(crate) fn two_digits(hi: u8, lo: u8) -> Option<u32> {
    if hi.is_ascii_digit() && lo.is_ascii_digit() {
        Some(u32::from(hi - b'0') * 10 + u32::from(lo - b'0'))
    } else {
        None
    }
}

/// Whether every byte of `b` is either `allowed` or the start of a valid
/// percent-encoded triplet (`%` followed by two hex digits).
pub(crate) fn all_pct_or(b: &[u8], allowed: fn(u8) -> bool) -> bool {
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
