//! Runnable examples: see the `[[example]]` and `[[bin]]` entries in Cargo.toml.

pub mod mcp_server;
