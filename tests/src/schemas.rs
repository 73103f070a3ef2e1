//! Small schemas built by size, and what a schema refers to: shared by the
//! dialect, budget and lowering tests.

use serde_json::{Map, Value, json};

/// A closed object of `n` optional string properties `p0`, `p1`, ...
pub fn optional(n: usize) -> Value {
    let props: Map<String, Value> = (0..n)
        .map(|i| (format!("p{i}"), json!({"type": "string"})))
        .collect();
    json!({"type": "object", "properties": props, "additionalProperties": false})
}

/// A closed object of `n` required properties `u0`, `u1`, ..., each a
/// union (`["string", "null"]`): strict mode's way of saying optional.
pub fn unions(n: usize) -> Value {
    let props: Map<String, Value> = (0..n)
        .map(|i| (format!("u{i}"), json!({"type": ["string", "null"]})))
        .collect();
    let names: Vec<String> = (0..n).map(|i| format!("u{i}")).collect();
    json!({"type": "object", "properties": props, "required": names, "additionalProperties": false})
}

/// Every `$ref` string under `v`, walked iteratively.
pub fn refs(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(m) => {
                if let Some(Value::String(r)) = m.get("$ref") {
                    out.push(r.clone());
                }
                stack.extend(m.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    out
}
