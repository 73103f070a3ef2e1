//! `toolform snapshot` against the example server, over stdio and over
//! Streamable HTTP, and `toolform diff` on two snapshots before and after a
//! breaking edit. The CLI's own entry point (`toolform_cli::run`, all the
//! binary does) is called here, where cargo gives the example server's
//! path; the binary's exit codes are tested in cli/tests.

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const SERVER: &str = env!("CARGO_BIN_EXE_mcp-server");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("toolform-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the CLI with `args`: (exit code, stdout, stderr).
fn cli(args: &[&str]) -> (u8, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let mut all = vec!["toolform"];
    all.extend_from_slice(args);
    let code = toolform_cli::run(all, &mut out, &mut err);
    (
        code,
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

fn read(path: &PathBuf) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn tool<'a>(tools: &'a Value, name: &str) -> &'a Value {
    tools["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("no tool {name} in {tools}"))
}

/// The child is killed when the test ends, however it ends.
struct Kill(Child);
impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn snapshot_over_stdio_then_diff_a_breaking_edit() {
    let dir = scratch("stdio");
    let old = dir.join("old.json");
    let (code, _, err) = cli(&[
        "snapshot",
        "--timeout",
        "60",
        "--out",
        old.to_str().unwrap(),
        "--",
        SERVER,
    ]);
    assert_eq!(code, 0, "snapshot failed: {err}");
    let tools = read(&old);
    let names: Vec<&str> = tools["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(names.len() > 10, "{names:?}");
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "tools are written sorted by name");
    let search = tool(&tools, "search_flights");
    assert_eq!(
        search["inputSchema"]["properties"]["passengers"]["maximum"],
        9
    );
    assert!(search["outputSchema"].is_object());

    // The same snapshot twice: no changes, exit 0.
    let (code, out, _) = cli(&["diff", old.to_str().unwrap(), old.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (0, "no changes\n"));

    // A breaking edit: at most 4 passengers instead of 9.
    let mut edited = tools.clone();
    for t in edited["tools"].as_array_mut().unwrap() {
        if t["name"] == "search_flights" {
            t["inputSchema"]["properties"]["passengers"]["maximum"] = 4.into();
        }
    }
    let new = dir.join("new.json");
    std::fs::write(&new, serde_json::to_string_pretty(&edited).unwrap()).unwrap();
    let (code, out, _) = cli(&["diff", old.to_str().unwrap(), new.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("search_flights") && out.contains("/properties/passengers/maximum"),
        "{out}"
    );
    assert!(
        out.contains("an input of 5..9 that was accepted is now refused"),
        "{out}"
    );
    let (code, out, _) = cli(&[
        "diff",
        "--format",
        "json",
        old.to_str().unwrap(),
        new.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["breaking"], true);
    assert_eq!(report["changes"][0]["tool"], "search_flights");
    assert_eq!(
        report["changes"][0]["pointer"],
        "/properties/passengers/maximum"
    );

    // The other way round it is a widening of an input: compatible, exit 0.
    let (code, out, _) = cli(&["diff", new.to_str().unwrap(), old.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("compatible"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn snapshot_over_streamable_http_matches_stdio() {
    let dir = scratch("http");
    let mut child = Command::new(SERVER)
        .args(["--http", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let _guard = Kill(child);
    // The server prints its address once it listens.
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(url) = line.strip_prefix("listening on ") {
                let _ = tx.send(url.trim().to_string());
            }
        }
    });
    let url = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("the server did not start listening within 60 s");
    let over_http = dir.join("http.json");
    let (code, _, err) = cli(&[
        "snapshot",
        "--timeout",
        "60",
        "--url",
        &url,
        "--out",
        over_http.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "snapshot --url {url} failed: {err}");
    let over_stdio = dir.join("stdio.json");
    let (code, _, err) = cli(&[
        "snapshot",
        "--timeout",
        "60",
        "--out",
        over_stdio.to_str().unwrap(),
        "--",
        SERVER,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(read(&over_http), read(&over_stdio));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn snapshot_errors_exit_2() {
    let (code, _, err) = cli(&[
        "snapshot",
        "--timeout",
        "20",
        "--",
        "/nonexistent/toolform-test-server",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("starting"), "{err}");
    let (code, _, _) = cli(&["snapshot"]);
    assert_eq!(code, 2);
    // Nothing listens on port 9 of this machine's loopback.
    let (code, _, _) = cli(&[
        "snapshot",
        "--timeout",
        "20",
        "--url",
        "http://127.0.0.1:9/mcp",
    ]);
    assert_eq!(code, 2);
}
