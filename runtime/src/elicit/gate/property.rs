//! One property of the schema being gated: its keywords copied without
//! annotations, nullability merged away, its kind decided, each keyword's
//! fate, then the typed [`Property`] printed for the revision.

use super::kinds::to_legacy;
use super::{Gate, MAX_VALUE_DEPTH, Places, is_annotation};
use crate::elicit::grammar::Kind;
use crate::elicit::property::Property;
use crate::json::{brief, deeper_than, short};
use serde_json::{Map, Value, json};
use std::collections::HashMap;

impl Gate {
    /// Gates one property; `None` when it was rejected.
    pub(super) fn property(&mut self, path: &str, prop: &Value, required: bool) -> Option<Value> {
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
        let mut m = self.keywords(&places, original)?;
        let nullable = self.nullability(&mut places, &mut m)?;
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
        let kind = self.field_kind(path, &places, &mut m)?;
        let out = self.fates(&places, kind, m, original);
        if self.violations.len() > before {
            return None;
        }
        self.finish(&places, out)
    }

    /// The property's keywords without annotations; a value nested deeper
    /// than any grammar keyword holds is refused before anything copies it.
    fn keywords(
        &mut self,
        places: &Places<'_>,
        original: &Map<String, Value>,
    ) -> Option<Map<String, Value>> {
        let before = self.violations.len();
        let mut m = Map::new();
        for (k, v) in original {
            if is_annotation(k) {
                // Dropped, but only when it is JSON Schema: a value of
                // another type than the meta-schema's is refused.
                if let Some(what) = annotation_type_wrong(k, v) {
                    self.reject(
                        places.at(k),
                        "invalid-value",
                        format!("`{}` must be {what}", short(k)),
                    );
                }
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
        (self.violations.len() == before).then_some(m)
    }

    /// Optional-and-nullable is the plain kind (the form has no null): a
    /// `nullable`, a `null` type or option, an `anyOf`/`oneOf` with `null`
    /// merged away. Whether the field was nullable.
    fn nullability(&mut self, places: &mut Places<'_>, m: &mut Map<String, Value>) -> Option<bool> {
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
                    #[allow(clippy::collapsible_match, reason = "the guard would move `inner`")]
                    match alts.into_iter().enumerate().find(|(_, v)| !is_null(v)) {
                        Some((i, Value::Object(inner))) => {
                            if !self.merge_alternative(places, m, &format!("{from}/{i}"), inner) {
                                return None;
                            }
                        }
                        // `true`, `false` or a value that is no schema: the
                        // field cannot say it (dropping it would loosen it).
                        Some((i, other)) => {
                            self.reject(
                                format!("{from}/{i}"),
                                "invalid-value",
                                format!(
                                    "the alternative beside `{{\"type\": \"null\"}}` must be a schema object, got {}",
                                    brief(&other)
                                ),
                            );
                            return None;
                        }
                        None => {}
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
        Some(nullable)
    }

    /// The field's grammar kind from its `type` (and options), converted
    /// for the revision; `None` when rejected.
    fn field_kind(
        &mut self,
        path: &str,
        places: &Places<'_>,
        m: &mut Map<String, Value>,
    ) -> Option<Kind> {
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
            "string" => self.string_kind(places, m),
            "integer" | "number" => {
                self.integer_format(places, &ty, m);
                Some(Kind::Number)
            }
            "boolean" => Some(Kind::Boolean),
            "array" => self.array_kind(places, m),
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
            to_legacy(m);
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
        Some(kind)
    }

    /// Every remaining keyword: kept if the kind carries it, else rejected
    /// (a `default` the revision has no place for is dropped).
    fn fates(
        &mut self,
        places: &Places<'_>,
        kind: Kind,
        m: Map<String, Value>,
        original: &Map<String, Value>,
    ) -> Map<String, Value> {
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
        out
    }

    /// The kept keywords as a typed property, printed for the revision; its
    /// default must satisfy the field's own rules.
    fn finish(&mut self, places: &Places<'_>, out: Map<String, Value>) -> Option<Value> {
        let Some(property) = Property::parse(&Value::Object(out)) else {
            // Every kind the gate lets through parses; a bug otherwise,
            // reported rather than let through.
            self.reject(
                places.base.into(),
                "unsupported-type",
                "this field is not one the form grammar has",
            );
            return None;
        };
        if let Some(default) = &property.default
            && let Some((rule, message)) = property.violations(default).into_iter().next()
        {
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
        match property.print(self.revision) {
            Ok(printed) => Some(printed),
            Err(message) => {
                self.reject(places.base.into(), "revision", message);
                None
            }
        }
    }
}

/// What an annotation's value must be when it is not (the 2020-12
/// meta-schemas: `meta/core`, `meta/meta-data`, `meta/content`); `None` when
/// it is, or for an `x-*` extension (any value).
pub(super) fn annotation_type_wrong(key: &str, value: &Value) -> Option<&'static str> {
    let fine = match key {
        "$comment" | "$id" | "contentEncoding" | "contentMediaType" | "title" | "description" => {
            value.is_string()
        }
        "deprecated" | "readOnly" | "writeOnly" => value.is_boolean(),
        "examples" => value.is_array(),
        _ => true,
    };
    (!fine).then_some(match key {
        "deprecated" | "readOnly" | "writeOnly" => "a boolean",
        "examples" => "an array",
        _ => "a string",
    })
}
