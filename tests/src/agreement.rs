//! The proof: the `jsonschema` crate against serde, document by document.
//!
//! For the input schema, each mutated document must be accepted by the
//! validator exactly when `serde_json::from_value::<T>` accepts it. For the
//! output schema, every value serde writes (from each accepted document) must
//! validate. A disagreement is allowed only when a [`Limit`] names it: a
//! documented place where JSON Schema cannot say what serde does.

use crate::mutate::{Kind, Mutant, mutants, property_names};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use toolform::ToolSchema;

/// A documented gap between JSON Schema and serde.
pub struct Limit {
    /// Short name.
    pub name: &'static str,
    /// Why no schema can close it.
    pub reason: &'static str,
    /// Whether a disagreement is this one.
    pub applies: fn(&Disagreement) -> bool,
}

/// Where the validator and serde differ on one document.
#[derive(Debug, Clone)]
pub struct Disagreement {
    /// The type under test.
    pub type_name: &'static str,
    /// The document and how it was made.
    pub mutant: Mutant,
    /// The validator's verdict.
    pub schema_accepts: bool,
    /// serde's verdict.
    pub serde_accepts: bool,
    /// serde's error, if it rejected.
    pub serde_error: Option<String>,
}

/// The known limits, each with its reason. Nothing else may disagree.
pub const LIMITS: &[Limit] = &[
    Limit {
        name: "integral float",
        reason: "JSON Schema's `integer` includes numbers written with a fraction or exponent \
                 (`1.0`, `3e20`), including -0 (equal to 0 for every keyword); serde_json reads \
                 those as floats (`-0` as -0.0), which serde's integer types reject",
        applies: |d| d.mutant.kind == Kind::IntegralFloat && d.schema_accepts && !d.serde_accepts,
    },
    Limit {
        name: "struct as sequence",
        reason: "serde_derive also reads a struct from a JSON array of its fields in declaration \
                 order; the schema advertises only the object form, which is what serde writes",
        applies: |d| {
            d.serde_accepts
                && !d.schema_accepts
                && d.mutant
                    .doc
                    .pointer(&d.mutant.path)
                    .is_some_and(Value::is_array)
        },
    },
    Limit {
        name: "variant index",
        reason: "where serde buffers content (flatten, untagged, internally tagged), it also reads \
                 a variant's index (0, 1, ...) in place of its name; the schema advertises names",
        applies: |d| {
            d.serde_accepts
                && !d.schema_accepts
                && d.mutant.was.is_string()
                && d.mutant
                    .doc
                    .pointer(&d.mutant.path)
                    .is_some_and(Value::is_u64)
        },
    },
    Limit {
        name: "relaxed parser",
        reason: "chrono reads a relaxed superset of RFC 3339 (spaces, unpadded fields, lowercase \
                 separators) and url reads more than the input pattern admits (IDNA hosts, \
                 tabs and newlines it deletes); the schema advertises a strict form, which \
                 these parsers always accept",
        applies: |d| d.mutant.kind == Kind::RelaxedDate && d.serde_accepts && !d.schema_accepts,
    },
    Limit {
        name: "calendar in a pattern",
        reason: "a `pattern` (used where no `format` fits, e.g. NaiveDateTime) cannot carry days \
                 per month; chrono rejects February 30th",
        applies: |d| {
            d.schema_accepts
                && !d.serde_accepts
                && d.mutant
                    .doc
                    .pointer(&d.mutant.path)
                    .and_then(Value::as_str)
                    .is_some_and(|s| s.contains("-02-30"))
        },
    },
];

/// What one type's agreement run found.
#[derive(Debug, Default)]
pub struct Report {
    /// Documents judged against the input schema.
    pub documents: usize,
    /// Documents serde accepted.
    pub accepted: usize,
    /// Values serde wrote (from documents both sides accept) and the output
    /// schema checked.
    pub outputs: usize,
    /// Values serde read but could not write back.
    pub unwritable: usize,
    /// Disagreements named by a limit: (limit name, disagreement).
    pub documented: Vec<(&'static str, Disagreement)>,
    /// Disagreements no limit names: each is a bug.
    pub undocumented: Vec<Disagreement>,
    /// Values serde wrote that the output schema rejected: each is a bug.
    pub output_failures: Vec<(Value, String)>,
}

impl Report {
    /// Panics with every problem when anything undocumented happened.
    pub fn assert_clean(&self, type_name: &str) {
        let mut problems = Vec::new();
        for d in &self.undocumented {
            problems.push(format!(
                "input disagreement at {:?} ({:?}): schema {}, serde {} ({})\n  doc: {}",
                d.mutant.path,
                d.mutant.kind,
                verdict(d.schema_accepts),
                verdict(d.serde_accepts),
                d.serde_error.as_deref().unwrap_or("-"),
                d.mutant.doc
            ));
        }
        for (value, error) in &self.output_failures {
            problems.push(format!(
                "output schema rejects what serde wrote: {error}\n  value: {value}"
            ));
        }
        assert!(
            problems.is_empty(),
            "{type_name}: {} problem(s)\n{}",
            problems.len(),
            problems.join("\n")
        );
    }
}

/// How a verdict reads in a message.
pub fn verdict(accepts: bool) -> &'static str {
    if accepts { "accepts" } else { "rejects" }
}

