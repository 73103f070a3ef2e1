//! One shape for every "this breaks that rule, here" report: answers against
//! forms, schemas against the form grammar, schemas against a provider.

use std::fmt;

/// One way a document or a schema breaks a rule.
///
/// `path` is a JSON Pointer into the document (RFC 6901: `~0` for `~`, `~1`
/// for `/`), with two exceptions that keep an error's size bounded whatever
/// the document: a key longer than [`MAX_KEY_CHARS`] characters appears as
/// its first characters followed by `…`, and a path longer than
/// [`MAX_PATH_BYTES`] keeps its first and last keys around a `…` segment.
/// The pointer keeps control characters as they are in the key; `Display`
/// escapes them (`\n`, `\u{1b}`), so a key cannot start a line of its own in
/// the text a model or a person reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// JSON Pointer to the place at fault (`/properties/role/anyOf`,
    /// `/guests`), `""` for the whole document.
    pub path: String,
    /// The rule broken: a JSON Schema keyword for answers (`required`,
    /// `maximum`, `enum`, ... or `serde`), a named rule for schemas
    /// (`nested-object`, `ref`, `map`, `recursion`, ...), [`MORE`] for the
    /// entry that counts the violations a capped list leaves out, or a
    /// tool's own name for its domain checks.
    pub rule: &'static str,
    /// One line a person understands.
    pub message: String,
}

/// The most violations one error lists: the first ones found, then one
/// entry with the rule [`MORE`] that counts the others.
pub const MAX_VIOLATIONS: usize = 100;

/// The rule of the last entry of a capped list: `"and N more violations"`.
pub const MORE: &str = "more";

/// Keys longer than this many characters are shortened in paths.
pub const MAX_KEY_CHARS: usize = 64;

/// Paths longer than this many bytes keep only their first and last keys.
pub const MAX_PATH_BYTES: usize = 1024;

/// Messages longer than this many characters are cut.
const MAX_MESSAGE_CHARS: usize = 600;

/// How many characters of a long key a path keeps.
const KEPT_KEY_CHARS: usize = 48;

impl Violation {
    /// A violation at `path` (a JSON Pointer, `""` for the whole document)
    /// of `rule` (a JSON Schema keyword, or a tool's own name for a domain
    /// check, such as `"balance"`), with a one-line `message`.
    ///
    /// Kept as given; an [`ArgsError`](crate::ArgsError) built from it
    /// shortens long paths and messages and escapes control characters in
    /// messages, and `Display` escapes them everywhere.
    pub fn new(path: impl Into<String>, rule: &'static str, message: impl Into<String>) -> Self {
        Violation {
            path: path.into(),
            rule,
            message: message.into(),
        }
    }

    /// The same violation with its path shortened and its message cut and
    /// stripped of control characters (see the type's documentation).
    pub(crate) fn bounded(self) -> Self {
        let path = match short_path(&self.path) {
            std::borrow::Cow::Borrowed(_) => self.path,
            std::borrow::Cow::Owned(p) => p,
        };
        let message = match clean(&self.message) {
            std::borrow::Cow::Borrowed(_) => self.message,
            std::borrow::Cow::Owned(m) => m,
        };
        Violation {
            path,
            rule: self.rule,
            message,
        }
    }
}

/// Whether `c` would break or reorder the line it is printed on: control
/// characters, line and paragraph separators, bidirectional overrides.
fn unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Writes `text` with every [`unprintable`] character escaped (`\n`,
/// `\u{1b}`).
fn write_escaped(f: &mut impl fmt::Write, text: &str) -> fmt::Result {
    let mut rest = text;
    while let Some(at) = rest.find(unprintable) {
        let (head, tail) = rest.split_at(at);
        f.write_str(head)?;
        let mut chars = tail.chars();
        if let Some(c) = chars.next() {
            write!(f, "{}", c.escape_debug())?;
        }
        rest = chars.as_str();
    }
    f.write_str(rest)
}

/// `text` escaped and cut for a message.
fn clean(text: &str) -> std::borrow::Cow<'_, str> {
    let text = if text.contains(unprintable) {
        let mut out = String::with_capacity(text.len() + 8);
        let _ = write_escaped(&mut out, text);
        std::borrow::Cow::Owned(out)
    } else {
        std::borrow::Cow::Borrowed(text)
    };
    match shorten(&text, MAX_MESSAGE_CHARS) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(cut) => std::borrow::Cow::Owned(cut),
    }
}

