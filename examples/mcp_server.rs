//! The example MCP server: `mcp-server` speaks MCP over stdio;
//! `mcp-server --http PORT` serves streamable HTTP on 127.0.0.1:PORT at `/mcp`
//! (port 0: any free port; the address is printed on stderr once listening).
//! Over HTTP, `toolform::rmcp::HeaderCheckLayer` checks the `Mcp-Param-*`
//! headers of 2026-07-28 calls against their arguments.
//! `--contrast` adds the tools whose output schemas schemars derived.
//! Multi-round calls seal their `requestState` with the secret in
//! `TOOLFORM_STATE_KEY` (32 bytes or more), else with a random key made at
//! start.
//!
//! ```text
//! cargo run -p toolform-examples --bin mcp-server -- --http 8000
//! ```

use rmcp::ServiceExt;
use rmcp::transport::streamable_http_server::{
    StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
};
use std::process::ExitCode;
use std::sync::Arc;
use toolform::rmcp::{HeaderCheckLayer, StateKey};
use toolform_examples::mcp_server::{ExampleServer, state_key};

const USAGE: &str = "usage: mcp-server [--http PORT] [--contrast]";

#[tokio::main]
async fn main() -> ExitCode {
    let mut http = None;
    let mut contrast = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--http" => match args.next().map(|p| p.parse::<u16>()) {
                Some(Ok(port)) => http = Some(port),
                _ => {
                    eprintln!("--http takes a port number\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            "--contrast" => contrast = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("unknown argument {other:?}\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let key = match state_key() {
        Ok(key) => key,
        Err(e) => {
            eprintln!("mcp-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = match http {
        Some(port) => serve_http(port, contrast, key).await,
        None => serve_stdio(contrast, key).await,
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mcp-server: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn serve_stdio(contrast: bool, key: StateKey) -> Result<(), Box<dyn std::error::Error>> {
    let service = ExampleServer::new(contrast, key)
        .serve(rmcp::transport::stdio())
        .await?;
    service.waiting().await?;
    Ok(())
}

async fn serve_http(
    port: u16,
    contrast: bool,
    key: StateKey,
) -> Result<(), Box<dyn std::error::Error>> {
    // `Mcp-Param-*` headers checked against the arguments (2026-07-28), for
    // the tools the server lists.
    let check = HeaderCheckLayer::new(ExampleServer::new(contrast, key.clone()).tools())?;
    // One key for every session: a 2026-07-28 retry may reach any of them.
    let service = StreamableHttpService::new(
        move || Ok(ExampleServer::new(contrast, key.clone())),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let router = axum::Router::new().nest_service("/mcp", check.layer(service));
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    let address = listener.local_addr()?;
    eprintln!("listening on http://{address}/mcp");
    axum::serve(listener, router).await?;
    Ok(())
}
