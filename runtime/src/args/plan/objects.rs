//! Objects: a struct's body compiled into an [`ObjectPlan`] (properties,
//! aliases, required-ness, `flatten`, closedness), with cycles through
//! flattened bodies cut as the renderer cuts them.

use super::*;

/// Accumulates an object the way the renderer's `ObjectBuilder` does.
#[derive(Default)]
pub(super) struct Builder {
    properties: Vec<(Name, Vec<Rule>)>,
    pub(super) required: Vec<Name>,
    constraints: Vec<Rule>,
    additional: Vec<Rule>,
}

/// A body as the renderer would merge it into an object: its keys, or one
/// rule on the whole object.
pub(super) enum Merged {
    Object(ObjectPlan),
    Whole(Rule),
}

impl Builder {
    /// Keys a flattened map saw first must also satisfy its value schema.
    pub(super) fn property(&mut self, name: &'static str, rules: Vec<Rule>) {
        let mut all = self.additional.clone();
        all.extend(rules);
        match self.properties.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = all,
            None => self.properties.push((Cow::Borrowed(name), all)),
        }
    }

    pub(super) fn merge(&mut self, merged: Merged) {
        let plan = match merged {
            Merged::Whole(rule) => {
                self.constraints.push(rule);
                return;
            }
            Merged::Object(plan) => plan,
        };
        if !plan.typed {
            self.constraints.push(Rule::Object(Box::new(plan)));
            return;
        }
        for (name, rules) in plan.properties {
            // Only gated forms own their names, and they are never merged.
            if let Cow::Borrowed(name) = name {
                self.property(name, rules);
            }
        }
        self.required.extend(plan.required);
        let mut additional = plan.additional;
        match additional.len() {
            0 => {}
            1 => self.additional.append(&mut additional),
            _ => self.additional.push(Rule::AllOf(additional)),
        }
        self.constraints.extend(plan.constraints);
    }

    pub(super) fn finish(self, closed: bool, discriminant: Option<Discriminant>) -> ObjectPlan {
        let mut required: Vec<Name> = Vec::with_capacity(self.required.len());
        for r in self.required {
            if !required.contains(&r) {
                required.push(r);
            }
        }
        ObjectPlan {
            typed: true,
            closed: closed && self.additional.is_empty(),
            properties: self.properties,
            index: None,
            required,
            constraints: self.constraints,
            additional: self.additional,
            discriminant,
            seq: None,
            tag_index: None,
            form: None,
        }
        .indexed()
    }
}

thread_local! {
    /// Bodies being compiled on this thread: a flatten cycle becomes a
    /// reference to the whole type, as the renderer writes `$ref`.
    static COMPILING: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` unless `key` is already being compiled (then `None`).
pub(super) fn guarded<R>(key: usize, f: impl FnOnce() -> R) -> Option<R> {
    let entered = COMPILING.with(|c| {
        let mut c = c.borrow_mut();
        if c.contains(&key) || c.len() > 64 {
            false
        } else {
            c.push(key);
            true
        }
    });
    if !entered {
        return None;
    }
    let out = f();
    COMPILING.with(|c| {
        c.borrow_mut().pop();
    });
    Some(out)
}

/// A struct's object (the renderer's `object`, Input contract).
pub(super) fn object(s: &'static Struct) -> ObjectPlan {
    let mut obj = Builder::default();
    for field in s.fields {
        if field.flatten {
            flatten(field, &mut obj);
            continue;
        }
        let Some(name) = serde_read::field_name(field, Contract::Input) else {
            continue;
        };
        let shape = serde_read::field_shape(field, Contract::Input);
        let optional = serde_read::missing(field).is_some();
        let aliases = serde_read::field_aliases(field, Contract::Input, false);
        let rule = match field.constraints {
            Some(c) => Rule::Field(shape, c),
            None => Rule::Shape(shape),
        };
        obj.property(name, vec![rule.clone()]);
        for alias in aliases {
            obj.property(alias, vec![rule.clone()]);
        }
        if aliases.is_empty() {
            if !optional {
                obj.required.push(Cow::Borrowed(name));
            }
        } else {
            let mut names = vec![name];
            names.extend(aliases.iter().copied());
            obj.constraints.push(Rule::Aliases { names, optional });
        }
    }
    let mut plan = obj.finish(s.deny_unknown_fields, None);
    plan.seq = serde_read::reads_seq(s).then_some(SeqRead::Fields(s));
    plan
}

/// `#[serde(flatten)]`: the field's keys join this object.
pub(super) fn flatten(field: &'static crate::shape::Field, obj: &mut Builder) {
    if serde_read::field_name(field, Contract::Input).is_none() {
        return;
    }
    let shape = serde_read::field_shape(field, Contract::Input);
    match serde_read::flattened(resolve(shape)) {
        // serde reads `Option<Flattened>` as `None` whenever the inner type
        // fails: the keys constrain nothing, but when serde reads it, it is
        // `Some` and its declared constraints must hold.
        Flattened::Optional(inner) => {
            let mut inner = inner;
            while let Shape::Option(next) = resolve(inner) {
                inner = next;
            }
            let read = match node(inner) {
                Merged::Object(mut plan) => {
                    // A flattened struct takes its own keys from the parent's
                    // and never sees the others.
                    plan.closed = false;
                    Rule::Object(Box::new(plan))
                }
                Merged::Whole(rule) => rule,
            };
            obj.constraints
                .push(Rule::AnyOf(vec![read, Rule::AllOf(Vec::new())], Hint::None));
        }
        Flattened::External(e) => obj.constraints.push(flattened_external(e)),
        // A flattened unit reads no key.
        Flattened::Nothing => {}
        // A map, a struct, anything else: as the renderer merges it.
        Flattened::Map(_) | Flattened::Struct | Flattened::Whole => obj.merge(node(shape)),
    }
}

/// What the renderer's `node` gives for `shape`, as merged into an object.
pub(super) fn node(shape: &'static Shape) -> Merged {
    match shape {
        Shape::Map(map) => Merged::Object(ObjectPlan {
            typed: true,
            additional: vec![Rule::Shape(map.value)],
            ..ObjectPlan::default()
        }),
        Shape::Named(named) => {
            let key = *named as *const Named as usize;
            guarded(key, || named_node(shape, named.body()))
                .unwrap_or(Merged::Whole(Rule::Shape(shape)))
        }
        _ => Merged::Whole(Rule::Shape(shape)),
    }
}

pub(super) fn named_node(shape: &'static Shape, body: &'static Body) -> Merged {
    match body {
        Body::Packed(p) => named_node(shape, p.body()),
        Body::Struct(s) => Merged::Object(struct_plan(s).clone()),
        Body::Newtype(inner) | Body::Transparent(inner) => node(inner()),
        Body::Enum(e) => match enum_rule(e) {
            Rule::Object(plan) => Merged::Object((**plan).clone()),
            _ => Merged::Whole(Rule::Shape(shape)),
        },
        Body::Convert(c) => match c.input {
            Some(input) => node(input()),
            None => named_node(shape, c.body()),
        },
        Body::Tuple(_) | Body::Unit => Merged::Whole(Rule::Shape(shape)),
    }
}
