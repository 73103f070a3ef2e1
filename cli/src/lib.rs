//! `toolform`, the command line: snapshot any MCP server's tools and diff
//! two snapshots for breaking changes, so a server written in any language
//! can gate its releases.
//!
//! ```text
//! toolform snapshot --out tools.json -- python server.py      # stdio: start the server
//! toolform snapshot --url http://127.0.0.1:8000/mcp --out tools.json   # Streamable HTTP
//! toolform diff main-tools.json pr-tools.json                  # exit 1 on a breaking change
//! toolform diff old-schema.json new-schema.json --contract output --format json
//! ```
//!
//! Exit codes: `0` no breaking change, `1` a breaking change, `2` a usage,
//! input or connection error.
//!
//! The binary is a thin shell over [`run`]; [`snapshot`], [`diff_values`]
//! and [`render_table`] are the same steps as functions.

#![deny(missing_docs)]

use clap::{Parser, Subcommand, ValueEnum};
use serde_json::Value;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;
use toolform::Contract;
use toolform::compat::{Report, diff, diff_tools};

/// No breaking change.
pub const EXIT_OK: u8 = 0;
/// A breaking change.
pub const EXIT_BREAKING: u8 = 1;
/// A usage, input or connection error.
pub const EXIT_ERROR: u8 = 2;

#[derive(Parser)]
#[command(
    name = "toolform",
    version,
    about = "Snapshot an MCP server's tools; diff two snapshots for breaking changes."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compare two tools/list results (or two schemas): exit 1 on a breaking change.
    ///
    /// Tools are matched by name: a removed tool is breaking, an added one
    /// compatible; inputSchema is compared as what clients send (narrowing
    /// breaks), outputSchema as what they receive (widening breaks). With
    /// --contract, OLD and NEW are single schemas.
    Diff {
        /// The old tools/list result or schema (a JSON file; `-` for stdin).
        old: PathBuf,
        /// The new one.
        new: PathBuf,
        /// Read OLD and NEW as single schemas of what a client sends
        /// (input) or receives (output).
        #[arg(long, value_enum)]
        contract: Option<ContractArg>,
        /// How to print the report.
        #[arg(long, value_enum, default_value = "table")]
        format: Format,
    },
    /// Start (stdio) or connect to (Streamable HTTP) an MCP server, list
    /// its tools (every page) and write the tools/list result.
    Snapshot {
        /// Where to write the result (default: standard output).
        #[arg(long)]
        out: Option<PathBuf>,
        /// A Streamable HTTP endpoint (http://host:port/mcp) instead of a command.
        #[arg(long)]
        url: Option<String>,
        /// Seconds to wait for the server before giving up.
        #[arg(long, default_value_t = 60)]
        timeout: u64,
        /// The server's command and arguments (after `--`).
        #[arg(last = true)]
        command: Vec<OsString>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum ContractArg {
    Input,
    Output,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Table,
    Json,
}

/// Where `snapshot` gets the tools from.
#[derive(Debug, Clone)]
pub enum Source {
    /// A command started as a child process, spoken to over stdio.
    Command(Vec<OsString>),
    /// A Streamable HTTP endpoint.
    Url(String),
}

/// Runs the command line `args` (the first is the program name), printing
/// to `out` and `err`; returns the exit code.
pub fn run(
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let to_err = e.use_stderr();
            let target: &mut dyn Write = if to_err { err } else { out };
            let _ = write!(target, "{}", e.render());
            return if to_err { EXIT_ERROR } else { EXIT_OK };
        }
    };
    match cli.command {
        Command::Diff {
            old,
            new,
            contract,
            format,
        } => {
            let contract = contract.map(|c| match c {
                ContractArg::Input => Contract::Input,
                ContractArg::Output => Contract::Output,
            });
            let report = read_json(&old)
                .and_then(|o| read_json(&new).map(|n| (o, n)))
                .and_then(|(o, n)| diff_values(&o, &n, contract));
            let report = match report {
                Ok(r) => r,
                Err(e) => {
                    let _ = writeln!(err, "toolform diff: {e}");
                    return EXIT_ERROR;
                }
            };
            let text = match format {
                Format::Table => render_table(&report),
                Format::Json => {
                    let mut t = serde_json::to_string_pretty(&report.to_json()).unwrap_or_default();
                    t.push('\n');
                    t
                }
            };
            let _ = out.write_all(text.as_bytes());
            if report.is_breaking() {
                EXIT_BREAKING
            } else {
                EXIT_OK
            }
        }
        Command::Snapshot {
            out: file,
            url,
            timeout,
            command,
        } => {
            let source = match (url, command.is_empty()) {
                (Some(url), true) => Source::Url(url),
                (None, false) => Source::Command(command),
                (Some(_), false) => {
                    let _ = writeln!(
                        err,
                        "toolform snapshot: give either --url or a command after `--`, not both"
                    );
                    return EXIT_ERROR;
                }
                (None, true) => {
                    let _ = writeln!(
                        err,
                        "toolform snapshot: give a command after `--` (stdio) or --url URL (Streamable HTTP)"
                    );
                    return EXIT_ERROR;
                }
            };
            let tools = match snapshot(&source, Duration::from_secs(timeout)) {
                Ok(t) => t,
                Err(e) => {
                    let _ = writeln!(err, "toolform snapshot: {e}");
                    return EXIT_ERROR;
                }
            };
            let mut text = serde_json::to_string_pretty(&tools).unwrap_or_default();
            text.push('\n');
            let written = match &file {
                Some(path) => {
                    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
                }
                None => out.write_all(text.as_bytes()).map_err(|e| e.to_string()),
            };
            match written {
                Ok(()) => EXIT_OK,
                Err(e) => {
                    let _ = writeln!(err, "toolform snapshot: {e}");
                    EXIT_ERROR
                }
            }
        }
    }
}

