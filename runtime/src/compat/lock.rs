//! The lockfile for tests: a committed JSON file with the tools a server
//! offers (a `tools/list` result), checked by one call in a `#[test]`.
//!
//! The conventions follow `insta` where they fit:
//!
//! - the file is missing: it is written and the check passes (so the first
//!   run creates it; commit it), except under CI (the `CI` environment
//!   variable set and not `false`/`0`), where a missing file fails;
//! - the tools are the same (as JSON): passes, nothing written;
//! - the changes are all compatible: passes, and the file is rewritten to
//!   the new tools (not under CI), so it always holds the latest contract
//!   (commit it with the change; `git diff` shows what changed);
//! - a change is breaking: fails with the report, and the file is left as
//!   it is;
//! - `TOOLFORM_COMPAT=overwrite`: the file is rewritten whatever changed
//!   and the check passes (the way to accept a breaking change on
//!   purpose, like `INSTA_UPDATE=always` or `TRYBUILD=overwrite`).
//!
//! The file holds `{"tools": [...]}` with the tools sorted by name, pretty
//! printed: the same JSON `toolform snapshot` writes, so the CLI's `diff`
//! reads it too.

use super::{Report, diff_tools};
use crate::ToolSchema;
use serde_json::{Map, Value};
use std::fmt;
use std::path::{Path, PathBuf};

/// What [`check_lockfile`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LockOutcome {
    /// The tools are the lockfile's: nothing written.
    Unchanged,
    /// There was no lockfile: it was written.
    Created,
    /// Compatible changes only: the lockfile was rewritten (not under CI).
    Updated(Report),
    /// `TOOLFORM_COMPAT=overwrite`: the lockfile was rewritten whatever the
    /// changes.
    Overwritten(Report),
    /// Compatible changes under CI: the lockfile was left as it is.
    CompatibleNotWritten(Report),
}

/// Why [`check_lockfile`] failed.
#[derive(Debug)]
pub enum LockError {
    /// A breaking change against the lockfile.
    Breaking {
        /// The lockfile.
        path: PathBuf,
        /// Every change found.
        report: Report,
    },
    /// The lockfile is missing and the environment is CI.
    MissingInCi(PathBuf),
    /// The lockfile or the tools are not a `tools/list` result.
    NotToolsList(String),
    /// Reading or writing the lockfile failed.
    Io(PathBuf, std::io::Error),
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LockError::Breaking { path, report } => write!(
                f,
                "breaking change against {}:\n{report}\nIf this is intended, rerun with TOOLFORM_COMPAT=overwrite and commit the lockfile.",
                path.display()
            ),
            LockError::MissingInCi(path) => write!(
                f,
                "{} is missing (not written under CI): run the test locally and commit the file",
                path.display()
            ),
            LockError::NotToolsList(what) => write!(f, "{what}"),
            LockError::Io(path, e) => write!(f, "{}: {e}", path.display()),
        }
    }
}

impl std::error::Error for LockError {}

/// A tool as `tools/list` lists it, from the types of its arguments and
/// of its structured result: `{"name", "description", "inputSchema",
/// "outputSchema"}` (the description left out when empty).
pub fn tool<Args: ToolSchema + ?Sized, Out: ToolSchema + ?Sized>(
    name: &str,
    description: &str,
) -> Value {
    let mut t = tool_without_output::<Args>(name, description);
    if let Value::Object(m) = &mut t {
        m.insert("outputSchema".into(), Out::output_schema().clone());
    }
    t
}

/// A tool without an output schema, from the type of its arguments.
pub fn tool_without_output<Args: ToolSchema + ?Sized>(name: &str, description: &str) -> Value {
    let mut m = Map::new();
    m.insert("name".into(), Value::String(name.into()));
    if !description.is_empty() {
        m.insert("description".into(), Value::String(description.into()));
    }
    m.insert("inputSchema".into(), Args::input_schema().clone());
    Value::Object(m)
}

