//! The dialect half of the proof: each type's input schema converted to
//! every provider dialect, checked by an independent checker, and documents
//! valid under the converted schema read by serde after the dialect's
//! decode.

use super::*;
use crate::mutate::Mutant;

/// What converting one type's input schema to every dialect found.
#[derive(Debug, Default)]
pub struct DialectReport {
    /// (dialect, converted) pairs the independent checker accepted.
    pub accepted: usize,
    /// Conversions refused with an error naming the path.
    pub refused: Vec<String>,
    /// Documents valid under a converted schema that serde then read.
    pub decoded: usize,
    /// Documents valid under a converted schema that serde refused because
    /// of a constraint the dialect moved into the description (the one
    /// documented weakening).
    pub moved: usize,
}

/// What OpenAI strict moves into the description (the first six), and
/// Groq strict besides: the array bounds.
const OPENAI_MOVED: [&str; 8] = [
    "minLength",
    "maxLength",
    "format",
    "not",
    "minProperties",
    "maxProperties",
    "minItems",
    "maxItems",
];

/// Whether every reason the original schema has to refuse `doc` (its added
/// nulls removed) is a keyword `dialect` moves into the description.
fn moved_only(
    original: &jsonschema::Validator,
    schema: &Value,
    doc: &Value,
    dialect: toolform::dialect::Dialect,
) -> bool {
    use toolform::dialect::Dialect;
    let moved: &[&str] = match dialect {
        Dialect::AnthropicStrict => &[
            "minimum",
            "maximum",
            "exclusiveMinimum",
            "exclusiveMaximum",
            "multipleOf",
            "minLength",
            "maxLength",
            "minItems",
            "maxItems",
            "minProperties",
            "maxProperties",
            "format",
            "not",
        ],
        Dialect::OpenAiStrict => &OPENAI_MOVED[..6],
        // OpenAI's, and the array bounds.
        Dialect::GroqStrict => &OPENAI_MOVED,
        // Every bound, `pattern` and format.
        Dialect::Kimi => &[
            "pattern",
            "minimum",
            "maximum",
            "exclusiveMinimum",
            "exclusiveMaximum",
            "multipleOf",
            "minLength",
            "maxLength",
            "minItems",
            "maxItems",
            "minProperties",
            "maxProperties",
            "uniqueItems",
            "format",
            "not",
        ],
        Dialect::Gemini => &[
            "exclusiveMinimum",
            "exclusiveMaximum",
            "multipleOf",
            "not",
            "additionalProperties",
            "uniqueItems",
        ],
        Dialect::GeminiJsonSchema => &[
            "pattern",
            "minLength",
            "maxLength",
            "exclusiveMinimum",
            "exclusiveMaximum",
            "multipleOf",
            "uniqueItems",
            "propertyNames",
            "minProperties",
            "maxProperties",
            "not",
        ],
        _ => &[],
    };
    let errors: Vec<String> = original
        .iter_errors(doc)
        .map(|e| e.schema_path().to_string())
        .collect();
    if errors.is_empty() {
        return false;
    }
    if errors
        .iter()
        .all(|p| p.split('/').any(|seg| moved.contains(&seg)))
    {
        return true;
    }
    // An error inside `oneOf`/`anyOf` is reported at the combinator: the
    // original without the moved keywords decides instead.
    let stripped = without(schema, moved);
    try_validator_in(&stripped, jsonschema::Draft::Draft202012).is_ok_and(|v| v.is_valid(doc))
}

/// `schema` without the keywords `moved` wherever a schema holds them
/// (property names and values are left alone). Recursive: for toolform's
/// own, shallow, schemas.
fn without(schema: &Value, moved: &[&str]) -> Value {
    match schema {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| !moved.contains(&k.as_str()))
                .map(|(k, v)| {
                    let v = match (k.as_str(), v) {
                        (
                            "properties" | "$defs" | "definitions" | "patternProperties"
                            | "dependentSchemas",
                            Value::Object(named),
                        ) => Value::Object(
                            named
                                .iter()
                                .map(|(n, s)| (n.clone(), without(s, moved)))
                                .collect(),
                        ),
                        ("const" | "enum" | "default" | "examples", _) => v.clone(),
                        _ => without(v, moved),
                    };
                    (k.clone(), v)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|i| without(i, moved)).collect()),
        other => other.clone(),
    }
}

/// Every dialect: the converted input schema passes the independent checker
/// (`dialect_check`, written from the providers' published rules) or the
/// converter refused with paths; and every document valid under a converted
/// schema deserializes with serde after `Dialect::decode`.
pub fn check_dialects<T>(seeds: &[Value]) -> DialectReport
where
    T: ToolSchema + DeserializeOwned,
{
    check_dialects_with::<T>(seeds, &[])
}

