//! `pattern` on tool arguments: ECMA-262 regular expressions, compiled once
//! per pattern (the pattern strings are `'static`: cached by address).
//!
//! Most declared patterns are anchored runs of ASCII character classes
//! (`^[A-Z]{3}$`, `^[a-z0-9_-]+$`, `^\d{4}-\d{2}$`). Those are matched here
//! directly, without a regular expression engine: one left-to-right pass,
//! no backtracking. That is exact only when greedy matching cannot be wrong,
//! so the fast form is taken only when every atom with a variable count is
//! the last one or is followed by an atom that must match at least once
//! and shares no character with it. Everything else goes to `regress`.

/// A compiled pattern.
pub(crate) enum Pattern {
    /// An anchored run of ASCII classes, matched directly.
    Simple(Vec<Atom>),
    /// Anything else.
    Regex(regress::Regex),
}

/// One character class (ASCII only: a bit per code point) and how many
/// times it repeats.
pub(crate) struct Atom {
    class: u128,
    min: usize,
    /// `usize::MAX`: unbounded.
    max: usize,
}

impl Pattern {
    /// Whether `text` contains a match (JSON Schema patterns are not
    /// anchored unless they say so; the simple form always does).
    pub(crate) fn is_match(&self, text: &str) -> bool {
        match self {
            Pattern::Simple(atoms) => simple_match(atoms, text.as_bytes()),
            Pattern::Regex(re) if text.is_ascii() => re.find_ascii(text).is_some(),
            Pattern::Regex(re) => re.find(text).is_some(),
        }
    }
}

/// Whether `text` contains a match of the ECMA-262 `pattern`, or why the
/// pattern does not compile.
pub(crate) fn pattern_matches(pattern: &'static str, text: &str) -> Result<bool, &'static str> {
    compiled(pattern).map(|p| p.is_match(text))
}

/// The compiled `pattern`, or why it does not compile: once per pattern.
pub(crate) fn compiled(pattern: &'static str) -> Result<&'static Pattern, &'static str> {
    type Compiled = Result<&'static Pattern, &'static str>;
    static CACHE: crate::memo::Memo<(usize, usize), Compiled> = crate::memo::Memo::new();
    let key = (pattern.as_ptr() as usize, pattern.len());
    CACHE.get_or_store(
        key,
        || compile(pattern),
        |fresh| match fresh {
            Ok(p) => Ok(&*Box::leak(Box::new(p))),
            Err(why) => Err(&*Box::leak(why.into_boxed_str())),
        },
    )
}

/// The simple form when it is exact, else `regress` with Unicode semantics
/// (`u`), or, for patterns written for the older syntax that `u` refuses
/// (such as `\-` outside a class), without.
fn compile(pattern: &str) -> Result<Pattern, String> {
    // The engine must accept the pattern too: the simple form only speeds
    // up what it would match, never accepts a pattern it refuses.
    let re = regress::Regex::with_flags(pattern, "u")
        .or_else(|_| regress::Regex::new(pattern))
        .map_err(|e| e.to_string())?;
    Ok(match simple(pattern) {
        Some(atoms) => Pattern::Simple(atoms),
        None => Pattern::Regex(re),
    })
}

fn simple_match(atoms: &[Atom], text: &[u8]) -> bool {
    let mut at = 0;
    for atom in atoms {
        let mut n = 0;
        while n < atom.max
            && let Some(&b) = text.get(at)
            && b < 128
            && atom.class & (1u128 << b) != 0
        {
            at += 1;
            n += 1;
        }
        if n < atom.min {
            return false;
        }
    }
    at == text.len()
}

/// `^atoms$`, each atom a literal or a class, with an optional quantifier;
/// `None` when the pattern is anything else or greedy matching could be
/// wrong for it.
fn simple(pattern: &str) -> Option<Vec<Atom>> {
    let body = pattern.strip_prefix('^')?.strip_suffix('$')?;
    let b = body.as_bytes();
    if !body.is_ascii() || body.ends_with("\\") {
        return None;
    }
    let mut atoms = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let (class, next) = class_at(b, i)?;
        let (min, max, next) = quantifier(b, next)?;
        atoms.push(Atom { class, min, max });
        i = next;
    }
    // Greedy is exact when a variable atom cannot eat what the next needs.
    for pair in atoms.windows(2) {
        let [a, next] = pair else { continue };
        if a.min != a.max && (next.min == 0 || a.class & next.class != 0) {
            return None;
        }
    }
    Some(atoms)
}

fn bit(c: u8) -> u128 {
    1u128 << (c & 127)
}

fn range(lo: u8, hi: u8) -> u128 {
    (lo..=hi).fold(0, |acc, c| acc | bit(c))
}

/// `\d`, `\w` and escaped punctuation.
fn escape(c: u8) -> Option<u128> {
    match c {
        b'd' => Some(range(b'0', b'9')),
        b'w' => Some(range(b'0', b'9') | range(b'a', b'z') | range(b'A', b'Z') | bit(b'_')),
        c if c.is_ascii_punctuation() => Some(bit(c)),
        _ => None,
    }
}

/// The class at `i` and where it ends.
fn class_at(b: &[u8], i: usize) -> Option<(u128, usize)> {
    match *b.get(i)? {
        b'\\' => Some((escape(*b.get(i + 1)?)?, i + 2)),
        b'[' => bracket(b, i + 1),
        // Syntax this form does not read.
        b'.' | b'(' | b')' | b'|' | b'^' | b'$' | b'*' | b'+' | b'?' | b'{' | b'}' | b']' => None,
        c if c.is_ascii_graphic() || c == b' ' => Some((bit(c), i + 1)),
        _ => None,
    }
}

