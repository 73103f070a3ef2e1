//! The gate: any JSON Schema in, a `requestedSchema` the revision's grammar
//! carries out, or every violation with its JSON Pointer.
//!
//! Each keyword meets one of three fates, decided by the grammar model
//! ([`grammar`](super::grammar)):
//!
//! - **keep**: the grammar has it for the property's kind (and `$schema` at
//!   the root);
//! - **drop**: it annotates only (`$comment`, `examples`, `deprecated`, a
//!   root `title`/`description`, `x-*`, a `default` the revision has no place
//!   for), or it is converted into an equivalent the grammar carries
//!   (`type: ["string", "null"]` on an optional property, an integer `format`
//!   such as `uint8` turned into `minimum`/`maximum`, `const` into a one-option
//!   `enum`, titled options into `enum` + `enumNames` for 2025-06-18);
//! - **reject**: everything else, with its path. A constraint is never dropped.
//!
//! The walk is iterative over a fixed depth (root, property, options), so it
//! cannot overflow the stack, and visits each key once. A keyword's value
//! nesting deeper than the grammar ever does (8 levels of arrays and
//! objects) is refused, measured iteratively, before anything copies,
//! compares or prints it. Every violation's path is a place in the input
//! schema, also for keywords read from an optional field's non-null
//! alternative or a `const` read as a one-option `enum`.

mod merge;

use super::answer::{Options, RuleKind, Rules, Violation, check_rules, kind_of};
use super::form::{MAX_SAFE_INTEGER, escape};
use super::grammar::{ANNOTATIONS, FORMATS, Kind};
use super::{Format, Revision};
use crate::dialect::{brief, deeper_than, quoted, short};
use crate::shape::Bound;
use serde_json::{Map, Value, json};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// Why a schema cannot be an elicitation form: every violation at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GateError {
    /// The violations, in document order.
    pub violations: Vec<Violation>,
}

impl fmt::Display for GateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::violation::write_list(
            f,
            "the schema cannot be an elicitation form",
            &self.violations,
        )
    }
}

impl std::error::Error for GateError {}

/// Holds `schema` to the form grammar of `revision`: the gated schema, or
/// every violation.
pub fn gate(schema: &Value, revision: Revision) -> Result<Value, GateError> {
    let mut g = Gate {
        revision,
        violations: Vec::new(),
    };
    let out = g.root(schema);
    if g.violations.is_empty() {
        Ok(out)
    } else {
        Err(GateError {
            violations: g.violations,
        })
    }
}

struct Gate {
    revision: Revision,
    violations: Vec<Violation>,
}

fn is_annotation(key: &str) -> bool {
    ANNOTATIONS.contains(&key) || key.starts_with("x-")
}

/// How deep (arrays and objects) a keyword's value in a form field may nest:
/// the deepest the grammar has is `items.anyOf[i].const`, and an optional
/// field's `anyOf: [{..}, {type: null}]` around it.
const MAX_VALUE_DEPTH: usize = 8;

/// Where the keywords of a property being gated sit in the input: under the
/// property, or, for keywords merged from an optional field's non-null
/// alternative, inside that alternative; and where each `enum` option sits.
struct Places<'p> {
    base: &'p str,
    moved: HashMap<String, String>,
    /// `enum` came from `const`: its one option is the `const` itself.
    enum_from_const: bool,
    /// The input index of each `enum` option kept (`null`s are removed, an
    /// outer `enum` intersected with an optional field's inner one); `None`:
    /// every option kept in place.
    enum_index: Option<Vec<usize>>,
}

impl Places<'_> {
    /// The JSON Pointer of keyword `key`.
    fn at(&self, key: &str) -> String {
        match self.moved.get(key) {
            Some(place) => place.clone(),
            None => format!("{}/{}", self.base, escape(key)),
        }
    }

    /// The JSON Pointer of the `i`-th option of `enum` as gated.
    fn option(&self, i: usize) -> String {
        if self.enum_from_const {
            return self.at("enum");
        }
        let index = self
            .enum_index
            .as_ref()
            .and_then(|index| index.get(i).copied())
            .unwrap_or(i);
        format!("{}/{index}", self.at("enum"))
    }
}

