//! Holds a JSON Schema to the MCP elicitation grammar.
//!
//! ```sh
//! cargo run --example gate -- schema.json [--revision 2025-06-18|2025-11-25|2026-07-28]
//! ```
//!
//! Prints the gated `requestedSchema` and exits 0, or prints every violation
//! (JSON Pointer, rule, message) and exits 1. Exits 2 on a usage error, a
//! schema file that cannot be read as JSON, or output that cannot be written.
//! `--help` prints the usage on stdout and exits 0.
//!
//! Never panics. A reader that stops early (`gate s.json | head`) is no
//! error: the gate stops writing and exits quietly with its verdict (0 or 1),
//! so a pipeline under `set -o pipefail` still sees a failing schema fail.

use serde_json::Value;
use serde_json::error::Category;
use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use toolform::elicit::{Revision, gate};

/// `serde_json`'s recursion limit: deeper documents do not parse.
const SERDE_JSON_DEPTH: usize = 128;

/// The byte order mark some editors put first, skipped once.
const BOM: &[u8] = "\u{FEFF}".as_bytes();

/// Schema passes; also `--help`.
const PASS: u8 = 0;
/// Schema breaks the grammar; the violations are on stdout.
const FAIL: u8 = 1;
/// Usage error, unreadable schema file, unwritable output.
const TROUBLE: u8 = 2;

fn main() -> ExitCode {
    let (path, revision) = match parse_args(std::env::args_os().skip(1)) {
        Ok(Command::Run { path, revision }) => (path, revision),
        Ok(Command::Help) => return ExitCode::from(emit(&help(), PASS)),
        Err(problem) => {
            say(&format!("error: {problem}\n{}", usage_line()));
            return ExitCode::from(TROUBLE);
        }
    };
    let schema = match load(&path) {
        Ok(v) => v,
        Err(problem) => {
            say(&problem);
            return ExitCode::from(TROUBLE);
        }
    };
    let (text, verdict) = match gate(&schema, revision) {
        Ok(gated) => match serde_json::to_string_pretty(&gated) {
            Ok(text) => (text, PASS),
            Err(e) => {
                say(&format!("gate: cannot render the gated schema: {e}"));
                return ExitCode::from(TROUBLE);
            }
        },
        Err(e) => {
            // Rendered through `fmt::write`, which reports a failing
            // `Display` instead of panicking as `to_string` would.
            let mut text = String::new();
            if std::fmt::write(&mut text, format_args!("{e}")).is_err() {
                say("gate: cannot render the violations");
                return ExitCode::from(TROUBLE);
            }
            (text, FAIL)
        }
    };
    ExitCode::from(emit(&text, verdict))
}

enum Command {
    Help,
    Run { path: PathBuf, revision: Revision },
}

fn parse_args(args: impl Iterator<Item = OsString>) -> Result<Command, String> {
    let mut args = args;
    let mut path: Option<PathBuf> = None;
    let mut revision = Revision::V2025_11_25;
    let mut options_done = false;
    while let Some(arg) = args.next() {
        let flag = if options_done { None } else { arg.to_str() };
        match flag {
            Some("--help" | "-h") => return Ok(Command::Help),
            Some("--") => options_done = true,
            Some("--revision" | "-r") => {
                let Some(value) = args.next() else {
                    return Err("--revision needs a value".into());
                };
                revision = parse_revision(&value)?;
            }
            Some(s) if s.starts_with("--revision=") => {
                revision = parse_revision(&OsString::from(&s["--revision=".len()..]))?;
            }
            Some(s) if s.starts_with('-') && s != "-" => {
                return Err(format!("unknown option {s:?}"));
            }
            _ if path.is_none() => path = Some(PathBuf::from(arg)),
            _ => return Err(format!("unexpected argument {arg:?}")),
        }
    }
    match path {
        Some(path) => Ok(Command::Run { path, revision }),
        None => Err("no schema file given".into()),
    }
}

fn parse_revision(value: &OsString) -> Result<Revision, String> {
    value
        .to_str()
        .and_then(Revision::parse)
        .ok_or_else(|| format!("unknown revision {value:?}"))
}

fn revisions() -> String {
    Revision::ALL.map(Revision::as_str).join("|")
}

fn usage_line() -> String {
    format!("usage: gate SCHEMA.json [--revision {}]", revisions())
}

fn help() -> String {
    format!(
        "gate: holds a JSON Schema to the MCP elicitation grammar\n\
         \n\
         {}\n\
         \n\
         \x20 -r, --revision R   the protocol revision whose grammar applies (default {})\n\
         \x20 -h, --help         this text\n\
         \n\
         Prints the gated requestedSchema and exits 0, or prints every violation\n\
         (JSON Pointer, rule, message) and exits 1. Exits 2 on a usage error, a\n\
         schema file that cannot be read as JSON, or output that cannot be written.",
        usage_line(),
        Revision::V2025_11_25,
    )
}

/// Reads `path` as a JSON document: one leading byte order mark is skipped,
/// and every way it can fail is said in words.
fn load(path: &Path) -> Result<Value, String> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let body = bytes.strip_prefix(BOM).unwrap_or(&bytes);
    let text = match std::str::from_utf8(body) {
        Ok(text) => text,
        Err(e) => return Err(not_utf8(&shown.to_string(), body, &e)),
    };
    serde_json::from_str(text).map_err(|e| {
        if e.classify() == Category::Syntax && e.to_string().contains("recursion limit exceeded") {
            format!(
                "{shown} nests deeper than {SERDE_JSON_DEPTH} levels (serde_json's recursion \
                 limit; at line {} column {}); an elicitation schema needs at most a few levels",
                e.line(),
                e.column(),
            )
        } else {
            format!("{shown} is not JSON: {e}")
        }
    })
}

fn not_utf8(shown: &str, body: &[u8], e: &std::str::Utf8Error) -> String {
    if body.starts_with(&[0xFF, 0xFE]) || body.starts_with(&[0xFE, 0xFF]) {
        return format!(
            "{shown} is not UTF-8 text: it starts with a UTF-16 byte order mark; \
             save it as UTF-8"
        );
    }
    let at = e.valid_up_to();
    let before = body.get(..at).unwrap_or_default();
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    match body.get(at) {
        Some(byte) if e.error_len().is_some() => format!(
            "{shown} is not UTF-8 text: byte 0x{byte:02X} at line {line} (byte offset {at}) \
             is not valid UTF-8"
        ),
        _ => format!("{shown} is not UTF-8 text: it ends inside a UTF-8 sequence at line {line}"),
    }
}

/// Writes `text` and a newline to stdout, then returns `verdict`, or
/// [`TROUBLE`] after saying why the output could not be written. A closed
/// reader (broken pipe) is no error: the gate exits quietly with `verdict`.
fn emit(text: &str, verdict: u8) -> u8 {
    let mut out = io::stdout().lock();
    let written = out
        .write_all(text.as_bytes())
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush());
    match written {
        Ok(()) => verdict,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => verdict,
        Err(e) => {
            say(&format!("gate: cannot write output: {e}"));
            TROUBLE
        }
    }
}

/// One message on stderr. If even stderr cannot be written, the exit code
/// still tells.
fn say(message: &str) {
    let _ = writeln!(io::stderr().lock(), "{message}");
}