/// `path` with long keys shortened and a long path elided in the middle.
pub(crate) fn short_path(path: &str) -> std::borrow::Cow<'_, str> {
    let long_key = path
        .split('/')
        .any(|seg| seg.len() > MAX_KEY_CHARS && seg.chars().nth(MAX_KEY_CHARS).is_some());
    if !long_key && path.len() <= MAX_PATH_BYTES {
        return std::borrow::Cow::Borrowed(path);
    }
    let segments: Vec<std::borrow::Cow<'_, str>> = path
        .split('/')
        .skip(1)
        .map(|seg| match seg.char_indices().nth(MAX_KEY_CHARS) {
            None => std::borrow::Cow::Borrowed(seg),
            Some(_) => {
                let mut cut = seg
                    .char_indices()
                    .nth(KEPT_KEY_CHARS)
                    .map_or(seg.len(), |(i, _)| i);
                // Never end on half of a `~0`/`~1` escape.
                if seg.get(..cut).is_some_and(|h| h.ends_with('~')) {
                    cut -= 1;
                }
                std::borrow::Cow::Owned(format!("{}…", seg.get(..cut).unwrap_or_default()))
            }
        })
        .collect();
    let total: usize = segments.iter().map(|s| s.len() + 1).sum();
    let mut out = String::new();
    if total <= MAX_PATH_BYTES {
        for seg in &segments {
            out.push('/');
            out.push_str(seg);
        }
        return std::borrow::Cow::Owned(out);
    }
    // The first keys up to a quarter of the budget, the last ones up to the
    // rest, `…` for what lies between.
    let mut head = 0;
    let mut used = 0;
    for seg in &segments {
        if used + seg.len() + 1 > MAX_PATH_BYTES / 4 {
            break;
        }
        used += seg.len() + 1;
        head += 1;
    }
    let mut tail = segments.len();
    let mut tail_used = 0;
    while tail > head {
        let len = segments.get(tail - 1).map_or(0, |s| s.len() + 1);
        if used + tail_used + len + 2 > MAX_PATH_BYTES {
            break;
        }
        tail_used += len;
        tail -= 1;
    }
    for seg in segments.iter().take(head) {
        out.push('/');
        out.push_str(seg);
    }
    out.push_str("/…");
    for seg in segments.iter().skip(tail) {
        out.push('/');
        out.push_str(seg);
    }
    std::borrow::Cow::Owned(out)
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str("/")?;
        } else {
            write_escaped(f, &self.path)?;
        }
        f.write_str(": ")?;
        write_escaped(f, &self.message)?;
        f.write_str(" (")?;
        write_escaped(f, self.rule)?;
        f.write_str(")")
    }
}

/// The one list every checker of documents pushes into: the first
/// [`MAX_VIOLATIONS`] violations, each [bounded](Violation::bounded), and a
/// count of the rest. Past the cap a push costs a counter increment (the
/// message is never built), so a document with a million bad items costs
/// time linear in it and memory independent of it.
#[derive(Debug, Default)]
pub(crate) struct Collector {
    list: Vec<Violation>,
    more: usize,
}

impl Collector {
    pub(crate) fn new() -> Self {
        Collector::default()
    }

    /// Adds a violation; the path and message are built only under the cap.
    pub(crate) fn report(
        &mut self,
        path: &str,
        rule: &'static str,
        message: impl FnOnce() -> String,
    ) {
        if self.list.len() >= MAX_VIOLATIONS {
            self.more = self.more.saturating_add(1);
            return;
        }
        let path = short_path(path).into_owned();
        let message = message();
        let message = match clean(&message) {
            std::borrow::Cow::Borrowed(_) => message,
            std::borrow::Cow::Owned(m) => m,
        };
        self.list.push(Violation {
            path,
            rule,
            message,
        });
    }