impl Gate {
    fn reject(&mut self, path: String, rule: &'static str, message: impl Into<String>) {
        self.violations.push(Violation::new(path, rule, message));
    }

    fn root(&mut self, schema: &Value) -> Value {
        let Value::Object(root) = schema else {
            self.reject(
                String::new(),
                "not-an-object",
                format!("a form schema is an object, got {}", kind_of(schema)),
            );
            return Value::Null;
        };
        let required_names: HashSet<&str> = match root.get("required") {
            Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
            _ => HashSet::new(),
        };
        let mut out = Map::new();
        let mut defined: HashSet<&str> = HashSet::new();
        for (key, value) in root {
            let path = format!("/{}", escape(key));
            match key.as_str() {
                "$schema" => match value {
                    Value::String(_) => {
                        out.insert(key.clone(), value.clone());
                    }
                    _ => self.reject(path, "invalid-value", "`$schema` must be a string"),
                },
                "type" => {
                    if value == "object" {
                        out.insert(key.clone(), value.clone());
                    } else {
                        self.reject(
                            path,
                            "root-type",
                            format!("a form is `type: \"object\"`, not {}", brief(value)),
                        );
                    }
                }
                "properties" => {
                    let Value::Object(props) = value else {
                        self.reject(path, "invalid-value", "`properties` must be an object");
                        continue;
                    };
                    let mut gated = Map::new();
                    for (name, prop) in props {
                        defined.insert(name.as_str());
                        let required = required_names.contains(&name.as_str());
                        let p = format!("/properties/{}", escape(name));
                        if let Some(v) = self.property(&p, prop, required) {
                            gated.insert(name.clone(), v);
                        }
                    }
                    out.insert(key.clone(), Value::Object(gated));
                }
                "required" => {}
                "title" | "description" => {}
                "additionalProperties" if matches!(value, Value::Bool(true)) || value == &json!({}) => {}
                "additionalProperties" => self.reject(
                    path,
                    "additional-properties",
                    "the form grammar has no `additionalProperties` at the root: clients may \
                     send only the listed fields anyway, but a closed form cannot be said",
                ),
                "$defs" | "definitions" => self.reject(
                    path,
                    "defs",
                    format!("`{key}` cannot be carried: forms are flat and self-contained (inline the definitions)"),
                ),
                "$ref" => self.reject(path, "ref", "`$ref` cannot be carried: forms are self-contained"),
                k if is_annotation(k) => {}
                _ => self.reject(
                    path,
                    "unsupported-keyword",
                    format!("`{}` is not part of the form grammar at the root", short(key)),
                ),
            }
        }
        if !root.contains_key("type") {
            self.reject(
                String::new(),
                "root-type",
                "a form needs `type: \"object\"`",
            );
        }
        if !root.contains_key("properties") {
            self.reject(
                String::new(),
                "missing-properties",
                "a form needs `properties`",
            );
        }
        // `required`: strings, each once, each a defined property.
        if let Some(required) = root.get("required") {
            match required {
                Value::Array(items) => {
                    let before = self.violations.len();
                    let mut seen = HashSet::new();
                    for (i, item) in items.iter().enumerate() {
                        let path = format!("/required/{i}");
                        match item.as_str() {
                            None => self.reject(
                                path,
                                "invalid-value",
                                "`required` holds property names (strings)",
                            ),
                            Some(name) if !seen.insert(name) => self.reject(
                                path,
                                "duplicate-required",
                                format!("`{}` is listed twice in `required`", short(name)),
                            ),
                            Some(name) if !defined.contains(name) => self.reject(
                                path,
                                "undefined-required",
                                format!(
                                    "`required` names `{}`, which `properties` does not define",
                                    short(name)
                                ),
                            ),
                            Some(_) => {}
                        }
                    }
                    // Copied only once known to be flat strings.
                    if !items.is_empty() && self.violations.len() == before {
                        out.insert("required".into(), required.clone());
                    }
                }
                _ => self.reject(
                    "/required".into(),
                    "invalid-value",
                    "`required` must be an array",
                ),
            }
        }
        // Canonical root order: $schema, type, properties, required.
        let mut ordered = Map::new();
        for k in ["$schema", "type", "properties", "required"] {
            if let Some(v) = out.remove(k) {
                ordered.insert(k.into(), v);
            }
        }
        Value::Object(ordered)
    }