fn read_json(path: &Path) -> Result<Value, String> {
    let text = if path == Path::new("-") {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| format!("stdin: {e}"))?;
        s
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?
    };
    serde_json::from_str(&text).map_err(|e| format!("{}: not JSON: {e}", path.display()))
}

/// A `tools/list` result in `v`: `{"tools": [...]}`, an array of tools, or
/// a JSON-RPC response whose `result` is one.
fn as_tools(v: &Value) -> Option<&Value> {
    match v {
        Value::Array(_) => Some(v),
        Value::Object(m) if m.get("tools").is_some_and(Value::is_array) => Some(v),
        Value::Object(m) => m.get("result").and_then(as_tools),
        _ => None,
    }
}

/// The report for two JSON documents: two `tools/list` results (with
/// `contract` `None`), or two schemas read by `contract`.
pub fn diff_values(old: &Value, new: &Value, contract: Option<Contract>) -> Result<Report, String> {
    match contract {
        Some(c) => Ok(diff(old, new, c)),
        None => match (as_tools(old), as_tools(new)) {
            (Some(o), Some(n)) => Ok(diff_tools(o, n)),
            _ => Err("OLD and NEW are not both tools/list results; to compare two schemas, say which side of the wire they describe with --contract input or --contract output".into()),
        },
    }
}

/// The report as a table: verdict, tool, schema, pointer, message; and a
/// count.
pub fn render_table(report: &Report) -> String {
    let changes = report.changes();
    if changes.is_empty() {
        return "no changes\n".into();
    }
    let rows: Vec<[String; 5]> = changes
        .iter()
        .map(|c| {
            [
                if c.is_breaking() {
                    "BREAKING"
                } else {
                    "compatible"
                }
                .to_string(),
                c.tool().unwrap_or("-").to_string(),
                c.schema().unwrap_or("-").to_string(),
                if c.pointer().is_empty() {
                    "-".into()
                } else {
                    c.pointer().to_string()
                },
                c.message().to_string(),
            ]
        })
        .collect();
    let head = ["VERDICT", "TOOL", "SCHEMA", "POINTER", "MESSAGE"];
    let mut widths = head.map(|h| h.chars().count());
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row.iter()).take(4) {
            *w = (*w).max(cell.chars().count().min(60));
        }
    }
    let mut out = String::new();
    let mut line = |cells: [&str; 5]| {
        for (i, cell) in cells.iter().enumerate() {
            if i < 4 {
                out.push_str(cell);
                let pad = widths[i].saturating_sub(cell.chars().count()) + 2;
                out.extend(std::iter::repeat_n(' ', pad));
            } else {
                out.push_str(cell);
            }
        }
        out.push('\n');
    };
    line(head);
    for row in &rows {
        line([&row[0], &row[1], &row[2], &row[3], &row[4]]);
    }
    let breaking = changes.iter().filter(|c| c.is_breaking()).count();
    out.push_str(&format!(
        "{breaking} breaking, {} compatible{}\n",
        changes.len() - breaking,
        if report.omitted() > 0 {
            format!(", {} more not listed", report.omitted())
        } else {
            String::new()
        }
    ));
    out
}

/// Starts or connects to the server, lists its tools (every page, through
/// rmcp's client) and returns `{"tools": [...]}`, tools sorted by name.
pub fn snapshot(source: &Source, timeout: Duration) -> Result<Value, String> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("starting the async runtime: {e}"))?;
    rt.block_on(async {
        match tokio::time::timeout(timeout, list(source)).await {
            Ok(r) => r,
            Err(_) => Err(format!(
                "the server did not answer within {} s",
                timeout.as_secs()
            )),
        }
    })
}

async fn list(source: &Source) -> Result<Value, String> {
    use rmcp::ServiceExt;
    let tools = match source {
        Source::Command(cmd) => {
            let (program, args) = cmd.split_first().ok_or("no command given")?;
            let mut command = tokio::process::Command::new(program);
            command.args(args);
            let (transport, _) = rmcp::transport::TokioChildProcess::builder(command)
                .stderr(std::process::Stdio::inherit())
                .spawn()
                .map_err(|e| format!("starting {}: {e}", program.to_string_lossy()))?;
            let client = ()
                .serve(transport)
                .await
                .map_err(|e| format!("initializing the MCP session: {e}"))?;
            let tools = client
                .list_all_tools()
                .await
                .map_err(|e| format!("tools/list: {e}"));
            let _ = client.cancel().await;
            tools?
        }
        Source::Url(url) => {
            let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(url.as_str());
            let client =
                ().serve(transport)
                    .await
                    .map_err(|e| format!("connecting to {url}: {e}"))?;
            let tools = client
                .list_all_tools()
                .await
                .map_err(|e| format!("tools/list: {e}"));
            let _ = client.cancel().await;
            tools?
        }
    };
    let mut tools =
        serde_json::to_value(tools).map_err(|e| format!("the tools do not serialize: {e}"))?;
    if let Value::Array(list) = &mut tools {
        list.sort_by(|a, b| {
            let n = |t: &Value| t.get("name").and_then(Value::as_str).map(str::to_string);
            n(a).cmp(&n(b))
        });
    }
    Ok(serde_json::json!({ "tools": tools }))
}
