//! Shape → JSON Schema (2020-12), per contract.

use crate::Contract;
use crate::shape::{
    Body, Bound, Constraints, Enum, IntRange, Named, Repr, SeqShape, Shape, StringShape, Struct,
    Variant, VariantBody,
};
use serde_json::{Map, Value, json};
use std::collections::{HashMap, HashSet};
use std::sync::{OnceLock, RwLock};

/// Renders the JSON Schema of `shape` for one contract. Uncached: prefer
/// [`ToolSchema::input_schema`](crate::ToolSchema::input_schema) and friends,
/// which render once and then hand out a `&'static` reference.
pub fn render(shape: &'static Shape, contract: Contract) -> Value {
    render_with(shape, contract, RenderOptions::default())
}

/// How to render.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RenderOptions {
    /// Put every named struct and enum in `$defs` and refer to it with `$ref`
    /// (schemars-style reuse). Off by default: many MCP clients cannot resolve
    /// `$ref`, so toolform inlines everything that is not recursive.
    pub defs: bool,
    /// Leave `alias` names out of input schemas: only the primary names,
    /// which serde always accepts. For readers that should not be offered
    /// two names for one field (models under provider dialects).
    pub primary_names_only: bool,
}

impl RenderOptions {
    /// Named structs and enums in `$defs`, referenced with `$ref`.
    pub fn with_defs() -> Self {
        RenderOptions {
            defs: true,
            ..RenderOptions::default()
        }
    }

    /// Aliases left out (see [`RenderOptions::primary_names_only`]).
    pub fn primary_names_only(mut self) -> Self {
        self.primary_names_only = true;
        self
    }
}

/// Renders with [`RenderOptions`]. Uncached.
pub fn render_with(shape: &'static Shape, contract: Contract, options: RenderOptions) -> Value {
    let mut renderer = Renderer {
        contract,
        all_defs: options.defs,
        no_aliases: options.primary_names_only,
        mode: Mode::Direct,
        ids: Identities::default(),
        root: None,
        stack: Vec::new(),
        recursive: HashSet::new(),
        def_keys: HashMap::new(),
        used_keys: HashSet::new(),
        defs: Map::new(),
        done: HashMap::new(),
        reused: HashSet::new(),
        sensitive: HashMap::new(),
    };
    if let Shape::Named(named) = shape {
        renderer.root = Some((renderer.ids.of(named), Mode::Direct));
    }
    renderer.reused = renderer.reused_named(shape);
    let mut schema = renderer.node(shape);
    if !renderer.defs.is_empty()
        && let Value::Object(map) = &mut schema
    {
        map.insert("$defs".into(), Value::Object(renderer.defs));
    }
    schema
}

/// Renders once per shape and contract and keeps the result for the life of the
/// process. Used for types whose derive cannot hold a `static` of its own
/// (generic types, std containers).
pub fn cached(shape: &'static Shape, contract: Contract) -> &'static Value {
    type Cache = RwLock<HashMap<(usize, Contract), &'static Value>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (shape as *const Shape as usize, contract);
    if let Some(found) = cache.read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return found;
    }
    let rendered = render(shape, contract);
    let mut guard = cache.write().unwrap_or_else(|e| e.into_inner());
    guard
        .entry(key)
        .or_insert_with(|| Box::leak(Box::new(rendered)))
}

/// How serde reads the value at the current position (input contract; the
/// output contract is always `Direct`: serde writes every position as it
/// writes any other).
///
/// Where serde cannot know which field or variant a key belongs to before it
/// has seen the whole object (`flatten`, `untagged`, internally tagged
/// enums, adjacently tagged content that precedes its tag), it first reads
/// the value into its own buffer (`Content`) and then deserializes from the
/// buffer. The buffer is not serde_json: its map keys are strings, so a key
/// type serde_json parses from the key's text (integers, floats, booleans)
/// cannot be read, and it has no `u128`/`i128`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Mode {
    /// serde_json's own deserializer.
    Direct,
    /// serde's owned buffer (`ContentDeserializer`): the fields of a
    /// flattened struct, a flattened enum's variant, internally tagged
    /// content. It also reads `()` from `{}`, and a unit struct from `{}`
    /// and `[]`.
    Owned,
    /// serde's borrowed buffer (`ContentRefDeserializer`): untagged variants
    /// (and every variant of an enum with one), a flattened map's values.
    /// Also adjacently tagged content outside the owned buffer: serde reads
    /// it directly when the tag comes first and from its owned buffer when
    /// the content does; what both read is what this buffer reads (JSON
    /// Schema cannot see key order).
    Borrowed,
}

/// A named type as rendered at one position: its identity and the mode its
/// rendering depends on (`Direct` when it does not).
type Key = (usize, Mode);

struct Renderer {
    contract: Contract,
    /// Every named struct and enum goes to `$defs`.
    all_defs: bool,
    /// Aliases are not rendered.
    no_aliases: bool,
    /// How serde reads the current position.
    mode: Mode,
    /// Identities of the named types met in this run.
    ids: Identities,
    /// The root when the root is a named type: references to it are
    /// `{"$ref": "#"}`.
    root: Option<Key>,
    /// Named types being rendered, outermost first.
    stack: Vec<Key>,
    /// Named types found to contain themselves.
    recursive: HashSet<Key>,
    def_keys: HashMap<Key, String>,
    used_keys: HashSet<String>,
    defs: Map<String, Value>,
    /// Named types already rendered in this run (inline ones): a second use
    /// copies the first rendering instead of walking the type again.
    done: HashMap<Key, Value>,
    /// Named types (identities) used more than once in this document: the
    /// only ones worth keeping a copy of.
    reused: HashSet<usize>,
    /// Whether a named type (identity) renders differently in serde's
    /// buffer.
    sensitive: HashMap<usize, bool>,
}

impl Renderer {
    fn node(&mut self, shape: &'static Shape) -> Value {
        match shape {
            Shape::Any => json!({}),
            // `()`; also `PhantomData`, which serde's owned buffer reads from
            // `[]` as well (a unit struct): the schema offers the `()` forms.
            Shape::Null => self.unit(false),
            Shape::Bool => json!({"type": "boolean"}),
            // serde's buffer has no 128-bit integers ("u128 is not
            // supported"): nothing reads.
            Shape::Integer(range) if self.buffered() && is_wide(range) => json!({"not": {}}),
            Shape::Integer(range) => integer(range),
            Shape::Number => match self.contract {
                Contract::Input => json!({"type": "number"}),
                Contract::Output => json!({"type": ["number", "null"]}),
            },
            Shape::String(s) => self.string(s),
            Shape::Option(inner) => nullable(self.node(inner)),
            Shape::Seq(seq) => self.seq(seq),
            Shape::Tuple(items) => {
                let items: Vec<Value> = items.iter().map(|s| self.node(s)).collect();
                tuple(items)
            }
            // The buffer's keys are strings, which serde cannot read as a
            // number or a boolean: only the empty map reads.
            Shape::Map(map) if self.buffered() && self.key_needs_parsing(map.key) => {
                json!({"type": "object", "additionalProperties": false})
            }
            Shape::Map(map) => {
                let mut out = Map::new();
                out.insert("type".into(), "object".into());
                if let Some(names) = self.property_names(map.key) {
                    out.insert("propertyNames".into(), names);
                }
                out.insert("additionalProperties".into(), self.node(map.value));
                Value::Object(out)
            }
            Shape::Named(named) => self.named(named, false),
        }
    }

    /// Input read from serde's buffer (where keys are only strings).
    fn buffered(&self) -> bool {
        self.contract == Contract::Input && self.mode != Mode::Direct
    }

    /// Switches the mode serde reads in (input only), returning the old one.
    fn enter(&mut self, mode: Mode) -> Mode {
        let saved = self.mode;
        if self.contract == Contract::Input {
            self.mode = mode;
        }
        saved
    }

    /// `()` (`unit_struct`: a unit struct or `PhantomData`-like named unit):
    /// `null`, and from serde's owned buffer also `{}` (and `[]` for a unit
    /// struct).
    fn unit(&self, unit_struct: bool) -> Value {
        if self.contract == Contract::Input && self.mode == Mode::Owned {
            let unit = json!({"type": ["null", "object"], "additionalProperties": false});
            if unit_struct {
                json!({"anyOf": [unit, {"type": "array", "maxItems": 0}]})
            } else {
                unit
            }
        } else {
            json!({"type": "null"})
        }
    }

