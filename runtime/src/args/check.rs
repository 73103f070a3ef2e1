//! The walk: a value against a shape's input schema, every violation named
//! with its JSON Pointer, in document order.
//!
//! The walk recurses along the value; [`parse_args`](super::parse_args) has
//! refused values nested deeper than serde_json's parser limit before it
//! starts, so the recursion is bounded. Alternatives of enums are tried in a
//! quiet mode that stops at the first violation; their verdicts are
//! remembered per (alternative, value node), so nested untagged enums cost
//! time linear in the document, not exponential.

use super::formats;
use super::plan::{self, Discriminant, Hint, ObjectPlan, Rule};
use crate::elicit::answer::kind_of;
use crate::shape::{Body, Bound, Constraints, IntRange, MapShape, Named, Shape, StringShape};
use crate::violation::{Violation, quoted, shorten};
use serde_json::{Number, Value};
use std::cmp::Ordering;
use std::collections::HashMap;

/// Walk state: where we are, what was found, and whether to keep going.
pub(crate) struct Walk {
    /// JSON Pointer of the value being checked.
    path: String,
    /// Violations found (collect mode).
    pub out: Vec<Violation>,
    /// Collect every violation (`true`) or stop at the first (`false`).
    collect: bool,
    /// A violation was found since the mode was last set.
    failed: bool,
    /// Verdicts of alternatives: (rule address, value address) -> matches.
    memo: HashMap<(usize, usize), bool>,
}

/// How declared length bounds apply, by the kind of the field's shape.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum LengthOf {
    /// `minLength`/`maxLength` (strings).
    Chars,
    /// `minItems`/`maxItems` (arrays).
    Items,
    /// `minProperties`/`maxProperties` (objects).
    Entries,
}

impl Walk {
    pub(crate) fn new() -> Self {
        Walk {
            path: String::new(),
            out: Vec::new(),
            collect: true,
            failed: false,
            memo: HashMap::new(),
        }
    }

    /// No more checks are needed: quiet mode has its answer.
    fn done(&self) -> bool {
        !self.collect && self.failed
    }

    fn report(&mut self, rule: &'static str, message: impl FnOnce() -> String) {
        self.failed = true;
        if self.collect {
            self.out
                .push(Violation::new(self.path.clone(), rule, message()));
        }
    }

    /// Runs `f` one level down, under `key`.
    pub(crate) fn at_key(&mut self, key: &str, f: impl FnOnce(&mut Self)) {
        let len = self.path.len();
        self.path.push('/');
        push_escaped(&mut self.path, key);
        f(self);
        self.path.truncate(len);
    }

    pub(crate) fn at_index(&mut self, index: usize, f: impl FnOnce(&mut Self)) {
        use std::fmt::Write;
        let len = self.path.len();
        let _ = write!(self.path, "/{index}");
        f(self);
        self.path.truncate(len);
    }

    /// Whether `value` meets `rule`, without reporting.
    pub(crate) fn matches(&mut self, rule: &'static Rule, value: &Value) -> bool {
        let key = (rule as *const Rule as usize, value as *const Value as usize);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let (collect, failed, len) = (self.collect, self.failed, self.out.len());
        self.collect = false;
        self.failed = false;
        self.rule(rule, value);
        let ok = !self.failed;
        self.collect = collect;
        self.failed = failed;
        self.out.truncate(len);
        self.memo.insert(key, ok);
        ok
    }

    /// Whether `value` meets `shape`, without reporting.
    pub(crate) fn shape_matches(&mut self, shape: &'static Shape, value: &Value) -> bool {
        let (collect, failed, len) = (self.collect, self.failed, self.out.len());
        self.collect = false;
        self.failed = false;
        self.shape(shape, None, value);
        let ok = !self.failed;
        self.collect = collect;
        self.failed = failed;
        self.out.truncate(len);
        ok
    }

    // -------------------------------------------------------------- rules

