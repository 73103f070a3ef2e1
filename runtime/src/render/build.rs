//! The nodes the renderer builds, in its arena: the small schemas every part
//! of it makes, and the edits it makes to them (annotations, `null`).
//!
//! Nodes are never changed once added: an edit adds a new node (sharing the
//! children), so a node may be used in several places (a type rendered once
//! and used twice) without one use changing another.

use crate::schema::{
    Alternatives, Data, Entry, Exclusive, Keyword, Node, NodeId, Object, Role, Schema, Source,
    Type, Types,
};
use crate::shape::IntRange;
use serde_json::Value;

/// The schema being built, and the printed size of each node.
pub(super) struct Arena {
    pub(super) schema: Schema,
    /// Per node: nodes and keywords in its printed form (a child used twice
    /// counts twice), saturating.
    weights: Vec<u64>,
    /// Per node: whether it may be used in several places (a named type's
    /// rendering kept for reuse, a `$defs` entry): never edited in place.
    frozen: Vec<bool>,
}

/// `type: t`.
pub(super) fn ty(t: Type) -> Keyword {
    Keyword::Type(Types::One(t))
}

/// An object schema of `role`, its keywords implied by the wire.
pub(super) fn wire(role: Role, keywords: impl IntoIterator<Item = Keyword>) -> Object {
    let keywords = keywords.into_iter();
    let mut obj = Object {
        // Room for what is most often added after: a description or a
        // title, bounds, `required` (each growth is a reallocation).
        entries: Vec::with_capacity(keywords.size_hint().0 + 3),
        role,
    };
    for k in keywords {
        obj.push(k, Source::Wire);
    }
    obj
}

/// Sets `keyword`: in place of a keyword of the same name, or at the end.
pub(super) fn set(entries: &mut Vec<Entry>, keyword: Keyword, source: Source) {
    let entry = Entry { keyword, source };
    match entries
        .iter_mut()
        .find(|e| e.keyword.name() == entry.keyword.name())
    {
        Some(slot) => *slot = entry,
        None => entries.push(entry),
    }
}

impl Arena {
    pub(super) fn new() -> Arena {
        Arena {
            schema: Schema {
                nodes: Vec::with_capacity(64),
                root: NodeId(0),
            },
            weights: Vec::with_capacity(64),
            frozen: Vec::with_capacity(64),
        }
    }

    /// The printed size of `node` (see [`Arena::weight`]).
    fn weigh(&self, node: &Node) -> u64 {
        let mut weight = 1u64;
        if let Node::Object(obj) = node {
            weight = weight.saturating_add(obj.entries.len() as u64);
        }
        node.for_each_child(|c| {
            weight = weight.saturating_add(self.weights.get(c.0).copied().unwrap_or(0));
        });
        weight
    }

    /// Adds a node.
    pub(super) fn add_node(&mut self, node: Node) -> NodeId {
        self.weights.push(self.weigh(&node));
        self.frozen.push(false);
        self.schema.push(node)
    }

    /// Marks `id` as used in several places: edits copy it from now on.
    pub(super) fn freeze(&mut self, id: NodeId) {
        if let Some(f) = self.frozen.get_mut(id.0) {
            *f = true;
        }
    }

    /// `edit` applied to the object schema `id`: in place when nothing else
    /// may use it, else to a copy (returned). Not an object: `id` as is.
    pub(super) fn edit(&mut self, id: NodeId, edit: impl FnOnce(&mut Object)) -> NodeId {
        let frozen = self.frozen.get(id.0).copied().unwrap_or(true);
        match self.schema.nodes.get_mut(id.0) {
            Some(Node::Object(obj)) if !frozen => {
                edit(obj);
                let node = &self.schema.nodes[id.0];
                let weight = self.weigh(node);
                self.weights[id.0] = weight;
                id
            }
            Some(Node::Object(obj)) => {
                let mut copy = obj.clone();
                edit(&mut copy);
                self.add(copy)
            }
            _ => id,
        }
    }

    /// Adds an object schema.
    pub(super) fn add(&mut self, obj: Object) -> NodeId {
        self.add_node(Node::Object(obj))
    }

    /// How large `id` prints: nodes and keywords, a child used twice
    /// counted twice.
    pub(super) fn weight(&self, id: NodeId) -> u64 {
        self.weights.get(id.0).copied().unwrap_or(0)
    }

