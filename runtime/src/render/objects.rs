//! Structs: their fields per contract, declared constraints, `flatten`,
//! aliases; and the object builder enums use too.

use super::build::{Arena, set, ty, wire};
use super::identity::{FastMap, FastSet};
use super::{Mode, Renderer};
use crate::Contract;
use crate::schema::{
    Alternatives, Data, Exclusive, Keyword, Node, NodeId, Object, Optional, Overlap, Presence,
    Property, PropertyInfo, Role, Source, Type,
};
use crate::shape::{Body, Bound, Constraints, Field, Named, Repr, Shape, Struct};
use serde_json::Number;

impl Renderer {
    pub(super) fn object(&mut self, s: &'static Struct) -> NodeId {
        let mut obj = ObjectBuilder::new(self.contract);
        if self.contract == Contract::Input && s.fields.iter().any(|f| f.flatten) {
            // serde reads the struct's own keys itself, whatever their order
            // in the document: a flattened field never sees them.
            for field in s.fields.iter().filter(|f| !f.flatten) {
                if let Some(name) = field.de_name {
                    obj.claimed.insert(name.to_string());
                    obj.claimed
                        .extend(field.aliases.iter().map(|a| a.to_string()));
                }
            }
        }
        for field in s.fields {
            if field.flatten {
                self.flatten(field, &mut obj);
                continue;
            }
            match self.contract {
                Contract::Input => self.input_field(field, &mut obj),
                Contract::Output => self.output_field(field, &mut obj),
            }
        }
        obj.finish(&mut self.out, s.deny_unknown_fields)
    }

    /// A field as serde reads it: under its name and its aliases.
    fn input_field(&mut self, field: &'static Field, obj: &mut ObjectBuilder) {
        let Some(name) = field.de_name else { return };
        let shape = (field.shape)();
        let optional = if field.has_default {
            Some(Optional::Default)
        } else if !field.deserialize_with && shape.missing_is_none() {
            Some(Optional::MissingIsNone)
        } else {
            None
        };
        let rendered = self.node(shape);
        let mut schema = self.out.annotate(rendered, field.title, field.description);
        if let Some(c) = field.constraints {
            schema = self.constrain(schema, shape, c);
        }
        if let Some(default) = field.default_value
            && let Some(value) = default()
        {
            schema = self.out.edit(schema, |o| {
                let default = Keyword::Default(Data::new(value));
                set(&mut o.entries, default, Source::Declared);
            });
        }
        let aliases: &[&str] = if self.no_aliases { &[] } else { field.aliases };
        let presence = match (optional, aliases.is_empty()) {
            (Some(why), _) => Presence::Optional(why),
            (None, true) => Presence::Required,
            (None, false) => Presence::Optional(Optional::Alias),
        };
        obj.property(name, schema, info(presence, None));
        for alias in aliases {
            obj.property(alias, schema, info(presence, Some(name)));
        }
        if aliases.is_empty() {
            if optional.is_none() {
                obj.required.push(name.into());
            }
        } else {
            let rule = alias_rule(&mut self.out, name, aliases, optional.is_some());
            obj.constraints.push(rule);
        }
    }

    /// A field as serde writes it.
    fn output_field(&mut self, field: &'static Field, obj: &mut ObjectBuilder) {
        let Some(name) = field.ser_name else { return };
        let shape = (field.ser_shape)();
        let rendered = match self.resolve(shape) {
            Shape::Option(inner) if field.skip_if_none => self.node(inner),
            _ => self.node(shape),
        };
        let mut schema = self.out.annotate(rendered, field.title, field.description);
        if let Some(c) = field.constraints {
            schema = self.constrain(schema, shape, c);
        }
        let presence = match (field.skip_serializing_if, field.skip_if_none) {
            (false, _) => Presence::Required,
            (true, true) => Presence::Optional(Optional::SkipIfNone),
            (true, false) => Presence::Optional(Optional::SkipSerializingIf),
        };
        let always = presence == Presence::Required;
        obj.write(&mut self.out, name, schema, always, info(presence, None));
    }

