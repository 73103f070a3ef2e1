//! Gemini: the OpenAPI 3.0 Schema subset (`parameters`, `responseSchema`), and
//! the JSON Schema fields (`parametersJsonSchema`, `responseJsonSchema`).

use super::*;

//
// Source for every rule unless stated: Gemini API reference, "Schema"
// (ai.google.dev/api/caching#Schema): "The Schema object allows the definition
// of input and output data types … Represents a select subset of an OpenAPI
// 3.0 schema object", with its field list and the "Type" enum; used by
// `FunctionDeclaration.parameters` and `GenerationConfig.responseSchema`.

/// The 22 fields of the Gemini API `Schema` object.
pub(super) const GEMINI_FIELDS: &[&str] = &[
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

/// "Type": STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT, NULL (the REST
/// examples write them in lower case; both spellings are read).
pub(super) const GEMINI_TYPES: &[&str] = &[
    "string", "number", "integer", "boolean", "array", "object", "null",
];

pub(super) fn check_gemini(schema: &Value, out: &mut Vec<Problem>) {
    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else {
            // Rule gemini.boolean_schema — a Schema is an object message; a
            // JSON Schema boolean has no Schema form.
            out.push(problem(
                v.ptr(),
                "gemini.boolean_schema",
                "boolean schemas have no Gemini Schema form",
            ));
            return;
        };
        // Rule gemini.unsupported_field — only the Schema fields exist; any
        // other key (additionalProperties, $ref, $defs, oneOf, allOf, const,
        // exclusiveMinimum, …) is an unknown field the API refuses ("Unknown
        // name … Cannot find field").
        for k in obj.keys() {
            if !GEMINI_FIELDS.contains(&k.as_str()) {
                out.push(problem(
                    v.at(&[k]),
                    "gemini.unsupported_field",
                    format!("`{k}` is not a field of the Gemini Schema object"),
                ));
            }
        }
        // Rules gemini.type_array / gemini.type / gemini.missing_type —
        // "type: enum (Type). Required. Data type." One Type value, never a
        // list (nullability is the separate `nullable` field); a schema that
        // is an `anyOf` may leave it out.
        let type_name = match obj.get("type") {
            Some(Value::String(s)) => {
                let lower = s.to_ascii_lowercase();
                if !GEMINI_TYPES.contains(&lower.as_str()) {
                    out.push(problem(
                        v.at(&["type"]),
                        "gemini.type",
                        format!("unknown type {s:?}"),
                    ));
                }
                Some(lower)
            }
            Some(Value::Array(_)) => {
                out.push(problem(
                    v.at(&["type"]),
                    "gemini.type_array",
                    "`type` must be a single type; use \"nullable\": true for null",
                ));
                None
            }
            Some(other) => {
                out.push(problem(
                    v.at(&["type"]),
                    "gemini.type",
                    format!("`type` must be a string, not {}", describe(other)),
                ));
                None
            }
            None => {
                if !obj.contains_key("anyOf") {
                    out.push(problem(
                        v.ptr(),
                        "gemini.missing_type",
                        "schema has no `type`",
                    ));
                }
                None
            }
        };
        // Rules gemini.enum_type / gemini.enum_value — "enum[]: string.
        // Possible values of the element of Type.STRING with enum format."
        if let Some(e) = obj.get("enum") {
            if let Some(t) = type_name.as_deref()
                && t != "string"
            {
                out.push(problem(
                    v.at(&["enum"]),
                    "gemini.enum_type",
                    format!("`enum` is only for type string, not {t}"),
                ));
            }
            match e.as_array() {
                Some(items) => {
                    for (i, item) in items.iter().enumerate() {
                        if !item.is_string() {
                            out.push(problem(
                                v.at(&["enum", &i.to_string()]),
                                "gemini.enum_value",
                                format!("enum values are strings, not {}", describe(item)),
                            ));
                        }
                    }
                }
                None => out.push(problem(
                    v.at(&["enum"]),
                    "gemini.malformed",
                    "`enum` must be an array of strings",
                )),
            }
        }
        // Rule gemini.required_undefined — "required[]: Required properties
        // of Type.OBJECT": each name is one of `properties` (the API answers
        // "property is not defined" otherwise).
        if let Some(r) = obj.get("required").and_then(Value::as_array) {
            let props = obj.get("properties").and_then(Value::as_object);
            for (i, name) in r.iter().enumerate() {
                if let Some(name) = name.as_str()
                    && !props.is_some_and(|p| p.contains_key(name))
                {
                    out.push(problem(
                        v.at(&["required", &i.to_string()]),
                        "gemini.required_undefined",
                        format!("required property {name:?} is not defined in `properties`"),
                    ));
                }
            }
        }
        // Rule gemini.any_of_alone — the API refuses a Schema that sets
        // `anyOf` and any other field ("When using any_of, it must be the
        // only field set", as Vertex AI and the Gemini API answer).
        if obj.contains_key("anyOf") {
            for k in obj.keys().filter(|k| *k != "anyOf") {
                out.push(problem(
                    v.at(&[k]),
                    "gemini.any_of_alone",
                    format!("`{k}` beside `anyOf`: any_of must be the only field set"),
                ));
            }
        }
        gemini_field_shapes(v, obj, out);
    });
}

