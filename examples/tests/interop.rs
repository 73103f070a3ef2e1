//! The example MCP server (`mcp-server`) against code nobody here wrote: the
//! official TypeScript SDK client (`tests/interop/client.mjs`) and the MCP
//! conformance suite (`@modelcontextprotocol/conformance`).
//!
//! Needs Node.js >= 20 and npm on PATH. The npm packages are pinned in
//! `tests/interop/package-lock.json` and installed with `npm ci` the first time
//! (the npm registry must be reachable then).
//!
//! The client prints one JSON report; these tests read it and assert. Each
//! report is also written under `target/tmp/interop/` for a look after a
//! failure.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

const SERVER: &str = env!("CARGO_BIN_EXE_mcp-server");
/// Longest any child (client, conformance run) may take.
const CHILD_TIMEOUT: Duration = Duration::from_secs(120);
/// Longest `npm ci` may take (it downloads on a cold cache).
const NPM_TIMEOUT: Duration = Duration::from_secs(600);
/// Longest the HTTP server may take to print its `listening on` line.
const LISTEN_TIMEOUT: Duration = Duration::from_secs(30);

/// The tools of the server, without `--contrast`.
const TOOLFORM_TOOLS: [&str; 5] = [
    "search_flights",
    "book_trip",
    "test_elicitation",
    "test_elicitation_sep1034_defaults",
    "test_elicitation_sep1330_enums",
];
const ELICITING_TOOLS: [&str; 4] = [
    "book_trip",
    "test_elicitation",
    "test_elicitation_sep1034_defaults",
    "test_elicitation_sep1330_enums",
];
const CONTRAST_TOOLS: [&str; 2] = [
    "search_flights_schemars_deserialize",
    "search_flights_schemars_serialize",
];
/// The SDK client's message when `structuredContent` fails the tool's
/// `outputSchema` (`@modelcontextprotocol/sdk` dist/esm/client/index.js).
const OUTPUT_SCHEMA_MISMATCH: &str = "Structured content does not match the tool's output schema";

fn interop_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/interop")
}

fn scratch_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("interop");
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}

fn unique(prefix: &str) -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!("{prefix}-{}-{nanos}", std::process::id())
}

fn exe(name: &str) -> String {
    if cfg!(windows) && name == "npm" {
        "npm.cmd".into()
    } else {
        name.into()
    }
}

// ---------------------------------------------------------------------------
// Children: killed on drop, never waited on without a deadline.

struct Guard {
    child: Child,
    what: String,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

fn drain(stream: Option<impl Read + Send + 'static>) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut s) = stream {
            let _ = s.read_to_end(&mut bytes);
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

struct Output {
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

impl Output {
    fn describe(&self) -> String {
        format!(
            "{}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.status,
            self.stdout.trim_end(),
            self.stderr.trim_end()
        )
    }
}

/// Runs `cmd` to completion with piped stdout/stderr; kills it and panics
/// after `timeout`. A command that cannot start panics with `hint`.
fn run(mut cmd: Command, what: &str, timeout: Duration, hint: &str) -> Output {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {what} ({cmd:?}): {e}\n{hint}"));
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let mut guard = Guard {
        child,
        what: what.to_owned(),
    };
    let deadline = Instant::now() + timeout;
    let status = loop {
        match guard.child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() >= deadline => break None,
            Ok(None) => thread::sleep(Duration::from_millis(20)),
            Err(e) => panic!("waiting for {what}: {e}"),
        }
    };
    let Some(status) = status else {
        let _ = guard.child.kill();
        let _ = guard.child.wait();
        let (out, err) = (
            stdout.join().unwrap_or_default(),
            stderr.join().unwrap_or_default(),
        );
        panic!(
            "{} did not finish within {timeout:?} and was killed.\n--- stdout ---\n{out}\n--- stderr ---\n{err}",
            guard.what
        );
    };
    drop(guard);
    Output {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    }
}

// ---------------------------------------------------------------------------
// npm packages, installed once per process.

fn npm_packages() -> &'static Path {
    static READY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    match READY.get_or_init(install_npm_packages) {
        Ok(dir) => dir,
        Err(message) => panic!("{message}"),
    }
}

/// Pinned packages whose installed copy is missing or of another version.
fn stale_packages(dir: &Path) -> Vec<String> {
    let manifest = std::fs::read_to_string(dir.join("package.json"))
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.join("package.json").display()));
    let manifest: Value =
        serde_json::from_str(&manifest).expect("tests/interop/package.json is not JSON");
    let mut stale = Vec::new();
    for (name, pin) in manifest["dependencies"]
        .as_object()
        .expect("package.json has no dependencies")
    {
        let installed =
            std::fs::read_to_string(dir.join("node_modules").join(name).join("package.json"))
                .ok()
                .and_then(|s| serde_json::from_str::<Value>(&s).ok())
                .and_then(|v| v["version"].as_str().map(str::to_owned));
        if installed.as_deref() != pin.as_str() {
            stale.push(format!(
                "{name} (want {pin}, have {})",
                installed.as_deref().unwrap_or("none")
            ));
        }
    }
    stale
}