    pub(crate) fn rule(&mut self, rule: &'static Rule, value: &Value) {
        match rule {
            Rule::Nothing => self.report("not", || "no value is accepted here".into()),
            Rule::Null => {
                if !value.is_null() {
                    self.report("type", || format!("expected null, got {}", kind_of(value)));
                }
            }
            Rule::AnyString => {
                if !value.is_string() {
                    self.report("type", || {
                        format!("expected a string, got {}", kind_of(value))
                    });
                }
            }
            Rule::Names(names) => match value {
                Value::String(s) if names.contains(&s.as_str()) => {}
                Value::String(s) => self.report("enum", || {
                    format!("{} is not one of {}", quoted(s, 100), list(names))
                }),
                other => self.report("enum", || {
                    format!("expected one of {}, got {}", list(names), kind_of(other))
                }),
            },
            Rule::OtherName(known) => match value {
                Value::String(s) if !known.contains(&s.as_str()) => {}
                Value::String(s) => self.report("not", || {
                    format!(
                        "{} is the name of a listed variant, so it is not read as an unlisted one",
                        quoted(s, 100)
                    )
                }),
                other => self.report("type", || {
                    format!("expected a string, got {}", kind_of(other))
                }),
            },
            Rule::Shape(shape) => self.shape(shape, None, value),
            Rule::Field(shape, c) => self.shape(shape, Some(c), value),
            Rule::Tuple(items) => self.tuple_rules(items, value),
            Rule::Object(plan) => self.object(plan, value),
            Rule::Plan(plan) => self.object(plan, value),
            Rule::AllOf(rules) => {
                for r in rules {
                    self.rule(r, value);
                    if self.done() {
                        return;
                    }
                }
            }
            Rule::OneOf(alternatives, hint) => self.alternatives(alternatives, *hint, true, value),
            Rule::AnyOf(alternatives, hint) => self.alternatives(alternatives, *hint, false, value),
            Rule::Aliases { names, optional } => self.aliases(names, *optional, value),
        }
    }

    fn tuple_rules(&mut self, items: &'static [Rule], value: &Value) {
        let Value::Array(values) = value else {
            self.report("type", || {
                format!("expected an array, got {}", kind_of(value))
            });
            return;
        };
        tuple_length(self, values.len(), items.len());
        for (i, (rule, v)) in items.iter().zip(values).enumerate() {
            self.at_index(i, |w| w.rule(rule, v));
            if self.done() {
                return;
            }
        }
    }

