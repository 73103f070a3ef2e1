//! Shape → JSON Schema (2020-12), per contract.

use crate::Contract;
use crate::shape::{Body, IntRange, Named, SeqShape, Shape, StringShape, Struct};
use serde_json::{Map, Value, json};
use std::collections::{HashMap, HashSet};
use std::sync::{OnceLock, RwLock};

/// Renders the JSON Schema of `shape` for one contract. Uncached: prefer
/// [`ToolSchema::input_schema`](crate::ToolSchema::input_schema) and friends,
/// which render once and then hand out a `&'static` reference.
pub fn render(shape: &'static Shape, contract: Contract) -> Value {
    let root = match shape {
        Shape::Named(named) => Some((named.type_name)()),
        _ => None,
    };
    let mut renderer = Renderer {
        contract,
        root,
        stack: Vec::new(),
        recursive: HashSet::new(),
        def_keys: HashMap::new(),
        used_keys: HashSet::new(),
        defs: Map::new(),
    };
    let mut schema = renderer.node(shape);
    if !renderer.defs.is_empty() {
        if let Value::Object(map) = &mut schema {
            map.insert("$defs".into(), Value::Object(renderer.defs));
        }
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

    /// JSON keys are strings: constrain them to what serde reads (input) or
    /// writes (output) for the key type.
    fn property_names(&mut self, key: &'static Shape) -> Option<Value> {
        match key.resolve() {
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
            Shape::Bool => Some(json!({"enum": ["true", "false"]})),
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
        self.stack.push(name);
        let body = match &named.body {
            Body::Struct(s) => self.object(s),
            Body::Newtype(inner) | Body::Transparent(inner) => self.node(inner()),
            Body::Tuple(items) => {
                let items: Vec<Value> = items.iter().map(|f| self.node(f())).collect();
                tuple(items)
            }
            Body::Unit => json!({"type": "null"}),
        };
        self.stack.pop();
        let body = annotate(body, named.title, named.description);
        if self.recursive.contains(&name) && self.root != Some(name) {
            let key = self.def_key(name);
            self.defs.insert(key, body);
            return self.reference(name);
        }
        body
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
        let mut properties = Map::new();
        let mut required: Vec<Value> = Vec::new();
        let mut constraints: Vec<Value> = Vec::new();
        for field in s.fields {
            let shape = (field.shape)();
            match self.contract {
                Contract::Input => {
                    let Some(name) = field.de_name else { continue };
                    let optional = field.has_default
                        || (!field.deserialize_with && shape.missing_is_none());
                    let mut schema = annotate(self.node(shape), field.title, field.description);
                    if let (Some(default), Value::Object(map)) = (field.default_value, &mut schema) {
                        if let Some(value) = default() {
                            map.insert("default".into(), value);
                        }
                    }
                    properties.insert(name.into(), schema.clone());
                    for alias in field.aliases {
                        properties.insert((*alias).into(), schema.clone());
                    }
                    if field.aliases.is_empty() {
                        if !optional {
                            required.push(name.into());
                        }
                    } else {
                        constraints.push(alias_rule(name, field.aliases, optional));
                    }
                }
                Contract::Output => {
                    let Some(name) = field.ser_name else { continue };
                    let rendered = match shape.resolve() {
                        Shape::Option(inner) if field.skip_if_none => self.node(inner),
                        _ => self.node(shape),
                    };
                    let schema = annotate(rendered, field.title, field.description);
                    properties.insert(name.into(), schema);
                    if !field.skip_serializing_if {
                        required.push(name.into());
                    }
                }
            }
        }
        let mut out = Map::new();
        out.insert("type".into(), "object".into());
        out.insert("properties".into(), Value::Object(properties));
        if !required.is_empty() {
            out.insert("required".into(), Value::Array(required));
        }
        if s.deny_unknown_fields {
            out.insert("additionalProperties".into(), false.into());
        }
        match constraints.len() {
            0 => {}
            1 => {
                if let Some(Value::Object(rule)) = constraints.pop() {
                    out.extend(rule);
                }
            }
            _ => {
                out.insert("allOf".into(), Value::Array(constraints));
            }
        }
        Value::Object(out)
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

/// A pattern for map keys that serde_json parses as an integer of `range`:
/// Rust's `str::parse`, which takes an optional `+` (and `-` for signed types)
/// and any number of digits, leading zeros included.
fn integer_key_pattern(range: &IntRange) -> &'static str {
    match (range.min, range.nonzero) {
        (Some(0), _) => r"^\+?[0-9]+$",
        _ => r"^[+-]?[0-9]+$",
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
    let Value::Object(map) = schema else {
        return schema;
    };
    let mut out = Map::new();
    if let Some(t) = title {
        out.insert("title".into(), t.into());
    } else if let Some(t) = map.get("title") {
        out.insert("title".into(), t.clone());
    }
    if let Some(d) = description {
        out.insert("description".into(), d.into());
    }
    for (k, v) in map {
        if (k == "title" && out.contains_key("title"))
            || (k == "description" && description.is_some())
        {
            continue;
        }
        out.insert(k, v);
    }
    Value::Object(out)
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
                if let Some(Value::Array(values)) = map.get_mut("enum") {
                    if !values.contains(&Value::Null) {
                        values.push(Value::Null);
                    }
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
        trimmed.replace('~', "_").replace('/', "_")
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
