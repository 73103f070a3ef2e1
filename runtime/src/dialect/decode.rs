//! Undoing what a dialect added: OpenAI strict makes optional fields
//! "required and nullable", so a model writes `null` where the field was
//! meant to be absent. serde refuses `null` for `#[serde(default)] limit: u32`;
//! removing those `null`s lets serde apply the default, as it would had the
//! field been left out.

use serde_json::Value;
use std::collections::HashSet;

/// How far [`walk`] and [`accepts_null`] follow the schema: a type's own
/// schema is far shallower, and a recursive one is followed by `$ref`.
const MAX_DEPTH: usize = 128;

/// Removes, at every depth, `null` values of properties that are optional in
/// `schema` (the type's own input schema) and do not accept `null` there.
pub(crate) fn drop_added_nulls(mut value: Value, schema: &Value) -> Value {
    walk(&mut value, schema, schema, 0);
    value
}

fn resolve<'a>(schema: &'a Value, root: &'a Value) -> &'a Value {
    let mut s = schema;
    for _ in 0..32 {
        match s.get("$ref").and_then(Value::as_str) {
            Some("#") => s = root,
            Some(r) => match r.strip_prefix('#').and_then(|p| root.pointer(p)) {
                Some(target) => s = target,
                None => return s,
            },
            None => return s,
        }
    }
    s
}

fn accepts_null(schema: &Value, root: &Value, depth: usize) -> bool {
    // A union that reaches itself through `$ref` (`anyOf: [{$ref: "#"}, ..]`)
    // says nothing about null on that path.
    if depth > MAX_DEPTH {
        return false;
    }
    let schema = resolve(schema, root);
    match schema.get("type") {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(types)) => types.iter().any(|t| t == "null"),
        None => {
            if let Some(Value::Array(e)) = schema.get("enum") {
                return e.contains(&Value::Null);
            }
            for key in ["anyOf", "oneOf"] {
                if let Some(Value::Array(alts)) = schema.get(key) {
                    return alts.iter().any(|a| accepts_null(a, root, depth + 1));
                }
            }
            // `{}` and other unconstrained schemas take null.
            !schema.as_object().is_some_and(|m| m.contains_key("const"))
        }
        _ => false,
    }
}

fn walk(value: &mut Value, schema: &Value, root: &Value, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    let schema = resolve(schema, root);
    match value {
        Value::Object(map) => {
            if let Some(Value::Object(props)) = schema.get("properties") {
                let required: HashSet<&str> = schema
                    .get("required")
                    .and_then(Value::as_array)
                    .map(|r| r.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                map.retain(|k, v| {
                    let Some(prop) = props.get(k) else {
                        return true;
                    };
                    !(v.is_null() && !required.contains(k.as_str()) && !accepts_null(prop, root, 0))
                });
                for (k, v) in map.iter_mut() {
                    if let Some(prop) = props.get(k) {
                        walk(v, prop, root, depth + 1);
                    }
                }
            }
            // Variants and flattened parts: the first alternative whose
            // required keys are all present has its say.
            for key in ["anyOf", "oneOf", "allOf"] {
                let Some(Value::Array(alts)) = schema.get(key) else {
                    continue;
                };
                let chosen = alts.iter().map(|a| resolve(a, root)).find(|alt| {
                    key == "allOf"
                        || alt
                            .get("required")
                            .and_then(Value::as_array)
                            .is_some_and(|r| {
                                r.iter()
                                    .filter_map(Value::as_str)
                                    .all(|k| map.contains_key(k))
                            })
                });
                if let Some(alt) = chosen {
                    walk(value, alt, root, depth + 1);
                    return;
                }
            }
        }
        Value::Array(items) => {
            if let Some(item_schema) = schema.get("items").filter(|s| s.is_object()) {
                for item in items.iter_mut() {
                    walk(item, item_schema, root, depth + 1);
                }
            }
            if let Some(Value::Array(prefix)) = schema.get("prefixItems") {
                for (item, s) in items.iter_mut().zip(prefix) {
                    walk(item, s, root, depth + 1);
                }
            }
        }
        _ => {}
    }
}

/// Drops `value` without recursion (dropping a `Value` recurses once per
/// level): children are moved out onto a heap stack first.
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