    fn aliases(&mut self, names: &'static [&'static str], optional: bool, value: &Value) {
        let Value::Object(map) = value else { return };
        let present: Vec<&str> = names
            .iter()
            .copied()
            .filter(|n| map.contains_key(*n))
            .collect();
        match present.as_slice() {
            [] if !optional => {
                let (first, rest) = names.split_first().map_or(("", &[][..]), |(f, r)| (f, r));
                self.at_key(first, |w| {
                    w.report("required", || {
                        format!("missing (also accepted under {})", list(rest))
                    })
                });
            }
            [] | [_] => {}
            [first, others @ ..] => {
                for other in others {
                    self.at_key(other, |w| {
                        w.report(if optional { "not" } else { "oneOf" }, || {
                            format!(
                                "names the same field as {}: give only one of them",
                                quoted(first, 100)
                            )
                        })
                    });
                }
            }
        }
    }

    // -------------------------------------------------------------- objects

    fn object(&mut self, plan: &'static ObjectPlan, value: &Value) {
        let Value::Object(map) = value else {
            if plan.typed {
                self.report("type", || {
                    format!("expected an object, got {}", kind_of(value))
                });
            }
            return;
        };
        for (key, v) in map {
            match plan.property(key) {
                Some(rules) => {
                    for r in rules {
                        self.at_key(key, |w| w.rule(r, v));
                    }
                }
                None if !plan.additional.is_empty() => {
                    for r in &plan.additional {
                        self.at_key(key, |w| w.rule(r, v));
                    }
                }
                None if plan.closed => self.at_key(key, |w| {
                    w.report("additionalProperties", || {
                        let names: Vec<&str> = plan.names().collect();
                        if names.is_empty() {
                            "unknown key: this object takes no keys".to_string()
                        } else {
                            format!("unknown key (the keys are {})", list(&names))
                        }
                    })
                }),
                None => {}
            }
            if self.done() {
                return;
            }
        }
        for name in &plan.required {
            if !map.contains_key(*name) {
                self.at_key(name, |w| w.report("required", || "missing".into()));
                if self.done() {
                    return;
                }
            }
        }
        for c in &plan.constraints {
            self.rule(c, value);
            if self.done() {
                return;
            }
        }
    }

    // -------------------------------------------------------------- enums

    fn alternatives(
        &mut self,
        alternatives: &'static [Rule],
        hint: Hint,
        one_of: bool,
        value: &Value,
    ) {
        let mut matched: Vec<&'static Rule> = Vec::new();
        for alt in alternatives {
            if self.matches(alt, value) {
                matched.push(alt);
                if !one_of || matched.len() > 1 {
                    break;
                }
            }
        }
        match matched.as_slice() {
            [_] => return,
            [] => {}
            _ if !one_of => return,
            [a, b, ..] => {
                let (a, b) = (*a, *b);
                return self.report("oneOf", || {
                    format!(
                        "matches more than one alternative ({} and {})",
                        describe(a),
                        describe(b)
                    )
                });
            }
        }
        if !self.collect {
            self.failed = true;
            return;
        }
        // Which alternative did the sender mean? One its tag or key picks,
        // else the only one of the right JSON type.
        if let Some(alt) = alternatives.iter().find(|a| picks(a, value)) {
            let before = self.out.len();
            self.rule(alt, value);
            if self.out.len() > before {
                return;
            }
        }
        let keyword = if one_of { "oneOf" } else { "anyOf" };
        match (hint, value) {
            (Hint::Tag(tag), Value::Object(map)) => {
                let expected = tags_of(alternatives, tag);
                match map.get(tag) {
                    None => self.at_key(tag, |w| {
                        w.report("required", || {
                            format!("missing: the variant's tag, one of {}", list(&expected))
                        })
                    }),
                    Some(Value::String(s)) => self.at_key(tag, |w| {
                        w.report("enum", || {
                            format!("{} is not one of {}", quoted(s, 100), list(&expected))
                        })
                    }),
                    Some(other) => self.at_key(tag, |w| {
                        w.report("enum", || {
                            format!(
                                "expected one of {}, got {}",
                                list(&expected),
                                kind_of(other)
                            )
                        })
                    }),
                }
                return;
            }
            (Hint::External, Value::String(s)) => {
                let names = unit_names(alternatives);
                if !names.is_empty() {
                    return self.report("enum", || {
                        format!(
                            "{} is not one of the variants ({})",
                            quoted(s, 100),
                            expected(alternatives)
                        )
                    });
                }
            }
            _ => {}
        }
        let typed: Vec<&'static Rule> = alternatives
            .iter()
            .filter(|a| same_type(a, value))
            .collect();
        if let [only] = typed.as_slice() {
            let before = self.out.len();
            self.rule(only, value);
            if self.out.len() > before {
                return;
            }
        }
        self.report(keyword, || {
            format!(
                "expected {}, got {}",
                expected(alternatives),
                describe_value(value)
            )
        });
    }

    // -------------------------------------------------------------- shapes

    /// `value` against `shape`'s schema, with a field's declared constraints
    /// (they sit on the field's own schema, so wrappers pass them down).
    pub(crate) fn shape(
        &mut self,
        shape: &'static Shape,
        declared: Option<&'static Constraints>,
        value: &Value,
    ) {
        match shape {
            Shape::Any => {
                if let Some(c) = declared {
                    self.declared(c, LengthOf::Chars, value);
                }
            }
            Shape::Null => {
                if !value.is_null() {
                    self.report("type", || format!("expected null, got {}", kind_of(value)));
                }
            }
            Shape::Bool => {
                if !value.is_boolean() {
                    self.report("type", || {
                        format!("expected true or false, got {}", kind_of(value))
                    });
                } else if let Some(c) = declared {
                    self.declared(c, LengthOf::Chars, value);
                }
            }
            Shape::Integer(range) => self.integer(range, declared, value),
            Shape::Number => {
                if !value.is_number() {
                    self.report("type", || {
                        format!("expected a number, got {}", kind_of(value))
                    });
                } else if let Some(c) = declared {
                    self.declared(c, LengthOf::Chars, value);
                }
            }
            Shape::String(s) => self.string(s, declared, value),
            Shape::Option(inner) => {
                if !value.is_null() {
                    self.shape(inner, declared, value);
                }
            }
            Shape::Seq(seq) => {
                let Value::Array(items) = value else {
                    self.report("type", || {
                        format!("expected an array, got {}", kind_of(value))
                    });
                    return;
                };
                let c = declared;
                let min = tighter(seq.min_items, c.and_then(|c| c.min_length), true);
                let max = tighter(seq.max_items, c.and_then(|c| c.max_length), false);
                self.items_count(items.len(), min, max);
                for (i, item) in items.iter().enumerate() {
                    self.at_index(i, |w| w.shape(seq.items, None, item));
                    if self.done() {
                        return;
                    }
                }
            }
            Shape::Tuple(items) => {
                let Value::Array(values) = value else {
                    self.report("type", || {
                        format!("expected an array, got {}", kind_of(value))
                    });
                    return;
                };
                if let Some(c) = declared {
                    self.items_count(values.len(), c.min_length, c.max_length);
                }
                tuple_length(self, values.len(), items.len());
                for (i, (item, v)) in items.iter().zip(values).enumerate() {
                    self.at_index(i, |w| w.shape(item, None, v));
                    if self.done() {
                        return;
                    }
                }
            }
            Shape::Map(map) => self.map(map, declared, value),
            Shape::Named(named) => self.named(shape, named, declared, value),
        }
    }

    fn named(
        &mut self,
        shape: &'static Shape,
        named: &'static Named,
        declared: Option<&'static Constraints>,
        value: &Value,
    ) {
        self.body(shape, &named.body, declared, value)
    }

    fn body(
        &mut self,
        shape: &'static Shape,
        body: &'static Body,
        declared: Option<&'static Constraints>,
        value: &Value,
    ) {
        match body {
            Body::Newtype(inner) | Body::Transparent(inner) => self.shape(inner(), declared, value),
            Body::Convert(c) => match c.input {
                Some(input) => self.shape(input(), declared, value),
                None => self.body(shape, &c.body, declared, value),
            },
            Body::Struct(s) => {
                if let Some(c) = declared {
                    self.declared(c, LengthOf::Chars, value);
                }
                self.object(plan::struct_plan(s), value)
            }
            Body::Enum(e) => {
                if let Some(c) = declared {
                    self.declared(c, LengthOf::Chars, value);
                }
                self.rule(plan::enum_rule(e), value)
            }
            Body::Tuple(items) => {
                let Value::Array(values) = value else {
                    self.report("type", || {
                        format!("expected an array, got {}", kind_of(value))
                    });
                    return;
                };
                tuple_length(self, values.len(), items.len());
                for (i, (item, v)) in items.iter().zip(values).enumerate() {
                    self.at_index(i, |w| w.shape(item(), None, v));
                    if self.done() {
                        return;
                    }
                }
            }
            Body::Unit => {
                if !value.is_null() {
                    self.report("type", || format!("expected null, got {}", kind_of(value)));
                }
            }
        }
        let _ = shape;
    }

    fn integer(&mut self, range: &IntRange, declared: Option<&'static Constraints>, value: &Value) {
        let n = match value {
            Value::Number(n) if n.is_i64() || n.is_u64() => n,
            Value::Number(n) => {
                return self.report("type", || {
                    format!("expected an integer, got {n} (integers are written without a fraction or exponent)")
                });
            }
            other => {
                return self.report("type", || {
                    format!("expected an integer, got {}", kind_of(other))
                });
            }
        };
        let mut min = range.min.map(|m| {
            if range.nonzero && m == 0 {
                Bound::Int(1)
            } else {
                Bound::Int(m)
            }
        });
        let mut max = range.max.map(Bound::UInt);
        if let Some(c) = declared {
            min = tighten(min, c.minimum, true);
            max = tighten(max, c.maximum, false);
        }
        self.bounds(n, min, max);
        let exclude_zero = range.nonzero && range.min.is_none_or(|m| m != 0);
        if exclude_zero && n.as_i64() == Some(0) {
            self.report("not", || "0 is not allowed".into());
        }
    }

    fn bounds(&mut self, n: &Number, min: Option<Bound>, max: Option<Bound>) {
        if let Some(min) = min
            && compare(n, min) == Ordering::Less
        {
            self.report("minimum", || {
                format!("{n} is below the minimum {}", min.to_json())
            });
        }
        if let Some(max) = max
            && compare(n, max) == Ordering::Greater
        {
            self.report("maximum", || {
                format!("{n} is above the maximum {}", max.to_json())
            });
        }
    }

    fn string(&mut self, s: &StringShape, declared: Option<&'static Constraints>, value: &Value) {
        let Value::String(text) = value else {
            return self.report("type", || {
                format!("expected a string, got {}", kind_of(value))
            });
        };
        let c = declared;
        // A declared bound joins the type's own; a declared format or
        // pattern takes the place of the type's own (the renderer writes
        // both into one schema object).
        let min = tighter(s.min_length, c.and_then(|c| c.min_length), true);
        let max = tighter(s.max_length, c.and_then(|c| c.max_length), false);
        let format = c.and_then(|c| c.format).or(s.format);
        let pattern = c.and_then(|c| c.pattern).or(s.input_pattern);
        self.text(text, min, max, pattern, format);
    }

    /// String rules: length in code points, pattern, format.
    fn text(
        &mut self,
        s: &str,
        min: Option<u64>,
        max: Option<u64>,
        pattern: Option<&'static str>,
        format: Option<&'static str>,
    ) {
        if min.is_some() || max.is_some() {
            // Characters, counted only when the byte length cannot decide.
            let bytes = s.len() as u64;
            let needs_count = min.is_some_and(|m| bytes / 4 < m) || max.is_some_and(|m| bytes > m);
            if needs_count {
                let len = s.chars().count() as u64;
                if let Some(m) = min
                    && len < m
                {
                    self.report("minLength", || {
                        format!("{len} characters, fewer than the minimum {m}")
                    });
                }
                if let Some(m) = max
                    && len > m
                {
                    self.report("maxLength", || {
                        format!("{len} characters, more than the maximum {m}")
                    });
                }
            }
        }
        if let Some(p) = pattern {
            match formats::pattern_matches(p, s) {
                Ok(true) => {}
                Ok(false) => self.report("pattern", || {
                    format!(
                        "{} does not match the pattern {}",
                        quoted(s, 100),
                        quoted(p, 200)
                    )
                }),
                Err(why) => self.report("pattern", || {
                    format!(
                        "the pattern {} is not a valid ECMA-262 regular expression ({})",
                        quoted(p, 200),
                        shorten(why, 200)
                    )
                }),
            }
        }
        if let Some(f) = format
            && formats::is_valid(f, s) == Some(false)
        {
            self.report("format", || {
                format!("{} is not a valid {f}", quoted(s, 100))
            });
        }
    }

    fn items_count(&mut self, n: usize, min: Option<u64>, max: Option<u64>) {
        let n = n as u64;
        if let Some(m) = min
            && n < m
        {
            self.report("minItems", || {
                format!("{n} items, fewer than the minimum {m}")
            });
        }
        if let Some(m) = max
            && n > m
        {
            self.report("maxItems", || {
                format!("{n} items, more than the maximum {m}")
            });
        }
    }

    fn entries_count(&mut self, n: usize, min: Option<u64>, max: Option<u64>) {
        let n = n as u64;
        if let Some(m) = min
            && n < m
        {
            self.report("minProperties", || {
                format!("{n} entries, fewer than the minimum {m}")
            });
        }
        if let Some(m) = max
            && n > m
        {
            self.report("maxProperties", || {
                format!("{n} entries, more than the maximum {m}")
            });
        }
    }

    fn map(
        &mut self,
        map: &'static MapShape,
        declared: Option<&'static Constraints>,
        value: &Value,
    ) {
        let Value::Object(entries) = value else {
            return self.report("type", || {
                format!("expected an object, got {}", kind_of(value))
            });
        };
        if let Some(c) = declared {
            self.entries_count(entries.len(), c.min_length, c.max_length);
        }
        let keys = KeyRule::of(map.key);
        for (key, v) in entries {
            self.at_key(key, |w| {
                if let Some(why) = keys.refuses(key) {
                    w.report("propertyNames", || why);
                }
                w.shape(map.value, None, v);
            });
            if self.done() {
                return;
            }
        }
    }

    /// Declared constraints on a value whose type has no rules of the same
    /// keywords (structs, enums, numbers, `Any`): each keyword applies to the
    /// JSON type it is about.
    fn declared(&mut self, c: &'static Constraints, length: LengthOf, value: &Value) {
        match value {
            Value::String(s) if length == LengthOf::Chars => {
                self.text(s, c.min_length, c.max_length, c.pattern, c.format)
            }
            Value::String(s) => self.text(s, None, None, c.pattern, c.format),
            Value::Number(n) => self.bounds(n, c.minimum, c.maximum),
            Value::Array(items) if length == LengthOf::Items => {
                self.items_count(items.len(), c.min_length, c.max_length)
            }
            Value::Object(map) if length == LengthOf::Entries => {
                self.entries_count(map.len(), c.min_length, c.max_length)
            }
            _ => {}
        }
    }
}

