//! The walk: a value against a shape's input schema, every violation named
//! with its JSON Pointer, in document order.
//!
//! The walk recurses along the value; [`parse_args`](super::parse_args) has
//! refused values nested deeper than serde_json's parser limit before it
//! starts, so the recursion is bounded. Alternatives of enums are tried in a
//! quiet mode that stops at the first violation; their verdicts are
//! remembered per (alternative, value node, mode), so nested untagged enums
//! cost time linear in the document, not exponential.
//!
//! Where serde picks among alternatives (untagged variants in declaration
//! order after the tagged ones, the first key of a flattened externally
//! tagged enum, a flattened `Option` that is `Some` whenever its type reads),
//! the walk makes the same pick on serde's *type-level* reading (declared
//! `#[schema(...)]` constraints left out), then holds that alternative to its
//! declared constraints: that another alternative would satisfy them is not
//! enough, since serde returns the first.
//!
//! Every violation goes into one [`Collector`]: capped in number, paths and
//! messages bounded, control characters escaped.

mod describe;
mod form;

pub(crate) use form::{form_check, form_violations, leaf_violations};
mod keys;
mod shapes;

use super::plan::{Discriminant, Hint, ObjectPlan, Rule, SeqRead};
use crate::Contract;
use crate::json::kind_of;
use crate::shape::{Shape, serde_read};
use crate::violation::{Collector, quoted};
use describe::{describe, describe_value, expected, list, picks, same_type, tags_of, unit_names};
use serde_json::Value;
use std::collections::HashMap;

pub(crate) use describe::push_escaped;
pub(crate) use shapes::compare;
use shapes::tuple_length;

/// Walk state: where we are, what was found, and whether to keep going.
pub(crate) struct Walk {
    /// JSON Pointer of the value being checked.
    path: String,
    /// Violations found (collect mode).
    pub out: Collector,
    /// Collect every violation (`true`) or stop at the first (`false`).
    collect: bool,
    /// A violation was found since the mode was last set.
    failed: bool,
    /// serde's type-level reading only: declared constraints are not
    /// checked (how serde picks an untagged variant).
    serde_only: bool,
    /// Verdicts of alternatives: (rule address, value address, mode) ->
    /// (matches, the work serde spends finding it out).
    memo: HashMap<(usize, usize, u8), (bool, u64)>,
    /// The work serde's own reading costs, in steps: each try of an untagged
    /// alternative counts the whole reading of it, as serde redoes it from
    /// its buffer (the memo does not; saturating).
    pub work: u64,
}

/// How declared length bounds apply, by the kind of the field's shape.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum LengthOf {
    /// `minLength`/`maxLength` (strings).
    Chars,
    /// `minItems`/`maxItems` (arrays).
    Items,
    /// `minProperties`/`maxProperties` (objects).
    Entries,
}

impl Walk {
    pub(crate) fn new() -> Self {
        Walk {
            path: String::new(),
            out: Collector::new(),
            collect: true,
            failed: false,
            serde_only: false,
            memo: HashMap::new(),
            work: 0,
        }
    }

    /// A quiet walk of serde's type-level reading, counting serde's work.
    pub(crate) fn serde_reading() -> Self {
        let mut w = Walk::new();
        w.collect = false;
        w.serde_only = true;
        w
    }

    /// Whether a violation was found.
    pub(crate) fn failed(&self) -> bool {
        self.failed
    }

    /// No more checks are needed: quiet mode has its answer.
    fn done(&self) -> bool {
        !self.collect && self.failed
    }

    /// Whether declared constraints are checked.
    fn declares(&self) -> bool {
        !self.serde_only
    }

    fn step(&mut self) {
        self.work = self.work.saturating_add(1);
    }

    fn report(&mut self, rule: &'static str, message: impl FnOnce() -> String) {
        self.failed = true;
        if self.collect {
            self.out.report(&self.path, rule, message);
        }
    }

    /// Runs `f` one level down, under `key`.
    pub(crate) fn at_key(&mut self, key: &str, f: impl FnOnce(&mut Self)) {
        if !self.collect {
            // No path is needed when nothing is reported.
            return f(self);
        }
        let len = self.path.len();
        self.path.push('/');
        push_escaped(&mut self.path, key);
        f(self);
        self.path.truncate(len);
    }

    pub(crate) fn at_index(&mut self, index: usize, f: impl FnOnce(&mut Self)) {
        use std::fmt::Write;
        if !self.collect {
            return f(self);
        }
        let len = self.path.len();
        let _ = write!(self.path, "/{index}");
        f(self);
        self.path.truncate(len);
    }

