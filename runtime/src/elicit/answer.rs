//! Reading the client's answer: every field checked against the form, every
//! violation named, then serde.

use super::Format;
use super::form::{
    FieldKind, Form, FormField, choices, escape, fill_value, integer_bounds, tighter_u64,
};
use crate::shape::Bound;
pub use crate::violation::Violation;
use crate::violation::{quoted, shorten};
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

/// The checks one field's value must pass, from a derived form field or a
/// gated schema's property.
pub(crate) struct Rules<'a> {
    pub kind: RuleKind<'a>,
    pub min_length: Option<u64>,
    pub max_length: Option<u64>,
    pub minimum: Option<Bound>,
    pub maximum: Option<Bound>,
    pub min_items: Option<u64>,
    pub max_items: Option<u64>,
    /// Zero excluded (`NonZero*`).
    pub nonzero: bool,
}

pub(crate) enum RuleKind<'a> {
    Text(Option<Format>),
    /// `strict`: a number written with a fraction or exponent (`1.0`) is
    /// refused, as serde's integer types refuse it.
    Integer {
        strict: bool,
    },
    Number,
    Boolean,
    Select(Options<'a>),
    Multi(Options<'a>),
}

/// The options of a select: membership in constant time for long lists (a
/// multi-select answer of n items against n options stays linear).
pub(crate) struct Options<'a> {
    list: Vec<&'a str>,
    set: Option<std::collections::HashSet<&'a str>>,
}

impl<'a> Options<'a> {
    /// Short lists are scanned (faster than hashing); long ones hashed once.
    pub(crate) fn new(list: Vec<&'a str>) -> Self {
        let set = (list.len() > 16).then(|| list.iter().copied().collect());
        Options { list, set }
    }

    fn contains(&self, s: &str) -> bool {
        match &self.set {
            Some(set) => set.contains(s),
            None => self.list.contains(&s),
        }
    }
}

impl Rules<'static> {
    /// The rules of a derived form field.
    pub(crate) fn of(field: &FormField) -> Rules<'static> {
        let mut rules = Rules {
            kind: RuleKind::Boolean,
            min_length: None,
            max_length: None,
            minimum: field.minimum,
            maximum: field.maximum,
            min_items: field.min_items,
            max_items: field.max_items,
            nonzero: false,
        };
        // The options the form offers: primary names only.
        let options = |shape| Options::new(choices(shape).into_iter().map(|c| c.value).collect());
        rules.kind = match field.kind {
            FieldKind::String {
                format,
                min_length,
                max_length,
            } => {
                rules.min_length = tighter_u64(*min_length, field.min_length, true);
                rules.max_length = tighter_u64(*max_length, field.max_length, false);
                RuleKind::Text(field.format.or(*format))
            }
            FieldKind::Integer(range) => {
                let (min, max) = integer_bounds(range, field);
                rules.minimum = min;
                rules.maximum = max;
                rules.nonzero = range.nonzero;
                RuleKind::Integer { strict: true }
            }
            FieldKind::Number => RuleKind::Number,
            FieldKind::Boolean => RuleKind::Boolean,
            FieldKind::Select(shape) => RuleKind::Select(options(shape)),
            FieldKind::MultiSelect(shape) => RuleKind::Multi(options(shape)),
        };
        rules
    }
}

/// Every way one value breaks its field: (rule, message).
pub(crate) fn check_value(field: &FormField, value: &Value) -> Vec<(&'static str, String)> {
    check_rules(&Rules::of(field), value)
}

