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
    let root = match shape {
        Shape::Named(named) => Some((named.type_name)()),
        _ => None,
    };
    let mut renderer = Renderer {
        contract,
        all_defs: options.defs,
        no_aliases: options.primary_names_only,
        root,
        stack: Vec::new(),
        recursive: HashSet::new(),
        def_keys: HashMap::new(),
        used_keys: HashSet::new(),
        defs: Map::new(),
        done: HashMap::new(),
        reused: reused_named(shape),
    };
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

struct Renderer {
    contract: Contract,
    /// Every named struct and enum goes to `$defs`.
    all_defs: bool,
    /// Aliases are not rendered.
    no_aliases: bool,
    /// Type name of the root when the root is a named type: references to it
    /// are `{"$ref": "#"}`.
    root: Option<&'static str>,
    /// Named types being rendered, outermost first.
    stack: Vec<&'static str>,
    /// Named types found to contain themselves.
    recursive: HashSet<&'static str>,
    def_keys: HashMap<&'static str, String>,
    used_keys: HashSet<String>,
    defs: Map<String, Value>,
    /// Named types already rendered in this run (inline ones): a second use
    /// copies the first rendering instead of walking the type again.
    done: HashMap<&'static str, Value>,
    /// Named types used more than once in this document: the only ones worth
    /// keeping a copy of.
    reused: HashSet<&'static str>,
}

