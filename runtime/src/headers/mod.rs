//! `x-mcp-header`: tool arguments mirrored into HTTP headers (MCP 2026-07-28,
//! SEP-2243, "Custom Headers from Tool Parameters").
//!
//! A tool's `inputSchema` may mark a property with `"x-mcp-header": "Region"`;
//! a client calling the tool over Streamable HTTP then sends the argument's
//! value as the header `Mcp-Param-Region`, and a server that reads the body
//! must check that the two agree (HTTP 400, JSON-RPC `-32020` HeaderMismatch).
//!
//! - [`check`]: every annotation of a schema checked against the spec's rules
//!   (a gateway or client vetting `tools/list`; a client MUST drop a tool whose
//!   annotations are invalid), all violations with their paths.
//! - [`headers_for`]: the headers a client sends for a call.
//! - [`verify`]: the server's comparison of a call's headers with its body.
//! - [`check_type`] and [`assert_valid`]: [`check`] on a derived type's input
//!   schema, naming the Rust type and field of each invalid annotation (the
//!   rules across types are checked there, on the rendered schema, not at
//!   compile time).
//!
//! The rules, from the 2026-07-28 Streamable HTTP transport text: an
//! annotation is a non-empty HTTP token (`1*tchar`, RFC 9110 §5.6.2: ASCII, no
//! space, `:` or control characters), case-insensitively unique across the
//! schema, on a property reached from the root through `properties` keys alone
//! (not under `items`, a composition or conditional keyword, `$defs` or a
//! `$ref`), whose type is `string`, `integer` or `boolean` (`number` is not
//! allowed). Integer values must lie within ±(2^53 − 1): a rule on argument
//! values, not on the schema (the Transports WG's reading, modelcontextprotocol
//! PR #2772 and conformance issue #445), so [`check`] accepts any integer
//! property, bounded or not, and [`headers_for`] and [`verify`] refuse a value
//! outside the range at call time (the derive goes further: it refuses, at
//! compile time, an integer field whose type admits such values unless
//! `range(..)` narrows it). A value that would not
//! survive as a header value (non-ASCII, control characters, leading or
//! trailing space or tab, or text that itself looks like the sentinel) is sent
//! as `=?base64?<base64 of its UTF-8>?=`. A property that is absent or `null`
//! sends no header. Integers compare numerically (`42` and `42.0` agree).

use crate::violation::Violation;
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::fmt;

mod source;
mod types;

pub use source::HeaderSource;
use source::invalid_schema;
#[cfg(feature = "rmcp")]
pub(crate) use types::describe;
pub use types::{assert_valid, check_type};

mod compare;
mod rules;
mod value;

pub use compare::{HeaderMismatch, verify};
pub use rules::check;
use value::*;
pub use value::{HeaderValueError, decode_value, encode_value, headers_for};

/// The JSON-RPC error code of a header that disagrees with the body.
pub const HEADER_MISMATCH: i32 = -32020;

/// The prefix of every parameter header.
pub const PARAM_PREFIX: &str = "Mcp-Param-";

const SENTINEL_START: &str = "=?base64?";
const SENTINEL_END: &str = "?=";

/// The largest integer a JavaScript client holds exactly (2^53 − 1).
pub const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

/// The wire type of an annotated property.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HeaderType {
    /// `"type": "string"`: compared exactly.
    String,
    /// `"type": "integer"`: compared as numbers.
    Integer,
    /// `"type": "boolean"`: `true` or `false`.
    Boolean,
}

/// One valid `x-mcp-header` annotation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderParam {
    /// The annotation's value (`Region`); the header is `Mcp-Param-Region`.
    pub name: String,
    /// Property names from the root of the arguments to the annotated one.
    pub path: Vec<String>,
    /// The property's type.
    pub kind: HeaderType,
}

impl HeaderParam {
    /// The header's full name (`Mcp-Param-Region`).
    pub fn header(&self) -> String {
        format!("{PARAM_PREFIX}{}", self.name)
    }

    /// A JSON Pointer into the arguments (`/location/region`).
    pub fn pointer(&self) -> String {
        self.path
            .iter()
            .map(|p| format!("/{}", escape(p)))
            .collect()
    }

    /// The argument's value in `arguments`, when every step is there.
    fn value_in<'a>(&self, arguments: &'a Value) -> Option<&'a Value> {
        let mut at = arguments;
        for step in &self.path {
            at = at.as_object()?.get(step)?;
        }
        Some(at)
    }
}

fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}
