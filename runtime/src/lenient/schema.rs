//! The schema level: a JSON value walked against a JSON Schema (2020-12,
//! local `$ref`s followed) with an explicit stack, repairing where the
//! schema wants another type and the value has one reading as that type.
//!
//! What a schema admits at a place is over-estimated, never under-estimated:
//! keywords this walk does not follow (`not`, `if`, `patternProperties`,
//! remote `$ref`s, ...) are read as admitting anything, and so is a schema
//! whose walk runs out of budget. A repair needs the schema to *refuse* the
//! value as written (a string where no string is admitted), so an
//! over-estimate can only make a repair not happen.

use super::{Recorder, RepairKind};
use serde_json::Value;
use std::collections::HashMap;

const NULL: u8 = 1;
const BOOL: u8 = 2;
const INT: u8 = 4;
/// Numbers with a fraction.
const FRAC: u8 = 8;
const STR: u8 = 16;
const ARR: u8 = 32;
const OBJ: u8 = 64;
const ANY: u8 = 127;

/// Schemas visited for one question (what one schema admits, which schemas
/// apply at one place); past it the answer is "anything".
const BUDGET: usize = 256;

/// How many schemas deep the walk of one question goes (`$ref`, `allOf`,
/// `anyOf` inside each other); deeper is read as "anything".
const MAX_SCHEMA_DEPTH: usize = 64;

/// The deepest nesting a repaired value may have (what serde_json reads):
/// a string is not decoded, nor a value wrapped, past it.
const MAX_NESTING: usize = super::text::MAX_NESTING;

fn type_bits(name: &str) -> u8 {
    match name {
        "null" => NULL,
        "boolean" => BOOL,
        "integer" => INT,
        "number" => INT | FRAC,
        "string" => STR,
        "array" => ARR,
        "object" => OBJ,
        _ => ANY,
    }
}

/// The type of a value, as a bit (`1.0` is an integer, as in JSON Schema).
fn bit_of(v: &Value) -> u8 {
    match v {
        Value::Null => NULL,
        Value::Bool(_) => BOOL,
        Value::Number(n) => {
            if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) {
                INT
            } else {
                FRAC
            }
        }
        Value::String(_) => STR,
        Value::Array(_) => ARR,
        Value::Object(_) => OBJ,
    }
}

/// A local reference (`#`, `#/$defs/A`), resolved in the document `root`.
fn resolve<'s>(root: &'s Value, reference: &str) -> Option<&'s Value> {
    let pointer = reference.strip_prefix('#')?;
    if pointer.is_empty() {
        return Some(root);
    }
    if !pointer.starts_with('/') {
        return None;
    }
    root.pointer(&crate::json::percent_decoded(pointer))
}

/// What one schema itself says about types (`type`, `const`, `enum`).
fn own_bits(schema: &Value) -> u8 {
    let Value::Object(map) = schema else {
        return match schema {
            Value::Bool(false) => 0,
            _ => ANY,
        };
    };
    let mut bits = match map.get("type") {
        Some(Value::String(t)) => type_bits(t),
        Some(Value::Array(ts)) => ts
            .iter()
            .map(|t| t.as_str().map_or(ANY, type_bits))
            .fold(0, |a, b| a | b),
        _ => ANY,
    };
    if let Some(c) = map.get("const") {
        bits &= bit_of(c);
    }
    if let Some(Value::Array(members)) = map.get("enum") {
        bits &= members.iter().map(bit_of).fold(0, |a, b| a | b);
    }
    bits
}

enum Item<'s> {
    Schema(&'s Value),
    Union(&'s [Value]),
}

struct Frame<'s> {
    all: bool,
    acc: u8,
    todo: Vec<Item<'s>>,
}

/// The walk's state: the schema document and what is known of it.
pub(super) struct Schemas<'s> {
    root: &'s Value,
    admitted: HashMap<usize, u8>,
}

impl<'s> Schemas<'s> {
    fn new(root: &'s Value) -> Self {
        Schemas {
            root,
            admitted: HashMap::new(),
        }
    }

