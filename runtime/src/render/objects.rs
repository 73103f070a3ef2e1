//! Structs: their fields per contract, declared constraints, `flatten`,
//! aliases (the object builder they fill is in `builder`). Which fields
//! serde reads or writes, under which names, and which it requires, is
//! [`serde_read`]'s to say; this file says it as schemas.

use super::build::{Arena, set, wire};
use super::builder::{Merge, ObjectBuilder, info};
use super::{Mode, Renderer};
use crate::Contract;
use crate::schema::{
    Alternatives, Data, Exclusive, Keyword, NodeId, Object, Optional, Overlap, Presence, Role,
    Source,
};
use crate::shape::serde_read::{self, Flattened, Missing, Written};
use crate::shape::{Bound, Constraints, Field, Shape, Struct};
use serde_json::Number;

impl Renderer {
    pub(super) fn object(&mut self, s: &'static Struct) -> NodeId {
        let mut obj = ObjectBuilder::new(self.contract);
        if self.contract == Contract::Input && s.fields.iter().any(|f| f.flatten) {
            // serde reads the struct's own keys itself, whatever their order
            // in the document: a flattened field never sees them.
            obj.claimed
                .extend(serde_read::own_keys(s).map(str::to_string));
        }
        for field in s.fields {
            if field.flatten {
                self.flatten(field, s, &mut obj);
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
        let Some(name) = serde_read::field_name(field, Contract::Input) else {
            return;
        };
        let shape = serde_read::field_shape(field, Contract::Input);
        let optional = serde_read::missing(field).map(|why| match why {
            Missing::Default => Optional::Default,
            Missing::IsNone => Optional::MissingIsNone,
        });
        let header = field.constraints.and_then(|c| c.header);
        // An `x-mcp-header` property is a single-typed primitive: rmcp's
        // client (3.11) drops a tool whose annotated property's `type` is
        // not one string, so an `Option` header field is its inner type, not
        // nullable (a client sends no header for `null` or absent), and
        // optional (missing is `None`).
        let rendered = match (header, self.resolve(shape)) {
            (Some(_), Shape::Option(inner)) => self.node(inner),
            _ => self.node(shape),
        };
        let mut schema = self.out.annotate(rendered, field.title, field.description);
        if let Some(c) = field.constraints {
            schema = self.constrain(schema, shape, c);
        }
        if let Some(name) = header {
            schema = self.out.edit(schema, |o| {
                let name = Data::new(name.into());
                set(
                    &mut o.entries,
                    Keyword::Other("x-mcp-header".into(), name),
                    Source::Declared,
                );
            });
        }
        if let Some(default) = field.default_value
            && let Some(value) = default.json()
            // `null` is not a value of a header property's one type.
            && !(header.is_some() && value.is_null())
        {
            schema = self.out.edit(schema, |o| {
                let default = Keyword::Default(Data::new(value));
                set(&mut o.entries, default, Source::Declared);
            });
        }
        let aliases = serde_read::field_aliases(field, Contract::Input, self.no_aliases);
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
        let Some(name) = serde_read::field_name(field, Contract::Output) else {
            return;
        };
        let shape = serde_read::field_shape(field, Contract::Output);
        let rendered = match self.resolve(shape) {
            Shape::Option(inner) if field.skip_if_none => self.node(inner),
            _ => self.node(shape),
        };
        let mut schema = self.out.annotate(rendered, field.title, field.description);
        if let Some(c) = field.constraints {
            schema = self.constrain(schema, shape, c);
        }
        let presence = match serde_read::written(field) {
            Written::Always => Presence::Required,
            Written::SkipIfNone => Presence::Optional(Optional::SkipIfNone),
            Written::SkipIf => Presence::Optional(Optional::SkipSerializingIf),
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
        let schema = self.out.edit(schema, |obj| {
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
        });
        // `items(..)` and `values(..)`: on the schema of every item (value),
        // which holds the constraints of its own kind.
        match (kind, c.items, c.values) {
            (Shape::Seq(seq), Some(items), _) => {
                self.constrain_within(schema, true, seq.items, items)
            }
            (Shape::Map(map), _, Some(values)) => {
                self.constrain_within(schema, false, map.value, values)
            }
            _ => schema,
        }
    }

    /// `c` applied to the schema of the items (`items`: `true`) or values
    /// (`additionalProperties`) of the array or map schema `schema`, also
    /// through the `anyOf` that makes it nullable. A schema without one (a
    /// map whose keys serde's buffer cannot read holds no value) is left as
    /// it is.
    fn constrain_within(
        &mut self,
        schema: NodeId,
        items: bool,
        inner: &'static Shape,
        c: &Constraints,
    ) -> NodeId {
        let Some(obj) = self.out.object(schema) else {
            return schema;
        };
        let mut child = None;
        let mut alternatives = None;
        for e in &obj.entries {
            match &e.keyword {
                Keyword::Items(id) if items => child = Some(*id),
                Keyword::AdditionalProperties(id) if !items => child = Some(*id),
                Keyword::AnyOf(alts) if matches!(obj.role, Role::Nullable) => {
                    alternatives = Some(alts.nodes.clone());
                }
                _ => {}
            }
        }
        if let Some(id) = child {
            let new = self.constrain(id, inner, c);
            if new == id {
                return schema;
            }
            return self.out.edit(schema, |obj| {
                for e in &mut obj.entries {
                    match &mut e.keyword {
                        Keyword::Items(x) if items => *x = new,
                        Keyword::AdditionalProperties(x) if !items => *x = new,
                        _ => {}
                    }
                }
            });
        }
        let Some(nodes) = alternatives else {
            return schema;
        };
        let edited: Vec<NodeId> = nodes
            .iter()
            .map(|&n| self.constrain_within(n, items, inner, c))
            .collect();
        if edited == nodes {
            return schema;
        }
        self.out.edit(schema, |obj| {
            for e in &mut obj.entries {
                if let Keyword::AnyOf(alts) = &mut e.keyword {
                    alts.nodes.clone_from(&edited);
                }
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
    fn flatten(&mut self, field: &'static Field, s: &'static Struct, obj: &mut ObjectBuilder) {
        if serde_read::field_name(field, self.contract).is_none() {
            return;
        }
        let shape = serde_read::field_shape(field, self.contract);
        let from = field.rust_name;
        let resolved = self.resolve(shape);
        let saved = self.enter(Mode::Owned);
        match serde_read::flattened(resolved) {
            // serde reads `Option<Flattened>` as `None` whenever the inner
            // type fails, whatever the keys hold: on input the keys constrain
            // nothing. On output they are written when `Some`: none required.
            // `None` writes no key: what the value's rules say of the whole
            // object (an enum's variants, a struct's flattened enum) holds
            // only when one of its keys is there.
            Flattened::Optional(inner) => {
                if self.contract == Contract::Output {
                    let before = obj.constraints.len();
                    match serde_read::external_enum(self.resolve(inner)) {
                        Some(e) => {
                            let rule = self.flattened_external(e, from);
                            obj.constraints.push(rule);
                        }
                        None => {
                            let rendered = self.inline(inner);
                            obj.merge(&mut self.out, rendered, Merge::Optional, Some(from));
                        }
                    }
                    if obj.constraints.len() > before {
                        match self.absent(inner, s, from) {
                            Some(absent) => {
                                for rule in &mut obj.constraints[before..] {
                                    let alts = Alternatives {
                                        nodes: vec![*rule, absent],
                                        exclusive: Exclusive::Unknown,
                                    };
                                    let role = Role::Flattened { field: from };
                                    *rule = self.out.add(wire(role, [Keyword::AnyOf(alts)]));
                                }
                            }
                            // No key tells `Some` from `None`: the rules
                            // cannot be held to.
                            None => obj.constraints.truncate(before),
                        }
                    }
                }
            }
            // A flattened unit reads and writes no key.
            Flattened::Nothing => {}
            // Every key left reaches the map as a string: a key type serde
            // must parse from the text reads none, so no key may be left.
            Flattened::Map(map)
                if self.contract == Contract::Input && self.key_needs_parsing(map.key) =>
            {
                let no = self.out.boolean(false);
                obj.additional.push(no);
            }
            Flattened::Map(_) => {
                self.enter(Mode::Borrowed);
                let rendered = self.node(shape);
                obj.merge(&mut self.out, rendered, Merge::Flattened, Some(from));
            }
            Flattened::External(e) => {
                let schema = self.flattened_external(e, from);
                obj.constraints.push(schema);
            }
            Flattened::Struct => {
                let rendered = self.inline(resolved);
                obj.merge(&mut self.out, rendered, Merge::Takes, Some(from));
            }
            Flattened::Whole => {
                let rendered = self.node(shape);
                obj.merge(&mut self.out, rendered, Merge::Flattened, Some(from));
            }
        }
        self.mode = saved;
    }
}

impl Renderer {
    /// Output: the schema of an object holding none of the keys `shape`
    /// writes when flattened (but those the struct `s` writes itself);
    /// `None` when it may write any key, or none of its own.
    fn absent(
        &mut self,
        shape: &'static Shape,
        s: &'static Struct,
        from: &'static str,
    ) -> Option<NodeId> {
        let mut keys = serde_read::flattened_written_keys(shape)?;
        let own: Vec<&str> = s
            .fields
            .iter()
            .filter(|f| !f.flatten)
            .filter_map(|f| serde_read::field_name(f, Contract::Output))
            .collect();
        keys.retain(|k| !own.contains(k));
        keys.sort_unstable();
        keys.dedup();
        let role = || Role::Flattened { field: from };
        let present = match keys.as_slice() {
            [] => return None,
            [one] => self.out.requires(&[one], role()),
            many => {
                let nodes = many
                    .iter()
                    .map(|k| self.out.requires(&[k], role()))
                    .collect();
                let alts = Alternatives {
                    nodes,
                    exclusive: Exclusive::Unknown,
                };
                self.out.add(wire(role(), [Keyword::AnyOf(alts)]))
            }
        };
        Some(self.out.add(wire(role(), [Keyword::Not(present)])))
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
