//! A value against a shape's schema: scalars, strings, arrays, tuples, maps,
//! named types, and the declared constraints on each.

use super::keys::KeyRule;
use super::{LengthOf, Walk};
use crate::args::{formats, pattern, plan};
use crate::json::kind_of;
use crate::shape::{Body, Bound, Constraints, IntRange, MapShape, Named, Shape, StringShape};
use crate::violation::{quoted, shorten};
use serde_json::{Number, Value};
use std::cmp::Ordering;

impl Walk {
    // -------------------------------------------------------------- shapes

    /// `value` against `shape`'s schema, with a field's declared constraints
    /// (they sit on the field's own schema, so wrappers pass them down).
    pub(crate) fn shape(
        &mut self,
        shape: &'static Shape,
        declared: Option<&'static Constraints>,
        value: &Value,
    ) {
        self.step();
        // serde's own reading knows nothing of declared constraints.
        let declared = declared.filter(|_| self.declares());
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
                // `items(..)`: every item's own declared constraints.
                let each = c.and_then(|c| c.items);
                for (i, item) in items.iter().enumerate() {
                    self.at_index(i, |w| w.shape(seq.items, each, item));
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

    pub(super) fn named(
        &mut self,
        shape: &'static Shape,
        named: &'static Named,
        declared: Option<&'static Constraints>,
        value: &Value,
    ) {
        self.body(shape, named.body(), declared, value)
    }

    pub(super) fn body(
        &mut self,
        shape: &'static Shape,
        body: &'static Body,
        declared: Option<&'static Constraints>,
        value: &Value,
    ) {
        match body {
            Body::Packed(p) => self.body(shape, p.body(), declared, value),
            Body::Newtype(inner) | Body::Transparent(inner) => self.shape(inner(), declared, value),
            Body::Convert(c) => match c.input {
                Some(input) => self.shape(input(), declared, value),
                None => self.body(shape, c.body(), declared, value),
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

    pub(super) fn integer(
        &mut self,
        range: &IntRange,
        declared: Option<&'static Constraints>,
        value: &Value,
    ) {
        let Some(n) = self.whole(value, true) else {
            return;
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

    /// An integer, or the type violation: `strict` refuses a number written
    /// with a fraction or exponent (`1.0`), as serde's integer types do.
    pub(super) fn whole<'v>(&mut self, value: &'v Value, strict: bool) -> Option<&'v Number> {
        match value {
            Value::Number(n) if n.is_i64() || n.is_u64() => Some(n),
            Value::Number(n) if !strict && n.as_f64().is_some_and(|f| f.fract() == 0.0) => Some(n),
            Value::Number(n) => {
                self.report("type", || {
                    format!("expected an integer, got {n} (integers are written without a fraction or exponent)")
                });
                None
            }
            other => {
                self.report("type", || {
                    format!("expected an integer, got {}", kind_of(other))
                });
                None
            }
        }
    }

    pub(super) fn bounds(&mut self, n: &Number, min: Option<Bound>, max: Option<Bound>) {
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

    pub(super) fn string(
        &mut self,
        s: &StringShape,
        declared: Option<&'static Constraints>,
        value: &Value,
    ) {
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
    pub(super) fn text(
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
            match pattern::pattern_matches(p, s) {
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

    pub(super) fn items_count(&mut self, n: usize, min: Option<u64>, max: Option<u64>) {
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

    pub(super) fn entries_count(&mut self, n: usize, min: Option<u64>, max: Option<u64>) {
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

    pub(super) fn map(
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
        // `values(..)`: every value's own declared constraints.
        let each = declared.and_then(|c| c.values);
        for (key, v) in entries {
            self.at_key(key, |w| {
                if let Some(why) = keys.refuses(key) {
                    w.report("propertyNames", || why);
                }
                w.shape(map.value, each, v);
            });
            if self.done() {
                return;
            }
        }
    }

    /// Declared constraints on a value whose type has no rules of the same
    /// keywords (structs, enums, numbers, `Any`): each keyword applies to the
    /// JSON type it is about.
    pub(super) fn declared(&mut self, c: &'static Constraints, length: LengthOf, value: &Value) {
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

pub(super) fn tuple_length(w: &mut Walk, n: usize, expected: usize) {
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
pub(super) fn tighter(own: Option<u64>, declared: Option<u64>, lower: bool) -> Option<u64> {
    match (own, declared) {
        (Some(a), Some(b)) => Some(if lower { a.max(b) } else { a.min(b) }),
        (a, b) => a.or(b),
    }
}

/// The renderer's `tighten`: the declared bound unless the type's own is
/// strictly tighter.
pub(super) fn tighten(own: Option<Bound>, declared: Option<Bound>, lower: bool) -> Option<Bound> {
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
