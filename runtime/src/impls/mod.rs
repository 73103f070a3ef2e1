//! `ToolSchema` for types from std and, behind features, other crates.
//! One file per source crate.

#[cfg(feature = "chrono")]
mod chrono;
mod std;
mod std_more;
#[cfg(feature = "url")]
mod url;
#[cfg(feature = "uuid")]
mod uuid;
