//! `toolform::headers` (runtime/src/headers): `x-mcp-header` rules, the derive, types, and the
//! HTTP layer.

mod derive;
mod http;
mod rules;
mod types;