    /// Whether `value` meets `rule`, without reporting.
    pub(crate) fn matches(&mut self, rule: &Rule, value: &Value) -> bool {
        let key = (
            rule as *const Rule as usize,
            value as *const Value as usize,
            u8::from(self.serde_only),
        );
        if let Some(&(known, work)) = self.memo.get(&key) {
            self.work = self.work.saturating_add(work);
            return known;
        }
        let start = self.work;
        let ok = self.quietly(|w| w.rule(rule, value));
        self.memo.insert(key, (ok, self.work.saturating_sub(start)));
        ok
    }

    /// Whether serde's type-level reading takes `value` as `rule`.
    fn reads(&mut self, rule: &Rule, value: &Value) -> bool {
        let was = self.serde_only;
        self.serde_only = true;
        let ok = self.matches(rule, value);
        self.serde_only = was;
        ok
    }

    /// Whether `value` meets `shape`, without reporting.
    pub(crate) fn shape_matches(&mut self, shape: &'static Shape, value: &Value) -> bool {
        self.quietly(|w| w.shape(shape, None, value))
    }

    /// Whether `f` finds nothing, without reporting (no path is built and no
    /// message formatted).
    fn quietly(&mut self, f: impl FnOnce(&mut Self)) -> bool {
        let (collect, failed, mark) = (self.collect, self.failed, self.out.mark());
        self.collect = false;
        self.failed = false;
        f(self);
        let ok = !self.failed;
        self.collect = collect;
        self.failed = failed;
        self.out.reset(mark);
        ok
    }

    // -------------------------------------------------------------- rules

    pub(crate) fn rule(&mut self, rule: &Rule, value: &Value) {
        self.step();
        match rule {
            Rule::Nothing => self.report("not", || "no value is accepted here".into()),
            Rule::Null => {
                if !value.is_null() {
                    self.report("type", || format!("expected null, got {}", kind_of(value)));
                }
            }
            Rule::AnyString => {
                if !value.is_string() {
                    self.report("type", || {
                        format!("expected a string, got {}", kind_of(value))
                    });
                }
            }
            Rule::Names(names) => match value {
                Value::String(s) if names.contains(&s.as_str()) => {}
                Value::String(s) => self.report("enum", || {
                    format!("{} is not one of {}", quoted(s, 100), list(names))
                }),
                other => self.report("enum", || {
                    format!("expected one of {}, got {}", list(names), kind_of(other))
                }),
            },
            Rule::OtherName(known) => match value {
                Value::String(s) if !known.contains(&s.as_str()) => {}
                Value::String(s) => self.report("not", || {
                    format!(
                        "{} is the name of a listed variant, so it is not read as an unlisted one",
                        quoted(s, 100)
                    )
                }),
                other => self.report("type", || {
                    format!("expected a string, got {}", kind_of(other))
                }),
            },
            Rule::Shape(shape) => self.shape(shape, None, value),
            Rule::Field(shape, c) => self.shape(shape, Some(c), value),
            Rule::Tuple(items) => self.tuple_rules(items, value),
            Rule::Object(plan) => self.object(plan, value),
            Rule::Plan(plan) => self.object(plan, value),
            Rule::AllOf(rules) => {
                for r in rules {
                    self.rule(r, value);
                    if self.done() {
                        return;
                    }
                }
            }
            Rule::OneOf(alternatives, hint) => self.alternatives(alternatives, *hint, true, value),
            Rule::AnyOf(alternatives, Hint::Keys) => self.first_key(alternatives, value),
            Rule::AnyOf(alternatives, hint) => self.first_read(alternatives, *hint, value),
            Rule::Aliases { names, optional } => self.aliases(names, *optional, value),
            Rule::Leaf(leaf) => self.leaf(leaf, value),
        }
    }

    fn tuple_rules(&mut self, items: &[Rule], value: &Value) {
        let Value::Array(values) = value else {
            self.report("type", || {
                format!("expected an array, got {}", kind_of(value))
            });
            return;
        };
        tuple_length(self, values.len(), items.len());
        for (i, (rule, v)) in items.iter().zip(values).enumerate() {
            self.at_index(i, |w| w.rule(rule, v));
            if self.done() {
                return;
            }
        }
    }