fn install_npm_packages() -> Result<PathBuf, String> {
    let dir = interop_dir();
    let dir = dir
        .canonicalize()
        .map_err(|e| format!("cannot find {}: {e}", dir.display()))?;
    let need_node = "This test needs Node.js >= 20 with npm on PATH (https://nodejs.org); \
                     then rerun `cargo test -p toolform-examples --test interop`.";

    // Node itself, and its version: the conformance suite needs 20 or later.
    let version = Command::new(exe("node"))
        .arg("--version")
        .output()
        .map_err(|e| format!("cannot run `node --version`: {e}\n{need_node}"))?;
    let version = String::from_utf8_lossy(&version.stdout).trim().to_owned();
    let major: u32 = version
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(0);
    if major < 20 {
        return Err(format!(
            "found Node.js {version:?}, but need 20 or later.\n{need_node}"
        ));
    }

    let stale = stale_packages(&dir);
    if stale.is_empty() {
        return Ok(dir);
    }
    Command::new(exe("npm"))
        .arg("--version")
        .output()
        .map_err(|e| format!("cannot run `npm --version`: {e}\n{need_node}"))?;
    eprintln!(
        "interop: installing npm packages in {} (missing: {})",
        dir.display(),
        stale.join(", ")
    );
    let mut cmd = Command::new(exe("npm"));
    cmd.args(["ci", "--no-audit", "--no-fund"])
        .current_dir(&dir);
    let out = run(cmd, "npm ci", NPM_TIMEOUT, need_node);
    if !out.status.success() {
        return Err(format!(
            "`npm ci --no-audit --no-fund` failed in {}.\n{}\n\
             npm needs to reach its registry the first time. To retry by hand: \
             `cd tests/interop && npm ci`. If package.json changed, refresh the lockfile \
             with `npm install` there and commit package-lock.json.",
            dir.display(),
            out.describe()
        ));
    }
    let stale = stale_packages(&dir);
    if !stale.is_empty() {
        return Err(format!(
            "after `npm ci` in {} these packages are still not as pinned: {}. \
             package.json and package-lock.json disagree: run `npm install` there and commit the lockfile.",
            dir.display(),
            stale.join(", ")
        ));
    }
    Ok(dir)
}

// ---------------------------------------------------------------------------
// The server over streamable HTTP.

struct HttpServer {
    url: String,
    log: Arc<Mutex<String>>,
    _guard: Guard,
}

impl HttpServer {
    fn start(extra: &[&str]) -> HttpServer {
        let mut cmd = Command::new(SERVER);
        cmd.args(["--http", "0"]).args(extra);
        cmd.stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let mut child = cmd
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {SERVER}: {e}"));
        let stderr = child.stderr.take().expect("piped stderr");
        let mut guard = Guard {
            child,
            what: format!("{SERVER} --http 0"),
        };
        let log = Arc::new(Mutex::new(String::new()));
        let (tx, rx) = mpsc::channel();
        {
            let log = Arc::clone(&log);
            thread::spawn(move || {
                let mut tx = Some(tx);
                for line in BufReader::new(stderr).lines() {
                    let Ok(line) = line else { break };
                    if let Some(url) = line.trim().strip_prefix("listening on ")
                        && let Some(tx) = tx.take()
                    {
                        let _ = tx.send(url.to_owned());
                    }
                    let mut log = log.lock().unwrap_or_else(|p| p.into_inner());
                    log.push_str(&line);
                    log.push('\n');
                }
            });
        }
        let url = match rx.recv_timeout(LISTEN_TIMEOUT) {
            Ok(url) => url,
            Err(e) => {
                let why = match e {
                    mpsc::RecvTimeoutError::Timeout => {
                        format!("did not print it within {LISTEN_TIMEOUT:?}")
                    }
                    mpsc::RecvTimeoutError::Disconnected => {
                        // Stderr closed: the server is exiting or has exited.
                        thread::sleep(Duration::from_millis(200));
                        match guard.child.try_wait() {
                            Ok(Some(status)) => format!("exited ({status}) without printing it"),
                            _ => "closed its stderr without printing it".into(),
                        }
                    }
                };
                let log = log.lock().unwrap_or_else(|p| p.into_inner()).clone();
                panic!(
                    "`{SERVER} --http 0 {}` should print `listening on http://127.0.0.1:<port>/mcp` \
                     on stderr once ready, but {why}.\n--- server stderr ---\n{log}",
                    extra.join(" ")
                );
            }
        };
        assert!(
            url.starts_with("http://127.0.0.1:") && url.ends_with("/mcp"),
            "the server announced {url:?}; expected http://127.0.0.1:<port>/mcp"
        );
        HttpServer {
            url,
            log,
            _guard: guard,
        }
    }

