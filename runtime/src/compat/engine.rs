//! The containment check: does every document the left schema accepts
//! satisfy the right schema? (Input: left = old, right = new; output: left
//! = new, right = old.) Each place where that cannot be shown is a
//! [`Failure`]: proven (a kind of document is named that one schema takes
//! and the other refuses) or not (containment undecidable here: two
//! different patterns, a `not`, ...), and the check then fails closed.
//!
//! How it reasons, in one paragraph. A goal is "the conjunction of these
//! left schemas ⊆ this right schema". The right side is split into goals
//! along `$ref` and `allOf` (exact: ⊆ an intersection iff ⊆ each part). The
//! left side is flattened along `$ref` and `allOf` into one list of
//! conjuncts; its `anyOf`/`oneOf` (and `if`/`then`/`else`, read as
//! `then ∪ else`) split the goal into one goal per alternative, and its
//! `enum`/`const` into one goal per value (a literal). What is left is
//! checked keyword by keyword of the right schema, each against the
//! conjunction of what the left says; children (properties, items, ...)
//! become new goals. The left may be over-approximated (a conjunct the
//! check cannot use, like `not`, is dropped: it only makes the left
//! larger) and the right under-approximated: both only make the check
//! stricter, never wrong in the permissive direction. A goal seen before
//! is assumed to hold (coinduction), which makes recursive schemas
//! terminate. Nothing recurses on the documents' depth: goals sit on an
//! explicit stack, and only the trials of `anyOf`/`oneOf` alternatives
//! nest, at most [`MAX_NEST`] deep. A work budget bounds the whole.

use super::canon;
use super::doc::{Doc, P, Pointers};
use serde_json::{Map, Number, Value};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

/// How deep goals may nest (properties in properties ...) before the check
/// stops that path as "too deep" (breaking).
pub(crate) const MAX_DEPTH: u32 = 512;
/// Work units (goals, and the conjuncts each one reads) for one check.
pub(crate) const WORK_BUDGET: u64 = 4_000_000;
/// How deep trials of `anyOf`/`oneOf`/`if` alternatives may nest.
pub(crate) const MAX_NEST: u32 = 6;
/// How many failures one check keeps (the rest are counted).
pub(crate) const MAX_FAILURES: usize = 200;
/// Failures a trial collects before it gives up on an alternative.
const TRIAL_FAILURES: usize = 8;
/// Longest string a regular expression is run on (longer: undecided).
const MAX_REGEX_TEXT: usize = 4096;

static FALSE: Value = Value::Bool(false);
static TRUE: Value = Value::Bool(true);
static NULL: Value = Value::Null;

// JSON types as bits; `number` is integer | fraction.
const TN: u8 = 1;
const TB: u8 = 2;
const TO: u8 = 4;
const TA: u8 = 8;
const TS: u8 = 16;
const TI: u8 = 32;
const TF: u8 = 64;
const NUM: u8 = TI | TF;
const ALL: u8 = 127;

/// One conjunct of a goal's left side.
#[derive(Clone, Copy, Debug)]
enum Item<'a> {
    /// A schema of the left document (`flat`: its `$ref`, `allOf` and
    /// alternatives were already taken apart).
    S {
        v: &'a Value,
        at: P,
        side: u8,
        flat: bool,
    },
    /// Exactly this JSON value.
    Lit { v: &'a Value, at: P },
    /// Exactly this string (a property name).
    Name(&'a str),
    /// Only these JSON types.
    Ty(u8),
    /// One of the alternatives in `disjs[id]` (not yet split).
    Disj(u32),
}

/// A place where containment was not shown.
#[derive(Debug, Clone)]
pub(crate) struct Failure {
    /// JSON Pointer of the keyword (into the new schema where it exists).
    pub at: String,
    /// What the old schema says there.
    pub old: String,
    /// What the new schema says there.
    pub new: String,
    /// The documents one accepts and the other refuses ("of 51..100"), or
    /// why containment could not be decided.
    pub witness: String,
    /// `false`: undecided, failed closed.
    pub proven: bool,
}

/// What one check found.
pub(crate) struct Outcome {
    pub failures: Vec<Failure>,
    pub omitted: usize,
}

#[derive(Clone)]
struct Goal<'a> {
    left: Vec<Item<'a>>,
    right: &'a Value,
    /// Where `right` is (right document).
    rat: P,
    /// Where the left side is, as reached by the walk (left document).
    lat: P,
    depth: u32,
    /// The property name this goal is the value of, for messages.
    about: Option<&'a str>,
}

struct Flat<'a> {
    conj: Vec<Item<'a>>,
    disj: Vec<Vec<Item<'a>>>,
    empty: bool,
}

type Key = (Vec<(u8, usize)>, usize);

struct Engine<'a> {
    docs: [Doc<'a>; 2],
    left_side: u8,
    ptrs: Pointers<'a>,
    disjs: Vec<Vec<Item<'a>>>,
    regexes: HashMap<&'a str, Option<regress::Regex>>,
    enum_sets: HashMap<usize, HashSet<String>>,
    refs: HashMap<(u8, usize), Option<(&'a Value, P)>>,
    visited: Vec<HashSet<Key>>,
    work: u64,
    nest: u32,
    exhausted: bool,
    omitted: usize,
}

/// Does every document `old` accepts satisfy `new` (`left_is_old`), or
/// every document `new` accepts satisfy `old` (`!left_is_old`)?
pub(crate) fn check<'a>(old: &'a Value, new: &'a Value, left_is_old: bool) -> Outcome {
    let (left, right) = if left_is_old { (old, new) } else { (new, old) };
    let mut e = Engine {
        docs: [Doc::new(old), Doc::new(new)],
        left_side: if left_is_old { 0 } else { 1 },
        ptrs: Pointers::new(),
        disjs: Vec::new(),
        regexes: HashMap::new(),
        enum_sets: HashMap::new(),
        refs: HashMap::new(),
        visited: Vec::new(),
        work: 0,
        nest: 0,
        exhausted: false,
        omitted: 0,
    };
    let goal = Goal {
        left: vec![Item::S {
            v: left,
            at: Pointers::ROOT,
            side: e.left_side,
            flat: false,
        }],
        right,
        rat: Pointers::ROOT,
        lat: Pointers::ROOT,
        depth: 0,
        about: None,
    };
    let failures = e.run(goal, MAX_FAILURES);
    Outcome {
        failures,
        omitted: e.omitted,
    }
}

// ------------------------------------------------------------------ helpers

fn type_bits(m: &Map<String, Value>) -> u8 {
    let one = |name: &str| match name {
        "null" => TN,
        "boolean" => TB,
        "object" => TO,
        "array" => TA,
        "string" => TS,
        "integer" => TI,
        "number" => NUM,
        _ => 0,
    };
    match m.get("type") {
        Some(Value::String(s)) => one(s),
        Some(Value::Array(names)) => names
            .iter()
            .filter_map(Value::as_str)
            .fold(0, |acc, n| acc | one(n)),
        _ => ALL,
    }
}

fn kind_bits(v: &Value) -> u8 {
    match v {
        Value::Null => TN,
        Value::Bool(_) => TB,
        Value::Object(_) => TO,
        Value::Array(_) => TA,
        Value::String(_) => TS,
        Value::Number(n) => {
            if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) {
                TI
            } else {
                TF
            }
        }
    }
}

fn types_text(bits: u8) -> String {
    if bits & ALL == ALL {
        return "any type".into();
    }
    let mut names = Vec::new();
    for (bit, name) in [
        (TN, "null"),
        (TB, "boolean"),
        (TO, "object"),
        (TA, "array"),
        (TS, "string"),
    ] {
        if bits & bit != 0 {
            names.push(name);
        }
    }
    match bits & NUM {
        NUM => names.push("number"),
        TI => names.push("integer"),
        TF => names.push("non-integer number"),
        _ => {}
    }
    if names.is_empty() {
        return "nothing".into();
    }
    names.join(" or ")
}

fn type_witness(bit: u8) -> &'static str {
    match bit {
        TN => "of type null",
        TB => "of type boolean",
        TO => "of type object",
        TA => "of type array",
        TS => "of type string",
        TI => "of type integer",
        _ => "that is a non-integer number (such as 0.5)",
    }
}

#[derive(Clone, Copy, Debug)]
enum Num {
    I(i128),
    F(f64),
}

fn num_of(n: &Number) -> Num {
    if let Some(i) = n.as_i64() {
        Num::I(i as i128)
    } else if let Some(u) = n.as_u64() {
        Num::I(u as i128)
    } else {
        let f = n.as_f64().unwrap_or(0.0);
        if f.fract() == 0.0 && f.abs() < 1e30 {
            Num::I(f as i128)
        } else {
            Num::F(f)
        }
    }
}

fn cmp_if(i: i128, f: f64) -> Ordering {
    let fl = f.floor();
    if fl >= 1.7e38 {
        Ordering::Less
    } else if fl < -1.7e38 {
        Ordering::Greater
    } else {
        match i.cmp(&(fl as i128)) {
            Ordering::Equal if f != fl => Ordering::Less,
            o => o,
        }
    }
}

fn cmp_num(a: Num, b: Num) -> Ordering {
    match (a, b) {
        (Num::I(x), Num::I(y)) => x.cmp(&y),
        (Num::F(x), Num::F(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        (Num::I(x), Num::F(y)) => cmp_if(x, y),
        (Num::F(x), Num::I(y)) => cmp_if(y, x).reverse(),
    }
}

fn num_f(n: Num) -> f64 {
    match n {
        Num::I(i) => i as f64,
        Num::F(f) => f,
    }
}

fn show_num(n: Num) -> String {
    match n {
        Num::I(i) => i.to_string(),
        Num::F(f) => {
            let mut s = String::new();
            canon::write_double(f, &mut s);
            s
        }
    }
}

/// Smallest integer ≥ n (> n when exclusive).
fn ceil_int(n: Num, excl: bool) -> Option<i128> {
    match n {
        Num::I(i) => Some(if excl { i.saturating_add(1) } else { i }),
        Num::F(f) if f.abs() < 1e30 => {
            let c = f.ceil();
            Some(if excl && c == f {
                c as i128 + 1
            } else {
                c as i128
            })
        }
        Num::F(_) => None,
    }
}

/// Largest integer ≤ n (< n when exclusive).
fn floor_int(n: Num, excl: bool) -> Option<i128> {
    match n {
        Num::I(i) => Some(if excl { i.saturating_sub(1) } else { i }),
        Num::F(f) if f.abs() < 1e30 => {
            let c = f.floor();
            Some(if excl && c == f {
                c as i128 - 1
            } else {
                c as i128
            })
        }
        Num::F(_) => None,
    }
}

/// Whether `x` is a whole multiple of `m` (floating point, with the
/// tolerance JSON Schema validators use in practice).
fn is_multiple(x: f64, m: f64) -> bool {
    if m <= 0.0 || !m.is_finite() {
        return false;
    }
    let q = x / m;
    q.is_finite() && (q - q.round()).abs() <= 1e-9 * q.abs().max(1.0)
}

/// A lower or upper bound: the value and whether it is exclusive.
type Bound = Option<(Num, bool)>;

/// The lower and upper bound one schema object puts on numbers.
fn bounds(m: &Map<String, Value>) -> (Bound, Bound) {
    let num = |k: &str| m.get(k).and_then(Value::as_number).map(num_of);
    let mut lo = num("minimum").map(|n| (n, false));
    let mut hi = num("maximum").map(|n| (n, false));
    match m.get("exclusiveMinimum") {
        Some(Value::Number(n)) => lo = tighter_lo(lo, Some((num_of(n), true))),
        Some(Value::Bool(true)) => lo = lo.map(|(n, _)| (n, true)),
        _ => {}
    }
    match m.get("exclusiveMaximum") {
        Some(Value::Number(n)) => hi = tighter_hi(hi, Some((num_of(n), true))),
        Some(Value::Bool(true)) => hi = hi.map(|(n, _)| (n, true)),
        _ => {}
    }
    (lo, hi)
}

fn tighter_lo(a: Bound, b: Bound) -> Bound {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some(x), Some(y)) => Some(match cmp_num(x.0, y.0) {
            Ordering::Greater => x,
            Ordering::Less => y,
            Ordering::Equal => (x.0, x.1 || y.1),
        }),
    }
}

