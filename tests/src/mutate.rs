//! Documents derived from a seed by one mutation each, at every depth.

use serde_json::{Map, Value, json};

/// What a mutation did, so a known limit can be recognised by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The seed itself.
    Seed,
    /// A key removed from an object.
    RemoveKey,
    /// An unknown key added to an object.
    AddKey,
    /// A value replaced by a value of another type, or `null`.
    ReplaceType,
    /// A number replaced by another number (out of range, negative, fraction).
    ReplaceNumber,
    /// A number replaced by the same integer written as a float (`1.0`).
    IntegralFloat,
    /// A string replaced by another string (empty, long, malformed date).
    ReplaceString,
    /// A string replaced by a relaxed form a parser also reads (chrono's
    /// dates, uuid's simple and braced forms, url's unescaped spaces).
    RelaxedDate,
    /// An array item removed or duplicated, or an item added.
    ResizeArray,
    /// An object replaced by an array (serde reads structs from sequences).
    ObjectAsArray,
    /// A key renamed (map keys that must parse as numbers, booleans, names).
    RenameKey,
}

/// Keys each existing key is renamed to.
const KEYS: &[&str] = &[
    "0",
    "1",
    "-1",
    "+1",
    "01",
    "-0",
    "1.0",
    "1e2",
    " 1",
    "1 ",
    "255",
    "256",
    "-128",
    "-129",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "true",
    "false",
    "True",
    "x",
    "",
];

/// One mutated document.
#[derive(Debug, Clone)]
pub struct Mutant {
    /// JSON Pointer of the place that changed.
    pub path: String,
    /// What changed.
    pub kind: Kind,
    /// The whole document.
    pub doc: Value,
    /// What the seed had at `path` before the mutation.
    pub was: Value,
}

const STRINGS: &[&str] = &[
    "",
    "x",
    "xy",
    "not a date",
    "2024-13-01",
    "2024-02-30",
    "2024-01-01T25:00:00Z",
    "2024-02-30T10:00:00Z",
    "2024-01-01",
    "2024-01-01T10:00:00Z",
    "2024-01-01T10:00:00",
    "2024-02-30T10:00:00",
    "10:30",
    "10:30:00",
    "24:00:00",
    "10:30:00.5",
];

const RELAXED: &[&str] = &[
    "2024-01-01 10:00:00Z",
    " 2024-01-01",
    "2024-1-1",
    "2024-01-01t10:00:00z",
    "67e5504410b1426f9247bb680e5fe0c8",
    "{67e55044-10b1-426f-9247-bb680e5fe0c8}",
    "http://example.com/a b",
];

fn numbers() -> Vec<(Value, Kind)> {
    let mut out: Vec<(Value, Kind)> = [
        json!(0),
        json!(1),
        json!(-1),
        json!(127),
        json!(128),
        json!(-128),
        json!(-129),
        json!(255),
        json!(256),
        json!(65535),
        json!(65536),
        json!(-32769),
        json!(2147483647),
        json!(2147483648_i64),
        json!(-2147483649_i64),
        json!(4294967295_u64),
        json!(4294967296_u64),
        json!(i64::MIN),
        json!(i64::MAX),
        json!(u64::MAX),
        json!(1.5),
        json!(-0.5),
    ]
    .into_iter()
    .map(|v| (v, Kind::ReplaceNumber))
    .collect();
    out.push((json!(1.0), Kind::IntegralFloat));
    out.push((json!(3e20), Kind::IntegralFloat));
    out.push((json!(1e300), Kind::IntegralFloat));
    out
}

/// Every single-mutation variant of `seed` (the seed included). `known_keys`
/// are added to every object that lacks them (aliases, skipped fields, keys
/// of other directions), each with a copy of a value the object already has.
pub fn mutants(seed: &Value, known_keys: &[String]) -> Vec<Mutant> {
    let mut out = vec![Mutant {
        path: String::new(),
        kind: Kind::Seed,
        doc: seed.clone(),
        was: seed.clone(),
    }];
    walk(
        seed,
        String::new(),
        known_keys,
        &mut |path, kind, replacement| {
            out.push(Mutant {
                path: path.to_string(),
                kind,
                doc: replace_at(seed, path, replacement),
                was: seed.pointer(path).cloned().unwrap_or_default(),
            });
        },
    );
    out
}