    /// Adds a violation built elsewhere.
    pub(crate) fn push(&mut self, v: Violation) {
        if v.rule == MORE {
            // A count from another capped list.
            let n = v
                .message
                .split_whitespace()
                .find_map(|w| w.parse::<usize>().ok())
                .unwrap_or(1);
            self.more = self.more.saturating_add(n);
            return;
        }
        if self.list.len() >= MAX_VIOLATIONS {
            self.more = self.more.saturating_add(1);
            return;
        }
        self.list.push(v.bounded());
    }

    /// How many violations were found (listed or counted).
    pub(crate) fn len(&self) -> usize {
        self.list.len().saturating_add(self.more)
    }

    /// The first violation listed.
    pub(crate) fn first(&self) -> Option<&Violation> {
        self.list.first()
    }

    /// Where the list is now, for [`Collector::reset`] and
    /// [`Collector::since`].
    pub(crate) fn mark(&self) -> (usize, usize) {
        (self.list.len(), self.more)
    }

    /// Forgets what was found since `mark`.
    pub(crate) fn reset(&mut self, mark: (usize, usize)) {
        self.list.truncate(mark.0);
        self.more = mark.1;
    }

    /// The violations listed since `mark`, to amend their messages.
    pub(crate) fn since(&mut self, mark: (usize, usize)) -> &mut [Violation] {
        let at = mark.0.min(self.list.len());
        self.list.get_mut(at..).unwrap_or_default()
    }

    /// The list, with the count of the rest as its last entry.
    pub(crate) fn finish(self) -> Vec<Violation> {
        let mut list = self.list;
        if self.more > 0 {
            list.push(Violation {
                path: String::new(),
                rule: MORE,
                message: format!(
                    "and {} more violation{}, not listed (the first {MAX_VIOLATIONS} are)",
                    self.more,
                    if self.more == 1 { "" } else { "s" }
                ),
            });
        }
        list
    }
}

/// `violations` capped and bounded like a [`Collector`]'s.
pub(crate) fn bounded_list(violations: impl IntoIterator<Item = Violation>) -> Vec<Violation> {
    let mut c = Collector::new();
    for v in violations {
        c.push(v);
    }
    c.finish()
}

/// `"{header} (N violation[s])"` then one indented line per violation.
pub(crate) fn write_list(
    f: &mut fmt::Formatter<'_>,
    header: &str,
    violations: &[Violation],
) -> fmt::Result {
    let n = violations.len();
    if violations.last().is_some_and(|v| v.rule == MORE) {
        write!(f, "{header} (more than {} violations)", n - 1)?;
    } else {
        write!(
            f,
            "{header} ({n} violation{})",
            if n == 1 { "" } else { "s" }
        )?;
    }
    for v in violations {
        write!(f, "\n  {v}")?;
    }
    Ok(())
}

/// At most `max_chars` characters of `text` for a message: cut on a character
/// boundary (never inside a UTF-8 sequence), with `…` and the count left out.
pub(crate) fn shorten(text: &str, max_chars: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(max_chars) {
        None => std::borrow::Cow::Borrowed(text),
        Some((cut, _)) => {
            let rest = text.get(cut..).map_or(0, |r| r.chars().count());
            let head = text.get(..cut).unwrap_or_default();
            std::borrow::Cow::Owned(format!("{head}… ({rest} more characters)"))
        }
    }
}

/// `text` quoted for a message (`"…"` with escapes), at most `max_chars`
/// characters of it.
pub(crate) fn quoted(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        None => format!("{text:?}"),
        Some((cut, _)) => {
            let rest = text.get(cut..).map_or(0, |r| r.chars().count());
            let head = text.get(..cut).unwrap_or_default();
            format!("{head:?}… ({rest} more characters)")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{quoted, shorten};

    #[test]
    fn shortening_cuts_on_character_boundaries() {
        // Every cut point through multi-byte characters of 2, 3 and 4 bytes.
        let text = "éà漢字🦀".repeat(50);
        for max in 0..text.chars().count() + 2 {
            let short = shorten(&text, max);
            let q = quoted(&text, max);
            assert!(short.chars().count() <= max + 40, "{max}");
            assert!(q.starts_with('"'));
            if max >= text.chars().count() {
                assert_eq!(short, text.as_str());
            } else {
                assert!(short.contains('…'));
            }
        }
        assert_eq!(shorten("", 0), "");
        assert_eq!(quoted("a\"b", 10), r#""a\"b""#);
    }
}
