//! The example server's non-object tools (`list_airports`: `Vec<Airport>`,
//! `find_airport`: `Option<Airport>`) against the official SDK clients, over
//! stdio:
//!
//! - the Python SDK (`mcp` 2.3.0 on PyPI, `tests/interop/python/`), under
//!   protocol 2026-07-28 (`mode="auto"`, negotiated by `server/discover`)
//!   and 2025-11-25 (`mode="legacy"`, the initialize handshake);
//! - the TypeScript SDK's v2 client (`@modelcontextprotocol/client` 2.4.0,
//!   `tests/interop/ts-v2/`), under 2026-07-28 (`versionNegotiation: {mode:
//!   "auto"}`) and 2025-11-25 (`mode: "legacy"`);
//! - the TypeScript SDK v1 (`@modelcontextprotocol/sdk` 1.32.2,
//!   `tests/interop/client.mjs`), whose newest revision is 2025-11-25.
//!
//! Every client checks every `structuredContent` against the listed
//! `outputSchema` themselves (Python: `jsonschema`; TypeScript: ajv) and
//! refuse the call when it does not match; the reports also say so per call.
//! Under 2026-07-28 the value and the type's own schema go out unchanged,
//! before it both are wrapped in `{"result": ..}`; the text block is the
//! value's serde_json serialization under both.
//!
//! Needs `python3` (3.10 or later, with `venv`) and Node.js 20 or later with
//! npm on PATH. The Python packages are pinned in
//! `tests/interop/python/requirements.txt` and installed by this test into a
//! virtual environment under the target directory the first time; the npm
//! packages are installed with `npm ci` from `tests/interop/package-lock.json`
//! and `tests/interop/ts-v2/package-lock.json` when absent, as
//! `examples/tests/interop.rs` does.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use serde_json::{Value, json};
use toolform_examples::mcp_server::airports;

mod support;
use support::{install_pinned, interop_dir, run};

const SERVER: &str = env!("CARGO_BIN_EXE_mcp-server");
/// Longest a client run may take.
const CHILD_TIMEOUT: Duration = Duration::from_secs(120);
/// The Python SDK pinned in `tests/interop/python/requirements.txt`.
const PYTHON_SDK: &str = "2.3.0";
/// The TypeScript v2 client pinned in `tests/interop/ts-v2/package.json`.
const TYPESCRIPT_V2_SDK: &str = "2.4.0";
const NEED_PYTHON: &str = "This test needs python3 >= 3.10 with the venv module on PATH; \
                           then rerun `cargo test -p toolform-examples --test nonobject_interop`.";
const NEED_NODE: &str = "This test needs Node.js >= 20 with npm on PATH; \
                         then rerun `cargo test -p toolform-examples --test nonobject_interop`.";

fn scratch_dir() -> PathBuf {
    support::scratch_dir("nonobject")
}

// ---------------------------------------------------------------------------
// Installs.

/// The virtual environment's `python`, with the pinned packages installed.
fn python() -> &'static Path {
    support::python(NEED_PYTHON)
}

/// `tests/interop` with its pinned npm packages installed.
fn npm_packages() -> &'static Path {
    static READY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    match READY.get_or_init(|| install_pinned(&interop_dir(), NEED_NODE)) {
        Ok(dir) => dir,
        Err(message) => panic!("{message}"),
    }
}

/// `tests/interop/ts-v2` (the TypeScript SDK's v2 client) with its pinned
/// npm packages installed.
fn npm_packages_v2() -> &'static Path {
    static READY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    match READY.get_or_init(|| install_pinned(&interop_dir().join("ts-v2"), NEED_NODE)) {
        Ok(dir) => dir,
        Err(message) => panic!("{message}"),
    }
}

// ---------------------------------------------------------------------------
// What each call must return.

/// The calls both clients make, with the value the tool returns.
fn calls() -> Vec<(&'static str, Value, Value)> {
    let all = serde_json::to_value(airports()).expect("serializes");
    vec![
        ("list_airports", json!({}), all.clone()),
        ("find_airport", json!({"code": "cdg"}), all[1].clone()),
        ("find_airport", json!({"code": "XXX"}), Value::Null),
    ]
}

