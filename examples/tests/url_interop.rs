//! URL-mode elicitation (SEP-1036, `toolform::rmcp::ask_url`) against the
//! official SDK clients, over stdio, with the example `url-server`: the
//! Python SDK (`mcp` 2.3.0 on PyPI, `tests/interop/python/url_client.py`) and
//! the TypeScript SDK's v1 client (`@modelcontextprotocol/sdk` 1.32.2, pinned
//! in `tests/interop/`, `tests/interop/url_client.mjs`).
//!
//! - protocol 2025-11-25 (Python `mode="legacy"`; the TypeScript v1 client,
//!   whose latest protocol it is): the SDK's elicitation handler receives an
//!   `elicitation/create` request in URL mode (`mode`, `url`, `message`,
//!   `elicitationId`), parsed by the SDK's own types (TypeScript:
//!   `ElicitRequestSchema`); after an `accept` the server sends
//!   `notifications/elicitation/complete` with that `elicitationId`, which
//!   the SDK parses too (TypeScript: `ElicitationCompleteNotificationSchema`);
//! - protocol 2026-07-28 (Python only, `mode="auto"`, `server/discover`): the
//!   tool answers with an `InputRequiredResult`, the SDK calls the same
//!   callback with the URL request (no `elicitationId` in that revision) and
//!   retries the call with the answer in `inputResponses`; no completion
//!   notification.
//!
//! `accept`, `decline` and `cancel` each reach the tool. Both clients declare
//! `elicitation: {form: {}, url: {}}`.
//!
//! The TypeScript v2 client (2.4.0, `tests/interop/ts-v2/`) is not run here:
//! its 2026-07-28 input-required retries would need a client script of their
//! own.
//!
//! The Python test needs `python3` (3.10 or later, with `venv`) on PATH; the
//! packages are pinned in `tests/interop/python/requirements.txt` and
//! installed by the test into a virtual environment under the target
//! directory the first time (shared with `nonobject_interop`). The
//! TypeScript test needs Node.js >= 20 and npm on PATH; the npm packages are
//! installed with `npm ci` from `tests/interop/package-lock.json` the first
//! time, like `interop`.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use serde_json::Value;

mod support;
use support::{exe, install_pinned, interop_dir, run};

const SERVER: &str = env!("CARGO_BIN_EXE_url-server");
const CHILD_TIMEOUT: Duration = Duration::from_secs(120);
/// The Python SDK pinned in `tests/interop/python/requirements.txt`.
const PYTHON_SDK: &str = "2.3.0";
/// The TypeScript SDK pinned in `tests/interop/package.json`.
const TYPESCRIPT_SDK: &str = "1.32.2";
const LOGIN: &str = "https://auth.example.com/login?flow=calendar";
const NEED_PYTHON: &str = "This test needs python3 >= 3.10 with the venv module on PATH; \
                           then rerun `cargo test -p toolform-examples --test url_interop`.";

fn python_report(mode: &str, action: &str) -> Value {
    let mut cmd = Command::new(support::python(NEED_PYTHON));
    cmd.arg(interop_dir().join("python/url_client.py"))
        .args([
            "--mode",
            mode,
            "--action",
            action,
            "--call",
            "connect_calendar",
        ])
        .arg("--")
        .arg(SERVER);
    let out = run(cmd, "python url_client.py", CHILD_TIMEOUT, NEED_PYTHON);
    match serde_json::from_str(&out.stdout) {
        Ok(report) if out.status.success() => report,
        _ => panic!(
            "url_client.py --mode {mode} --action {action} failed before its report.\n{}",
            out.describe()
        ),
    }
}

/// What `url_client.mjs` / `url_client.py` answer with, and the tool's text
/// for it under `version`.
fn actions(version: &str) -> [(&'static str, &'static str); 3] {
    let accepted = if version == "2026-07-28" {
        "accepted; completion notification sent: false"
    } else {
        "accepted; completion notification sent: true"
    };
    [
        ("accept", accepted),
        ("decline", "declined"),
        ("cancel", "cancelled"),
    ]
}

