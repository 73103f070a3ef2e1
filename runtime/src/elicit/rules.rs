//! The checks one form field's value must pass, from a derived form field or a
//! gated schema's property, and the messages that name each failure.

use super::Format;
use super::form::{FieldKind, FormField, choices, compare_bounds, integer_bounds, tighter_u64};
use crate::shape::Bound;
use crate::violation::quoted;
use serde_json::Value;

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
    let n = match (n.as_i64(), n.as_u64()) {
        (Some(v), _) => Bound::Int(v),
        (None, Some(v)) => Bound::UInt(v),
        (None, None) => Bound::Float(n.as_f64().unwrap_or(f64::NAN)),
    };
    compare_bounds(n, b)
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