/// The checks of one client's report: `modern` is protocol 2026-07-28.
fn check_calls(who: &str, report: &Value, modern: bool, failures: &mut Vec<String>) {
    let mut check = |ok: bool, message: String| {
        if !ok {
            failures.push(format!("{who}: {message}"));
        }
    };
    let schema_of = |tool: &str| -> Value {
        match &report["tools"] {
            Value::Array(tools) => tools
                .iter()
                .find(|t| t["name"] == tool)
                .map(|t| t["outputSchema"].clone())
                .unwrap_or(Value::Null),
            tools => tools[tool].clone(),
        }
    };
    for (tool, root) in [
        ("list_airports", json!("array")),
        ("find_airport", json!(["object", "null"])),
    ] {
        let schema = schema_of(tool);
        if modern {
            check(
                schema["type"] == root,
                format!("{tool}'s outputSchema should be T's own, got {schema}"),
            );
        } else {
            check(
                schema["type"] == "object"
                    && schema["required"] == json!(["result"])
                    && schema["properties"]["result"]["type"] == root,
                format!(
                    "{tool}'s outputSchema should be T's inside {{\"result\": ..}}, got {schema}"
                ),
            );
        }
    }
    let made = report["calls"].as_array().cloned().unwrap_or_default();
    check(
        made.len() >= calls().len(),
        format!("{} calls made, want {}", made.len(), calls().len()),
    );
    for ((tool, args, value), call) in calls().into_iter().zip(&made) {
        let what = format!("{tool} {args}");
        check(
            call["ok"] == true && call["isError"] == false,
            format!("{what}: the client refused it: {}", call["error"]),
        );
        let expected = if modern {
            value.clone()
        } else {
            json!({"result": value})
        };
        check(
            call["structuredContent"] == expected,
            format!(
                "{what}: structuredContent {} , want {expected}",
                call["structuredContent"]
            ),
        );
        check(
            call["text"] == json!([value.to_string()]),
            format!("{what}: text {} , want [{value}] serialized", call["text"]),
        );
        // The client's own schema check, as recorded (both also refuse the call on a mismatch).
        let valid = match &call["outputValidation"] {
            Value::Null => call["schemaErrors"] == json!([]),
            validation => validation["valid"] == true,
        };
        check(
            valid,
            format!(
                "{what}: fails the listed outputSchema: {} {}",
                call["schemaErrors"], call["outputValidation"]
            ),
        );
    }
}

fn save(name: &str, report: &Value) -> PathBuf {
    let path = scratch_dir().join(format!("report-{name}.json"));
    let _ = std::fs::write(
        &path,
        serde_json::to_string_pretty(report).unwrap_or_default(),
    );
    path
}

fn finish(what: &str, failures: Vec<String>, reports: &[PathBuf]) {
    assert!(
        failures.is_empty(),
        "{what}: {} problem(s):\n  - {}\nReports: {reports:?}",
        failures.len(),
        failures.join("\n  - ")
    );
}

// ---------------------------------------------------------------------------

/// Runs a client that takes `--mode MODE --call TOOL ARGS ... -- SERVER
/// [ARGS...]` (`cmd` is the client's command line up to its arguments) on
/// `calls()`, then a call whose result breaks its schema (schemars'
/// deserialize contract, `--contrast`), and returns its report.
fn run_client(mut cmd: Command, what: &str, mode: &str, hint: &str) -> Value {
    cmd.args(["--mode", mode]);
    for (tool, args, _) in calls() {
        cmd.args(["--call", tool, &args.to_string()]);
    }
    cmd.args([
        "--call",
        "search_flights_schemars_deserialize",
        r#"{"origin": "LHR", "destination": "JFK"}"#,
    ]);
    cmd.arg("--").arg(SERVER).arg("--contrast");
    let out = run(cmd, what, CHILD_TIMEOUT, hint);
    match serde_json::from_str(&out.stdout) {
        Ok(report) if out.status.success() => report,
        _ => panic!(
            "{what} --mode {mode} failed before its report.\n{}",
            out.describe()
        ),
    }
}