/// Rule gemini.malformed — each field has the value type the Schema reference
/// gives it: `nullable` boolean; `items` one Schema (no tuple form);
/// `propertyOrdering` strings; counts are int64 (JSON number or decimal
/// string); `minimum`/`maximum` numbers; text fields strings.
pub(super) fn gemini_field_shapes(v: &Visit<'_>, obj: &Map<String, Value>, out: &mut Vec<Problem>) {
    check_common_shapes(v, out, "gemini.malformed");
    let mut bad = |k: &str, what: &str| {
        out.push(problem(
            v.at(&[k]),
            "gemini.malformed",
            format!("`{k}` must be {what}"),
        ));
    };
    for (k, val) in obj {
        let k = k.as_str();
        match k {
            "nullable" if !val.is_boolean() => bad(k, "a boolean"),
            "items" if !val.is_object() => bad(k, "one schema object (tuples are not supported)"),
            "propertyOrdering"
                if !val
                    .as_array()
                    .is_some_and(|a| a.iter().all(Value::is_string)) =>
            {
                bad(k, "an array of property names")
            }
            "minItems" | "maxItems" | "minLength" | "maxLength" | "minProperties"
            | "maxProperties"
                if !(val.is_u64()
                    || val.as_str().is_some_and(|s| {
                        !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
                    })) =>
            {
                bad(k, "a non-negative integer")
            }
            "minimum" | "maximum" if !val.is_number() => bad(k, "a number"),
            "title" | "description" | "pattern" | "format" if !val.is_string() => {
                bad(k, "a string")
            }
            _ => {}
        }
    }
}

//
// Source for every rule unless stated: Gemini API reference, "GenerationConfig"
// field `responseJsonSchema` (ai.google.dev/api/generate-content#GenerationConfig):
// "While the full JSON Schema may be sent, not all features are supported.
// Specifically, only the following properties are supported: $id, $defs, $ref,
// $anchor, type, format, title, description, enum (for strings and numbers),
// items, prefixItems, minItems, maxItems, minimum, maximum, anyOf, oneOf
// (interpreted the same as anyOf), properties, additionalProperties, required.
// The non-standard propertyOrdering property may also be set. Cyclic
// references are unrolled to a limited degree and, as such, may only be used
// within non-required properties. (Nullable properties are not sufficient.)
// If $ref is set on a sub-schema, no other properties, except for than those
// starting as a $, may be set." And "FunctionDeclaration" field
// `parametersJsonSchema` (ai.google.dev/api/caching#FunctionDeclaration): "The
// schema must describe an object where the properties are the parameters to
// the function."