    /// Gates one property; `None` when it was rejected.
    fn property(&mut self, path: &str, prop: &Value, required: bool) -> Option<Value> {
        let Value::Object(original) = prop else {
            self.reject(
                path.into(),
                "not-an-object",
                format!("a form field is a schema object, got {}", brief(prop)),
            );
            return None;
        };
        let before = self.violations.len();
        let mut places = Places {
            base: path,
            moved: HashMap::new(),
            enum_from_const: false,
            enum_index: None,
        };
        if original.contains_key("$ref") {
            self.reject(
                places.at("$ref"),
                "ref",
                "`$ref` cannot be carried: inline the referenced schema",
            );
            return None;
        }
        // Annotations go; no grammar keyword holds a deeply nested value, so
        // such values are refused before anything copies them.
        let mut m = Map::new();
        for (k, v) in original {
            if is_annotation(k) {
                continue;
            }
            if deeper_than(v, MAX_VALUE_DEPTH) {
                self.reject(
                    places.at(k),
                    "too-deep",
                    format!(
                        "`{}` nests deeper than {MAX_VALUE_DEPTH} levels of arrays and objects: \
                         no form keyword holds a value that deep",
                        short(k)
                    ),
                );
                continue;
            }
            m.insert(k.clone(), v.clone());
        }
        if self.violations.len() > before {
            return None;
        }

        // Optional-and-nullable is the plain kind: the form has no null.
        let mut nullable = false;
        match m.remove("nullable") {
            Some(Value::Bool(true)) => nullable = true,
            Some(Value::Bool(false)) | None => {}
            Some(_) => self.reject(
                places.at("nullable"),
                "invalid-value",
                "`nullable` must be a boolean",
            ),
        }
        if let Some(Value::Array(types)) = m.get("type").cloned() {
            let rest: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
            nullable |= rest.len() < types.len();
            match rest.as_slice() {
                [one] => {
                    m.insert("type".into(), one.clone());
                }
                _ => {
                    self.reject(
                        places.at("type"),
                        "type-union",
                        format!(
                            "a form field has one type, not {}",
                            brief(&Value::Array(types))
                        ),
                    );
                    return None;
                }
            }
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(Value::Array(alts)) = m.get(key).cloned() {
                let is_null = |v: &Value| v == &json!({"type": "null"});
                if alts.len() == 2 && alts.iter().any(is_null) {
                    nullable = true;
                    let from = places.at(key);
                    m.remove(key);
                    places.moved.remove(key);
                    // The other alternative's keywords join the property's:
                    // where both say one, the tighter (or the gate refuses);
                    // violations point inside the alternative.
                    if let Some((i, Value::Object(inner))) =
                        alts.into_iter().enumerate().find(|(_, v)| !is_null(v))
                        && !self.merge_alternative(
                            &mut places,
                            &mut m,
                            &format!("{from}/{i}"),
                            inner,
                        )
                    {
                        return None;
                    }
                }
            }
        }
        if let Some(Value::Array(values)) = m.get_mut("enum") {
            // Nulls go; violations keep each option's index in the input.
            let before_len = values.len();
            let input: Vec<usize> = match places.enum_index.take() {
                Some(index) => index,
                None => (0..before_len).collect(),
            };
            let mut kept = Vec::with_capacity(before_len);
            let mut at = 0;
            values.retain(|v| {
                let keep = !v.is_null();
                if keep {
                    kept.push(input.get(at).copied().unwrap_or(at));
                }
                at += 1;
                keep
            });
            places.enum_index = Some(kept);
            nullable |= values.len() < before_len;
        }
        if nullable && required {
            self.reject(
                path.into(),
                "nullable-required",
                "a required field cannot be null in a form: make it optional, or not nullable",
            );
            return None;
        }
        if m.contains_key("$ref") {
            self.reject(
                places.at("$ref"),
                "ref",
                "`$ref` cannot be carried: inline the referenced schema",
            );
            return None;
        }
        // `const` is a one-option select.
        if let Some(c) = m.remove("const") {
            if m.contains_key("enum") {
                self.reject(places.at("const"), "conflict", "`const` beside `enum`");
                return None;
            }
            let from = places.at("const");
            places.moved.insert("enum".into(), from);
            places.enum_from_const = true;
            m.insert("enum".into(), Value::Array(vec![c]));
        }

        let ty = match m.get("type") {
            Some(Value::String(t)) => t.clone(),
            Some(other) => {
                self.reject(
                    places.at("type"),
                    "invalid-value",
                    format!("`type` {} is not a type name", brief(other)),
                );
                return None;
            }
            None if m.contains_key("enum")
                || m.contains_key("oneOf")
                || m.contains_key("anyOf") =>
            {
                m.insert("type".into(), "string".into());
                "string".into()
            }
            None => {
                self.reject(path.into(), "missing-type", "a form field needs a `type`");
                return None;
            }
        };
        let kind = match ty.as_str() {
            "string" => self.string_kind(&places, &mut m),
            "integer" | "number" => {
                self.integer_format(&places, &ty, &mut m);
                Some(Kind::Number)
            }
            "boolean" => Some(Kind::Boolean),
            "array" => self.array_kind(&places, &mut m),
            "object" => {
                self.reject(
                    path.into(),
                    "nested-object",
                    "forms are flat: a field cannot be an object (declare its fields at the top level)",
                );
                None
            }
            other => {
                self.reject(
                    places.at("type"),
                    "unsupported-type",
                    format!("`{other}` fields do not exist in forms (string, number, integer, boolean, array of options)"),
                );
                None
            }
        };
        let kind = kind?;
        // 2025-06-18 has titled options only as enum + enumNames.
        let kind = if kind == Kind::TitledSelect && !kind.exists(self.revision) {
            to_legacy(&mut m);
            Kind::LegacyTitledSelect
        } else {
            kind
        };
        if !kind.exists(self.revision) {
            self.reject(
                path.into(),
                "revision",
                format!(
                    "multi-select fields do not exist in protocol {}",
                    self.revision
                ),
            );
            return None;
        }
        // Every remaining keyword: keep if the kind carries it, else reject
        // (a `default` the revision has no place for is dropped).
        let is_select = matches!(
            kind,
            Kind::UntitledSelect | Kind::TitledSelect | Kind::LegacyTitledSelect
        );
        let mut out = Map::new();
        for (key, value) in m {
            if kind.carries(self.revision, &key) {
                if self.value_ok(&places.at(&key), &key, &value) {
                    out.insert(key, value);
                }
                continue;
            }
            match key.as_str() {
                "default" => {}
                "pattern" => self.reject(
                    places.at(&key),
                    "pattern",
                    "the form grammar has no `pattern`: clients would never see it",
                ),
                "exclusiveMinimum" | "exclusiveMaximum" => self.reject(
                    places.at(&key),
                    "exclusive-bound",
                    format!("the form grammar has no `{key}` (only inclusive `minimum`/`maximum`)"),
                ),
                "minLength" | "maxLength" | "format" if is_select => {
                    let beside = if original.contains_key("oneOf") {
                        "oneOf"
                    } else {
                        "enum"
                    };
                    self.reject(
                        places.at(&key),
                        "conflict",
                        format!("`{key}` cannot sit beside `{beside}`: no form field has both"),
                    )
                }
                "uniqueItems" => self.reject(
                    places.at(&key),
                    "unsupported-keyword",
                    "the form grammar has no `uniqueItems`: clients would not enforce it",
                ),
                _ => self.reject(
                    places.at(&key),
                    "unsupported-keyword",
                    format!(
                        "`{}` is not part of the form grammar for this kind of field",
                        short(&key)
                    ),
                ),
            }
        }
        if self.violations.len() > before {
            return None;
        }
        // A default must satisfy the field's own rules.
        let gated = Value::Object(out);
        if let Some(default) = gated.get("default")
            && let Some(rules) = rules_of(&gated)
        {
            let problems = check_rules(&rules, default);
            if let Some((rule, message)) = problems.into_iter().next() {
                self.reject(
                    places.at("default"),
                    "default",
                    format!(
                        "the default {} breaks the field's own `{rule}`: {message}",
                        brief(default)
                    ),
                );
                return None;
            }
        }
        Some(gated)
    }