/// One report under `version`: the SDK and revision it ran, the calls, and
/// the SDK's refusal (its error contains `refusal`) of the contrast call.
fn check_report(
    who: &str,
    report: &Value,
    (sdk, version): (&str, &str),
    refusal: &str,
    failures: &mut Vec<String>,
) {
    if report["sdk"] != sdk || report["protocolVersion"] != version {
        failures.push(format!(
            "{who}: want {sdk} on {version}, got {} on {}",
            report["sdk"], report["protocolVersion"]
        ));
    }
    check_calls(who, report, version == "2026-07-28", failures);
    let control = &report["calls"][calls().len()];
    let refused = control["ok"] == false
        && control["error"]
            .as_str()
            .is_some_and(|e| e.contains(refusal));
    if !refused {
        failures.push(format!(
            "{who}: the SDK should refuse a result that breaks its schema: {control}"
        ));
    }
}

#[test]
fn python_sdk_under_2026_07_28_and_2025_11_25() {
    let mut failures = Vec::new();
    let mut reports = Vec::new();
    for (mode, version) in [("auto", "2026-07-28"), ("legacy", "2025-11-25")] {
        let mut cmd = Command::new(python());
        cmd.arg(interop_dir().join("python/client.py"));
        let report = run_client(cmd, "python client.py", mode, NEED_PYTHON);
        reports.push(save(&format!("python-{mode}"), &report));
        let who = format!("python mcp {} ({mode})", report["sdk"]);
        let want = (PYTHON_SDK, version);
        check_report(
            &who,
            &report,
            want,
            "Invalid structured content",
            &mut failures,
        );
    }
    finish("the Python SDK against mcp-server", failures, &reports);
}

#[test]
fn typescript_sdk_v2_under_2026_07_28_and_2025_11_25() {
    let dir = npm_packages_v2();
    let mut failures = Vec::new();
    let mut reports = Vec::new();
    for (mode, version) in [("auto", "2026-07-28"), ("legacy", "2025-11-25")] {
        let mut cmd = Command::new("node");
        cmd.arg("client.mjs").current_dir(dir);
        let report = run_client(cmd, "node ts-v2/client.mjs", mode, NEED_NODE);
        reports.push(save(&format!("typescript-v2-{mode}"), &report));
        let who = format!("typescript client {} ({mode})", report["sdk"]);
        let want = (TYPESCRIPT_V2_SDK, version);
        let refusal = "Structured content does not match the tool's output schema";
        check_report(&who, &report, want, refusal, &mut failures);
    }
    finish(
        "the TypeScript SDK v2 against mcp-server",
        failures,
        &reports,
    );
}

#[test]
fn typescript_sdk_v1_under_2025_11_25() {
    let dir = npm_packages();
    let script: Vec<Value> = calls()
        .into_iter()
        .map(|(tool, args, _)| json!({"label": format!("{tool} {args}"), "tool": tool, "args": args}))
        .collect();
    let script_path = scratch_dir().join("typescript-script.json");
    std::fs::write(&script_path, Value::from(script).to_string())
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", script_path.display()));
    let mut cmd = Command::new("node");
    cmd.arg("client.mjs")
        .arg("--script")
        .arg(&script_path)
        .arg("--stdio")
        .arg(SERVER)
        .current_dir(dir);
    let out = run(cmd, "node client.mjs", CHILD_TIMEOUT, NEED_NODE);
    let report: Value = match serde_json::from_str(&out.stdout) {
        Ok(report) if out.status.success() => report,
        _ => panic!(
            "tests/interop/client.mjs failed before its report.\n{}",
            out.describe()
        ),
    };
    let path = save("typescript", &report);
    let mut failures = Vec::new();
    check_calls("typescript sdk 1.32.2", &report, false, &mut failures);
    finish("the TypeScript SDK against mcp-server", failures, &[path]);
}
