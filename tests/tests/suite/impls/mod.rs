//! The `ToolSchema` impls for other types (runtime/src/impls): std, foreign crates behind their
//! features, serde_with and serde_bytes.

mod ecosystem;
mod foreign_types;
mod known_with;
mod std_types;
