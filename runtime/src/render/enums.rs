//! Enums in serde's four representations (external, internal, adjacent,
//! untagged), and what an enum's content is beside another enum's tag.
//! Which variants and tags serde reads or writes is
//! [`serde_read`]'s to say; this file says it as schemas.

use super::build::{ty, wire};
use super::builder::{Merge, ObjectBuilder};
use super::{Mode, Renderer};
use crate::Contract;
use crate::schema::{
    Data, Exclusive, Keyword, NodeId, Object, Optional, Overlap, Presence, PropertyInfo, Role,
    Source, Type, Why,
};
use crate::shape::serde_read::{self, AdjacentContent, BesideTag, Variants};
use crate::shape::{Enum, Repr, Shape, Variant, VariantBody};

impl Renderer {
    pub(super) fn enumeration(&mut self, e: &'static Enum) -> NodeId {
        let Variants {
            tagged,
            untagged,
            buffers,
        } = serde_read::variants(e, self.contract);
        // With an untagged variant, serde reads the whole value into its
        // buffer first and tries every variant, tagged ones too, from it.
        let saved = self.mode;
        if buffers {
            self.enter(Mode::Borrowed);
        }
        let mut alternatives = Vec::new();
        // `tagged` is empty for `Repr::Untagged` (partitioned above).
        let tagged_alternative = match e.repr {
            _ if tagged.is_empty() => None,
            Repr::External => Some(self.external(e, &tagged)),
            Repr::Internal { tag } => {
                let (alternatives, overlap) = self.internal(&tagged, tag);
                // Forms of one variant may overlap: then any may match.
                let exclusive = if overlap {
                    Exclusive::No(Overlap::Forms)
                } else {
                    Exclusive::Yes(Why::Tag { key: tag.into() })
                };
                Some(self.out.combine(!overlap, alternatives, exclusive))
            }
            Repr::Adjacent { tag, content } => {
                let alternatives = self.adjacent(e, &tagged, tag, content);
                let exclusive = Exclusive::Yes(Why::Tag { key: tag.into() });
                Some(self.out.combine(true, alternatives, exclusive))
            }
            Repr::Untagged => None,
        };
        alternatives.extend(tagged_alternative);
        for v in untagged {
            let content = self.variant_content(v);
            alternatives.push(self.out.annotate(content, v.title, v.description));
        }
        self.mode = saved;
        self.out
            .combine(false, alternatives, Exclusive::No(Overlap::Untagged))
    }

