//! Reading the client's answer: every field checked against the form, every
//! violation named, then serde.

use crate::args::plan::ObjectPlan;
pub(crate) use crate::json::kind_of;
use crate::violation::Violation;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::fmt;

/// What the user did with the form.
#[derive(Debug, Clone, PartialEq)]
pub enum Elicited<T> {
    /// The user submitted the form; here is the value.
    Accepted(T),
    /// The user explicitly declined.
    Declined,
    /// The user dismissed the form without choosing.
    Cancelled,
}

/// Why an answer could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ElicitError {
    /// The result is not an `ElicitResult` at all (not an object, no string
    /// `action`, a `content` that is not an object).
    Malformed(String),
    /// An `action` other than `accept`, `decline` and `cancel`.
    /// (The action's first characters: a long one is cut, its size being
    /// the client's choice.)
    UnknownAction(String),
    /// `action: accept` without `content`.
    AcceptedWithoutContent,
    /// The content breaks the form; every violation, in field order.
    Invalid(Vec<Violation>),
}

impl ElicitError {
    /// The violations, when the content broke the form.
    pub fn violations(&self) -> &[Violation] {
        match self {
            ElicitError::Invalid(v) => v,
            _ => &[],
        }
    }

    /// The message to ask the same form again with: `message`, then what was
    /// wrong with the answer (at most [`ASK_AGAIN_LINES`] violations, then a
    /// count), so the user sees why the form came back. The text is bounded
    /// by the violations' own caps, whatever the answer was.
    pub fn ask_again_message(&self, message: &str) -> String {
        use fmt::Write as _;
        let mut out = String::from(message);
        out.push_str("\n\nThe previous answer was not accepted:");
        match self {
            ElicitError::Invalid(violations) => {
                for v in violations.iter().take(ASK_AGAIN_LINES) {
                    let _ = write!(out, "\n- {v}");
                }
                let rest = violations.len().saturating_sub(ASK_AGAIN_LINES);
                if rest > 0 {
                    let _ = write!(out, "\n- and {rest} more");
                }
            }
            other => {
                let _ = write!(out, "\n- {other}");
            }
        }
        out
    }
}

