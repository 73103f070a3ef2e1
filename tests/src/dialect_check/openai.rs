//! OpenAI Structured Outputs (strict).

use super::*;

//
// Source for every rule unless stated: "Structured model outputs | OpenAI API"
// (platform.openai.com/docs/guides/structured-outputs, also
// developers.openai.com/api/docs/guides/structured-outputs), section
// "Supported schemas". Strict function calling (`strict: true` in
// "Function calling | OpenAI API", "Strict mode") uses the same subset.

/// "Supported types" + "Supported properties" + "Definitions are supported" +
/// "Recursive schemas are supported", plus the annotations the examples use
/// (`description`) or that OpenAI's own SDK emits from Pydantic (`title`).
pub(super) const OPENAI_KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "const",
    "anyOf",
    "$ref",
    "$defs",
    "definitions",
    "description",
    "title",
    // Supported string properties
    "pattern",
    "format",
    // Supported number properties
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    // Supported array properties
    "minItems",
    "maxItems",
];

/// "Some type-specific keywords are not yet supported": "Composition: allOf,
/// not, dependentRequired, dependentSchemas, if, then, else".
pub(super) const OPENAI_COMPOSITION: &[&str] = &[
    "allOf",
    "not",
    "dependentRequired",
    "dependentSchemas",
    "if",
    "then",
    "else",
];

