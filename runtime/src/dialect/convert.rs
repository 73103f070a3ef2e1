//! The conversion walk.

use super::{Dialect, DialectError, Violation};
use crate::render::nullable;
use serde_json::{Map, Value, json};

/// Writes `schema` (JSON Schema 2020-12) in `dialect`, or returns every place
/// it cannot be written there.
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
            format!("must not be {}", m["const"])
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
                    format!("a schema is an object, got {other}"),
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
            map.get("type") == Some(&Value::from("object")) || map.contains_key("properties");
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
                "$ref" => {
                    let r = value.as_str().unwrap_or_default().replacen(
                        "#/$defs/",
                        "#/definitions/",
                        1,
                    );
                    out.insert(key.into(), r.into());
                }
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
            "allOf" if !openai && !value.to_string().contains("\"$ref\"") => {
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
                format!("{} does not accept `{key}`", self.dialect),
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
                    out.insert("enum".into(), json!([value]));
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
                out.insert("enum".into(), json!([value]));
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
                format!("{} does not accept `{key}`", self.dialect),
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
        if exclusive(alts) {
            out.insert("anyOf".into(), value);
        } else {
            self.reject(
                path,
                "one-of-not-exclusive",
                "`oneOf` becomes `anyOf` only when its alternatives exclude each other; these may overlap",
            );
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
    /// an optional property.
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
        let required: Vec<&str> = m
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for (k, v) in m {
            match (k.as_str(), v) {
                ("properties", Value::Object(props)) => {
                    for (name, p) in props {
                        let opt = optional || !required.contains(&name.as_str());
                        let at = format!("{path}/properties/{}", escape(name));
                        self.required_cycles(p, target, top, at, opt, depth + 1);
                    }
                }
                ("$defs", _) => {}
                (_, Value::Object(_)) => {
                    let at = format!("{path}/{}", escape(k));
                    self.required_cycles(v, target, top, at, optional, depth + 1);
                }
                (_, Value::Array(items)) => {
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
                match v {
                    Value::Object(m) => {
                        if let Some(Value::Object(p)) = m.get("properties") {
                            let required = m.get("required").and_then(Value::as_array);
                            optional += p
                                .keys()
                                .filter(|k| {
                                    !required.is_some_and(|r| r.contains(&Value::from(k.as_str())))
                                })
                                .count();
                        }
                        if m.get("anyOf").is_some_and(Value::is_array)
                            || m.get("type")
                                .and_then(Value::as_array)
                                .is_some_and(|t| t.len() > 1)
                        {
                            unions += 1;
                        }
                        stack.extend(m.values());
                    }
                    Value::Array(items) => stack.extend(items),
                    _ => {}
                }
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
            let Value::Object(m) = v else {
                if let Value::Array(items) = v {
                    stack.extend(items.iter().map(|i| (i, depth)));
                }
                continue;
            };
            let nests = m.contains_key("properties");
            let depth = depth + usize::from(nests);
            deepest = deepest.max(depth);
            if let Some(Value::Object(p)) = m.get("properties") {
                properties += p.len();
            }
            if let Some(Value::Array(e)) = m.get("enum") {
                enums += e.len();
            }
            for (k, child) in m {
                if k != "enum" && k != "const" && k != "default" {
                    stack.push((child, depth));
                }
            }
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

/// Whether the alternatives provably exclude each other: pairwise, by
/// distinct single types, disjoint constants, or a shared required property
/// with disjoint constants (tags).
pub(crate) fn exclusive(alts: &[Value]) -> bool {
    for (i, a) in alts.iter().enumerate() {
        for b in &alts[i + 1..] {
            if !disjoint(a, b) {
                return false;
            }
        }
    }
    true
}

fn constants(v: &Value) -> Option<Vec<&Value>> {
    if let Some(c) = v.get("const") {
        return Some(vec![c]);
    }
    v.get("enum")
        .and_then(Value::as_array)
        .map(|e| e.iter().collect())
}

fn single_type(v: &Value) -> Option<&str> {
    v.get("type").and_then(Value::as_str)
}

fn disjoint(a: &Value, b: &Value) -> bool {
    if let (Some(x), Some(y)) = (constants(a), constants(b))
        && x.iter().all(|v| !y.contains(v))
    {
        return true;
    }
    match (single_type(a), single_type(b)) {
        (Some(x), Some(y))
            if x != y && !(matches!((x, y), ("integer", "number") | ("number", "integer"))) =>
        {
            return true;
        }
        _ => {}
    }
    // Objects told apart by a required key's constants, or by a required key
    // the other forbids (`additionalProperties: false` without that key).
    let required = |v: &Value| -> Vec<String> {
        v.get("required")
            .and_then(Value::as_array)
            .map(|r| {
                r.iter()
                    .filter_map(|s| s.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    let (ra, rb) = (required(a), required(b));
    for key in ra.iter().filter(|k| rb.contains(k)) {
        let (pa, pb) = (a["properties"].get(key), b["properties"].get(key));
        if let (Some(pa), Some(pb)) = (pa, pb)
            && let (Some(x), Some(y)) = (constants(pa), constants(pb))
            && x.iter().all(|v| !y.contains(v))
        {
            return true;
        }
    }
    let forbids = |v: &Value, key: &str| {
        v.get("additionalProperties") == Some(&Value::Bool(false))
            && v["properties"].get(key).is_none()
    };
    ra.iter().any(|k| forbids(b, k)) || rb.iter().any(|k| forbids(a, k))
}
