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

mod dialects;
pub use dialects::{DialectReport, check_dialects, check_dialects_with, dialect_corpus};

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