    /// A string field: plain, or a single select.
    fn string_kind(&mut self, places: &Places<'_>, m: &mut Map<String, Value>) -> Option<Kind> {
        let has_enum = m.contains_key("enum");
        // `anyOf` of distinct consts is a `oneOf`; violations keep the key
        // the schema used.
        let mut options_key = "oneOf";
        if !m.contains_key("oneOf")
            && let Some(alts) = m.remove("anyOf")
        {
            m.insert("oneOf".into(), alts);
            options_key = "anyOf";
        }
        let has_one_of = m.contains_key("oneOf");
        if has_enum && has_one_of {
            self.reject(
                places.at(options_key),
                "conflict",
                format!("`{options_key}` cannot sit beside `enum`"),
            );
            return None;
        }
        if has_enum {
            if !self.options_ok(&places.at("enum"), m.get("enum"), |i| places.option(i)) {
                return None;
            }
            if let Some(names) = m.get("enumNames") {
                let same = matches!((names, m.get("enum")), (Value::Array(n), Some(Value::Array(e))) if n.len() == e.len() && n.iter().all(Value::is_string));
                if !same {
                    self.reject(
                        places.at("enumNames"),
                        "invalid-value",
                        "`enumNames` must be strings, one per `enum` value",
                    );
                    return None;
                }
                return Some(Kind::LegacyTitledSelect);
            }
            return Some(Kind::UntitledSelect);
        }
        if has_one_of {
            let one_of = m.remove("oneOf").unwrap_or_default();
            let options = self.titled_options(&places.at(options_key), &one_of)?;
            m.insert("oneOf".into(), options);
            return Some(Kind::TitledSelect);
        }
        Some(Kind::String)
    }