    fn log(&self) -> String {
        self.log.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

// ---------------------------------------------------------------------------
// The SDK client.

/// Runs client.mjs with `args`; returns its report (also saved as `report-<name>.json`).
fn run_client(name: &str, args: &[&str]) -> (Value, PathBuf) {
    let dir = npm_packages();
    let mut cmd = Command::new(exe("node"));
    cmd.arg("client.mjs").args(args).current_dir(dir);
    let out = run(cmd, "node client.mjs", CHILD_TIMEOUT, "Is Node.js on PATH?");
    let report: Value = match serde_json::from_str(&out.stdout) {
        Ok(v) if out.status.success() => v,
        _ => panic!(
            "tests/interop/client.mjs {} failed before producing its report \
             (cannot start or reach the server, or cannot list tools).\n{}",
            args.join(" "),
            out.describe()
        ),
    };
    let path = scratch_dir().join(format!("report-{name}.json"));
    let _ = std::fs::write(
        &path,
        serde_json::to_string_pretty(&report).unwrap_or_default(),
    );
    (report, path)
}

/// Soft assertions: every failure is collected, all are reported at once.
struct Checks {
    failures: Vec<String>,
}

impl Checks {
    fn new() -> Self {
        Checks {
            failures: Vec::new(),
        }
    }

    fn check(&mut self, ok: bool, message: impl FnOnce() -> String) {
        if !ok {
            self.failures.push(message());
        }
    }

    fn finish(self, what: &str, report: &Path, extra: &str) {
        if self.failures.is_empty() {
            return;
        }
        let list: Vec<String> = self.failures.iter().map(|f| format!("  - {f}")).collect();
        panic!(
            "{what}: {} problem(s):\n{}\n\nThe client's full report is in {}.\n\
             The server (examples/mcp_server.rs) disagrees with the official TypeScript SDK \
             (or the client script tests/interop/client.mjs is wrong); fix whichever side is at fault.{extra}",
            self.failures.len(),
            list.join("\n"),
            report.display()
        );
    }
}

/// At most `max` characters of `s`, whitespace runs collapsed.
fn clip(s: &str, max: usize) -> String {
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    match s.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s,
    }
}

/// `s` without ANSI colour sequences (ESC `[` … letter).
fn strip_ansi(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn compact(v: &Value) -> String {
    clip(&v.to_string(), 1500)
}

fn calls<'a>(report: &'a Value, tool: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    report["calls"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(move |c| c["tool"] == tool)
}

fn call<'a>(report: &'a Value, label: &str) -> Option<&'a Value> {
    report["calls"]
        .as_array()?
        .iter()
        .find(|c| c["label"] == label)
}