impl Renderer {
    fn node(&mut self, shape: &'static Shape) -> Value {
        match shape {
            Shape::Any => json!({}),
            Shape::Null => json!({"type": "null"}),
            Shape::Bool => json!({"type": "boolean"}),
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
            Shape::Map(map) => {
                let mut out = Map::new();
                out.insert("type".into(), "object".into());
                if let Some(names) = self.property_names(map.key) {
                    out.insert("propertyNames".into(), names);
                }
                out.insert("additionalProperties".into(), self.node(map.value));
                Value::Object(out)
            }
            Shape::Named(named) => self.named(named),
        }
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

    fn named(&mut self, named: &'static Named) -> Value {
        let name = (named.type_name)();
        if self.stack.contains(&name) {
            self.recursive.insert(name);
            return self.reference(name);
        }
        if self.recursive.contains(&name) {
            // Already rendered into `$defs`.
            return self.reference(name);
        }
        if let Some(done) = self.done.get(name) {
            return done.clone();
        }
        self.stack.push(name);
        let body = self.body(&named.body);
        self.stack.pop();
        let body = annotate(body, named.title, named.description);
        if self.recursive.contains(&name) && self.root != Some(name) {
            let key = self.def_key(name);
            self.defs.insert(key, body);
            return self.reference(name);
        }
        if self.all_defs
            && self.root != Some(name)
            && matches!(named.body, Body::Struct(_) | Body::Enum(_))
        {
            let key = self.def_key(name);
            self.defs.insert(key, body);
            let reference = self.reference(name);
            self.done.insert(name, reference.clone());
            return reference;
        }
        // References are absolute (`#/$defs/..` or `#`), so a rendering is
        // valid anywhere in this document.
        if !self.stack.is_empty() && self.reused.contains(name) {
            self.done.insert(name, body.clone());
        }
        body
    }

    fn body(&mut self, body: &'static Body) -> Value {
        match body {
            Body::Struct(s) => self.object(s),
            Body::Newtype(inner) | Body::Transparent(inner) => self.node(inner()),
            Body::Tuple(items) => {
                let items: Vec<Value> = items.iter().map(|f| self.node(f())).collect();
                tuple(items)
            }
            Body::Unit => json!({"type": "null"}),
            Body::Enum(e) => self.enumeration(e),
            Body::Convert(c) => match (self.contract, c.input, c.output) {
                (Contract::Input, Some(input), _) => self.node(input()),
                (Contract::Output, _, Some(output)) => self.node(output()),
                _ => self.body(&c.body),
            },
        }
    }

    fn reference(&mut self, name: &'static str) -> Value {
        if self.root == Some(name) {
            return json!({"$ref": "#"});
        }
        let key = self.def_key(name);
        json!({ "$ref": format!("#/$defs/{key}") })
    }

    fn def_key(&mut self, name: &'static str) -> String {
        if let Some(key) = self.def_keys.get(name) {
            return key.clone();
        }
        let base = short_type_name(name);
        let mut key = base.clone();
        let mut n = 2;
        while self.used_keys.contains(&key) {
            key = format!("{base}{n}");
            n += 1;
        }
        self.used_keys.insert(key.clone());
        self.def_keys.insert(name, key.clone());
        key
    }

    fn object(&mut self, s: &'static Struct) -> Value {
        let mut obj = ObjectBuilder::default();
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
                    obj.property(name, schema);
                    if !field.skip_serializing_if {
                        obj.required.push(name.into());
                    }
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
    fn flatten(&mut self, field: &'static crate::shape::Field, obj: &mut ObjectBuilder) {
        let shape = match self.contract {
            Contract::Input if field.de_name.is_none() => return,
            Contract::Output if field.ser_name.is_none() => return,
            Contract::Input => (field.shape)(),
            Contract::Output => (field.ser_shape)(),
        };
        let resolved = self.resolve(shape);
        if let Shape::Option(inner) = resolved {
            // serde reads `Option<Flattened>` as `None` whenever the inner type
            // fails, whatever the keys hold: on input the keys constrain
            // nothing. On output they are written when `Some`: none required.
            if self.contract == Contract::Output {
                let rendered = self.node(inner);
                let mut inner_obj = ObjectBuilder::default();
                inner_obj.merge(rendered);
                inner_obj.required.clear();
                obj.absorb(inner_obj);
            }
            return;
        }
        if let Shape::Named(Named {
            body: Body::Enum(e),
            ..
        }) = resolved
            && let Repr::External = e.repr
        {
            let schema = self.flattened_external(e);
            obj.constraints.push(schema);
            return;
        }
        let rendered = self.node(shape);
        obj.merge(rendered);
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
        let mut alternatives = Vec::new();
        if !tagged.is_empty() {
            alternatives.push(match e.repr {
                Repr::External => self.external(e, &tagged),
                Repr::Internal { tag } => self.internal(e, &tagged, tag),
                Repr::Adjacent { tag, content } => self.adjacent(e, &tagged, tag, content),
                Repr::Untagged => unreachable!("partitioned into untagged"),
            });
        }
        for v in untagged {
            let content = self.variant_content(v);
            alternatives.push(annotate(content, v.title, v.description));
        }
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

    fn external(&mut self, e: &'static Enum, variants: &[&'static Variant]) -> Value {
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
    /// leaves the others to the parent.
    fn flattened_external(&mut self, e: &'static Enum) -> Value {
        let mut alternatives = Vec::new();
        for v in e.variants {
            if self.variant_name(v).is_none() || v.untagged || v.other {
                continue;
            }
            let content = match v.body {
                // serde writes no unit variant into a flattened map (it is an
                // error); it reads one from `"Name": null`.
                VariantBody::Unit if self.contract == Contract::Output => continue,
                VariantBody::Unit => json!({"type": "null"}),
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

    fn internal(&mut self, e: &'static Enum, variants: &[&'static Variant], tag: &str) -> Value {
        let mut alternatives = Vec::new();
        for v in variants {
            let tag_value = self.tag_value(v, variants);
            let alt = match v.body {
                VariantBody::Unit => {
                    // serde ignores other keys beside a unit variant's tag,
                    // even with `deny_unknown_fields`.
                    let mut obj = ObjectBuilder::default();
                    obj.property(tag, tag_value);
                    obj.required.push(tag.into());
                    obj.finish(false)
                }
                VariantBody::Struct(s) => {
                    let mut obj = ObjectBuilder::default();
                    obj.property(tag, tag_value);
                    obj.required.push(tag.into());
                    let body = self.object(s);
                    obj.merge(body);
                    obj.finish(s.deny_unknown_fields)
                }
                VariantBody::Newtype(inner) => {
                    let shape = inner();
                    let resolved = self.resolve(shape);
                    let objectish = matches!(resolved, Shape::Map(_) | Shape::Any)
                        || matches!(
                            resolved,
                            Shape::Named(Named {
                                body: Body::Struct(_),
                                ..
                            })
                        );
                    if !objectish {
                        // serde can neither write nor read a tag beside a
                        // non-object value: the variant matches nothing.
                        continue;
                    }
                    let rendered = self.node(shape);
                    let mut obj = ObjectBuilder::default();
                    obj.property(tag, tag_value);
                    obj.required.push(tag.into());
                    let closed = rendered.get("additionalProperties") == Some(&Value::Bool(false));
                    obj.merge(rendered);
                    obj.finish(closed)
                }
                // serde rejects tuple variants in internally tagged enums at
                // compile time.
                VariantBody::Tuple(_) => continue,
            };
            alternatives.push(annotate(alt, v.title, v.description));
        }
        let _ = e;
        one_of(alternatives)
    }

    fn adjacent(
        &mut self,
        e: &'static Enum,
        variants: &[&'static Variant],
        tag: &str,
        content: &str,
    ) -> Value {
        let mut alternatives = Vec::new();
        for v in variants {
            let tag_value = self.tag_value(v, variants);
            let mut obj = ObjectBuilder::default();
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
        one_of(alternatives)
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

/// Accumulates an object schema: properties in order, `required`, extra
/// rules (aliases, flattened enums) and the value schema of extra keys
/// (flattened maps).
#[derive(Default)]
struct ObjectBuilder {
    properties: Map<String, Value>,
    required: Vec<Value>,
    constraints: Vec<Value>,
    additional: Vec<Value>,
}

impl ObjectBuilder {
    fn property(&mut self, name: &str, schema: Value) {
        // Keys a flattened map saw first must also satisfy its value schema.
        let schema = if self.additional.is_empty() {
            schema
        } else {
            let mut all = self.additional.clone();
            all.push(schema);
            json!({ "allOf": all })
        };
        self.properties.insert(name.into(), schema);
    }

    /// Takes in another object schema's keys (a flattened field).
    fn merge(&mut self, schema: Value) {
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
        if let Some(Value::Object(props)) = map.remove("properties") {
            for (k, v) in props {
                self.property(&k, v);
            }
        }
        if let Some(Value::Array(req)) = map.remove("required") {
            self.required.extend(req);
        }
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

    fn absorb(&mut self, other: ObjectBuilder) {
        for (k, v) in other.properties {
            self.property(&k, v);
        }
        self.required.extend(other.required);
        self.constraints.extend(other.constraints);
        self.additional.extend(other.additional);
    }

    fn finish(mut self, closed: bool) -> Value {
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

/// The named types that occur more than once in the shape graph under
/// `root` (each walked once).
fn reused_named(root: &'static Shape) -> HashSet<&'static str> {
    let mut seen: HashSet<&'static str> = HashSet::new();
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
                let name = (named.type_name)();
                if !seen.insert(name) {
                    reused.insert(name);
                    continue;
                }
                push_body(&named.body, &mut stack);
            }
            _ => {}
        }
    }
    reused
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
        assert_eq!(
            nullable(json!({"type": ["number", "null"]})),
            json!({"type": ["number", "null"]})
        );
    }
}