    /// Every tag serde accepts (input) or writes (output) for a variant.
    fn variant_names(&self, v: &Variant) -> Vec<&'static str> {
        serde_read::variant_names(v, self.contract, self.no_aliases)
    }

    /// All tags of the known (non-`other`) variants.
    fn known_tags(&self, variants: &[&'static Variant]) -> Vec<Data> {
        serde_read::known_tags(variants, self.contract, self.no_aliases)
            .into_iter()
            .map(|n| Data::new(n.into()))
            .collect()
    }

    /// `const` for one name, `enum` for several.
    fn tag_keyword(names: &[&'static str]) -> Keyword {
        match names {
            [one] => Keyword::Const(Data::new((*one).into())),
            many => Keyword::Enum(many.iter().map(|n| Data::new((*n).into())).collect()),
        }
    }

    /// The schema of a variant's tag: its names, or for `other` (input) any
    /// tag no other variant has.
    fn tag_value(&mut self, v: &Variant, variants: &[&'static Variant]) -> NodeId {
        if serde_read::reads_other(v, self.contract) {
            self.other_tag(variants)
        } else {
            let k = Self::tag_keyword(&self.variant_names(v));
            self.out.add(wire(Role::Tag, [k]))
        }
    }

    /// The `other` variant's tag: any string no other variant has. serde
    /// reads it on input only; on output the variant writes its own name.
    fn other_tag(&mut self, variants: &[&'static Variant]) -> NodeId {
        let known = Keyword::Enum(self.known_tags(variants));
        let known = self.out.add(wire(Role::Value, [known]));
        self.out
            .add(wire(Role::Tag, [ty(Type::String), Keyword::Not(known)]))
    }

    /// An externally tagged `other` variant as an object (input): serde
    /// reads it from one key no other variant has, holding `null` (the
    /// unit it reads from the key's value). A second spelling of the
    /// variant, left out with the aliases
    /// ([`RenderOptions::primary_names_only`](super::RenderOptions)): a
    /// strict dialect's reader is offered the string.
    fn other_keyed(&mut self, variants: &[&'static Variant]) -> NodeId {
        let known = Keyword::Enum(self.known_tags(variants));
        let known = self.out.add(wire(Role::Value, [known]));
        let names = self.out.add(wire(Role::Tag, [Keyword::Not(known)]));
        let null = self.out.typed(Type::Null);
        self.out.add(wire(
            Role::Value,
            [
                ty(Type::Object),
                Keyword::MinProperties(1),
                Keyword::MaxProperties(1),
                Keyword::PropertyNames(names),
                Keyword::AdditionalProperties(null),
            ],
        ))
    }

    /// A tuple variant without fields, which serde_json's `from_value` never
    /// reads: its `Value` hands an empty array to a tuple variant as a unit,
    /// which serde's tuple visitor refuses. From serde's buffer, `[]`
    /// reaches the variant as a sequence and reads.
    fn unreadable_empty_tuple(&self, v: &Variant) -> bool {
        self.contract == Contract::Input
            && self.mode == Mode::Direct
            && matches!(v.body, VariantBody::Tuple(items) if items.is_empty())
    }

    /// `{"Name": content}`, closed: one key, the variant's name.
    fn keyed(&mut self, name: &str, content: NodeId, v: &Variant) -> NodeId {
        let mut obj = ObjectBuilder::new(self.contract);
        obj.property_required(name, content);
        let node = obj.finish(&mut self.out, true);
        let node = self.out.annotate(node, v.title, v.description);
        self.variant_role(node, v)
    }

    fn external(&mut self, e: &'static Enum, variants: &[&'static Variant]) -> NodeId {
        // serde matches a name to its variant before it reads the content:
        // a variant that then never reads still keeps its name from `other`.
        let all = variants;
        let variants: Vec<&'static Variant> = variants
            .iter()
            .copied()
            .filter(|v| !self.unreadable_empty_tuple(v))
            .collect();
        let variants = &variants[..];
        if variants.is_empty() {
            return self.out.nothing();
        }
        let all_unit = variants.iter().all(|v| matches!(v.body, VariantBody::Unit));
        let has_other = serde_read::has_other(variants, self.contract);
        // Unit variants read as plain names (`enum`) unless one of them carries
        // a doc comment or title: then each becomes `{const, description}`, as
        // schemars writes them, so the docs reach the client.
        let annotated = variants
            .iter()
            .any(|v| v.title.is_some() || v.description.is_some());
        if all_unit && !e.titled && (!annotated || has_other) {
            if has_other && self.no_aliases {
                return self.out.typed(Type::String);
            }
            if has_other {
                let string = self.out.typed(Type::String);
                let keyed = self.other_keyed(all);
                let alts = crate::schema::Alternatives {
                    nodes: vec![string, keyed],
                    exclusive: Exclusive::Yes(Why::Types),
                };
                return self.out.add(wire(Role::Value, [Keyword::OneOf(alts)]));
            }
            let names = variants
                .iter()
                .flat_map(|v| self.variant_names(v))
                .map(|n| Data::new(n.into()))
                .collect();
            return self
                .out
                .add(wire(Role::Value, [ty(Type::String), Keyword::Enum(names)]));
        }
        // Unit alternatives say `type: string` when mixed with objects under
        // several names, or beside an `other` tag (else the parent does).
        let typed_units = if all_unit { has_other } else { true };
        let mut alternatives = Vec::new();
        for v in variants {
            if serde_read::reads_other(v, self.contract) {
                alternatives.push(self.other_tag(all));
                if !self.no_aliases {
                    let keyed = self.other_keyed(all);
                    alternatives.push(self.variant_role(keyed, v));
                }
                continue;
            }
            let names = self.variant_names(v);
            match v.body {
                VariantBody::Unit => {
                    let mut alt = Object::new(Role::Variant {
                        rust_name: v.rust_name,
                    });
                    if all_unit && e.titled {
                        if let Some(t) = v.title.or(v.description) {
                            alt.push(Keyword::Title(t.into()), Source::Declared);
                        }
                    } else {
                        if all_unit && let Some(t) = v.title {
                            alt.push(Keyword::Title(t.into()), Source::Declared);
                        }
                        if let Some(d) = v.description {
                            alt.push(Keyword::Description(d.into()), Source::Declared);
                        }
                    }
                    if typed_units && (all_unit || names.len() > 1) {
                        alt.push(ty(Type::String), Source::Wire);
                    }
                    alt.push(Self::tag_keyword(&names), Source::Wire);
                    alternatives.push(self.out.add(alt));
                }
                _ => {
                    let content = self.variant_content(v);
                    for name in names {
                        alternatives.push(self.keyed(name, content, v));
                    }
                }
            }
        }
        if all_unit && !has_other {
            let alts = crate::schema::Alternatives {
                nodes: alternatives,
                exclusive: Exclusive::Yes(Why::Constants),
            };
            return self
                .out
                .add(wire(Role::Value, [ty(Type::String), Keyword::OneOf(alts)]));
        }
        self.out
            .combine(true, alternatives, Exclusive::Yes(Why::ClosedKeys))
    }

    /// A flattened externally tagged enum (the field `from`): one of the
    /// parent's keys is a variant name. serde takes the first such key in
    /// document order and leaves the others to the parent. It writes a unit
    /// variant as `"Name": null`, and reads one from `"Name": ()` (from its
    /// owned buffer: `null` or `{}`).
    pub(super) fn flattened_external(&mut self, e: &'static Enum, from: &'static str) -> NodeId {
        let mut alternatives = Vec::new();
        for v in serde_read::keyed_variants(e, self.contract) {
            let content = match v.body {
                VariantBody::Unit => self.node(&Shape::Null),
                _ => self.variant_content(v),
            };
            for name in self.variant_names(v) {
                let info = PropertyInfo {
                    presence: Presence::Required,
                    alias_of: None,
                    flattened_from: Some(from),
                };
                let props = vec![crate::schema::Property {
                    name: name.into(),
                    schema: content,
                    info,
                }];
                alternatives.push(self.out.add(wire(
                    Role::Flattened { field: from },
                    [
                        Keyword::Properties(props),
                        Keyword::Required(vec![name.into()]),
                    ],
                )));
            }
        }
        let node = self
            .out
            .combine(false, alternatives, Exclusive::No(Overlap::Flattened));
        self.out.set_role(node, Role::Flattened { field: from });
        node
    }

    /// The alternatives of an internally tagged enum, one per variant, or
    /// several for a newtype variant whose content has several forms (then
    /// `true`: alternatives of one variant may overlap). serde reads the
    /// content from its owned buffer.
    pub(super) fn internal(
        &mut self,
        variants: &[&'static Variant],
        tag: &str,
    ) -> (Vec<NodeId>, bool) {
        let mut overlap = false;
        let saved = self.enter(Mode::Owned);
        let mut alternatives = Vec::new();
        for v in variants {
            // serde rejects tuple variants in internally tagged enums at
            // compile time.
            if !serde_read::internal_reads(v) {
                continue;
            }
            let tag_value = self.tag_value(v, variants);
            let alt = match v.body {
                VariantBody::Unit => {
                    // serde ignores other keys beside a unit variant's tag,
                    // even with `deny_unknown_fields`.
                    let mut obj = ObjectBuilder::new(self.contract);
                    obj.tag(tag, tag_value);
                    obj.finish(&mut self.out, false)
                }
                VariantBody::Struct(s) => {
                    let mut obj = ObjectBuilder::new(self.contract);
                    obj.tag(tag, tag_value);
                    let body = self.object(s);
                    obj.merge(&mut self.out, body, Merge::Content, None);
                    obj.finish(&mut self.out, s.deny_unknown_fields)
                }
                VariantBody::Newtype(inner) => {
                    let mut group = Vec::new();
                    for content in self.beside_tag(inner(), 0) {
                        let mut obj = ObjectBuilder::new(self.contract);
                        obj.tag(tag, tag_value);
                        let closed = self.out.closed(content);
                        obj.merge(&mut self.out, content, Merge::Content, None);
                        let alt = obj.finish(&mut self.out, closed);
                        if !self.out.is_nothing(alt) {
                            group.push(alt);
                        }
                    }
                    if group.len() > 1 {
                        overlap = true;
                        for alt in group {
                            let alt = self.out.annotate(alt, v.title, v.description);
                            alternatives.push(self.variant_role(alt, v));
                        }
                        continue;
                    }
                    // None: serde can neither write nor read a tag beside
                    // this value, the variant matches nothing.
                    let Some(alt) = group.pop() else { continue };
                    alt
                }
                VariantBody::Tuple(_) => continue,
            };
            if self.out.is_nothing(alt) {
                continue;
            }
            let alt = self.out.annotate(alt, v.title, v.description);
            alternatives.push(self.variant_role(alt, v));
        }
        self.mode = saved;
        (alternatives, overlap)
    }

    /// `alt` marked as the alternative of variant `v`.
    /// (`alt` is always a node just built for this variant.)
    fn variant_role(&mut self, alt: NodeId, v: &Variant) -> NodeId {
        self.out.set_role(
            alt,
            Role::Variant {
                rust_name: v.rust_name,
            },
        );
        alt
    }

    /// What an internally tagged newtype variant's content is beside the
    /// tag: object schemas of the other keys, one per form; none when serde
    /// reads (input) or writes (output) nothing there.
    ///
    /// serde reads the content from a map of the other keys in its owned
    /// buffer, and writes it through a serializer that puts the tag first
    /// and refuses anything but a map, a struct, a unit, or an enum variant
    /// (which it writes as one more key).
    fn beside_tag(&mut self, shape: &'static Shape, depth: usize) -> Vec<NodeId> {
        // Untagged enums holding each other: deep enough is nothing.
        if depth > 32 {
            return Vec::new();
        }
        match serde_read::beside_tag(shape, self.contract) {
            // serde reads `()` and a unit struct from the empty map only
            // from its owned buffer.
            BesideTag::Unit => match (self.contract, self.mode) {
                (Contract::Output, _) | (Contract::Input, Mode::Owned) => {
                    vec![self.out.empty_object()]
                }
                _ => Vec::new(),
            },
            BesideTag::Any => vec![self.out.typed(Type::Object)],
            BesideTag::Map(_, map) if self.buffered() && self.key_needs_parsing(map.key) => {
                vec![self.out.empty_object()]
            }
            BesideTag::Map(resolved, _) => vec![self.node(resolved)],
            BesideTag::Struct(resolved) => vec![self.inline(resolved)],
            BesideTag::Enum(e) => self.enum_beside_tag(e, depth),
            BesideTag::Nothing => Vec::new(),
        }
    }

    /// An enum's forms beside another enum's tag (see
    /// [`Renderer::beside_tag`]).
    fn enum_beside_tag(&mut self, e: &'static Enum, depth: usize) -> Vec<NodeId> {
        let Variants {
            tagged,
            untagged,
            buffers,
        } = serde_read::variants(e, self.contract);
        let saved = self.mode;
        if buffers {
            self.enter(Mode::Borrowed);
        }
        let mut forms = Vec::new();
        match e.repr {
            // One key: the variant's name, its content the value (a unit
            // variant's `null`).
            Repr::External => {
                for v in serde_read::keyed_variants(e, self.contract) {
                    let content = match v.body {
                        VariantBody::Unit => self.node(&Shape::Null),
                        _ => self.variant_content(v),
                    };
                    for name in self.variant_names(v) {
                        forms.push(self.keyed(name, content, v));
                    }
                }
            }
            Repr::Internal { tag } if !tagged.is_empty() => {
                forms.extend(self.internal(&tagged, tag).0)
            }
            Repr::Adjacent { tag, content } if !tagged.is_empty() => {
                forms.extend(self.adjacent(e, &tagged, tag, content))
            }
            _ => {}
        }
        for v in untagged {
            match v.body {
                // Written through the tagging serializer as the tag alone;
                // never read (the borrowed buffer reads a unit only from
                // `null`).
                VariantBody::Unit if self.contract == Contract::Output => {
                    forms.push(self.out.empty_object())
                }
                VariantBody::Unit | VariantBody::Tuple(_) => {}
                VariantBody::Newtype(inner) => forms.extend(self.beside_tag(inner(), depth + 1)),
                VariantBody::Struct(s) => {
                    let body = self.object(s);
                    let body = self.out.annotate(body, v.title, v.description);
                    forms.push(self.variant_role(body, v));
                }
            }
        }
        self.mode = saved;
        forms
    }

    pub(super) fn adjacent(
        &mut self,
        e: &'static Enum,
        variants: &[&'static Variant],
        tag: &str,
        content: &str,
    ) -> Vec<NodeId> {
        // serde reads the content directly when the tag comes first, from
        // its buffer when the content does: the schema promises what both
        // read.
        let saved = self.mode;
        self.enter(match self.mode {
            Mode::Owned => Mode::Owned,
            Mode::Direct | Mode::Borrowed => Mode::Borrowed,
        });
        let mut alternatives = Vec::new();
        for v in variants {
            let tag_value = self.tag_value(v, variants);
            let mut obj = ObjectBuilder::new(self.contract);
            obj.property_required(tag, tag_value);
            match serde_read::adjacent_content(v, self.contract) {
                AdjacentContent::NotWritten => {}
                AdjacentContent::UnitNull => {
                    let null = self.out.typed(Type::Null);
                    let presence = Presence::Optional(Optional::UnitContent);
                    obj.property(
                        content,
                        null,
                        PropertyInfo {
                            presence,
                            ..PropertyInfo::default()
                        },
                    );
                }
                AdjacentContent::MissingIsNone => {
                    let c = self.variant_content(v);
                    let presence = Presence::Optional(Optional::MissingIsNone);
                    obj.property(
                        content,
                        c,
                        PropertyInfo {
                            presence,
                            ..PropertyInfo::default()
                        },
                    );
                }
                AdjacentContent::Required => {
                    let c = self.variant_content(v);
                    obj.property_required(content, c);
                }
            }
            let alt = obj.finish(&mut self.out, e.deny_unknown_fields);
            let alt = self.out.annotate(alt, v.title, v.description);
            alternatives.push(self.variant_role(alt, v));
        }
        self.mode = saved;
        alternatives
    }

    /// What a variant carries, without its tag.
    fn variant_content(&mut self, v: &'static Variant) -> NodeId {
        match v.body {
            VariantBody::Unit => self.out.typed(Type::Null),
            VariantBody::Newtype(inner) => self.node(inner()),
            VariantBody::Tuple(items) => {
                let items: Vec<NodeId> = items.iter().map(|f| self.node(f())).collect();
                self.out.tuple(items)
            }
            VariantBody::Struct(s) => self.object(s),
        }
    }
}