    /// The frame of one schema: its own types, and the schemas that must
    /// hold with it (`$ref`, `allOf`) or one of which must (`anyOf`,
    /// `oneOf`).
    fn frame(&self, schema: &'s Value) -> Frame<'s> {
        let mut todo = Vec::new();
        if let Value::Object(map) = schema {
            if let Some(Value::String(r)) = map.get("$ref")
                && let Some(target) = resolve(self.root, r)
            {
                todo.push(Item::Schema(target));
            }
            if let Some(Value::Array(all)) = map.get("allOf") {
                todo.extend(all.iter().map(Item::Schema));
            }
            for key in ["anyOf", "oneOf"] {
                if let Some(Value::Array(branches)) = map.get(key) {
                    todo.push(Item::Union(branches));
                }
            }
        }
        Frame {
            all: true,
            acc: own_bits(schema),
            todo,
        }
    }

    /// The types `schema` admits (an over-estimate), iteratively, within
    /// [`BUDGET`] and [`MAX_SCHEMA_DEPTH`].
    fn admits(&mut self, schema: &'s Value) -> u8 {
        let key = schema as *const Value as usize;
        if let Some(bits) = self.admitted.get(&key) {
            return *bits;
        }
        let mut budget = BUDGET;
        let mut stack = vec![self.frame(schema)];
        let result = loop {
            let depth = stack.len();
            let Some(top) = stack.last_mut() else {
                break ANY;
            };
            match top.todo.pop() {
                None => {
                    let done = stack.pop().map_or(ANY, |f| f.acc);
                    match stack.last_mut() {
                        None => break done,
                        Some(parent) if parent.all => parent.acc &= done,
                        Some(parent) => parent.acc |= done,
                    }
                }
                Some(Item::Schema(s)) => {
                    if budget == 0 || depth >= MAX_SCHEMA_DEPTH {
                        // Unknown: admits anything.
                        if !top.all {
                            top.acc |= ANY;
                        }
                        continue;
                    }
                    budget -= 1;
                    let frame = self.frame(s);
                    stack.push(frame);
                }
                Some(Item::Union(branches)) => {
                    stack.push(Frame {
                        all: false,
                        acc: 0,
                        todo: branches.iter().map(Item::Schema).collect(),
                    });
                }
            }
        };
        self.admitted.insert(key, result);
        result
    }

    /// What all of `schemas` admit.
    fn admits_all(&mut self, schemas: &[&'s Value]) -> u8 {
        schemas.iter().fold(ANY, |a, s| a & self.admits(s))
    }

    /// Every schema that certainly applies to `value` given `schemas` apply:
    /// them, their `$ref` targets and `allOf` members, and of an `anyOf` or
    /// `oneOf` the one branch that can take the value (when only one can).
    fn applying(&mut self, schemas: &[&'s Value], value: &Value) -> Vec<&'s Value> {
        let bit = bit_of(value);
        let mut out: Vec<&'s Value> = Vec::new();
        let mut seen: Vec<usize> = Vec::new();
        let mut todo: Vec<&'s Value> = schemas.iter().rev().copied().collect();
        let mut budget = BUDGET;
        while let Some(s) = todo.pop() {
            let key = s as *const Value as usize;
            if seen.contains(&key) {
                continue;
            }
            if budget == 0 {
                break;
            }
            budget -= 1;
            seen.push(key);
            out.push(s);
            let Value::Object(map) = s else { continue };
            if let Some(Value::String(r)) = map.get("$ref")
                && let Some(target) = resolve(self.root, r)
            {
                todo.push(target);
            }
            if let Some(Value::Array(all)) = map.get("allOf") {
                todo.extend(all.iter().rev());
            }
            for key in ["anyOf", "oneOf"] {
                if let Some(Value::Array(branches)) = map.get(key) {
                    let mut fitting = branches.iter().filter(|b| {
                        self.admits(b) & bit != 0 && !self.tag_differs(b, value, &mut budget)
                    });
                    if let (Some(one), None) = (fitting.next(), fitting.next()) {
                        todo.push(one);
                    }
                }
            }
        }
        out
    }

    /// Whether `branch` (an object schema, through `$ref`s) gives one of
    /// `value`'s members a `const` or `enum` it does not hold: the value
    /// cannot be of that branch (a tagged enum's other variants).
    fn tag_differs(&self, branch: &'s Value, value: &Value, budget: &mut usize) -> bool {
        let Value::Object(members) = value else {
            return false;
        };
        let follow = |mut s: &'s Value| {
            for _ in 0..8 {
                match s.get("$ref").and_then(Value::as_str) {
                    Some(r) => match resolve(self.root, r) {
                        Some(t) => s = t,
                        None => return s,
                    },
                    None => return s,
                }
            }
            s
        };
        let Some(Value::Object(properties)) = follow(branch).get("properties") else {
            return false;
        };
        for (key, member) in members {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let Some(sub) = properties.get(key) else {
                continue;
            };
            let sub = follow(sub);
            if let Some(c) = sub.get("const")
                && c != member
            {
                return true;
            }
            if let Some(Value::Array(allowed)) = sub.get("enum")
                && !allowed.contains(member)
            {
                return true;
            }
        }
        false
    }
}

/// The schemas of a member `key` of an object, given the object's applying
/// schemas.
fn member_schemas<'s>(applying: &[&'s Value], key: &str) -> Vec<&'s Value> {
    let mut out = Vec::new();
    for s in applying {
        let Value::Object(map) = s else { continue };
        if let Some(sub) = map.get("properties").and_then(|p| p.get(key)) {
            out.push(sub);
        } else if map
            .get("patternProperties")
            .is_some_and(|p| p.as_object().is_some_and(|p| !p.is_empty()))
        {
            // Which patterns match is not worked out here: nothing known.
        } else if let Some(sub @ (Value::Object(_) | Value::Bool(_))) =
            map.get("additionalProperties")
        {
            out.push(sub);
        }
    }
    out
}