/// What is wrong with one client report (the same shape from both
/// scripts): the SDK `sdk` on `version`, answering `action`, whose call
/// should end with the tool's `text`.
fn check_report(report: &Value, sdk: &str, version: &str, action: &str, text: &str) -> Vec<String> {
    let modern = version == "2026-07-28";
    let mut failures = Vec::new();
    let mut check = |ok: bool, message: String| {
        if !ok {
            failures.push(message);
        }
    };
    check(
        report["sdk"] == sdk && report["protocolVersion"] == version,
        format!(
            "want {sdk} on {version}, got {} on {}",
            report["sdk"], report["protocolVersion"]
        ),
    );
    check(
        report["error"].is_null()
            && report["result"]["isError"] == false
            && report["result"]["text"][0] == text,
        format!(
            "want the text {text:?}, got {} / {}",
            report["result"], report["error"]
        ),
    );
    let asked = report["elicitations"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    check(asked.len() == 1, format!("one elicitation, got {asked:?}"));
    if let Some(request) = asked.first() {
        check(
            request["mode"] == "url"
                && request["url"] == LOGIN
                && request["message"] == "Sign in to your calendar",
            format!("a URL-mode request, got {request}"),
        );
        let id = request.get("elicitationId").and_then(Value::as_str);
        if modern {
            check(
                id.is_none_or(str::is_empty),
                format!("no elicitationId under 2026-07-28, got {request}"),
            );
        } else {
            check(
                id == Some("calendar-login"),
                format!("the elicitationId, got {request}"),
            );
        }
    }
    let completed = report["completed"].as_array().cloned().unwrap_or_default();
    let want_completed = !modern && action == "accept";
    check(
        completed.len() == usize::from(want_completed)
            && completed
                .iter()
                .all(|c| c["elicitationId"] == "calendar-login"),
        format!("completion notifications: {completed:?}"),
    );
    failures
}

fn assert_reports(failures: &[String], reports: &[Value]) {
    assert!(
        failures.is_empty(),
        "{}\n\nreports:\n{}",
        failures.join("\n"),
        reports
            .iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    );
}

const NEED_NODE: &str = "This test needs Node.js >= 20 with npm on PATH (https://nodejs.org); \
                         then rerun `cargo test -p toolform-examples --test url_interop`.";

fn typescript_report(action: &str) -> Value {
    static READY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let dir = match READY.get_or_init(|| install_pinned(&interop_dir(), NEED_NODE)) {
        Ok(dir) => dir,
        Err(message) => panic!("{message}"),
    };
    let mut cmd = Command::new(exe("node"));
    cmd.arg(dir.join("url_client.mjs"))
        .args(["--action", action, "--call", "connect_calendar"])
        .arg("--")
        .arg(SERVER);
    let out = run(cmd, "node url_client.mjs", CHILD_TIMEOUT, NEED_NODE);
    match serde_json::from_str(&out.stdout) {
        Ok(report) if out.status.success() => report,
        _ => panic!(
            "url_client.mjs --action {action} failed before its report.\n{}",
            out.describe()
        ),
    }
}

#[test]
fn python_sdk_in_url_mode_under_2025_11_25_and_2026_07_28() {
    let mut failures = Vec::new();
    let mut reports = Vec::new();
    for (mode, version) in [("legacy", "2025-11-25"), ("auto", "2026-07-28")] {
        for (action, text) in actions(version) {
            let report = python_report(mode, action);
            let who = format!("python mcp {} ({mode}, {action})", report["sdk"]);
            for failure in check_report(&report, PYTHON_SDK, version, action, text) {
                failures.push(format!("{who}: {failure}"));
            }
            reports.push(report);
        }
    }
    assert_reports(&failures, &reports);
}

#[test]
fn typescript_sdk_v1_in_url_mode_under_2025_11_25() {
    let version = "2025-11-25";
    let mut failures = Vec::new();
    let mut reports = Vec::new();
    for (action, text) in actions(version) {
        let report = typescript_report(action);
        let who = format!("@modelcontextprotocol/sdk {} ({action})", report["sdk"]);
        for failure in check_report(&report, TYPESCRIPT_SDK, version, action, text) {
            failures.push(format!("{who}: {failure}"));
        }
        reports.push(report);
    }
    assert_reports(&failures, &reports);
}
