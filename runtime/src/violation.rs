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
