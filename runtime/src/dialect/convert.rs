//! The conversion walk.

use super::{Dialect, DialectError, Violation, brief, deeper_than, short};
use crate::render::nullable;
use serde_json::{Map, Value, json};
use std::collections::{HashMap, HashSet};

/// Writes `schema` (JSON Schema 2020-12) in `dialect`, or returns every place
/// it cannot be written there.
///
/// Safe on any value: subschemas nested deeper than 128 levels, and values
/// the converter copies without walking (`const`, `enum`, `default`,
/// `examples`, `x-*`, unknown keywords) nested deeper than 128 levels of
/// arrays and objects, are refused with their path (`too-deep`) before
/// anything recurses into them. Time is linear in the schema's size, also
/// for `oneOf` of many constants, tags or externally tagged variants.
pub fn convert(schema: &Value, dialect: Dialect) -> Result<Value, DialectError> {
    let mut c = Converter {
        dialect,
        violations: Vec::new(),
    };
    let out = c.walk(schema, String::new(), 0);
    // Tool parameters are an object in every provider dialect.
    let provider = !matches!(
        dialect,
        Dialect::JsonSchema2020 | Dialect::JsonSchemaDraft07
    );
    if provider && out.get("type") != Some(&Value::from("object")) {
        c.reject(
            "",
            "root-not-object",
            format!("{dialect} takes an object at the root (tool arguments); this type is written as something else"),
        );
    }
    if c.violations.is_empty() {
        c.limits(&out);
    }
    if c.violations.is_empty() && dialect == Dialect::GeminiJsonSchema {
        // Gemini documents that a cycle of references must pass through an
        // optional property (so a finite value exists).
        c.required_cycles(&out, "#", &out, String::new(), false, 0);
        if let Some(Value::Object(defs)) = out.get("$defs") {
            for (name, def) in defs {
                let target = format!("#/$defs/{}", escape(name));
                let path = format!("/$defs/{}", escape(name));
                c.required_cycles(def, &target, def, path, false, 0);
            }
        }
    }
    if c.violations.is_empty() {
        Ok(out)
    } else {
        Err(DialectError {
            dialect,
            violations: c.violations,
        })
    }
}

struct Converter {
    dialect: Dialect,
    violations: Vec<Violation>,
}

/// How deep the walk goes before it refuses (schemas from toolform are far
/// shallower; this bounds the stack on hostile input).
const MAX_DEPTH: usize = 128;

/// How deep a value the converter copies without walking it (`const`,
/// `enum`, `default`, `examples`, `x-*`, unknown keywords) may nest, in
/// arrays and objects. Copying, comparing and printing a `Value` recurse once
/// per level, so deeper values are refused before anything touches them.
const MAX_VALUE_DEPTH: usize = 128;

/// Above this many alternatives that no linear test tells apart, `oneOf`
/// is not compared pair by pair (the comparison is quadratic).
const MAX_PAIRWISE: usize = 256;

/// Keywords that only annotate.
const ANNOTATIONS: [&str; 6] = [
    "examples",
    "deprecated",
    "$comment",
    "readOnly",
    "writeOnly",
    "default",
];

