//! `url::Url` (feature `url`): a WHATWG URL, which is not an RFC 3986 URI,
//! so neither schema claims `format: uri`.
//!
//! **Output.** url writes the WHATWG serialization: the scheme in lower case,
//! a colon, then printable ASCII only (hosts in punycode, everything else
//! outside ASCII and every control character percent-encoded). It keeps
//! characters RFC 3986 forbids (`|`, `^`, `{`, `}`, `` ` `` in paths and
//! queries, a space in an opaque path such as `mailto:a b`, a `%` not followed
//! by two hex digits). The output pattern says exactly that:
//! `^[a-z][a-z0-9+.-]*:[ -~]*$`.
//!
//! **Input.** url reads far more than any pattern can check (IDNA, IPv4 in
//! hex, octal and short forms, surrounding and embedded whitespace,
//! backslashes). The input pattern describes a subset, chosen so that every
//! string it admits is one url accepts (a pattern that admitted a string url
//! rejects would mislead the client that follows it):
//!
//! - `http`, `https`, `ws`, `wss`, `ftp` (any case), then `://`, optional
//!   credentials (`...@`), a host, an optional port, then `/`, `?`, `#`, `\`
//!   or the end; anything may follow. The host is an ASCII domain (labels of
//!   letters, digits and `_`, hyphens only inside a label, so no punycode
//!   `xn--` label, whose validity a pattern cannot check; the last label
//!   starts with a letter or `_`, since a numeric last label makes url parse
//!   the host as IPv4), a dotted-quad IPv4 address with each part 0..=255
//!   written without leading zeros, or a bracketed IPv6 address. The port is
//!   at most 65535 (leading zeros allowed, as url reads them).
//! - `file:` with `//` and an optional host of the same kinds (no port, no
//!   credentials: url rejects both), or a path that does not start with two
//!   slashes or backslashes.
//! - Any other scheme, provably none of the special schemes above (whose
//!   hosts url parses strictly): one whose first letter is not `f`, `h` or
//!   `w`, whose second character rules them out (`foo`, `hdfs`, `wasm`), or
//!   which has six characters or more; then either `//` with an optional
//!   authority (credentials, a non-empty host without `#/:<>?@[\]^|`, spaces
//!   or control characters, a port) or an opaque or absolute path.
//!
//! Tabs and newlines, which url deletes wherever they are, are admitted only
//! where deleting them cannot change the structure (credentials, path,
//! query, fragment).
//!
//! Not advertised (url reads them; see the "relaxed parser" limit): hosts
//! with non-ASCII or percent-encoded characters or punycode labels,
//! punctuation in domains, other IPv4 notations, `http:host` and other
//! missing or extra slashes, backslashes for slashes, surrounding whitespace,
//! IPv6 hosts of other schemes, and other schemes of two to five characters
//! starting `ft`, `fi`, `ht` or `ws` (`ftps`). So a URL url writes is read
//! back by url, but is not always one the input pattern admits
//! (`http://xn--bcher-kva.de/`).

use crate::ToolSchema;
use crate::shape::{Shape, StringShape};

/// One to four hex digits (an IPv6 piece).
macro_rules! h16 {
    () => {
        "[0-9A-Fa-f]{1,4}"
    };
}
/// An IPv6 address as url's WHATWG parser reads it, without the embedded
/// IPv4 form (which url never writes).
macro_rules! ipv6 {
    () => {
        concat!(
            "(?:(?:",
            h16!(),
            ":){7}",
            h16!(),
            "|(?:",
            h16!(),
            ":){1,7}:",
            "|(?:",
            h16!(),
            ":){1,6}:",
            h16!(),
            "|(?:",
            h16!(),
            ":){1,5}(?::",
            h16!(),
            "){1,2}",
            "|(?:",
            h16!(),
            ":){1,4}(?::",
            h16!(),
            "){1,3}",
            "|(?:",
            h16!(),
            ":){1,3}(?::",
            h16!(),
            "){1,4}",
            "|(?:",
            h16!(),
            ":){1,2}(?::",
            h16!(),
            "){1,5}",
            "|",
            h16!(),
            ":(?::",
            h16!(),
            "){1,6}",
            "|:(?:(?::",
            h16!(),
            "){1,7}|:))",
        )
    };
}
/// 0..=255 without leading zeros (url reads a leading zero as octal).
macro_rules! octet {
    () => {
        "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])"
    };
}
/// A domain or dotted-quad IPv4 address, for the special schemes.
macro_rules! domain_or_ipv4 {
    () => {
        concat!(
            r"(?:(?:[0-9A-Za-z_]+(?:-[0-9A-Za-z_]+)*\.)*[A-Za-z_][0-9A-Za-z_]*(?:-[0-9A-Za-z_]+)*\.?",
            "|",
            octet!(),
            r"(?:\.",
            octet!(),
            "){3})",
        )
    };
}
/// `:port`, at most 65535, or `:` alone.
macro_rules! port {
    () => {
        "(?::0*(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])?)?"
    };
}

/// A scheme that is none of `http`, `https`, `ws`, `wss`, `ftp`, `file` in
/// any case: its first letter is not `f`, `h` or `w`; or its second
/// character is not the second of any of them; or it has six characters or
/// more. (The rest of the exact complement, two to five characters starting
/// `ft`, `fi`, `ht` or `ws`, costs several hundred characters of pattern.)
macro_rules! other_scheme {
    () => {
        concat!(
            "(?:[A-EGI-VX-Za-egi-vx-z][0-9A-Za-z+.-]*",
            "|[Ff](?:[0-9A-HJ-SU-Za-hj-su-z+.-][0-9A-Za-z+.-]*)?",
            "|[Hh](?:[0-9A-SU-Za-su-z+.-][0-9A-Za-z+.-]*)?",
            "|[Ww](?:[0-9A-RT-Za-rt-z+.-][0-9A-Za-z+.-]*)?",
            "|[A-Za-z][0-9A-Za-z+.-]{5,})",
        )
    };
}

/// The URLs the input schema admits (see the module documentation).
const URL_INPUT: &str = concat!(
    "^(?:",
    // Special schemes with a host.
    r"(?:[Hh][Tt][Tt][Pp][Ss]?|[Ww][Ss][Ss]?|[Ff][Tt][Pp])://(?:[^/?#\\]*@)?(?:",
    domain_or_ipv4!(),
    r"|\[",
    ipv6!(),
    r"\])",
    port!(),
    r"(?:[/?#\\]|$)",
    // file: a host or a path.
    r"|[Ff][Ii][Ll][Ee]:(?://",
    domain_or_ipv4!(),
    r"?(?:[/?#\\]|$)|[/\\]?(?:[^/\\\t\n\r]|$))",
    // Other schemes: an opaque host, or a path.
    "|",
    other_scheme!(),
    ":",
    r"(?://(?:(?:[^/?#]*@)?[^\x00-\x20#/:<>?@[\\\]^|]+",
    port!(),
    r")?(?:[/?#]|$)|/?(?:[^/\t\n\r]|$))",
    ")"
);
/// What url writes: a lower-case scheme, a colon, printable ASCII.
const URL_OUTPUT: &str = "^[a-z][a-z0-9+.-]*:[ -~]*$";

impl ToolSchema for url::Url {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        input_pattern: Some(URL_INPUT),
        output_pattern: Some(URL_OUTPUT),
        ..StringShape::ANY
    });
}
