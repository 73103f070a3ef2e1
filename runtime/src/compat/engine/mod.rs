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

mod alternatives;
mod arrays;
mod conj;
mod goal;
mod objects;
mod scalars;
mod values;

use conj::*;
use values::*;

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

// ------------------------------------------------------------------ engine

impl<'a> Goal<'a> {
    /// A goal one level below this one: `left` ⊆ `right`, at `rat` (right
    /// document) and `lat` (left document).
    fn child(
        &self,
        left: Vec<Item<'a>>,
        right: &'a Value,
        rat: P,
        lat: P,
        about: Option<&'a str>,
    ) -> Goal<'a> {
        Goal {
            left,
            right,
            rat,
            lat,
            depth: self.depth + 1,
            about,
        }
    }
}

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
        if fails.is_empty()
            && let Some(parent) = self.visited.last_mut()
        {
            parent.extend(layer);
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

    /// A pair of count keywords of the right schema (`minItems`/`maxItems`,
    /// `minProperties`/`maxProperties`, `minLength`/`maxLength`) against the
    /// counts the left allows (`lmin` up to `lmax`, `None`: unbounded).
    /// `fewer(lmin, r)` and `more(r)` name the documents the left takes and
    /// the right's lower or upper bound `r` refuses.
    #[allow(clippy::too_many_arguments)]
    fn check_counts(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        rm: &'a Map<String, Value>,
        [min_kw, max_kw]: [&str; 2],
        (lmin, lmax): (u64, Option<u64>),
        fewer: impl Fn(u64, u64) -> String,
        more: impl Fn(u64) -> String,
        fails: &mut Vec<Failure>,
    ) {
        if let Some(r) = count(rm.get(min_kw))
            && lmin < r
        {
            let f = self.fail(
                g,
                conj,
                min_kw,
                lmin.to_string(),
                r.to_string(),
                fewer(lmin, r),
                true,
            );
            fails.push(f);
        }
        if let Some(r) = count(rm.get(max_kw))
            && lmax.is_none_or(|l| l > r)
        {
            let shown = lmax.map_or("none".into(), |l| l.to_string());
            let f = self.fail(g, conj, max_kw, shown, r.to_string(), more(r), true);
            fails.push(f);
        }
    }

    #[allow(clippy::too_many_arguments)]
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
}
