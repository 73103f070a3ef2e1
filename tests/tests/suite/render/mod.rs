//! The schemas (runtime/src/render): what serde reads and writes, each claim checked against
//! serde itself, and the settings (contract, dialect, `$defs`) that choose a rendering.

mod documented_limits;
mod settings;
mod truth;
mod wire_edges;