/// Calls `emit(path, kind, new_value_at_path)` for every mutation of `value`.
fn walk(value: &Value, path: String, known: &[String], emit: &mut dyn FnMut(&str, Kind, Value)) {
    // Replace this value by one of each other JSON type.
    let others = [
        json!(null),
        json!(true),
        json!(0),
        json!("s"),
        json!([]),
        json!({}),
    ];
    for other in others {
        if std::mem::discriminant(&other) != std::mem::discriminant(value) {
            emit(&path, Kind::ReplaceType, other);
        }
    }
    match value {
        Value::Object(map) => {
            for key in map.keys() {
                let mut m = map.clone();
                m.shift_remove(key);
                emit(&path, Kind::RemoveKey, Value::Object(m));
            }
            let mut m = map.clone();
            m.insert("zz_unknown".into(), json!(1));
            emit(&path, Kind::AddKey, Value::Object(m));
            for key in known.iter().filter(|k| !map.contains_key(*k)) {
                for value in map.values().take(1).cloned().chain([json!("x")]) {
                    let mut m = map.clone();
                    m.insert(key.clone(), value);
                    emit(&path, Kind::AddKey, Value::Object(m));
                }
            }
            for key in map.keys() {
                for new in KEYS.iter().filter(|k| !map.contains_key(**k)) {
                    let renamed: serde_json::Map<String, Value> = map
                        .iter()
                        .map(|(k, v)| {
                            (
                                if k == key {
                                    (*new).to_string()
                                } else {
                                    k.clone()
                                },
                                v.clone(),
                            )
                        })
                        .collect();
                    emit(&path, Kind::RenameKey, Value::Object(renamed));
                }
            }
            let fields: Vec<Value> = map.values().cloned().collect();
            emit(&path, Kind::ObjectAsArray, Value::Array(fields));
            for (key, v) in map {
                walk(v, format!("{path}/{}", escape(key)), known, emit);
            }
        }
        Value::Array(items) => {
            if !items.is_empty() {
                let mut a = items.clone();
                a.pop();
                emit(&path, Kind::ResizeArray, Value::Array(a));
                let mut a = items.clone();
                a.push(items[0].clone());
                emit(&path, Kind::ResizeArray, Value::Array(a));
            }
            for (i, v) in items.iter().enumerate() {
                walk(v, format!("{path}/{i}"), known, emit);
            }
        }
        Value::Number(_) => {
            for (n, kind) in numbers() {
                if &n != value {
                    emit(&path, kind, n);
                }
            }
        }
        Value::String(s) => {
            for other in STRINGS {
                if other != s {
                    emit(&path, Kind::ReplaceString, json!(other));
                }
            }
            for other in RELAXED {
                emit(&path, Kind::RelaxedDate, json!(other));
            }
        }
        Value::Bool(b) => emit(&path, Kind::ReplaceType, json!(!b)),
        Value::Null => {}
    }
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn replace_at(doc: &Value, path: &str, replacement: Value) -> Value {
    let mut out = doc.clone();
    if path.is_empty() {
        return replacement;
    }
    if let Some(slot) = out.pointer_mut(path) {
        *slot = replacement;
    }
    out
}

/// Helper for tests that build maps.
pub fn object(pairs: &[(&str, Value)]) -> Value {
    let mut m = Map::new();
    for (k, v) in pairs {
        m.insert((*k).to_string(), v.clone());
    }
    Value::Object(m)
}

/// Every key under a `properties` anywhere in `schema`.
pub fn property_names(schema: &Value, out: &mut Vec<String>) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::Object(props)) = map.get("properties") {
                for key in props.keys() {
                    if !out.contains(key) {
                        out.push(key.clone());
                    }
                }
            }
            for v in map.values() {
                property_names(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| property_names(v, out)),
        _ => {}
    }
}
