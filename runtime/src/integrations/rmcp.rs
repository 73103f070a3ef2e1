//! Between toolform and [rmcp](https://docs.rs/rmcp), the official Rust MCP
//! SDK (cargo feature `rmcp`).
//!
//! - **Tools**: [`tool`] builds an `rmcp::model::Tool` whose `inputSchema` is
//!   what serde reads into the arguments type and whose `outputSchema` is what
//!   serde writes from the result type. rmcp's own `#[tool]` macros,
//!   `Parameters<T>` and `Json<T>` keep working: with this feature derived
//!   types implement `schemars::JsonSchema` (see [`crate::schemars`]), so rmcp
//!   asks them for the same two schemas.
//! - **Non-object results** (`Json<Vec<T>>`, `Json<String>`, `Json<Option<T>>`):
//!   [`every_revision!`] around the `#[tool_handler]` impl sends `T`'s schema
//!   and the value to a client on protocol 2026-07-28 and both inside
//!   `{"result": ..}` to older ones (which rmcp alone would send neither),
//!   with the value as text for all. A server without it fails such a call,
//!   naming the macro. [`output`] holds the handler methods it writes and
//!   their parts.
//! - **One question**: [`ask`] asks for an [`ElicitForm`] the way the
//!   client's protocol version allows (an `elicitation/create` request under
//!   2025-06-18 and 2025-11-25; an `InputRequiredResult` and the retried
//!   call's `inputResponses` under 2026-07-28) and reads the answer into
//!   [`Elicited<T>`], naming every violation; [`ask_until_valid`] asks again
//!   while the answer breaks the form. [`ask_url`] sends the user to a URL
//!   instead (URL mode, SEP-1036), the same way under every revision.
//! - **Several questions, several rounds**: [`Call`] and [`Rounds`] ask
//!   several forms (and sampling or roots requests) per round and over
//!   several rounds, keeping the tool's own state in a `requestState` sealed
//!   with a [`StateKey`] (HMAC-SHA-256) and bound to the tool and its
//!   arguments; under 2025-06-18 / 2025-11-25 the same code sends
//!   `elicitation/create` requests.
//! - **The building blocks** of both, for a flow of one's own, are in
//!   [`elicitation`]: the `elicitation/create` request and its answer, the
//!   `InputRequiredResult` and the retried call's answer, the form as rmcp's
//!   typed schema per revision.
//! - **`Mcp-Param-*` headers** (cargo feature `rmcp-http`, protocol
//!   2026-07-28): `HeaderCheckLayer` wraps rmcp's `StreamableHttpService`
//!   and refuses, with HTTP 400 and JSON-RPC `-32020`, a `tools/call` whose
//!   headers disagree with its arguments.
//!
//! ```
//! use toolform::{ElicitForm, Elicited, ToolSchema};
//!
//! #[derive(serde::Deserialize, ToolSchema)]
//! struct Args { city: String }
//!
//! #[derive(serde::Serialize, ToolSchema)]
//! struct Forecast {
//!     celsius: f64,
//!     #[serde(skip_serializing_if = "Vec::is_empty")]
//!     alerts: Vec<String>,
//! }
//!
//! let tool = toolform::rmcp::tool::<Args, Forecast>("forecast", "Weather for a city.");
//! assert_eq!(tool.input_schema["required"], serde_json::json!(["city"]));
//! assert_eq!(tool.output_schema.unwrap()["required"], serde_json::json!(["celsius"]));
//!
//! #[derive(Debug, PartialEq, serde::Deserialize, ElicitForm)]
//! struct Confirm { #[serde(default)] sure: bool }
//!
//! let answer = rmcp::model::ElicitResult::new(rmcp::model::ElicitationAction::Accept)
//!     .with_content(serde_json::json!({"sure": true}));
//! assert_eq!(toolform::rmcp::elicitation::elicited::<Confirm>(&answer), Ok(Elicited::Accepted(Confirm { sure: true })));
//! ```

use super::schema_object;
use crate::ToolSchema;
#[cfg(doc)]
use crate::elicit::{ElicitForm, Elicited};
use rmcp::model::Tool;
use std::borrow::Cow;

