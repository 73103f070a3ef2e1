//! URL-mode elicitation (SEP-1036, `toolform::rmcp::ask_url`) against the
//! official SDK clients, over stdio, with the example `url-server`:
//!
//! - the Python SDK (`mcp` 2.3.0 on PyPI, `tests/interop/python/url_client.py`),
//!   under 2025-11-25 (`mode="legacy"`) and 2026-07-28 (`mode="auto"`);
//! - the TypeScript SDK's v1 client (`@modelcontextprotocol/sdk` 1.32.2,
//!   pinned in `tests/interop/`, `tests/interop/url_client.mjs`; the report
//!   as `tests/interop/url_report.mjs` writes it for both clients), under
//!   2025-11-25 (its latest protocol; it has no 2026-07-28);
//! - the TypeScript SDK's v2 client (`@modelcontextprotocol/client` 2.4.0,
//!   pinned in `tests/interop/ts-v2/`, `tests/interop/ts-v2/url_client.mjs`),
//!   under 2025-11-25 (`versionNegotiation.mode = "legacy"`) and 2026-07-28
//!   (`"auto"`).
//!
//! The test checks the same facts for every client, per revision:
//!
//! - protocol 2025-11-25: the SDK's elicitation handler receives an
//!   `elicitation/create` request in URL mode (`mode`, `url`, `message`,
//!   `elicitationId`), parsed by the SDK's own types (TypeScript v1:
//!   `ElicitRequestSchema`); after an `accept` the server sends
//!   `notifications/elicitation/complete` with that `elicitationId`, which
//!   the SDK parses too (TypeScript v1: `ElicitationCompleteNotificationSchema`);
//! - protocol 2026-07-28 (`server/discover`): the tool answers with an
//!   `InputRequiredResult`, the SDK calls the same handler with the URL
//!   request (no `elicitationId` in that revision) and retries the call with
//!   the answer in `inputResponses`; no completion notification.
//!
//! `accept`, `decline` and `cancel` each reach the tool. Every client
//! declares `elicitation: {form: {}, url: {}}`.
//!
//! The Python test needs `python3` (3.10 or later, with `venv`) on PATH; the
//! packages are pinned in `tests/interop/python/requirements.txt` and
//! installed by the test into a virtual environment under the target
//! directory the first time (shared with `nonobject_interop`). The
//! TypeScript tests need Node.js >= 20 and npm on PATH; the npm packages are
//! installed with `npm ci` from the pinned `package-lock.json` the first
//! time, like `interop` and `nonobject_interop` do.

use std::path::{Path, PathBuf};
use std::process::Command;
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
/// The TypeScript SDK's v2 client pinned in `tests/interop/ts-v2/package.json`.
const TYPESCRIPT_SDK_V2: &str = "2.4.0";
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

/// Runs `report(mode, action)` for each `(mode, version)` of `eras` and each
/// action, and asserts every report with [`check_report`] against `sdk` on
/// `version`; `client` names the client in failures.
fn check_eras(
    client: &str,
    sdk: &str,
    eras: &[(&str, &str)],
    report: impl Fn(&str, &str) -> Value,
) {
    let mut failures = Vec::new();
    let mut reports = Vec::new();
    for &(mode, version) in eras {
        for (action, text) in actions(version) {
            let report = report(mode, action);
            let who = format!("{client} {} ({mode}, {action})", report["sdk"]);
            for failure in check_report(&report, sdk, version, action, text) {
                failures.push(format!("{who}: {failure}"));
            }
            reports.push(report);
        }
    }
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

/// The npm packages pinned in `tests/interop/<dir>`, installed.
fn npm_packages(dir: &str) -> PathBuf {
    install_pinned(&interop_dir().join(dir), NEED_NODE)
        .unwrap_or_else(|message| panic!("{message}"))
}

/// `url_client.mjs` in `dir` (with `args` before `--action`), answering `action`.
fn typescript_report(dir: &Path, args: &[&str], action: &str) -> Value {
    let mut cmd = Command::new(exe("node"));
    cmd.arg(dir.join("url_client.mjs"))
        .args(args)
        .args(["--action", action, "--call", "connect_calendar"])
        .arg("--")
        .arg(SERVER);
    let out = run(cmd, "node url_client.mjs", CHILD_TIMEOUT, NEED_NODE);
    match serde_json::from_str(&out.stdout) {
        Ok(report) if out.status.success() => report,
        _ => panic!(
            "{} {args:?} --action {action} failed before its report.\n{}",
            dir.join("url_client.mjs").display(),
            out.describe()
        ),
    }
}

/// Both revisions, with the client's own version negotiation.
const BOTH: [(&str, &str); 2] = [("legacy", "2025-11-25"), ("auto", "2026-07-28")];

#[test]
fn python_sdk_in_url_mode_under_2025_11_25_and_2026_07_28() {
    check_eras("python mcp", PYTHON_SDK, &BOTH, python_report);
}

#[test]
fn typescript_sdk_v1_in_url_mode_under_2025_11_25() {
    let dir = npm_packages(".");
    // The v1 client has no version negotiation to choose: initialize only.
    check_eras(
        "@modelcontextprotocol/sdk",
        TYPESCRIPT_SDK,
        &[("initialize", "2025-11-25")],
        |_, action| typescript_report(&dir, &[], action),
    );
}

#[test]
fn typescript_sdk_v2_in_url_mode_under_2025_11_25_and_2026_07_28() {
    let dir = npm_packages("ts-v2");
    check_eras(
        "@modelcontextprotocol/client",
        TYPESCRIPT_SDK_V2,
        &BOTH,
        |mode, action| typescript_report(&dir, &["--mode", mode], action),
    );
}