/// OpenAI strict: supported string formats.
const OPENAI_FORMATS: [&str; 9] = [
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

/// Anthropic strict: supported string formats.
const ANTHROPIC_FORMATS: [&str; 10] = [
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "uri",
    "ipv4",
    "ipv6",
    "uuid",
];

/// Gemini `parametersJsonSchema`/`responseJsonSchema`: the documented
/// properties.
const GEMINI_JSON_FIELDS: [&str; 21] = [
    "$id",
    "$defs",
    "$ref",
    "$anchor",
    "type",
    "format",
    "title",
    "description",
    "enum",
    "items",
    "prefixItems",
    "minItems",
    "maxItems",
    "minimum",
    "maximum",
    "anyOf",
    "oneOf",
    "properties",
    "additionalProperties",
    "required",
    "propertyOrdering",
];

/// Gemini (OpenAPI subset): the allowed fields.
const GEMINI_FIELDS: [&str; 22] = [
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "maxItems",
    "minItems",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "pattern",
    "example",
    "anyOf",
    "propertyOrdering",
    "default",
    "items",
    "minimum",
    "maximum",
];

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// `key: value` for the description, JSON-compact.
fn describe(key: &str, value: &Value) -> String {
    match (key, value) {
        ("not", Value::Object(m)) if m.len() == 1 && m.contains_key("const") => {
            format!("must not be {}", m.get("const").unwrap_or(&Value::Null))
        }
        ("additionalProperties", Value::Bool(false)) => "no other properties allowed".into(),
        (k, v) => format!("{k}: {v}"),
    }
}

impl Converter {
    fn reject(&mut self, path: &str, rule: &'static str, message: impl Into<String>) {
        self.violations.push(Violation::new(path, rule, message));
    }

    fn strict(&self) -> bool {
        matches!(
            self.dialect,
            Dialect::OpenAiStrict | Dialect::AnthropicStrict
        )
    }

    fn walk(&mut self, schema: &Value, path: String, depth: usize) -> Value {
        if depth > MAX_DEPTH {
            self.reject(
                &path,
                "too-deep",
                "the schema nests deeper than the converter follows",
            );
            return Value::Null;
        }
        let map = match schema {
            Value::Object(map) => map,
            Value::Bool(b) => {
                return match self.dialect {
                    Dialect::JsonSchema2020
                    | Dialect::JsonSchemaDraft07
                    | Dialect::GeminiJsonSchema => Value::Bool(*b),
                    _ => {
                        self.reject(
                            &path,
                            "boolean-schema",
                            format!("{} has no boolean schemas", self.dialect),
                        );
                        Value::Null
                    }
                };
            }
            other => {
                self.reject(
                    &path,
                    "not-a-schema",
                    format!("a schema is an object, got {}", brief(other)),
                );
                return Value::Null;
            }
        };
        if map.is_empty()
            && !matches!(
                self.dialect,
                Dialect::JsonSchema2020 | Dialect::JsonSchemaDraft07 | Dialect::GeminiJsonSchema
            )
        {
            self.reject(
                &path,
                "any-value",
                format!(
                    "{} needs a type: a field that takes any JSON value cannot be written",
                    self.dialect
                ),
            );
            return Value::Null;
        }
        let at = |k: &str| format!("{path}/{}", escape(k));
        let mut out = Map::new();
        let mut notes: Vec<String> = Vec::new();
        let is_object =
            map.get("type").is_some_and(|t| t == "object") || map.contains_key("properties");
        for (key, value) in map {
            let k = key.as_str();
            // Subschemas first: walked the same way in every dialect.
            match k {
                "properties" | "$defs" | "definitions" => {
                    let Value::Object(children) = value else {
                        self.reject(&at(k), "invalid", format!("`{k}` must be an object"));
                        continue;
                    };
                    let mut walked = Map::new();
                    for (name, child) in children {
                        let p = format!("{}/{}", at(k), escape(name));
                        walked.insert(name.clone(), self.walk(child, p, depth + 1));
                    }
                    match (k, self.dialect) {
                        ("$defs", Dialect::JsonSchemaDraft07) => {
                            out.insert("definitions".into(), Value::Object(walked));
                        }
                        ("$defs" | "definitions", Dialect::Gemini) => {
                            self.reject(&at(k), "ref", "Gemini `parameters` have no `$ref`/`$defs`: recursive types cannot be written");
                        }
                        _ => {
                            out.insert(key.clone(), Value::Object(walked));
                        }
                    }
                    continue;
                }
                // `not: {const: ..}` (signed NonZero) is described, not walked.
                // `propertyNames` only constrains key strings: kept or described as is.
                "not"
                    if value
                        .as_object()
                        .is_some_and(|m| m.len() == 1 && m.contains_key("const")) => {}
                "propertyNames" => {}
                "items" | "not" | "additionalProperties" if value.is_object() => {
                    let walked = self.walk(value, at(k), depth + 1);
                    self.keyword(k, walked, &at(k), is_object, &mut out, &mut notes);
                    continue;
                }
                "anyOf" | "oneOf" | "allOf" | "prefixItems" => {
                    let Value::Array(alts) = value else {
                        self.reject(&at(k), "invalid", format!("`{k}` must be an array"));
                        continue;
                    };
                    let walked: Vec<Value> = alts
                        .iter()
                        .enumerate()
                        .map(|(i, a)| self.walk(a, format!("{}/{i}", at(k)), depth + 1))
                        .collect();
                    self.keyword(
                        k,
                        Value::Array(walked),
                        &at(k),
                        is_object,
                        &mut out,
                        &mut notes,
                    );
                    continue;
                }
                _ => {}
            }
            // Copied as is: bounded first, so the copy cannot overflow.
            if deeper_than(value, MAX_VALUE_DEPTH) {
                self.reject(
                    &at(k),
                    "too-deep",
                    format!(
                        "`{}` nests deeper than {MAX_VALUE_DEPTH} levels of arrays and objects",
                        short(k)
                    ),
                );
                continue;
            }
            self.keyword(k, value.clone(), &at(k), is_object, &mut out, &mut notes);
        }
        self.object_rules(&path, is_object, &mut out, &mut notes);
        self.finish_node(&path, &mut out, &mut notes);
        if !notes.is_empty() {
            let text = notes.join("; ");
            let description = match out.get("description").and_then(Value::as_str) {
                Some(d) => format!("{d} ({text})"),
                None => format!("({text})"),
            };
            out.insert("description".into(), description.into());
        }
        Value::Object(out)
    }

    /// One keyword's fate in this dialect.
    fn keyword(
        &mut self,
        key: &str,
        value: Value,
        path: &str,
        is_object: bool,
        out: &mut Map<String, Value>,
        notes: &mut Vec<String>,
    ) {
        let d = self.dialect;
        let _ = is_object;
        match d {
            Dialect::JsonSchema2020 => {
                out.insert(key.into(), value);
            }
            Dialect::GeminiJsonSchema => self.gemini_json_keyword(key, value, path, out, notes),
            Dialect::JsonSchemaDraft07 => match key {
                // A `$ref` that is not a string is kept as it is (2020-12
                // keeps it too), not turned into `""`, the document itself.
                "$ref" => match value.as_str() {
                    Some(r) => {
                        let r = r.replacen("#/$defs/", "#/definitions/", 1);
                        out.insert(key.into(), r.into());
                    }
                    None => {
                        out.insert(key.into(), value);
                    }
                },
                "prefixItems" => {
                    out.insert("items".into(), value);
                }
                // Draft-07 has no `uuid` format (2019-09 added it): the same
                // constraint as a pattern.
                "format" if value == "uuid" => {
                    out.insert(
                        "pattern".into(),
                        "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$".into(),
                    );
                }
                "items" if value == Value::Bool(false) => {
                    out.insert("additionalItems".into(), value);
                }
                "dependentRequired"
                | "dependentSchemas"
                | "unevaluatedProperties"
                | "unevaluatedItems"
                | "$anchor"
                | "$dynamicRef"
                | "$dynamicAnchor" => {
                    self.reject(
                        path,
                        "draft-2020",
                        format!("`{key}` does not exist in draft-07"),
                    );
                }
                _ => {
                    out.insert(key.into(), value);
                }
            },
            Dialect::OpenAiStrict | Dialect::AnthropicStrict => {
                self.strict_keyword(key, value, path, out, notes)
            }
            Dialect::Gemini => self.gemini_keyword(key, value, path, out, notes),
        }
    }

    fn strict_keyword(
        &mut self,
        key: &str,
        value: Value,
        path: &str,
        out: &mut Map<String, Value>,
        notes: &mut Vec<String>,
    ) {
        let openai = self.dialect == Dialect::OpenAiStrict;
        match key {
            "type" | "properties" | "required" | "enum" | "const" | "anyOf" | "$ref" | "$defs"
            | "description" | "title" | "items" => {
                out.insert(key.into(), value);
            }
            // Anthropic documents `default` and `allOf` (without `$ref` inside).
            "default" if !openai => {
                out.insert(key.into(), value);
            }
            "allOf" if !openai && !mentions_ref(&value) => {
                out.insert(key.into(), value);
            }
            "minItems" if !openai && value.as_u64().is_some_and(|n| n <= 1) => {
                out.insert(key.into(), value);
            }
            "additionalProperties" => match value {
                Value::Bool(false) => {
                    out.insert(key.into(), value);
                }
                _ => self.reject(
                    path,
                    "map",
                    format!(
                        "{} needs closed objects: a map (open keys) cannot be written",
                        self.dialect
                    ),
                ),
            },
            "oneOf" => self.one_of_as_any_of(value, path, out),
            "format" => {
                let known: &[&str] = if openai {
                    &OPENAI_FORMATS
                } else {
                    &ANTHROPIC_FORMATS
                };
                if value.as_str().is_some_and(|f| known.contains(&f)) {
                    out.insert(key.into(), value);
                } else {
                    notes.push(describe(key, &value));
                }
            }
            "pattern" => {
                out.insert(key.into(), value);
            }
            "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf"
            | "minItems" | "maxItems"
                if openai =>
            {
                out.insert(key.into(), value);
            }
            "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf"
            | "minItems" | "maxItems" | "minLength" | "maxLength" | "minProperties"
            | "maxProperties" | "uniqueItems" => notes.push(describe(key, &value)),
            "not" if value.get("const").is_some() => notes.push(describe(key, &value)),
            "prefixItems" => self.reject(
                path,
                "tuple",
                format!(
                    "{} has no fixed-length arrays (`prefixItems`)",
                    self.dialect
                ),
            ),
            "allOf" => self.reject(
                path,
                "all-of",
                format!(
                    "{} has no `allOf` (aliases and flattened enums produce it)",
                    self.dialect
                ),
            ),
            "propertyNames" => self.reject(
                path,
                "map",
                format!("{} cannot constrain map keys", self.dialect),
            ),
            k if ANNOTATIONS.contains(&k) => {}
            _ => self.reject(
                path,
                "unsupported-keyword",
                format!("{} does not accept `{}`", self.dialect, short(key)),
            ),
        }
    }

    fn gemini_keyword(
        &mut self,
        key: &str,
        value: Value,
        path: &str,
        out: &mut Map<String, Value>,
        notes: &mut Vec<String>,
    ) {
        match key {
            "type" => match &value {
                Value::String(_) => {
                    out.insert(key.into(), value);
                }
                Value::Array(types) => {
                    let rest: Vec<&Value> = types.iter().filter(|t| *t != "null").collect();
                    match rest.as_slice() {
                        [one] => {
                            out.insert("type".into(), (*one).clone());
                            if rest.len() < types.len() {
                                out.insert("nullable".into(), true.into());
                            }
                        }
                        _ => self.reject(
                            path,
                            "type-union",
                            "Gemini has one type per schema (plus `nullable`)",
                        ),
                    }
                }
                _ => self.reject(path, "invalid", "`type` must be a string"),
            },
            "enum" => {
                let Value::Array(values) = &value else { return };
                let strings: Vec<Value> =
                    values.iter().filter(|v| v.is_string()).cloned().collect();
                if values.iter().any(Value::is_null) {
                    out.insert("nullable".into(), true.into());
                }
                if strings.len() + values.iter().filter(|v| v.is_null()).count() != values.len() {
                    self.reject(path, "non-string-enum", "Gemini enums hold strings only");
                } else {
                    out.insert("enum".into(), Value::Array(strings));
                }
            }
            "const" => match value {
                Value::String(_) => {
                    out.insert("enum".into(), Value::Array(vec![value]));
                }
                _ => self.reject(path, "non-string-enum", "Gemini enums hold strings only"),
            },
            "oneOf" => self.one_of_as_any_of(value, path, out),
            "additionalProperties" => match value {
                Value::Bool(false) => notes.push(describe(key, &value)),
                _ => self.reject(
                    path,
                    "map",
                    "Gemini has no `additionalProperties`: a map (open keys) cannot be written",
                ),
            },
            "$ref" => self.reject(
                path,
                "ref",
                "Gemini `parameters` have no `$ref`: recursive types cannot be written",
            ),
            "prefixItems" => self.reject(
                path,
                "tuple",
                "Gemini has no fixed-length arrays (`prefixItems`)",
            ),
            "allOf" => self.reject(
                path,
                "all-of",
                "Gemini has no `allOf` (aliases and flattened enums produce it)",
            ),
            "propertyNames" => self.reject(path, "map", "Gemini cannot constrain map keys"),
            "items" if value == Value::Bool(false) => {}
            "examples" => {
                if let Some(first) = value.as_array().and_then(|a| a.first()) {
                    out.insert("example".into(), first.clone());
                }
            }
            "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf" | "uniqueItems" => {
                notes.push(describe(key, &value))
            }
            _ => self.listed(&GEMINI_FIELDS, key, value, path, out, notes),
        }
    }

    fn gemini_json_keyword(
        &mut self,
        key: &str,
        value: Value,
        path: &str,
        out: &mut Map<String, Value>,
        notes: &mut Vec<String>,
    ) {
        match key {
            "const" => {
                out.insert("enum".into(), Value::Array(vec![value]));
            }
            "enum" => {
                let Value::Array(values) = &value else { return };
                if values.iter().any(Value::is_null) {
                    // No null among enum values: the null goes to `type`.
                    let rest: Vec<Value> =
                        values.iter().filter(|v| !v.is_null()).cloned().collect();
                    out.insert("enum".into(), Value::Array(rest));
                    let ty = out.get("type").cloned();
                    if let Some(Value::String(t)) = ty {
                        out.insert("type".into(), json!([t, "null"]));
                    }
                } else {
                    out.insert(key.into(), value);
                }
            }
            "items" if value == Value::Bool(false) => {}
            "allOf" => self.reject(
                path,
                "all-of",
                "Gemini's JSON Schema has no `allOf` (aliases and flattened enums produce it)",
            ),
            "pattern" | "minLength" | "maxLength" | "exclusiveMinimum" | "exclusiveMaximum"
            | "multipleOf" | "uniqueItems" | "propertyNames" | "minProperties"
            | "maxProperties" => notes.push(describe(key, &value)),
            _ => self.listed(&GEMINI_JSON_FIELDS, key, value, path, out, notes),
        }
    }

    /// The common tail of a dialect with an allowed-keyword list: `not` of a
    /// constant goes into the description, listed keywords stay, annotations
    /// go, anything else is refused.
    fn listed(
        &mut self,
        allowed: &[&str],
        key: &str,
        value: Value,
        path: &str,
        out: &mut Map<String, Value>,
        notes: &mut Vec<String>,
    ) {
        match key {
            "not" if value.get("const").is_some() => notes.push(describe(key, &value)),
            k if allowed.contains(&k) => {
                out.insert(key.into(), value);
            }
            k if ANNOTATIONS.contains(&k) => {}
            _ => self.reject(
                path,
                "unsupported-keyword",
                format!("{} does not accept `{}`", self.dialect, short(key)),
            ),
        }
    }

    /// Rules for a whole object schema: strict dialects close it; OpenAI
    /// requires every property (optional ones become nullable).
    fn object_rules(
        &mut self,
        path: &str,
        is_object: bool,
        out: &mut Map<String, Value>,
        notes: &mut Vec<String>,
    ) {
        let _ = notes;
        if !is_object || !self.strict() {
            return;
        }
        out.entry("additionalProperties")
            .or_insert(Value::Bool(false));
        if self.dialect != Dialect::OpenAiStrict {
            return;
        }
        let Some(Value::Object(props)) = out.remove("properties") else {
            out.insert("properties".into(), json!({}));
            out.insert("required".into(), json!([]));
            return;
        };
        let required: std::collections::HashSet<&str> = match out.get("required") {
            Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
            _ => Default::default(),
        };
        let mut new_props = Map::with_capacity(props.len());
        for (name, schema) in props {
            let schema = if required.contains(name.as_str()) {
                schema
            } else {
                nullable(schema)
            };
            new_props.insert(name, schema);
        }
        let all: Vec<Value> = new_props.keys().map(|k| Value::from(k.as_str())).collect();
        out.insert("properties".into(), Value::Object(new_props));
        out.insert("required".into(), Value::Array(all));
        let _ = path;
    }

    /// `oneOf` written as `anyOf`, which means the same only when the
    /// alternatives exclude each other.
    fn one_of_as_any_of(&mut self, value: Value, path: &str, out: &mut Map<String, Value>) {
        let Value::Array(alts) = &value else { return };
        match exclusive(alts) {
            Exclusive::Yes => {
                out.insert("anyOf".into(), value);
            }
            Exclusive::No => self.reject(
                path,
                "one-of-not-exclusive",
                "`oneOf` becomes `anyOf` only when its alternatives exclude each other; these may overlap",
            ),
            Exclusive::TooMany => self.reject(
                path,
                "one-of-not-exclusive",
                format!(
                    "`oneOf` becomes `anyOf` only when its alternatives exclude each other; these {} \
                     are not told apart by distinct constants, a tag or keys of their own, and \
                     more than {MAX_PAIRWISE} are not compared pair by pair",
                    alts.len()
                ),
            ),
        }
    }

    /// Per-node fixes the providers ask for: a `type` beside a bare
    /// `enum`/`const`, nothing but `$`-keywords beside `$ref`, no recursion
    /// where it is not supported.
    fn finish_node(&mut self, path: &str, out: &mut Map<String, Value>, notes: &mut Vec<String>) {
        let d = self.dialect;
        if self.strict()
            && out.contains_key("properties")
            && (out.contains_key("anyOf") || out.contains_key("allOf"))
        {
            // A flattened enum: alternatives that add keys to this object.
            // Strict mode closes each alternative, which would refuse the
            // object's own keys.
            self.reject(
                path,
                "object-with-alternatives",
                format!("{d} cannot write an object whose keys depend on alternatives (a flattened enum)"),
            );
        }
        if matches!(d, Dialect::OpenAiStrict | Dialect::Gemini)
            && !out.contains_key("type")
            && (out.contains_key("properties") || out.contains_key("required"))
        {
            out.insert("type".into(), "object".into());
        }
        if matches!(d, Dialect::OpenAiStrict | Dialect::Gemini) && !out.contains_key("type") {
            let values = out.get("enum").or(out.get("const")).and_then(|v| match v {
                Value::Array(a) => a.first().cloned(),
                other => Some(other.clone()),
            });
            if let Some(first) = values {
                let ty = match first {
                    Value::String(_) => "string",
                    Value::Bool(_) => "boolean",
                    Value::Number(n) if n.is_f64() => "number",
                    Value::Number(_) => "integer",
                    _ => "null",
                };
                out.insert("type".into(), ty.into());
            }
        }
        if out.contains_key("$ref") {
            match d {
                Dialect::AnthropicStrict => self.reject(
                    path,
                    "recursion",
                    "Anthropic strict mode has no recursive schemas",
                ),
                Dialect::OpenAiStrict | Dialect::GeminiJsonSchema | Dialect::JsonSchemaDraft07 => {
                    // Only `$`-keywords beside `$ref`; annotations go, notes too.
                    out.retain(|k, _| k.starts_with('$'));
                    notes.clear();
                }
                _ => {}
            }
        }
    }

    /// Reports each `$ref` back to `target` reached without passing through
    /// an optional property. Follows subschemas only: a `$ref` inside an
    /// `enum` or `default` value is data, not a reference.
    fn required_cycles(
        &mut self,
        node: &Value,
        target: &str,
        top: &Value,
        path: String,
        optional: bool,
        depth: usize,
    ) {
        if depth > MAX_DEPTH {
            return;
        }
        let Value::Object(m) = node else { return };
        if m.get("$ref").and_then(Value::as_str) == Some(target) && !optional {
            self.reject(
                &format!("{path}/$ref"),
                "recursion",
                "Gemini takes a recursive reference only through an optional property; this one is reached through required ones",
            );
            return;
        }
        let required: HashSet<&str> = m
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for (k, v) in m {
            match (k.as_str(), v) {
                ("properties", Value::Object(props)) => {
                    for (name, p) in props {
                        let opt = optional || !required.contains(name.as_str());
                        let at = format!("{path}/properties/{}", escape(name));
                        self.required_cycles(p, target, top, at, opt, depth + 1);
                    }
                }
                ("definitions", Value::Object(defs)) => {
                    for (name, d) in defs {
                        let at = format!("{path}/definitions/{}", escape(name));
                        self.required_cycles(d, target, top, at, optional, depth + 1);
                    }
                }
                ("items" | "not" | "additionalProperties", Value::Object(_)) => {
                    let at = format!("{path}/{}", escape(k));
                    self.required_cycles(v, target, top, at, optional, depth + 1);
                }
                ("items" | "prefixItems" | "anyOf" | "oneOf" | "allOf", Value::Array(items)) => {
                    for (i, item) in items.iter().enumerate() {
                        let at = format!("{path}/{}/{i}", escape(k));
                        self.required_cycles(item, target, top, at, optional, depth + 1);
                    }
                }
                _ => {}
            }
        }
        let _ = top;
    }

    /// Provider size limits (OpenAI: 5000 properties, 10 levels of object
    /// nesting, 1000 enum values).
    fn limits(&mut self, schema: &Value) {
        if self.dialect == Dialect::AnthropicStrict {
            let (mut optional, mut unions) = (0usize, 0usize);
            let mut stack = vec![schema];
            while let Some(v) = stack.pop() {
                let Value::Object(m) = v else { continue };
                if let Some(Value::Object(p)) = m.get("properties") {
                    let required: HashSet<&str> = match m.get("required") {
                        Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
                        _ => HashSet::new(),
                    };
                    optional += p.keys().filter(|k| !required.contains(k.as_str())).count();
                }
                if m.get("anyOf").is_some_and(Value::is_array)
                    || m.get("type")
                        .and_then(Value::as_array)
                        .is_some_and(|t| t.len() > 1)
                {
                    unions += 1;
                }
                subschemas(m, |child| stack.push(child));
            }
            if optional > 24 {
                self.reject(
                    "",
                    "limit",
                    format!(
                        "{optional} optional properties; Anthropic strict allows 24 per request"
                    ),
                );
            }
            if unions > 16 {
                self.reject("", "limit", format!("{unions} unions (anyOf or type arrays); Anthropic strict allows 16 per request"));
            }
            return;
        }
        if self.dialect != Dialect::OpenAiStrict {
            return;
        }
        let (mut properties, mut enums, mut deepest) = (0usize, 0usize, 0usize);
        let mut stack = vec![(schema, 0usize)];
        while let Some((v, depth)) = stack.pop() {
            let Value::Object(m) = v else { continue };
            let nests = m.contains_key("properties");
            let depth = depth + usize::from(nests);
            deepest = deepest.max(depth);
            if let Some(Value::Object(p)) = m.get("properties") {
                properties += p.len();
            }
            if let Some(Value::Array(e)) = m.get("enum") {
                enums += e.len();
            }
            subschemas(m, |child| stack.push((child, depth)));
        }
        if properties > 5000 {
            self.reject(
                "",
                "limit",
                format!("{properties} properties; OpenAI strict allows 5000"),
            );
        }
        if deepest > 10 {
            self.reject(
                "",
                "limit",
                format!("objects nest {deepest} deep; OpenAI strict allows 10"),
            );
        }
        if enums > 1000 {
            self.reject(
                "",
                "limit",
                format!("{enums} enum values; OpenAI strict allows 1000"),
            );
        }
    }
}

/// Calls `f` on each subschema of a schema object: the places the walk
/// converts, never values (`enum`, `const`, `default`, ...).
fn subschemas<'a>(m: &'a Map<String, Value>, mut f: impl FnMut(&'a Value)) {
    for (k, v) in m {
        match (k.as_str(), v) {
            ("properties" | "$defs" | "definitions", Value::Object(children)) => {
                children.values().for_each(&mut f);
            }
            ("items" | "not" | "additionalProperties", Value::Object(_)) => f(v),
            ("items" | "prefixItems" | "anyOf" | "oneOf" | "allOf", Value::Array(items)) => {
                items.iter().for_each(&mut f);
            }
            _ => {}
        }
    }
}

/// Whether a `$ref` appears anywhere in `v` (a key or a string `"$ref"`, as
/// the JSON text would show it). Iterative.
fn mentions_ref(v: &Value) -> bool {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Value::String(s) if s == "$ref" => return true,
            Value::Array(items) => stack.extend(items),
            Value::Object(m) => {
                if m.contains_key("$ref") {
                    return true;
                }
                stack.extend(m.values());
            }
            _ => {}
        }
    }
    false
}