/// "Supported properties": "format — Predefined formats for strings.
/// Currently supported: date-time, time, date, duration, email, hostname,
/// ipv4, ipv6, uuid".
pub(super) const OPENAI_FORMATS: &[&str] = &[
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

pub(super) fn check_openai(schema: &Value, out: &mut Vec<Problem>) {
    // Rule openai.root_not_object / openai.root_any_of — "Root objects must
    // not be anyOf and must be an object": "the root level object of a schema
    // must be an object, and not use anyOf".
    match schema.as_object() {
        Some(root) => {
            if root.get("type").and_then(Value::as_str) != Some("object") {
                out.push(problem(
                    "",
                    "openai.root_not_object",
                    "the root schema must have \"type\": \"object\"",
                ));
            }
            if root.contains_key("anyOf") {
                out.push(problem(
                    "/anyOf",
                    "openai.root_any_of",
                    "the root schema must not use anyOf",
                ));
            }
        }
        None => out.push(problem(
            "",
            "openai.root_not_object",
            "the root schema must be an object schema",
        )),
    }

    let index = index_refs(schema);
    let mut property_count = 0usize;
    let mut enum_count = 0usize;
    let mut string_len = 0usize;

    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else {
            // Rule openai.boolean_schema — "Supported types" lists typed
            // schemas only; a bare `true`/`false` schema is none of them.
            out.push(problem(
                v.ptr(),
                "openai.boolean_schema",
                "boolean schemas are not supported",
            ));
            return;
        };
        for (k, val) in obj {
            let k = k.as_str();
            if OPENAI_COMPOSITION.contains(&k) {
                // Rule openai.unsupported_composition — "Some type-specific
                // keywords are not yet supported" (Composition list).
                out.push(problem(
                    v.at(&[k]),
                    "openai.unsupported_composition",
                    format!("`{k}` is not supported in strict mode"),
                ));
            } else if k == "items" && val.is_array() {
                // Rule openai.tuple_items — `items` is supported as one
                // schema; tuple forms (`items` arrays, `prefixItems`) are not
                // among the supported properties.
                out.push(problem(
                    v.at(&[k]),
                    "openai.tuple_items",
                    "tuple `items` (an array) is not supported",
                ));
            } else if !OPENAI_KEYWORDS.contains(&k) {
                // Rule openai.unsupported_keyword — only the keywords of
                // "Supported types"/"Supported properties" are supported; a
                // strict schema with another one is refused ("If you turn on
                // Structured Outputs by supplying strict: true and call the API
                // with an unsupported JSON Schema, you will receive an error").
                // This covers oneOf (only anyOf is listed), patternProperties,
                // minLength/maxLength (not in "Supported string properties"),
                // uniqueItems, and `default` (historically answered with
                // "'default' is not permitted").
                out.push(problem(
                    v.at(&[k]),
                    "openai.unsupported_keyword",
                    format!("`{k}` is not a supported keyword in strict mode"),
                ));
            }
        }

        // Rule openai.type — "Supported types": String, Number, Boolean,
        // Integer, Object, Array (+ null in a union, "All fields must be
        // required": `"type": ["string", "null"]`).
        match obj.get("type") {
            None => {}
            Some(t) => match type_list(t) {
                Some(names) => {
                    for n in names.iter().filter(|n| !JSON_TYPES.contains(n)) {
                        out.push(problem(
                            v.at(&["type"]),
                            "openai.type",
                            format!("unknown type {n:?}"),
                        ));
                    }
                }
                None => out.push(problem(
                    v.at(&["type"]),
                    "openai.type",
                    format!(
                        "`type` must be a type name or an array of them, not {}",
                        describe(t)
                    ),
                )),
            },
        }
        // Rule openai.missing_type — each schema is one of the "Supported
        // types" (or a union of them): a schema naming no type, no anyOf, no
        // $ref and no enum/const describes "anything", which strict mode has no
        // type for (the API answers "schema must have a 'type' key").
        if !["type", "anyOf", "$ref", "enum", "const"]
            .iter()
            .any(|k| obj.contains_key(*k))
        {
            out.push(problem(
                v.ptr(),
                "openai.missing_type",
                "schema has no `type` (nor anyOf, $ref, enum or const)",
            ));
        }

        if is_object_schema(obj) {
            // Rule openai.additional_properties — "additionalProperties: false
            // must always be set in objects".
            if obj.get("additionalProperties") != Some(&Value::Bool(false)) {
                out.push(problem(
                    v.ptr(),
                    "openai.additional_properties",
                    "object schema must set \"additionalProperties\": false",
                ));
            }
            // Rule openai.required_all — "All fields must be required": every
            // key in `properties` is listed in `required`.
            if let Some(props) = obj.get("properties").and_then(Value::as_object) {
                let required = required_names(obj);
                for name in props.keys().filter(|n| !required.contains(n.as_str())) {
                    out.push(problem(
                        v.ptr(),
                        "openai.required_all",
                        format!("property {name:?} is not listed in `required`"),
                    ));
                }
            }
        }
        check_common_shapes(v, out, "openai.malformed");

        // Rule openai.format — see OPENAI_FORMATS.
        if let Some(f) = obj.get("format")
            && !f.as_str().is_some_and(|f| OPENAI_FORMATS.contains(&f))
        {
            out.push(problem(
                v.at(&["format"]),
                "openai.format",
                format!(
                    "format {} is not one of the supported string formats",
                    describe(f)
                ),
            ));
        }

        // Rule openai.ref_siblings — the documentation is silent, but the
        // API refuses a `$ref` with other keywords beside it ("$ref cannot
        // have keywords {'description'}"), and OpenAI's own SDK inlines such
        // refs for that reason (openai-python `to_strict_json_schema`).
        if obj.contains_key("$ref") {
            for k in obj.keys().filter(|k| *k != "$ref") {
                out.push(problem(
                    v.at(&[k]),
                    "openai.ref_siblings",
                    format!("`{k}` beside `$ref` is refused in strict mode"),
                ));
            }
        }

        // Tallies for "Objects have limitations on nesting depth and size",
        // "Limitations on total string size" and "Limitations on enum size".
        if let Some(props) = obj.get("properties").and_then(Value::as_object) {
            property_count += props.len();
            string_len += props.keys().map(|k| k.chars().count()).sum::<usize>();
        }
        for defs in ["$defs", "definitions"] {
            if let Some(d) = obj.get(defs).and_then(Value::as_object) {
                string_len += d.keys().map(|k| k.chars().count()).sum::<usize>();
            }
        }
        if let Some(c) = obj.get("const") {
            string_len += value_text_len(c);
        }
        if let Some(e) = obj.get("enum").and_then(Value::as_array) {
            enum_count += e.len();
            let len: usize = e.iter().map(value_text_len).sum();
            string_len += len;
            // Rule openai.enum_string_length — "For a single enum property
            // with string values, the total string length of all enum values
            // cannot exceed 15,000 characters when there are more than 250
            // enum values."
            // (A `null` among them, as strict mode writes an optional enum,
            // is not a string value: the strings are counted.)
            let strings: usize = e.iter().filter(|x| x.is_string()).map(value_text_len).sum();
            if e.len() > 250 && e.iter().all(|x| x.is_string() || x.is_null()) && strings > 15_000 {
                out.push(problem(
                    v.at(&["enum"]),
                    "openai.enum_string_length",
                    format!("{} string enum values totalling {strings} characters (limit 15,000 past 250 values)", e.len()),
                ));
            }
        }
    });

    // Rule openai.unresolved_ref — "Definitions are supported" / "Recursive
    // schemas are supported": references point into the schema itself
    // (`#/$defs/...`, `#`); anything else cannot be resolved.
    for (loc, r) in &index.refs {
        if ref_location(schema, &index, r, false).is_none() {
            out.push(problem(
                child_ptr(loc, &["$ref"]),
                "openai.unresolved_ref",
                format!("$ref {r:?} does not resolve inside the schema"),
            ));
        }
    }

    // Rule openai.property_count — "A schema may have up to 5000 object
    // properties total".
    if property_count > 5000 {
        out.push(problem(
            "",
            "openai.property_count",
            format!("{property_count} object properties in total (limit 5000)"),
        ));
    }
    // Rule openai.string_length — "total string length of all property names,
    // definition names, enum values, and const values cannot exceed 120,000
    // characters" (non-string enum/const values counted by their JSON text).
    if string_len > 120_000 {
        out.push(problem(
            "",
            "openai.string_length",
            format!("{string_len} characters of names and enum/const values (limit 120,000)"),
        ));
    }
    // Rule openai.enum_count — "A schema may have up to 1000 enum values
    // across all enum properties".
    if enum_count > 1000 {
        out.push(problem(
            "",
            "openai.enum_count",
            format!("{enum_count} enum values in total (limit 1000)"),
        ));
    }
    // Rule openai.nesting_depth — "with up to 10 levels of nesting". The page
    // does not define a level; here a level is one object schema on the path
    // from the root (arrays and anyOf add none), and a `$ref` nests the
    // definition it names where it is used (a DAG whose repeats went to
    // `$defs` is as deep as written out).
    openai_nesting(schema, out);
}