    /// Applies declared constraints to a field's schema, by the kind of value
    /// the field holds (through `Option`).
    fn constrain(&mut self, schema: NodeId, shape: &'static Shape, c: &Constraints) -> NodeId {
        let mut kind = self.resolve(shape);
        while let Shape::Option(inner) = kind {
            kind = self.resolve(inner);
        }
        let (min_key, max_key) = match kind {
            Shape::Seq(_) | Shape::Tuple(_) => ("minItems", "maxItems"),
            Shape::Map(_) => ("minProperties", "maxProperties"),
            _ => ("minLength", "maxLength"),
        };
        self.out.edit(schema, |obj| {
            if let Some(n) = c.min_length {
                tighten(obj, min_key, Bound::UInt(n), true);
            }
            if let Some(n) = c.max_length {
                tighten(obj, max_key, Bound::UInt(n), false);
            }
            if let Some(b) = c.minimum {
                tighten(obj, "minimum", b, true);
            }
            if let Some(b) = c.maximum {
                tighten(obj, "maximum", b, false);
            }
            let declared = Source::Declared;
            if let Some(f) = c.format {
                set(&mut obj.entries, Keyword::Format(f.into()), declared);
            }
            if let Some(p) = c.pattern {
                set(&mut obj.entries, Keyword::Pattern(p.into()), declared);
            }
            if !c.examples.is_empty() {
                let examples = c
                    .examples
                    .iter()
                    .filter_map(|e| serde_json::from_str(e).ok())
                    .map(Data::new)
                    .collect();
                set(&mut obj.entries, Keyword::Examples(examples), declared);
            }
            if c.deprecated {
                set(&mut obj.entries, Keyword::Deprecated(true), declared);
            }
        })
    }

    /// `#[serde(flatten)]`: the field's keys join this object.
    ///
    /// serde reads the keys the outer struct does not own into its buffer,
    /// and gives them to the flattened fields in declaration order: a
    /// flattened struct takes its keys (a later flattened field does not see
    /// them), a flattened map looks at every key left. serde writes the
    /// fields in declaration order; serde_json keeps the last value of a
    /// key written twice.
    fn flatten(&mut self, field: &'static Field, obj: &mut ObjectBuilder) {
        let shape = match self.contract {
            Contract::Input if field.de_name.is_none() => return,
            Contract::Output if field.ser_name.is_none() => return,
            Contract::Input => (field.shape)(),
            Contract::Output => (field.ser_shape)(),
        };
        let from = field.rust_name;
        let resolved = self.resolve(shape);
        let saved = self.enter(Mode::Owned);
        match resolved {
            // serde reads `Option<Flattened>` as `None` whenever the inner
            // type fails, whatever the keys hold: on input the keys constrain
            // nothing. On output they are written when `Some`: none required.
            Shape::Option(inner) => {
                if self.contract == Contract::Output {
                    let rendered = self.inline(inner);
                    obj.merge(&mut self.out, rendered, Merge::Optional, Some(from));
                }
            }
            // A flattened unit reads and writes no key.
            Shape::Null
            | Shape::Named(Named {
                body: Body::Unit, ..
            }) => {}
            // Every key left reaches the map as a string: a key type serde
            // must parse from the text reads none, so no key may be left.
            Shape::Map(map)
                if self.contract == Contract::Input && self.key_needs_parsing(map.key) =>
            {
                let no = self.out.boolean(false);
                obj.additional.push(no);
            }
            Shape::Map(_) => {
                self.enter(Mode::Borrowed);
                let rendered = self.node(shape);
                obj.merge(&mut self.out, rendered, Merge::Flattened, Some(from));
            }
            Shape::Named(Named {
                body: Body::Enum(e),
                ..
            }) if matches!(e.repr, Repr::External) => {
                let schema = self.flattened_external(e, from);
                obj.constraints.push(schema);
            }
            Shape::Named(Named {
                body: Body::Struct(_),
                ..
            }) => {
                let rendered = self.inline(resolved);
                obj.merge(&mut self.out, rendered, Merge::Takes, Some(from));
            }
            _ => {
                let rendered = self.node(shape);
                obj.merge(&mut self.out, rendered, Merge::Flattened, Some(from));
            }
        }
        self.mode = saved;
    }
}

fn info(presence: Presence, alias_of: Option<&str>) -> PropertyInfo {
    PropertyInfo {
        presence,
        alias_of: alias_of.map(str::to_string),
        flattened_from: None,
    }
}

/// A numeric keyword's value, when it has one.
fn number_of(keyword: &Keyword) -> Option<f64> {
    match keyword {
        Keyword::Minimum(n) | Keyword::Maximum(n) => n.as_f64(),
        Keyword::MinLength(n)
        | Keyword::MaxLength(n)
        | Keyword::MinItems(n)
        | Keyword::MaxItems(n)
        | Keyword::MinProperties(n)
        | Keyword::MaxProperties(n) => Some(*n as f64),
        _ => None,
    }
}

