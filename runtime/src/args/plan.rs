//! The input schema as rules over values: the same decisions `render.rs`
//! makes for the Input contract (required-ness, aliases, flatten, closedness,
//! enum representations), kept as typed rules instead of JSON so a walk knows
//! which field and variant it is in.
//!
//! Struct and enum bodies are compiled once per `&'static` node and leaked
//! (like rendered schemas); everything else is checked straight from the
//! [`Shape`]. Field types stay lazy ([`Rule::Shape`]), so recursive types
//! compile in one step each; only `flatten` and internally tagged newtype
//! variants compile another body eagerly, and a cycle through those is cut
//! the way the renderer cuts it (a reference to the whole type).

pub(crate) use super::form::{FormOptions, Leaf};
use crate::memo::Memo;
use crate::shape::{Body, Constraints, Enum, Named, Repr, Shape, Struct, Variant, VariantBody};
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;

/// One schema, as the walk checks it.
#[derive(Debug, Clone)]
pub(crate) enum Rule {
    /// `{"not": {}}`: nothing matches.
    Nothing,
    /// `{"type": "null"}`.
    Null,
    /// `{"type": "string"}`.
    AnyString,
    /// `{"const": name}` or `{"enum": names}` (strings).
    Names(Vec<&'static str>),
    /// `{"type": "string", "not": {"enum": names}}`: `#[serde(other)]`.
    OtherName(Vec<&'static str>),
    /// The schema of a shape.
    Shape(&'static Shape),
    /// A field's schema: its shape with the declared constraints.
    Field(&'static Shape, &'static Constraints),
    /// `prefixItems`, exact length.
    Tuple(Vec<Rule>),
    /// An object built here (enum alternatives, merged bodies).
    Object(Box<ObjectPlan>),
    /// A struct's own compiled object.
    Plan(&'static ObjectPlan),
    /// A form field's value: a grammar property lowered (forms only).
    Leaf(Box<Leaf>),
    /// Exactly one alternative (tagged enums: the tag picks it).
    OneOf(Vec<Rule>, Hint),
    /// serde's pick among alternatives: the first that serde's type-level
    /// reading accepts, held to its declared constraints (untagged enums,
    /// `#[serde(untagged)]` variants after the tagged ones, a flattened
    /// `Option`); with [`Hint::Keys`], the variant the first key naming one
    /// picks (a flattened externally tagged enum). The schema says `anyOf`.
    AnyOf(Vec<Rule>, Hint),
    /// Every rule.
    AllOf(Vec<Rule>),
    /// A field read under several names: exactly one of them (required) or
    /// at most one (optional).
    Aliases {
        /// The primary name first, then the aliases.
        names: Vec<&'static str>,
        /// The field may be missing.
        optional: bool,
    },
}

/// What the alternatives of an enum have in common, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Hint {
    /// Nothing known.
    None,
    /// Externally tagged variants: a name, or an object with one key.
    External,
    /// Objects told apart by this key.
    Tag(&'static str),
    /// A flattened externally tagged enum: serde reads the variant the
    /// object's first key naming one picks.
    Keys,
}

/// A property name: `'static` from a shape, owned when read from a gated
/// form schema.
pub(crate) type Name = Cow<'static, str>;

/// An object schema: `properties`, `required`, extra rules on the whole
/// object, the rules extra keys must meet, closedness.
#[derive(Debug, Clone, Default)]
pub(crate) struct ObjectPlan {
    /// `"type": "object"` is part of the schema (it is not for the
    /// alternatives of a flattened externally tagged enum).
    pub typed: bool,
    /// Each property with every rule its value must meet.
    pub properties: Vec<(Name, Vec<Rule>)>,
    /// Properties by name, for large objects.
    pub index: Option<HashMap<Name, usize>>,
    /// `required`.
    pub required: Vec<Name>,
    /// Rules on the whole object (`allOf`).
    pub constraints: Vec<Rule>,
    /// Rules every key not in `properties` must meet (`additionalProperties`
    /// from flattened maps); empty: any value.
    pub additional: Vec<Rule>,
    /// `additionalProperties: false`.
    pub closed: bool,
    /// What picks this object among enum alternatives.
    pub discriminant: Option<Discriminant>,
    /// How serde also reads this object from an array (the schema does
    /// not say it; the walk uses it only to follow serde's pick).
    pub seq: Option<SeqRead>,
    /// A tagged variant's index among the enum's tagged variants: serde
    /// also reads the tag as this integer (the schema does not say it).
    pub tag_index: Option<u64>,
    /// An elicitation form: its differences from a tool's arguments (field
    /// order, the form's defaults, messages naming aliases).
    pub form: Option<Box<FormOptions>>,
}

/// How serde reads a struct from an array: its fields in declaration order.
#[derive(Debug, Clone, Copy)]
pub(crate) enum SeqRead {
    /// The struct's fields.
    Fields(&'static Struct),
    /// An internally tagged struct variant: the tag (under this key's
    /// rules), then the fields.
    TagThenFields(&'static str, &'static Struct),
}

/// What picks an object among the alternatives of an enum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Discriminant {
    /// An externally tagged variant: the object has this key.
    Key(&'static str),
    /// A tagged variant: the value under this key meets the property's rule.
    Tag(&'static str),
}

impl ObjectPlan {
    /// The rules of a property, if the object names it.
    pub fn property(&self, key: &str) -> Option<&[Rule]> {
        self.position(key)
            .and_then(|i| self.properties.get(i))
            .map(|(_, r)| r.as_slice())
    }

    /// Where the object lists `key`.
    pub fn position(&self, key: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(key).copied(),
            None => self.properties.iter().position(|(name, _)| name == key),
        }
    }

    /// The names this object lists, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.properties.iter().map(|(name, _)| name.as_ref())
    }

    /// Builds the name index when the object is large.
    pub fn indexed(mut self) -> Self {
        self.index = (self.properties.len() > 12).then(|| {
            self.properties
                .iter()
                .enumerate()
                .map(|(i, (name, _))| (name.clone(), i))
                .collect()
        });
        self
    }
}

/// The object a struct deserializes from, compiled once.
pub(crate) fn struct_plan(s: &'static Struct) -> &'static ObjectPlan {
    static CACHE: Memo<usize, &'static ObjectPlan> = Memo::new();
    CACHE.leak(s as *const Struct as usize, || object(s))
}

/// The rule of an enum, compiled once.
pub(crate) fn enum_rule(e: &'static Enum) -> &'static Rule {
    static CACHE: Memo<usize, &'static Rule> = Memo::new();
    CACHE.leak(e as *const Enum as usize, || enumeration(e))
}

/// Follows newtypes, `transparent` and `from` conversions to the shape on the
/// wire (the renderer's `resolve` for the Input contract).
pub(crate) fn resolve(shape: &'static Shape) -> &'static Shape {
    let mut shape = shape;
    for _ in 0..256 {
        let Shape::Named(named) = shape else { break };
        shape = match named.body() {
            Body::Newtype(inner) | Body::Transparent(inner) => inner(),
            Body::Convert(c) => match c.input {
                Some(input) => input(),
                None => break,
            },
            _ => break,
        };
    }
    shape
}

// ------------------------------------------------------------------ objects

/// Accumulates an object the way the renderer's `ObjectBuilder` does.
#[derive(Default)]
struct Builder {
    properties: Vec<(Name, Vec<Rule>)>,
    required: Vec<Name>,
    constraints: Vec<Rule>,
    additional: Vec<Rule>,
}

/// A body as the renderer would merge it into an object: its keys, or one
/// rule on the whole object.
enum Merged {
    Object(ObjectPlan),
    Whole(Rule),
}

impl Builder {
    /// Keys a flattened map saw first must also satisfy its value schema.
    fn property(&mut self, name: &'static str, rules: Vec<Rule>) {
        let mut all = self.additional.clone();
        all.extend(rules);
        match self.properties.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = all,
            None => self.properties.push((Cow::Borrowed(name), all)),
        }
    }

    fn merge(&mut self, merged: Merged) {
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

    fn finish(self, closed: bool, discriminant: Option<Discriminant>) -> ObjectPlan {
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
fn guarded<R>(key: usize, f: impl FnOnce() -> R) -> Option<R> {
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
fn object(s: &'static Struct) -> ObjectPlan {
    let mut obj = Builder::default();
    for field in s.fields {
        if field.flatten {
            flatten(field, &mut obj);
            continue;
        }
        let Some(name) = field.de_name else { continue };
        let shape = (field.shape)();
        let optional = field.has_default || (!field.deserialize_with && shape.missing_is_none());
        let rule = match field.constraints {
            Some(c) => Rule::Field(shape, c),
            None => Rule::Shape(shape),
        };
        obj.property(name, vec![rule.clone()]);
        for alias in field.aliases {
            obj.property(alias, vec![rule.clone()]);
        }
        if field.aliases.is_empty() {
            if !optional {
                obj.required.push(Cow::Borrowed(name));
            }
        } else {
            let mut names = vec![name];
            names.extend(field.aliases.iter().copied());
            obj.constraints.push(Rule::Aliases { names, optional });
        }
    }
    let mut plan = obj.finish(s.deny_unknown_fields, None);
    plan.seq = reads_seq(s).then_some(SeqRead::Fields(s));
    plan
}

/// serde's derive reads a struct from a sequence unless a field is
/// flattened.
fn reads_seq(s: &'static Struct) -> bool {
    !s.fields.iter().any(|f| f.flatten && f.de_name.is_some())
}

/// `#[serde(flatten)]`: the field's keys join this object.
fn flatten(field: &'static crate::shape::Field, obj: &mut Builder) {
    if field.de_name.is_none() {
        return;
    }
    let shape = (field.shape)();
    match resolve(shape) {
        // serde reads `Option<Flattened>` as `None` whenever the inner type
        // fails: the keys constrain nothing, but when serde reads it, it is
        // `Some` and its declared constraints must hold.
        Shape::Option(inner) => {
            let mut inner = *inner;
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
        Shape::Named(named) if matches!(named.body(), Body::Enum(e) if matches!(e.repr, Repr::External)) => {
            if let Body::Enum(e) = named.body() {
                obj.constraints.push(flattened_external(e));
            }
        }
        _ => obj.merge(node(shape)),
    }
}

/// What the renderer's `node` gives for `shape`, as merged into an object.
fn node(shape: &'static Shape) -> Merged {
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

fn named_node(shape: &'static Shape, body: &'static Body) -> Merged {
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

// ------------------------------------------------------------------ enums

fn enumeration(e: &'static Enum) -> Rule {
    let live: Vec<&'static Variant> = e.variants.iter().filter(|v| v.de_name.is_some()).collect();
    let (untagged, tagged): (Vec<_>, Vec<_>) = live
        .into_iter()
        .partition(|v| v.untagged || matches!(e.repr, Repr::Untagged));
    let mut alternatives = Vec::new();
    if !tagged.is_empty() {
        alternatives.push(match e.repr {
            Repr::External => external(e, &tagged),
            Repr::Internal { tag } => internal(&tagged, tag),
            Repr::Adjacent { tag, content } => adjacent(e, &tagged, tag, content),
            // Partitioned into `untagged` above.
            Repr::Untagged => Rule::Nothing,
        });
    }
    for v in untagged {
        alternatives.push(match v.body {
            // serde's derive reads an untagged struct variant from a map
            // only, never from an array of its fields.
            VariantBody::Struct(s) => {
                let mut plan = struct_plan(s).clone();
                plan.seq = None;
                Rule::Object(Box::new(plan))
            }
            _ => variant_content(v),
        });
    }
    let hint = match (e.repr, alternatives.len()) {
        (Repr::External, 1) => Hint::External,
        (Repr::Internal { tag } | Repr::Adjacent { tag, .. }, 1) => Hint::Tag(tag),
        _ => Hint::None,
    };
    combine(alternatives, hint, false)
}

/// Every tag serde reads for a variant.
fn variant_names(v: &Variant) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = v.de_name.into_iter().collect();
    names.extend(v.aliases.iter().copied());
    names
}

/// All tags of the known (non-`other`) variants.
fn known_tags(variants: &[&'static Variant]) -> Vec<&'static str> {
    variants
        .iter()
        .filter(|v| !v.other)
        .flat_map(|v| variant_names(v))
        .collect()
}

fn tag_value(v: &Variant, variants: &[&'static Variant]) -> Rule {
    if v.other {
        Rule::OtherName(known_tags(variants))
    } else {
        Rule::Names(variant_names(v))
    }
}

fn external(e: &'static Enum, variants: &[&'static Variant]) -> Rule {
    let all_unit = variants.iter().all(|v| matches!(v.body, VariantBody::Unit));
    let has_other = variants.iter().any(|v| v.other);
    if all_unit && !e.titled {
        if has_other {
            return Rule::AnyString;
        }
        return Rule::Names(variants.iter().flat_map(|v| variant_names(v)).collect());
    }
    let mut alternatives = Vec::new();
    for v in variants {
        if v.other {
            alternatives.push(Rule::OtherName(known_tags(variants)));
            continue;
        }
        let names = variant_names(v);
        match v.body {
            VariantBody::Unit => alternatives.push(Rule::Names(names)),
            _ => {
                let content = variant_content(v);
                for name in names {
                    let mut obj = Builder::default();
                    obj.property(name, vec![content.clone()]);
                    obj.required.push(Cow::Borrowed(name));
                    alternatives.push(Rule::Object(Box::new(
                        obj.finish(true, Some(Discriminant::Key(name))),
                    )));
                }
            }
        }
    }
    combine(alternatives, Hint::External, true)
}

/// A flattened externally tagged enum: one of the parent's keys is a
/// variant name.
fn flattened_external(e: &'static Enum) -> Rule {
    let mut alternatives = Vec::new();
    for v in e.variants {
        if v.de_name.is_none() || v.untagged || v.other {
            continue;
        }
        let content = match v.body {
            VariantBody::Unit => Rule::Null,
            _ => variant_content(v),
        };
        for name in variant_names(v) {
            let mut obj = Builder::default();
            obj.property(name, vec![content.clone()]);
            obj.required.push(Cow::Borrowed(name));
            let mut plan = obj.finish(false, Some(Discriminant::Key(name)));
            plan.typed = false;
            alternatives.push(Rule::Object(Box::new(plan)));
        }
    }
    match combine(alternatives, Hint::Keys, false) {
        Rule::AnyOf(alternatives, _) => Rule::AnyOf(alternatives, Hint::Keys),
        // One variant: the first key naming it is its only key.
        one => one,
    }
}

fn internal(variants: &[&'static Variant], tag: &'static str) -> Rule {
    let mut alternatives = Vec::new();
    for (index, v) in variants.iter().enumerate() {
        let tag_rule = tag_value(v, variants);
        let disc = Some(Discriminant::Tag(tag));
        let alt = match v.body {
            // serde ignores other keys beside a unit variant's tag, even with
            // `deny_unknown_fields`.
            VariantBody::Unit => {
                let mut obj = Builder::default();
                obj.property(tag, vec![tag_rule]);
                obj.required.push(Cow::Borrowed(tag));
                obj.finish(false, disc)
            }
            VariantBody::Struct(s) => {
                let mut obj = Builder::default();
                obj.property(tag, vec![tag_rule]);
                obj.required.push(Cow::Borrowed(tag));
                obj.merge(Merged::Object(struct_plan(s).clone()));
                let mut plan = obj.finish(s.deny_unknown_fields, disc);
                plan.seq = reads_seq(s).then_some(SeqRead::TagThenFields(tag, s));
                plan
            }
            VariantBody::Newtype(inner) => {
                let shape = inner();
                let objectish = matches!(resolve(shape), Shape::Map(_) | Shape::Any)
                    || matches!(
                        resolve(shape),
                        Shape::Named(named) if matches!(named.body(), Body::Struct(_))
                    );
                if !objectish {
                    // Neither written nor read: the variant matches nothing.
                    continue;
                }
                let rendered = node(shape);
                let closed = matches!(&rendered, Merged::Object(p) if p.typed && p.closed);
                let mut obj = Builder::default();
                obj.property(tag, vec![tag_rule]);
                obj.required.push(Cow::Borrowed(tag));
                obj.merge(rendered);
                obj.finish(closed, disc)
            }
            // serde refuses tuple variants in internally tagged enums.
            VariantBody::Tuple(_) => continue,
        };
        let mut alt = alt;
        alt.tag_index = u64::try_from(index).ok();
        alternatives.push(Rule::Object(Box::new(alt)));
    }
    combine(alternatives, Hint::Tag(tag), true)
}

fn adjacent(
    e: &'static Enum,
    variants: &[&'static Variant],
    tag: &'static str,
    content: &'static str,
) -> Rule {
    let mut alternatives = Vec::new();
    for (index, v) in variants.iter().enumerate() {
        let mut obj = Builder::default();
        obj.property(tag, vec![tag_value(v, variants)]);
        obj.required.push(Cow::Borrowed(tag));
        match v.body {
            VariantBody::Unit => obj.property(content, vec![Rule::Null]),
            // serde reads a missing content through its missing-field
            // reader: `None` for an `Option`, an error for anything else.
            VariantBody::Newtype(inner) if inner().missing_is_none() => {
                obj.property(content, vec![variant_content(v)])
            }
            _ => {
                obj.property(content, vec![variant_content(v)]);
                obj.required.push(Cow::Borrowed(content));
            }
        }
        let mut alt = obj.finish(e.deny_unknown_fields, Some(Discriminant::Tag(tag)));
        alt.tag_index = u64::try_from(index).ok();
        alternatives.push(Rule::Object(Box::new(alt)));
    }
    combine(alternatives, Hint::Tag(tag), true)
}

/// What a variant carries, without its tag.
fn variant_content(v: &'static Variant) -> Rule {
    match v.body {
        VariantBody::Unit => Rule::Null,
        VariantBody::Newtype(inner) => Rule::Shape(inner()),
        VariantBody::Tuple(items) => Rule::Tuple(items.iter().map(|f| Rule::Shape(f())).collect()),
        VariantBody::Struct(s) => Rule::Plan(struct_plan(s)),
    }
}

/// No alternative matches nothing; one is itself; more are combined.
fn combine(mut alternatives: Vec<Rule>, hint: Hint, one_of: bool) -> Rule {
    match alternatives.len() {
        0 => Rule::Nothing,
        1 => alternatives.pop().unwrap_or(Rule::Nothing),
        _ if one_of => Rule::OneOf(alternatives, hint),
        _ => Rule::AnyOf(alternatives, hint),
    }
}
