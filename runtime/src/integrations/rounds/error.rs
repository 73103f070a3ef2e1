//! Why a round could not go on: a refused `requestState`, an answer or a
//! response that does not read, or the request itself.

use crate::elicit::ElicitError;
use crate::integrations::elicitation::ElicitFailure;
use rmcp::model::RequestStateError;
use rmcp::service::ServiceError;
use std::fmt;

/// Why a `requestState` was refused. The client hears one message for all
/// of them (the detail is for the server's logs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum StateProblem {
    /// Not a sealed state at all (wrong format, not base64url).
    Malformed,
    /// The seal does not match: changed, or sealed for another request
    /// (method, name, arguments, bound context) or under another key.
    Forged,
    /// It is older than the opening key's time to live
    /// ([`StateKey::with_ttl`](super::StateKey::with_ttl)).
    Expired,
    /// The seal holds, but the content does not read as this tool's state
    /// (a state from an older version of the tool).
    Unreadable,
}

impl From<RequestStateError> for StateProblem {
    fn from(error: RequestStateError) -> Self {
        match error {
            RequestStateError::IntegrityCheckFailed | RequestStateError::UnknownKeyId => {
                StateProblem::Forged
            }
            RequestStateError::Expired => StateProblem::Expired,
            RequestStateError::Deserialization(_) => StateProblem::Unreadable,
            _ => StateProblem::Malformed,
        }
    }
}

/// Why [`Rounds`](super::Rounds) could not go on. Converts into `rmcp::ErrorData`: a bad
/// `requestState`, answer or response is -32602 (invalid params).
#[derive(Debug)]
#[non_exhaustive]
pub enum RoundError {
    /// The `requestState` was refused.
    State(StateProblem),
    /// Protocol 2026-07-28: the answer in `inputResponses[key]` is not an
    /// `ElicitResult` or breaks the form. (Before 2026-07-28 the answer to
    /// the `elicitation/create` request is [`RoundError::Elicit`] with
    /// [`ElicitFailure::Answer`].)
    Answer {
        /// The request's key.
        key: String,
        /// What is wrong with it.
        error: ElicitError,
    },
    /// The sampling or roots result under `key` does not read as one.
    Response {
        /// The request's key.
        key: String,
        /// serde's message.
        message: String,
    },
    /// The client did not declare the capability named (`elicitation`,
    /// `sampling`, `roots`).
    ClientCannot(&'static str),
    /// Asking by request (before 2026-07-28) failed: the form cannot be
    /// carried by the client's revision, or the client did not declare
    /// `elicitation`, or the request failed.
    Elicit(ElicitFailure),
    /// A sampling or roots request (before 2026-07-28) failed.
    Service(ServiceError),
    /// The state could not be sealed (`S` failed to serialize), or the
    /// arguments given to [`Call::bind_arguments`](super::Call::bind_arguments)
    /// are not an object.
    Seal(String),
    /// The `Call` extractor could not see the call's arguments: an extractor
    /// listed before it (rmcp's `Parameters<_>` or `JsonObject`) took them,
    /// or the client sent none. The state is never bound to arguments it
    /// cannot see; list `call: Call` first, or say what to bind
    /// ([`Call::no_arguments`](super::Call::no_arguments),
    /// [`Call::bind_arguments`](super::Call::bind_arguments)). A tool
    /// result with `isError: true` that names the fix (returned as
    /// `Err(RoundError)`, or through `?` into `rmcp::ErrorData`): the
    /// server's wiring, not the client's call.
    ArgumentsUnseen,
}

impl fmt::Display for RoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundError::State(_) => f.write_str(
                "invalid requestState: it was not issued by this server for this request, \
                 was altered, or has expired",
            ),
            RoundError::Answer { key, error } => write!(f, "inputResponses[{key:?}]: {error}"),
            RoundError::Response { key, message } => {
                write!(
                    f,
                    "inputResponses[{key:?}]: not the result asked for: {message}"
                )
            }
            RoundError::ClientCannot(capability) => write!(
                f,
                "the client did not declare the `{capability}` capability: it cannot be asked for input"
            ),
            RoundError::Elicit(e) => e.fmt(f),
            RoundError::Service(e) => write!(f, "the request to the client failed: {e}"),
            RoundError::Seal(e) => write!(f, "cannot seal the request state: {e}"),
            RoundError::ArgumentsUnseen => f.write_str(
                "toolform::rmcp::Call cannot see this call's arguments: an extractor listed \
                 before `call: Call` (rmcp's `Parameters<_>` or `JsonObject`) took them, or the \
                 client sent none; write `toolform::rmcp::every_revision!` around the server's \
                 `#[tool_handler]` impl (Call then sees them as sent), or list `call: Call` \
                 first, or bind them with `Call::bind_arguments` (a tool without arguments: \
                 `Call::no_arguments`)",
            ),
        }
    }
}

impl std::error::Error for RoundError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RoundError::Answer { error, .. } => Some(error),
            RoundError::Elicit(e) => Some(e),
            RoundError::Service(e) => Some(e),
            _ => None,
        }
    }
}

impl From<RoundError> for rmcp::ErrorData {
    fn from(error: RoundError) -> Self {
        match error {
            // A tool error, which the model reads (rmcp 3.11 turns an
            // `invalid_params` with this prefix into a result with
            // `isError: true`): the tool's wiring, not the client, is at fault,
            // and the message names the fix.
            RoundError::ArgumentsUnseen => rmcp::ErrorData::invalid_params(
                format!("{} {error}", crate::integrations::ARGUMENT_ERROR_PREFIX),
                None,
            ),
            RoundError::State(_) | RoundError::Answer { .. } | RoundError::Response { .. } => {
                rmcp::ErrorData::invalid_params(error.to_string(), None)
            }
            RoundError::Elicit(failure) => failure.into(),
            other => rmcp::ErrorData::internal_error(other.to_string(), None),
        }
    }
}

/// `Err(RoundError)` from a `#[tool]` function: arguments `Call` could not
/// see are a tool result with `isError: true` naming the fix (the call fails
/// closed, and the model reads why); the other errors are the JSON-RPC
/// errors of `From<RoundError> for rmcp::ErrorData`.
impl rmcp::handler::server::tool::IntoCallToolResult for RoundError {
    fn into_call_tool_result(self) -> Result<rmcp::model::CallToolResponse, rmcp::ErrorData> {
        match self {
            RoundError::ArgumentsUnseen => {
                Ok(
                    rmcp::model::CallToolResult::error(vec![rmcp::model::ContentBlock::text(
                        self.to_string(),
                    )])
                    .into(),
                )
            }
            RoundError::Elicit(failure) => failure.into_call_tool_result(),
            other => Err(other.into()),
        }
    }
}
