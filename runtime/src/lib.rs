//! # toolform
//!
//! Wire-truthful JSON Schemas for MCP tools, MCP elicitation forms and LLM tool
//! calling, derived from your serde types.
//!
//! `#[derive(ToolSchema)]` gives a type two schemas from one declaration:
//!
//! - the **input** schema, what `serde_json::from_value::<T>` accepts (tool
//!   arguments, structured output requested from a model);
//! - the **output** schema, what `serde_json::to_value(&t)` produces (a tool's
//!   `structuredContent`).
//!
//! ```
//! use toolform::ToolSchema;
//!
//! /// Search the catalogue.
//! #[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
//! #[serde(rename_all = "camelCase")]
//! struct SearchArgs {
//!     /// Free-text query.
//!     query: String,
//!     #[serde(default)]
//!     max_results: u32,
//!     #[serde(default, skip_serializing_if = "Vec::is_empty")]
//!     tags: Vec<String>,
//! }
//!
//! let input = SearchArgs::input_schema();
//! assert_eq!(input["required"], serde_json::json!(["query"]));
//! assert_eq!(input["properties"]["maxResults"]["maximum"], 4294967295u32);
//!
//! let output = SearchArgs::output_schema();
//! assert_eq!(output["required"], serde_json::json!(["query", "maxResults"]));
//! ```
//!
//! See the README for the attribute reference and the rules each schema follows.
//!
//! ## Cargo features
//!
#![cfg_attr(feature = "document-features", doc = document_features::document_features!())]
#![cfg_attr(
    not(feature = "document-features"),
    doc = "Each feature is documented in the crate's `Cargo.toml` (this list is \
           rendered from it with the `document-features` feature, as on docs.rs)."
)]
//!
//! toolform turns on serde_json's `preserve_order` feature: properties appear
//! in declaration order, which is also the order clients show form fields in.

#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// The layers of the runtime, lowest first. A module names only modules of
// lower layers, never one of its own layer or above (tests/tests/suite/layers.rs
// checks it, and that no two files of one module name each other in a circle):
//
// 1. `shape`, `schema`, `violation`, `memo`, `json`: the wire-shape model, the
//    typed schema model, the one violation type, caches, and the JSON helpers
//    every layer needs (kind of a value, short descriptions, depth, formats).
// 2. `args`: the one validator over a shape (plan + walk): tool arguments, and
//    the rules forms lower into.
// 3. `render`: shape -> schema model -> JSON, per contract.
// 4. `elicit`, `dialect`, `headers`: forms and the gate; provider lowerings and
//    decode; `x-mcp-header` checks.
//    Both use the validator and the renderer, never each other.
// 4b. `compat`, `lenient`, `settings`: schema evolution and the forgiving
//    decode of model output (features of their own), and the one settings
//    value for writing a type's schema (contract, dialect, `$defs`) with its
//    cache; may use everything above, not each other.
// 5. `__private`: the glue generated code calls.
// 6. `impls`, `integrations`: shapes of std and crate types (written like
//    generated code), and the rmcp and schemars adapters.

pub mod args;
#[cfg(feature = "compat")]
pub mod compat;
pub mod dialect;
pub mod elicit;
pub mod headers;
mod impls;
mod integrations;
mod json;
#[cfg(feature = "lenient")]
pub mod lenient;
mod memo;
mod render;
mod schema;
mod settings;
pub mod shape;
mod violation;

#[doc(hidden)]
pub mod __private;

#[cfg(feature = "async-openai")]
pub use integrations::async_openai;
#[cfg(feature = "rig")]
pub use integrations::rig;
#[cfg(feature = "rmcp")]
pub use integrations::rmcp;
#[cfg(feature = "schemars")]
pub use integrations::schemars;

pub use args::{ArgsError, parse_args};
pub use elicit::{ElicitError, ElicitForm, Elicited, Revision};
use serde_json::Value;
pub use settings::{Defs, SchemaSettings, render};
pub use toolform_macros::ToolSchema;
pub use violation::Violation;

/// Which side of serde a schema describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Contract {
    /// What serde deserializes: every document the schema accepts, serde accepts.
    Input,
    /// What serde serializes: every value serde writes satisfies the schema.
    Output,
}

/// A type with a wire-truthful JSON Schema for each direction.
///
/// Derive it with `#[derive(ToolSchema)]`; the derive reads every `#[serde]`
/// attribute and `#[schema(...)]` annotations. Implement it by hand only for a
/// type with hand-written serde impls, by giving its [`Shape`](shape::Shape).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no wire schema: it does not implement `toolform::ToolSchema`",
    label = "no schema for this type",
    note = "derive it with `#[derive(toolform::ToolSchema)]`, or, when serde reads and writes it as another type, use `#[schema(with = OtherType)]` on the field"
)]
pub trait ToolSchema {
    /// The wire shape, built at compile time.
    const SHAPE: &'static shape::Shape;

    /// The type's own cache of its two schemas, when its shape does not lead
    /// to one (a derived type without type or const parameters whose body is
    /// not packed: a unit-only enum, a tuple or newtype struct); `None`: the
    /// cache its packed body points at, else the process-wide cache keyed by
    /// shape. Not part of the API.
    #[doc(hidden)]
    const __SCHEMAS: Option<&'static __private::Schemas> = None;

    /// The JSON Schema (2020-12) of what serde deserializes into this type.
    ///
    /// Rendered on first use, then a pointer read.
    #[inline]
    fn input_schema() -> &'static Value {
        __private::schema_of(Self::SHAPE, Self::__SCHEMAS, Contract::Input)
    }

    /// The JSON Schema (2020-12) of what serde serializes from this type.
    ///
    /// Rendered on first use, then a pointer read.
    #[inline]
    fn output_schema() -> &'static Value {
        __private::schema_of(Self::SHAPE, Self::__SCHEMAS, Contract::Output)
    }

    /// The schema with `settings`: a contract, a provider dialect, a
    /// `$defs` policy ([`SchemaSettings`]; a [`Contract`] or a
    /// [`Dialect`](dialect::Dialect) alone converts into one).
    ///
    /// Written on first use per type and settings, then a pointer read; the
    /// shortcuts' settings give the shortcuts' own references. Fails only
    /// under a dialect, with every place the schema cannot be written in it
    /// (see [`SchemaSettings::dialect`]).
    fn schema(
        settings: impl Into<SchemaSettings>,
    ) -> Result<&'static Value, &'static dialect::DialectError> {
        let settings = settings.into();
        match settings.shortcut() {
            Some(Contract::Input) => Ok(Self::input_schema()),
            Some(Contract::Output) => Ok(Self::output_schema()),
            None => settings::cached(Self::SHAPE, settings),
        }
    }
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