    /// `[{const, title}]` from alternatives that are string constants; other
    /// alternatives reject.
    fn titled_options(&mut self, path: &str, alts: &Value) -> Option<Value> {
        let Value::Array(alts) = alts else {
            self.reject(path.into(), "invalid-value", "expected an array of options");
            return None;
        };
        if alts.is_empty() {
            // Like an empty `enum`: a field no answer can fill.
            self.reject(path.into(), "invalid-value", "expected at least one option");
            return None;
        }
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        let mut ok = true;
        for (i, alt) in alts.iter().enumerate() {
            let p = format!("{path}/{i}");
            let Some(Value::String(c)) = alt.get("const").or_else(|| match alt.get("enum") {
                Some(Value::Array(one)) if one.len() == 1 => one.first(),
                _ => None,
            }) else {
                self.reject(p, "non-const-option", "an option must be a string `const`: alternatives of other shapes cannot be a form field");
                ok = false;
                continue;
            };
            if let (Some(_), Some(e)) = (alt.get("const"), alt.get("enum"))
                && !matches!(e, Value::Array(one) if one.len() == 1 && one.first() == Some(&Value::String(c.clone())))
            {
                self.reject(
                    format!("{p}/enum"),
                    "conflict",
                    format!(
                        "`enum` {} beside `const` {}: an option is one value",
                        brief(e),
                        quoted(c)
                    ),
                );
                ok = false;
            }
            if !seen.insert(c.as_str()) {
                self.reject(
                    p.clone(),
                    "duplicate-option",
                    format!("the option {} appears twice", quoted(c)),
                );
                ok = false;
            }
            if let Value::Object(fields) = alt {
                for (k, v) in fields {
                    let fine = matches!(k.as_str(), "const" | "enum" | "title" | "description")
                        || (k == "type" && v == "string")
                        || is_annotation(k);
                    if !fine {
                        self.reject(
                            format!("{p}/{}", escape(k)),
                            "unsupported-keyword",
                            format!(
                                "an option carries only `const` and `title`, not `{}`",
                                short(k)
                            ),
                        );
                        ok = false;
                    }
                }
            }
            let title = match alt.get("title") {
                Some(Value::String(t)) => t.clone(),
                _ => c.clone(),
            };
            let mut option = Map::new();
            option.insert("const".into(), Value::String(c.clone()));
            option.insert("title".into(), Value::String(title));
            out.push(Value::Object(option));
        }
        ok.then_some(Value::Array(out))
    }