/// Every way one value breaks `rules`: (rule, message).
pub(crate) fn check_rules(rules: &Rules, value: &Value) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    match &rules.kind {
        RuleKind::Text(format) => {
            let Value::String(s) = value else {
                out.push(("type", format!("expected a string, got {}", kind_of(value))));
                return out;
            };
            // Characters, counted only when the byte length cannot decide
            // (a character is 1 to 4 bytes).
            // Within the bounds for sure: at least `bytes / 4` characters,
            // at most `bytes`.
            let bytes = s.len() as u64;
            let needs_count = rules.min_length.is_some_and(|min| bytes / 4 < min)
                || rules.max_length.is_some_and(|max| bytes > max);
            // When the count is skipped, no bound below can fail.
            let len = if needs_count {
                s.chars().count() as u64
            } else {
                rules.min_length.unwrap_or(0)
            };
            if let Some(min) = rules.min_length
                && len < min
            {
                out.push((
                    "minLength",
                    format!("{len} characters, fewer than the minimum {min}"),
                ));
            }
            if let Some(max) = rules.max_length
                && len > max
            {
                out.push((
                    "maxLength",
                    format!("{len} characters, more than the maximum {max}"),
                ));
            }
            if let Some(f) = format
                && !f.is_valid(s)
            {
                out.push((
                    "format",
                    format!("{} is not a valid {}", quoted(s, 100), f.name()),
                ));
            }
        }
        RuleKind::Integer { strict } => {
            let n = match value {
                Value::Number(n) if n.is_i64() || n.is_u64() => n,
                Value::Number(n) if !strict && n.as_f64().is_some_and(|f| f.fract() == 0.0) => n,
                Value::Number(n) => {
                    out.push(("type", format!("expected a whole number, got {n}")));
                    return out;
                }
                other => {
                    out.push((
                        "type",
                        format!("expected an integer, got {}", kind_of(other)),
                    ));
                    return out;
                }
            };
            check_bounds(rules, n, &mut out);
            if rules.nonzero && n.as_f64() == Some(0.0) {
                out.push(("not", "0 is not allowed".into()));
            }
        }
        RuleKind::Number => {
            let Value::Number(n) = value else {
                out.push(("type", format!("expected a number, got {}", kind_of(value))));
                return out;
            };
            check_bounds(rules, n, &mut out);
        }
        RuleKind::Boolean => {
            if !value.is_boolean() {
                out.push((
                    "type",
                    format!("expected true or false, got {}", kind_of(value)),
                ));
            }
        }
        RuleKind::Select(options) => {
            let Value::String(s) = value else {
                out.push(("type", format!("expected a string, got {}", kind_of(value))));
                return out;
            };
            if !options.contains(s) {
                out.push(("enum", not_an_option(s, &options.list)));
            }
        }
        RuleKind::Multi(options) => {
            let Value::Array(items) = value else {
                out.push(("type", format!("expected an array, got {}", kind_of(value))));
                return out;
            };
            let n = items.len() as u64;
            if let Some(min) = rules.min_items
                && n < min
            {
                out.push((
                    "minItems",
                    format!("{n} selected, fewer than the minimum {min}"),
                ));
            }
            if let Some(max) = rules.max_items
                && n > max
            {
                out.push((
                    "maxItems",
                    format!("{n} selected, more than the maximum {max}"),
                ));
            }
            for item in items {
                match item {
                    Value::String(s) if options.contains(s) => {}
                    Value::String(s) => out.push(("enum", not_an_option(s, &options.list))),
                    other => {
                        out.push(("type", format!("expected strings, got {}", kind_of(other))))
                    }
                }
            }
        }
    }
    out
}

/// `minimum`/`maximum`, compared exactly for integers and as `f64` otherwise.
fn check_bounds(rules: &Rules, n: &serde_json::Number, out: &mut Vec<(&'static str, String)>) {
    if let Some(min) = rules.minimum
        && compare(n, min) == std::cmp::Ordering::Less
    {
        out.push((
            "minimum",
            format!("{n} is below the minimum {}", min.to_json()),
        ));
    }
    if let Some(max) = rules.maximum
        && compare(n, max) == std::cmp::Ordering::Greater
    {
        out.push((
            "maximum",
            format!("{n} is above the maximum {}", max.to_json()),
        ));
    }
}

fn compare(n: &serde_json::Number, b: Bound) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let as_i128 = |n: &serde_json::Number| {
        n.as_i64()
            .map(i128::from)
            .or_else(|| n.as_u64().map(i128::from))
    };
    let bound_i128 = match b {
        Bound::Int(v) => Some(i128::from(v)),
        Bound::UInt(v) => Some(i128::from(v)),
        Bound::Float(_) => None,
    };
    match (as_i128(n), bound_i128) {
        (Some(a), Some(b)) => a.cmp(&b),
        _ => {
            let a = n.as_f64().unwrap_or(f64::NAN);
            a.partial_cmp(&b.as_f64()).unwrap_or(Ordering::Equal)
        }
    }
}

/// `"x" is not one of the options ("a", "b", ... and N more)`: bounded in
/// size whatever the answer and the option list (a select may offer
/// thousands of options and a multi-select answer repeat a bad item as many
/// times), cut on character boundaries.
fn not_an_option(s: &str, options: &[&str]) -> String {
    const BUDGET: usize = 200;
    let mut shown = String::new();
    let mut listed = 0;
    for option in options {
        let q = quoted(option, 60);
        if listed > 0 && shown.len() + q.len() > BUDGET {
            break;
        }
        if listed > 0 {
            shown.push_str(", ");
        }
        shown.push_str(&q);
        listed += 1;
    }
    let more = options.len() - listed;
    if more > 0 {
        shown.push_str(&format!(", ... and {more} more"));
    }
    format!("{} is not one of the options ({shown})", quoted(s, 100))
}

pub(crate) fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_f64() => "a number",
        Value::Number(_) => "an integer",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
