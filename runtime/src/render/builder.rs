//! The object builder: properties in order, `required`, extra rules and
//! the value schema of extra keys, shared by structs, variants and
//! flattened fields.

use super::build::{Arena, ty, wire};
use super::identity::{FastMap, FastSet};
use crate::Contract;
use crate::schema::{
    Alternatives, Exclusive, Keyword, Node, NodeId, Optional, Presence, Property, PropertyInfo,
    Role, Source, Type,
};

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
        if self.properties.len() > Self::SCANNED {
            match self.index.get(&name_hash(name)) {
                None => return None,
                Some(&at) if self.properties.get(at).is_some_and(|p| p.name == name) => {
                    return Some(at);
                }
                // Another name with the same hash: scanned.
                Some(_) => {}
            }
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
    pub(super) fn write(
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
            // Left out, the key may hold what an earlier flattened map
            // wrote under it.
            None if !always && !self.additional.is_empty() => {
                let mut nodes = vec![schema];
                nodes.extend(self.additional.iter().copied());
                let alts = Alternatives {
                    nodes,
                    exclusive: Exclusive::Unknown,
                };
                let schema = out.add(wire(Role::Value, [Keyword::AnyOf(alts)]));
                self.property(name, schema, info);
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
        let before = self.properties.len();
        let mut written = FastSet::default();
        match self.contract {
            Contract::Input => self.merge_input(out, required, props, how),
            Contract::Output => {
                for mut p in props {
                    written.insert(p.name.clone());
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
            if self.contract == Contract::Output {
                // serde writes the map's keys after the keys written so
                // far, a key of the same name again; `to_value` keeps the
                // last value.
                for p in &mut self.properties[..before] {
                    if !written.contains(&p.name) {
                        let alts = Alternatives {
                            nodes: vec![p.schema, a],
                            exclusive: Exclusive::Unknown,
                        };
                        p.schema = out.add(wire(Role::Value, [Keyword::AnyOf(alts)]));
                    }
                }
            }
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

/// What a property is: how present, and which name it is an alias of.
pub(super) fn info(presence: Presence, alias_of: Option<&str>) -> PropertyInfo {
    PropertyInfo {
        presence,
        alias_of: alias_of.map(str::to_string),
        flattened_from: None,
    }
}