/// Whether `oneOf` alternatives exclude each other, as far as can be told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Exclusive {
    /// Every pair is provably disjoint.
    Yes,
    /// Some pair may overlap.
    No,
    /// More alternatives than are compared pair by pair, and no linear test
    /// (distinct constants, a tag, distinct closed keys) tells them apart.
    TooMany,
}

/// Whether the alternatives provably exclude each other: pairwise, by
/// distinct single types, disjoint constants, or a shared required property
/// with disjoint constants (tags), or a required key the other forbids.
///
/// Linear for the shapes derived schemas have (alternatives of different
/// types; constants; objects tagged by a property; objects closed over keys
/// of their own); pair by pair, up to [`MAX_PAIRWISE`] alternatives, for the
/// rest.
pub(crate) fn exclusive(alts: &[Value]) -> Exclusive {
    let summaries: Vec<Alt<'_>> = alts.iter().map(Alt::of).collect();
    // Alternatives of different single types exclude each other (integer and
    // number are one class); one without a single type is compared with all.
    let mut groups: HashMap<&str, Vec<&Alt<'_>>> = HashMap::new();
    if summaries.iter().all(|a| a.class.is_some()) {
        for a in &summaries {
            groups
                .entry(a.class.unwrap_or_default())
                .or_default()
                .push(a);
        }
    } else {
        groups.insert("", summaries.iter().collect());
    }
    let mut verdict = Exclusive::Yes;
    for group in groups.values() {
        match group_exclusive(group) {
            Exclusive::Yes => {}
            Exclusive::No => return Exclusive::No,
            Exclusive::TooMany => verdict = Exclusive::TooMany,
        }
    }
    verdict
}