/// The keyword `name` holding `bound`.
fn bound_keyword(name: &str, bound: Bound) -> Keyword {
    let count = match bound {
        Bound::UInt(n) => Some(n),
        _ => None,
    };
    let number = match bound {
        Bound::Int(v) => Some(Number::from(v)),
        Bound::UInt(v) => Some(Number::from(v)),
        Bound::Float(v) => Number::from_f64(v),
    };
    match (name, count, number) {
        ("minLength", Some(n), _) => Keyword::MinLength(n),
        ("maxLength", Some(n), _) => Keyword::MaxLength(n),
        ("minItems", Some(n), _) => Keyword::MinItems(n),
        ("maxItems", Some(n), _) => Keyword::MaxItems(n),
        ("minProperties", Some(n), _) => Keyword::MinProperties(n),
        ("maxProperties", Some(n), _) => Keyword::MaxProperties(n),
        ("minimum", _, Some(n)) => Keyword::Minimum(n),
        ("maximum", _, Some(n)) => Keyword::Maximum(n),
        _ => Keyword::Other(name.into(), Data::new(bound.to_json())),
    }
}

/// Sets `key` to `bound` unless the schema already has a tighter one (the
/// type's own range always holds).
fn tighten(obj: &mut Object, key: &str, bound: Bound, lower: bool) {
    let keep_existing = obj.get(key).and_then(number_of).is_some_and(|old| {
        if lower {
            old > bound.as_f64()
        } else {
            old < bound.as_f64()
        }
    });
    if !keep_existing {
        set(
            &mut obj.entries,
            bound_keyword(key, bound),
            Source::Declared,
        );
    }
}

/// How [`ObjectBuilder::merge`] takes in another object's keys.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Merge {
    /// A flattened field that leaves the keys it reads to later fields (a
    /// map, an enum).
    Flattened,
    /// A flattened struct: it takes its keys, later flattened fields do
    /// not see them.
    Takes,
    /// A flattened `Option`: on output, none of its keys is always written.
    Optional,
    /// An internally tagged variant's content beside the tag.
    Content,
}

/// Accumulates an object schema: properties in order, `required`, extra
/// rules (aliases, flattened enums) and the value schema of extra keys
/// (flattened maps).
pub(super) struct ObjectBuilder {
    contract: Contract,
    properties: Vec<Property>,
    /// Where each property name is in `properties`, by the name's hash
    /// (kept once there are many: a few are found faster by a scan; a hash
    /// shared by two names falls back to the scan).
    index: FastMap<u64, usize>,
    pub(super) required: Vec<String>,
    pub(super) constraints: Vec<NodeId>,
    pub(super) additional: Vec<NodeId>,
    /// Input: keys serde hands to another reader first (the outer struct's
    /// own fields, the tag, earlier flattened structs): a merged reader
    /// never sees them.
    pub(super) claimed: FastSet<String>,
    /// Input: a merged reader requires a key another reader takes: serde
    /// reads nothing.
    impossible: bool,
}

impl ObjectBuilder {
    pub(super) fn new(contract: Contract) -> Self {
        ObjectBuilder {
            contract,
            properties: Vec::new(),
            index: FastMap::default(),
            required: Vec::new(),
            constraints: Vec::new(),
            additional: Vec::new(),
            claimed: FastSet::default(),
            impossible: false,
        }
    }

    /// A key of this object's own (replacing an earlier one of that name).
    pub(super) fn property(&mut self, name: &str, schema: NodeId, info: PropertyInfo) {
        let property = Property {
            name: name.into(),
            schema,
            info,
        };
        match self.find(name) {
            Some(at) => self.properties[at] = property,
            None => {
                if self.properties.len() >= Self::SCANNED {
                    if self.index.is_empty() {
                        for (i, p) in self.properties.iter().enumerate() {
                            self.index.entry(name_hash(&p.name)).or_insert(i);
                        }
                    }
                    let at = self.properties.len();
                    self.index.entry(name_hash(name)).or_insert(at);
                }
                self.properties.push(property);
            }
        }
    }

    /// Up to this many properties, a name is found by a scan.
    const SCANNED: usize = 16;