    /// `enum` options: a non-empty array of distinct strings. `item` names
    /// the place of the option at an index.
    fn options_ok(
        &mut self,
        path: &str,
        values: Option<&Value>,
        item: impl Fn(usize) -> String,
    ) -> bool {
        match values {
            Some(Value::Array(items)) if !items.is_empty() => {
                let mut seen = HashSet::new();
                for (i, option) in items.iter().enumerate() {
                    match option.as_str() {
                        Some(s) if seen.insert(s) => {}
                        Some(s) => {
                            self.reject(
                                item(i),
                                "duplicate-option",
                                format!("the option {} appears twice", quoted(s)),
                            );
                            return false;
                        }
                        None => {
                            self.reject(
                                item(i),
                                "non-string-option",
                                format!("options are strings, got {}", brief(option)),
                            );
                            return false;
                        }
                    }
                }
                true
            }
            _ => {
                self.reject(
                    path.into(),
                    "invalid-value",
                    "`enum` must be a non-empty array of strings",
                );
                false
            }
        }
    }

    /// An array field: a multi-select of string options.
    fn array_kind(&mut self, places: &Places<'_>, m: &mut Map<String, Value>) -> Option<Kind> {
        let items_path = places.at("items");
        let Some(Value::Object(mut items)) = m.get("items").cloned() else {
            // A missing `items` is the field's fault.
            let place = if m.contains_key("items") {
                items_path
            } else {
                places.base.to_string()
            };
            self.reject(
                place,
                "array-of-non-enum",
                "an array field is a multi-select: `items` must list string options",
            );
            return None;
        };
        items.retain(|k, _| !is_annotation(k) && k != "title" && k != "description");
        if let Some(options) = items.remove("enum") {
            let enum_path = format!("{items_path}/enum");
            if !self.options_ok(&enum_path, Some(&options), |i| format!("{enum_path}/{i}")) {
                return None;
            }
            let other_type = items.get("type").is_some_and(|t| t != "string");
            let extra = items.keys().any(|k| k != "type");
            if other_type || extra {
                self.reject(
                    items_path,
                    "array-of-non-enum",
                    "multi-select `items` are `{type: string, enum: [...]}`",
                );
                return None;
            }
            let mut gated = Map::new();
            gated.insert("type".into(), "string".into());
            gated.insert("enum".into(), options);
            m.insert("items".into(), Value::Object(gated));
            return Some(Kind::UntitledMultiSelect);
        }
        let key = if items.contains_key("anyOf") {
            "anyOf"
        } else {
            "oneOf"
        };
        if let Some(alts) = items.get(key) {
            // Titled options say everything: any other keyword beside them
            // (`not`, a second list, a length) would be lost, so it is refused.
            let mut extra = false;
            for (k, v) in &items {
                if k == key || (k == "type" && v == "string") {
                    continue;
                }
                extra = true;
                self.reject(
                    format!("{items_path}/{}", escape(k)),
                    "unsupported-keyword",
                    format!(
                        "multi-select `items` are `{{{key}: [{{const, title}}, ..]}}`: `{}` beside them cannot be carried",
                        short(k)
                    ),
                );
            }
            let options = self.titled_options(&format!("{items_path}/{key}"), alts);
            if extra {
                return None;
            }
            let options = options?;
            let mut gated = Map::new();
            gated.insert("anyOf".into(), options);
            m.insert("items".into(), Value::Object(gated));
            return Some(Kind::TitledMultiSelect);
        }
        self.reject(
            items_path,
            "array-of-non-enum",
            "arrays of anything but string options cannot be form fields",
        );
        None
    }

