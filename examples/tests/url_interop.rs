//! URL-mode elicitation (SEP-1036, `toolform::rmcp::ask_url`) against the
//! official Python SDK (`mcp` 2.3.0 on PyPI, `tests/interop/python/url_client.py`),
//! over stdio, with the example `url-server`:
//!
//! - protocol 2025-11-25 (`mode="legacy"`): the SDK's elicitation callback
//!   receives an `elicitation/create` request in URL mode (`mode`, `url`,
//!   `message`, `elicitationId`), parsed by the SDK's own types; after an
//!   `accept` the server sends `notifications/elicitation/complete` with that
//!   `elicitationId`, which the SDK parses too;
//! - protocol 2026-07-28 (`mode="auto"`, `server/discover`): the tool answers
//!   with an `InputRequiredResult`, the SDK calls the same callback with the
//!   URL request (no `elicitationId` in that revision) and retries the call
//!   with the answer in `inputResponses`; no completion notification.
//!
//! `accept`, `decline` and `cancel` each reach the tool. The SDK declares
//! `elicitation: {form: {}, url: {}}` once it has a callback.
//!
//! The TypeScript SDK is not run here: its v1 client (1.32.2, pinned in
//! `tests/interop/`) and v2 client (2.4.0, `tests/interop/ts-v2/`) would need
//! a client script of their own; the Python SDK is the one whose URL mode is
//! checked against toolform's server.
//!
//! Needs `python3` (3.10 or later, with `venv`) on PATH; the packages are
//! pinned in `tests/interop/python/requirements.txt` and installed by the
//! test into a virtual environment under the target directory the first
//! time (shared with `nonobject_interop`).

use std::process::Command;
use std::time::Duration;

use serde_json::Value;

mod support;
use support::{interop_dir, run};

const SERVER: &str = env!("CARGO_BIN_EXE_url-server");
const CHILD_TIMEOUT: Duration = Duration::from_secs(120);
/// The Python SDK pinned in `tests/interop/python/requirements.txt`.
const PYTHON_SDK: &str = "2.3.0";
const LOGIN: &str = "https://auth.example.com/login?flow=calendar";
const NEED_PYTHON: &str = "This test needs python3 >= 3.10 with the venv module on PATH; \
                           then rerun `cargo test -p toolform-examples --test url_interop`.";

fn report(mode: &str, action: &str) -> Value {
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

#[test]
fn python_sdk_in_url_mode_under_2025_11_25_and_2026_07_28() {
    let mut failures = Vec::new();
    let mut reports = Vec::new();
    for (mode, version) in [("legacy", "2025-11-25"), ("auto", "2026-07-28")] {
        let modern = version == "2026-07-28";
        for (action, text) in [
            (
                "accept",
                if modern {
                    "accepted; completion notification sent: false"
                } else {
                    "accepted; completion notification sent: true"
                },
            ),
            ("decline", "declined"),
            ("cancel", "cancelled"),
        ] {
            let report = report(mode, action);
            let who = format!("python mcp {} ({mode}, {action})", report["sdk"]);
            let mut check = |ok: bool, message: String| {
                if !ok {
                    failures.push(format!("{who}: {message}"));
                }
            };
            check(
                report["sdk"] == PYTHON_SDK && report["protocolVersion"] == version,
                format!(
                    "want {PYTHON_SDK} on {version}, got {} on {}",
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