/// [`check_dialects`] with limits of this type alone.
pub fn check_dialects_with<T>(seeds: &[Value], own_limits: &'static [Limit]) -> DialectReport
where
    T: ToolSchema + DeserializeOwned,
{
    use crate::dialect_check::{Provider, check};
    use toolform::dialect::Dialect;
    let mut report = DialectReport::default();
    let name = std::any::type_name::<T>();
    for dialect in Dialect::ALL {
        let Some(provider) = Provider::of(dialect) else {
            continue;
        };
        let converted = match T::schema(dialect) {
            Ok(s) => s,
            Err(e) => {
                assert!(
                    !e.violations().is_empty() && e.violations().iter().all(|v| !v.rule.is_empty()),
                    "{name} {dialect}: an error without violations"
                );
                report
                    .refused
                    .push(format!("{name} {dialect}: {}", e.violations()[0]));
                continue;
            }
        };
        let problems = check(provider, converted);
        assert!(
            problems.is_empty(),
            "{name}: the {dialect} checker refuses the converted schema: {problems:#?}\n{converted:#}"
        );
        report.accepted += 1;
        // Meaning survives: what the converted schema accepts, serde reads.
        let draft = match dialect {
            Dialect::JsonSchemaDraft07 => jsonschema::Draft::Draft7,
            _ => jsonschema::Draft::Draft202012,
        };
        let Ok(validator) = try_validator_in(converted, draft) else {
            continue;
        };
        // The original, for telling a moved constraint from a lost meaning.
        let original_schema = T::input_schema().clone();
        let original = self::validator(&original_schema);
        let mut known = Vec::new();
        property_names(converted, &mut known);
        for seed in seeds {
            let filled = fill_nulls(seed.clone(), converted, converted, 0);
            for m in mutants(&filled, &known) {
                if !validator.is_valid(&m.doc) {
                    continue;
                }
                // Gemini's `nullable` is not JSON Schema: skip documents
                // whose nulls only it would allow.
                match dialect.decode::<T>(m.doc.clone()) {
                    Ok(_) => report.decoded += 1,
                    Err(e) if is_known_gap(&m, name, e.to_string(), own_limits) => {}
                    Err(_) if moved_only(&original, &original_schema, &m.doc, dialect) => {
                        report.moved += 1
                    }
                    // Gemini has no closed objects and no `not`: a field's
                    // serde alias is left out like any unknown key, and a
                    // document with the field under two names is refused by
                    // serde alone (the loss of closedness).
                    Err(e)
                        if dialect == Dialect::Gemini
                            && e.to_string().starts_with("duplicate field") =>
                    {
                        report.moved += 1
                    }
                    Err(e) => panic!(
                        "{name} {dialect}: the converted schema accepts a document serde refuses ({e})\n  {}\n  schema: {converted}",
                        m.doc
                    ),
                }
            }
        }
    }
    report
}

/// The documented limits of JSON Schema itself (integral floats, calendars
/// in patterns, ...) apply under every dialect too.
fn is_known_gap(m: &Mutant, type_name: &'static str, error: String, own: &[Limit]) -> bool {
    let d = Disagreement {
        type_name,
        mutant: m.clone(),
        schema_accepts: true,
        serde_accepts: false,
        serde_error: Some(error),
    };
    LIMITS.iter().chain(own).any(|l| (l.applies)(&d))
}

/// Adds `null` for every property a schema requires and the document lacks,
/// when the property accepts null (OpenAI strict's "required and nullable").
fn fill_nulls(mut doc: Value, schema: &Value, root: &Value, depth: usize) -> Value {
    if depth > 64 {
        return doc;
    }
    let schema = match schema.get("$ref").and_then(Value::as_str) {
        Some("#") => root,
        Some(r) => r
            .strip_prefix('#')
            .and_then(|p| root.pointer(p))
            .unwrap_or(schema),
        None => schema,
    };
    if let (Value::Object(map), Some(Value::Object(props))) = (&mut doc, schema.get("properties")) {
        if let Some(Value::Array(required)) = schema.get("required") {
            for key in required.iter().filter_map(Value::as_str) {
                let nullable = props.get(key).is_some_and(|p| {
                    p.get("type")
                        .and_then(Value::as_array)
                        .is_some_and(|t| t.contains(&Value::from("null")))
                        || p.get("anyOf")
                            .and_then(Value::as_array)
                            .is_some_and(|a| a.contains(&serde_json::json!({"type": "null"})))
                        || p.get("nullable") == Some(&Value::Bool(true))
                });
                if nullable && !map.contains_key(key) {
                    map.insert(key.into(), Value::Null);
                }
            }
        }
        let keys: Vec<String> = map.keys().cloned().collect();
        for k in keys {
            if let (Some(v), Some(p)) = (map.get(&k).cloned(), props.get(&k)) {
                map.insert(k, fill_nulls(v, p, root, depth + 1));
            }
        }
    }
    doc
}

/// Runs every case's dialect check and prints the totals, with each refusal.
pub fn dialect_corpus(cases: impl ExactSizeIterator<Item = fn() -> DialectReport>) {
    let types = cases.len();
    let (mut accepted, mut decoded, mut moved) = (0, 0, 0);
    let mut refused = Vec::new();
    for run in cases {
        let report = run();
        accepted += report.accepted;
        decoded += report.decoded;
        moved += report.moved;
        refused.extend(report.refused);
    }
    println!(
        "{types} types x {} dialects: {accepted} conversions accepted by the checker, {} refused with a path, \
         {decoded} documents decoded, {moved} refused by serde only for a constraint moved into the description",
        toolform::dialect::Dialect::ALL.len(),
        refused.len()
    );
    for r in &refused {
        println!("  refused: {r}");
    }
}
