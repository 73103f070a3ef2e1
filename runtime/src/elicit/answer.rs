//! Reading the client's answer: every field checked against the form, every
//! violation named, then serde.

use super::form::{Form, escape, fill_value};
pub(crate) use super::rules::{Options, RuleKind, Rules, check_rules, check_value, kind_of};
pub use crate::violation::Violation;
use crate::violation::shorten;
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
}

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

pub(crate) fn from_result<T: DeserializeOwned>(
    form: &'static Form,
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
        other => return Err(ElicitError::UnknownAction(other.into())),
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
    parse_content(form, content, content_value.unwrap_or(&Value::Null)).map(Elicited::Accepted)
}

/// Checks `content` against the form, then deserializes it.
///
/// serde sees exactly what the form allows: the form's own fields under the
/// names the form states (never a serde `alias` the form does not offer,
/// never a key the form does not list), and `#[elicit(default = ..)]` values
/// for the fields the answer left out. Nothing here walks a value deeper than
/// the form's grammar (a field holds a scalar or a list of strings), so an
/// answer nested arbitrarily deep under a key the form ignores costs nothing.
pub(crate) fn parse_content<T: DeserializeOwned>(
    form: &'static Form,
    content: &Map<String, Value>,
    content_value: &Value,
) -> Result<T, ElicitError> {
    let violations = validate_answer(form, content);
    if !violations.is_empty() {
        return Err(ElicitError::Invalid(violations));
    }
    let only_fields = content.len() <= form.fields.len()
        && content
            .keys()
            .all(|key| form.fields.iter().any(|f| f.name == key));
    let missing_fill = form
        .fields
        .iter()
        .any(|f| f.fill.is_some() && !content.contains_key(f.name));
    let parsed = if only_fields && !missing_fill {
        // Straight from the borrowed value: no copy of the answer.
        T::deserialize(content_value)
    } else {
        // The form's fields only (each validated: a scalar or a list of
        // strings, cheap to copy), with the form's defaults filled in.
        let mut seen = Map::new();
        for field in form.fields {
            if let Some(value) = content.get(field.name) {
                seen.insert(field.name.into(), value.clone());
            } else if let Some(value) = fill_value(field) {
                seen.insert(field.name.into(), value);
            }
        }
        T::deserialize(Value::Object(seen))
    };
    parsed.map_err(|e| {
        ElicitError::Invalid(vec![Violation {
            path: String::new(),
            rule: "serde",
            message: e.to_string(),
        }])
    })
}

/// Every way `content` breaks `form`: per field in field order, then keys
/// the form does not list (when it is closed with `deny_unknown_fields`).
///
/// Fields are read under the names the form states: a serde `alias` is not
/// in the `requestedSchema`, so an answer that uses one leaves the field
/// missing (and, in a closed form, carries an unknown key).
///
/// One pass over the answer, no hashing, no allocation unless something is
/// wrong: the field rules are compiled once per form.
pub fn validate_answer(form: &'static Form, content: &Map<String, Value>) -> Vec<Violation> {
    let rules = compiled(form);
    let n = form.fields.len();
    let mut small: [Option<&Value>; 32] = [None; 32];
    let mut large: Vec<Option<&Value>>;
    let found: &mut [Option<&Value>] = if n <= small.len() {
        &mut small[..n]
    } else {
        large = vec![None; n];
        &mut large
    };
    let mut unknown: Vec<&str> = Vec::new();
    // Clients answer in the form's order: try the field after the last one
    // found before scanning.
    let mut next = 0;
    for (key, value) in content {
        let key = key.as_str();
        let in_order = form
            .fields
            .get(next)
            .filter(|f| f.name == key)
            .map(|_| next);
        let position = in_order.or_else(|| form.fields.iter().position(|f| f.name == key));
        match position {
            Some(i) => {
                next = i + 1;
                if let Some(slot) = found.get_mut(i) {
                    *slot = Some(value);
                }
            }
            None if form.deny_unknown_fields => unknown.push(key),
            None => {}
        }
    }
    let mut violations = Vec::new();
    for ((field, rules), slot) in form.fields.iter().zip(rules).zip(found.iter()) {
        let path = || format!("/{}", escape(field.name));
        match slot {
            None if field.required => violations.push(Violation {
                path: path(),
                rule: "required",
                message: match field.aliases.iter().find(|a| content.contains_key(**a)) {
                    Some(alias) => format!(
                        "`{}` is required (the answer has `{alias}`, a name the form does not offer)",
                        field.name
                    ),
                    None => format!("`{}` is required", field.name),
                },
            }),
            None => {
                // The form's own default fills the gap: it must fit too.
                if let Some(fill) = fill_value(field) {
                    for (rule, message) in check_rules(rules, &fill) {
                        violations.push(Violation {
                            path: path(),
                            rule,
                            message: format!("the form's default does not fit: {message}"),
                        });
                    }
                }
            }
            Some(value) => {
                for (rule, message) in check_rules(rules, value) {
                    violations.push(Violation {
                        path: path(),
                        rule,
                        message,
                    });
                }
            }
        }
    }
    for key in unknown {
        violations.push(Violation {
            path: format!("/{}", escape(key)),
            rule: "additionalProperties",
            message: match form.fields.iter().find(|f| f.aliases.contains(&key)) {
                Some(field) => format!(
                    "`{key}` is not a field of this form (the form names it `{}`)",
                    field.name
                ),
                None => format!("`{}` is not a field of this form", shorten(key, 100)),
            },
        });
    }
    violations
}

/// The rules of each field of a form, built once per form.
fn compiled(form: &'static Form) -> &'static [Rules<'static>] {
    use std::cell::Cell;
    use std::collections::HashMap;
    use std::sync::{OnceLock, RwLock};
    type Cache = RwLock<HashMap<usize, &'static [Rules<'static>]>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    thread_local! {
        // The form this thread read last: no lock, no hashing on a repeat.
        static LAST: Cell<Option<(usize, &'static [Rules<'static>])>> = const { Cell::new(None) };
    }
    let key = form as *const Form as usize;
    if let Some((k, rules)) = LAST.with(Cell::get)
        && k == key
    {
        return rules;
    }
    let cache = CACHE.get_or_init(Default::default);
    if let Some(found) = cache.read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        LAST.with(|last| last.set(Some((key, found))));
        return found;
    }
    let rules: Vec<Rules<'static>> = form.fields.iter().map(Rules::of).collect();
    let mut guard = cache.write().unwrap_or_else(|e| e.into_inner());
    guard
        .entry(key)
        .or_insert_with(|| Box::leak(rules.into_boxed_slice()))
}
