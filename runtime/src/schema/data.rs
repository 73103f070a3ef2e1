//! JSON values held as data in a schema (`const`, `enum`, `default`,
//! `examples`, unknown keywords): cloned, compared and dropped without
//! recursion, since serde_json's own `Clone`, `PartialEq` and `Drop` recurse
//! once per level of nesting.

use serde_json::{Map, Value};
use std::fmt;

/// A JSON value kept as data. Dereferences to the [`Value`]; clones,
/// compares and drops iteratively, at any depth.
pub(crate) struct Data(Value);

impl Data {
    /// Wraps a value.
    pub(crate) fn new(value: Value) -> Data {
        Data(value)
    }

    /// The value.
    pub(crate) fn get(&self) -> &Value {
        &self.0
    }

    /// Takes the value out (the caller then owns its drop: see [`dispose`]).
    #[allow(dead_code)] // for the dialect lowerings
    pub(crate) fn into_inner(mut self) -> Value {
        std::mem::take(&mut self.0)
    }
}

impl std::ops::Deref for Data {
    type Target = Value;
    fn deref(&self) -> &Value {
        &self.0
    }
}

impl Drop for Data {
    fn drop(&mut self) {
        if matches!(&self.0, Value::Array(_) | Value::Object(_)) {
            dispose(std::mem::take(&mut self.0));
        }
    }
}

impl Clone for Data {
    fn clone(&self) -> Data {
        Data(deep_clone(&self.0))
    }
}

impl PartialEq for Data {
    fn eq(&self, other: &Data) -> bool {
        deep_eq(&self.0, &other.0)
    }
}

impl fmt::Debug for Data {
    /// Scalars in full, arrays and objects by size (a deep value would
    /// recurse in `Value`'s own `Debug`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Value::Array(items) => write!(f, "Data([{} items])", items.len()),
            Value::Object(map) => write!(f, "Data({{{} keys}})", map.len()),
            scalar => write!(f, "Data({scalar})"),
        }
    }
}

/// Drops `value` without recursion: children are moved out onto a heap
/// stack first.
pub(crate) fn dispose(value: Value) {
    let mut stack = vec![value];
    while let Some(mut v) = stack.pop() {
        match &mut v {
            Value::Array(items) => stack.append(items),
            Value::Object(map) => {
                stack.extend(std::mem::take(map).into_iter().map(|(_, child)| child));
            }
            _ => {}
        }
    }
}

/// A copy of `value`, built without recursion (key order kept).
pub(crate) fn deep_clone(value: &Value) -> Value {
    /// A container being copied: the copy so far, and the source's
    /// remaining children.
    enum Frame<'a> {
        Array(Vec<Value>, std::slice::Iter<'a, Value>),
        Object(
            Map<String, Value>,
            serde_json::map::Iter<'a>,
            Option<String>,
        ),
    }
    fn open(value: &Value) -> Result<Frame<'_>, Value> {
        match value {
            Value::Array(items) => Ok(Frame::Array(Vec::with_capacity(items.len()), items.iter())),
            Value::Object(map) => Ok(Frame::Object(Map::new(), map.iter(), None)),
            scalar => Err(scalar.clone()),
        }
    }
    let mut stack = match open(value) {
        Ok(frame) => vec![frame],
        Err(scalar) => return scalar,
    };
    loop {
        // The next child of the innermost container, or its finished copy.
        let next = match stack.last_mut() {
            None => return Value::Null,
            Some(Frame::Array(_, rest)) => rest.next(),
            Some(Frame::Object(_, rest, key)) => rest.next().map(|(k, v)| {
                *key = Some(k.clone());
                v
            }),
        };
        let finished = match next {
            Some(child) => match open(child) {
                Ok(frame) => {
                    stack.push(frame);
                    continue;
                }
                Err(scalar) => scalar,
            },
            None => match stack.pop() {
                Some(Frame::Array(items, _)) => Value::Array(items),
                Some(Frame::Object(map, _, _)) => Value::Object(map),
                None => return Value::Null,
            },
        };
        // Put a finished child (a scalar or a whole container) into its
        // parent, or return it when it was the root.
        let is_child = next.is_some();
        if !is_child && stack.is_empty() {
            return finished;
        }
        match stack.last_mut() {
            Some(Frame::Array(items, _)) => items.push(finished),
            Some(Frame::Object(map, _, key)) => {
                map.insert(key.take().unwrap_or_default(), finished);
            }
            None => return finished,
        }
    }
}

/// Whether `a` and `b` are equal as serde_json compares them (objects by
/// key, whatever the order; numbers by their representation), without
/// recursion.
pub(crate) fn deep_eq(a: &Value, b: &Value) -> bool {
    let mut stack = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        match (a, b) {
            (Value::Array(x), Value::Array(y)) => {
                if x.len() != y.len() {
                    return false;
                }
                stack.extend(x.iter().zip(y));
            }
            (Value::Object(x), Value::Object(y)) => {
                if x.len() != y.len() {
                    return false;
                }
                for (k, v) in x {
                    match y.get(k) {
                        Some(w) => stack.push((v, w)),
                        None => return false,
                    }
                }
            }
            (Value::Array(_) | Value::Object(_), _) | (_, Value::Array(_) | Value::Object(_)) => {
                return false;
            }
            (x, y) => {
                if x != y {
                    return false;
                }
            }
        }
    }
    true
}