fn tighter_hi(a: Bound, b: Bound) -> Bound {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some(x), Some(y)) => Some(match cmp_num(x.0, y.0) {
            Ordering::Less => x,
            Ordering::Greater => y,
            Ordering::Equal => (x.0, x.1 || y.1),
        }),
    }
}

fn show_lo(b: Bound) -> String {
    match b {
        None => "none".into(),
        Some((n, false)) => show_num(n),
        Some((n, true)) => format!("> {}", show_num(n)),
    }
}

fn show_hi(b: Bound) -> String {
    match b {
        None => "none".into(),
        Some((n, false)) => show_num(n),
        Some((n, true)) => format!("< {}", show_num(n)),
    }
}

fn count(v: Option<&Value>) -> Option<u64> {
    v.and_then(Value::as_number).and_then(|n| {
        n.as_u64()
            .or_else(|| n.as_f64().filter(|f| *f >= 0.0).map(|f| f.ceil() as u64))
    })
}

fn strs(v: Option<&Value>) -> impl Iterator<Item = &str> {
    v.and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
}

/// Keywords that assert something (everything else is an annotation, or a
/// keyword this check does not know and so ignores; unknown keywords are
/// annotations in 2020-12).
const ASSERTIONS: &[&str] = &[
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

fn has_assertions(m: &Map<String, Value>) -> bool {
    ASSERTIONS.iter().any(|k| m.contains_key(*k))
}

/// Whether `a` and `b` are the same JSON (numbers by value, keys in any
/// order) and hold no reference (whose meaning depends on the document).
/// Iterative.
fn same_without_refs(a: &Value, b: &Value, work: &mut u64) -> bool {
    let mut stack = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        *work += 1;
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                if x.len() != y.len() || x.contains_key("$ref") || x.contains_key("$dynamicRef") {
                    return false;
                }
                for (k, va) in x {
                    match y.get(k) {
                        Some(vb) => stack.push((va, vb)),
                        None => return false,
                    }
                }
            }
            (Value::Array(x), Value::Array(y)) => {
                if x.len() != y.len() {
                    return false;
                }
                stack.extend(x.iter().zip(y.iter()));
            }
            (Value::Number(x), Value::Number(y)) => {
                if cmp_num(num_of(x), num_of(y)) != Ordering::Equal {
                    return false;
                }
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

fn is_false(it: &Item<'_>) -> bool {
    matches!(
        it,
        Item::S {
            v: Value::Bool(false),
            ..
        }
    )
}

fn brief(v: &Value) -> String {
    crate::json::brief(v)
}

/// A literal on the left: a JSON value or a property name.
#[derive(Clone, Copy)]
enum Lit<'a> {
    V(&'a Value),
    N(&'a str),
}

impl<'a> Lit<'a> {
    fn canon(self) -> String {
        match self {
            Lit::V(v) => canon::key(v),
            Lit::N(s) => format!("\"{s}"),
        }
    }
    fn bits(self) -> u8 {
        match self {
            Lit::V(v) => kind_bits(v),
            Lit::N(_) => TS,
        }
    }
    fn text(self) -> String {
        match self {
            Lit::V(v) => brief(v),
            Lit::N(s) => crate::json::quoted(s),
        }
    }
    fn as_str(self) -> Option<&'a str> {
        match self {
            Lit::V(Value::String(s)) => Some(s),
            Lit::N(s) => Some(s),
            _ => None,
        }
    }
    fn as_num(self) -> Option<Num> {
        match self {
            Lit::V(Value::Number(n)) => Some(num_of(n)),
            _ => None,
        }
    }
}

// ------------------------------------------------------------------ engine

impl<'a> Engine<'a> {
    fn right_side(&self) -> u8 {
        1 - self.left_side
    }

    fn left_is_old(&self) -> bool {
        self.left_side == 0
    }

    fn s(&self, v: &'a Value, at: P, side: u8) -> Item<'a> {
        Item::S {
            v,
            at,
            side,
            flat: false,
        }
    }

    /// Runs goals from `start` until done; at most `limit` failures kept.
    fn run(&mut self, start: Goal<'a>, limit: usize) -> Vec<Failure> {
        let mut fails = Vec::new();
        if self.nest >= MAX_NEST {
            let at = self.ptrs.text(start.rat);
            fails.push(Failure {
                at,
                old: "alternatives".into(),
                new: "alternatives".into(),
                witness: format!(
                    "that alternatives nested more than {MAX_NEST} deep (anyOf/oneOf/if inside one another) are contained"
                ),
                proven: false,
            });
            return fails;
        }
        self.nest += 1;
        self.visited.push(HashSet::new());
        let mut stack = vec![start];
        while let Some(goal) = stack.pop() {
            if self.exhausted || self.work > WORK_BUDGET {
                if !self.exhausted || self.nest == 1 {
                    fails.push(Failure {
                        at: String::new(),
                        old: "(schema)".into(),
                        new: "(schema)".into(),
                        witness: format!(
                            "containment within the work budget ({WORK_BUDGET} steps): the schemas are too large or too intricate to compare"
                        ),
                        proven: false,
                    });
                }
                self.exhausted = true;
                break;
            }
            let before = fails.len();
            self.step(goal, &mut stack, &mut fails);
            if fails.len() > limit {
                if self.nest == 1 {
                    self.omitted += fails.len() - limit;
                    fails.truncate(limit);
                } else {
                    break;
                }
            }
            let _ = before;
        }
        let layer = self.visited.pop().unwrap_or_default();
        self.nest -= 1;
        if fails.is_empty() {
            if let Some(parent) = self.visited.last_mut() {
                parent.extend(layer);
            }
        }
        fails
    }

    fn trial(
        &mut self,
        left: Vec<Item<'a>>,
        right: &'a Value,
        rat: P,
        g: &Goal<'a>,
    ) -> Vec<Failure> {
        self.run(
            Goal {
                left,
                right,
                rat,
                lat: g.lat,
                depth: g.depth,
                about: g.about,
            },
            TRIAL_FAILURES,
        )
    }

    fn key(&self, g: &Goal<'a>) -> Key {
        let mut items: Vec<(u8, usize)> = g
            .left
            .iter()
            .flat_map(|it| match *it {
                Item::S { v, flat, .. } => [(flat as u8, v as *const Value as usize), (9, 0)],
                Item::Lit { v, .. } => [(2, v as *const Value as usize), (9, 0)],
                Item::Name(s) => [(3, s.as_ptr() as usize), (4, s.len())],
                Item::Ty(t) => [(5, t as usize), (9, 0)],
                Item::Disj(id) => [(6, id as usize), (9, 0)],
            })
            .filter(|k| k.0 != 9)
            .collect();
        items.sort_unstable();
        items.dedup();
        (items, g.right as *const Value as usize)
    }

    fn resolve(&mut self, side: u8, reference: &'a str) -> Option<(&'a Value, P)> {
        let key = (side, reference.as_ptr() as usize ^ (reference.len() << 48));
        if let Some(hit) = self.refs.get(&key) {
            return *hit;
        }
        let found = self.docs[side as usize]
            .resolve(reference)
            .map(|(v, path)| {
                let mut at = Pointers::ROOT;
                for token in path {
                    at = self.ptrs.child(at, token);
                }
                (v, at)
            });
        self.refs.insert(key, found);
        found
    }

    /// Whether `text` contains a match of `pattern`; `None`: the pattern
    /// does not compile, or the text is too long to try.
    fn matches(&mut self, pattern: &'a str, text: &str) -> Option<bool> {
        if text.len() > MAX_REGEX_TEXT {
            return None;
        }
        let re = self.regexes.entry(pattern).or_insert_with(|| {
            regress::Regex::with_flags(pattern, "u")
                .or_else(|_| regress::Regex::new(pattern))
                .ok()
        });
        re.as_ref().map(|re| re.find(text).is_some())
    }

    fn enum_set(&mut self, m: &'a Map<String, Value>) -> Option<&HashSet<String>> {
        let key = m as *const Map<String, Value> as usize;
        if !self.enum_sets.contains_key(&key) {
            let values: Vec<&Value> = match (m.get("enum"), m.get("const")) {
                (Some(Value::Array(e)), _) => e.iter().collect(),
                (_, Some(c)) => vec![c],
                _ => return None,
            };
            self.work += values.len() as u64;
            let mut set: HashSet<String> = values.iter().map(|v| canon::key(v)).collect();
            // `enum` and `const` together: the intersection.
            if let (Some(Value::Array(_)), Some(c)) = (m.get("enum"), m.get("const")) {
                let c = canon::key(c);
                set.retain(|x| *x == c);
            }
            self.enum_sets.insert(key, set);
        }
        self.enum_sets.get(&key)
    }

    fn fail(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        keyword: &str,
        left: String,
        right: String,
        witness: String,
        proven: bool,
    ) -> Failure {
        let base = if self.left_is_old() {
            g.rat
        } else {
            // The conjunct that has the keyword, else the first that asserts
            // anything (not a `$ref` wrapper), else the first.
            let has = |it: &Item<'a>, f: &dyn Fn(&Map<String, Value>) -> bool| match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => f(m),
                _ => false,
            };
            conj.iter()
                .find(|it| has(it, &|m| m.contains_key(keyword)))
                .or_else(|| conj.iter().find(|it| has(it, &has_assertions)))
                .or_else(|| {
                    conj.iter()
                        .find(|it| matches!(it, Item::S { .. } | Item::Lit { .. }))
                })
                .and_then(|it| match *it {
                    Item::S { at, .. } | Item::Lit { at, .. } => Some(at),
                    _ => None,
                })
                .unwrap_or(g.lat)
        };
        let mut at = self.ptrs.text(base);
        if !keyword.is_empty() {
            at.push('/');
            at.push_str(&crate::json::escape(keyword));
        }
        let (old, new) = if self.left_is_old() {
            (left, right)
        } else {
            (right, left)
        };
        Failure {
            at,
            old,
            new,
            witness,
            proven,
        }
    }

    // -------------------------------------------------------------- flatten

    /// The left side as one list of conjuncts (schemas taken apart along
    /// `$ref` and `allOf`), its pending alternatives, and whether it is
    /// plainly empty (a `false` among its conjuncts).
    fn flatten(&mut self, items: &[Item<'a>]) -> Flat<'a> {
        let mut flat = Flat {
            conj: Vec::new(),
            disj: Vec::new(),
            empty: false,
        };
        let mut seen: HashSet<usize> = HashSet::new();
        let mut stack: Vec<Item<'a>> = items.iter().rev().copied().collect();
        while let Some(it) = stack.pop() {
            self.work += 1;
            match it {
                Item::S {
                    v,
                    at,
                    side,
                    flat: done,
                } => match v {
                    Value::Bool(false) => {
                        flat.empty = true;
                        return flat;
                    }
                    Value::Object(m) => {
                        if !seen.insert(v as *const Value as usize) {
                            continue;
                        }
                        flat.conj.push(Item::S {
                            v,
                            at,
                            side,
                            flat: true,
                        });
                        if done {
                            continue;
                        }
                        if let Some(r) = m.get("$ref").and_then(Value::as_str) {
                            // Unresolvable on the left: dropped (the left
                            // only grows).
                            if let Some((t, tat)) = self.resolve(side, r) {
                                stack.push(self.s(t, tat, side));
                            }
                        }
                        if let Some(all) = m.get("allOf").and_then(Value::as_array) {
                            for (i, s) in all.iter().enumerate().rev() {
                                let p = self.ptrs.index(at, "allOf", i);
                                stack.push(self.s(s, p, side));
                            }
                        }
                        for kw in ["anyOf", "oneOf"] {
                            if let Some(alts) = m.get(kw).and_then(Value::as_array) {
                                let alts = alts
                                    .iter()
                                    .enumerate()
                                    .map(|(i, s)| {
                                        let p = self.ptrs.index(at, kw, i);
                                        self.s(s, p, side)
                                    })
                                    .collect::<Vec<_>>();
                                flat.disj.push(alts);
                            }
                        }
                        if m.contains_key("if") {
                            if let (Some(t), Some(e)) = (m.get("then"), m.get("else")) {
                                let tp = self.ptrs.child(at, "then");
                                let ep = self.ptrs.child(at, "else");
                                flat.disj
                                    .push(vec![self.s(t, tp, side), self.s(e, ep, side)]);
                            }
                        }
                    }
                    // `true`, and anything that is not a schema: no
                    // constraint.
                    _ => {}
                },
                Item::Disj(id) => {
                    if let Some(d) = self.disjs.get(id as usize) {
                        flat.disj.push(d.clone());
                    }
                }
                other => flat.conj.push(other),
            }
        }
        flat
    }

    // -------------------------------------------------------------- one goal

    fn step(&mut self, g: Goal<'a>, out: &mut Vec<Goal<'a>>, fails: &mut Vec<Failure>) {
        self.work += 1 + g.left.len() as u64;
        let rm = match g.right {
            Value::Bool(true) => return,
            Value::Object(m) => m,
            Value::Bool(false) => {
                let flat = self.flatten(&g.left);
                if flat.empty {
                    return;
                }
                if !flat.disj.is_empty() {
                    self.split(&g, flat, out);
                    return;
                }
                if self.types(&flat.conj) == 0 {
                    return;
                }
                let witness = match g.about {
                    Some(k) => format!("with the property {}", crate::json::quoted(k)),
                    None => "with any value here".into(),
                };
                let f = self.fail(
                    &g,
                    &flat.conj,
                    "",
                    "allowed".into(),
                    "false (nothing allowed)".into(),
                    witness,
                    true,
                );
                fails.push(f);
                return;
            }
            other => {
                let f = self.fail(
                    &g,
                    &[],
                    "",
                    "a schema".into(),
                    brief(other),
                    "here: it is not a schema (neither an object nor a boolean)".into(),
                    false,
                );
                fails.push(f);
                return;
            }
        };
        if g.depth > MAX_DEPTH {
            let f = self.fail(
                &g,
                &[],
                "",
                "(deeper)".into(),
                "(deeper)".into(),
                format!("containment below {MAX_DEPTH} levels of nesting: not compared"),
                false,
            );
            fails.push(f);
            return;
        }
        let key = self.key(&g);
        if self.visited.iter().any(|layer| layer.contains(&key)) {
            return;
        }
        if let Some(layer) = self.visited.last_mut() {
            layer.insert(key);
        }

        // The right side: `$ref` and `allOf` are conjunctions, one goal each.
        if let Some(r) = rm.get("$ref").and_then(Value::as_str) {
            let side = self.right_side();
            match self.resolve(side, r) {
                Some((t, tat)) => out.push(Goal {
                    right: t,
                    rat: tat,
                    ..g.clone()
                }),
                None => {
                    let f = self.fail(
                        &g,
                        &[],
                        "$ref",
                        "-".into(),
                        crate::json::quoted(r),
                        format!(
                            "anything about {}: it does not resolve within the schema",
                            crate::json::quoted(r)
                        ),
                        false,
                    );
                    fails.push(f);
                }
            }
        }
        if let Some(all) = rm.get("allOf").and_then(Value::as_array) {
            for (i, s) in all.iter().enumerate() {
                let rat = self.ptrs.index(g.rat, "allOf", i);
                out.push(Goal {
                    right: s,
                    rat,
                    ..g.clone()
                });
            }
        }
        for kw in ["$dynamicRef", "$recursiveRef"] {
            if rm.contains_key(kw) {
                let f = self.fail(
                    &g,
                    &[],
                    kw,
                    "-".into(),
                    kw.into(),
                    format!("anything through `{kw}` (dynamic references are not followed)"),
                    false,
                );
                fails.push(f);
            }
        }
        if !has_assertions(rm) {
            return;
        }

        let flat = self.flatten(&g.left);
        if flat.empty {
            return;
        }
        if !flat.disj.is_empty() {
            self.split(&g, flat, out);
            return;
        }
        let conj = flat.conj;

        // Literals on the left.
        let mut lit: Option<(Lit<'a>, P)> = None;
        for it in &conj {
            let (l, at) = match *it {
                Item::Lit { v, at } => (Lit::V(v), at),
                Item::Name(s) => (Lit::N(s), g.lat),
                _ => continue,
            };
            match lit {
                Some((prev, _)) if prev.canon() != l.canon() => return,
                Some(_) => {}
                None => lit = Some((l, at)),
            }
        }
        if let Some((l, _)) = lit {
            for it in &conj {
                if let Item::S {
                    v: Value::Object(m),
                    ..
                } = *it
                {
                    if self.lit_excluded(l, m) {
                        return;
                    }
                }
            }
        } else if self.split_finite(&g, &conj, rm, out, fails) {
            return;
        }

        let types = self.types(&conj);
        if types == 0 {
            return;
        }

        // enum / const on the right.
        if rm.contains_key("enum") || rm.contains_key("const") {
            let kw = if rm.contains_key("enum") {
                "enum"
            } else {
                "const"
            };
            match lit {
                Some((l, _)) => {
                    let c = l.canon();
                    if !self.enum_set(rm).is_some_and(|s| s.contains(&c)) {
                        let f = self.fail(
                            &g,
                            &conj,
                            kw,
                            l.text(),
                            "a list without it".into(),
                            format!("of {}", l.text()),
                            true,
                        );
                        fails.push(f);
                    }
                }
                None if types & !(TN | TB) == 0 => {
                    // Finitely many values: each checked as a literal.
                    for (bit, vals) in [(TN, &[&NULL][..]), (TB, &[&TRUE, &FALSE][..])] {
                        if types & bit != 0 {
                            for v in vals {
                                let mut left = conj.clone();
                                left.push(Item::Lit { v, at: g.lat });
                                out.push(Goal { left, ..g.clone() });
                            }
                        }
                    }
                    return;
                }
                None => {
                    let shown = rm.get(kw).map(brief).unwrap_or_default();
                    let f = self.fail(
                        &g,
                        &conj,
                        kw,
                        format!("any {}", types_text(types)),
                        shown,
                        format!("of a {} not listed in the new `{kw}`", types_text(types)),
                        true,
                    );
                    fails.push(f);
                    // The rest would only repeat it.
                    return;
                }
            }
        }

        // type
        let rtypes = type_bits(rm);
        let mut missing = types & !rtypes;
        // An integer is a number; a non-integer is not an integer.
        if rtypes & TF != 0 {
            missing &= !TI;
        }
        if missing != 0 {
            for bit in [TN, TB, TO, TA, TS, TI, TF] {
                if missing & bit != 0 {
                    let f = self.fail(
                        &g,
                        &conj,
                        "type",
                        types_text(types),
                        types_text(rtypes),
                        type_witness(bit).into(),
                        true,
                    );
                    fails.push(f);
                }
            }
        }
        let types = types & rtypes_closure(rtypes);
        if types & NUM != 0 {
            self.check_number(&g, &conj, rm, lit.map(|l| l.0), types, fails);
        }
        if types & TS != 0 {
            self.check_string(&g, &conj, rm, lit.map(|l| l.0), fails);
        }
        if types & TO != 0 {
            self.check_object(&g, &conj, rm, out, fails);
        }
        if types & TA != 0 {
            self.check_array(&g, &conj, rm, out, fails);
        }
        self.check_combinators(&g, &conj, rm, types, out, fails);
    }

    fn split(&mut self, g: &Goal<'a>, flat: Flat<'a>, out: &mut Vec<Goal<'a>>) {
        let mut disj = flat.disj.into_iter();
        let Some(first) = disj.next() else { return };
        let rest: Vec<Item<'a>> = disj
            .map(|d| {
                self.disjs.push(d);
                Item::Disj((self.disjs.len() - 1) as u32)
            })
            .collect();
        for alt in first {
            let mut left = flat.conj.clone();
            left.extend(rest.iter().copied());
            left.push(alt);
            out.push(Goal { left, ..g.clone() });
        }
    }

    /// A left side with `enum`/`const`: one goal per value (or, when the
    /// right side is only a list too, one set comparison). Whether it did.
    fn split_finite(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        rm: &'a Map<String, Value>,
        out: &mut Vec<Goal<'a>>,
        fails: &mut Vec<Failure>,
    ) -> bool {
        let mut vals: Option<Vec<(&'a Value, P, &'static str, usize)>> = None;
        for it in conj {
            let Item::S {
                v: Value::Object(m),
                at,
                ..
            } = *it
            else {
                continue;
            };
            let these: Vec<(&'a Value, P, &'static str, usize)> =
                match (m.get("enum"), m.get("const")) {
                    (_, Some(c)) => vec![(c, at, "const", usize::MAX)],
                    (Some(Value::Array(e)), None) => e
                        .iter()
                        .enumerate()
                        .map(|(i, v)| (v, at, "enum", i))
                        .collect(),
                    _ => continue,
                };
            vals = Some(match vals {
                None => these,
                Some(prev) => {
                    let set: HashSet<String> = these.iter().map(|t| canon::key(t.0)).collect();
                    self.work += (set.len() + prev.len()) as u64;
                    prev.into_iter()
                        .filter(|t| set.contains(&canon::key(t.0)))
                        .collect()
                }
            });
        }
        let Some(mut vals) = vals else { return false };
        self.work += vals.len() as u64;
        let schemas: Vec<&'a Map<String, Value>> = conj
            .iter()
            .filter_map(|it| match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => Some(m),
                _ => None,
            })
            .collect();
        vals.retain(|t| !schemas.iter().any(|m| self.lit_excluded(Lit::V(t.0), m)));
        let only_list = rm
            .keys()
            .all(|k| k == "enum" || k == "const" || !ASSERTIONS.contains(&k.as_str()));
        if only_list && (rm.contains_key("enum") || rm.contains_key("const")) {
            let kw = if rm.contains_key("enum") {
                "enum"
            } else {
                "const"
            };
            let set = self.enum_set(rm).cloned().unwrap_or_default();
            let missing: Vec<&Value> = vals
                .iter()
                .map(|t| t.0)
                .filter(|v| !set.contains(&canon::key(v)))
                .collect();
            if !missing.is_empty() {
                let mut shown: Vec<String> = missing.iter().take(5).map(|v| brief(v)).collect();
                if missing.len() > 5 {
                    shown.push(format!("(and {} more)", missing.len() - 5));
                }
                let old_list = format!("{} value(s)", vals.len());
                let f = self.fail(
                    g,
                    conj,
                    kw,
                    old_list,
                    rm.get(kw).map(brief).unwrap_or_default(),
                    format!("of {}", shown.join(", ")),
                    true,
                );
                fails.push(f);
            }
            return true;
        }
        for (v, at, kw, i) in vals {
            let at = if i == usize::MAX {
                self.ptrs.child(at, kw)
            } else {
                self.ptrs.index(at, kw, i)
            };
            // The other conjuncts stay: they say more about the value's
            // parts, and a right side written like them is recognised.
            let mut left = conj.to_vec();
            left.push(Item::Lit { v, at });
            out.push(Goal { left, ..g.clone() });
        }
        true
    }

    /// The JSON types the left allows (0: none).
    fn types(&mut self, conj: &[Item<'a>]) -> u8 {
        let mut t = ALL;
        let mut int_mult = false;
        for it in conj {
            match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => {
                    t &= type_bits(m);
                    if let Some(Value::Array(e)) = m.get("enum") {
                        t &= e.iter().fold(0, |acc, v| acc | kind_bits(v));
                    }
                    if let Some(c) = m.get("const") {
                        t &= kind_bits(c);
                    }
                    if m.get("multipleOf")
                        .and_then(Value::as_f64)
                        .is_some_and(|f| f >= 1.0 && f.fract() == 0.0)
                    {
                        int_mult = true;
                    }
                }
                Item::Lit { v, .. } => t &= kind_bits(v),
                Item::Name(_) => t &= TS,
                Item::Ty(bits) => t &= bits,
                _ => {}
            }
        }
        if int_mult {
            t &= !TF;
        }
        if t & NUM != 0 && self.numbers_empty(conj, t) {
            t &= !NUM;
        }
        if t & TS != 0 {
            let (min, max) = str_lengths(conj);
            if max.is_some_and(|max| min > max) {
                t &= !TS;
            }
        }
        if t & TA != 0 {
            let (min, max) = self.item_counts(conj);
            if max.is_some_and(|max| min > max) {
                t &= !TA;
            }
        }
        if t & TO != 0 {
            let req = left_required(conj);
            let (min, max) = prop_counts(conj);
            let min = min.max(req.len() as u64);
            if max.is_some_and(|max| min > max) {
                t &= !TO;
            } else {
                for k in req {
                    let lk = self.left_prop(conj, k);
                    if lk.iter().any(is_false) {
                        t &= !TO;
                        break;
                    }
                }
            }
        }
        t
    }

    // -------------------------------------------------------------- literals

    /// Whether the literal certainly fails `m`'s own keywords (shallow).
    fn lit_excluded(&mut self, l: Lit<'a>, m: &'a Map<String, Value>) -> bool {
        let bits = l.bits();
        let t = type_bits(m);
        if bits & t == 0 && !(bits == TI && t & TF != 0) {
            return true;
        }
        if m.contains_key("enum") || m.contains_key("const") {
            let c = l.canon();
            if !self.enum_set(m).is_some_and(|s| s.contains(&c)) {
                return true;
            }
        }
        if let Some(n) = l.as_num() {
            let (lo, hi) = bounds(m);
            if let Some((b, ex)) = lo {
                match cmp_num(n, b) {
                    Ordering::Less => return true,
                    Ordering::Equal if ex => return true,
                    _ => {}
                }
            }
            if let Some((b, ex)) = hi {
                match cmp_num(n, b) {
                    Ordering::Greater => return true,
                    Ordering::Equal if ex => return true,
                    _ => {}
                }
            }
            if let Some(mo) = m.get("multipleOf").and_then(Value::as_f64) {
                if !is_multiple(num_f(n), mo) {
                    return true;
                }
            }
        }
        if let Some(s) = l.as_str() {
            let len = s.chars().count() as u64;
            if count(m.get("minLength")).is_some_and(|n| len < n)
                || count(m.get("maxLength")).is_some_and(|n| len > n)
            {
                return true;
            }
            if let Some(p) = m.get("pattern").and_then(Value::as_str) {
                if self.matches(p, s) == Some(false) {
                    return true;
                }
            }
            if let Some(f) = m.get("format").and_then(Value::as_str) {
                if crate::args::formats::is_valid(f, s) == Some(false) {
                    return true;
                }
            }
        }
        match l {
            Lit::V(Value::Object(o)) => {
                if strs(m.get("required")).any(|r| !o.contains_key(r)) {
                    return true;
                }
                if m.get("additionalProperties") == Some(&FALSE)
                    && !m.contains_key("patternProperties")
                {
                    let props = m.get("properties").and_then(Value::as_object);
                    if o.keys().any(|k| !props.is_some_and(|p| p.contains_key(k))) {
                        return true;
                    }
                }
            }
            Lit::V(Value::Array(a)) => {
                let n = a.len() as u64;
                if count(m.get("minItems")).is_some_and(|x| n < x)
                    || count(m.get("maxItems")).is_some_and(|x| n > x)
                {
                    return true;
                }
            }
            _ => {}
        }
        false
    }

    // -------------------------------------------------------------- numbers

    fn left_bounds(&self, conj: &[Item<'a>]) -> (Bound, Bound, Vec<f64>) {
        let (mut lo, mut hi, mut mults) = (None, None, Vec::new());
        for it in conj {
            match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => {
                    let (a, b) = bounds(m);
                    lo = tighter_lo(lo, a);
                    hi = tighter_hi(hi, b);
                    if let Some(f) = m.get("multipleOf").and_then(Value::as_f64) {
                        if f > 0.0 {
                            mults.push(f);
                        }
                    }
                }
                Item::Lit {
                    v: Value::Number(n),
                    ..
                } => {
                    let n = num_of(n);
                    lo = tighter_lo(lo, Some((n, false)));
                    hi = tighter_hi(hi, Some((n, false)));
                }
                _ => {}
            }
        }
        (lo, hi, mults)
    }

    /// Integer bounds of an integer-only left: inclusive, snapped to the
    /// integer multiples it requires.
    fn int_bounds(lo: Bound, hi: Bound, mults: &[f64]) -> (Option<i128>, Option<i128>) {
        let mut ilo = lo.and_then(|(n, ex)| ceil_int(n, ex));
        let mut ihi = hi.and_then(|(n, ex)| floor_int(n, ex));
        for &m in mults {
            if m >= 1.0 && m.fract() == 0.0 && m < 1e15 {
                let m = m as i128;
                ilo = ilo.map(|l| l.div_euclid(m) * m + if l.rem_euclid(m) == 0 { 0 } else { m });
                ihi = ihi.map(|h| h.div_euclid(m) * m);
            }
        }
        (ilo, ihi)
    }

    fn numbers_empty(&self, conj: &[Item<'a>], t: u8) -> bool {
        let (lo, hi, mults) = self.left_bounds(conj);
        if t & NUM == TI {
            let (ilo, ihi) = Self::int_bounds(lo, hi, &mults);
            return matches!((ilo, ihi), (Some(a), Some(b)) if a > b);
        }
        match (lo, hi) {
            (Some((a, ax)), Some((b, bx))) => match cmp_num(a, b) {
                Ordering::Greater => true,
                Ordering::Equal => ax || bx,
                Ordering::Less => false,
            },
            _ => false,
        }
    }

    fn check_number(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        rm: &'a Map<String, Value>,
        lit: Option<Lit<'a>>,
        types: u8,
        fails: &mut Vec<Failure>,
    ) {
        let (rlo, rhi) = bounds(rm);
        let rmult = rm.get("multipleOf").and_then(Value::as_f64);
        if rlo.is_none() && rhi.is_none() && rmult.is_none() {
            return;
        }
        let (lo, hi, mults) = self.left_bounds(conj);
        let int_only = types & NUM == TI;
        let (ilo, ihi) = Self::int_bounds(lo, hi, &mults);
        if let Some((r, rex)) = rlo {
            let kw = if rex && rm.contains_key("exclusiveMinimum") {
                "exclusiveMinimum"
            } else {
                "minimum"
            };
            let ok = if int_only {
                matches!((ilo, ceil_int(r, rex)), (Some(l), Some(ri)) if l >= ri)
            } else {
                lo.is_some_and(|(l, lex)| match cmp_num(l, r) {
                    Ordering::Greater => true,
                    Ordering::Equal => !rex || lex,
                    Ordering::Less => false,
                })
            };
            if !ok {
                let witness = match (int_only, ceil_int(r, rex)) {
                    (true, Some(ri)) => range_text(ilo, Some(ri - 1)),
                    _ => match lo {
                        Some((l, _)) if cmp_num(l, r) == Ordering::Equal => {
                            format!("of exactly {}", show_num(r))
                        }
                        _ => format!("below {}", show_num(r)),
                    },
                };
                let f = self.fail(g, conj, kw, show_lo(lo), show_lo(rlo), witness, true);
                fails.push(f);
            }
        }
        if let Some((r, rex)) = rhi {
            let kw = if rex && rm.contains_key("exclusiveMaximum") {
                "exclusiveMaximum"
            } else {
                "maximum"
            };
            let ok = if int_only {
                matches!((ihi, floor_int(r, rex)), (Some(l), Some(ri)) if l <= ri)
            } else {
                hi.is_some_and(|(l, lex)| match cmp_num(l, r) {
                    Ordering::Less => true,
                    Ordering::Equal => !rex || lex,
                    Ordering::Greater => false,
                })
            };
            if !ok {
                let witness = match (int_only, floor_int(r, rex)) {
                    (true, Some(ri)) => range_text(Some(ri + 1), ihi),
                    _ => match hi {
                        Some((l, _)) if cmp_num(l, r) == Ordering::Equal => {
                            format!("of exactly {}", show_num(r))
                        }
                        _ => format!("above {}", show_num(r)),
                    },
                };
                let f = self.fail(g, conj, kw, show_hi(hi), show_hi(rhi), witness, true);
                fails.push(f);
            }
        }
        if let Some(m) = rmult {
            let point = lit
                .and_then(|l| l.as_num())
                .map(num_f)
                .or(match (ilo, ihi) {
                    (Some(a), Some(b)) if a == b && int_only => Some(a as f64),
                    _ => None,
                });
            let ok = match point {
                Some(x) => is_multiple(x, m),
                None => {
                    mults.iter().any(|&lm| is_multiple(lm, m)) || (int_only && is_multiple(1.0, m))
                }
            };
            if !ok {
                let old = match mults.first() {
                    Some(lm) => show_num(Num::F(*lm)),
                    None => "none".into(),
                };
                let f = self.fail(
                    g,
                    conj,
                    "multipleOf",
                    old,
                    show_num(Num::F(m)),
                    format!("that is not a multiple of {}", show_num(Num::F(m))),
                    true,
                );
                fails.push(f);
            }
        }
    }

    // -------------------------------------------------------------- strings

    fn check_string(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        rm: &'a Map<String, Value>,
        lit: Option<Lit<'a>>,
        fails: &mut Vec<Failure>,
    ) {
        let (lmin, lmax) = str_lengths(conj);
        if let Some(r) = count(rm.get("minLength")) {
            if lmin < r {
                let f = self.fail(
                    g,
                    conj,
                    "minLength",
                    lmin.to_string(),
                    r.to_string(),
                    format!(
                        "that is a string of {}",
                        chars_range(lmin, r.saturating_sub(1))
                    ),
                    true,
                );
                fails.push(f);
            }
        }
        if let Some(r) = count(rm.get("maxLength")) {
            if lmax.is_none_or(|l| l > r) {
                let shown = lmax.map_or("none".into(), |l| l.to_string());
                let f = self.fail(
                    g,
                    conj,
                    "maxLength",
                    shown,
                    r.to_string(),
                    format!("that is a string of more than {r} characters"),
                    true,
                );
                fails.push(f);
            }
        }
        let text = lit
            .and_then(Lit::as_str)
            .or(if lmax == Some(0) { Some("") } else { None });
        let left_has = |kw: &str, want: &str| {
            conj.iter().any(|it| {
                matches!(*it, Item::S { v: Value::Object(m), .. } if m.get(kw).and_then(Value::as_str) == Some(want))
            })
        };
        if let Some(p) = rm.get("pattern").and_then(Value::as_str) {
            let old = conj
                .iter()
                .find_map(|it| match *it {
                    Item::S {
                        v: Value::Object(m),
                        ..
                    } => m.get("pattern").and_then(Value::as_str),
                    _ => None,
                })
                .map_or("none".into(), crate::json::quoted);
            match text {
                Some(s) => match self.matches(p, s) {
                    Some(true) => {}
                    Some(false) => {
                        let f = self.fail(
                            g,
                            conj,
                            "pattern",
                            old,
                            crate::json::quoted(p),
                            format!("of {}", crate::json::quoted(s)),
                            true,
                        );
                        fails.push(f);
                    }
                    None => {
                        let f = self.fail(
                            g,
                            conj,
                            "pattern",
                            old,
                            crate::json::quoted(p),
                            "that the new pattern holds (it does not compile as ECMA-262)".into(),
                            false,
                        );
                        fails.push(f);
                    }
                },
                None if left_has("pattern", p) || self.universal(p) => {}
                None => {
                    let why = if self.left_is_old() {
                        "that every string the old schema accepted matches the new pattern"
                            .to_string()
                    } else {
                        "that every string the new schema allows matches the old pattern"
                            .to_string()
                    };
                    let f = self.fail(g, conj, "pattern", old, crate::json::quoted(p), why, false);
                    fails.push(f);
                }
            }
        }
        if let Some(fmt) = rm.get("format").and_then(Value::as_str) {
            let old = conj
                .iter()
                .find_map(|it| match *it {
                    Item::S {
                        v: Value::Object(m),
                        ..
                    } => m.get("format").and_then(Value::as_str),
                    _ => None,
                })
                .map_or("none".into(), crate::json::quoted);
            match text {
                Some(s) => match crate::args::formats::is_valid(fmt, s) {
                    Some(true) => {}
                    Some(false) => {
                        let f = self.fail(
                            g,
                            conj,
                            "format",
                            old,
                            crate::json::quoted(fmt),
                            format!("of {}", crate::json::quoted(s)),
                            true,
                        );
                        fails.push(f);
                    }
                    None => {
                        let f = self.fail(
                            g,
                            conj,
                            "format",
                            old,
                            crate::json::quoted(fmt),
                            format!(
                                "that {} is a valid {} (an unknown format)",
                                crate::json::quoted(s),
                                crate::json::quoted(fmt)
                            ),
                            false,
                        );
                        fails.push(f);
                    }
                },
                None if left_has("format", fmt) => {}
                None => {
                    let proven = crate::args::formats::is_valid(fmt, "").is_some() && old == "none";
                    let witness = if proven {
                        format!("that is a string but not a valid {fmt}")
                    } else {
                        format!(
                            "that every string the {} schema allows is a valid {}",
                            if self.left_is_old() { "old" } else { "new" },
                            crate::json::quoted(fmt)
                        )
                    };
                    let f = self.fail(
                        g,
                        conj,
                        "format",
                        old,
                        crate::json::quoted(fmt),
                        witness,
                        proven,
                    );
                    fails.push(f);
                }
            }
        }
    }

    /// A pattern every string contains a match of: no anchors or look-
    /// arounds, and it matches the empty string.
    fn universal(&mut self, p: &'a str) -> bool {
        !p.contains(['^', '$', '\\', '(']) && self.matches(p, "") == Some(true)
            || matches!(p, "^.*$" | "^[\\s\\S]*$" | "^(.*)$")
    }

    // -------------------------------------------------------------- objects

    /// Whether some conjunct evaluates the property `k` (for
    /// `unevaluatedProperties`).
    fn evaluated_anywhere(&mut self, conj: &[Item<'a>], k: &str) -> bool {
        for it in conj {
            if let Item::S {
                v: Value::Object(m),
                ..
            } = *it
            {
                if m.get("properties")
                    .and_then(Value::as_object)
                    .is_some_and(|p| p.contains_key(k))
                    || m.contains_key("additionalProperties")
                {
                    return true;
                }
                if let Some(pp) = m.get("patternProperties").and_then(Value::as_object) {
                    for p in pp.keys() {
                        if self.matches(p, k) != Some(false) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// What the left says about the value of the property `k`.
    fn left_prop(&mut self, conj: &[Item<'a>], k: &'a str) -> Vec<Item<'a>> {
        let mut out = Vec::new();
        for it in conj {
            self.work += 1;
            match *it {
                Item::S {
                    v: Value::Object(m),
                    at,
                    side,
                    ..
                } => {
                    if let Some(s) = m
                        .get("properties")
                        .and_then(Value::as_object)
                        .and_then(|p| p.get(k))
                    {
                        let p = self.ptrs.child2(at, "properties", k);
                        out.push(self.s(s, p, side));
                        continue;
                    }
                    let (mut matched, mut unsure) = (false, false);
                    if let Some(pp) = m.get("patternProperties").and_then(Value::as_object) {
                        for (p, s) in pp {
                            match self.matches(p, k) {
                                Some(true) => {
                                    let at = self.ptrs.child2(at, "patternProperties", p.as_str());
                                    out.push(self.s(s, at, side));
                                    matched = true;
                                }
                                Some(false) => {}
                                None => unsure = true,
                            }
                        }
                    }
                    if matched || unsure {
                        continue;
                    }
                    if let Some(ap) = m.get("additionalProperties") {
                        let p = self.ptrs.child(at, "additionalProperties");
                        out.push(self.s(ap, p, side));
                    } else if let Some(up) = m.get("unevaluatedProperties") {
                        if !self.evaluated_anywhere(conj, k) {
                            let p = self.ptrs.child(at, "unevaluatedProperties");
                            out.push(self.s(up, p, side));
                        }
                    }
                }
                Item::Lit {
                    v: Value::Object(o),
                    at,
                } => match o.get(k) {
                    Some(c) => {
                        let at = self.ptrs.child(at, k);
                        out.push(Item::Lit { v: c, at });
                    }
                    None => out.push(self.s(&FALSE, at, self.left_side)),
                },
                _ => {}
            }
        }
        out
    }

    /// What the left says about a property it does not name (matching the
    /// pattern `pat` when given); `None`: it allows no such property.
    fn left_other(&mut self, conj: &[Item<'a>], pat: Option<&str>) -> Option<Vec<Item<'a>>> {
        let mut out = Vec::new();
        let any_ap = conj.iter().any(|it| {
            matches!(*it, Item::S { v: Value::Object(m), .. } if m.contains_key("additionalProperties") || m.contains_key("patternProperties"))
        });
        for it in conj {
            match *it {
                Item::S {
                    v: Value::Object(m),
                    at,
                    side,
                    ..
                } => {
                    if let Some(pp) = m.get("patternProperties").and_then(Value::as_object) {
                        if let Some((p, s)) = pat.and_then(|pat| pp.get_key_value(pat)) {
                            let at = self.ptrs.child2(at, "patternProperties", p.as_str());
                            out.push(self.s(s, at, side));
                        }
                        // A key may match another of its patterns: no
                        // constraint taken from this conjunct (the left
                        // only grows).
                        continue;
                    }
                    if let Some(ap) = m.get("additionalProperties") {
                        if *ap == FALSE {
                            return None;
                        }
                        let p = self.ptrs.child(at, "additionalProperties");
                        out.push(self.s(ap, p, side));
                    } else if let Some(up) = m.get("unevaluatedProperties") {
                        if !any_ap {
                            if *up == FALSE {
                                return None;
                            }
                            let p = self.ptrs.child(at, "unevaluatedProperties");
                            out.push(self.s(up, p, side));
                        }
                    }
                }
                Item::Lit {
                    v: Value::Object(_),
                    ..
                } => return None,
                _ => {}
            }
        }
        Some(out)
    }

    fn can_have(&mut self, conj: &[Item<'a>], named: &HashSet<&'a str>, k: &'a str) -> bool {
        let lk = self.left_prop(conj, k);
        if lk.iter().any(is_false) {
            return false;
        }
        named.contains(&k) || self.left_other(conj, None).is_some()
    }

    fn check_object(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        rm: &'a Map<String, Value>,
        out: &mut Vec<Goal<'a>>,
        fails: &mut Vec<Failure>,
    ) {
        const OBJ: &[&str] = &[
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
        ];
        if !OBJ.iter().any(|k| rm.contains_key(*k)) {
            return;
        }
        let lreq = left_required(conj);
        let lreq_set: HashSet<&'a str> = lreq.iter().copied().collect();
        let named = left_named(conj);
        let named_set: HashSet<&'a str> = named.iter().copied().collect();
        let other_open = self.left_other(conj, None).is_some();

        // required
        for r in strs(rm.get("required")) {
            if !lreq_set.contains(r) {
                let f = self.fail(
                    g,
                    conj,
                    "required",
                    format!("{} optional", crate::json::quoted(r)),
                    format!("{} required", crate::json::quoted(r)),
                    format!("without {}", crate::json::quoted(r)),
                    true,
                );
                fails.push(f);
            }
        }
        // properties
        let rprops = rm.get("properties").and_then(Value::as_object);
        if let Some(props) = rprops {
            for (k, s) in props {
                self.work += 1;
                let lk = self.left_prop(conj, k);
                if lk.iter().any(is_false) || (!named_set.contains(k.as_str()) && !other_open) {
                    continue;
                }
                let rat = self.ptrs.child2(g.rat, "properties", k.as_str());
                let lat = self.ptrs.child2(g.lat, "properties", k.as_str());
                out.push(Goal {
                    left: lk,
                    right: s,
                    rat,
                    lat,
                    depth: g.depth + 1,
                    about: Some(k),
                });
            }
        }
        // patternProperties
        let rpats: Vec<(&'a str, &'a Value)> = rm
            .get("patternProperties")
            .and_then(Value::as_object)
            .map(|pp| pp.iter().map(|(p, s)| (p.as_str(), s)).collect())
            .unwrap_or_default();
        for &(p, s) in &rpats {
            let rat = self.ptrs.child2(g.rat, "patternProperties", p);
            for &k in &named {
                if self.matches(p, k) == Some(false) {
                    continue;
                }
                let lk = self.left_prop(conj, k);
                if lk.iter().any(is_false) {
                    continue;
                }
                let lat = self.ptrs.child2(g.lat, "properties", k);
                out.push(Goal {
                    left: lk,
                    right: s,
                    rat,
                    lat,
                    depth: g.depth + 1,
                    about: Some(k),
                });
            }
            if let Some(lo) = self.left_other(conj, Some(p)) {
                out.push(Goal {
                    left: lo,
                    right: s,
                    rat,
                    lat: g.lat,
                    depth: g.depth + 1,
                    about: None,
                });
            }
        }
        // additionalProperties / unevaluatedProperties
        for kw in ["additionalProperties", "unevaluatedProperties"] {
            let Some(s) = rm.get(kw) else { continue };
            let (rnamed, rpats_here, all): (HashSet<&'a str>, Vec<&'a str>, bool) =
                if kw == "additionalProperties" {
                    (
                        rprops
                            .map(|p| p.keys().map(String::as_str).collect())
                            .unwrap_or_default(),
                        rpats.iter().map(|p| p.0).collect(),
                        false,
                    )
                } else {
                    if rm.contains_key("additionalProperties") {
                        continue;
                    }
                    self.right_evaluated(g.right)
                };
            if all {
                continue;
            }
            let rat = self.ptrs.child(g.rat, kw);
            for &k in &named {
                if rnamed.contains(k) {
                    continue;
                }
                let mut hit = false;
                for p in &rpats_here {
                    if self.matches(p, k) == Some(true) {
                        hit = true;
                    }
                }
                if hit {
                    continue;
                }
                let lk = self.left_prop(conj, k);
                if lk.iter().any(is_false) {
                    continue;
                }
                let lat = self.ptrs.child2(g.lat, "properties", k);
                out.push(Goal {
                    left: lk,
                    right: s,
                    rat,
                    lat,
                    depth: g.depth + 1,
                    about: Some(k),
                });
            }
            if let Some(lo) = self.left_other(conj, None) {
                if *s == FALSE {
                    let names: Vec<String> = rnamed
                        .iter()
                        .take(8)
                        .map(|k| crate::json::quoted(k))
                        .collect();
                    let f = self.fail(
                        g,
                        conj,
                        kw,
                        "other properties allowed".into(),
                        "false".into(),
                        if names.is_empty() {
                            "with any property".into()
                        } else {
                            format!("with a property other than {}", names.join(", "))
                        },
                        true,
                    );
                    fails.push(f);
                } else {
                    out.push(Goal {
                        left: lo,
                        right: s,
                        rat,
                        lat: g.lat,
                        depth: g.depth + 1,
                        about: None,
                    });
                }
            }
        }
        // propertyNames
        if let Some(s) = rm.get("propertyNames") {
            let rat = self.ptrs.child(g.rat, "propertyNames");
            for &k in &named {
                if self.can_have(conj, &named_set, k) {
                    out.push(Goal {
                        left: vec![Item::Name(k)],
                        right: s,
                        rat,
                        lat: g.lat,
                        depth: g.depth + 1,
                        about: Some(k),
                    });
                }
            }
            if other_open {
                let mut left = vec![Item::Ty(TS)];
                for it in conj {
                    if let Item::S {
                        v: Value::Object(m),
                        at,
                        side,
                        ..
                    } = *it
                    {
                        if let Some(pn) = m.get("propertyNames") {
                            let p = self.ptrs.child(at, "propertyNames");
                            left.push(self.s(pn, p, side));
                        }
                    }
                }
                out.push(Goal {
                    left,
                    right: s,
                    rat,
                    lat: g.lat,
                    depth: g.depth + 1,
                    about: None,
                });
            }
        }
        // minProperties / maxProperties
        let (cmin, cmax) = prop_counts(conj);
        let lmin = cmin.max(lreq.len() as u64);
        let lmax = if other_open {
            cmax
        } else {
            let allowed = named
                .iter()
                .filter(|k| !self.left_prop(conj, k).iter().any(is_false))
                .count() as u64;
            Some(cmax.map_or(allowed, |c| c.min(allowed)))
        };
        if let Some(r) = count(rm.get("minProperties")) {
            if lmin < r {
                let f = self.fail(
                    g,
                    conj,
                    "minProperties",
                    lmin.to_string(),
                    r.to_string(),
                    format!("with {} properties", count_range(lmin, r - 1)),
                    true,
                );
                fails.push(f);
            }
        }
        if let Some(r) = count(rm.get("maxProperties")) {
            if lmax.is_none_or(|l| l > r) {
                let f = self.fail(
                    g,
                    conj,
                    "maxProperties",
                    lmax.map_or("none".into(), |l| l.to_string()),
                    r.to_string(),
                    format!("with more than {r} properties"),
                    true,
                );
                fails.push(f);
            }
        }
        // dependentRequired / dependentSchemas (and draft 7's dependencies)
        for kw in ["dependentRequired", "dependentSchemas", "dependencies"] {
            let Some(deps) = rm.get(kw).and_then(Value::as_object) else {
                continue;
            };
            for (k, d) in deps {
                if !self.can_have(conj, &named_set, k) {
                    continue;
                }
                match d {
                    Value::Array(list) => {
                        for need in list.iter().filter_map(Value::as_str) {
                            let implied = lreq_set.contains(need)
                                || conj.iter().any(|it| match *it {
                                    Item::S {
                                        v: Value::Object(m),
                                        ..
                                    } => ["dependentRequired", "dependencies"].iter().any(|dk| {
                                        strs(m.get(*dk).and_then(|x| x.get(k.as_str())))
                                            .any(|x| x == need)
                                    }),
                                    _ => false,
                                });
                            if !implied {
                                let f = self.fail(
                                    g,
                                    conj,
                                    kw,
                                    "-".into(),
                                    format!(
                                        "{} requires {}",
                                        crate::json::quoted(k),
                                        crate::json::quoted(need)
                                    ),
                                    format!(
                                        "with {} but without {}",
                                        crate::json::quoted(k),
                                        crate::json::quoted(need)
                                    ),
                                    true,
                                );
                                fails.push(f);
                            }
                        }
                    }
                    s => {
                        let same = conj.iter().any(|it| match *it {
                            Item::S {
                                v: Value::Object(m),
                                ..
                            } => ["dependentSchemas", "dependencies"].iter().any(|dk| {
                                m.get(*dk)
                                    .and_then(|x| x.get(k.as_str()))
                                    .is_some_and(|x| same_without_refs(x, s, &mut self.work))
                            }),
                            _ => false,
                        });
                        if !same {
                            let rat = self.ptrs.child2(g.rat, kw, k.as_str());
                            out.push(Goal {
                                left: conj.to_vec(),
                                right: s,
                                rat,
                                lat: g.lat,
                                depth: g.depth + 1,
                                about: None,
                            });
                        }
                    }
                }
            }
        }
    }

    /// The property names (and patterns) a right schema always evaluates
    /// (its own and those of its `$ref`/`allOf` chain), for its
    /// `unevaluatedProperties`; `true`: all of them.
    fn right_evaluated(&mut self, right: &'a Value) -> (HashSet<&'a str>, Vec<&'a str>, bool) {
        let side = self.right_side();
        let start = self.s(right, Pointers::ROOT, side);
        let flat = self.flatten(&[start]);
        let mut names = HashSet::new();
        let mut pats = Vec::new();
        let mut all = false;
        for it in &flat.conj {
            if let Item::S {
                v: Value::Object(m),
                ..
            } = *it
            {
                if let Some(p) = m.get("properties").and_then(Value::as_object) {
                    names.extend(p.keys().map(String::as_str));
                }
                if let Some(p) = m.get("patternProperties").and_then(Value::as_object) {
                    pats.extend(p.keys().map(String::as_str));
                }
                if m.contains_key("additionalProperties") {
                    all = true;
                }
            }
        }
        // Alternatives evaluate what every one of them names.
        for alts in &flat.disj {
            let mut common: Option<HashSet<&'a str>> = None;
            for alt in alts {
                let Item::S { v, side, at, .. } = *alt else {
                    continue;
                };
                let f = self.flatten(&[Item::S {
                    v,
                    side,
                    at,
                    flat: false,
                }]);
                let mut these = HashSet::new();
                for it in &f.conj {
                    if let Item::S {
                        v: Value::Object(m),
                        ..
                    } = *it
                    {
                        if let Some(p) = m.get("properties").and_then(Value::as_object) {
                            these.extend(p.keys().map(String::as_str));
                        }
                    }
                }
                common = Some(match common {
                    None => these,
                    Some(c) => c.intersection(&these).copied().collect(),
                });
            }
            names.extend(common.unwrap_or_default());
        }
        (names, pats, all)
    }

    // -------------------------------------------------------------- arrays

    fn left_item(&mut self, conj: &[Item<'a>], i: usize) -> Vec<Item<'a>> {
        let mut out = Vec::new();
        for it in conj {
            self.work += 1;
            match *it {
                Item::S {
                    v: Value::Object(m),
                    at,
                    side,
                    ..
                } => {
                    if let Some(pi) = m.get("prefixItems").and_then(Value::as_array) {
                        if let Some(s) = pi.get(i) {
                            let p = self.ptrs.index(at, "prefixItems", i);
                            out.push(self.s(s, p, side));
                            continue;
                        }
                        if let Some(s) = m.get("items") {
                            let p = self.ptrs.child(at, "items");
                            out.push(self.s(s, p, side));
                        }
                        continue;
                    }
                    match m.get("items") {
                        Some(Value::Array(list)) => {
                            if let Some(s) = list.get(i) {
                                let p = self.ptrs.index(at, "items", i);
                                out.push(self.s(s, p, side));
                            } else if let Some(s) = m.get("additionalItems") {
                                let p = self.ptrs.child(at, "additionalItems");
                                out.push(self.s(s, p, side));
                            }
                        }
                        Some(s) => {
                            let p = self.ptrs.child(at, "items");
                            out.push(self.s(s, p, side));
                        }
                        None => {}
                    }
                }
                Item::Lit {
                    v: Value::Array(a),
                    at,
                } => match a.get(i) {
                    Some(c) => {
                        let p = self.ptrs.child(at, i.to_string());
                        out.push(Item::Lit { v: c, at: p });
                    }
                    None => out.push(self.s(&FALSE, at, self.left_side)),
                },
                _ => {}
            }
        }
        out
    }

    /// (minimum, maximum) number of items of the left's arrays.
    fn item_counts(&mut self, conj: &[Item<'a>]) -> (u64, Option<u64>) {
        let (mut min, mut max) = (0u64, None::<u64>);
        let mut prefix = 0usize;
        for it in conj {
            match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => {
                    min = min.max(count(m.get("minItems")).unwrap_or(0));
                    if let Some(x) = count(m.get("maxItems")) {
                        max = Some(max.map_or(x, |y| y.min(x)));
                    }
                    let p = m
                        .get("prefixItems")
                        .or_else(|| m.get("items").filter(|i| i.is_array()))
                        .and_then(Value::as_array)
                        .map_or(0, Vec::len);
                    prefix = prefix.max(p);
                    // `items: false` after a prefix: no more than the prefix.
                    let tail = if m.contains_key("prefixItems") {
                        m.get("items")
                    } else if m.get("items").is_some_and(Value::is_array) {
                        m.get("additionalItems")
                    } else {
                        m.get("items")
                    };
                    if tail == Some(&FALSE) {
                        let p = p as u64;
                        max = Some(max.map_or(p, |y| y.min(p)));
                    }
                }
                Item::Lit {
                    v: Value::Array(a), ..
                } => {
                    let n = a.len() as u64;
                    min = min.max(n);
                    max = Some(max.map_or(n, |y| y.min(n)));
                }
                _ => {}
            }
        }
        let _ = prefix;
        (min, max)
    }

    fn check_array(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        rm: &'a Map<String, Value>,
        out: &mut Vec<Goal<'a>>,
        fails: &mut Vec<Failure>,
    ) {
        const ARR: &[&str] = &[
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
        ];
        if !ARR.iter().any(|k| rm.contains_key(*k)) {
            return;
        }
        let (lmin, lmax) = self.item_counts(conj);
        let lpre = conj
            .iter()
            .map(|it| match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => m
                    .get("prefixItems")
                    .or_else(|| m.get("items").filter(|i| i.is_array()))
                    .and_then(Value::as_array)
                    .map_or(0, Vec::len),
                Item::Lit {
                    v: Value::Array(a), ..
                } => a.len(),
                _ => 0,
            })
            .max()
            .unwrap_or(0);
        // The right's schema for position i, and its pointer.
        let (rprefix, rtail, rprefix_kw, rtail_kw): (
            &'a [Value],
            Option<&'a Value>,
            &'static str,
            &'static str,
        ) = match (rm.get("prefixItems"), rm.get("items")) {
            (Some(Value::Array(p)), t) => (p.as_slice(), t, "prefixItems", "items"),
            (_, Some(Value::Array(p))) => (
                p.as_slice(),
                rm.get("additionalItems"),
                "items",
                "additionalItems",
            ),
            (_, t) => (&[], t, "prefixItems", "items"),
        };
        let n = lpre.max(rprefix.len());
        let reach = |i: usize| lmax.is_none_or(|m| m > i as u64);
        for i in 0..n {
            self.work += 1;
            if !reach(i) || self.work > WORK_BUDGET {
                break;
            }
            let (rs, rat) = match rprefix.get(i) {
                Some(s) => (s, self.ptrs.index(g.rat, rprefix_kw, i)),
                None => match rtail {
                    Some(s) => (s, self.ptrs.child(g.rat, rtail_kw)),
                    None => continue,
                },
            };
            let left = self.left_item(conj, i);
            let lat = self.ptrs.child(g.lat, i.to_string());
            out.push(Goal {
                left,
                right: rs,
                rat,
                lat,
                depth: g.depth + 1,
                about: None,
            });
        }
        if reach(n) {
            if let Some(rs) = rtail {
                let left = self.left_item(conj, n);
                let rat = self.ptrs.child(g.rat, rtail_kw);
                let lat = self.ptrs.child(g.lat, rtail_kw);
                out.push(Goal {
                    left,
                    right: rs,
                    rat,
                    lat,
                    depth: g.depth + 1,
                    about: None,
                });
            }
        }
        if let Some(r) = count(rm.get("minItems")) {
            if lmin < r {
                let f = self.fail(
                    g,
                    conj,
                    "minItems",
                    lmin.to_string(),
                    r.to_string(),
                    format!("with {} items", count_range(lmin, r - 1)),
                    true,
                );
                fails.push(f);
            }
        }
        if let Some(r) = count(rm.get("maxItems")) {
            if lmax.is_none_or(|l| l > r) {
                let f = self.fail(
                    g,
                    conj,
                    "maxItems",
                    lmax.map_or("none".into(), |l| l.to_string()),
                    r.to_string(),
                    format!("with more than {r} items"),
                    true,
                );
                fails.push(f);
            }
        }
        if rm.get("uniqueItems") == Some(&TRUE) {
            let ok = lmax.is_some_and(|m| m <= 1)
                || conj.iter().any(|it| match *it {
                    Item::S {
                        v: Value::Object(m),
                        ..
                    } => m.get("uniqueItems") == Some(&TRUE),
                    Item::Lit {
                        v: Value::Array(a), ..
                    } => {
                        let set: HashSet<String> = a.iter().map(canon::to_string).collect();
                        set.len() == a.len()
                    }
                    _ => false,
                });
            if !ok {
                let f = self.fail(
                    g,
                    conj,
                    "uniqueItems",
                    "false".into(),
                    "true".into(),
                    "with two equal items".into(),
                    true,
                );
                fails.push(f);
            }
        }
        if let Some(s) = rm.get("contains") {
            let rmin = count(rm.get("minContains")).unwrap_or(1);
            let rmax = count(rm.get("maxContains"));
            if rmin > 0 {
                let rat = self.ptrs.child(g.rat, "contains");
                let mut ok = false;
                // The left's own `contains`, at least as many times.
                let lcontains: Vec<(&'a Value, P, u8, u64)> = conj
                    .iter()
                    .filter_map(|it| match *it {
                        Item::S {
                            v: Value::Object(m),
                            at,
                            side,
                            ..
                        } => m
                            .get("contains")
                            .map(|c| (c, at, side, count(m.get("minContains")).unwrap_or(1))),
                        _ => None,
                    })
                    .collect();
                for (c, at, side, lm) in lcontains {
                    if lm >= rmin {
                        let p = self.ptrs.child(at, "contains");
                        let item = self.s(c, p, side);
                        if self.trial(vec![item], s, rat, g).is_empty() {
                            ok = true;
                            break;
                        }
                    }
                }
                // Or positions every left array has that match.
                if !ok {
                    let mut found = 0u64;
                    let upto = lmin.min(64) as usize;
                    for i in 0..upto {
                        let li = self.left_item(conj, i);
                        if self.trial(li, s, rat, g).is_empty() {
                            found += 1;
                            if found >= rmin {
                                ok = true;
                                break;
                            }
                        }
                    }
                }
                if !ok {
                    let f = self.fail(
                        g,
                        conj,
                        "contains",
                        "-".into(),
                        brief(s),
                        format!("whose items do not include {rmin} matching the new `contains`"),
                        true,
                    );
                    fails.push(f);
                }
            }
            if let Some(rmax) = rmax {
                let ok = lmax.is_some_and(|m| m <= rmax);
                if !ok {
                    let f = self.fail(g, conj, "maxContains", "-".into(), rmax.to_string(), format!("that more than {rmax} items can match `contains` in every accepted array"), false);
                    fails.push(f);
                }
            }
        }
        if let Some(s) = rm.get("unevaluatedItems") {
            let side = self.right_side();
            let start = self.s(g.right, Pointers::ROOT, side);
            let flat = self.flatten(&[start]);
            let mut ev = 0usize;
            let mut all = false;
            for it in &flat.conj {
                if let Item::S {
                    v: Value::Object(m),
                    ..
                } = *it
                {
                    if let Some(p) = m.get("prefixItems").and_then(Value::as_array) {
                        ev = ev.max(p.len());
                    }
                    if m.get("items").is_some_and(|i| !i.is_array())
                        || m.contains_key("additionalItems")
                    {
                        all = true;
                    }
                    if let Some(Value::Array(p)) = m.get("items") {
                        ev = ev.max(p.len());
                    }
                }
            }
            if !all {
                let rat = self.ptrs.child(g.rat, "unevaluatedItems");
                let n = lpre.max(ev);
                for i in ev..n {
                    if !reach(i) {
                        break;
                    }
                    let left = self.left_item(conj, i);
                    out.push(Goal {
                        left,
                        right: s,
                        rat,
                        lat: g.lat,
                        depth: g.depth + 1,
                        about: None,
                    });
                }
                if reach(n) {
                    let left = self.left_item(conj, n);
                    out.push(Goal {
                        left,
                        right: s,
                        rat,
                        lat: g.lat,
                        depth: g.depth + 1,
                        about: None,
                    });
                }
            }
        }
    }

    // -------------------------------------------------------------- alternatives

    fn check_combinators(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        rm: &'a Map<String, Value>,
        types: u8,
        out: &mut Vec<Goal<'a>>,
        fails: &mut Vec<Failure>,
    ) {
        for kw in ["anyOf", "oneOf"] {
            let Some(val) = rm.get(kw) else { continue };
            let Some(alts) = val.as_array() else { continue };
            let same = conj.iter().any(|it| match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => m
                    .get(kw)
                    .is_some_and(|x| same_without_refs(x, val, &mut self.work)),
                _ => false,
            });
            if !same {
                self.check_alternatives(g, conj, kw, alts, types, fails);
            }
        }
        if let Some(s) = rm.get("not") {
            let same = conj.iter().any(|it| match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => m
                    .get("not")
                    .is_some_and(|x| same_without_refs(x, s, &mut self.work)),
                _ => false,
            });
            if !same && !self.disjoint(conj, s) {
                let f = self.fail(
                    g,
                    conj,
                    "not",
                    "-".into(),
                    brief(s),
                    "that no accepted document matches the schema under `not`".into(),
                    false,
                );
                fails.push(f);
            }
        }
        if let Some(cond) = rm.get("if") {
            let then_s = rm.get("then").unwrap_or(&TRUE);
            let else_s = rm.get("else").unwrap_or(&TRUE);
            if rm.get("then").is_none() && rm.get("else").is_none() {
                return;
            }
            let same = conj.iter().any(|it| match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => ["if", "then", "else"]
                    .iter()
                    .all(|k| match (m.get(*k), rm.get(*k)) {
                        (None, None) => true,
                        (Some(a), Some(b)) => same_without_refs(a, b, &mut self.work),
                        _ => false,
                    }),
                _ => false,
            });
            if same {
                return;
            }
            let trat = self.ptrs.child(g.rat, "then");
            let erat = self.ptrs.child(g.rat, "else");
            let irat = self.ptrs.child(g.rat, "if");
            if self.trial(conj.to_vec(), then_s, trat, g).is_empty()
                && self.trial(conj.to_vec(), else_s, erat, g).is_empty()
            {
                return;
            }
            if self.trial(conj.to_vec(), cond, irat, g).is_empty() {
                out.push(Goal {
                    left: conj.to_vec(),
                    right: then_s,
                    rat: trat,
                    ..g.clone()
                });
                return;
            }
            if self.disjoint(conj, cond) {
                out.push(Goal {
                    left: conj.to_vec(),
                    right: else_s,
                    rat: erat,
                    ..g.clone()
                });
                return;
            }
            let f = self.fail(
                g,
                conj,
                "if",
                "-".into(),
                brief(cond),
                "which branch of the new `if` applies to the accepted documents".into(),
                false,
            );
            fails.push(f);
        }
    }

    fn check_alternatives(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        kw: &'static str,
        alts: &'a [Value],
        types: u8,
        fails: &mut Vec<Failure>,
    ) {
        // One class of JSON types at a time: `{type: [string, null]}` ⊆
        // `anyOf: [{type: string}, {type: null}]`.
        let classes: Vec<u8> = [TN, TB, TO, TA, TS, NUM]
            .into_iter()
            .filter(|c| types & c != 0)
            .collect();
        let split = classes.len() > 1;
        for class in classes {
            let mut left = conj.to_vec();
            if split {
                left.push(Item::Ty(class));
            }
            let mut best: Option<Vec<Failure>> = None;
            let mut chosen = None;
            for (i, alt) in alts.iter().enumerate() {
                let rat = self.ptrs.index(g.rat, kw, i);
                let fs = self.trial(left.clone(), alt, rat, g);
                if fs.is_empty() {
                    chosen = Some(i);
                    break;
                }
                let better = best.as_ref().is_none_or(|b| {
                    let proven = |v: &Vec<Failure>| v.iter().filter(|f| f.proven).count();
                    (fs.len(), proven(&fs)) < (b.len(), proven(b))
                });
                if better {
                    best = Some(fs);
                }
            }
            match chosen {
                Some(i) if kw == "oneOf" => {
                    for (k, other) in alts.iter().enumerate() {
                        if k != i && !self.disjoint(&left, other) {
                            let f = self.fail(
                                g,
                                conj,
                                kw,
                                "-".into(),
                                format!("alternatives {i} and {k}"),
                                format!("that a document accepted here matches only one alternative of the new `oneOf` ({i} matches; {k} may match too)"),
                                false,
                            );
                            fails.push(f);
                            break;
                        }
                    }
                }
                Some(_) => {}
                None => {
                    let f = self.fail(
                        g,
                        conj,
                        kw,
                        types_text(class & types),
                        format!("{} alternatives", alts.len()),
                        format!("that no alternative of the new `{kw}` accepts (the nearest one differs as follows)"),
                        true,
                    );
                    fails.push(f);
                    fails.extend(best.unwrap_or_default());
                }
            }
        }
    }

    /// Whether no document satisfies both the left and `s` (shown by types,
    /// listed values, or a property one requires and the other forbids or
    /// holds to disjoint values). `false`: not shown.
    fn disjoint(&mut self, conj: &[Item<'a>], s: &'a Value) -> bool {
        let side = self.right_side();
        let start = self.s(s, Pointers::ROOT, side);
        let sflat = self.flatten(&[start]);
        if sflat.empty {
            return true;
        }
        self.shallow_disjoint(conj, &sflat.conj, true)
    }

    fn shallow_disjoint(&mut self, a: &[Item<'a>], b: &[Item<'a>], deep: bool) -> bool {
        let ta = self.types(a);
        let tb = self.types(b);
        let (ta2, tb2) = (widen(ta), widen(tb));
        if ta2 & tb2 == 0 {
            return true;
        }
        let fa = self.finite(a);
        let fb = self.finite(b);
        match (&fa, &fb) {
            (Some(x), Some(y)) => {
                let set: HashSet<String> = y.iter().map(|l| l.canon()).collect();
                if !x.iter().any(|l| set.contains(&l.canon())) {
                    return true;
                }
            }
            (Some(x), None) => {
                let schemas = schemas_of(b);
                if x.iter()
                    .all(|l| schemas.iter().any(|m| self.lit_excluded(*l, m)))
                {
                    return true;
                }
            }
            (None, Some(y)) => {
                let schemas = schemas_of(a);
                if y.iter()
                    .all(|l| schemas.iter().any(|m| self.lit_excluded(*l, m)))
                {
                    return true;
                }
            }
            _ => {}
        }
        if deep && ta2 & tb2 == TO {
            let ra = left_required(a);
            let rb = left_required(b);
            let (sa, sb): (HashSet<&str>, HashSet<&str>) =
                (ra.iter().copied().collect(), rb.iter().copied().collect());
            for k in ra.iter().chain(rb.iter()) {
                let ka = self.left_prop(a, k);
                let kb = self.left_prop(b, k);
                if ka.iter().any(is_false) && sb.contains(k)
                    || kb.iter().any(is_false) && sa.contains(k)
                {
                    return true;
                }
                let fa = self.flatten(&ka);
                let fb = self.flatten(&kb);
                if !fa.empty && !fb.empty && self.shallow_disjoint(&fa.conj, &fb.conj, false) {
                    return true;
                }
            }
        }
        false
    }

    /// The values the conjunction is limited to, when it lists them.
    fn finite(&mut self, conj: &[Item<'a>]) -> Option<Vec<Lit<'a>>> {
        let mut out: Option<Vec<Lit<'a>>> = None;
        for it in conj {
            let these: Vec<Lit<'a>> = match *it {
                Item::Lit { v, .. } => vec![Lit::V(v)],
                Item::Name(s) => vec![Lit::N(s)],
                Item::S {
                    v: Value::Object(m),
                    ..
                } => match (m.get("const"), m.get("enum")) {
                    (Some(c), _) => vec![Lit::V(c)],
                    (None, Some(Value::Array(e))) => e.iter().map(Lit::V).collect(),
                    _ => continue,
                },
                _ => continue,
            };
            self.work += these.len() as u64;
            out = Some(match out {
                None => these,
                Some(prev) => {
                    let set: HashSet<String> = these.iter().map(|l| l.canon()).collect();
                    prev.into_iter()
                        .filter(|l| set.contains(&l.canon()))
                        .collect()
                }
            });
        }
        out
    }
}

/// Types as sets for disjointness: an integer is also a number.
fn widen(t: u8) -> u8 {
    if t & NUM != 0 { t | NUM } else { t }
}

/// The types a right `type` admits, for narrowing the left after the type
/// check (a number type admits integers).
fn rtypes_closure(r: u8) -> u8 {
    if r & TF != 0 { r | TI } else { r }
}

fn schemas_of<'a>(conj: &[Item<'a>]) -> Vec<&'a Map<String, Value>> {
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

fn left_required<'a>(conj: &[Item<'a>]) -> Vec<&'a str> {
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

fn left_named<'a>(conj: &[Item<'a>]) -> Vec<&'a str> {
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

fn prop_counts(conj: &[Item<'_>]) -> (u64, Option<u64>) {
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

fn str_lengths(conj: &[Item<'_>]) -> (u64, Option<u64>) {
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

fn range_text(lo: Option<i128>, hi: Option<i128>) -> String {
    match (lo, hi) {
        (Some(a), Some(b)) if a == b => format!("of {a}"),
        (Some(a), Some(b)) => format!("of {a}..{b}"),
        (None, Some(b)) => format!("of {b} or less"),
        (Some(a), None) => format!("of {a} or more"),
        (None, None) => "of any number".into(),
    }
}

fn count_range(lo: u64, hi: u64) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}..{hi}")
    }
}

fn chars_range(lo: u64, hi: u64) -> String {
    format!("{} characters", count_range(lo, hi))
}
