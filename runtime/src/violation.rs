//! One shape for every "this breaks that rule, here" report: answers against
//! forms, schemas against the form grammar, schemas against a provider.

use std::fmt;

/// One way a document or a schema breaks a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// JSON Pointer to the place at fault (`/properties/role/anyOf`,
    /// `/guests`), `""` for the whole document.
    pub path: String,
    /// The rule broken: a JSON Schema keyword for answers (`required`,
    /// `maximum`, `enum`, ... or `serde`), a named rule for schemas
    /// (`nested-object`, `ref`, `map`, `recursion`, ...).
    pub rule: &'static str,
    /// One line a person understands.
    pub message: String,
}

impl Violation {
    pub(crate) fn new(
        path: impl Into<String>,
        rule: &'static str,
        message: impl Into<String>,
    ) -> Self {
        Violation {
            path: path.into(),
            rule,
            message: message.into(),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.path.is_empty() {
            "/"
        } else {
            &self.path
        };
        write!(f, "{path}: {} ({})", self.message, self.rule)
    }
}

/// `"{header} (N violation[s])"` then one indented line per violation.
pub(crate) fn write_list(
    f: &mut fmt::Formatter<'_>,
    header: &str,
    violations: &[Violation],
) -> fmt::Result {
    let n = violations.len();
    write!(
        f,
        "{header} ({n} violation{})",
        if n == 1 { "" } else { "s" }
    )?;
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
