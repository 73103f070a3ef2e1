//! JSON Schema 2020-12 and draft-07: the meta-schema and the `jsonschema`
//! crate, and the keywords draft-07 does not have.

use super::*;

/// `$schema` values that name draft 2020-12.
pub(super) fn is_2020_uri(s: &str) -> bool {
    matches!(
        s.trim_end_matches('#'),
        "https://json-schema.org/draft/2020-12/schema"
            | "http://json-schema.org/draft/2020-12/schema"
    )
}

/// `$schema` values that name draft-07.
pub(super) fn is_draft07_uri(s: &str) -> bool {
    matches!(
        s.trim_end_matches('#'),
        "http://json-schema.org/draft-07/schema" | "https://json-schema.org/draft-07/schema"
    )
}

pub(super) fn check_json2020(schema: &Value, out: &mut Vec<Problem>) {
    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else { return };
        // Rule json2020.foreign_schema — JSON Schema 2020-12 Core, §8.1.1 "The
        // $schema Keyword": the value names the dialect the schema is written
        // in; a schema for 2020-12 must not declare another draft.
        if let Some(s) = obj.get("$schema")
            && !s.as_str().is_some_and(is_2020_uri)
        {
            out.push(problem(
                v.at(&["$schema"]),
                "json2020.foreign_schema",
                format!("$schema {} is not draft 2020-12", describe(s)),
            ));
        }
        // Rule json2020.legacy_keyword — "JSON Schema 2020-12 Release Notes":
        // `additionalItems` is gone (array `items` became `prefixItems`, and
        // `items` now means "additional items"); `$recursiveRef` and
        // `$recursiveAnchor` (2019-09) were replaced by `$dynamicRef` and
        // `$dynamicAnchor`. 2020-12 validators ignore them, silently.
        for k in ["additionalItems", "$recursiveRef", "$recursiveAnchor"] {
            if obj.contains_key(k) {
                out.push(problem(
                    v.at(&[k]),
                    "json2020.legacy_keyword",
                    format!("`{k}` is not a draft 2020-12 keyword"),
                ));
            }
        }
    });
    // Rules json2020.meta_schema / json2020.compile — the schema validates
    // against the 2020-12 meta-schema and compiles (every `$ref` resolves,
    // every `pattern` is a regex) with the `jsonschema` crate as 2020-12.
    // Compilation is offline: a `$ref` to another document is a problem, never
    // a network fetch.
    run_jsonschema(schema, out, jsonschema::Draft::Draft202012, "json2020");
}

pub(super) fn run_jsonschema(
    schema: &Value,
    out: &mut Vec<Problem>,
    draft: jsonschema::Draft,
    dialect: &'static str,
) {
    let (meta_rule, compile_rule, deep_rule) = if dialect == "json2020" {
        (
            "json2020.meta_schema",
            "json2020.compile",
            "json2020.too_deep",
        )
    } else {
        ("draft07.meta_schema", "draft07.compile", "draft07.too_deep")
    };
    if json_deeper_than(schema, MAX_JSON_DEPTH) {
        out.push(problem(
            "",
            deep_rule,
            format!(
                "document nests deeper than {MAX_JSON_DEPTH} JSON values; meta-schema check skipped"
            ),
        ));
        return;
    }
    let result = with_big_stack(schema, || {
        let mut found = Vec::new();
        let meta = match draft {
            jsonschema::Draft::Draft7 => jsonschema::draft7::meta::validator(),
            _ => jsonschema::draft202012::meta::validator(),
        };
        for e in meta.iter_errors(schema).take(64) {
            found.push(problem(
                e.instance_path().as_str(),
                meta_rule,
                e.to_string(),
            ));
        }
        if found.is_empty()
            && let Err(e) = jsonschema::options()
                .with_draft(draft)
                .offline()
                .build(schema)
        {
            found.push(problem("", compile_rule, e.to_string()));
        }
        found
    });
    match result {
        Ok(found) => out.extend(found),
        Err(msg) => out.push(problem(
            "",
            compile_rule,
            format!("validator failed: {msg}"),
        )),
    }
}

/// Keywords introduced after draft-07 (2019-09 or 2020-12).
pub(super) const POST_DRAFT07_KEYWORDS: &[&str] = &[
    "prefixItems",
    "$defs",
    "dependentRequired",
    "dependentSchemas",
    "unevaluatedProperties",
    "unevaluatedItems",
    "$anchor",
    "$dynamicRef",
    "$dynamicAnchor",
    "$recursiveRef",
    "$recursiveAnchor",
    "minContains",
    "maxContains",
    "contentSchema",
    "$vocabulary",
];

/// Keywords whose being ignored beside a draft-07 `$ref` changes nothing
/// (annotations), plus `definitions`, which stays reachable by pointer.
pub(super) const DRAFT07_REF_HARMLESS_SIBLINGS: &[&str] = &[
    "definitions",
    "$schema",
    "$comment",
    "title",
    "description",
    "default",
    "examples",
    "readOnly",
    "writeOnly",
];

pub(super) fn check_draft07(schema: &Value, out: &mut Vec<Problem>) {
    walk(schema, out, |v, out| {
        let Some(obj) = v.obj() else { return };
        // Rule draft07.foreign_schema — draft-handrews-json-schema-01 (draft-07
        // Core), §7 "The $schema Keyword": the value identifies the meta-schema;
        // a draft-07 schema must name draft-07 (or nothing).
        if let Some(s) = obj.get("$schema")
            && !s.as_str().is_some_and(is_draft07_uri)
        {
            out.push(problem(
                v.at(&["$schema"]),
                "draft07.foreign_schema",
                format!("$schema {} is not draft-07", describe(s)),
            ));
        }
        // Rule draft07.newer_keyword — "JSON Schema 2019-09 Release Notes" and
        // "JSON Schema 2020-12 Release Notes": these keywords do not exist in
        // draft-07 (`$defs` is draft-07's `definitions`; `prefixItems` is
        // draft-07's array-form `items`), so a draft-07 validator ignores them.
        for k in obj.keys() {
            if POST_DRAFT07_KEYWORDS.contains(&k.as_str()) {
                out.push(problem(
                    v.at(&[k]),
                    "draft07.newer_keyword",
                    format!("`{k}` is not a draft-07 keyword (it is ignored there)"),
                ));
            }
        }
        // Rule draft07.ref_siblings — draft-handrews-json-schema-01, §8.3
        // "Schema References With $ref": "All other properties in a "$ref"
        // object MUST be ignored." A constraint beside `$ref` is dead in
        // draft-07 (annotations and `definitions` are let through).
        if obj.contains_key("$ref") {
            for k in obj.keys() {
                if k != "$ref" && !DRAFT07_REF_HARMLESS_SIBLINGS.contains(&k.as_str()) {
                    out.push(problem(
                        v.at(&[k]),
                        "draft07.ref_siblings",
                        format!("`{k}` beside `$ref` is ignored in draft-07"),
                    ));
                }
            }
        }
    });
    // Rules draft07.meta_schema / draft07.compile — the schema validates
    // against the draft-07 meta-schema (http://json-schema.org/draft-07/schema#)
    // and compiles as draft-07 (references resolve, patterns are regexes).
    run_jsonschema(schema, out, jsonschema::Draft::Draft7, "draft07");
}
