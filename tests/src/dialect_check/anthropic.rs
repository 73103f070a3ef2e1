//! Anthropic strict tool use / structured outputs.

use super::*;

//
// Source for every rule unless stated: "Structured outputs" in the Claude
// Developer Platform docs (platform.claude.com/docs/en/build-with-claude/
// structured-outputs), section "JSON Schema limitations" (lists "Supported
// features" and "Not supported"); "Strict tool use" (…/agents-and-tools/
// tool-use/strict-tool-use) says strict tools share these limitations and
// gives the complexity limits.

/// "Supported features": basic types, `enum`, `const`, `anyOf` and `allOf`,
/// `$ref`/`$def`/`definitions`, `default`, `required`, `additionalProperties`
/// (false), string `format`s, array `minItems` (0 or 1); the regex section
/// covers `pattern`. `description` and `title` are annotations the SDK's
/// `transform_schema` keeps. (The page writes `$def`; the JSON Schema keyword,
/// and what the SDK sends, is `$defs`.)
pub(super) const ANTHROPIC_KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "const",
    "anyOf",
    "allOf",
    "$ref",
    "$defs",
    "definitions",
    "default",
    "description",
    "title",
    "format",
    "pattern",
    "minItems",
];

/// "Not supported": "Numerical constraints (minimum, maximum, multipleOf, etc.)".
pub(super) const ANTHROPIC_NUMERIC: &[&str] = &[
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
];
/// "Not supported": "String constraints (minLength, maxLength)".
pub(super) const ANTHROPIC_STRING: &[&str] = &["minLength", "maxLength"];
/// "Not supported": "Array constraints beyond minItems of 0 or 1".
pub(super) const ANTHROPIC_ARRAY: &[&str] = &[
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
];
/// "Supported features": "String formats: date-time, time, date, duration,
/// email, hostname, uri, ipv4, ipv6, uuid".
pub(super) const ANTHROPIC_FORMATS: &[&str] = &[
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

pub(super) fn check_anthropic(schema: &Value, out: &mut Vec<Problem>) {
    // Rule anthropic.root_alternatives — the tool's `input_schema` is one
    // object ("Define tools": "input_schema: A JSON Schema object defining
    // the expected parameters for the tool"); issue 23 reports the strict
    // grammar refusing `anyOf`/`oneOf`/`allOf` at the root.
    root_alternatives(
        schema,
        &["anyOf", "oneOf", "allOf"],
        "anthropic.root_alternatives",
        out,
    );
    let index = index_refs(schema);
    let mut optional = 0usize;
    let mut unions = 0usize;

    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else {
            // Rule anthropic.boolean_schema — "Supported features" lists typed
            // schemas; a bare `true`/`false` schema is not one.
            out.push(problem(
                v.ptr(),
                "anthropic.boolean_schema",
                "boolean schemas are not supported",
            ));
            return;
        };
        for (k, val) in obj {
            let k = k.as_str();
            if ANTHROPIC_NUMERIC.contains(&k) {
                // Rule anthropic.numeric_constraint.
                out.push(problem(
                    v.at(&[k]),
                    "anthropic.numeric_constraint",
                    format!("numerical constraint `{k}` is not supported"),
                ));
            } else if ANTHROPIC_STRING.contains(&k) {
                // Rule anthropic.string_constraint.
                out.push(problem(
                    v.at(&[k]),
                    "anthropic.string_constraint",
                    format!("string constraint `{k}` is not supported"),
                ));
            } else if ANTHROPIC_ARRAY.contains(&k) {
                // Rule anthropic.array_constraint.
                out.push(problem(
                    v.at(&[k]),
                    "anthropic.array_constraint",
                    format!("array constraint `{k}` is not supported"),
                ));
            } else if k == "minItems" {
                // Rule anthropic.array_constraint — "Array minItems (only values
                // 0 and 1 supported)".
                if !matches!(val.as_u64(), Some(0 | 1)) {
                    out.push(problem(
                        v.at(&[k]),
                        "anthropic.array_constraint",
                        format!("minItems {} is not supported (only 0 or 1)", describe(val)),
                    ));
                }
            } else if k == "items" && val.is_array() {
                // Rule anthropic.unsupported_keyword — tuple `items`.
                out.push(problem(
                    v.at(&[k]),
                    "anthropic.unsupported_keyword",
                    "tuple `items` (an array) is not supported",
                ));
            } else if !ANTHROPIC_KEYWORDS.contains(&k) {
                // Rule anthropic.unsupported_keyword — outside "Supported
                // features": e.g. oneOf, not, if/then/else, patternProperties,
                // prefixItems, propertyNames, dependentRequired.
                out.push(problem(
                    v.at(&[k]),
                    "anthropic.unsupported_keyword",
                    format!("`{k}` is not among the supported JSON Schema features"),
                ));
            }
        }

        // Rule anthropic.type — "All basic types: object, array, string,
        // integer, number, boolean, null".
        if let Some(t) = obj.get("type") {
            match type_list(t) {
                Some(names) => {
                    for n in names.iter().filter(|n| !JSON_TYPES.contains(n)) {
                        out.push(problem(
                            v.at(&["type"]),
                            "anthropic.type",
                            format!("unknown type {n:?}"),
                        ));
                    }
                    if names.len() > 1 {
                        unions += 1;
                    }
                }
                None => out.push(problem(
                    v.at(&["type"]),
                    "anthropic.type",
                    format!(
                        "`type` must be a type name or an array of them, not {}",
                        describe(t)
                    ),
                )),
            }
        }
        // Rule anthropic.missing_type — every supported feature is a typed
        // schema, an enum/const, or a composition; Anthropic's SDK refuses
        // anything else ("Schema must have a 'type', 'enum', 'anyOf', 'oneOf',
        // or 'allOf' field", anthropic-sdk-python lib/_parse/_transform.py).
        if !["type", "enum", "const", "anyOf", "allOf", "$ref"]
            .iter()
            .any(|k| obj.contains_key(*k))
        {
            out.push(problem(
                v.ptr(),
                "anthropic.missing_type",
                "schema has no `type` (nor enum, const, anyOf, allOf or $ref)",
            ));
        }
        if obj.get("anyOf").is_some_and(Value::is_array) {
            unions += 1;
        }

        // Rule anthropic.additional_properties — "required and
        // additionalProperties (must be set to false for objects)"; "Not
        // supported: additionalProperties set to anything other than false".
        if is_object_schema(obj) && obj.get("additionalProperties") != Some(&Value::Bool(false)) {
            out.push(problem(
                v.ptr(),
                "anthropic.additional_properties",
                "object schema must set \"additionalProperties\": false",
            ));
        }
        if let Some(props) = obj.get("properties").and_then(Value::as_object) {
            let required = required_names(obj);
            optional += props
                .keys()
                .filter(|k| !required.contains(k.as_str()))
                .count();
        }
        check_common_shapes(v, out, "anthropic.malformed");

        // Rule anthropic.enum_value — "enum (strings, numbers, bools, or nulls
        // only - no complex types)".
        if let Some(e) = obj.get("enum").and_then(Value::as_array) {
            for (i, item) in e.iter().enumerate() {
                if item.is_object() || item.is_array() {
                    out.push(problem(
                        v.at(&["enum", &i.to_string()]),
                        "anthropic.enum_value",
                        "complex types are not supported in enums",
                    ));
                }
            }
        }
        // Rule anthropic.format — see ANTHROPIC_FORMATS.
        if let Some(f) = obj.get("format")
            && !f.as_str().is_some_and(|f| ANTHROPIC_FORMATS.contains(&f))
        {
            out.push(problem(
                v.at(&["format"]),
                "anthropic.format",
                format!(
                    "format {} is not one of the supported string formats",
                    describe(f)
                ),
            ));
        }
        // Rule anthropic.pattern — regex support in "JSON Schema limitations":
        // no backreferences, no lookahead/lookbehind, no word boundaries.
        if let Some(p) = obj.get("pattern") {
            match p.as_str() {
                Some(p) => {
                    if let Some(feature) = unsupported_regex_feature(p) {
                        out.push(problem(
                            v.at(&["pattern"]),
                            "anthropic.pattern",
                            format!("pattern uses {feature}, which is not supported"),
                        ));
                    }
                }
                None => out.push(problem(
                    v.at(&["pattern"]),
                    "anthropic.malformed",
                    "`pattern` must be a string",
                )),
            }
        }
        // Rule anthropic.allof_ref — "anyOf and allOf (with limitations -
        // allOf with $ref not supported)".
        if let Some(all) = obj.get("allOf").and_then(Value::as_array) {
            for (i, member) in all.iter().enumerate() {
                if member.get("$ref").is_some() {
                    out.push(problem(
                        v.at(&["allOf", &i.to_string(), "$ref"]),
                        "anthropic.allof_ref",
                        "allOf with $ref is not supported",
                    ));
                }
            }
        }
    });

    // Rules anthropic.external_ref / anthropic.unresolved_ref — "$ref, $def,
    // and definitions (external $ref not supported)".
    let mut edges = Vec::new();
    let mut edge_refs = Vec::new();
    for (loc, r) in &index.refs {
        let at = child_ptr(loc, &["$ref"]);
        if parse_ref(r) == RefTarget::External {
            out.push(problem(
                at,
                "anthropic.external_ref",
                format!("external $ref {r:?} is not supported"),
            ));
        } else if let Some(target) = ref_location(schema, &index, r, false) {
            edges.push((loc.clone(), target));
            edge_refs.push(at);
        } else {
            out.push(problem(
                at,
                "anthropic.unresolved_ref",
                format!("$ref {r:?} does not resolve"),
            ));
        }
    }
    // Rule anthropic.recursive_ref — "Not supported: Recursive schemas".
    for (on_cycle, at) in refs_on_cycles(&edges, |_, _| true)
        .into_iter()
        .zip(edge_refs)
    {
        if on_cycle {
            out.push(problem(
                at,
                "anthropic.recursive_ref",
                "recursive schemas are not supported",
            ));
        }
    }
    // Rules anthropic.optional_limit / anthropic.union_limit — "Strict tool
    // use", complexity limits (across all strict schemas of a request, so one
    // schema is held to the whole budget): 24 optional parameters; 16
    // parameters using anyOf or type arrays (the API answers "Schemas contains
    // too many parameters with union types … limit: 16"). Counted in the
    // schema as written, without expanding $ref.
    if optional > 24 {
        out.push(problem(
            "",
            "anthropic.optional_limit",
            format!("{optional} optional properties (limit 24 per request)"),
        ));
    }
    if unions > 16 {
        out.push(problem(
            "",
            "anthropic.union_limit",
            format!("{unions} schemas use anyOf or a type array (limit 16 per request)"),
        ));
    }
}

/// The first regex feature Anthropic's grammar compiler does not support.
pub(super) fn unsupported_regex_feature(p: &str) -> Option<&'static str> {
    let chars: Vec<char> = p.chars().collect();
    let mut in_class = false;
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                let next = chars.get(i + 1).copied();
                match next {
                    Some('1'..='9') if !in_class => return Some("a backreference"),
                    Some('k') if chars.get(i + 2) == Some(&'<') => {
                        return Some("a named backreference");
                    }
                    Some('b' | 'B') if !in_class => return Some("a word boundary"),
                    _ => {}
                }
                i += 2;
                continue;
            }
            '[' if !in_class => in_class = true,
            ']' if in_class => in_class = false,
            '(' if !in_class && chars.get(i + 1) == Some(&'?') => {
                let rest: String = chars[i + 2..].iter().take(2).collect();
                if rest.starts_with('=') || rest.starts_with('!') {
                    return Some("a lookahead");
                }
                if rest == "<=" || rest == "<!" {
                    return Some("a lookbehind");
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}