fn tuple_length(w: &mut Walk, n: usize, expected: usize) {
    if n < expected {
        w.report("minItems", || {
            format!("{n} items, fewer than the {expected} expected")
        });
    } else if n > expected {
        w.report("maxItems", || {
            format!("{n} items, more than the {expected} expected")
        });
    }
}

/// The tighter of a type's own length bound and a declared one.
fn tighter(own: Option<u64>, declared: Option<u64>, lower: bool) -> Option<u64> {
    match (own, declared) {
        (Some(a), Some(b)) => Some(if lower { a.max(b) } else { a.min(b) }),
        (a, b) => a.or(b),
    }
}

/// The renderer's `tighten`: the declared bound unless the type's own is
/// strictly tighter.
fn tighten(own: Option<Bound>, declared: Option<Bound>, lower: bool) -> Option<Bound> {
    match (own, declared) {
        (Some(old), Some(new)) => {
            let keep = if lower {
                old.as_f64() > new.as_f64()
            } else {
                old.as_f64() < new.as_f64()
            };
            Some(if keep { old } else { new })
        }
        (a, b) => b.or(a),
    }
}

/// `minimum`/`maximum`, compared exactly for integers and as `f64` otherwise.
pub(crate) fn compare(n: &Number, b: Bound) -> Ordering {
    let exact = n
        .as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from));
    let bound = match b {
        Bound::Int(v) => Some(i128::from(v)),
        Bound::UInt(v) => Some(i128::from(v)),
        Bound::Float(_) => None,
    };
    match (exact, bound) {
        (Some(a), Some(b)) => a.cmp(&b),
        _ => {
            let a = n.as_f64().unwrap_or(f64::NAN);
            a.partial_cmp(&b.as_f64()).unwrap_or(Ordering::Equal)
        }
    }
}

