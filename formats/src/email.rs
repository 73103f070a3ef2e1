//! `email`: an RFC 5321 `Mailbox` (`local-part@domain`).

use crate::ip::{is_ipv4_snum, is_ipv6};
use crate::split_once;

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

pub(crate) fn is_email(b: &[u8]) -> bool {
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