pub(super) const GEMINI_JSON_KEYWORDS: &[&str] = &[
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

pub(super) fn check_gemini_json(schema: &Value, out: &mut Vec<Problem>) {
    // Rule gemini_json.root_not_object — parametersJsonSchema "must describe
    // an object" (a root `$ref` to an object definition also describes one).
    let root_obj = schema
        .as_object()
        .map(|root| match root.get("$ref").and_then(Value::as_str) {
            Some(r) => match parse_ref(r) {
                RefTarget::Pointer(segs) => resolve(schema, &segs).and_then(Value::as_object),
                _ => None,
            },
            None => Some(root),
        });
    if root_obj
        .flatten()
        .is_none_or(|o| o.get("type").and_then(Value::as_str) != Some("object"))
    {
        out.push(problem(
            "",
            "gemini_json.root_not_object",
            "the schema must describe an object (\"type\": \"object\")",
        ));
    }

    let index = index_refs(schema);
    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else {
            // Rule gemini_json.boolean_schema — the supported list has no
            // boolean schemas (`additionalProperties: false` is a keyword
            // value, not a walked schema, and stays allowed).
            out.push(problem(
                v.ptr(),
                "gemini_json.boolean_schema",
                "boolean schemas are not among the supported features",
            ));
            return;
        };
        // Rule gemini_json.unsupported_keyword — "only the following
        // properties are supported" (see GEMINI_JSON_KEYWORDS).
        for k in obj.keys() {
            if !GEMINI_JSON_KEYWORDS.contains(&k.as_str()) {
                out.push(problem(
                    v.at(&[k]),
                    "gemini_json.unsupported_keyword",
                    format!("`{k}` is not among the supported JSON Schema properties"),
                ));
            }
        }
        // Rule gemini_json.type — JSON Schema type names only.
        if let Some(t) = obj.get("type") {
            match type_list(t) {
                Some(names) => {
                    for n in names.iter().filter(|n| !JSON_TYPES.contains(n)) {
                        out.push(problem(
                            v.at(&["type"]),
                            "gemini_json.type",
                            format!("unknown type {n:?}"),
                        ));
                    }
                }
                None => out.push(problem(
                    v.at(&["type"]),
                    "gemini_json.type",
                    format!(
                        "`type` must be a type name or an array of them, not {}",
                        describe(t)
                    ),
                )),
            }
        }
        // Rule gemini_json.enum_value — "enum (for strings and numbers)".
        if let Some(e) = obj.get("enum").and_then(Value::as_array) {
            for (i, item) in e.iter().enumerate() {
                if !(item.is_string() || item.is_number()) {
                    out.push(problem(
                        v.at(&["enum", &i.to_string()]),
                        "gemini_json.enum_value",
                        format!(
                            "enum values must be strings or numbers, not {}",
                            describe(item)
                        ),
                    ));
                }
            }
        }
        // Rule gemini_json.ref_siblings — "If $ref is set on a sub-schema, no
        // other properties, except for than those starting as a $, may be set."
        if obj.contains_key("$ref") {
            for k in obj.keys().filter(|k| !k.starts_with('$')) {
                out.push(problem(
                    v.at(&[k]),
                    "gemini_json.ref_siblings",
                    format!("`{k}` may not be set beside `$ref`"),
                ));
            }
        }
        check_common_shapes(v, out, "gemini_json.malformed");
    });

    // Rule gemini_json.unresolved_ref — `$ref` targets are this document's
    // `$defs` (pointers) or `$anchor`s.
    let mut edges = Vec::new();
    let mut edge_refs = Vec::new();
    for (loc, r) in &index.refs {
        let at = child_ptr(loc, &["$ref"]);
        match ref_location(schema, &index, r, true) {
            Some(target) => {
                edges.push((loc.clone(), target));
                edge_refs.push(at);
            }
            None => out.push(problem(
                at,
                "gemini_json.unresolved_ref",
                format!("$ref {r:?} does not resolve"),
            )),
        }
    }
    // Rule gemini_json.required_cycle — cyclic references "may only be used
    // within non-required properties. (Nullable properties are not
    // sufficient.)": a reference cycle every step of which stays on required
    // properties (or array items, or anyOf branches) is refused.
    let keep = |target: &[String], loc: &[String]| !passes_optional_property(schema, target, loc);
    for (bad, at) in refs_on_cycles(&edges, keep).into_iter().zip(edge_refs) {
        if bad {
            out.push(problem(
                at,
                "gemini_json.required_cycle",
                "cyclic $ref reachable only through required properties",
            ));
        }
    }
}
