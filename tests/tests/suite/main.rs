//! The integration tests of `toolform-tests`, in one binary: one link instead of one per
//! file keeps `cargo test --workspace` small on disk and quick to link.
//!
//! The modules mirror `runtime/src`, one folder per layer: `args/`, `derive/` (what the derive
//! writes: macros/ and runtime/src/shape), `dialect/`, `elicit/`, `headers/`, `impls/`,
//! `integrations/` (schemars, rmcp, async-openai, rig), `render/` (the schemas against serde),
//! and `compat`, `lenient`, `schema` in one file each; the cross-cutting ones at the top
//! (`hostile`, `layers`, `migration`, `packaging`, `public_api`, `serde_read`: the schema and
//! the argument walk against each other on generated shapes).

// Test corpora hold fields only serde and the validator read.
#![allow(dead_code)]

mod args;
mod compat;
mod derive;
mod dialect;
mod elicit;
mod headers;
mod hostile;
mod impls;
mod integrations;
mod layers;
mod lenient;
mod migration;
mod packaging;
mod public_api;
mod render;
mod schema;
mod serde_read;