fn elicitations_of<'a>(report: &'a Value, call: &'a Value) -> Vec<&'a Value> {
    call["elicitations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| report["elicitations"].get(i.as_u64()? as usize))
        .collect()
}

fn describe_call(c: &Value) -> String {
    format!(
        "args {}, ok {}, error {}, isError {}, structuredContent {}, text {}",
        compact(&c["args"]),
        c["ok"],
        match c["error"]["message"].as_str() {
            Some(message) => format!("{:?}", clip(message, 600)),
            None => "none".into(),
        },
        c["isError"],
        compact(&c["structuredContent"]),
        compact(&c["text"])
    )
}

/// Everything the SDK client saw, checked against what the server promises.
fn check_report(checks: &mut Checks, report: &Value, contrast: bool) {
    checks.check(
        report["serverVersion"]["name"] == "toolform-example",
        || {
            format!(
                "server info name should be \"toolform-example\", got {}",
                compact(&report["serverVersion"])
            )
        },
    );

    // Listing and schema roots.
    let tools = report["tools"].as_array().cloned().unwrap_or_default();
    let listed: BTreeSet<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    let mut expected: BTreeSet<&str> = TOOLFORM_TOOLS.into_iter().collect();
    if contrast {
        expected.extend(CONTRAST_TOOLS);
    }
    for name in &expected {
        checks.check(listed.contains(name), || {
            format!("tool {name:?} is not listed; listed: {listed:?}")
        });
    }
    for tool in &tools {
        let name = tool["name"].as_str().unwrap_or("?");
        checks.check(tool["inputSchema"]["type"] == "object", || {
            format!(
                "{name}: inputSchema root must have type \"object\", got {}",
                compact(&tool["inputSchema"])
            )
        });
        if !tool["outputSchema"].is_null() {
            checks.check(tool["outputSchema"]["type"] == "object", || {
                format!(
                    "{name}: outputSchema root must have type \"object\", got {}",
                    compact(&tool["outputSchema"])
                )
            });
        }
    }
    for name in ["search_flights", "book_trip"]
        .into_iter()
        .chain(if contrast {
            CONTRAST_TOOLS.to_vec()
        } else {
            vec![]
        })
    {
        if let Some(tool) = tools.iter().find(|t| t["name"] == name) {
            checks.check(tool["outputSchema"].is_object(), || {
                format!("{name} must declare an outputSchema (else the SDK validates nothing)")
            });
        }
    }

    // Every call on toolform's own tools succeeds, SDK output validation included.
    for name in TOOLFORM_TOOLS {
        let mut any = false;
        for c in calls(report, name) {
            any = true;
            checks.check(c["ok"] == true && c["isError"] == false, || {
                format!(
                    "{}: the SDK client should accept this call: {}",
                    c["label"].as_str().unwrap_or(name),
                    describe_call(c)
                )
            });
        }
        checks.check(any || !listed.contains(name), || {
            format!("the client made no call to {name}")
        });
    }

    // search_flights: a normal search and an empty one.
    if let Some(c) = call(report, "search_flights: normal") {
        let sc = &c["structuredContent"];
        checks.check(
            sc["flights"].as_array().is_some_and(|f| !f.is_empty()),
            || {
                format!(
                    "search_flights normal: flights should be a non-empty array: {}",
                    compact(sc)
                )
            },
        );
        checks.check(sc.get("warnings").is_none(), || {
            format!(
                "search_flights normal: an empty `warnings` should be omitted: {}",
                compact(sc)
            )
        });
        checks.check(sc["meanPrice"].is_number(), || {
            format!(
                "search_flights normal: meanPrice should be a number: {}",
                compact(sc)
            )
        });
    } else {
        checks.check(false, || {
            "no `search_flights: normal` call in the report".into()
        });
    }
    if let Some(c) = call(report, "search_flights: origin == destination") {
        let sc = &c["structuredContent"];
        checks.check(c["ok"] == true && sc.get("meanPrice") == Some(&Value::Null), || {
            format!("search_flights origin == destination: should be accepted with meanPrice null: {}", describe_call(c))
        });
        checks.check(sc["flights"] == json!([]), || {
            format!(
                "search_flights origin == destination: flights should be []: {}",
                compact(sc)
            )
        });
        checks.check(
            sc["warnings"].as_array().is_some_and(|w| !w.is_empty()),
            || {
                format!(
                    "search_flights origin == destination: should carry a warning: {}",
                    compact(sc)
                )
            },
        );
    } else {
        checks.check(false, || {
            "no `search_flights: origin == destination` call in the report".into()
        });
    }

    // The contrast: schemars' contracts are rejected where toolform's is accepted.
    if contrast {
        for (label, same, field, why) in [
            (
                "search_flights_schemars_deserialize: normal",
                "search_flights: normal",
                "warnings",
                "the deserialize contract requires `warnings`, which the server omits when empty",
            ),
            (
                "search_flights_schemars_serialize: origin == destination",
                "search_flights: origin == destination",
                "meanPrice",
                "the serialize contract types meanPrice as number, but NaN is written as null",
            ),
        ] {
            let Some(c) = call(report, label) else {
                checks.check(false, || format!("no `{label}` call in the report"));
                continue;
            };
            let message = c["error"]["message"].as_str().unwrap_or("");
            checks.check(c["ok"] == false && message.contains(OUTPUT_SCHEMA_MISMATCH) && message.contains(field), || {
                format!(
                    "{label}: the SDK client should REJECT this ({why}) with \"{OUTPUT_SCHEMA_MISMATCH}\" \
                     naming `{field}`; without this rejection the test cannot tell the contracts apart: {}",
                    describe_call(c)
                )
            });
            checks.check(call(report, same).is_some_and(|c| c["ok"] == true), || {
                format!(
                    "`{same}` (same arguments as `{label}`) should be accepted by the SDK client"
                )
            });
        }
    }

    // Elicitations: one per call of an eliciting tool, all valid for the SDK's zod schema.
    for e in report["elicitations"].as_array().into_iter().flatten() {
        checks.check(e["zodOk"] == true, || {
            format!(
                "elicitation during {} does not parse with the SDK's ElicitRequestSchema: {}\nrequestedSchema: {}",
                e["tool"],
                e["zodError"],
                compact(&e["requestedSchema"])
            )
        });
        checks.check(e["requestedSchema"]["type"] == "object", || {
            format!(
                "elicitation during {}: requestedSchema root must have type \"object\": {}",
                e["tool"],
                compact(&e["requestedSchema"])
            )
        });
    }
    for name in ELICITING_TOOLS {
        for c in calls(report, name) {
            let n = elicitations_of(report, c).len();
            checks.check(n == 1, || {
                format!(
                    "{}: expected exactly one elicitation/create, saw {n}",
                    c["label"].as_str().unwrap_or(name)
                )
            });
        }
    }
    for c in calls(report, "test_elicitation") {
        for e in elicitations_of(report, c) {
            let props: BTreeSet<&str> = e["requestedSchema"]["properties"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(k, _)| k.as_str())
                .collect();
            checks.check(props == BTreeSet::from(["username", "email"]), || {
                format!(
                    "test_elicitation: requestedSchema should ask for username and email: {}",
                    compact(&e["requestedSchema"])
                )
            });
        }
        checks.check(c["text"].as_array().is_some_and(|t| !t.is_empty()), || {
            format!(
                "test_elicitation: should return text content: {}",
                describe_call(c)
            )
        });
    }

    // book_trip: the typed value round-trips; decline and cancel are reported.
    let book = |label: &str| call(report, label);
    match book("book_trip: accept") {
        Some(c) => {
            let sc = &c["structuredContent"];
            let answered = elicitations_of(report, c)
                .first()
                .map(|e| e["content"].clone())
                .unwrap_or(Value::Null);
            if let Some(e) = elicitations_of(report, c).first() {
                let props: BTreeSet<&str> = e["requestedSchema"]["properties"]
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(k, _)| k.as_str())
                    .collect();
                checks.check(props == BTreeSet::from(["name", "email", "seat", "bags", "newsletter"]), || {
                    format!("book_trip: requestedSchema should ask for name, email, seat, bags, newsletter: {}", compact(&e["requestedSchema"]))
                });
            }
            checks.check(sc["status"] == "booked", || {
                format!(
                    "book_trip accept: status should be \"booked\": {}",
                    describe_call(c)
                )
            });
            checks.check(
                sc["confirmation"].as_str().is_some_and(|s| !s.is_empty()),
                || {
                    format!(
                        "book_trip accept: confirmation should be a non-empty string: {}",
                        compact(sc)
                    )
                },
            );
            checks.check(answered.is_object() && sc["traveller"] == answered, || {
                format!(
                    "book_trip accept: the traveller the server parsed should equal exactly what the client answered.\n    answered:  {}\n    traveller: {}",
                    compact(&answered),
                    compact(&sc["traveller"])
                )
            });
        }
        None => checks.check(false, || "no `book_trip: accept` call in the report".into()),
    }
    for (label, expected) in [
        ("book_trip: decline", json!({"status": "declined"})),
        ("book_trip: cancel", json!({"status": "cancelled"})),
    ] {
        match book(label) {
            Some(c) => checks.check(c["structuredContent"] == expected, || {
                format!(
                    "{label}: structuredContent should be {expected}: {}",
                    describe_call(c)
                )
            }),
            None => checks.check(false, || format!("no `{label}` call in the report")),
        }
    }
}