/// A tool taking `Args` and returning `Out` as `structuredContent`:
/// `inputSchema` is `Args`'s input schema, `outputSchema` is `Out`'s output
/// schema. Both are rendered once per type and shared afterwards.
///
/// A schema whose root is a union of objects (a tagged enum) gets
/// `"type": "object"` at the root, as MCP requires. MCP wants both schemas to
/// describe objects: `Args` should be a struct with named fields or a tagged
/// enum (clients refuse a tool whose `inputSchema` is, say, a string).
///
/// # Panics
///
/// As [`input_schema`]: when `Args`'s header annotations are invalid.
#[track_caller]
pub fn tool<Args: ToolSchema + ?Sized, Out: ToolSchema + ?Sized>(
    name: impl Into<Cow<'static, str>>,
    description: impl Into<Cow<'static, str>>,
) -> Tool {
    let mut tool = tool_without_output::<Args>(name, description);
    tool.output_schema = Some(schema_object(Out::output_schema()));
    tool
}

/// A tool taking `Args` whose result has no structured content (text,
/// images): `inputSchema` only.
///
/// # Panics
///
/// As [`input_schema`]: when `Args`'s header annotations are invalid.
#[track_caller]
pub fn tool_without_output<Args: ToolSchema + ?Sized>(
    name: impl Into<Cow<'static, str>>,
    description: impl Into<Cow<'static, str>>,
) -> Tool {
    Tool::new(name, description, input_schema::<Args>())
}

/// rmcp itself, for the code [`every_revision!`] writes.
#[doc(hidden)]
pub use ::rmcp as __rmcp;

pub use super::args::{
    Args, invalid_arguments_result, invalid_arguments_structured, violations_json,
};
pub use super::elicitation::{Asked, ElicitFailure, ask, ask_until_valid};
pub use super::url_mode::{UrlElicitation, ask_url, url_elicitation_complete};

pub mod elicitation {
    //! The building blocks of [`ask`](super::ask) and [`Rounds`](super::Rounds), for a flow of one's own.
    //!
    //! - Under protocol 2025-06-18 and 2025-11-25 (a server-to-client
    //!   request): [`elicit`] sends an `elicitation/create` request for an
    //!   [`ElicitForm`](crate::ElicitForm) in the grammar of the client's
    //!   protocol version and reads the answer ([`elicited`]);
    //!   [`elicit_until_valid`] asks again while it breaks the form.
    //!   [`elicit_request`] and [`elicitation_schema`] are the request and the
    //!   form as rmcp's typed model, per [`Revision`](crate::elicit::Revision)
    //!   ([`revision_for`] a negotiated protocol version).
    //! - Under 2026-07-28 (no server-to-client requests): the tool answers with
    //!   [`input_required`], an `InputRequiredResult` carrying the form
    //!   ([`input_request`] is one entry); the client retries the call with
    //!   `inputResponses`, which [`input_response`] reads.

    pub use crate::integrations::elicitation::{
        elicit, elicit_request, elicit_until_valid, elicitation_schema, elicited, input_request,
        input_required, input_response, revision_for,
    };
}
#[cfg(feature = "rmcp-http")]
pub use super::header_check::{
    CheckedRequestBody, CheckedResponseBody, DEFAULT_MAX_BODY_BYTES, HeaderCheck, HeaderCheckLayer,
    InvalidToolHeaders,
};
#[cfg(feature = "lenient")]
pub use super::lenient;
/// The parts of [`every_revision!`]: the handler methods it writes
/// ([`list_tools`](output::list_tools), [`call_tool`](output::call_tool)),
/// for a handler written by hand, and their parts for tools and results
/// built some other way.
pub mod output {
    pub use crate::integrations::output::{
        RESULT_KEY, call_tool, carries_any_output, is_object_output, list_tools, result_for,
        result_object_schema, tools_for,
    };
}
pub use super::params::Json;
pub use super::params::Parameters;
pub use super::rounds::{Call, RoundError, Rounds, StateKey, StateKeyError, StateProblem};
pub use super::{input_schema, output_schema};
#[doc(inline)]
pub use crate::__toolform_rmcp_every_revision as every_revision;