    /// Where the property `name` is.
    fn find(&self, name: &str) -> Option<usize> {
        if self.properties.len() > Self::SCANNED
            && let Some(&at) = self.index.get(&name_hash(name))
            && self.properties.get(at).is_some_and(|p| p.name == name)
        {
            return Some(at);
        }
        if self.properties.len() > Self::SCANNED && !self.index.contains_key(&name_hash(name)) {
            return None;
        }
        self.properties.iter().position(|p| p.name == name)
    }

    /// A required key of this object's own.
    pub(super) fn property_required(&mut self, name: &str, schema: NodeId) {
        self.property(name, schema, info(Presence::Required, None));
        self.required.push(name.into());
    }

    /// An enum's tag: required, read by the enum before its content.
    pub(super) fn tag(&mut self, tag: &str, schema: NodeId) {
        self.property(tag, schema, info(Presence::Required, None));
        self.required.push(tag.into());
        self.claimed.insert(tag.into());
    }

    /// Output: a key serde writes (`always`: whatever the value). serde_json
    /// keeps the last value of a key written twice.
    fn write(
        &mut self,
        out: &mut Arena,
        name: &str,
        schema: NodeId,
        always: bool,
        info: PropertyInfo,
    ) {
        match self.find(name) {
            Some(at) if !always => {
                let earlier = &mut self.properties[at];
                let alts = Alternatives {
                    nodes: vec![earlier.schema, schema],
                    exclusive: Exclusive::Unknown,
                };
                earlier.schema = out.add(wire(Role::Value, [Keyword::AnyOf(alts)]));
            }
            Some(at) => {
                let earlier = &mut self.properties[at];
                earlier.schema = schema;
                earlier.info.presence = Presence::Required;
            }
            None => self.property(name, schema, info),
        }
        if always && !self.required.iter().any(|r| r == name) {
            self.required.push(name.into());
        }
    }

    /// Takes in another object schema's keys (a flattened field, from the
    /// field `from`; a variant's content beside its tag).
    pub(super) fn merge(
        &mut self,
        out: &mut Arena,
        schema: NodeId,
        how: Merge,
        from: Option<&'static str>,
    ) {
        let is_object = out.single_type(schema) == Some(Type::Object);
        let Some(obj) = out.object(schema).filter(|_| is_object) else {
            // An enum or a reference: its rule holds for the whole object.
            self.constraints.push(schema);
            return;
        };
        let obj = obj.clone();
        let mut required = Vec::new();
        let mut props = Vec::new();
        let mut additional = None;
        let mut rules: [Option<Keyword>; 4] = Default::default();
        for entry in obj.entries {
            match entry.keyword {
                Keyword::Required(r) => required = r,
                Keyword::Properties(p) => props = p,
                Keyword::AdditionalProperties(a) => additional = Some(a),
                k @ Keyword::AllOf(_) => rules[0] = Some(k),
                k @ Keyword::OneOf(_) => rules[1] = Some(k),
                k @ Keyword::AnyOf(_) => rules[2] = Some(k),
                k @ Keyword::Not(_) => rules[3] = Some(k),
                _ => {}
            }
        }
        for p in &mut props {
            if from.is_some() {
                p.info.flattened_from = from;
            }
        }
        match self.contract {
            Contract::Input => self.merge_input(out, required, props, how),
            Contract::Output => {
                for mut p in props {
                    let always = how != Merge::Optional && required.contains(&p.name);
                    p.info.presence = match (always, how) {
                        (true, _) => Presence::Required,
                        (false, Merge::Optional) => Presence::Optional(Optional::FlattenedOption),
                        (false, _) => p.info.presence,
                    };
                    let name = std::mem::take(&mut p.name);
                    self.write(out, &name, p.schema, always, p.info);
                }
                if how != Merge::Optional {
                    for key in required {
                        if !self.required.contains(&key) {
                            self.required.push(key);
                        }
                    }
                }
            }
        }
        if let Some(a) = additional
            && !matches!(out.schema.get(a), Some(Node::Bool(false)))
        {
            self.additional.push(a);
        }
        let role = match from {
            Some(field) => Role::Flattened { field },
            None => Role::Value,
        };
        for rule in rules.into_iter().flatten() {
            match rule {
                Keyword::AllOf(items) => self.constraints.extend(items),
                k => {
                    let node = out.add(wire(role.clone(), [k]));
                    self.constraints.push(node);
                }
            }
        }
    }

