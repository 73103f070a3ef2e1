//! `convert`: a JSON Schema 2020-12 document lowered into a dialect.

use super::lower::Lowering;
use super::{Dialect, DialectError};
use serde_json::Value;

/// Writes `schema` (JSON Schema 2020-12) in `dialect`, or returns every place
/// it cannot be written there.
///
/// Safe on any value, and iterative: subschemas nested deeper than 128
/// levels, and values the converter copies without walking (`const`,
/// `enum`, `default`, `examples`, `x-*`, unknown keywords) nested deeper than
/// 128 levels of arrays and objects, are refused with their path
/// (`too-deep`) before anything copies them. Time is linear in the schema's
/// size, also for `oneOf` of many constants, tags or externally tagged
/// variants.
///
/// A dialect without references (Gemini's OpenAPI subset) gets every local
/// `$ref` inlined first: a schema used twice (a DAG) is written out twice;
/// a recursive reference, one to another document, or an inlining that
/// would grow past its budget (see `render::inline`) is refused, naming
/// the `$ref`. The places of later violations are then places of the
/// inlined schema.
pub fn convert(schema: &Value, dialect: Dialect) -> Result<Value, DialectError> {
    if let Some(inlined) = inlined(schema, dialect) {
        return match inlined {
            Ok(plain) => convert_plain(&plain, dialect),
            Err(violations) => Err(DialectError {
                dialect,
                violations,
            }),
        };
    }
    convert_plain(schema, dialect)
}

/// `schema` with its references inlined, when the dialect takes none and
/// it has some (or `$defs`); `None`: nothing to inline.
fn inlined(schema: &Value, dialect: Dialect) -> Option<Result<Value, Vec<super::Violation>>> {
    if super::table::caps(dialect).refs != super::table::Refs::Inline {
        return None;
    }
    let defs = schema
        .as_object()
        .is_some_and(|m| m.contains_key("$defs") || m.contains_key("definitions"));
    if !defs && !crate::render::inline::has_refs(schema) {
        return None;
    }
    match crate::render::inline::inline_refs(schema) {
        // Deeper than references are followed: the lowering refuses it,
        // each place named as it names them.
        Err(found) if found.iter().any(|v| v.rule == "too-deep") => None,
        other => Some(other),
    }
}

/// `schema` (JSON Schema 2020-12) with every local `$ref` replaced by the
/// schema it names, for consumers that fail on references (several MCP
/// clients do): a schema used twice is written out twice, `$defs` go; the
/// result accepts exactly the documents `schema` accepts. Keywords beside a
/// `$ref` are merged into what it names when they say other things, else
/// both stand in an `allOf`.
///
/// Refused, each with the place of its `$ref`: a recursive reference (no
/// finite inlining), one to another document or an anchor, and an
/// inlining that would grow the schema past four times its size (at least
/// 65,536 schemas more: a chain of definitions each used twice doubles at
/// every step). Iterative and linear in the input plus the output.
///
/// ```
/// use serde_json::json;
///
/// let schema = json!({
///     "type": "object",
///     "properties": {"from": {"$ref": "#/$defs/Point"}, "to": {"$ref": "#/$defs/Point"}},
///     "$defs": {"Point": {"type": "object", "properties": {"x": {"type": "integer"}}}}
/// });
/// let plain = toolform::dialect::inline_refs(&schema).unwrap();
/// assert_eq!(plain["properties"]["to"]["properties"]["x"]["type"], "integer");
/// assert!(plain.get("$defs").is_none());
///
/// let recursive = json!({"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}}});
/// let err = toolform::dialect::inline_refs(&recursive).unwrap_err();
/// assert_eq!(err[0].path, "/properties/kids/items/$ref");
/// assert_eq!(err[0].rule, "recursion");
/// ```
pub fn inline_refs(schema: &Value) -> Result<Value, Vec<super::Violation>> {
    crate::render::inline::inline_refs(schema).map_err(crate::violation::bounded_list)
}

fn convert_plain(schema: &Value, dialect: Dialect) -> Result<Value, DialectError> {
    let mut lowering = Lowering::new(dialect);
    let out = lowering.lower(schema);
    whole(lowering, out, schema)
}

/// Lowers a schema the renderer built (`json` is its printed form, which
/// gives the JSON of what the lowering copies without walking): what the
/// model knows (exclusive alternatives) is used, not guessed.
///
/// An output schema (`contract`) describes what serde writes, and no
/// decode step stands between the two: where the dialect would make an
/// optional property required (and nullable), it is refused instead.
pub(crate) fn convert_model(
    model: &crate::schema::Schema,
    json: &Value,
    dialect: Dialect,
    contract: crate::Contract,
) -> Result<Value, DialectError> {
    let output = contract == crate::Contract::Output;
    if let Some(inlined) = inlined(json, dialect) {
        // The model's references (a type used twice, a recursive type)
        // are inlined on its JSON.
        return match inlined {
            Ok(plain) => {
                let mut lowering = Lowering::new(dialect);
                lowering.output = output;
                let out = lowering.lower(&plain);
                whole(lowering, out, &plain)
            }
            Err(violations) => Err(DialectError {
                dialect,
                violations,
            }),
        };
    }
    let mut lowering = Lowering::new(dialect);
    lowering.output = output;
    let out = lowering.lower_model(model, json);
    whole(lowering, out, json)
}

/// The checks of a whole lowered schema, and the verdict.
fn whole(mut lowering: Lowering, out: Value, input: &Value) -> Result<Value, DialectError> {
    let dialect = lowering.dialect;
    lowering.at_end();
    // Tool parameters are an object in every provider dialect.
    if lowering.caps.root_object && out.get("type") != Some(&Value::from("object")) {
        lowering.reject(
            "",
            "root-not-object",
            format!(
                "{dialect} takes an object at the root (tool arguments); this type is written as something else"
            ),
        );
    }
    // Every `$ref` names a schema of the input, and still does of the
    // output.
    lowering.dangling_refs(input);
    if lowering.is_clean() && matches!(lowering.caps.refs, super::table::Refs::Defs(_)) {
        lowering.moved_refs(&out, input);
    }
    lowering.whole(&out, input);
    if lowering.is_clean() {
        Ok(out)
    } else {
        Err(DialectError {
            dialect,
            violations: lowering.violations(),
        })
    }
}