#[test]
fn sdk_client_over_stdio() {
    let (report, path) = run_client("stdio", &["--stdio", SERVER, "--contrast"]);
    let mut checks = Checks::new();
    check_report(&mut checks, &report, true);
    let stderr = report["serverStderr"].as_str().unwrap_or("");
    checks.finish(
        "mcp-server over stdio, driven by the TypeScript SDK client",
        &path,
        &format!("\n--- server stderr ---\n{stderr}"),
    );
}

#[test]
fn sdk_client_over_streamable_http() {
    let server = HttpServer::start(&["--contrast"]);
    let (report, path) = run_client("http", &["--url", &server.url]);
    let mut checks = Checks::new();
    check_report(&mut checks, &report, true);
    checks.check(report["closeError"].is_null(), || {
        format!(
            "closing the session failed: {}",
            compact(&report["closeError"])
        )
    });
    checks.finish(
        "mcp-server over streamable HTTP, driven by the TypeScript SDK client",
        &path,
        &format!("\n--- server stderr ---\n{}", server.log()),
    );
}

#[test]
fn conformance_suite_elicitation_scenarios() {
    let dir = npm_packages();
    let cli = dir.join("node_modules/@modelcontextprotocol/conformance/dist/index.js");
    let server = HttpServer::start(&[]);
    let mut problems = Vec::new();
    for (scenario, expected) in [
        ("tools-call-elicitation", &["tools-call-elicitation"][..]),
        (
            "elicitation-sep1034-defaults",
            &[
                "elicitation-sep1034-string-default",
                "elicitation-sep1034-integer-default",
                "elicitation-sep1034-number-default",
                "elicitation-sep1034-enum-default",
                "elicitation-sep1034-boolean-default",
            ][..],
        ),
        (
            "elicitation-sep1330-enums",
            &[
                "elicitation-sep1330-untitled-single",
                "elicitation-sep1330-titled-single",
                "elicitation-sep1330-legacy-enumnames",
                "elicitation-sep1330-untitled-multi",
                "elicitation-sep1330-titled-multi",
            ][..],
        ),
    ] {
        let work = scratch_dir().join(unique(&format!("conformance-{scenario}")));
        std::fs::create_dir_all(&work)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", work.display()));
        let mut cmd = Command::new(exe("node"));
        cmd.arg(&cli)
            .args([
                "server",
                "--url",
                &server.url,
                "--scenario",
                scenario,
                "--output-dir",
                "results",
            ])
            .current_dir(&work);
        let out = run(
            cmd,
            &format!("conformance {scenario}"),
            CHILD_TIMEOUT,
            "Is Node.js on PATH?",
        );

        let checks_file = std::fs::read_dir(work.join("results"))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path().join("checks.json"))
            .find(|p| p.is_file());
        let Some(checks_file) = checks_file else {
            problems.push(format!(
                "{scenario}: the conformance CLI wrote no results/server-{scenario}-*/checks.json in {}.\n{}",
                work.display(),
                out.describe()
            ));
            continue;
        };
        let checks: Value = std::fs::read_to_string(&checks_file)
            .ok()
            .and_then(|s| serde_json::from_str(&s).ok())
            .unwrap_or_else(|| panic!("{} is not JSON", checks_file.display()));
        let checks = checks.as_array().cloned().unwrap_or_default();

        let mut scenario_problems = Vec::new();
        if !out.status.success() {
            scenario_problems.push(format!("the conformance CLI exited with {}", out.status));
        }
        for c in &checks {
            if c["status"] == "FAILURE" {
                scenario_problems.push(format!(
                    "check {} FAILED: {}\n      details: {}",
                    c["id"],
                    c["errorMessage"].as_str().unwrap_or("(no message)"),
                    compact(&c["details"])
                ));
            }
        }
        for id in expected {
            let status = checks
                .iter()
                .find(|c| c["id"] == *id)
                .map(|c| c["status"].clone());
            // A FAILURE is reported above with its message.
            if status
                .as_ref()
                .is_none_or(|s| s != "SUCCESS" && s != "FAILURE")
            {
                scenario_problems.push(format!(
                    "check {id} should be SUCCESS, is {}",
                    status
                        .map(|s| s.to_string())
                        .unwrap_or_else(|| "missing".into())
                ));
            }
        }
        if scenario_problems.is_empty() {
            let _ = std::fs::remove_dir_all(&work);
        } else {
            problems.push(format!(
                "{scenario} (results kept in {}):\n    {}\n--- conformance output ---\n{}",
                work.display(),
                scenario_problems.join("\n    "),
                strip_ansi(out.stdout.trim_end())
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "the MCP conformance suite (@modelcontextprotocol/conformance, pinned in tests/interop) \
         found problems with mcp-server. What each scenario requires is in its description \
         (search {} for the scenario name). Fix examples/mcp_server.rs.\n\n{}\n\n--- server stderr ---\n{}",
        cli.display(),
        problems.join("\n\n"),
        server.log()
    );
}
