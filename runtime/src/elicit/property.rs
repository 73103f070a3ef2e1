//! One typed form property per field kind, with its three operations:
//! parsed from a gated schema's JSON ([`Property::parse`], after the gate
//! has decided each keyword's fate), printed per revision
//! ([`Property::print`], the only printer of form properties: derived forms
//! and gated schemas both print through it), and lowered into the rules an
//! answer is checked against ([`Property::lower`], a leaf of the plan tool
//! arguments are checked with).

use super::grammar::Kind;
use super::{Format, Revision};
use crate::args::form::{Leaf, Options};
use crate::args::plan::Rule;
use crate::shape::Bound;
use serde_json::{Map, Value, json};
use std::borrow::Cow;

/// Text of a property: `'static` from a derive, owned from a gated schema.
pub(crate) type Text = Cow<'static, str>;

/// One form field, as the grammar has it.
#[derive(Debug, Clone)]
pub(crate) struct Property {
    /// `title`.
    pub title: Option<Text>,
    /// `description`.
    pub description: Option<Text>,
    /// The default the form shows, where the revision has a place for it and
    /// it fits the field's own rules.
    pub default: Option<Value>,
    /// The kind and its constraints.
    pub value: Typed,
}

/// A property's kind, with the constraints that kind carries.
#[derive(Debug, Clone)]
pub(crate) enum Typed {
    /// `StringSchema`.
    String {
        /// `minLength`.
        min_length: Option<u64>,
        /// `maxLength`.
        max_length: Option<u64>,
        /// `format`.
        format: Option<Format>,
    },
    /// `NumberSchema`.
    Number {
        /// `type: "integer"`.
        integer: bool,
        /// `minimum`.
        minimum: Option<Bound>,
        /// `maximum`.
        maximum: Option<Bound>,
        /// Zero is excluded (`NonZero*`; the grammar cannot say it, answers
        /// are checked for it).
        nonzero: bool,
        /// serde reads the answer: `1.0` is refused for an integer.
        strict: bool,
    },
    /// `BooleanSchema`.
    Boolean,
    /// A single select; titled when an option has a title.
    Select {
        /// The options.
        options: Vec<Choice>,
        /// Titled options as the legacy `enum` + `enumNames`.
        legacy: bool,
    },
    /// A multi-select; titled when an option has a title.
    Multi {
        /// The options.
        options: Vec<Choice>,
        /// `minItems`.
        min_items: Option<u64>,
        /// `maxItems`.
        max_items: Option<u64>,
    },
}

/// One option of a select.
#[derive(Debug, Clone)]
pub(crate) struct Choice {
    /// The value the answer carries.
    pub value: Text,
    /// What the client shows.
    pub title: Option<Text>,
}

fn titled(options: &[Choice]) -> bool {
    options.iter().any(|c| c.title.is_some())
}

fn values(options: &[Choice]) -> Vec<Value> {
    options
        .iter()
        .map(|c| Value::from(c.value.as_ref()))
        .collect()
}

fn consts(options: &[Choice]) -> Vec<Value> {
    options
        .iter()
        .map(|c| json!({"const": c.value, "title": c.title.as_ref().unwrap_or(&c.value)}))
        .collect()
}

impl Property {
    /// The grammar kind this property prints as in `revision`.
    pub(crate) fn kind(&self, revision: Revision) -> Kind {
        match &self.value {
            Typed::String { .. } => Kind::String,
            Typed::Number { .. } => Kind::Number,
            Typed::Boolean => Kind::Boolean,
            Typed::Select { options, .. } if !titled(options) => Kind::UntitledSelect,
            Typed::Select { legacy, .. } if *legacy || !Kind::TitledSelect.exists(revision) => {
                Kind::LegacyTitledSelect
            }
            Typed::Select { .. } => Kind::TitledSelect,
            Typed::Multi { options, .. } if titled(options) => Kind::TitledMultiSelect,
            Typed::Multi { .. } => Kind::UntitledMultiSelect,
        }
    }

