//! Test harness: snapshot files and the agreement machinery.
//!
//! - [`snapshot`] pins the exact JSON a type renders (`TOOLFORM_BLESS=1` to
//!   write or overwrite; a changed snapshot is a reviewed change).
//! - [`agreement`] proves the schemas true: a JSON Schema validator nobody here
//!   wrote (the `jsonschema` crate, formats asserted) against serde itself, on
//!   documents derived by mutation from seed documents.

pub mod agreement;
pub mod deep;
pub mod dialect_check;
pub mod growth;
pub mod in_process;
pub mod judge;
pub mod mutate;
pub mod schemas;

use serde_json::Value;
use std::path::PathBuf;

/// Each violation as `(path, rule)`, in order: what most assertions on a
/// list of violations compare.
pub fn path_rules(violations: &[toolform::Violation]) -> Vec<(&str, &'static str)> {
    violations
        .iter()
        .map(|v| (v.path.as_str(), v.rule))
        .collect()
}

/// How many cases a property test runs: `PROPTEST_CASES` when set (the
/// long mode), else `default` (bounded for CI).
pub fn proptest_cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The workspace root.
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ sits in the workspace")
        .to_path_buf()
}

/// Compares `value` with `tests/snapshots/<name>.json`. With `TOOLFORM_BLESS=1`
/// the file is written instead. Returns a description of the mismatch.
pub fn snapshot(name: &str, value: &Value) -> Result<(), String> {
    let path = workspace_root()
        .join("tests/snapshots")
        .join(format!("{name}.json"));
    let rendered = serde_json::to_string_pretty(value).expect("a Value always serializes") + "\n";
    if std::env::var_os("TOOLFORM_BLESS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().expect("has parent")).expect("create snapshots/");
        std::fs::write(&path, &rendered).expect("write snapshot");
        return Ok(());
    }
    match std::fs::read_to_string(&path) {
        Ok(stored) if stored == rendered => Ok(()),
        Ok(stored) => Err(format!(
            "snapshot {name} changed (run with TOOLFORM_BLESS=1 to accept):\n--- stored\n{stored}\n+++ rendered\n{rendered}"
        )),
        Err(_) => Err(format!(
            "snapshot {name} is missing: {} (run with TOOLFORM_BLESS=1 to write it)\n{rendered}",
            path.display()
        )),
    }
}

/// Locates `../shared/fixtures/<rel>` beside the workspace. Says loudly when it
/// is missing, and fails when `TOOLFORM_REQUIRE_FIXTURES=1`.
pub fn fixture(rel: &str) -> Option<PathBuf> {
    let path = workspace_root().join("../shared/fixtures").join(rel);
    if path.exists() {
        return Some(path);
    }
    let message = format!(
        "FIXTURE MISSING: {} — this test checks nothing without it",
        path.display()
    );
    if std::env::var_os("TOOLFORM_REQUIRE_FIXTURES").is_some_and(|v| v == "1") {
        panic!("{message} (TOOLFORM_REQUIRE_FIXTURES=1)");
    }
    eprintln!("warning: {message}");
    None
}

/// A validator for an elicitation request of `revision`, built from that
/// revision's own `schema.json` (`ElicitRequestFormParams`, or for 2025-06-18
/// `ElicitRequest`); `None` (said loudly) when the fixture is missing.
pub fn spec_form_validator(revision: toolform::Revision) -> Option<jsonschema::Validator> {
    let draft07 = revision == toolform::Revision::V2025_06_18;
    let def = if draft07 {
        "ElicitRequest"
    } else {
        "ElicitRequestFormParams"
    };
    spec_validator(&revision.to_string(), def)
}

/// A validator for the definition `def` of the MCP revision `revision`'s own
/// `schema.json` (`"2025-06-18"`: draft-07 with `definitions`; the later
/// ones: 2020-12 with `$defs`); `None` (said loudly) when the fixture is
/// missing.
pub fn spec_validator(revision: &str, def: &str) -> Option<jsonschema::Validator> {
    let draft07 = revision == "2025-06-18";
    let path = fixture(&format!("mcp-spec/{revision}/schema.json"))?;
    let mut spec: Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    let target = if draft07 {
        format!("#/definitions/{def}")
    } else {
        format!("#/$defs/{def}")
    };
    spec.as_object_mut()?.insert("$ref".into(), target.into());
    let draft = if draft07 {
        jsonschema::Draft::Draft7
    } else {
        jsonschema::Draft::Draft202012
    };
    Some(
        jsonschema::options()
            .with_draft(draft)
            .build(&spec)
            .expect("the spec's schema compiles"),
    )
}

/// Every error the spec's schema finds in an elicitation request carrying
/// `requested` (empty: the spec accepts it).
pub fn spec_form_errors(
    validator: &jsonschema::Validator,
    revision: toolform::Revision,
    requested: &Value,
) -> Vec<String> {
    let request = spec_form_request(revision, requested);
    validator
        .iter_errors(&request)
        .map(|e| e.to_string())
        .collect()
}

/// The request `spec_form_validator` checks, around a `requestedSchema`.
fn spec_form_request(revision: toolform::Revision, requested: &Value) -> Value {
    if revision == toolform::Revision::V2025_06_18 {
        serde_json::json!({"method": "elicitation/create", "params": {"message": "m", "requestedSchema": requested}})
    } else {
        serde_json::json!({"mode": "form", "message": "m", "requestedSchema": requested})
    }
}