/// `[...]` without negation: literals, ranges, `\d`, `\w`, escapes.
fn bracket(b: &[u8], mut i: usize) -> Option<(u128, usize)> {
    if b.get(i) == Some(&b'^') {
        return None;
    }
    let mut class = 0u128;
    let mut first = true;
    loop {
        let c = *b.get(i)?;
        if c == b']' && !first {
            return Some((class, i + 1));
        }
        first = false;
        let (lo, single, next) = match c {
            b'\\' => {
                let e = *b.get(i + 1)?;
                match e {
                    b'd' | b'w' => {
                        class |= escape(e)?;
                        i += 2;
                        continue;
                    }
                    e if e.is_ascii_punctuation() => (e, true, i + 2),
                    _ => return None,
                }
            }
            b'[' | b']' => return None,
            c if c.is_ascii_graphic() || c == b' ' => (c, true, i + 1),
            _ => return None,
        };
        // `a-z`; a `-` first or last is itself.
        if single && b.get(next) == Some(&b'-') && b.get(next + 1).is_some_and(|&c| c != b']') {
            let hi = *b.get(next + 1)?;
            if hi == b'\\' || hi == b'[' || !(hi.is_ascii_graphic() || hi == b' ') || hi < lo {
                return None;
            }
            class |= range(lo, hi);
            i = next + 2;
        } else {
            class |= bit(lo);
            i = next;
        }
    }
}

/// `{n}`, `{n,m}`, `{n,}`, `+`, `*`, `?` or none, and where it ends.
fn quantifier(b: &[u8], i: usize) -> Option<(usize, usize, usize)> {
    let out = match b.get(i) {
        Some(b'+') => (1, usize::MAX, i + 1),
        Some(b'*') => (0, usize::MAX, i + 1),
        Some(b'?') => (0, 1, i + 1),
        Some(b'{') => {
            let close = i + b.get(i..)?.iter().position(|&c| c == b'}')?;
            let inner = std::str::from_utf8(b.get(i + 1..close)?).ok()?;
            let (min, max) = match inner.split_once(',') {
                None => {
                    let n = inner.parse().ok()?;
                    (n, n)
                }
                Some((lo, "")) => (lo.parse().ok()?, usize::MAX),
                Some((lo, hi)) => (lo.parse().ok()?, hi.parse().ok()?),
            };
            if min > max || max == 0 {
                return None;
            }
            (min, max, close + 1)
        }
        _ => (1, 1, i),
    };
    // A lazy or possessive suffix changes nothing in a full match, but keep
    // the form strict.
    match b.get(out.2) {
        Some(b'?' | b'+' | b'*' | b'{') => None,
        _ => Some(out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The simple form agrees with `regress` on every pattern it takes.
    #[test]
    fn simple_patterns_agree_with_the_engine() {
        let patterns = [
            "^[A-Z]{3}$",
            "^[a-z0-9_-]+$",
            "^\\d{4}-\\d{2}-\\d{2}$",
            "^[A-Z]{2}[0-9]+$",
            "^ab?c$",
            "^[a-c]{1,3}[d-f]{2,}$",
            "^\\w+@\\w+\\.com$",
            "^x*$",
            "^[-a]+$",
            "^[a-]$",
            "^\\$[0-9]+$",
            "^[a-z]+[a-z]$",
            "^a{2,3}a$",
            "^[A-Z][a-z]*[A-Z]?$",
            "^.+$",
            "^(ab)+$",
            "[A-Z]{3}",
            "^[^a]$",
        ];
        let texts = [
            "",
            "A",
            "AB",
            "ABC",
            "ABCD",
            "abc",
            "a-b_9",
            "2024-01-31",
            "2024-1-31",
            "AB12",
            "AB",
            "ac",
            "abc",
            "abbc",
            "aadd",
            "abcdef",
            "cccddd",
            "x_1@y.com",
            "x@y.co",
            "xxx",
            "-a-",
            "a-",
            "$12",
            "$",
            "aa",
            "aaa",
            "aaaa",
            "Ab",
            "AbC",
            "é",
            "ÉCU",
            "ab\u{0}",
        ];
        let mut simple_seen = 0;
        for p in patterns {
            let re = regress::Regex::with_flags(p, "u").unwrap();
            let ours = compile(p).unwrap();
            if matches!(ours, Pattern::Simple(_)) {
                simple_seen += 1;
            }
            for t in texts {
                assert_eq!(ours.is_match(t), re.find(t).is_some(), "{p:?} on {t:?}");
            }
        }
        assert!(simple_seen >= 10, "{simple_seen}");
        // Greedy would be wrong here: left to the engine.
        assert!(simple("^[a-z]+[a-z]$").is_none());
        assert!(simple("^a{2,3}a$").is_none());
        assert!(simple("^[A-Z]{3}$").is_some());
    }

    #[test]
    fn patterns_compile_once_and_never_panic() {
        assert_eq!(pattern_matches("^[A-Z]{2}[0-9]+$", "AB12"), Ok(true));
        assert_eq!(pattern_matches("^[A-Z]{2}[0-9]+$", "ab12"), Ok(false));
        // Not anchored unless the pattern says so.
        assert_eq!(pattern_matches("[0-9]", "a1b"), Ok(true));
        assert_eq!(pattern_matches("\\p{L}+", "é"), Ok(true));
        assert!(pattern_matches("(unclosed", "x").is_err());
        assert!(pattern_matches("(unclosed", "y").is_err());
        // Refused by the engine: refused, though the simple form could read it.
        assert!(pattern_matches("^[z-a]$", "a").is_err());
    }
}
