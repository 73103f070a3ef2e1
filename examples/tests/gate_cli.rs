//! The `gate` example run as a program: every way its input or its output
//! can go wrong ends in a sentence and an exit code, never a panic.
//!
//! Examples get no `CARGO_BIN_EXE_*`, so the test builds the example itself
//! with the cargo that runs it (`cargo build --example gate`, same target
//! directory) and runs the executable cargo reports.

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The built `gate` example.
fn gate_exe() -> &'static Path {
    static EXE: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    match EXE.get_or_init(build_gate) {
        Ok(path) => path,
        Err(problem) => panic!("cannot build the gate example: {problem}"),
    }
}

fn build_gate() -> Result<PathBuf, String> {
    let out = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--example", "gate", "--manifest-path"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
        .arg("--message-format=json-render-diagnostics")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo build failed ({}):\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == "gate")
        .filter(|m| {
            m["target"]["kind"]
                .as_array()
                .is_some_and(|k| k.contains(&json!("example")))
        })
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .ok_or_else(|| "cargo reported no executable for the gate example".into())
}

/// A file under the temp dir, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(contents: &[u8]) -> TempFile {
        static N: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "toolform-gate-cli-{}-{}.json",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        if let Err(e) = std::fs::write(&path, contents) {
            panic!("cannot write {}: {e}", path.display());
        }
        TempFile(path)
    }

    fn json(value: &Value) -> TempFile {
        TempFile::new(value.to_string().as_bytes())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn gate() -> Command {
    let mut cmd = Command::new(gate_exe());
    cmd.stdin(Stdio::null());
    cmd
}

fn run(args: &[&std::ffi::OsStr]) -> Output {
    match gate().args(args).output() {
        Ok(out) => out,
        Err(e) => panic!("cannot run gate: {e}"),
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Exit code `code`, and no panic on the way.
#[track_caller]
fn assert_exit(out: &Output, code: i32) {
    let err = stderr(out);
    assert!(!err.contains("panicked"), "gate panicked:\n{err}");
    assert_eq!(
        out.status.code(),
        Some(code),
        "exit status {}; stderr:\n{err}",
        out.status
    );
}

fn small_form() -> Value {
    json!({
        "type": "object",
        "properties": {"name": {"type": "string", "maxLength": 20}},
        "required": ["name"]
    })
}

/// A valid form whose gated output is far beyond a pipe's 64 KiB buffer.
fn large_form() -> Value {
    let properties: serde_json::Map<String, Value> = (0..4000)
        .map(|i| {
            (
                format!("field_{i:05}"),
                json!({"type": "string", "maxLength": 20, "description": "a field of a large form"}),
            )
        })
        .collect();
    json!({"type": "object", "properties": properties})
}

/// A schema the grammar refuses, with a report beyond 64 KiB.
fn large_refused() -> Value {
    let properties: serde_json::Map<String, Value> = (0..4000)
        .map(|i| (format!("nested_{i:05}"), json!({"type": "object"})))
        .collect();
    json!({"type": "object", "properties": properties})
}

#[test]
fn a_valid_form_passes() {
    let file = TempFile::json(&small_form());
    let out = run(&[file.0.as_os_str()]);
    assert_exit(&out, 0);
    let printed: Value = match serde_json::from_str(&stdout(&out)) {
        Ok(v) => v,
        Err(e) => panic!("stdout is not JSON ({e}):\n{}", stdout(&out)),
    };
    assert_eq!(printed, small_form());
}

#[test]
fn a_refused_schema_exits_1_with_its_violations() {
    let file = TempFile::json(&json!({
        "type": "object",
        "properties": {"address": {"type": "object"}}
    }));
    let out = run(&[file.0.as_os_str()]);
    assert_exit(&out, 1);
    let text = stdout(&out);
    assert!(
        text.starts_with("the schema cannot be an elicitation form (1 violation)"),
        "{text}"
    );
    assert!(text.contains("/properties/address"), "{text}");
}

#[test]
fn help_prints_usage_on_stdout_and_exits_0() {
    for flag in ["--help", "-h"] {
        let out = run(&[flag.as_ref()]);
        assert_exit(&out, 0);
        assert!(stdout(&out).contains("usage: gate SCHEMA.json"), "{flag}");
        assert!(stdout(&out).contains("2025-06-18"), "{flag}");
        assert_eq!(stderr(&out), "", "{flag}");
    }
}

#[test]
fn usage_errors_go_to_stderr_and_exit_2() {
    let file = TempFile::json(&small_form());
    let f = file.0.as_os_str();
    let cases: [&[&std::ffi::OsStr]; 4] = [
        &[],
        &[f, "--revision".as_ref()],
        &[f, "--revision".as_ref(), "1999-01-01".as_ref()],
        &[f, f],
    ];
    for args in cases {
        let out = run(args);
        assert_exit(&out, 2);
        assert_eq!(stdout(&out), "", "{args:?}");
        assert!(
            stderr(&out).starts_with("error: "),
            "{args:?}: {}",
            stderr(&out)
        );
        assert!(stderr(&out).contains("usage: gate"), "{args:?}");
    }
}

#[test]
fn a_closed_stdout_ends_quietly_with_the_verdict() {
    for (schema, verdict) in [(large_form(), 0), (large_refused(), 1)] {
        let file = TempFile::json(&schema);
        let mut child = match gate()
            .arg(&file.0)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
        {
            Ok(child) => child,
            Err(e) => panic!("cannot run gate: {e}"),
        };
        // Close the read end before the gate writes: more than a pipe's
        // buffer is to come, so its write fails with EPIPE either way.
        drop(child.stdout.take());
        let out = match child.wait_with_output() {
            Ok(out) => out,
            Err(e) => panic!("cannot wait for gate: {e}"),
        };
        assert_exit(&out, verdict);
        assert_eq!(stderr(&out), "", "a broken pipe is no error");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_reported_and_exits_2() {
    let file = TempFile::json(&small_form());
    let f = file.0.as_os_str();
    for args in [&[f][..], &["--help".as_ref()][..]] {
        let full = match std::fs::OpenOptions::new().write(true).open("/dev/full") {
            Ok(full) => full,
            Err(e) => panic!("cannot open /dev/full: {e}"),
        };
        let out = match gate().args(args).stdout(full).output() {
            Ok(out) => out,
            Err(e) => panic!("cannot run gate: {e}"),
        };
        assert_exit(&out, 2);
        let err = stderr(&out);
        assert!(err.starts_with("gate: cannot write output: "), "{err}");
        assert!(err.contains("No space left on device"), "{err}");
    }
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(small_form().to_string().as_bytes());
    let file = TempFile::new(&bytes);
    let out = run(&[file.0.as_os_str()]);
    assert_exit(&out, 0);
    assert_eq!(
        serde_json::from_str::<Value>(&stdout(&out)).ok(),
        Some(small_form())
    );
}

#[test]
fn nesting_beyond_serde_json_is_named() {
    // 200 levels of `properties`, far beyond serde_json's 128.
    let mut text = String::from("{\"type\":\"string\"}");
    for _ in 0..200 {
        text = format!("{{\"type\":\"object\",\"properties\":{{\"a\":{text}}}}}");
    }
    let file = TempFile::new(text.as_bytes());
    let out = run(&[file.0.as_os_str()]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(err.contains("nests deeper than 128 levels"), "{err}");
    assert!(err.contains("recursion limit"), "{err}");
    assert!(!err.contains("is not JSON"), "{err}");
    assert_eq!(stdout(&out), "");
}

#[test]
fn other_parse_errors_keep_line_and_column() {
    let file = TempFile::new(b"{\n  \"type\": }\n");
    let out = run(&[file.0.as_os_str()]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(err.contains(" is not JSON: "), "{err}");
    assert!(err.contains("line 2 column"), "{err}");
}

#[test]
fn a_file_that_is_not_utf8_is_named() {
    for bytes in [
        &b"{\"type\": \"object\", \"title\": \"caf\xE9\"}"[..],
        // UTF-16LE with its byte order mark.
        &b"\xFF\xFE{\x00}\x00"[..],
    ] {
        let file = TempFile::new(bytes);
        let out = run(&[file.0.as_os_str()]);
        assert_exit(&out, 2);
        let err = stderr(&out);
        assert!(err.contains("is not UTF-8 text"), "{err}");
    }
}

#[test]
fn a_missing_file_is_named() {
    let path = std::env::temp_dir().join(format!(
        "toolform-gate-cli-{}-missing.json",
        std::process::id()
    ));
    let out = run(&[path.as_os_str()]);
    assert_exit(&out, 2);
    assert!(stderr(&out).starts_with("cannot read "), "{}", stderr(&out));
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_unicode_is_no_panic() {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::OsStr::from_bytes(b"toolform-gate-cli-\xFF-missing.json");
    let out = run(&[std::env::temp_dir().join(name).as_os_str()]);
    assert_exit(&out, 2);
    assert!(stderr(&out).starts_with("cannot read "), "{}", stderr(&out));
    let out = run(&["--revision".as_ref(), std::ffi::OsStr::from_bytes(b"\xFF")]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("unknown revision"),
        "{}",
        stderr(&out)
    );
}
