//! Holds a JSON Schema to the MCP elicitation grammar.
//!
//! ```sh
//! cargo run --example gate -- schema.json [--revision 2025-06-18|2025-11-25|2026-07-28]
//! ```
//!
//! Prints the gated `requestedSchema` and exits 0, or prints every violation
//! (JSON Pointer, rule, message) and exits 1. Exits 2 on a usage error.

use std::process::ExitCode;
use toolform::elicit::{Revision, gate};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut path = None;
    let mut revision = Revision::V2025_11_25;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--revision" | "-r" => {
                let Some(value) = args.next() else {
                    return usage("--revision needs a value");
                };
                match Revision::parse(&value) {
                    Some(r) => revision = r,
                    None => return usage(&format!("unknown revision {value:?}")),
                }
            }
            "--help" | "-h" => return usage(""),
            _ if path.is_none() => path = Some(arg),
            _ => return usage(&format!("unexpected argument {arg:?}")),
        }
    }
    let Some(path) = path else {
        return usage("no schema file given");
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let schema: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{path} is not JSON: {e}");
            return ExitCode::from(2);
        }
    };
    match gate(&schema, revision) {
        Ok(gated) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&gated).expect("a Value serializes")
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("{e}");
            ExitCode::from(1)
        }
    }
}

fn usage(problem: &str) -> ExitCode {
    if !problem.is_empty() {
        eprintln!("error: {problem}");
    }
    eprintln!("usage: gate SCHEMA.json [--revision 2025-06-18|2025-11-25|2026-07-28]");
    ExitCode::from(2)
}
