//! The four elicitation formats (`email`, `uri`, `date`, `date-time`), checked
//! at macro time so a literal `#[elicit(default = "..")]` that the form's own
//! validator would reject is a compile error at the literal. The checkers are
//! the runtime's own, from the `toolform-formats` crate both depend on.

use toolform_formats::Format;

/// Whether `s` is valid for the elicitation format named `name`; `true` for
/// a name this module does not check.
pub fn is_valid(name: &str, s: &str) -> bool {
    Format::from_name(name).is_none_or(|f| f.is_valid(s))
}
