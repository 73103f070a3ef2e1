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
pub fn convert(schema: &Value, dialect: Dialect) -> Result<Value, DialectError> {
    let mut lowering = Lowering::new(dialect);
    let out = lowering.lower(schema);
    whole(lowering, out, schema)
}

/// Lowers a schema the renderer built (`json` is its printed form, which
/// gives the JSON of what the lowering copies without walking): what the
/// model knows (exclusive alternatives) is used, not guessed.
pub(crate) fn convert_model(
    model: &crate::schema::Schema,
    json: &Value,
    dialect: Dialect,
) -> Result<Value, DialectError> {
    let mut lowering = Lowering::new(dialect);
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