    fn merge_input(
        &mut self,
        out: &mut Arena,
        required: Vec<String>,
        props: Vec<Property>,
        how: Merge,
    ) {
        for key in required {
            if self.claimed.contains(&key) {
                self.impossible = true;
            } else if !self.required.contains(&key) {
                self.required.push(key);
            }
        }
        let mut taken = Vec::new();
        for p in props {
            if self.claimed.contains(&p.name) {
                continue;
            }
            // Keys a flattened map saw first must also satisfy its
            // value schema.
            let schema = if self.additional.is_empty() {
                p.schema
            } else {
                let mut all = self.additional.clone();
                all.push(p.schema);
                out.add(wire(Role::Value, [Keyword::AllOf(all)]))
            };
            if how == Merge::Takes {
                taken.push(p.name.clone());
            }
            self.property(&p.name, schema, p.info);
        }
        self.claimed.extend(taken);
    }

    pub(super) fn finish(mut self, out: &mut Arena, closed: bool) -> NodeId {
        if self.impossible {
            return out.nothing();
        }
        let mut obj = wire(
            Role::Value,
            [ty(Type::Object), Keyword::Properties(self.properties)],
        );
        if !self.required.is_empty() {
            dedup(&mut self.required);
            obj.push(Keyword::Required(self.required), Source::Wire);
        }
        let additional = match self.additional.len() {
            0 if closed => Some(out.boolean(false)),
            0 => None,
            1 => Some(self.additional.remove(0)),
            _ => Some(out.add(wire(Role::Value, [Keyword::AllOf(self.additional)]))),
        };
        if let Some(a) = additional {
            obj.push(Keyword::AdditionalProperties(a), Source::Wire);
        }
        match self.constraints.len() {
            0 => {}
            1 => {
                let rule = self.constraints[0];
                let merged = out.object(rule).filter(|r| {
                    !r.entries
                        .iter()
                        .any(|e| obj.get(e.keyword.name()).is_some())
                });
                match merged {
                    Some(r) => obj.entries.extend(r.entries.iter().cloned()),
                    None => obj.push(Keyword::AllOf(vec![rule]), Source::Wire),
                }
            }
            _ => obj.push(Keyword::AllOf(self.constraints), Source::Wire),
        }
        out.add(obj)
    }
}

/// serde reads a field under its name or any alias, and rejects a document
/// that carries two of them ("duplicate field"). Required: exactly one;
/// optional: at most one.
fn alias_rule(out: &mut Arena, name: &str, aliases: &[&str], optional: bool) -> NodeId {
    let names: Vec<&str> = std::iter::once(name)
        .chain(aliases.iter().copied())
        .collect();
    let role = || Role::AliasRule {
        primary: name.to_string(),
    };
    let alternatives = |nodes| Alternatives {
        nodes,
        exclusive: Exclusive::No(Overlap::AliasNames),
    };
    if optional {
        let mut pairs = Vec::new();
        for (i, a) in names.iter().enumerate() {
            for b in &names[i + 1..] {
                pairs.push(out.requires(&[a, b], role()));
            }
        }
        let forbidden = if pairs.len() == 1 {
            pairs[0]
        } else {
            out.add(wire(role(), [Keyword::AnyOf(alternatives(pairs))]))
        };
        out.add(wire(role(), [Keyword::Not(forbidden)]))
    } else {
        let one_of = names.iter().map(|n| out.requires(&[n], role())).collect();
        out.add(wire(role(), [Keyword::OneOf(alternatives(one_of))]))
    }
}

/// Keeps the first of each name, in order, without copying one.
fn dedup(names: &mut Vec<String>) {
    if names.len() <= 32 {
        // A few names: compared with those kept so far.
        let mut kept = 0;
        for i in 0..names.len() {
            if !names[..kept].contains(&names[i]) {
                names.swap(kept, i);
                kept += 1;
            }
        }
        names.truncate(kept);
    } else {
        let keep: Vec<bool> = {
            let mut seen = FastSet::default();
            names.iter().map(|n| seen.insert(n.as_str())).collect()
        };
        let mut keep = keep.into_iter();
        names.retain(|_| keep.next().unwrap_or(true));
    }
}

/// The hash [`ObjectBuilder`] indexes a property name by (names come from
/// the program's own types, not from an adversary).
fn name_hash(name: &str) -> u64 {
    use std::hash::BuildHasher;
    std::hash::BuildHasherDefault::<super::identity::FastHasher>::default().hash_one(name)
}
