//! Messages: pointers, lists of names, and brief descriptions of what an
//! alternative expects and what the value is.

use crate::args::plan::{self, Discriminant, ObjectPlan, Rule};
use crate::json::kind_of;
use crate::shape::{Body, Shape};
use crate::violation::{quoted, shorten};
use serde_json::Value;

// ------------------------------------------------------------------ messages

/// Appends `key` to a JSON Pointer (`~` as `~0`, `/` as `~1`).
pub(crate) fn push_escaped(path: &mut String, key: &str) {
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

/// `"a", "b" or "c"`, bounded.
pub(super) fn list(names: &[&str]) -> String {
    const SHOWN: usize = 12;
    let mut parts: Vec<String> = names.iter().take(SHOWN).map(|n| quoted(n, 60)).collect();
    if names.len() > SHOWN {
        parts.push(format!("... and {} more", names.len() - SHOWN));
    }
    match parts.len() {
        0 => "nothing".into(),
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{} or {last}", parts.join(", "))
        }
    }
}

/// The tags of tagged alternatives under `tag`.
pub(super) fn tags_of(alternatives: &[Rule], tag: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    for alt in alternatives {
        if let Rule::Object(plan) = alt
            && let Some(rules) = plan.property(tag)
        {
            for r in rules {
                match r {
                    Rule::Names(names) => out.extend(names.iter().copied()),
                    Rule::OtherName(_) => out.push("(any other name)"),
                    _ => {}
                }
            }
        }
    }
    out
}

/// The unit names among external alternatives.
pub(super) fn unit_names(alternatives: &[Rule]) -> Vec<&'static str> {
    let mut out = Vec::new();
    for alt in alternatives {
        match alt {
            Rule::Names(names) => out.extend(names.iter().copied()),
            Rule::OneOf(inner, _) | Rule::AnyOf(inner, _) => out.extend(unit_names(inner)),
            _ => {}
        }
    }
    out
}

/// Whether `value` carries what picks `alt` (its tag or key).
pub(super) fn picks(alt: &Rule, value: &Value) -> bool {
    match alt {
        Rule::Object(plan) => match (plan.discriminant, value) {
            (Some(Discriminant::Key(key)), Value::Object(map)) => map.contains_key(key),
            (Some(Discriminant::Tag(tag)), Value::Object(map)) => {
                match (map.get(tag), plan.property(tag)) {
                    (Some(Value::String(s)), Some(rules)) => rules.iter().any(|r| match r {
                        Rule::Names(names) => names.contains(&s.as_str()),
                        _ => false,
                    }),
                    _ => false,
                }
            }
            _ => false,
        },
        Rule::OneOf(inner, _) | Rule::AnyOf(inner, _) => inner.iter().any(|a| picks(a, value)),
        _ => false,
    }
}

/// Whether `value` has the JSON type `alt` is about.
pub(super) fn same_type(alt: &Rule, value: &Value) -> bool {
    match alt {
        Rule::Nothing => false,
        Rule::Null => value.is_null(),
        Rule::AnyString | Rule::Names(_) | Rule::OtherName(_) => value.is_string(),
        Rule::Shape(s) | Rule::Field(s, _) => shape_type(s, value),
        Rule::Tuple(_) => value.is_array(),
        Rule::Object(_) | Rule::Plan(_) | Rule::Aliases { .. } => value.is_object(),
        Rule::Leaf(_) => true,
        Rule::OneOf(inner, _) | Rule::AnyOf(inner, _) | Rule::AllOf(inner) => {
            inner.iter().any(|a| same_type(a, value))
        }
    }
}