    /// The property's schema in `revision`, or what the revision lacks.
    pub(crate) fn print(&self, revision: Revision) -> Result<Value, String> {
        let kind = self.kind(revision);
        if !kind.exists(revision) {
            return Err(format!(
                "multi-select fields do not exist in protocol {revision}; use {} or later",
                Revision::V2025_11_25
            ));
        }
        let mut out = Map::new();
        let ty = match &self.value {
            Typed::String { .. } | Typed::Select { .. } => "string",
            Typed::Number { integer: true, .. } => "integer",
            Typed::Number { .. } => "number",
            Typed::Boolean => "boolean",
            Typed::Multi { .. } => "array",
        };
        out.insert("type".into(), ty.into());
        if let Some(t) = &self.title {
            out.insert("title".into(), t.as_ref().into());
        }
        if let Some(d) = &self.description {
            out.insert("description".into(), d.as_ref().into());
        }
        self.print_constraints(kind, &mut out);
        // Every keyword must belong to the kind in this revision's grammar.
        if let Some(key) = out.keys().find(|k| !kind.carries(revision, k)) {
            return Err(format!(
                "`{key}` is not part of protocol {revision}'s form grammar"
            ));
        }
        // A default the revision has no place for is left out: the field
        // stays optional and the server still fills it in. One that breaks
        // the field's own rules is left out too, rather than sent corrupt.
        if let Some(default) = &self.default
            && kind.carries(revision, "default")
            && self.accepts(default)
        {
            out.insert("default".into(), default.clone());
        }
        Ok(Value::Object(out))
    }

    fn print_constraints(&self, kind: Kind, out: &mut Map<String, Value>) {
        let mut put = |k: &str, v: Option<Value>| {
            if let Some(v) = v {
                out.insert(k.into(), v);
            }
        };
        match &self.value {
            Typed::String {
                min_length,
                max_length,
                format,
            } => {
                put("minLength", min_length.map(Value::from));
                put("maxLength", max_length.map(Value::from));
                put("format", format.map(|f| f.name().into()));
            }
            Typed::Number {
                minimum, maximum, ..
            } => {
                put("minimum", minimum.map(Bound::to_json));
                put("maximum", maximum.map(Bound::to_json));
            }
            Typed::Boolean => {}
            Typed::Select { options, .. } => match kind {
                Kind::LegacyTitledSelect => {
                    let names = options
                        .iter()
                        .map(|c| Value::from(c.title.as_ref().unwrap_or(&c.value).as_ref()))
                        .collect();
                    put("enum", Some(Value::Array(values(options))));
                    put("enumNames", Some(Value::Array(names)));
                }
                Kind::TitledSelect => put("oneOf", Some(Value::Array(consts(options)))),
                _ => put("enum", Some(Value::Array(values(options)))),
            },
            Typed::Multi {
                options,
                min_items,
                max_items,
            } => {
                let items = if titled(options) {
                    json!({ "anyOf": consts(options) })
                } else {
                    json!({"type": "string", "enum": values(options)})
                };
                put("items", Some(items));
                put("minItems", min_items.map(Value::from));
                put("maxItems", max_items.map(Value::from));
            }
        }
    }

    /// The rules an answer to this field is checked against.
    pub(crate) fn lower(&self) -> Rule {
        let options = |o: &[Choice]| Options::new(o.iter().map(|c| c.value.clone()).collect());
        Rule::Leaf(Box::new(match &self.value {
            Typed::String {
                min_length,
                max_length,
                format,
            } => Leaf::Text {
                min: *min_length,
                max: *max_length,
                format: format.map(|f| f.name()),
            },
            Typed::Number {
                integer: true,
                minimum,
                maximum,
                nonzero,
                strict,
            } => Leaf::Integer {
                min: *minimum,
                max: *maximum,
                nonzero: *nonzero,
                strict: *strict,
            },
            Typed::Number {
                minimum, maximum, ..
            } => Leaf::Number {
                min: *minimum,
                max: *maximum,
            },
            Typed::Boolean => Leaf::Bool,
            Typed::Select { options: o, .. } => Leaf::Select(options(o)),
            Typed::Multi {
                options: o,
                min_items,
                max_items,
            } => Leaf::Multi {
                options: options(o),
                min: *min_items,
                max: *max_items,
            },
        }))
    }