    /// Non-standard integer formats (`int32`, `uint8`, ...) become the bounds
    /// they mean; `double`/`float` mean any number.
    fn integer_format(&mut self, places: &Places<'_>, ty: &str, m: &mut Map<String, Value>) {
        let Some(Value::String(format)) = m.get("format").cloned() else {
            return;
        };
        let range: Option<(i128, i128)> = match format.as_str() {
            "int8" => Some((i8::MIN.into(), i8::MAX.into())),
            "int16" => Some((i16::MIN.into(), i16::MAX.into())),
            "int32" | "int" => Some((i32::MIN.into(), i32::MAX.into())),
            "int64" => Some((i64::MIN.into(), i64::MAX.into())),
            "uint8" => Some((0, u8::MAX.into())),
            "uint16" => Some((0, u16::MAX.into())),
            "uint32" | "uint" => Some((0, u32::MAX.into())),
            "uint64" => Some((0, u64::MAX.into())),
            "double" | "float" if ty == "number" => {
                m.remove("format");
                return;
            }
            _ => None,
        };
        let Some((lo, hi)) = range else {
            self.reject(
                places.at("format"),
                "unknown-format",
                format!(
                    "`format: {}` is not something a form field carries",
                    short(&format)
                ),
            );
            return;
        };
        m.remove("format");
        // As in derived forms: a form asks only for integers every client
        // sends exactly (JavaScript numbers), so 64-bit ranges stop at
        // +-(2^53 - 1).
        let safe = i128::from(MAX_SAFE_INTEGER);
        let (lo, hi) = (lo.max(-safe), hi.min(safe));
        let to_json = |v: i128| match (i64::try_from(v), u64::try_from(v)) {
            (Ok(i), _) if i < 0 => Value::from(i),
            (_, Ok(u)) => Value::from(u),
            _ => Value::Null,
        };
        let tighter = |existing: Option<&Value>, implied: i128, lower: bool| -> Value {
            match existing.and_then(Value::as_f64) {
                Some(e) if (lower && e >= implied as f64) || (!lower && e <= implied as f64) => {
                    existing.cloned().unwrap_or_default()
                }
                _ => to_json(implied),
            }
        };
        let min = tighter(m.get("minimum"), lo, true);
        let max = tighter(m.get("maximum"), hi, false);
        m.insert("minimum".into(), min);
        m.insert("maximum".into(), max);
    }

    /// Checks the value of a kept keyword.
    fn value_ok(&mut self, path: &str, key: &str, value: &Value) -> bool {
        let ok = match key {
            "title" | "description" => value.is_string(),
            "minLength" | "maxLength" | "minItems" | "maxItems" => value.is_u64(),
            "minimum" | "maximum" => value.is_number(),
            "format" => value.as_str().is_some_and(|f| FORMATS.contains(&f)),
            "type" => value.is_string(),
            _ => true,
        };
        if !ok {
            if key == "format" {
                self.reject(
                    path.into(),
                    "unknown-format",
                    format!("`format: {}` is not one the form grammar carries (date, date-time, email, uri)", brief(value)),
                );
            } else {
                self.reject(
                    path.into(),
                    "invalid-value",
                    format!("`{key}` cannot be {}", brief(value)),
                );
            }
        }
        ok
    }
}

