//! The `toolform` binary: exit codes, formats and errors of `diff` (the
//! snapshots of a live server are tested in examples/tests/compat_cli.rs,
//! where cargo gives the example server's path).

use std::path::{Path, PathBuf};
use std::process::Command;

fn toolform(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_toolform"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn file(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("toolform-cli-bin-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn diff_exit_codes_and_formats() {
    let dir = scratch("diff");
    let old = file(
        &dir,
        "old.json",
        r#"{"tools": [{"name": "a", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer", "maximum": 10}}}}]}"#,
    );
    let narrower = file(
        &dir,
        "narrower.json",
        r#"[{"name": "a", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer", "maximum": 5}}}}]"#,
    );
    let wrapped = file(
        &dir,
        "rpc.json",
        r#"{"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "a", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer", "maximum": 10}}}}]}}"#,
    );

    let (code, out, _) = toolform(&["diff", &old, &old]);
    assert_eq!((code, out.as_str()), (0, "no changes\n"));
    let (code, out, _) = toolform(&["diff", &old, &wrapped]);
    assert_eq!(
        (code, out.as_str()),
        (0, "no changes\n"),
        "a JSON-RPC response is read through its result"
    );

    let (code, out, _) = toolform(&["diff", &old, &narrower]);
    assert_eq!(code, 1, "{out}");
    let mut lines = out.lines();
    let head = lines.next().unwrap();
    assert!(
        head.starts_with("VERDICT") && head.contains("POINTER") && head.contains("MESSAGE"),
        "{out}"
    );
    let row = lines.next().unwrap();
    assert!(
        row.starts_with("BREAKING")
            && row.contains("inputSchema")
            && row.contains("/properties/n/maximum"),
        "{out}"
    );
    assert!(out.ends_with("1 breaking, 0 compatible\n"), "{out}");

    let (code, out, _) = toolform(&["diff", "--format", "json", &narrower, &old]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["breaking"], false);
    assert_eq!(v["changes"][0]["breaking"], false);

    // Single schemas need --contract.
    let s1 = file(&dir, "s1.json", r#"{"type": "string"}"#);
    let s2 = file(&dir, "s2.json", r#"{"type": ["string", "null"]}"#);
    let (code, _, err) = toolform(&["diff", &s1, &s2]);
    assert_eq!(code, 2);
    assert!(err.contains("--contract"), "{err}");
    assert_eq!(toolform(&["diff", "--contract", "input", &s1, &s2]).0, 0);
    assert_eq!(toolform(&["diff", "--contract", "output", &s1, &s2]).0, 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn usage_and_io_errors_exit_2() {
    let (code, _, err) = toolform(&["diff", "/nonexistent/a.json", "/nonexistent/b.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/a.json"), "{err}");
    let dir = scratch("bad");
    let bad = file(&dir, "bad.json", "{not json");
    assert_eq!(toolform(&["diff", &bad, &bad]).0, 2);
    assert_eq!(toolform(&["diff"]).0, 2);
    assert_eq!(toolform(&["frobnicate"]).0, 2);
    assert_eq!(toolform(&["diff", "--format", "xml", &bad, &bad]).0, 2);
    let (code, out, _) = toolform(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("snapshot") && out.contains("diff"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}