    /// Every way `value` breaks this field: (rule, message).
    pub(crate) fn violations(&self, value: &Value) -> Vec<(&'static str, String)> {
        let Rule::Leaf(leaf) = self.lower() else {
            return Vec::new();
        };
        crate::args::leaf_violations(&leaf, value)
            .into_iter()
            .map(|v| (v.rule, v.message))
            .collect()
    }

    /// Whether `value` fits this field.
    pub(crate) fn accepts(&self, value: &Value) -> bool {
        self.violations(value).is_empty()
    }

    /// Reads a property the gate let through (or any schema of that shape:
    /// keywords the grammar does not have are ignored); `None` when it is no
    /// form field.
    pub(crate) fn parse(prop: &Value) -> Option<Property> {
        let m = prop.as_object()?;
        let text = |k: &str| {
            m.get(k)
                .and_then(Value::as_str)
                .map(|s| Cow::Owned(s.to_owned()))
        };
        let count = |k: &str| m.get(k).and_then(Value::as_u64);
        let bound = |k: &str| {
            m.get(k).and_then(|v| {
                v.as_i64()
                    .map(Bound::Int)
                    .or_else(|| v.as_u64().map(Bound::UInt))
                    .or_else(|| v.as_f64().map(Bound::Float))
            })
        };
        let value = match m.get("type")?.as_str()? {
            "string" if m.contains_key("enum") => Typed::Select {
                options: enum_options(m.get("enum"), m.get("enumNames")),
                legacy: m.contains_key("enumNames"),
            },
            "string" if m.contains_key("oneOf") => Typed::Select {
                options: const_options(m.get("oneOf")),
                legacy: false,
            },
            "string" => Typed::String {
                min_length: count("minLength"),
                max_length: count("maxLength"),
                format: m
                    .get("format")
                    .and_then(Value::as_str)
                    .and_then(Format::from_name),
            },
            ty @ ("integer" | "number") => Typed::Number {
                integer: ty == "integer",
                minimum: bound("minimum"),
                maximum: bound("maximum"),
                nonzero: false,
                strict: false,
            },
            "boolean" => Typed::Boolean,
            "array" => {
                let items = m.get("items")?;
                let options = match items.get("enum") {
                    Some(e) => enum_options(Some(e), None),
                    None => const_options(items.get("anyOf")),
                };
                Typed::Multi {
                    options,
                    min_items: count("minItems"),
                    max_items: count("maxItems"),
                }
            }
            _ => return None,
        };
        Some(Property {
            title: text("title"),
            description: text("description"),
            // A default nested deeper than any form value is no default of a
            // form field (and is never copied: copying recurses).
            default: m
                .get("default")
                .filter(|d| !crate::json::deeper_than(d, 2))
                .cloned(),
            value,
        })
    }
}

/// `enum` options (strings), titled by `enumNames` when given.
fn enum_options(values: Option<&Value>, names: Option<&Value>) -> Vec<Choice> {
    let Some(Value::Array(values)) = values else {
        return Vec::new();
    };
    let names = match names {
        Some(Value::Array(names)) => names.as_slice(),
        _ => &[],
    };
    values
        .iter()
        .enumerate()
        .filter_map(|(i, v)| {
            Some(Choice {
                value: Cow::Owned(v.as_str()?.to_owned()),
                title: names
                    .get(i)
                    .and_then(Value::as_str)
                    .map(|t| Cow::Owned(t.to_owned())),
            })
        })
        .collect()
}

/// `[{const, title}]` options.
fn const_options(alts: Option<&Value>) -> Vec<Choice> {
    let Some(Value::Array(alts)) = alts else {
        return Vec::new();
    };
    alts.iter()
        .filter_map(|alt| {
            let value = alt.get("const")?.as_str()?;
            let title = alt.get("title").and_then(Value::as_str).unwrap_or(value);
            Some(Choice {
                value: Cow::Owned(value.to_owned()),
                title: Some(Cow::Owned(title.to_owned())),
            })
        })
        .collect()
}