    /// The object schema at `id`.
    pub(super) fn object(&self, id: NodeId) -> Option<&Object> {
        match self.schema.get(id) {
            Some(Node::Object(obj)) => Some(obj),
            _ => None,
        }
    }

    /// Marks `id` as made by `role`. Only for a node just built by the
    /// caller (nodes others may share are never changed).
    pub(super) fn set_role(&mut self, id: NodeId, role: Role) {
        if let Some(Node::Object(obj)) = self.schema.nodes.get_mut(id.0) {
            obj.role = role;
        }
    }

    /// `{}`.
    pub(super) fn any(&mut self) -> NodeId {
        self.add(Object::new(Role::Value))
    }

    /// `true` or `false`.
    pub(super) fn boolean(&mut self, b: bool) -> NodeId {
        self.add_node(Node::Bool(b))
    }

    /// `{"not": {}}`: nothing matches.
    pub(super) fn nothing(&mut self) -> NodeId {
        let any = self.any();
        self.add(wire(Role::Value, [Keyword::Not(any)]))
    }

    /// `{"type": t}`.
    pub(super) fn typed(&mut self, t: Type) -> NodeId {
        self.add(wire(Role::Value, [ty(t)]))
    }

    /// `{"type": "object", "additionalProperties": false}`: the empty object.
    pub(super) fn empty_object(&mut self) -> NodeId {
        let no = self.boolean(false);
        self.add(wire(
            Role::Value,
            [ty(Type::Object), Keyword::AdditionalProperties(no)],
        ))
    }

    /// `{"required": [names]}`.
    pub(super) fn requires(&mut self, names: &[&str], role: Role) -> NodeId {
        let names = names.iter().map(|n| n.to_string()).collect();
        self.add(wire(role, [Keyword::Required(names)]))
    }

    /// Whether `id` is `{"not": {}}`.
    pub(super) fn is_nothing(&self, id: NodeId) -> bool {
        self.object(id).is_some_and(|o| self.is_nothing_object(o))
    }

    fn is_nothing_object(&self, obj: &Object) -> bool {
        match obj.entries.as_slice() {
            [
                Entry {
                    keyword: Keyword::Not(inner),
                    ..
                },
            ] => self.object(*inner).is_some_and(|o| o.entries.is_empty()),
            _ => false,
        }
    }

    /// The single `type` of `id`, if it has one.
    pub(super) fn single_type(&self, id: NodeId) -> Option<Type> {
        match self.object(id)?.get("type") {
            Some(Keyword::Type(Types::One(t))) => Some(*t),
            _ => None,
        }
    }

    /// Whether `id` has `additionalProperties: false`.
    pub(super) fn closed(&self, id: NodeId) -> bool {
        match self.object(id).and_then(|o| o.get("additionalProperties")) {
            Some(Keyword::AdditionalProperties(a)) => {
                matches!(self.schema.get(*a), Some(Node::Bool(false)))
            }
            _ => false,
        }
    }

    /// `{keyword: alternatives}`; nothing for none, the one itself for one.
    pub(super) fn combine(
        &mut self,
        one_of: bool,
        mut nodes: Vec<NodeId>,
        exclusive: Exclusive,
    ) -> NodeId {
        match nodes.len() {
            0 => self.nothing(),
            1 => nodes.pop().unwrap_or(NodeId(0)),
            _ => {
                let alts = Alternatives { nodes, exclusive };
                let k = if one_of {
                    Keyword::OneOf(alts)
                } else {
                    Keyword::AnyOf(alts)
                };
                self.add(wire(Role::Value, [k]))
            }
        }
    }

    /// Puts `title` and `description` first, replacing any the schema had
    /// (a title it had moves first).
    pub(super) fn annotate(
        &mut self,
        id: NodeId,
        title: Option<&str>,
        description: Option<&str>,
    ) -> NodeId {
        if title.is_none() && description.is_none() {
            return id;
        }
        self.edit(id, |obj| {
            let take = |entries: &mut Vec<Entry>, name: &str| {
                let at = entries.iter().position(|e| e.keyword.name() == name)?;
                Some(entries.remove(at))
            };
            let mut at = 0;
            if let Some(t) = title {
                take(&mut obj.entries, "title");
                let title = Entry {
                    keyword: Keyword::Title(t.into()),
                    source: Source::Declared,
                };
                obj.entries.insert(0, title);
                at = 1;
            } else if let Some(existing) = take(&mut obj.entries, "title") {
                obj.entries.insert(0, existing);
                at = 1;
            }
            if let Some(d) = description {
                take(&mut obj.entries, "description");
                let description = Entry {
                    keyword: Keyword::Description(d.into()),
                    source: Source::Declared,
                };
                obj.entries.insert(at.min(obj.entries.len()), description);
            }
        })
    }