/// The most violations [`ElicitError::ask_again_message`] repeats to the user.
pub const ASK_AGAIN_LINES: usize = 10;

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElicitError::Malformed(why) => write!(f, "malformed elicitation result: {why}"),
            ElicitError::UnknownAction(a) => write!(
                f,
                "unknown elicitation action {a:?} (expected \"accept\", \"decline\" or \"cancel\")"
            ),
            ElicitError::AcceptedWithoutContent => {
                f.write_str("the elicitation was accepted without content")
            }
            ElicitError::Invalid(violations) => {
                write!(
                    f,
                    "the answer breaks the form in {} place",
                    violations.len()
                )?;
                if violations.len() != 1 {
                    f.write_str("s")?;
                }
                for v in violations {
                    write!(f, "\n  {v}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ElicitError {}

/// Reads an `ElicitResult` against a form lowered into `plan`.
pub(crate) fn from_result<T: DeserializeOwned>(
    plan: &ObjectPlan,
    result: &Value,
) -> Result<Elicited<T>, ElicitError> {
    let Value::Object(result) = result else {
        return Err(ElicitError::Malformed(format!(
            "expected an object, got {}",
            kind_of(result)
        )));
    };
    let (mut action_value, mut content_value) = (None, None);
    for (k, v) in result {
        match k.as_str() {
            "action" => action_value = Some(v),
            "content" => content_value = Some(v),
            _ => {}
        }
    }
    let action = match action_value {
        Some(Value::String(a)) => a.as_str(),
        Some(other) => {
            return Err(ElicitError::Malformed(format!(
                "`action` must be a string, got {}",
                kind_of(other)
            )));
        }
        None => return Err(ElicitError::Malformed("`action` is missing".into())),
    };
    match action {
        "decline" => return Ok(Elicited::Declined),
        "cancel" => return Ok(Elicited::Cancelled),
        "accept" => {}
        // Quoted short: the answer is the client's, of any size.
        other => {
            return Err(ElicitError::UnknownAction(
                crate::json::short(other).into_owned(),
            ));
        }
    }
    let content = match content_value {
        Some(Value::Object(content)) => content,
        Some(other) => {
            return Err(ElicitError::Malformed(format!(
                "`content` must be an object, got {}",
                kind_of(other)
            )));
        }
        None => return Err(ElicitError::AcceptedWithoutContent),
    };
    parse_lowered(plan, content, content_value.unwrap_or(&Value::Null)).map(Elicited::Accepted)
}

/// Checks `content` against the form, then deserializes it.
///
/// serde sees exactly what the form allows: the form's own fields under the
/// names the form states (never a serde `alias` the form does not offer,
/// never a key the form does not list), and `#[elicit(default = ..)]` values
/// for the fields the answer left out. Nothing here walks a value deeper than
/// the form's grammar (a field holds a scalar or a list of strings), so an
/// answer nested arbitrarily deep under a key the form ignores costs nothing.
#[cfg_attr(not(feature = "rmcp"), allow(dead_code))]
pub(crate) fn parse_content<T: DeserializeOwned>(
    form: &'static super::Form,
    content: &Map<String, Value>,
    content_value: &Value,
) -> Result<T, ElicitError> {
    parse_lowered(super::lower::lowered(form), content, content_value)
}

/// [`parse_content`] against a form lowered into `plan`.
pub(crate) fn parse_lowered<T: DeserializeOwned>(
    plan: &ObjectPlan,
    content: &Map<String, Value>,
    content_value: &Value,
) -> Result<T, ElicitError> {
    // `null` for a field the form does not require reads as absent: the
    // form grammar has no null, but clients send it for a field left empty
    // (the Python SDK types every form value `... | None`).
    let without_nulls = drop_optional_nulls(plan, content);
    let (content, content_value) = match &without_nulls {
        Some(value @ Value::Object(map)) => (map, value),
        _ => (content, content_value),
    };
    let (violations, seen) = crate::args::form_check(plan, content);
    if !violations.is_empty() {
        return Err(ElicitError::Invalid(violations));
    }
    let fills: &[Option<Value>] = plan.form.as_ref().map_or(&[], |f| &f.fills);
    let (only_fields, missing_fill) = (seen.only_fields, seen.fill_missing);
    let parsed = if only_fields && !missing_fill {
        // Straight from the borrowed value: no copy of the answer.
        T::deserialize(content_value)
    } else {
        // The form's fields only (each validated: a scalar or a list of
        // strings, cheap to copy), with the form's defaults filled in.
        let mut seen = Map::new();
        for (i, (name, _)) in plan.properties.iter().enumerate() {
            if let Some(value) = content.get(name.as_ref()) {
                seen.insert(name.to_string(), value.clone());
            } else if let Some(Some(value)) = fills.get(i) {
                seen.insert(name.to_string(), value.clone());
            }
        }
        T::deserialize(Value::Object(seen))
    };
    parsed.map_err(|e| {
        ElicitError::Invalid(crate::violation::bounded_list([Violation::new(
            "",
            "serde",
            e.to_string(),
        )]))
    })
}

/// `content` without the `null`s of fields the form lists but does not
/// require, or `None` when it has none (no copy).
pub(crate) fn drop_optional_nulls(
    plan: &ObjectPlan,
    content: &Map<String, Value>,
) -> Option<Value> {
    let optional = |key: &str| {
        let Some(at) = plan.position(key) else {
            return false; // not a field of the form: checked as it is
        };
        let required = match &plan.form {
            Some(form) => form.required.get(at).copied().unwrap_or(false),
            None => plan.required.iter().any(|name| name.as_ref() == key),
        };
        !required
    };
    if !content.iter().any(|(k, v)| v.is_null() && optional(k)) {
        return None;
    }
    let kept = content
        .iter()
        .filter(|(k, v)| !(v.is_null() && optional(k)))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    Some(Value::Object(kept))
}