/// A validator for a schema, with format assertion on (draft 2020-12).
pub fn validator(schema: &Value) -> jsonschema::Validator {
    validator_in(schema, jsonschema::Draft::Draft202012)
}

/// A validator for a schema under `draft`, with format assertion on;
/// panics, showing the schema, when it does not compile.
pub fn validator_in(schema: &Value, draft: jsonschema::Draft) -> jsonschema::Validator {
    try_validator_in(schema, draft)
        .unwrap_or_else(|e| panic!("schema does not compile: {e}\n{schema:#}"))
}

/// A validator for a schema under `draft`, with format assertion on, or
/// why it does not compile.
pub fn try_validator_in(
    schema: &Value,
    draft: jsonschema::Draft,
) -> Result<jsonschema::Validator, jsonschema::ValidationError<'static>> {
    jsonschema::options()
        .with_draft(draft)
        .should_validate_formats(true)
        .build(schema)
}

/// Runs the agreement check for `T` from `seeds`.
pub fn check<T>(seeds: &[Value]) -> Report
where
    T: ToolSchema + DeserializeOwned + Serialize,
{
    check_with::<T>(seeds, &[])
}

/// [`check`] with limits of this type alone (e.g. a `try_from` that
/// validates in user code, which no schema can see).
pub fn check_with<T>(seeds: &[Value], own_limits: &'static [Limit]) -> Report
where
    T: ToolSchema + DeserializeOwned + Serialize,
{
    let type_name = std::any::type_name::<T>();
    let input = validator(T::input_schema());
    let output = validator(T::output_schema());
    let mut report = Report::default();
    let mut known = Vec::new();
    property_names(T::input_schema(), &mut known);
    property_names(T::output_schema(), &mut known);
    for seed in seeds {
        assert!(
            serde_json::from_value::<T>(seed.clone()).is_ok(),
            "{type_name}: seed must deserialize: {seed}"
        );
        for mutant in mutants(seed, &known) {
            report.documents += 1;
            let schema_accepts = input.is_valid(&mutant.doc);
            let parsed = serde_json::from_value::<T>(mutant.doc.clone());
            let serde_accepts = parsed.is_ok();
            if let Ok(value) = &parsed {
                report.accepted += 1;
                // A document only serde accepts (a documented limit) makes no
                // claim about the output; every other accepted one does.
                if schema_accepts {
                    // serde does not promise to write everything it reads
                    // (chrono reads u64 nanosecond timestamps it cannot write).
                    match serde_json::to_value(value) {
                        Ok(written) => {
                            report.outputs += 1;
                            if let Err(e) = output.validate(&written).map_err(|e| e.to_string()) {
                                report.output_failures.push((written, e));
                            }
                        }
                        Err(_) => report.unwritable += 1,
                    }
                }
            }
            if schema_accepts != serde_accepts {
                let d = Disagreement {
                    type_name,
                    mutant,
                    schema_accepts,
                    serde_accepts,
                    serde_error: parsed.err().map(|e| e.to_string()),
                };
                match LIMITS.iter().chain(own_limits).find(|l| (l.applies)(&d)) {
                    Some(limit) => report.documented.push((limit.name, d)),
                    None => report.undocumented.push(d),
                }
            }
        }
    }
    report
}

/// Checks that every value in `values` (as serde writes it) satisfies `T`'s
/// output schema. For types whose interesting values cannot come from input
/// (skipped fields, non-finite floats).
pub fn check_outputs<T: ToolSchema + Serialize>(values: &[T]) -> Vec<(Value, String)> {
    let output = validator(T::output_schema());
    values
        .iter()
        .filter_map(|v| {
            let written = serde_json::to_value(v).expect("serializes");
            let error = output.validate(&written).err().map(|e| e.to_string());
            error.map(|e| (written, e))
        })
        .collect()
}

/// The `$defs` rendering (`Defs::EveryNamedType`) accepts exactly what the
/// inline rendering accepts, on every mutant of the seeds, in both contracts.
/// Returns the number of documents compared.
pub fn check_defs_equivalent<T: ToolSchema>(seeds: &[Value]) -> usize {
    use toolform::Contract;
    let mut count = 0;
    for contract in [Contract::Input, Contract::Output] {
        let inline = validator(T::schema(contract).unwrap());
        let with_defs = T::schema(
            toolform::SchemaSettings::from(contract).defs(toolform::Defs::EveryNamedType),
        )
        .unwrap()
        .clone();
        let defs = validator(&with_defs);
        let mut known = Vec::new();
        property_names(T::schema(contract).unwrap(), &mut known);
        for seed in seeds {
            for m in mutants(seed, &known) {
                count += 1;
                assert_eq!(
                    inline.is_valid(&m.doc),
                    defs.is_valid(&m.doc),
                    "{} {contract:?}: $defs rendering disagrees on {}",
                    std::any::type_name::<T>(),
                    m.doc
                );
            }
        }
    }
    count
}

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

/// [`check_with`] for one corpus case, its panics turned into the error text
/// so a corpus run reports every failing type, not the first.
pub fn run_case<T>(
    name: &'static str,
    seeds: &[Value],
    own_limits: &'static [Limit],
) -> Result<Report, String>
where
    T: ToolSchema + DeserializeOwned + Serialize,
{
    std::panic::catch_unwind(|| {
        let report = check_with::<T>(seeds, own_limits);
        report.assert_clean(name);
        report
    })
    .map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .unwrap_or_else(|| format!("{name}: panicked"))
    })
}