    fn aliases(&mut self, names: &[&'static str], optional: bool, value: &Value) {
        let Value::Object(map) = value else { return };
        let present: Vec<&str> = names
            .iter()
            .copied()
            .filter(|n| map.contains_key(*n))
            .collect();
        match present.as_slice() {
            [] if !optional => {
                let (first, rest) = names.split_first().map_or(("", &[][..]), |(f, r)| (f, r));
                self.at_key(first, |w| {
                    w.report("required", || {
                        format!("missing (also accepted under {})", list(rest))
                    })
                });
            }
            [] | [_] => {}
            [first, others @ ..] => {
                for other in others {
                    self.at_key(other, |w| {
                        w.report(if optional { "not" } else { "oneOf" }, || {
                            format!(
                                "names the same field as {}: give only one of them",
                                quoted(first, 100)
                            )
                        })
                    });
                }
            }
        }
    }

    // -------------------------------------------------------------- objects

    fn object(&mut self, plan: &ObjectPlan, value: &Value) {
        if let (Some(form), Value::Object(map)) = (&plan.form, value) {
            self.form_object(plan, form, map);
            return;
        }
        let Value::Object(map) = value else {
            if let (true, Some(seq), Value::Array(items)) = (self.serde_only, plan.seq, value) {
                return self.seq_struct(plan, seq, items);
            }
            if plan.typed {
                self.report("type", || {
                    format!("expected an object, got {}", kind_of(value))
                });
            }
            return;
        };
        for (key, v) in map {
            // serde also reads a variant's tag by its index: its own reading
            // may pick a tagged variant the schema's tag names do not.
            if self.serde_only
                && v.is_u64()
                && matches!(plan.discriminant, Some(Discriminant::Tag(t)) if t == key)
            {
                if v.as_u64() != plan.tag_index {
                    self.at_key(key, |w| {
                        w.report("enum", || "no variant has this index".into())
                    });
                }
                continue;
            }
            match plan.property(key) {
                Some(rules) => {
                    for r in rules {
                        self.at_key(key, |w| w.rule(r, v));
                    }
                }
                None if !plan.additional.is_empty() => {
                    for r in &plan.additional {
                        self.at_key(key, |w| w.rule(r, v));
                    }
                }
                None if plan.closed => self.at_key(key, |w| {
                    w.report("additionalProperties", || {
                        let names: Vec<&str> = plan.names().collect();
                        if names.is_empty() {
                            "unknown key: this object takes no keys".to_string()
                        } else {
                            format!("unknown key (the keys are {})", list(&names))
                        }
                    })
                }),
                None => {}
            }
            if self.done() {
                return;
            }
        }
        for name in &plan.required {
            if !map.contains_key(name.as_ref()) {
                self.at_key(name, |w| w.report("required", || "missing".into()));
                if self.done() {
                    return;
                }
            }
        }
        for c in &plan.constraints {
            self.rule(c, value);
            if self.done() {
                return;
            }
        }
    }

    /// serde's reading of a struct from an array (type level): each field
    /// in declaration order, the missing ones at the end only if they have
    /// defaults, no extra items.
    fn seq_struct(&mut self, plan: &ObjectPlan, seq: SeqRead, items: &[Value]) {
        let (s, items, skip) = match seq {
            SeqRead::Fields(s) => (s, items, 0),
            SeqRead::TagThenFields(tag, s) => {
                let Some((first, rest)) = items.split_first() else {
                    return self.report("minItems", || "an empty array, without the tag".into());
                };
                if first.is_u64() {
                    if first.as_u64() != plan.tag_index {
                        self.at_index(0, |w| {
                            w.report("enum", || "no variant has this index".into())
                        });
                    }
                } else {
                    let rules = plan.property(tag).unwrap_or_default();
                    self.at_index(0, |w| {
                        for r in rules {
                            w.rule(r, first);
                        }
                    });
                }
                (s, rest, 1)
            }
        };
        let mut items = items.iter().enumerate();
        let read = s
            .fields
            .iter()
            .filter(|f| serde_read::field_name(f, Contract::Input).is_some());
        for f in read {
            match items.next() {
                Some((i, item)) => self.at_index(i + skip, |w| w.shape((f.shape)(), None, item)),
                None if serde_read::missing_from_seq(f) => {}
                None => {
                    return self.report("minItems", || {
                        "too few items for the fields serde reads from this array".into()
                    });
                }
            }
            if self.done() {
                return;
            }
        }
        if items.next().is_some() {
            self.report("maxItems", || {
                "more items than the fields serde reads from this array".into()
            });
        }
    }

    // -------------------------------------------------------------- enums

    /// Untagged alternatives: serde takes the first one its type-level
    /// reading accepts, and that one's declared constraints must hold.
    fn first_read(&mut self, alternatives: &[Rule], hint: Hint, value: &Value) {
        let mut pick = None;
        for (i, alt) in alternatives.iter().enumerate() {
            if self.reads(alt, value) {
                pick = Some((i, alt));
                break;
            }
        }
        let Some((i, alt)) = pick else {
            // Nothing reads: every alternative is wrong, say how.
            return self.alternatives(alternatives, hint, false, value);
        };
        if !self.declares() {
            return;
        }
        if !self.collect {
            if !self.matches(alt, value) {
                self.failed = true;
            }
            return;
        }
        let mark = self.out.mark();
        self.rule(alt, value);
        let n = alternatives.len();
        for v in self.out.since(mark) {
            v.message = format!(
                "{} (serde reads the value as the first alternative whose types fit, alternative {} of {n}: {}; its constraints must hold)",
                v.message,
                i + 1,
                describe(alt)
            );
        }
    }

    /// A flattened externally tagged enum: serde takes the first key of the
    /// object that names a variant, and reads its content as that variant.
    fn first_key(&mut self, alternatives: &[Rule], value: &Value) {
        if let Value::Object(map) = value {
            for key in map.keys() {
                let alt = alternatives.iter().find(|a| {
                    matches!(a, Rule::Object(p) if matches!(p.discriminant, Some(Discriminant::Key(k)) if k == key))
                });
                if let Some(alt) = alt {
                    return self.rule(alt, value);
                }
            }
        }
        self.alternatives(alternatives, Hint::External, false, value)
    }

    fn alternatives(&mut self, alternatives: &[Rule], hint: Hint, one_of: bool, value: &Value) {
        // serde reads tagged variants by their tag; its type-level reading
        // (tags by index included) is not exclusive.
        let one_of = one_of && !self.serde_only;
        let mut matched: Vec<&Rule> = Vec::new();
        for alt in alternatives {
            if self.matches(alt, value) {
                matched.push(alt);
                if !one_of || matched.len() > 1 {
                    break;
                }
            }
        }
        match matched.as_slice() {
            [_] => return,
            [] => {}
            _ if !one_of => return,
            [a, b, ..] => {
                let (a, b) = (*a, *b);
                return self.report("oneOf", || {
                    format!(
                        "matches more than one alternative ({} and {})",
                        describe(a),
                        describe(b)
                    )
                });
            }
        }
        if !self.collect {
            self.failed = true;
            return;
        }
        // Which alternative did the sender mean? One its tag or key picks,
        // else the only one of the right JSON type.
        if let Some(alt) = alternatives.iter().find(|a| picks(a, value)) {
            let before = self.out.len();
            self.rule(alt, value);
            if self.out.len() > before {
                return;
            }
        }
        let keyword = if one_of { "oneOf" } else { "anyOf" };
        match (hint, value) {
            (Hint::Tag(tag), Value::Object(map)) => {
                let expected = tags_of(alternatives, tag);
                match map.get(tag) {
                    None => self.at_key(tag, |w| {
                        w.report("required", || {
                            format!("missing: the variant's tag, one of {}", list(&expected))
                        })
                    }),
                    Some(Value::String(s)) => self.at_key(tag, |w| {
                        w.report("enum", || {
                            format!("{} is not one of {}", quoted(s, 100), list(&expected))
                        })
                    }),
                    Some(other) => self.at_key(tag, |w| {
                        w.report("enum", || {
                            format!(
                                "expected one of {}, got {}",
                                list(&expected),
                                kind_of(other)
                            )
                        })
                    }),
                }
                return;
            }
            (Hint::External, Value::String(s)) => {
                let names = unit_names(alternatives);
                if !names.is_empty() {
                    return self.report("enum", || {
                        format!(
                            "{} is not one of the variants ({})",
                            quoted(s, 100),
                            expected(alternatives)
                        )
                    });
                }
            }
            _ => {}
        }
        let typed: Vec<&Rule> = alternatives
            .iter()
            .filter(|a| same_type(a, value))
            .collect();
        if let [only] = typed.as_slice() {
            let before = self.out.len();
            self.rule(only, value);
            if self.out.len() > before {
                return;
            }
        }
        self.report(keyword, || {
            format!(
                "expected {}, got {}",
                expected(alternatives),
                describe_value(value)
            )
        });
    }
}