pub(super) fn shape_type(shape: &'static Shape, value: &Value) -> bool {
    match plan::resolve(shape) {
        Shape::Any => true,
        Shape::Null => value.is_null(),
        Shape::Bool => value.is_boolean(),
        Shape::Integer(_) | Shape::Number => value.is_number(),
        Shape::String(_) => value.is_string(),
        Shape::Option(inner) => value.is_null() || shape_type(inner, value),
        Shape::Seq(_) | Shape::Tuple(_) => value.is_array(),
        Shape::Map(_) => value.is_object(),
        Shape::Named(named) => match named.body() {
            Body::Struct(_) => value.is_object(),
            Body::Tuple(_) => value.is_array(),
            Body::Unit => value.is_null(),
            Body::Enum(e) => same_type(plan::enum_rule(e), value),
            // `resolve` followed the wrappers.
            _ => false,
        },
    }
}

/// The alternatives, briefly: `"A", {"B": …} or a string`.
pub(super) fn expected(alternatives: &[Rule]) -> String {
    let parts: Vec<String> = alternatives.iter().map(describe).collect();
    let text = match parts.len() {
        0 => "nothing".to_string(),
        1 => parts.join(""),
        n => format!("{} or {}", parts[..n - 1].join(", "), parts[n - 1]),
    };
    shorten(&text, 300).into_owned()
}

pub(super) fn describe(rule: &Rule) -> String {
    match rule {
        Rule::Nothing => "nothing".into(),
        Rule::Null => "null".into(),
        Rule::AnyString => "a string".into(),
        Rule::Names(names) => list(names),
        Rule::OtherName(_) => "any other name".into(),
        Rule::Shape(s) | Rule::Field(s, _) => describe_shape(s),
        Rule::Tuple(items) => format!("an array of {} items", items.len()),
        Rule::Object(plan) => describe_plan(plan),
        Rule::Plan(plan) => describe_plan(plan),
        Rule::OneOf(inner, _) | Rule::AnyOf(inner, _) => expected(inner),
        Rule::AllOf(inner) => inner.first().map_or_else(|| "any value".into(), describe),
        Rule::Aliases { .. } => "an object".into(),
        Rule::Leaf(_) => "a form field's value".into(),
    }
}

pub(super) fn describe_plan(plan: &ObjectPlan) -> String {
    match plan.discriminant {
        Some(Discriminant::Key(key)) => format!("{{{}: …}}", quoted(key, 60)),
        Some(Discriminant::Tag(tag)) => match plan.property(tag).and_then(|r| r.last()) {
            Some(Rule::Names(names)) => match names.first() {
                Some(first) => format!("{{{}: {}, …}}", quoted(tag, 60), quoted(first, 60)),
                None => "an object".into(),
            },
            _ => format!("{{{}: …}}", quoted(tag, 60)),
        },
        None => "an object".into(),
    }
}

pub(crate) fn describe_shape(shape: &'static Shape) -> String {
    match plan::resolve(shape) {
        Shape::Any => "any value".into(),
        Shape::Null => "null".into(),
        Shape::Bool => "true or false".into(),
        Shape::Integer(_) => "an integer".into(),
        Shape::Number => "a number".into(),
        Shape::String(_) => "a string".into(),
        Shape::Option(inner) => format!("{} or null", describe_shape(inner)),
        Shape::Seq(_) => "an array".into(),
        Shape::Tuple(items) => format!("an array of {} items", items.len()),
        Shape::Map(_) => "an object".into(),
        Shape::Named(named) => match named.body() {
            Body::Struct(_) => "an object".into(),
            Body::Tuple(items) => format!("an array of {} items", items.len()),
            Body::Unit => "null".into(),
            Body::Enum(e) => describe(plan::enum_rule(e)),
            _ => "a value".into(),
        },
    }
}

/// The value, briefly: a short string, or its kind.
pub(super) fn describe_value(value: &Value) -> String {
    match value {
        Value::String(s) => quoted(s, 60),
        Value::Object(map) => match map.len() {
            0 => "an empty object".into(),
            _ => {
                let keys: Vec<&str> = map.keys().map(String::as_str).collect();
                format!(
                    "an object with keys {}",
                    list(&keys).replace(" or ", " and ")
                )
            }
        },
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        other => kind_of(other).into(),
    }
}