fn env_is(name: &str, want: &str) -> bool {
    std::env::var(name).is_ok_and(|v| v == want)
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// `{"tools": [...]}` sorted by name, from a `tools/list` result or an
/// array of tools.
fn normalized(tools: &Value) -> Option<Value> {
    let list = match tools {
        Value::Array(t) => t,
        Value::Object(m) => m.get("tools")?.as_array()?,
        _ => return None,
    };
    let mut list = list.clone();
    list.sort_by(|a, b| {
        let n = |t: &Value| t.get("name").and_then(Value::as_str).map(str::to_string);
        n(a).cmp(&n(b))
    });
    let mut m = Map::new();
    m.insert("tools".into(), Value::Array(list));
    Some(Value::Object(m))
}

fn write(path: &Path, tools: &Value) -> Result<(), LockError> {
    let mut text = serde_json::to_string_pretty(tools)
        .map_err(|e| LockError::NotToolsList(format!("the tools do not serialize: {e}")))?;
    text.push('\n');
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| LockError::Io(path.to_path_buf(), e))?;
    }
    std::fs::write(path, text).map_err(|e| LockError::Io(path.to_path_buf(), e))
}

/// Compares `tools` (a `tools/list` result or an array of tools: from
/// [`tool`], from `serde_json::to_value(router.list_all())` of an rmcp
/// `ToolRouter`, or from a server) with the lockfile at `path`; see the
/// module docs for what is written when.
pub fn check_lockfile(path: impl AsRef<Path>, tools: &Value) -> Result<LockOutcome, LockError> {
    let path = path.as_ref();
    let current = normalized(tools).ok_or_else(|| {
        LockError::NotToolsList(
            "the tools are not a tools/list result (an object with a \"tools\" array, or an array)"
                .into(),
        )
    })?;
    let overwrite = env_is("TOOLFORM_COMPAT", "overwrite");
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if in_ci() && !overwrite {
                return Err(LockError::MissingInCi(path.to_path_buf()));
            }
            write(path, &current)?;
            return Ok(LockOutcome::Created);
        }
        Err(e) => return Err(LockError::Io(path.to_path_buf(), e)),
    };
    let locked: Value = serde_json::from_str(&text)
        .map_err(|e| LockError::NotToolsList(format!("{} is not JSON: {e}", path.display())))?;
    let locked = normalized(&locked).ok_or_else(|| {
        LockError::NotToolsList(format!("{} is not a tools/list result", path.display()))
    })?;
    if super::same_json(&locked, &current) {
        return Ok(LockOutcome::Unchanged);
    }
    let report = diff_tools(&locked, &current);
    if overwrite {
        write(path, &current)?;
        return Ok(LockOutcome::Overwritten(report));
    }
    if report.is_breaking() {
        return Err(LockError::Breaking {
            path: path.to_path_buf(),
            report,
        });
    }
    if in_ci() {
        return Ok(LockOutcome::CompatibleNotWritten(report));
    }
    write(path, &current)?;
    Ok(LockOutcome::Updated(report))
}

/// [`check_lockfile`] for a `#[test]`: panics with the report on a
/// breaking change (or any error), prints compatible changes.
///
/// ```no_run
/// use toolform::ToolSchema;
/// use toolform::compat::{assert_lockfile, tool};
///
/// #[derive(serde::Deserialize, ToolSchema)]
/// struct SearchArgs { query: String }
/// #[derive(serde::Serialize, ToolSchema)]
/// struct SearchResult { hits: Vec<String> }
///
/// // In a #[test]:
/// let tools = serde_json::json!([tool::<SearchArgs, SearchResult>("search", "Search the catalogue.")]);
/// assert_lockfile("tests/tools.lock.json", &tools);
/// ```
///
/// # Panics
///
/// On a breaking change, a missing lockfile under CI, an unreadable or
/// unwritable lockfile, or tools that are not a tools list: it is a test
/// assertion.
#[track_caller]
pub fn assert_lockfile(path: impl AsRef<Path>, tools: &Value) {
    match check_lockfile(path.as_ref(), tools) {
        Ok(
            LockOutcome::Updated(r)
            | LockOutcome::Overwritten(r)
            | LockOutcome::CompatibleNotWritten(r),
        ) => {
            eprintln!("{}: {r}", path.as_ref().display());
        }
        Ok(_) => {}
        Err(e) => panic!("{e}"),
    }
}
