//! A field's kind from its keywords: strings and single selects, titled
//! options, multi-selects, integer formats, the values of kept keywords.

use super::{Gate, Places, is_annotation};
use crate::elicit::grammar::{FORMATS, Kind};
use crate::elicit::lower::MAX_SAFE_INTEGER;
use crate::elicit::lower::escape;
use crate::json::{brief, quoted, short};
use serde_json::{Map, Value};
use std::collections::HashSet;

impl Gate {
    /// A string field: plain, or a single select.
    pub(super) fn string_kind(
        &mut self,
        places: &Places<'_>,
        m: &mut Map<String, Value>,
    ) -> Option<Kind> {
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
    pub(super) fn titled_options(&mut self, path: &str, alts: &Value) -> Option<Value> {
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
    pub(super) fn options_ok(
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
    pub(super) fn array_kind(
        &mut self,
        places: &Places<'_>,
        m: &mut Map<String, Value>,
    ) -> Option<Kind> {
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
    pub(super) fn integer_format(
        &mut self,
        places: &Places<'_>,
        ty: &str,
        m: &mut Map<String, Value>,
    ) {
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
        // An integer format says integer: on `type: number` it is not a
        // range of numbers (`2.5` is no `int8`), so the field becomes an
        // integer field.
        if ty == "number" {
            m.insert("type".into(), "integer".into());
        }
        // A bound that is not a number cannot be compared with the range:
        // refused, not replaced.
        for key in ["minimum", "maximum"] {
            if let Some(v) = m.get(key)
                && !v.is_number()
            {
                self.reject(
                    places.at(key),
                    "invalid-value",
                    format!("`{key}` cannot be {}", brief(v)),
                );
                return;
            }
        }
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
    pub(super) fn value_ok(&mut self, path: &str, key: &str, value: &Value) -> bool {
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
pub(super) fn to_legacy(m: &mut Map<String, Value>) {
    if let Some(Value::Array(options)) = m.remove("oneOf") {
        let field = |o: &Value, key: &str| o.get(key).cloned().unwrap_or_default();
        let values: Vec<Value> = options.iter().map(|o| field(o, "const")).collect();
        let names: Vec<Value> = options.iter().map(|o| field(o, "title")).collect();
        m.insert("enum".into(), Value::Array(values));
        m.insert("enumNames".into(), Value::Array(names));
    }
}