// ------------------------------------------------------------------ map keys

/// What serde_json reads a map key as, and the renderer's `propertyNames`.
enum KeyRule {
    Free,
    String(&'static StringShape),
    Integer(&'static IntRange),
    Number,
    Bool,
    Enum(&'static Shape),
}

impl KeyRule {
    fn of(key: &'static Shape) -> KeyRule {
        match plan::resolve(key) {
            Shape::String(s)
                if s.min_length.is_some()
                    || s.max_length.is_some()
                    || s.format.is_some()
                    || s.input_pattern.is_some() =>
            {
                KeyRule::String(s)
            }
            Shape::Integer(range) => KeyRule::Integer(range),
            Shape::Number => KeyRule::Number,
            Shape::Bool => KeyRule::Bool,
            shape @ Shape::Named(Named {
                body: Body::Enum(e),
                ..
            }) if plan::enum_is_string(e) => KeyRule::Enum(shape),
            _ => KeyRule::Free,
        }
    }

    /// Why `key` is refused, if it is.
    fn refuses(&self, key: &str) -> Option<String> {
        match self {
            KeyRule::Free => None,
            KeyRule::String(s) => {
                let mut probe = Walk::new();
                let value = Value::String(key.to_string());
                probe.string(s, None, &value);
                probe.out.first().map(|v| format!("the key {}", v.message))
            }
            KeyRule::Integer(range) => (!integer_key(range, key)).then(|| {
                format!(
                    "the key {} is not an integer {}",
                    quoted(key, 100),
                    range_text(range)
                )
            }),
            KeyRule::Number => (!number_key(key))
                .then(|| format!("the key {} is not a JSON number", quoted(key, 100))),
            KeyRule::Bool => (key != "true" && key != "false")
                .then(|| format!("the key {} is not \"true\" or \"false\"", quoted(key, 100))),
            KeyRule::Enum(shape) => {
                // A walk of its own: verdicts are remembered by address, and
                // this value lives only here.
                let value = Value::String(key.to_string());
                (!Walk::new().shape_matches(shape, &value)).then(|| {
                    format!(
                        "the key {} is not one of {}",
                        quoted(key, 100),
                        describe_shape(shape)
                    )
                })
            }
        }
    }
}

fn range_text(range: &IntRange) -> String {
    let low = match range.min {
        Some(0) if range.nonzero => "1".to_string(),
        Some(m) => m.to_string(),
        None => "-∞".to_string(),
    };
    let high = range.max.map_or("∞".to_string(), |m| m.to_string());
    let zero = if range.nonzero && range.min.is_some_and(|m| m < 0) {
        ", not 0"
    } else {
        ""
    };
    format!("from {low} to {high}{zero}, written plainly")
}

/// The renderer's integer key pattern, decided directly: a JSON integer (no
/// `+`, no leading zeros, no `-0`, no fraction or exponent) within range.
fn integer_key(range: &IntRange, key: &str) -> bool {
    let (negative, digits) = match key.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, key),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return false;
    }
    // Beyond u64: only an unbounded side takes it.
    let magnitude: Option<u64> = digits.parse().ok();
    if negative {
        if digits == "0" {
            return false;
        }
        match (range.min, magnitude) {
            (None, _) => true,
            (Some(min), Some(m)) if min < 0 => m <= min.unsigned_abs(),
            _ => false,
        }
    } else {
        let lowest = if range.nonzero { 1 } else { 0 };
        match (range.max, magnitude) {
            (None, Some(m)) => m >= lowest,
            (None, None) => true,
            (Some(max), Some(m)) => m >= lowest && m <= max,
            (Some(_), None) => false,
        }
    }
}

/// `^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`, decided directly.
fn number_key(key: &str) -> bool {
    let b = key.as_bytes();
    let mut i = 0;
    let at = |i: usize| b.get(i).copied();
    if at(i) == Some(b'-') {
        i += 1;
    }
    match at(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            while at(i).is_some_and(|c| c.is_ascii_digit()) {
                i += 1;
            }
        }
        _ => return false,
    }
    if at(i) == Some(b'.') {
        i += 1;
        let start = i;
        while at(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    if matches!(at(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(at(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let start = i;
        while at(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    i == b.len()
}

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
fn list(names: &[&str]) -> String {
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
fn tags_of(alternatives: &'static [Rule], tag: &str) -> Vec<&'static str> {
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
fn unit_names(alternatives: &'static [Rule]) -> Vec<&'static str> {
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
fn picks(alt: &'static Rule, value: &Value) -> bool {
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
fn same_type(alt: &'static Rule, value: &Value) -> bool {
    match alt {
        Rule::Nothing => false,
        Rule::Null => value.is_null(),
        Rule::AnyString | Rule::Names(_) | Rule::OtherName(_) => value.is_string(),
        Rule::Shape(s) | Rule::Field(s, _) => shape_type(s, value),
        Rule::Tuple(_) => value.is_array(),
        Rule::Object(_) | Rule::Plan(_) | Rule::Aliases { .. } => value.is_object(),
        Rule::OneOf(inner, _) | Rule::AnyOf(inner, _) | Rule::AllOf(inner) => {
            inner.iter().any(|a| same_type(a, value))
        }
    }
}

fn shape_type(shape: &'static Shape, value: &Value) -> bool {
    match plan::resolve(shape) {
        Shape::Any => true,
        Shape::Null => value.is_null(),
        Shape::Bool => value.is_boolean(),
        Shape::Integer(_) | Shape::Number => value.is_number(),
        Shape::String(_) => value.is_string(),
        Shape::Option(inner) => value.is_null() || shape_type(inner, value),
        Shape::Seq(_) | Shape::Tuple(_) => value.is_array(),
        Shape::Map(_) => value.is_object(),
        Shape::Named(named) => match &named.body {
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
fn expected(alternatives: &'static [Rule]) -> String {
    let parts: Vec<String> = alternatives.iter().map(describe).collect();
    let text = match parts.len() {
        0 => "nothing".to_string(),
        1 => parts.join(""),
        n => format!("{} or {}", parts[..n - 1].join(", "), parts[n - 1]),
    };
    shorten(&text, 300).into_owned()
}

fn describe(rule: &'static Rule) -> String {
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
    }
}

fn describe_plan(plan: &'static ObjectPlan) -> String {
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
        Shape::Named(named) => match &named.body {
            Body::Struct(_) => "an object".into(),
            Body::Tuple(items) => format!("an array of {} items", items.len()),
            Body::Unit => "null".into(),
            Body::Enum(e) => describe(plan::enum_rule(e)),
            _ => "a value".into(),
        },
    }
}

/// The value, briefly: a short string, or its kind.
fn describe_value(value: &Value) -> String {
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
