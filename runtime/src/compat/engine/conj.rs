//! What a left side says: the keywords that assert, literals, and readings
//! over a conjunction (its schemas, required and named properties, counts).

use super::*;

/// Keywords that assert something (everything else is an annotation, or a
/// keyword this check does not know and so ignores; unknown keywords are
/// annotations in 2020-12).
pub(super) const ASSERTIONS: &[&str] = &[
    "type",
    "enum",
    "const",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "required",
    "properties",
    "patternProperties",
    "additionalProperties",
    "unevaluatedProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "items",
    "prefixItems",
    "additionalItems",
    "unevaluatedItems",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "anyOf",
    "oneOf",
    "not",
    "if",
];

pub(super) fn has_assertions(m: &Map<String, Value>) -> bool {
    ASSERTIONS.iter().any(|k| m.contains_key(*k))
}

/// Whether `a` and `b` are the same JSON (numbers by value, keys in any
/// order) and hold no reference (whose meaning depends on the document).
/// Iterative.
pub(super) fn same_without_refs(a: &Value, b: &Value, work: &mut u64) -> bool {
    super::super::equal_json(
        a,
        b,
        |x, y| cmp_num(num_of(x), num_of(y)) == Ordering::Equal,
        |x| x.contains_key("$ref") || x.contains_key("$dynamicRef"),
        work,
    )
}

pub(super) fn is_false(it: &Item<'_>) -> bool {
    matches!(
        it,
        Item::S {
            v: Value::Bool(false),
            ..
        }
    )
}

pub(super) fn brief(v: &Value) -> String {
    crate::json::brief(v)
}

/// A literal on the left: a JSON value or a property name.
#[derive(Clone, Copy)]
pub(super) enum Lit<'a> {
    V(&'a Value),
    N(&'a str),
}

impl<'a> Lit<'a> {
    pub(super) fn canon(self) -> String {
        match self {
            Lit::V(v) => canon::key(v),
            Lit::N(s) => format!("\"{s}"),
        }
    }
    pub(super) fn bits(self) -> u8 {
        match self {
            Lit::V(v) => kind_bits(v),
            Lit::N(_) => TS,
        }
    }
    pub(super) fn text(self) -> String {
        match self {
            Lit::V(v) => brief(v),
            Lit::N(s) => crate::json::quoted(s),
        }
    }
    pub(super) fn as_str(self) -> Option<&'a str> {
        match self {
            Lit::V(Value::String(s)) => Some(s),
            Lit::N(s) => Some(s),
            _ => None,
        }
    }
    pub(super) fn as_num(self) -> Option<Num> {
        match self {
            Lit::V(Value::Number(n)) => Some(num_of(n)),
            _ => None,
        }
    }
}
pub(super) fn schemas_of<'a>(conj: &[Item<'a>]) -> Vec<&'a Map<String, Value>> {
    conj.iter()
        .filter_map(|it| match *it {
            Item::S {
                v: Value::Object(m),
                ..
            } => Some(m),
            _ => None,
        })
        .collect()
}

pub(super) fn left_required<'a>(conj: &[Item<'a>]) -> Vec<&'a str> {
    let mut out: Vec<&'a str> = Vec::new();
    let mut seen = HashSet::new();
    for it in conj {
        match *it {
            Item::S {
                v: Value::Object(m),
                ..
            } => {
                for r in strs(m.get("required")) {
                    if seen.insert(r) {
                        out.push(r);
                    }
                }
            }
            Item::Lit {
                v: Value::Object(o),
                ..
            } => {
                for k in o.keys() {
                    if seen.insert(k.as_str()) {
                        out.push(k);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

pub(super) fn left_named<'a>(conj: &[Item<'a>]) -> Vec<&'a str> {
    let mut out: Vec<&'a str> = Vec::new();
    let mut seen = HashSet::new();
    for it in conj {
        let keys: Box<dyn Iterator<Item = &'a String>> = match *it {
            Item::S {
                v: Value::Object(m),
                ..
            } => match m.get("properties").and_then(Value::as_object) {
                Some(p) => Box::new(p.keys()),
                None => continue,
            },
            Item::Lit {
                v: Value::Object(o),
                ..
            } => Box::new(o.keys()),
            _ => continue,
        };
        for k in keys {
            if seen.insert(k.as_str()) {
                out.push(k.as_str());
            }
        }
    }
    out
}

pub(super) fn prop_counts(conj: &[Item<'_>]) -> (u64, Option<u64>) {
    let (mut min, mut max) = (0u64, None::<u64>);
    for it in conj {
        match *it {
            Item::S {
                v: Value::Object(m),
                ..
            } => {
                min = min.max(count(m.get("minProperties")).unwrap_or(0));
                if let Some(x) = count(m.get("maxProperties")) {
                    max = Some(max.map_or(x, |y| y.min(x)));
                }
            }
            Item::Lit {
                v: Value::Object(o),
                ..
            } => {
                let n = o.len() as u64;
                min = min.max(n);
                max = Some(max.map_or(n, |y| y.min(n)));
            }
            _ => {}
        }
    }
    (min, max)
}

pub(super) fn str_lengths(conj: &[Item<'_>]) -> (u64, Option<u64>) {
    let (mut min, mut max) = (0u64, None::<u64>);
    let mut clamp = |lo: u64, hi: Option<u64>| {
        min = min.max(lo);
        if let Some(h) = hi {
            max = Some(max.map_or(h, |y: u64| y.min(h)));
        }
    };
    for it in conj {
        match *it {
            Item::S {
                v: Value::Object(m),
                ..
            } => clamp(
                count(m.get("minLength")).unwrap_or(0),
                count(m.get("maxLength")),
            ),
            Item::Lit {
                v: Value::String(s),
                ..
            } => {
                let n = s.chars().count() as u64;
                clamp(n, Some(n));
            }
            Item::Name(s) => {
                let n = s.chars().count() as u64;
                clamp(n, Some(n));
            }
            _ => {}
        }
    }
    (min, max)
}