    /// `id` or `null`, in the plainest form that says so: `null` added to a
    /// simple schema's `type` (and `enum`), else `anyOf` with `null`.
    pub(super) fn nullable(&mut self, id: NodeId) -> NodeId {
        let Some(obj) = self.object(id) else {
            return id;
        };
        if obj.entries.is_empty() {
            return id;
        }
        if self.is_nothing_object(obj) {
            return self.typed(Type::Null);
        }
        const COMBINATORS: [&str; 6] = ["$ref", "allOf", "anyOf", "oneOf", "not", "const"];
        let simple = !obj
            .entries
            .iter()
            .any(|e| COMBINATORS.contains(&e.keyword.name()));
        let has_enum = obj.get("enum").is_some();
        if simple {
            match obj.get("type") {
                Some(Keyword::Type(Types::One(Type::Null))) => return id,
                Some(Keyword::Type(Types::One(_))) => {
                    return self.edit(id, |obj| {
                        for e in &mut obj.entries {
                            match &mut e.keyword {
                                Keyword::Type(types @ Types::One(_)) => {
                                    let t = types.as_slice().to_vec();
                                    *types = Types::Many([t, vec![Type::Null]].concat());
                                }
                                Keyword::Enum(values) if !values.iter().any(|v| v.is_null()) => {
                                    values.push(Data::new(Value::Null));
                                }
                                _ => {}
                            }
                        }
                    });
                }
                Some(Keyword::Type(Types::Many(types))) if !has_enum => {
                    if types.contains(&Type::Null) {
                        return id;
                    }
                    return self.edit(id, |obj| {
                        for e in &mut obj.entries {
                            if let Keyword::Type(Types::Many(types)) = &mut e.keyword {
                                types.push(Type::Null);
                            }
                        }
                    });
                }
                _ => {}
            }
        }
        let null = self.add(wire(Role::Null, [ty(Type::Null)]));
        let alts = Alternatives {
            nodes: vec![id, null],
            exclusive: Exclusive::Unknown,
        };
        self.add(wire(Role::Nullable, [Keyword::AnyOf(alts)]))
    }

    /// A fixed-length array, one schema per position.
    pub(super) fn tuple(&mut self, items: Vec<NodeId>) -> NodeId {
        let n = items.len() as u64;
        if n == 0 {
            // `prefixItems` must not be empty (the 2020-12 meta-schema).
            return self.add(wire(Role::Value, [ty(Type::Array), Keyword::MaxItems(0)]));
        }
        let no = self.boolean(false);
        self.add(wire(
            Role::Value,
            [
                ty(Type::Array),
                Keyword::PrefixItems(items),
                Keyword::Items(no),
                Keyword::MinItems(n),
                Keyword::MaxItems(n),
            ],
        ))
    }

    /// An integer within `range`.
    pub(super) fn integer(&mut self, range: &IntRange) -> NodeId {
        let mut obj = wire(Role::Value, [ty(Type::Integer)]);
        let mut exclude_zero = range.nonzero;
        if let Some(min) = range.min {
            let min = if range.nonzero && min == 0 {
                exclude_zero = false;
                1
            } else {
                min
            };
            obj.push(Keyword::Minimum(min.into()), Source::Wire);
        }
        if let Some(max) = range.max {
            obj.push(Keyword::Maximum(max.into()), Source::Wire);
        }
        if exclude_zero {
            let zero = self.add(wire(
                Role::Value,
                [Keyword::Const(Data::new(Value::from(0)))],
            ));
            obj.push(Keyword::Not(zero), Source::Wire);
        }
        self.add(obj)
    }
}

/// `schema` or `null`, in the plainest form that says so (the JSON form of
/// [`Arena::nullable`], for the dialect converter).
pub(crate) fn nullable(schema: Value) -> Value {
    let parsed = crate::schema::parse(&schema);
    crate::schema::dispose(schema);
    let root = parsed.root;
    let mut arena = Arena {
        weights: vec![0; parsed.nodes.len()],
        frozen: vec![false; parsed.nodes.len()],
        schema: parsed,
    };
    arena.schema.root = arena.nullable(root);
    crate::schema::print_owned(arena.schema)
}