fn group_exclusive(group: &[&Alt<'_>]) -> Exclusive {
    if group.len() < 2
        || distinct_constants(group)
        || distinct_tags(group)
        || distinct_closed_keys(group)
    {
        return Exclusive::Yes;
    }
    if group.len() > MAX_PAIRWISE {
        return Exclusive::TooMany;
    }
    for (i, a) in group.iter().enumerate() {
        for b in group.iter().skip(i + 1) {
            if !disjoint(a, b) {
                return Exclusive::No;
            }
        }
    }
    Exclusive::Yes
}

/// What one alternative says that can tell it apart from another.
struct Alt<'a> {
    /// Its `const`, or its `enum` values, as canonical keys.
    constants: Option<HashSet<String>>,
    /// Its single `type` (`integer` and `number` are one class).
    class: Option<&'a str>,
    ty: Option<&'a str>,
    required: Vec<&'a str>,
    /// Constants of required properties (tags), by property name.
    tags: HashMap<&'a str, HashSet<String>>,
    /// `additionalProperties: false`.
    closed: bool,
    properties: Option<&'a Map<String, Value>>,
}

impl<'a> Alt<'a> {
    fn of(v: &'a Value) -> Alt<'a> {
        let ty = v.get("type").and_then(Value::as_str);
        let required: Vec<&str> = match v.get("required") {
            Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let properties = v.get("properties").and_then(Value::as_object);
        let mut tags = HashMap::new();
        if let Some(props) = properties {
            for &key in &required {
                if let Some(c) = props.get(key).and_then(constants) {
                    tags.insert(key, c);
                }
            }
        }
        Alt {
            constants: constants(v),
            class: ty.map(|t| if t == "integer" { "number" } else { t }),
            ty,
            required,
            tags,
            closed: v.get("additionalProperties") == Some(&Value::Bool(false)),
            properties,
        }
    }

    /// Whether this alternative refuses an object with `key`.
    fn forbids(&self, key: &str) -> bool {
        self.closed && self.properties.is_none_or(|p| !p.contains_key(key))
    }
}

/// `const` (one value) or `enum` (its values), as canonical keys.
fn constants(v: &Value) -> Option<HashSet<String>> {
    if let Some(c) = v.get("const") {
        return Some(HashSet::from([canonical(c)]));
    }
    v.get("enum")
        .and_then(Value::as_array)
        .map(|e| e.iter().map(canonical).collect())
}

/// A string equal for two values exactly when the values are `==`: numbers
/// by kind and value (`-0.0 == 0.0`, `1 != 1.0`), object keys in sorted
/// order, every string length-prefixed. Iterative.
fn canonical(v: &Value) -> String {
    enum Step<'a> {
        Value(&'a Value),
        Text(&'static str),
        Key(&'a str),
    }
    let mut out = String::new();
    let mut todo = vec![Step::Value(v)];
    while let Some(step) = todo.pop() {
        match step {
            Step::Text(t) => out.push_str(t),
            Step::Key(k) => {
                out.push_str(&format!("k{}:", k.len()));
                out.push_str(k);
            }
            Step::Value(Value::Null) => out.push('n'),
            Step::Value(Value::Bool(b)) => out.push(if *b { 't' } else { 'f' }),
            Step::Value(Value::Number(n)) => {
                let text = if let Some(u) = n.as_u64() {
                    format!("u{u};")
                } else if let Some(i) = n.as_i64() {
                    format!("i{i};")
                } else {
                    let f = n.as_f64().unwrap_or(0.0);
                    let f = if f == 0.0 { 0.0 } else { f };
                    format!("d{};", f.to_bits())
                };
                out.push_str(&text);
            }
            Step::Value(Value::String(s)) => {
                out.push_str(&format!("s{}:", s.len()));
                out.push_str(s);
            }
            Step::Value(Value::Array(items)) => {
                out.push('[');
                todo.push(Step::Text("]"));
                todo.extend(items.iter().rev().map(Step::Value));
            }
            Step::Value(Value::Object(m)) => {
                out.push('{');
                todo.push(Step::Text("}"));
                let mut entries: Vec<(&String, &Value)> = m.iter().collect();
                entries.sort_unstable_by(|a, b| b.0.cmp(a.0));
                for (k, v) in entries {
                    todo.push(Step::Value(v));
                    todo.push(Step::Key(k));
                }
            }
        }
    }
    out
}

/// Whether two sets of constants share none (iterating the smaller).
fn none_shared(x: &HashSet<String>, y: &HashSet<String>) -> bool {
    let (small, large) = if x.len() <= y.len() { (x, y) } else { (y, x) };
    small.iter().all(|c| !large.contains(c))
}

/// Every alternative has constants, and no constant is in two of them.
fn distinct_constants(group: &[&Alt<'_>]) -> bool {
    let mut owner: HashMap<&str, usize> = HashMap::new();
    for (i, a) in group.iter().enumerate() {
        let Some(constants) = &a.constants else {
            return false;
        };
        for c in constants {
            if owner.insert(c, i).is_some_and(|j| j != i) {
                return false;
            }
        }
    }
    true
}

/// One property every alternative requires, with constants, none shared.
fn distinct_tags(group: &[&Alt<'_>]) -> bool {
    let Some(first) = group.first() else {
        return true;
    };
    // Candidates shrink to the keys every alternative tags; each step costs
    // at most the previous alternative's tags.
    let mut candidates: Vec<&str> = first.tags.keys().copied().collect();
    for a in group.iter().skip(1) {
        candidates.retain(|k| a.tags.contains_key(k));
        if candidates.is_empty() {
            return false;
        }
    }
    candidates.iter().any(|key| {
        let mut owner: HashMap<&str, usize> = HashMap::new();
        group.iter().enumerate().all(|(i, a)| {
            a.tags.get(key).is_some_and(|constants| {
                constants
                    .iter()
                    .all(|c| owner.insert(c, i).is_none_or(|j| j == i))
            })
        })
    })
}

/// Every alternative is closed and requires a key no other alternative
/// lists among its properties (externally tagged variants).
fn distinct_closed_keys(group: &[&Alt<'_>]) -> bool {
    if !group.iter().all(|a| a.closed) {
        return false;
    }
    // How many alternatives list each property.
    let mut listed: HashMap<&str, usize> = HashMap::new();
    for a in group {
        for key in a.properties.into_iter().flat_map(|p| p.keys()) {
            *listed.entry(key.as_str()).or_default() += 1;
        }
    }
    group.iter().all(|a| {
        a.required.iter().any(|key| {
            let own = a.properties.is_some_and(|p| p.contains_key(*key));
            listed.get(key).copied().unwrap_or(0) == usize::from(own)
        })
    })
}

fn disjoint(a: &Alt<'_>, b: &Alt<'_>) -> bool {
    if let (Some(x), Some(y)) = (&a.constants, &b.constants)
        && none_shared(x, y)
    {
        return true;
    }
    if let (Some(x), Some(y)) = (a.ty, b.ty)
        && x != y
        && !matches!((x, y), ("integer", "number") | ("number", "integer"))
    {
        return true;
    }
    // Objects told apart by a required key's constants, or by a required key
    // the other forbids (`additionalProperties: false` without that key).
    let tagged_apart = a
        .tags
        .iter()
        .any(|(key, x)| b.tags.get(key).is_some_and(|y| none_shared(x, y)));
    tagged_apart
        || a.required.iter().any(|k| b.forbids(k))
        || b.required.iter().any(|k| a.forbids(k))
}
