//! Values nested arbitrarily deep, built and taken apart without recursion:
//! serde_json's `Drop`, `Clone`, `Display` and `json!` all recurse once per
//! level, so a 100k-deep value must never meet them in a test either.

use serde_json::{Map, Value, json};

/// Drops `v` without recursion: children are taken out into a stack first.
pub fn dispose(v: Value) {
    let mut stack = vec![v];
    while let Some(mut v) = stack.pop() {
        match &mut v {
            Value::Array(items) => stack.extend(std::mem::take(items)),
            Value::Object(map) => stack.extend(std::mem::take(map).into_iter().map(|(_, c)| c)),
            _ => {}
        }
    }
}

/// `[[[ ... "bottom" ... ]]]`, `depth` arrays deep.
pub fn deep_array(depth: usize) -> Value {
    let mut v = json!("bottom");
    for _ in 0..depth {
        v = Value::Array(vec![v]);
    }
    v
}

/// `{"a": {"a": ... "bottom" }}`, `depth` objects deep.
pub fn deep_object(depth: usize) -> Value {
    let mut v = json!("bottom");
    for _ in 0..depth {
        let mut m = Map::new();
        m.insert("a".into(), v);
        v = Value::Object(m);
    }
    v
}
