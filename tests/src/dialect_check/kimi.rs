//! Kimi (Moonshot): the Moonshot Flavored JSON Schema (MFJS).

use super::*;

/// Kimi: the Moonshot Flavored JSON Schema as Moonshot's validator states
/// it (MoonshotAI/walle `docs/walle.md`, "Error categories"; the keyword
/// list of `docs/mfjs-spec.md`), the stricter of the two where they differ.
pub(super) fn check_kimi(schema: &Value, out: &mut Vec<Problem>) {
    // Rule kimi.keyword — MFJS's fields: `description`, `default`, `anyOf`,
    // `properties`, `additionalProperties`, `items`, `type`, `enum`,
    // `required`, and `$defs`/`$ref`/`$id` ("supported with limitations").
    const KEYWORDS: [&str; 13] = [
        "description",
        "default",
        "anyOf",
        "properties",
        "additionalProperties",
        "items",
        "type",
        "enum",
        "required",
        "$defs",
        "$ref",
        "$id",
        "title",
    ];
    const RESERVED: [&str; 5] = ["$defs", "$ref", "anyOf", "required", "additionalProperties"];
    // Rule kimi.root — "the root schema must be a JSON object" of type object.
    if schema.get("type").and_then(Value::as_str) != Some("object") {
        out.push(problem(
            "",
            "kimi.root",
            "the root must be an object schema",
        ));
    }
    let (mut properties, mut enums) = (0usize, 0usize);
    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else {
            out.push(problem(
                v.ptr(),
                "kimi.boolean_schema",
                "a schema is an object",
            ));
            return;
        };
        let at_root = v.segs.is_empty();
        for k in obj.keys() {
            if !KEYWORDS.contains(&k.as_str()) {
                out.push(problem(
                    v.at(&[k]),
                    "kimi.keyword",
                    format!("`{k}` is not an MFJS keyword"),
                ));
            }
            // Rule kimi.root_only — "`$defs` and `$id` may only appear at the root".
            if (k == "$defs" || k == "$id") && !at_root {
                out.push(problem(
                    v.at(&[k]),
                    "kimi.root_only",
                    format!("`{k}` away from the root"),
                ));
            }
        }
        // Rule kimi.title — the spec: "Descriptive metadata like `title` ... not supported".
        if obj.contains_key("title") {
            out.push(problem(
                v.at(&["title"]),
                "kimi.title",
                "`title` is not supported",
            ));
        }
        let composite = obj.contains_key("anyOf") || obj.contains_key("$ref");
        // Rule kimi.type — "Every subschema must declare `type` explicitly";
        // "If `anyOf` or `$ref` is present, `type` must appear inside".
        if composite {
            for k in obj.keys() {
                let fine = matches!(k.as_str(), "anyOf" | "$ref" | "description" | "title")
                    || (at_root && matches!(k.as_str(), "$defs" | "$id"));
                if !fine {
                    out.push(problem(
                        v.at(&[k]),
                        "kimi.beside_any_of",
                        format!("`{k}` beside `anyOf`/`$ref`: only description and title may stand there"),
                    ));
                }
            }
        } else if !obj.contains_key("type") {
            out.push(problem(
                v.ptr(),
                "kimi.type",
                "the schema declares no `type`",
            ));
        }
        match obj.get("type") {
            Some(Value::String(t)) if !JSON_TYPES.contains(&t.as_str()) => {
                out.push(problem(
                    v.at(&["type"]),
                    "kimi.type",
                    format!("unknown type {t:?}"),
                ));
            }
            Some(Value::Array(types)) => {
                // Rule kimi.type_array — without `enum`, only description/title
                // beside it; with `enum`, one type, or one of number/integer/
                // string/boolean and null.
                if obj.contains_key("enum") {
                    let names: Vec<&str> = types.iter().filter_map(Value::as_str).collect();
                    let fine = names.len() == 1
                        || (names.len() == 2
                            && names.contains(&"null")
                            && names.iter().any(|n| {
                                matches!(*n, "number" | "integer" | "string" | "boolean")
                            }));
                    if !fine {
                        out.push(problem(
                            v.at(&["type"]),
                            "kimi.type_array",
                            "an enum's type array is one type and null",
                        ));
                    }
                } else {
                    for k in obj
                        .keys()
                        .filter(|k| !matches!(k.as_str(), "type" | "description" | "title"))
                    {
                        out.push(problem(
                            v.at(&[k]),
                            "kimi.type_array",
                            format!("`{k}` beside a type array: only description and title may stand there"),
                        ));
                    }
                }
            }
            _ => {}
        }
        // Rule kimi.enum — "All `enum` elements must share the same type";
        // float, int and str only.
        if let Some(e) = obj.get("enum") {
            match e.as_array() {
                Some(values) if !values.is_empty() => {
                    enums += values.len();
                    let strings = values.iter().all(Value::is_string);
                    let numbers = values.iter().all(Value::is_number);
                    if !strings && !numbers {
                        out.push(problem(
                            v.at(&["enum"]),
                            "kimi.enum",
                            "enum values are all strings or all numbers",
                        ));
                    }
                    // Integers decimal within ±(2^53 - 1); floats without an exponent.
                    for n in values.iter().filter_map(Value::as_number) {
                        let big = n
                            .as_i64()
                            .map_or(n.as_u64().is_some(), |i| i.unsigned_abs() > (1 << 53) - 1);
                        if big || n.to_string().contains(['e', 'E']) {
                            out.push(problem(
                                v.at(&["enum"]),
                                "kimi.number",
                                format!("{n} is out of Kimi's numbers"),
                            ));
                        }
                    }
                }
                _ => out.push(problem(
                    v.at(&["enum"]),
                    "kimi.enum",
                    "enum is a non-empty array",
                )),
            }
        }
        // Rule kimi.default — "only allowed for boolean, number, string, integer, and null".
        if let Some(d) = obj.get("default")
            && (d.is_object() || d.is_array())
        {
            out.push(problem(
                v.at(&["default"]),
                "kimi.default",
                "a default is a scalar",
            ));
        }
        if let Some(props) = obj.get("properties").and_then(Value::as_object) {
            properties += props.len();
            // Rule kimi.reserved_name.
            for name in props.keys().filter(|n| RESERVED.contains(&n.as_str())) {
                out.push(problem(
                    v.at(&["properties", name.as_str()]),
                    "kimi.reserved_name",
                    format!("property name {name:?}"),
                ));
            }
            // Rule kimi.required — "every name in `required` must be declared in `properties`".
            for r in required_names(obj)
                .into_iter()
                .filter(|r| !props.contains_key(*r))
            {
                out.push(problem(
                    v.at(&["required"]),
                    "kimi.required",
                    format!("{r:?} is not a property"),
                ));
            }
            // An object property's schema is typed (`{}` is ANY only at the
            // root or as `additionalProperties`): covered by kimi.type.
        }
        // Rule kimi.any_of_count — "`anyOf` must have between 1 and 10 items".
        if let Some(alts) = obj.get("anyOf").and_then(Value::as_array)
            && !(1..=10).contains(&alts.len())
        {
            out.push(problem(
                v.at(&["anyOf"]),
                "kimi.any_of_count",
                format!("{} alternatives", alts.len()),
            ));
        }
        // Rule kimi.ref — "references must start with #/$defs/" (or `#`).
        if let Some(r) = obj.get("$ref") {
            let fine = r.as_str().is_some_and(|r| {
                r == "#"
                    || r.strip_prefix("#/$defs/")
                        .is_some_and(|n| !n.is_empty() && !n.contains('/'))
            });
            if !fine {
                out.push(problem(
                    v.at(&["$ref"]),
                    "kimi.ref",
                    format!("$ref {r} is not #/$defs/<name> or #"),
                ));
            }
        }
        // Rule kimi.additional_properties — a boolean or an object.
        if let Some(a) = obj.get("additionalProperties")
            && !a.is_boolean()
            && !a.is_object()
        {
            out.push(problem(
                v.at(&["additionalProperties"]),
                "kimi.additional_properties",
                "a boolean or a schema",
            ));
        }
        check_common_shapes(v, out, "kimi.malformed");
    });
    // Rule kimi.limits — "up to 100 object properties in total, with up to 5
    // levels of nesting"; "up to 500 enum values across all enum properties".
    if properties > 100 {
        out.push(problem(
            "",
            "kimi.property_count",
            format!("{properties} properties (limit 100)"),
        ));
    }
    if enums > 500 {
        out.push(problem(
            "",
            "kimi.enum_count",
            format!("{enums} enum values (limit 500)"),
        ));
    }
    let mut memo: BTreeMap<Vec<String>, usize> = BTreeMap::new();
    let mut on_path: HashSet<Vec<String>> = HashSet::new();
    let depth = nesting_below(schema, &[], schema, &mut memo, &mut on_path, 0);
    if depth > 5 {
        out.push(problem(
            "",
            "kimi.nesting_depth",
            format!("objects nest {depth} levels deep (limit 5)"),
        ));
    }
}
