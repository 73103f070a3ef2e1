//! Support for generated code. Not public API: no semver guarantees.

pub use crate::__json_schema;
pub use crate::render::render;
pub use crate::shape::{
    Body, Convert, Enum, Field, Named, Repr, Shape, Struct, Variant, VariantBody,
};
// The derive's compact encodings: named by generated code only, so public
// here and nowhere else (`Body::Packed` and `FormFields::Packed` are hidden).
pub use crate::elicit::form::PackedForm;
// The form types the `ElicitForm` derive names, under the one alias it
// imports (`__tf`): one `use` per form fewer (bench/compile_time/EXPANSION.md).
pub use crate::elicit::{Form, FormField, FormFields, FormValue, Format};
pub use crate::shape::packed::{Decoded, Packed};
pub use crate::{Contract, ToolSchema};
#[cfg(feature = "schemars")]
pub use ::schemars;
pub use core::any::type_name;
pub use core::option::Option::{self, None, Some};
pub use serde;
pub use serde_json::Value;
pub use std::borrow::Cow;
pub use std::sync::OnceLock;

mod header_field;
mod msg;

use msg::Msg;

pub use header_field::*;

mod cache;
mod constraints;
mod defaults;
mod examples;
mod form_checks;
mod ranges;

pub use cache::*;
pub use constraints::*;
pub use defaults::*;
pub use examples::*;
pub use form_checks::*;
pub use ranges::*;

/// Wire shapes of chrono's `chrono::serde::ts_*` modules, which the derive
/// recognises in `#[serde(with = ..)]`: integers within the range of
/// timestamps chrono reads (it rejects the rest with "not a legal timestamp").
pub mod chrono_ts;

/// Named constants for the members the generated literals leave unset: a
/// named constant is one operand in the compiler's MIR, where `None` or
/// `&[]` written in place costs a temporary each (bench/compile_time/EXPANSION.md).
pub const NO_STR: Option<&'static str> = None;
/// No aliases (see [`NO_STR`]).
pub const NO_NAMES: &[&str] = &[];
/// No default value (see [`NO_STR`]).
pub const NO_DEFAULT: Option<&'static dyn crate::shape::DefaultJson> = None;
/// No declared constraints (see [`NO_STR`]).
pub const NO_CONSTRAINTS: Option<&'static Constraints> = None;
/// A packed body without shapes (a struct without fields).
pub const NO_SHAPES: &[fn() -> &'static Shape] = &[];
/// A packed body without computed defaults.
pub const NO_DEFAULTS: &[&dyn crate::shape::DefaultJson] = &[];
/// A packed body without declared constraints.
pub const NO_CONSTRAINT_LIST: &[&Constraints] = &[];
/// No length or item count (see [`NO_STR`]).
pub const NO_U64: Option<u64> = None;
/// No bound (see [`NO_STR`]).
pub const NO_BOUND: Option<Bound> = None;
/// No format (see [`NO_STR`]).
pub const NO_FORMAT: Option<crate::json::Format> = None;

/// The schema model's round trip (JSON → model → JSON), for toolform's own
/// tests of the model.
pub use crate::schema::round_trip as schema_round_trip;