pub(super) fn type_list(t: &Value) -> Option<Vec<&str>> {
    match t {
        Value::String(s) => Some(vec![s.as_str()]),
        Value::Array(a) if !a.is_empty() => a.iter().map(Value::as_str).collect(),
        _ => None,
    }
}

pub(super) fn value_text_len(v: &Value) -> usize {
    match v {
        Value::String(s) => s.chars().count(),
        other => other.to_string().chars().count(),
    }
}

pub(super) fn openai_nesting(schema: &Value, out: &mut Vec<Problem>) {
    const LIMIT: usize = 10;
    let mut memo: BTreeMap<Vec<String>, usize> = BTreeMap::new();
    let mut on_path: HashSet<Vec<String>> = HashSet::new();
    let depth = nesting_below(schema, &[], schema, &mut memo, &mut on_path, 0);
    if depth > LIMIT {
        out.push(problem(
            "",
            "openai.nesting_depth",
            format!("objects nest {depth} levels deep counting through $ref (limit {LIMIT})"),
        ));
    }
}

/// How many object schemas deep `node` (at `segs`) nests, a `$ref`
/// counting as the schema it names (a definition nests where it is used);
/// a reference back onto the current route adds nothing (recursion is
/// supported), and definitions under `$defs` count only where referenced.
/// Memoized per reference target; at most 256 references followed in a
/// row (deeper is reported as that deep, far past the limit).
pub(super) fn nesting_below(
    root: &Value,
    segs: &[String],
    node: &Value,
    memo: &mut BTreeMap<Vec<String>, usize>,
    on_path: &mut HashSet<Vec<String>>,
    hops: usize,
) -> usize {
    let Some(obj) = node.as_object() else {
        return 0;
    };
    let own = usize::from(is_object_schema(obj));
    let mut below = 0;
    if let Some(r) = obj.get("$ref").and_then(Value::as_str)
        && let RefTarget::Pointer(target) = parse_ref(r)
        && let Some(t) = resolve(root, &target)
    {
        let d = if let Some(d) = memo.get(&target) {
            *d
        } else if on_path.contains(&target) || hops > 256 {
            0
        } else {
            on_path.insert(target.clone());
            let d = nesting_below(root, &target, t, memo, on_path, hops + 1);
            on_path.remove(&target);
            memo.insert(target.clone(), d);
            d
        };
        below = below.max(d);
    }
    for (rel, child) in schema_children(node) {
        if rel[0] == "$defs" || rel[0] == "definitions" {
            continue;
        }
        let mut child_segs = segs.to_vec();
        child_segs.extend(rel);
        below = below.max(nesting_below(root, &child_segs, child, memo, on_path, hops));
    }
    own + below
}

/// Shapes every dialect here needs to read a schema at all: `properties` is a
/// map, `required` a list of names, applicator lists are lists.
pub(super) fn check_common_shapes(v: &Visit<'_>, out: &mut Vec<Problem>, rule: &'static str) {
    let Some(obj) = v.obj() else { return };
    if let Some(p) = obj.get("properties")
        && !p.is_object()
    {
        out.push(problem(
            v.at(&["properties"]),
            rule,
            "`properties` must be an object",
        ));
    }
    if let Some(r) = obj.get("required")
        && !r.as_array().is_some_and(|a| a.iter().all(Value::is_string))
    {
        out.push(problem(
            v.at(&["required"]),
            rule,
            "`required` must be an array of names",
        ));
    }
    for k in ["anyOf", "allOf", "oneOf"] {
        if let Some(a) = obj.get(k)
            && a.as_array().is_none_or(|a| a.is_empty())
        {
            out.push(problem(
                v.at(&[k]),
                rule,
                format!("`{k}` must be a non-empty array of schemas"),
            ));
        }
    }
    if let Some(e) = obj.get("enum")
        && e.as_array().is_none_or(|a| a.is_empty())
    {
        out.push(problem(
            v.at(&["enum"]),
            rule,
            "`enum` must be a non-empty array",
        ));
    }
}