/// Titled options as the legacy `enum` + `enumNames`.
fn to_legacy(m: &mut Map<String, Value>) {
    if let Some(Value::Array(options)) = m.remove("oneOf") {
        let field = |o: &Value, key: &str| o.get(key).cloned().unwrap_or_default();
        let values: Vec<Value> = options.iter().map(|o| field(o, "const")).collect();
        let names: Vec<Value> = options.iter().map(|o| field(o, "title")).collect();
        m.insert("enum".into(), Value::Array(values));
        m.insert("enumNames".into(), Value::Array(names));
    }
}

/// The checks a gated property's value must pass.
pub(crate) fn rules_of(prop: &Value) -> Option<Rules<'_>> {
    let bound = |k: &str| {
        prop.get(k).and_then(|v| {
            v.as_i64()
                .map(Bound::Int)
                .or_else(|| v.as_u64().map(Bound::UInt))
                .or_else(|| v.as_f64().map(Bound::Float))
        })
    };
    fn strings(v: Option<&Value>) -> Vec<&str> {
        match v {
            Some(Value::Array(items)) => items
                .iter()
                .filter_map(|i| {
                    i.as_str()
                        .or_else(|| i.get("const").and_then(Value::as_str))
                })
                .collect(),
            _ => Vec::new(),
        }
    }
    let kind = match prop.get("type")?.as_str()? {
        "string" if prop.get("enum").is_some() => {
            RuleKind::Select(Options::new(strings(prop.get("enum"))))
        }
        "string" if prop.get("oneOf").is_some() => {
            RuleKind::Select(Options::new(strings(prop.get("oneOf"))))
        }
        "string" => RuleKind::Text(
            prop.get("format")
                .and_then(Value::as_str)
                .and_then(Format::from_name),
        ),
        "integer" => RuleKind::Integer { strict: false },
        "number" => RuleKind::Number,
        "boolean" => RuleKind::Boolean,
        "array" => {
            let items = prop.get("items")?;
            RuleKind::Multi(Options::new(strings(
                items.get("enum").or(items.get("anyOf")),
            )))
        }
        _ => return None,
    };
    Some(Rules {
        kind,
        min_length: prop.get("minLength").and_then(Value::as_u64),
        max_length: prop.get("maxLength").and_then(Value::as_u64),
        minimum: bound("minimum"),
        maximum: bound("maximum"),
        min_items: prop.get("minItems").and_then(Value::as_u64),
        max_items: prop.get("maxItems").and_then(Value::as_u64),
        nonzero: false,
    })
}

/// Checks an answer's `content` against a gated schema: required fields,
/// every field's type and rules. Keys the schema does not list are allowed
/// (the grammar cannot close a form). All violations, with their paths.
pub fn validate_content(gated: &Value, content: &Value) -> Result<(), Vec<Violation>> {
    let Value::Object(content) = content else {
        return Err(vec![Violation {
            path: String::new(),
            rule: "type",
            message: format!("the content must be an object, got {}", kind_of(content)),
        }]);
    };
    let mut violations = Vec::new();
    if let Some(Value::Array(required)) = gated.get("required") {
        for name in required.iter().filter_map(Value::as_str) {
            if !content.contains_key(name) {
                violations.push(Violation {
                    path: format!("/{}", escape(name)),
                    rule: "required",
                    message: format!("`{}` is required", short(name)),
                });
            }
        }
    }
    if let Some(Value::Object(props)) = gated.get("properties") {
        for (name, prop) in props {
            // Rules are built once per field, and only for fields answered.
            let Some(value) = content.get(name) else {
                continue;
            };
            let Some(rules) = rules_of(prop) else {
                continue;
            };
            for (rule, message) in check_rules(&rules, value) {
                violations.push(Violation {
                    path: format!("/{}", escape(name)),
                    rule,
                    message,
                });
            }
        }
    }
    if violations.is_empty() {
        Ok(())
    } else {
        Err(violations)
    }
}