    /// A map key type serde_json parses from the key's text, which serde's
    /// buffer cannot (it hands the key over as a string).
    fn key_needs_parsing(&self, key: &'static Shape) -> bool {
        matches!(
            self.resolve(key),
            Shape::Integer(_) | Shape::Number | Shape::Bool
        )
    }

    fn string(&self, s: &StringShape) -> Value {
        let mut out = Map::new();
        out.insert("type".into(), "string".into());
        if let Some(n) = s.min_length {
            out.insert("minLength".into(), n.into());
        }
        if let Some(n) = s.max_length {
            out.insert("maxLength".into(), n.into());
        }
        if let Some(f) = s.format {
            out.insert("format".into(), f.into());
        }
        let pattern = match self.contract {
            Contract::Input => s.input_pattern,
            Contract::Output => s.output_pattern,
        };
        if let Some(p) = pattern {
            out.insert("pattern".into(), p.into());
        }
        Value::Object(out)
    }

    fn seq(&mut self, seq: &SeqShape) -> Value {
        let mut out = Map::new();
        out.insert("type".into(), "array".into());
        out.insert("items".into(), self.node(seq.items));
        if let Some(n) = seq.min_items {
            out.insert("minItems".into(), n.into());
        }
        if let Some(n) = seq.max_items {
            out.insert("maxItems".into(), n.into());
        }
        if seq.unique_on_output && self.contract == Contract::Output {
            out.insert("uniqueItems".into(), true.into());
        }
        Value::Object(out)
    }

    /// JSON keys are strings: constrain them to what serde_json reads (input)
    /// or writes (output) for the key type.
    fn property_names(&mut self, key: &'static Shape) -> Option<Value> {
        match self.resolve(key) {
            Shape::String(s) => {
                let schema = self.string(s);
                // A bare `{"type":"string"}` constrains nothing: keys are strings.
                (schema.as_object().is_some_and(|m| m.len() > 1)).then(|| {
                    let mut m = schema.as_object().cloned().unwrap_or_default();
                    m.remove("type");
                    Value::Object(m)
                })
            }
            Shape::Integer(range) => Some(json!({"pattern": integer_key_pattern(range)})),
            // serde_json reads a float key as a JSON number.
            Shape::Number => Some(json!({
                "pattern": r"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"
            })),
            Shape::Bool => Some(json!({"enum": ["true", "false"]})),
            Shape::Named(Named {
                body: Body::Enum(_),
                ..
            }) => {
                // Unit variants as keys: their names.
                let schema = self.node(key);
                let string_only = schema.get("type") == Some(&Value::from("string"));
                string_only.then_some(schema)
            }
            _ => None,
        }
    }

    /// The key of a named type at the current position.
    fn key(&mut self, named: &'static Named) -> Key {
        let id = self.ids.of(named);
        let mode = if self.buffered() && self.is_sensitive(named) {
            self.mode
        } else {
            Mode::Direct
        };
        (id, mode)
    }

    /// A named type; `inline`: never as a `$defs` reference unless it is
    /// recursive (where its keys must be seen: flattened, beside a tag).
    fn named(&mut self, named: &'static Named, inline: bool) -> Value {
        let key = self.key(named);
        if self.stack.contains(&key) {
            self.recursive.insert(key);
            return self.reference(key);
        }
        if self.recursive.contains(&key) {
            // Already rendered into `$defs`.
            return self.reference(key);
        }
        let copies = !(inline && self.all_defs);
        if copies && let Some(done) = self.done.get(&key) {
            return done.clone();
        }
        self.stack.push(key);
        let body = self.body(&named.body);
        self.stack.pop();
        let body = annotate(body, named.title, named.description);
        if self.recursive.contains(&key) && self.root != Some(key) {
            let def = self.def_key(key);
            self.defs.insert(def, body);
            return self.reference(key);
        }
        if self.all_defs
            && !inline
            && self.root != Some(key)
            && matches!(named.body, Body::Struct(_) | Body::Enum(_))
        {
            let def = self.def_key(key);
            self.defs.insert(def, body);
            let reference = self.reference(key);
            self.done.insert(key, reference.clone());
            return reference;
        }
        // References are absolute (`#/$defs/..` or `#`), so a rendering is
        // valid anywhere in this document.
        if copies && !self.stack.is_empty() && self.reused.contains(&key.0) {
            self.done.insert(key, body.clone());
        }
        body
    }

    /// A shape rendered in place (see [`Renderer::named`]).
    fn inline(&mut self, shape: &'static Shape) -> Value {
        match shape {
            Shape::Named(named) => self.named(named, true),
            _ => self.node(shape),
        }
    }

    fn body(&mut self, body: &'static Body) -> Value {
        match body {
            Body::Struct(s) => self.object(s),
            Body::Newtype(inner) | Body::Transparent(inner) => self.node(inner()),
            Body::Tuple(items) => {
                let items: Vec<Value> = items.iter().map(|f| self.node(f())).collect();
                tuple(items)
            }
            Body::Unit => self.unit(true),
            Body::Enum(e) => self.enumeration(e),
            Body::Convert(c) => match (self.contract, c.input, c.output) {
                (Contract::Input, Some(input), _) => self.node(input()),
                (Contract::Output, _, Some(output)) => self.node(output()),
                _ => self.body(&c.body),
            },
        }
    }

    fn reference(&mut self, key: Key) -> Value {
        if self.root == Some(key) {
            return json!({"$ref": "#"});
        }
        let def = self.def_key(key);
        json!({ "$ref": format!("#/$defs/{def}") })
    }

    /// The `$defs` name of a type: its short name, numbered (`Tree_2`) when
    /// another type (or the same type read differently) has it already.
    fn def_key(&mut self, key: Key) -> String {
        if let Some(def) = self.def_keys.get(&key) {
            return def.clone();
        }
        let base = short_type_name(self.ids.name(key.0));
        let mut def = base.clone();
        let mut n = 2;
        while self.used_keys.contains(&def) {
            def = format!("{base}_{n}");
            n += 1;
        }
        self.used_keys.insert(def.clone());
        self.def_keys.insert(key, def.clone());
        def
    }