/// The schemas of item `index` of an array, given the array's applying
/// schemas.
fn item_schemas<'s>(applying: &[&'s Value], index: usize) -> Vec<&'s Value> {
    let mut out = Vec::new();
    for s in applying {
        let Value::Object(map) = s else { continue };
        let prefix = match map.get("prefixItems") {
            Some(Value::Array(p)) => Some(p),
            // Draft 2019-09 and before: `items` as an array.
            _ => match map.get("items") {
                Some(Value::Array(p)) => Some(p),
                _ => None,
            },
        };
        if let Some(sub) = prefix.and_then(|p| p.get(index)) {
            out.push(sub);
            continue;
        }
        let rest = match map.get("items") {
            Some(Value::Array(_)) => map.get("additionalItems"),
            other => other,
        };
        if let Some(sub @ (Value::Object(_) | Value::Bool(_))) = rest {
            out.push(sub);
        }
    }
    out
}

/// Whether `text` is exactly a JSON number as JSON writes it.
fn is_number_text(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    let at = |i: usize| b.get(i).copied();
    if at(i) == Some(b'-') {
        i += 1;
    }
    let digits = |mut i: usize| {
        while matches!(at(i), Some(b'0'..=b'9')) {
            i += 1;
        }
        i
    };
    match at(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => i = digits(i),
        _ => return false,
    }
    if at(i) == Some(b'.') {
        let after = digits(i + 1);
        if after == i + 1 {
            return false;
        }
        i = after;
    }
    if matches!(at(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(at(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let after = digits(i);
        if after == i {
            return false;
        }
        i = after;
    }
    i == b.len()
}

/// One step of a JSON Pointer.
enum Step {
    Key(String),
    Index(usize),
}

/// The repaired value of `value` against `schema`.
pub(super) fn repair(mut value: Value, schema: &Value, rec: &mut Recorder) -> Value {
    let mut schemas = Schemas::new(schema);
    // Every place visited: its parent's index and its step from there.
    let mut places: Vec<(usize, Step)> = Vec::new();
    let pointer = |places: &[(usize, Step)], mut at: usize| {
        let mut steps = Vec::new();
        while let Some((parent, step)) = places.get(at) {
            steps.push(step);
            at = *parent;
        }
        let mut out = String::new();
        for step in steps.iter().rev() {
            out.push('/');
            match step {
                Step::Key(k) => out.push_str(&crate::json::escape(k)),
                Step::Index(i) => out.push_str(&i.to_string()),
            }
        }
        out
    };
    let root_place = usize::MAX;
    let mut stack: Vec<(&mut Value, Vec<&Value>, usize, usize)> =
        vec![(&mut value, vec![schema], root_place, 0)];
    while let Some((node, node_schemas, place, depth)) = stack.pop() {
        let admitted = schemas.admits_all(&node_schemas);
        if let Some(kind) = repair_node(node, admitted, depth, &node_schemas, &mut schemas) {
            rec.record(|| pointer(&places, place), kind);
        }
        let applying = schemas.applying(&node_schemas, node);
        match node {
            Value::Object(map) => {
                let mut children = Vec::new();
                for (key, child) in map.iter_mut() {
                    let subs = member_schemas(&applying, key);
                    if subs.is_empty() {
                        continue;
                    }
                    places.push((place, Step::Key(key.clone())));
                    children.push((child, subs, places.len() - 1, depth + 1));
                }
                stack.extend(children.into_iter().rev());
            }
            Value::Array(items) => {
                let mut children = Vec::new();
                for (index, child) in items.iter_mut().enumerate() {
                    let subs = item_schemas(&applying, index);
                    if subs.is_empty() {
                        continue;
                    }
                    places.push((place, Step::Index(index)));
                    children.push((child, subs, places.len() - 1, depth + 1));
                }
                stack.extend(children.into_iter().rev());
            }
            _ => {}
        }
    }
    value
}

/// The one schema-level repair of `node` (at `depth`), when there is one.
fn repair_node<'s>(
    node: &mut Value,
    admitted: u8,
    depth: usize,
    node_schemas: &[&'s Value],
    schemas: &mut Schemas<'s>,
) -> Option<RepairKind> {
    if admitted & bit_of(node) != 0 {
        return None;
    }
    if let Value::String(text) = node {
        let trimmed = text.trim_start();
        if admitted & (OBJ | ARR) != 0 && (trimmed.starts_with('{') || trimmed.starts_with('[')) {
            if let Ok(inner) = serde_json::from_str::<Value>(text)
                && admitted & bit_of(&inner) != 0
                && matches!(inner, Value::Object(_) | Value::Array(_))
            {
                if crate::json::deeper_than(&inner, MAX_NESTING.saturating_sub(depth + 1)) {
                    crate::schema::dispose(inner);
                    return None;
                }
                *node = inner;
                return Some(RepairKind::JsonInString);
            }
            return None;
        }
        if admitted & (INT | FRAC) != 0 && is_number_text(text) {
            // Written with a fraction or an exponent, it is not read as an
            // integer (serde refuses `25.0` for one).
            if let Ok(number @ Value::Number(_)) = serde_json::from_str::<Value>(text)
                && admitted & if number.is_f64() { FRAC } else { INT } != 0
            {
                *node = number;
                return Some(RepairKind::NumberInString);
            }
            return None;
        }
        if admitted & BOOL != 0 && (text == "true" || text == "false") {
            *node = Value::Bool(text == "true");
            return Some(RepairKind::BooleanInString);
        }
    }
    if admitted & ARR == 0 {
        return None;
    }
    // A lone value where an array is wanted.
    if let Value::String(text) = node
        && text.contains([',', ';', '\n', '\r'])
    {
        // It may be a list written as text: splitting it is not a repair.
        return None;
    }
    let empty = Value::Array(Vec::new());
    let applying = schemas.applying(node_schemas, &empty);
    let item = item_schemas(&applying, 0);
    let fits = schemas.admits_all(&item) & bit_of(node) != 0
        && !applying.iter().any(|s| {
            s.get("maxItems")
                .and_then(Value::as_f64)
                .is_some_and(|m| m < 1.0)
        });
    if !fits || crate::json::deeper_than(node, MAX_NESTING.saturating_sub(depth + 2)) {
        return None;
    }
    let lone = std::mem::take(node);
    *node = Value::Array(vec![lone]);
    Some(RepairKind::WrappedInArray)
}
