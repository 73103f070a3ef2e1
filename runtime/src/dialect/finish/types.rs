//! Types and `null` once a node is written: `null` beside a type in the
//! plainest form a dialect takes, a `type` inferred from the keywords, and
//! a `type` array split where a dialect wants one type per schema.

use serde_json::{Map, Value, json};

/// `schema` or `null` for an optional property strict mode makes required:
/// unchanged when it takes `null` already (an `Option` of an enum is
/// `type: [.., "null"]` with `null` among its values), else in the plainest
/// form that says so; an `anyOf` made for it carries the property's title
/// and description itself, not inside the first alternative.
pub(super) fn nullable(schema: Value) -> Value {
    if takes_null(&schema) {
        return schema;
    }
    let mut out = crate::render::nullable(schema);
    if let Value::Object(outer) = &mut out
        && outer.len() == 1
        && let Some(Value::Array(alts)) = outer.get_mut("anyOf")
        && let [Value::Object(first), null] = alts.as_mut_slice()
        && *null == json!({"type": "null"})
    {
        let mut lifted = Map::new();
        for key in ["title", "description"] {
            if let Some(v) = first.remove(key) {
                lifted.insert(key.into(), v);
            }
        }
        if first.is_empty() {
            // Nothing but annotations: any value, which strict mode has no
            // words for; leave it as it was.
            first.extend(lifted);
        } else {
            outer.extend(lifted);
        }
    }
    out
}

/// Whether `schema` plainly takes `null`: a `type` with `null` (and `null`
/// among its `enum` values, if any) and nothing else that could refuse it,
/// or an `anyOf` with the alternative `{"type": "null"}` and no assertion
/// beside it.
fn takes_null(schema: &Value) -> bool {
    let Value::Object(m) = schema else {
        return false;
    };
    let only_annotations_beside = |except: &[&str]| {
        m.keys()
            .all(|k| except.contains(&k.as_str()) || matches!(k.as_str(), "title" | "description"))
    };
    match (m.get("type"), m.get("anyOf")) {
        (Some(Value::Array(types)), None) => {
            types.iter().any(|t| t == "null")
                && m.get("enum")
                    .is_none_or(|e| e.as_array().is_some_and(|e| e.iter().any(Value::is_null)))
                && !["$ref", "allOf", "oneOf", "not", "const"]
                    .iter()
                    .any(|k| m.contains_key(*k))
        }
        (None, Some(Value::Array(alts))) => {
            alts.iter().any(|a| *a == json!({"type": "null"}))
                && only_annotations_beside(&["anyOf"])
        }
        _ => false,
    }
}

/// A `type` beside `properties`/`required` (`object`) or beside a bare
/// `enum`/`const`: the types of its values, when they are all scalars (an
/// object or array value gets none, rather than a wrong one).
pub(super) fn infer_type(out: &mut Map<String, Value>) {
    if out.contains_key("type") {
        return;
    }
    if out.contains_key("properties") || out.contains_key("required") {
        out.insert("type".into(), "object".into());
        return;
    }
    let values: Vec<&Value> = match (out.get("enum"), out.get("const")) {
        (Some(Value::Array(values)), _) => values.iter().collect(),
        (_, Some(one)) => vec![one],
        _ => return,
    };
    let mut types: Vec<&str> = Vec::new();
    for v in values {
        let t = match v {
            Value::String(_) => "string",
            Value::Bool(_) => "boolean",
            Value::Null => "null",
            Value::Number(n) if n.is_f64() => "number",
            Value::Number(_) => "integer",
            Value::Array(_) | Value::Object(_) => return,
        };
        if !types.contains(&t) {
            types.push(t);
        }
    }
    if types.contains(&"number") {
        types.retain(|t| *t != "integer");
    }
    match types.as_slice() {
        [] => {}
        [one] => {
            out.insert("type".into(), (*one).into());
        }
        many => {
            out.insert("type".into(), json!(many));
        }
    }
}

/// Keywords that constrain only values of one type.
const OF_TYPE: [(&str, &[&str]); 2] = [
    (
        "object",
        &["properties", "required", "additionalProperties"],
    ),
    ("array", &["items"]),
];

/// A `type` array beside structural keywords (Kimi takes one beside
/// annotations only), written as an `anyOf` of one alternative per type,
/// each holding the keywords that constrain values of its type: they
/// constrain nothing else, so the two mean the same. Annotations stay
/// beside the `anyOf`. A node with an `enum` or an `anyOf` is left as it is.
pub(super) fn split_types(out: Value) -> Value {
    let Value::Object(mut m) = out else {
        return out;
    };
    let alone = m
        .keys()
        .all(|k| matches!(k.as_str(), "type" | "description" | "title"));
    if alone || m.contains_key("anyOf") || m.contains_key("enum") {
        return Value::Object(m);
    }
    let types: Vec<String> = match m.get("type") {
        Some(Value::Array(types)) if types.len() > 1 => types
            .iter()
            .filter_map(|t| t.as_str().map(str::to_owned))
            .collect(),
        _ => return Value::Object(m),
    };
    m.remove("type");
    let mut alternatives = Vec::with_capacity(types.len());
    for t in &types {
        let mut alternative = Map::new();
        alternative.insert("type".into(), t.as_str().into());
        for (of, keys) in OF_TYPE {
            if of == t {
                for key in keys {
                    if let Some(v) = m.remove(*key) {
                        alternative.insert((*key).into(), v);
                    }
                }
            }
        }
        alternatives.push(Value::Object(alternative));
    }
    // Keywords of a type the array does not name constrain nothing.
    for (_, keys) in OF_TYPE {
        for key in keys {
            m.remove(*key);
        }
    }
    m.insert("anyOf".into(), Value::Array(alternatives));
    Value::Object(m)
}