    fn object(&mut self, s: &'static Struct) -> Value {
        let mut obj = ObjectBuilder::new(self.contract);
        if self.contract == Contract::Input {
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
                Contract::Input => {
                    let Some(name) = field.de_name else { continue };
                    let shape = (field.shape)();
                    let optional =
                        field.has_default || (!field.deserialize_with && shape.missing_is_none());
                    let mut schema = annotate(self.node(shape), field.title, field.description);
                    if let Some(c) = field.constraints {
                        self.constrain(&mut schema, shape, c);
                    }
                    if let (Some(default), Value::Object(map)) = (field.default_value, &mut schema)
                        && let Some(value) = default()
                    {
                        map.insert("default".into(), value);
                    }
                    let aliases: &[&str] = if self.no_aliases { &[] } else { field.aliases };
                    match aliases.split_last() {
                        None => obj.property(name, schema),
                        Some((last, rest)) => {
                            obj.property(name, schema.clone());
                            for alias in rest {
                                obj.property(alias, schema.clone());
                            }
                            obj.property(last, schema);
                        }
                    }
                    if aliases.is_empty() {
                        if !optional {
                            obj.required.push(name.into());
                        }
                    } else {
                        obj.constraints.push(alias_rule(name, aliases, optional));
                    }
                }
                Contract::Output => {
                    let Some(name) = field.ser_name else { continue };
                    let shape = (field.ser_shape)();
                    let rendered = match self.resolve(shape) {
                        Shape::Option(inner) if field.skip_if_none => self.node(inner),
                        _ => self.node(shape),
                    };
                    let mut schema = annotate(rendered, field.title, field.description);
                    if let Some(c) = field.constraints {
                        self.constrain(&mut schema, shape, c);
                    }
                    obj.write(name, schema, !field.skip_serializing_if);
                }
            }
        }
        obj.finish(s.deny_unknown_fields)
    }

    /// Applies declared constraints to a field's schema, by the kind of value
    /// the field holds (through `Option`).
    fn constrain(&self, schema: &mut Value, shape: &'static Shape, c: &Constraints) {
        let Value::Object(map) = schema else { return };
        let mut kind = self.resolve(shape);
        while let Shape::Option(inner) = kind {
            kind = self.resolve(inner);
        }
        let (min_key, max_key) = match kind {
            Shape::Seq(_) | Shape::Tuple(_) => ("minItems", "maxItems"),
            Shape::Map(_) => ("minProperties", "maxProperties"),
            _ => ("minLength", "maxLength"),
        };
        if let Some(n) = c.min_length {
            tighten(map, min_key, Bound::UInt(n), true);
        }
        if let Some(n) = c.max_length {
            tighten(map, max_key, Bound::UInt(n), false);
        }
        if let Some(b) = c.minimum {
            tighten(map, "minimum", b, true);
        }
        if let Some(b) = c.maximum {
            tighten(map, "maximum", b, false);
        }
        if let Some(f) = c.format {
            map.insert("format".into(), f.into());
        }
        if let Some(p) = c.pattern {
            map.insert("pattern".into(), p.into());
        }
        if !c.examples.is_empty() {
            let examples: Vec<Value> = c
                .examples
                .iter()
                .filter_map(|e| serde_json::from_str(e).ok())
                .collect();
            map.insert("examples".into(), Value::Array(examples));
        }
        if c.deprecated {
            map.insert("deprecated".into(), true.into());
        }
    }

    /// Follows newtypes, `transparent` and conversions (for this contract) to
    /// the shape on the wire.
    fn resolve(&self, shape: &'static Shape) -> &'static Shape {
        let mut shape = shape;
        for _ in 0..256 {
            let Shape::Named(named) = shape else { break };
            shape = match (&named.body, self.contract) {
                (Body::Newtype(inner) | Body::Transparent(inner), _) => inner(),
                (Body::Convert(c), Contract::Input) if c.input.is_some() => {
                    c.input.map_or(shape, |f| f())
                }
                (Body::Convert(c), Contract::Output) if c.output.is_some() => {
                    c.output.map_or(shape, |f| f())
                }
                _ => break,
            };
        }
        shape
    }

    /// `#[serde(flatten)]`: the field's keys join this object.
    ///
    /// serde reads the keys the outer struct does not own into its buffer,
    /// and gives them to the flattened fields in declaration order: a
    /// flattened struct takes its keys (a later flattened field does not see
    /// them), a flattened map looks at every key left. serde writes the
    /// fields in declaration order; serde_json keeps the last value of a
    /// key written twice.
    fn flatten(&mut self, field: &'static crate::shape::Field, obj: &mut ObjectBuilder) {
        let shape = match self.contract {
            Contract::Input if field.de_name.is_none() => return,
            Contract::Output if field.ser_name.is_none() => return,
            Contract::Input => (field.shape)(),
            Contract::Output => (field.ser_shape)(),
        };
        let resolved = self.resolve(shape);
        let saved = self.enter(Mode::Owned);
        match resolved {
            // serde reads `Option<Flattened>` as `None` whenever the inner
            // type fails, whatever the keys hold: on input the keys constrain
            // nothing. On output they are written when `Some`: none required.
            Shape::Option(inner) => {
                if self.contract == Contract::Output {
                    let rendered = self.inline(inner);
                    obj.merge(rendered, Merge::Optional);
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
                obj.additional.push(Value::Bool(false));
            }
            Shape::Map(_) => {
                self.enter(Mode::Borrowed);
                let rendered = self.node(shape);
                obj.merge(rendered, Merge::Flattened);
            }
            Shape::Named(Named {
                body: Body::Enum(e),
                ..
            }) if matches!(e.repr, Repr::External) => {
                let schema = self.flattened_external(e);
                obj.constraints.push(schema);
            }
            Shape::Named(Named {
                body: Body::Struct(_),
                ..
            }) => {
                let rendered = self.inline(resolved);
                obj.merge(rendered, Merge::Takes);
            }
            _ => {
                let rendered = self.node(shape);
                obj.merge(rendered, Merge::Flattened);
            }
        }
        self.mode = saved;
    }
}

impl Renderer {
    fn enumeration(&mut self, e: &'static Enum) -> Value {
        let live: Vec<&'static Variant> = e
            .variants
            .iter()
            .filter(|v| self.variant_name(v).is_some())
            .collect();
        let (untagged, tagged): (Vec<_>, Vec<_>) = live
            .into_iter()
            .partition(|v| v.untagged || matches!(e.repr, Repr::Untagged));
        // With an untagged variant, serde reads the whole value into its
        // buffer first and tries every variant, tagged ones too, from it.
        let saved = self.mode;
        if matches!(e.repr, Repr::Untagged) || e.variants.iter().any(|v| v.untagged) {
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
                Some(combine(
                    if overlap { "anyOf" } else { "oneOf" },
                    alternatives,
                ))
            }
            Repr::Adjacent { tag, content } => {
                Some(one_of(self.adjacent(e, &tagged, tag, content)))
            }
            Repr::Untagged => None,
        };
        alternatives.extend(tagged_alternative);
        for v in untagged {
            let content = self.variant_content(v);
            alternatives.push(annotate(content, v.title, v.description));
        }
        self.mode = saved;
        match alternatives.len() {
            // No variant can be read (or written): nothing matches.
            0 => json!({"not": {}}),
            1 => alternatives.pop().unwrap_or_default(),
            _ => json!({ "anyOf": alternatives }),
        }
    }

    /// The name this contract uses for a variant, if the variant exists in it.
    fn variant_name(&self, v: &Variant) -> Option<&'static str> {
        match self.contract {
            Contract::Input => v.de_name,
            Contract::Output => v.ser_name,
        }
    }

    /// Every tag serde accepts (input) or writes (output) for a variant.
    fn variant_names(&self, v: &Variant) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = self.variant_name(v).into_iter().collect();
        if self.contract == Contract::Input && !self.no_aliases {
            names.extend(v.aliases.iter().copied());
        }
        names
    }

    /// All tags of the known (non-`other`) variants.
    fn known_tags(&self, variants: &[&'static Variant]) -> Vec<Value> {
        variants
            .iter()
            .filter(|v| !v.other)
            .flat_map(|v| self.variant_names(v))
            .map(Value::from)
            .collect()
    }

    fn tag_schema(&self, names: &[&'static str]) -> Value {
        match names {
            [one] => json!({ "const": one }),
            many => json!({ "enum": many }),
        }
    }

    /// The schema of a variant's tag: its names, or for `other` (input) any
    /// tag no other variant has.
    fn tag_value(&self, v: &Variant, variants: &[&'static Variant]) -> Value {
        if v.other && self.contract == Contract::Input {
            self.other_tag(variants)
        } else {
            self.tag_schema(&self.variant_names(v))
        }
    }

    /// The `other` variant's tag: any string no other variant has. serde
    /// reads it on input only; on output the variant writes its own name.
    fn other_tag(&self, variants: &[&'static Variant]) -> Value {
        json!({"type": "string", "not": {"enum": self.known_tags(variants)}})
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

    fn external(&mut self, e: &'static Enum, variants: &[&'static Variant]) -> Value {
        let variants: Vec<&'static Variant> = variants
            .iter()
            .copied()
            .filter(|v| !self.unreadable_empty_tuple(v))
            .collect();
        let variants = &variants[..];
        if variants.is_empty() {
            return json!({"not": {}});
        }
        let all_unit = variants.iter().all(|v| matches!(v.body, VariantBody::Unit));
        let has_other = self.contract == Contract::Input && variants.iter().any(|v| v.other);
        if all_unit && !e.titled {
            if has_other {
                return json!({"type": "string"});
            }
            let names: Vec<Value> = variants
                .iter()
                .flat_map(|v| self.variant_names(v))
                .map(Value::from)
                .collect();
            return json!({"type": "string", "enum": names});
        }
        let mut alternatives = Vec::new();
        for v in variants {
            if v.other && self.contract == Contract::Input {
                alternatives.push(self.other_tag(variants));
                continue;
            }
            let names = self.variant_names(v);
            match v.body {
                VariantBody::Unit => {
                    let mut alt = Map::new();
                    if all_unit {
                        if let Some(t) = v.title.or(v.description) {
                            alt.insert("title".into(), t.into());
                        }
                    } else if let Some(d) = v.description {
                        alt.insert("description".into(), d.into());
                    }
                    if all_unit || names.len() > 1 {
                        alt.insert("type".into(), "string".into());
                    }
                    if let Value::Object(t) = self.tag_schema(&names) {
                        alt.extend(t)
                    }
                    alternatives.push(Value::Object(alt));
                }
                _ => {
                    let content = self.variant_content(v);
                    for name in names {
                        let mut props = Map::new();
                        props.insert(name.into(), content.clone());
                        alternatives.push(annotate(
                            json!({
                                "type": "object",
                                "properties": props,
                                "required": [name],
                                "additionalProperties": false,
                            }),
                            v.title,
                            v.description,
                        ));
                    }
                }
            }
        }
        if all_unit && !has_other {
            let mut out = Map::new();
            out.insert("type".into(), "string".into());
            for alt in &mut alternatives {
                if let Value::Object(m) = alt {
                    m.remove("type");
                }
            }
            out.insert("oneOf".into(), Value::Array(alternatives));
            return Value::Object(out);
        }
        one_of(alternatives)
    }

    /// A flattened externally tagged enum: one of the parent's keys is a
    /// variant name. serde takes the first such key in document order and
    /// leaves the others to the parent. It writes a unit variant as
    /// `"Name": null`, and reads one from `"Name": ()` (from its owned
    /// buffer: `null` or `{}`).
    fn flattened_external(&mut self, e: &'static Enum) -> Value {
        let mut alternatives = Vec::new();
        for v in e.variants {
            if self.variant_name(v).is_none() || v.untagged || v.other {
                continue;
            }
            let content = match v.body {
                VariantBody::Unit => self.node(&Shape::Null),
                _ => self.variant_content(v),
            };
            for name in self.variant_names(v) {
                let mut props = Map::new();
                props.insert(name.into(), content.clone());
                alternatives.push(json!({"properties": props, "required": [name]}));
            }
        }
        combine("anyOf", alternatives)
    }

    /// The alternatives of an internally tagged enum, one per variant, or
    /// several for a newtype variant whose content has several forms (then
    /// `true`: alternatives of one variant may overlap). serde reads the
    /// content from its owned buffer.
    fn internal(&mut self, variants: &[&'static Variant], tag: &str) -> (Vec<Value>, bool) {
        let mut overlap = false;
        let saved = self.enter(Mode::Owned);
        let mut alternatives = Vec::new();
        for v in variants {
            let tag_value = self.tag_value(v, variants);
            let alt = match v.body {
                VariantBody::Unit => {
                    // serde ignores other keys beside a unit variant's tag,
                    // even with `deny_unknown_fields`.
                    let mut obj = ObjectBuilder::new(self.contract);
                    obj.tag(tag, tag_value);
                    obj.finish(false)
                }
                VariantBody::Struct(s) => {
                    let mut obj = ObjectBuilder::new(self.contract);
                    obj.tag(tag, tag_value);
                    let body = self.object(s);
                    obj.merge(body, Merge::Content);
                    obj.finish(s.deny_unknown_fields)
                }
                VariantBody::Newtype(inner) => {
                    let mut group = Vec::new();
                    for content in self.beside_tag(inner(), 0) {
                        let mut obj = ObjectBuilder::new(self.contract);
                        obj.tag(tag, tag_value.clone());
                        let closed =
                            content.get("additionalProperties") == Some(&Value::Bool(false));
                        obj.merge(content, Merge::Content);
                        let alt = obj.finish(closed);
                        if !is_nothing(&alt) {
                            group.push(alt);
                        }
                    }
                    if group.len() > 1 {
                        overlap = true;
                        alternatives.extend(
                            group
                                .into_iter()
                                .map(|alt| annotate(alt, v.title, v.description)),
                        );
                        continue;
                    }
                    // None: serde can neither write nor read a tag beside
                    // this value, the variant matches nothing.
                    let Some(alt) = group.pop() else { continue };
                    alt
                }
                // serde rejects tuple variants in internally tagged enums at
                // compile time.
                VariantBody::Tuple(_) => continue,
            };
            if is_nothing(&alt) {
                continue;
            }
            alternatives.push(annotate(alt, v.title, v.description));
        }
        self.mode = saved;
        (alternatives, overlap)
    }

    /// What an internally tagged newtype variant's content is beside the
    /// tag: object schemas of the other keys, one per form; none when serde
    /// reads (input) or writes (output) nothing there.
    ///
    /// serde reads the content from a map of the other keys in its owned
    /// buffer, and writes it through a serializer that puts the tag first
    /// and refuses anything but a map, a struct, a unit, or an enum variant
    /// (which it writes as one more key).
    fn beside_tag(&mut self, shape: &'static Shape, depth: usize) -> Vec<Value> {
        // Untagged enums holding each other: deep enough is nothing.
        if depth > 32 {
            return Vec::new();
        }
        let nothing_else = || json!({"type": "object", "additionalProperties": false});
        let resolved = self.resolve(shape);
        match resolved {
            // serde writes the tag alone; reads `()` and a unit struct from
            // the empty map (only from its owned buffer).
            Shape::Null
            | Shape::Named(Named {
                body: Body::Unit, ..
            }) => match (self.contract, self.mode) {
                (Contract::Output, _) | (Contract::Input, Mode::Owned) => vec![nothing_else()],
                _ => Vec::new(),
            },
            // serde reads `Some` of what the map holds, never `None`; it
            // refuses to write either.
            Shape::Option(inner) => match self.contract {
                Contract::Input => self.beside_tag(inner, depth + 1),
                Contract::Output => Vec::new(),
            },
            Shape::Any => vec![json!({"type": "object"})],
            Shape::Map(map) if self.buffered() && self.key_needs_parsing(map.key) => {
                vec![nothing_else()]
            }
            Shape::Map(_) => vec![self.node(resolved)],
            Shape::Named(named) => self.body_beside_tag(resolved, &named.body, depth),
            _ => Vec::new(),
        }
    }

    /// [`Renderer::beside_tag`] of a named type's body (`shape` renders it).
    fn body_beside_tag(
        &mut self,
        shape: &'static Shape,
        body: &'static Body,
        depth: usize,
    ) -> Vec<Value> {
        match body {
            Body::Struct(_) => vec![self.inline(shape)],
            Body::Enum(e) => self.enum_beside_tag(e, depth),
            // A conversion in this direction was followed already: the
            // type's own body.
            Body::Convert(c) => self.body_beside_tag(shape, &c.body, depth),
            _ => Vec::new(),
        }
    }

    /// An enum's forms beside another enum's tag (see
    /// [`Renderer::beside_tag`]).
    fn enum_beside_tag(&mut self, e: &'static Enum, depth: usize) -> Vec<Value> {
        let live: Vec<&'static Variant> = e
            .variants
            .iter()
            .filter(|v| self.variant_name(v).is_some())
            .collect();
        let (untagged, tagged): (Vec<_>, Vec<_>) = live
            .into_iter()
            .partition(|v| v.untagged || matches!(e.repr, Repr::Untagged));
        let saved = self.mode;
        if matches!(e.repr, Repr::Untagged) || e.variants.iter().any(|v| v.untagged) {
            self.enter(Mode::Borrowed);
        }
        let mut forms = Vec::new();
        match e.repr {
            // One key: the variant's name, its content the value (a unit
            // variant's `null`).
            Repr::External => {
                for v in &tagged {
                    if v.other {
                        continue;
                    }
                    let content = match v.body {
                        VariantBody::Unit => self.node(&Shape::Null),
                        _ => self.variant_content(v),
                    };
                    for name in self.variant_names(v) {
                        let mut props = Map::new();
                        props.insert(name.into(), content.clone());
                        forms.push(annotate(
                            json!({
                                "type": "object",
                                "properties": props,
                                "required": [name],
                                "additionalProperties": false,
                            }),
                            v.title,
                            v.description,
                        ));
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
                    forms.push(json!({"type": "object", "additionalProperties": false}))
                }
                VariantBody::Unit | VariantBody::Tuple(_) => {}
                VariantBody::Newtype(inner) => forms.extend(self.beside_tag(inner(), depth + 1)),
                VariantBody::Struct(s) => {
                    let body = self.object(s);
                    forms.push(annotate(body, v.title, v.description));
                }
            }
        }
        self.mode = saved;
        forms
    }

    fn adjacent(
        &mut self,
        e: &'static Enum,
        variants: &[&'static Variant],
        tag: &str,
        content: &str,
    ) -> Vec<Value> {
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
            obj.property(tag, tag_value);
            obj.required.push(tag.into());
            match v.body {
                VariantBody::Unit => {
                    if self.contract == Contract::Input {
                        obj.property(content, json!({"type": "null"}));
                    }
                }
                _ => {
                    let c = self.variant_content(v);
                    obj.property(content, c);
                    obj.required.push(content.into());
                }
            }
            alternatives.push(annotate(
                obj.finish(e.deny_unknown_fields),
                v.title,
                v.description,
            ));
        }
        self.mode = saved;
        alternatives
    }

    /// What a variant carries, without its tag.
    fn variant_content(&mut self, v: &'static Variant) -> Value {
        match v.body {
            VariantBody::Unit => json!({"type": "null"}),
            VariantBody::Newtype(inner) => self.node(inner()),
            VariantBody::Tuple(items) => {
                let items: Vec<Value> = items.iter().map(|f| self.node(f())).collect();
                tuple(items)
            }
            VariantBody::Struct(s) => self.object(s),
        }
    }
}

/// Sets `key` to `bound` unless the schema already has a tighter one (the
/// type's own range always holds).
fn tighten(map: &mut Map<String, Value>, key: &str, bound: Bound, lower: bool) {
    let keep_existing = map.get(key).and_then(Value::as_f64).is_some_and(|old| {
        if lower {
            old > bound.as_f64()
        } else {
            old < bound.as_f64()
        }
    });
    if !keep_existing {
        map.insert(key.into(), bound.to_json());
    }
}

fn one_of(alternatives: Vec<Value>) -> Value {
    combine("oneOf", alternatives)
}

/// No alternative matches nothing; one is itself; more are combined.
fn combine(keyword: &str, mut alternatives: Vec<Value>) -> Value {
    match alternatives.len() {
        0 => json!({"not": {}}),
        1 => alternatives.pop().unwrap_or_default(),
        _ => {
            let mut m = Map::new();
            m.insert(keyword.into(), Value::Array(alternatives));
            Value::Object(m)
        }
    }
}

/// The schema nothing satisfies.
fn is_nothing(schema: &Value) -> bool {
    schema.as_object().is_some_and(is_nothing_map)
}

/// `{"not": {}}` as a map.
fn is_nothing_map(m: &Map<String, Value>) -> bool {
    m.len() == 1
        && m.get("not")
            .is_some_and(|n| n.as_object().is_some_and(Map::is_empty))
}

/// `u128`, `i128` (and their `NonZero`s): no bound fits a JSON number.
fn is_wide(range: &IntRange) -> bool {
    range.max.is_none()
}

/// How [`ObjectBuilder::merge`] takes in another object's keys.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Merge {
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
struct ObjectBuilder {
    contract: Contract,
    properties: Map<String, Value>,
    required: Vec<Value>,
    constraints: Vec<Value>,
    additional: Vec<Value>,
    /// Input: keys serde hands to another reader first (the outer struct's
    /// own fields, the tag, earlier flattened structs): a merged reader
    /// never sees them.
    claimed: HashSet<String>,
    /// Input: a merged reader requires a key another reader takes: serde
    /// reads nothing.
    impossible: bool,
}

impl ObjectBuilder {
    fn new(contract: Contract) -> Self {
        ObjectBuilder {
            contract,
            properties: Map::new(),
            required: Vec::new(),
            constraints: Vec::new(),
            additional: Vec::new(),
            claimed: HashSet::new(),
            impossible: false,
        }
    }

    /// A key of this object's own.
    fn property(&mut self, name: &str, schema: Value) {
        self.properties.insert(name.into(), schema);
    }

    /// An enum's tag: required, read by the enum before its content.
    fn tag(&mut self, tag: &str, schema: Value) {
        self.property(tag, schema);
        self.required.push(tag.into());
        self.claimed.insert(tag.into());
    }

    /// Output: a key serde writes (`always`: whatever the value). serde_json
    /// keeps the last value of a key written twice.
    fn write(&mut self, name: &str, schema: Value, always: bool) {
        match self.properties.get_mut(name) {
            Some(old) if !always => {
                let earlier = old.take();
                *old = json!({"anyOf": [earlier, schema]});
            }
            Some(old) => *old = schema,
            None => {
                self.properties.insert(name.into(), schema);
            }
        }
        if always && !self.required.iter().any(|r| r == name) {
            self.required.push(name.into());
        }
    }

    /// Takes in another object schema's keys (a flattened field, a
    /// variant's content beside its tag).
    fn merge(&mut self, schema: Value, how: Merge) {
        let Value::Object(mut map) = schema else {
            self.constraints.push(schema);
            return;
        };
        let is_object = map.get("type") == Some(&Value::from("object"));
        if !is_object {
            // An enum or a reference: its rule holds for the whole object.
            self.constraints.push(Value::Object(map));
            return;
        }
        let required: Vec<Value> = match map.remove("required") {
            Some(Value::Array(req)) => req,
            _ => Vec::new(),
        };
        let props = match map.remove("properties") {
            Some(Value::Object(props)) => props,
            _ => Map::new(),
        };
        let mut taken = Vec::new();
        match self.contract {
            Contract::Input => {
                for key in &required {
                    if key.as_str().is_some_and(|k| self.claimed.contains(k)) {
                        self.impossible = true;
                    } else if !self.required.contains(key) {
                        self.required.push(key.clone());
                    }
                }
                for (k, v) in props {
                    if self.claimed.contains(&k) {
                        continue;
                    }
                    // Keys a flattened map saw first must also satisfy its
                    // value schema.
                    let v = if self.additional.is_empty() {
                        v
                    } else {
                        let mut all = self.additional.clone();
                        all.push(v);
                        json!({ "allOf": all })
                    };
                    if how == Merge::Takes {
                        taken.push(k.clone());
                    }
                    self.properties.insert(k, v);
                }
            }
            Contract::Output => {
                for (k, v) in props {
                    let always = how != Merge::Optional && required.iter().any(|r| r == &k);
                    self.write(&k, v, always);
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
        self.claimed.extend(taken);
        match map.remove("additionalProperties") {
            Some(Value::Bool(false)) | None => {}
            Some(v) => self.additional.push(v),
        }
        for key in ["allOf", "oneOf", "anyOf", "not"] {
            if let Some(v) = map.remove(key) {
                if key == "allOf" {
                    if let Value::Array(items) = v {
                        self.constraints.extend(items);
                    }
                } else {
                    let mut m = Map::new();
                    m.insert(key.into(), v);
                    self.constraints.push(Value::Object(m));
                }
            }
        }
    }

    fn finish(mut self, closed: bool) -> Value {
        if self.impossible {
            return json!({"not": {}});
        }
        let mut out = Map::new();
        out.insert("type".into(), "object".into());
        out.insert("properties".into(), Value::Object(self.properties));
        if !self.required.is_empty() {
            let mut seen = Vec::new();
            self.required.retain(|r| {
                let fresh = !seen.contains(r);
                seen.push(r.clone());
                fresh
            });
            out.insert("required".into(), Value::Array(self.required));
        }
        match self.additional.len() {
            0 if closed => {
                out.insert("additionalProperties".into(), false.into());
            }
            0 => {}
            1 => {
                out.insert("additionalProperties".into(), self.additional.remove(0));
            }
            _ => {
                out.insert(
                    "additionalProperties".into(),
                    json!({ "allOf": self.additional }),
                );
            }
        }
        match self.constraints.len() {
            0 => {}
            1 => match self.constraints.pop() {
                Some(Value::Object(rule)) if !rule.keys().any(|k| out.contains_key(k)) => {
                    out.extend(rule)
                }
                Some(rule) => {
                    out.insert("allOf".into(), json!([rule]));
                }
                None => {}
            },
            _ => {
                out.insert("allOf".into(), Value::Array(self.constraints));
            }
        }
        Value::Object(out)
    }
}

impl Renderer {
    /// The named types (identities) that occur more than once in the shape
    /// graph under `root` (each walked once).
    fn reused_named(&mut self, root: &'static Shape) -> HashSet<usize> {
        let mut seen: HashSet<usize> = HashSet::new();
        let mut reused = HashSet::new();
        let mut stack = vec![root];
        while let Some(shape) = stack.pop() {
            match shape {
                Shape::Option(inner) => stack.push(inner),
                Shape::Seq(seq) => stack.push(seq.items),
                Shape::Tuple(items) => stack.extend(items.iter().copied()),
                Shape::Map(map) => {
                    stack.push(map.key);
                    stack.push(map.value);
                }
                Shape::Named(named) => {
                    let id = self.ids.of(named);
                    if !seen.insert(id) {
                        reused.insert(id);
                        continue;
                    }
                    push_body(&named.body, &mut stack);
                }
                _ => {}
            }
        }
        reused
    }

    /// Whether serde's buffer reads `named` differently from serde_json:
    /// whether it holds, at a position that reads as the type itself does
    /// (fields, items, values, externally and adjacently tagged content), a
    /// map whose keys must be parsed, a 128-bit integer, a unit, or a tuple
    /// variant without fields. Enums that buffer their own content
    /// (internally tagged, untagged) and flattened fields read the same
    /// wherever they are.
    fn is_sensitive(&mut self, named: &'static Named) -> bool {
        let id = self.ids.of(named);
        if let Some(&known) = self.sensitive.get(&id) {
            return known;
        }
        let found = self.reaches_buffer_rule(named);
        self.sensitive.insert(id, found);
        found
    }

    fn reaches_buffer_rule(&self, root: &'static Named) -> bool {
        fn fields(s: &'static Struct, work: &mut Vec<&'static Shape>) {
            for f in s
                .fields
                .iter()
                .filter(|f| !f.flatten && f.de_name.is_some())
            {
                work.push((f.shape)());
            }
        }
        let mut seen: HashSet<usize> = HashSet::new();
        seen.insert(root as *const Named as usize);
        let mut bodies: Vec<&'static Body> = vec![&root.body];
        let mut work: Vec<&'static Shape> = Vec::new();
        loop {
            while let Some(body) = bodies.pop() {
                match body {
                    Body::Unit => return true,
                    Body::Struct(s) => fields(s, &mut work),
                    Body::Newtype(inner) | Body::Transparent(inner) => work.push(inner()),
                    Body::Tuple(items) => work.extend(items.iter().map(|f| f())),
                    Body::Enum(e) => {
                        let buffers_itself =
                            matches!(e.repr, Repr::Internal { .. } | Repr::Untagged)
                                || e.variants.iter().any(|v| v.untagged);
                        if buffers_itself {
                            continue;
                        }
                        for v in e.variants.iter().filter(|v| v.de_name.is_some()) {
                            match v.body {
                                VariantBody::Unit => {}
                                VariantBody::Newtype(inner) => work.push(inner()),
                                VariantBody::Tuple([]) => return true,
                                VariantBody::Tuple(items) => work.extend(items.iter().map(|f| f())),
                                VariantBody::Struct(s) => fields(s, &mut work),
                            }
                        }
                    }
                    Body::Convert(c) => match c.input {
                        Some(input) => work.push(input()),
                        None => bodies.push(&c.body),
                    },
                }
            }
            let Some(shape) = work.pop() else {
                return false;
            };
            match shape {
                Shape::Null => return true,
                Shape::Integer(range) if is_wide(range) => return true,
                Shape::Map(map) if self.key_needs_parsing(map.key) => return true,
                Shape::Map(map) => work.push(map.value),
                Shape::Option(inner) => work.push(inner),
                Shape::Seq(seq) => work.push(seq.items),
                Shape::Tuple(items) => work.extend(items.iter().copied()),
                Shape::Named(named) if seen.insert(*named as *const Named as usize) => {
                    bodies.push(&named.body);
                }
                _ => {}
            }
        }
    }
}

fn push_body(body: &'static Body, stack: &mut Vec<&'static Shape>) {
    match body {
        Body::Struct(s) => push_fields(s, stack),
        Body::Newtype(inner) | Body::Transparent(inner) => stack.push(inner()),
        Body::Tuple(items) => stack.extend(items.iter().map(|f| f())),
        Body::Unit => {}
        Body::Enum(e) => {
            for v in e.variants {
                match v.body {
                    VariantBody::Unit => {}
                    VariantBody::Newtype(inner) => stack.push(inner()),
                    VariantBody::Tuple(items) => stack.extend(items.iter().map(|f| f())),
                    VariantBody::Struct(s) => push_fields(s, stack),
                }
            }
        }
        Body::Convert(c) => {
            stack.extend(c.input.map(|f| f()));
            stack.extend(c.output.map(|f| f()));
            push_body(&c.body, stack);
        }
    }
}

fn push_fields(s: &'static Struct, stack: &mut Vec<&'static Shape>) {
    for f in s.fields {
        let (de, ser) = ((f.shape)(), (f.ser_shape)());
        stack.push(de);
        if !std::ptr::eq(de, ser) {
            stack.push(ser);
        }
    }
}

/// Which named types are the same type.
///
/// `std::any::type_name` is not unique (two types of one path in different
/// `const _` blocks, or in two versions of a crate, share it), and the
/// address of a type's `Shape` is not unique either way (a `const` may be
/// copied into every codegen unit that uses it). Two named types are one
/// when they have the same name and the same wire description, down to every
/// field and variant: then they render the same, so one entry serves both.
/// Same name, different description: two types, two entries.
#[derive(Default)]
struct Identities {
    by_address: HashMap<usize, usize>,
    by_name: HashMap<&'static str, Vec<usize>>,
    types: Vec<(&'static str, &'static Named)>,
}

impl Identities {
    fn of(&mut self, named: &'static Named) -> usize {
        let address = named as *const Named as usize;
        if let Some(&id) = self.by_address.get(&address) {
            return id;
        }
        let name = (named.type_name)();
        let candidates = self.by_name.get(name).cloned().unwrap_or_default();
        let found = candidates
            .into_iter()
            .find(|&id| same_named(self.types[id].1, named, &mut HashSet::new()));
        let id = match found {
            Some(id) => id,
            None => {
                let id = self.types.len();
                self.types.push((name, named));
                self.by_name.entry(name).or_default().push(id);
                id
            }
        };
        self.by_address.insert(address, id);
        id
    }

    fn name(&self, id: usize) -> &'static str {
        self.types.get(id).map_or("Type", |(name, _)| name)
    }
}

/// Whether two named types describe the same wire shape (co-inductively:
/// a pair already under comparison is assumed equal, which is sound for
/// the graph's finite set of nodes).
fn same_named(a: &'static Named, b: &'static Named, assumed: &mut HashSet<(usize, usize)>) -> bool {
    if std::ptr::eq(a, b) {
        return true;
    }
    let pair = (a as *const Named as usize, b as *const Named as usize);
    if !assumed.insert(pair) {
        return true;
    }
    (a.type_name)() == (b.type_name)()
        && a.title == b.title
        && a.description == b.description
        && same_body(&a.body, &b.body, assumed)
}

fn same_shape(a: &'static Shape, b: &'static Shape, assumed: &mut HashSet<(usize, usize)>) -> bool {
    if std::ptr::eq(a, b) {
        return true;
    }
    match (a, b) {
        (Shape::Any, Shape::Any)
        | (Shape::Null, Shape::Null)
        | (Shape::Bool, Shape::Bool)
        | (Shape::Number, Shape::Number) => true,
        (Shape::Integer(x), Shape::Integer(y)) => {
            x.min == y.min && x.max == y.max && x.nonzero == y.nonzero
        }
        (Shape::String(x), Shape::String(y)) => {
            x.min_length == y.min_length
                && x.max_length == y.max_length
                && x.format == y.format
                && x.input_pattern == y.input_pattern
                && x.output_pattern == y.output_pattern
        }
        (Shape::Option(x), Shape::Option(y)) => same_shape(x, y, assumed),
        (Shape::Seq(x), Shape::Seq(y)) => {
            x.min_items == y.min_items
                && x.max_items == y.max_items
                && x.unique_on_output == y.unique_on_output
                && same_shape(x.items, y.items, assumed)
        }
        (Shape::Tuple(x), Shape::Tuple(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|(p, q)| same_shape(p, q, assumed))
        }
        (Shape::Map(x), Shape::Map(y)) => {
            same_shape(x.key, y.key, assumed) && same_shape(x.value, y.value, assumed)
        }
        (Shape::Named(x), Shape::Named(y)) => same_named(x, y, assumed),
        _ => false,
    }
}

fn same_fns(
    a: &[fn() -> &'static Shape],
    b: &[fn() -> &'static Shape],
    assumed: &mut HashSet<(usize, usize)>,
) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(f, g)| same_shape(f(), g(), assumed))
}

fn same_body(a: &'static Body, b: &'static Body, assumed: &mut HashSet<(usize, usize)>) -> bool {
    match (a, b) {
        (Body::Struct(x), Body::Struct(y)) => same_struct(x, y, assumed),
        (Body::Newtype(x), Body::Newtype(y)) | (Body::Transparent(x), Body::Transparent(y)) => {
            same_shape(x(), y(), assumed)
        }
        (Body::Tuple(x), Body::Tuple(y)) => same_fns(x, y, assumed),
        (Body::Unit, Body::Unit) => true,
        (Body::Enum(x), Body::Enum(y)) => {
            let repr = match (x.repr, y.repr) {
                (Repr::External, Repr::External) | (Repr::Untagged, Repr::Untagged) => true,
                (Repr::Internal { tag: s }, Repr::Internal { tag: t }) => s == t,
                (Repr::Adjacent { tag: s, content: c }, Repr::Adjacent { tag: t, content: d }) => {
                    s == t && c == d
                }
                _ => false,
            };
            repr && x.titled == y.titled
                && x.deny_unknown_fields == y.deny_unknown_fields
                && x.variants.len() == y.variants.len()
                && x.variants.iter().zip(y.variants).all(|(v, w)| {
                    // Destructured in full: a new field of `Variant` must be
                    // compared.
                    let Variant {
                        rust_name,
                        ser_name,
                        de_name,
                        aliases,
                        other,
                        untagged,
                        body,
                        title,
                        description,
                    } = v;
                    *rust_name == w.rust_name
                        && *ser_name == w.ser_name
                        && *de_name == w.de_name
                        && *aliases == w.aliases
                        && *other == w.other
                        && *untagged == w.untagged
                        && *title == w.title
                        && *description == w.description
                        && match (body, &w.body) {
                            (VariantBody::Unit, VariantBody::Unit) => true,
                            (VariantBody::Newtype(f), VariantBody::Newtype(g)) => {
                                same_shape(f(), g(), assumed)
                            }
                            (VariantBody::Tuple(f), VariantBody::Tuple(g)) => {
                                same_fns(f, g, assumed)
                            }
                            (VariantBody::Struct(s), VariantBody::Struct(t)) => {
                                same_struct(s, t, assumed)
                            }
                            _ => false,
                        }
                })
        }
        (Body::Convert(x), Body::Convert(y)) => {
            let same_opt =
                |f: Option<fn() -> &'static Shape>,
                 g: Option<fn() -> &'static Shape>,
                 assumed: &mut HashSet<(usize, usize)>| match (f, g) {
                    (None, None) => true,
                    (Some(f), Some(g)) => same_shape(f(), g(), assumed),
                    _ => false,
                };
            same_opt(x.input, y.input, assumed)
                && same_opt(x.output, y.output, assumed)
                && same_body(&x.body, &y.body, assumed)
        }
        _ => false,
    }
}

fn same_struct(
    a: &'static Struct,
    b: &'static Struct,
    assumed: &mut HashSet<(usize, usize)>,
) -> bool {
    a.deny_unknown_fields == b.deny_unknown_fields
        && a.fields.len() == b.fields.len()
        && a.fields.iter().zip(b.fields).all(|(f, g)| {
            // Destructured in full: a new field of `Field` must be compared.
            let crate::shape::Field {
                rust_name,
                ser_name,
                de_name,
                aliases,
                shape,
                ser_shape,
                flatten,
                deserialize_with,
                has_default,
                default_value,
                skip_serializing_if,
                skip_if_none,
                title,
                description,
                constraints,
            } = f;
            *rust_name == g.rust_name
                && *ser_name == g.ser_name
                && *de_name == g.de_name
                && *aliases == g.aliases
                && *flatten == g.flatten
                && *deserialize_with == g.deserialize_with
                && *has_default == g.has_default
                && *skip_serializing_if == g.skip_serializing_if
                && *skip_if_none == g.skip_if_none
                && *title == g.title
                && *description == g.description
                && match (default_value, g.default_value) {
                    (None, None) => true,
                    (Some(x), Some(y)) => x() == y(),
                    _ => false,
                }
                && match (constraints, g.constraints) {
                    (None, None) => true,
                    (Some(x), Some(y)) => same_constraints(x, y),
                    _ => false,
                }
                && same_shape(shape(), (g.shape)(), assumed)
                && same_shape(ser_shape(), (g.ser_shape)(), assumed)
        })
}

fn same_constraints(a: &Constraints, b: &Constraints) -> bool {
    // Destructured in full: a new constraint must be compared.
    let Constraints {
        min_length,
        max_length,
        minimum,
        maximum,
        pattern,
        format,
        examples,
        deprecated,
    } = a;
    *min_length == b.min_length
        && *max_length == b.max_length
        && *minimum == b.minimum
        && *maximum == b.maximum
        && *pattern == b.pattern
        && *format == b.format
        && *examples == b.examples
        && *deprecated == b.deprecated
}

/// serde reads a field under its name or any alias, and rejects a document
/// that carries two of them ("duplicate field"). Required: exactly one;
/// optional: at most one.
fn alias_rule(name: &str, aliases: &[&str], optional: bool) -> Value {
    let names: Vec<&str> = std::iter::once(name)
        .chain(aliases.iter().copied())
        .collect();
    if optional {
        let mut pairs = Vec::new();
        for (i, a) in names.iter().enumerate() {
            for b in &names[i + 1..] {
                pairs.push(json!({"required": [a, b]}));
            }
        }
        let forbidden = if pairs.len() == 1 {
            pairs.pop().unwrap_or_default()
        } else {
            json!({ "anyOf": pairs })
        };
        json!({ "not": forbidden })
    } else {
        let one_of: Vec<Value> = names.iter().map(|n| json!({"required": [n]})).collect();
        json!({ "oneOf": one_of })
    }
}

fn integer(range: &IntRange) -> Value {
    let mut out = Map::new();
    out.insert("type".into(), "integer".into());
    let mut exclude_zero = range.nonzero;
    if let Some(min) = range.min {
        let min = if range.nonzero && min == 0 {
            exclude_zero = false;
            1
        } else {
            min
        };
        out.insert("minimum".into(), min.into());
    }
    if let Some(max) = range.max {
        out.insert("maximum".into(), max.into());
    }
    if exclude_zero {
        out.insert("not".into(), json!({"const": 0}));
    }
    Value::Object(out)
}

/// A pattern for exactly the map keys serde_json reads as an integer of
/// `range`: a JSON integer (no `+`, no leading zeros, no `-0`, no fraction or
/// exponent) within the range.
fn integer_key_pattern(range: &IntRange) -> String {
    let mut alternatives = Vec::new();
    let lowest_positive = if range.nonzero { 1 } else { 0 };
    match range.max {
        Some(max) => alternatives.extend(decimal_range(lowest_positive, max)),
        None if range.nonzero => alternatives.push("[1-9][0-9]*".to_string()),
        None => alternatives.push("0|[1-9][0-9]*".to_string()),
    }
    match range.min {
        Some(min) if min < 0 => {
            for alt in decimal_range(1, min.unsigned_abs()) {
                alternatives.push(format!("-{alt}"));
            }
        }
        Some(_) => {}
        None => alternatives.push("-[1-9][0-9]*".to_string()),
    }
    format!("^(?:{})$", alternatives.join("|"))
}

/// Regex alternatives matching the decimal numbers `lo..=hi`, without leading
/// zeros.
fn decimal_range(lo: u64, hi: u64) -> Vec<String> {
    let mut out = Vec::new();
    if lo > hi {
        return out;
    }
    let digits = |n: u64| n.to_string().len();
    for d in digits(lo)..=digits(hi) {
        let first = if d == 1 { 0 } else { 10u64.pow(d as u32 - 1) };
        let last = if d >= 20 {
            u64::MAX
        } else {
            10u64.pow(d as u32) - 1
        };
        let (a, b) = (lo.max(first), hi.min(last));
        if a <= b {
            same_length(
                a.to_string().as_bytes(),
                b.to_string().as_bytes(),
                "",
                &mut out,
            );
        }
    }
    out
}

/// Alternatives for the numbers between `lo` and `hi`, two digit strings of
/// one length, after `prefix`.
fn same_length(lo: &[u8], hi: &[u8], prefix: &str, out: &mut Vec<String>) {
    let (Some((&l, lo_rest)), Some((&h, hi_rest))) = (lo.split_first(), hi.split_first()) else {
        out.push(prefix.to_string());
        return;
    };
    let n = lo_rest.len();
    let any = |k: usize| match k {
        0 => String::new(),
        1 => "[0-9]".to_string(),
        k => format!("[0-9]{{{k}}}"),
    };
    let class = |a: u8, b: u8| {
        if a == b {
            (a as char).to_string()
        } else {
            format!("[{}-{}]", a as char, b as char)
        }
    };
    if l == h {
        same_length(lo_rest, hi_rest, &format!("{prefix}{}", l as char), out);
        return;
    }
    let lo_floor = lo_rest.iter().all(|&c| c == b'0');
    let hi_ceil = hi_rest.iter().all(|&c| c == b'9');
    // The first digit's own part of the range.
    let mut from = l;
    if !lo_floor {
        let nines = vec![b'9'; n];
        same_length(lo_rest, &nines, &format!("{prefix}{}", l as char), out);
        from = l + 1;
    }
    let to = if hi_ceil { h } else { h - 1 };
    if from <= to {
        out.push(format!("{prefix}{}{}", class(from, to), any(n)));
    }
    if !hi_ceil {
        let zeros = vec![b'0'; n];
        same_length(&zeros, hi_rest, &format!("{prefix}{}", h as char), out);
    }
}

fn tuple(items: Vec<Value>) -> Value {
    let n = items.len();
    if n == 0 {
        // `prefixItems` must not be empty (the 2020-12 meta-schema).
        return json!({"type": "array", "maxItems": 0});
    }
    json!({
        "type": "array",
        "prefixItems": items,
        "items": false,
        "minItems": n,
        "maxItems": n,
    })
}

/// Puts `title` and `description` first, replacing any the schema had.
pub(crate) fn annotate(schema: Value, title: Option<&str>, description: Option<&str>) -> Value {
    if title.is_none() && description.is_none() {
        return schema;
    }
    let Value::Object(mut map) = schema else {
        return schema;
    };
    let mut at = 0;
    if let Some(t) = title {
        map.shift_insert(0, "title".into(), t.into());
        at = 1;
    } else if let Some(existing) = map.shift_remove("title") {
        map.shift_insert(0, "title".into(), existing);
        at = 1;
    }
    if let Some(d) = description {
        map.shift_insert(at, "description".into(), d.into());
    }
    Value::Object(map)
}

/// `schema` or `null`, in the plainest form that says so.
pub(crate) fn nullable(schema: Value) -> Value {
    let Value::Object(mut map) = schema else {
        return schema;
    };
    if map.is_empty() {
        return Value::Object(map);
    }
    if is_nothing_map(&map) {
        return json!({"type": "null"});
    }
    const COMBINATORS: [&str; 6] = ["$ref", "allOf", "anyOf", "oneOf", "not", "const"];
    let simple = !COMBINATORS.iter().any(|k| map.contains_key(*k));
    let has_enum = map.contains_key("enum");
    if simple {
        match map.get_mut("type") {
            Some(Value::String(t)) if t == "null" => return Value::Object(map),
            Some(ty @ Value::String(_)) => {
                let t = ty.take();
                *ty = json!([t, "null"]);
                if let Some(Value::Array(values)) = map.get_mut("enum")
                    && !values.contains(&Value::Null)
                {
                    values.push(Value::Null);
                }
                return Value::Object(map);
            }
            Some(Value::Array(types)) if !has_enum => {
                if !types.iter().any(|t| t == "null") {
                    types.push("null".into());
                }
                return Value::Object(map);
            }
            _ => {}
        }
    }
    json!({"anyOf": [Value::Object(map), {"type": "null"}]})
}

/// `my_crate::module::Tree<alloc::string::String>` → `Tree<String>`, made safe
/// for a JSON Pointer segment.
fn short_type_name(full: &str) -> String {
    let mut out = String::new();
    let mut segment = String::new();
    for c in full.chars() {
        match c {
            ':' => segment.clear(),
            '<' | '>' | ',' | ' ' | '&' | '[' | ']' | ';' | '(' | ')' => {
                out.push_str(&segment);
                segment.clear();
                match c {
                    '<' | ',' | ';' | '(' | '[' => out.push('_'),
                    _ => {}
                }
            }
            _ => segment.push(c),
        }
    }
    out.push_str(&segment);
    let trimmed = out.trim_end_matches('_');
    if trimmed.is_empty() {
        "Type".into()
    } else {
        trimmed.replace(['~', '/'], "_")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names() {
        assert_eq!(short_type_name("a::b::Tree"), "Tree");
        assert_eq!(
            short_type_name("a::Tree<alloc::string::String>"),
            "Tree_String"
        );
        assert_eq!(short_type_name("a::Pair<u8, a::B>"), "Pair_u8_B");
    }

    #[test]
    fn decimal_ranges_match_exactly() {
        for (lo, hi) in [
            (0, 255),
            (1, 65535),
            (0, 9),
            (7, 7),
            (10, 99),
            (5, 1234),
            (128, 128),
            (0, u64::MAX),
        ] {
            let re = format!("^(?:{})$", decimal_range(lo, hi).join("|"));
            let matches = |n: u64| {
                // A tiny matcher: the alternatives only use literals, classes and {k}.
                regex_lite_match(&re, &n.to_string())
            };
            let probes = [
                0,
                1,
                5,
                7,
                9,
                10,
                11,
                99,
                100,
                127,
                128,
                129,
                254,
                255,
                256,
                999,
                1000,
                1233,
                1234,
                1235,
                65535,
                65536,
                u64::MAX - 1,
                u64::MAX,
            ];
            for n in probes {
                assert_eq!(
                    matches(n),
                    (lo..=hi).contains(&n),
                    "{n} in {lo}..={hi}: {re}"
                );
            }
        }
    }

    /// Matches `s` against `^(?:alt|alt)$` where each alternative is a
    /// sequence of digits, `[a-b]` classes and `{k}` repeats.
    fn regex_lite_match(re: &str, s: &str) -> bool {
        let body = &re[4..re.len() - 2];
        body.split('|').any(|alt| {
            let mut atoms: Vec<(u8, u8)> = Vec::new();
            let b = alt.as_bytes();
            let mut i = 0;
            while i < b.len() {
                match b[i] {
                    b'[' => {
                        atoms.push((b[i + 1], b[i + 3]));
                        i += 5;
                    }
                    b'{' => {
                        let end = alt[i..].find('}').unwrap() + i;
                        let k: usize = alt[i + 1..end].parse().unwrap();
                        let last = *atoms.last().unwrap();
                        for _ in 1..k {
                            atoms.push(last);
                        }
                        i = end + 1;
                    }
                    c => {
                        atoms.push((c, c));
                        i += 1;
                    }
                }
            }
            atoms.len() == s.len()
                && atoms
                    .iter()
                    .zip(s.bytes())
                    .all(|(&(a, z), c)| a <= c && c <= z)
        })
    }

    #[test]
    fn nullable_forms() {
        assert_eq!(
            nullable(json!({"type": "string"})),
            json!({"type": ["string", "null"]})
        );
        assert_eq!(
            nullable(json!({"type": "string", "enum": ["a"]})),
            json!({"type": ["string", "null"], "enum": ["a", null]})
        );
        assert_eq!(
            nullable(json!({"$ref": "#"})),
            json!({"anyOf": [{"$ref": "#"}, {"type": "null"}]})
        );
        assert_eq!(nullable(json!({})), json!({}));
        // Nothing or null: null.
        assert_eq!(nullable(json!({"not": {}})), json!({"type": "null"}));
        assert_eq!(
            nullable(json!({"type": ["number", "null"]})),
            json!({"type": ["number", "null"]})
        );
    }
}
