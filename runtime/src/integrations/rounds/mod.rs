//! Multi-round input for tools and prompts (cargo feature `rmcp`): [`Rounds`],
//! re-exported from `toolform::rmcp`.

mod canonical;
mod error;
mod key;

use canonical::canonical_json;
pub use error::{RoundError, StateProblem};
pub use key::{StateKey, StateKeyError};

use super::rmcp::{ElicitFailure, elicit, input_request, revision_for};
use crate::elicit::{ElicitForm, Elicited, Revision};
use rmcp::handler::server::common::FromContextPart;
use rmcp::handler::server::tool::ToolCallContext;
// Sampling and roots are deprecated by SEP-2577; rmcp still carries them.
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, GetPromptRequestParams, InputRequest, InputRequests,
    InputRequiredResult, InputResponses, JsonObject, ReadResourceRequestParams, SealOptions,
    ServerRequest,
};
#[allow(deprecated)]
use rmcp::model::{
    CreateMessageRequest, CreateMessageRequestParams, CreateMessageResult, ListRootsRequest,
    ListRootsResult,
};
use rmcp::service::{RequestContext, RoleServer};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// One request that may take several rounds (`tools/call`, `prompts/get` or
/// `resources/read`): its name and arguments (what the state is bound to),
/// the client's `inputResponses` and `requestState`, and the request context.
///
/// In a `#[tool]` fn, `call: Call` is an extractor. List it **before**
/// `Parameters<_>`, which takes the arguments away from later extractors (or
/// read them with [`Call::arguments`] and declare the schema with
/// `#[tool(input_schema = toolform::rmcp::input_schema::<Args>())]`).
#[derive(Debug, Clone)]
pub struct Call {
    method: &'static str,
    name: String,
    arguments: JsonObject,
    request_state: Option<String>,
    input_responses: Option<InputResponses>,
    context: RequestContext<RoleServer>,
    binding: Vec<u8>,
}

impl Call {
    fn from_parts(
        method: &'static str,
        name: String,
        arguments: Option<JsonObject>,
        request_state: Option<String>,
        input_responses: Option<InputResponses>,
        context: RequestContext<RoleServer>,
    ) -> Call {
        Call {
            method,
            name,
            arguments: arguments.unwrap_or_default(),
            request_state,
            input_responses,
            context,
            binding: Vec::new(),
        }
    }

    /// A `tools/call` request (for a hand-written `ServerHandler::call_tool`).
    pub fn tool(params: CallToolRequestParams, context: RequestContext<RoleServer>) -> Call {
        Call::from_parts(
            "tools/call",
            params.name.into_owned(),
            params.arguments,
            params.request_state,
            params.input_responses,
            context,
        )
    }

    /// A `prompts/get` request (`ServerHandler::get_prompt`).
    pub fn prompt(params: GetPromptRequestParams, context: RequestContext<RoleServer>) -> Call {
        Call::from_parts(
            "prompts/get",
            params.name,
            params.arguments,
            params.request_state,
            params.input_responses,
            context,
        )
    }

    /// A `resources/read` request (`ServerHandler::read_resource`); the URI is
    /// its name.
    pub fn resource(
        params: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Call {
        Call::from_parts(
            "resources/read",
            params.uri,
            None,
            params.request_state,
            params.input_responses,
            context,
        )
    }

    /// Binds the state to `context` as well (the authenticated user, say): a
    /// state sealed for one context is refused under another.
    pub fn bind(mut self, context: impl AsRef<[u8]>) -> Call {
        let context = context.as_ref();
        self.binding
            .extend_from_slice(&(context.len() as u64).to_be_bytes());
        self.binding.extend_from_slice(context);
        self
    }

    /// The method: `tools/call`, `prompts/get` or `resources/read`.
    pub fn method(&self) -> &'static str {
        self.method
    }

    /// The tool's or prompt's name, or the resource's URI.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The arguments as sent (an empty object when none were).
    pub fn raw_arguments(&self) -> &JsonObject {
        &self.arguments
    }

    /// The arguments read into `A`; -32602 when serde refuses them.
    pub fn arguments<A: DeserializeOwned>(&self) -> Result<A, rmcp::ErrorData> {
        A::deserialize(&Value::Object(self.arguments.clone())).map_err(|e| {
            rmcp::ErrorData::invalid_params(format!("failed to deserialize parameters: {e}"), None)
        })
    }

    /// The request's context (peer, metadata, protocol version).
    pub fn context(&self) -> &RequestContext<RoleServer> {
        &self.context
    }

    /// Opens the rounds of this request: the tool's state `S` from the
    /// `requestState` (`S::default()` when the call carries none), checked
    /// against `key` and this request's method, name and arguments.
    ///
    /// A `requestState` that fails the check (tampered, sealed for another
    /// call or key, expired, not an `S`) is an error (-32602 as
    /// `rmcp::ErrorData`).
    pub fn rounds<S>(self, key: &StateKey) -> Result<Rounds<S>, RoundError>
    where
        S: Serialize + DeserializeOwned + Default,
    {
        let revision = self
            .context
            .protocol_version()
            .map_or(Revision::V2025_11_25, |v| revision_for(&v));
        let binding = self.associated_data();
        let envelope = match &self.request_state {
            None => Envelope::default(),
            Some(sealed) => key
                .codec
                .open_json_with::<Envelope<S>>(sealed, &binding)
                .map_err(|e| RoundError::State(StateProblem::from(e)))?,
        };
        if envelope.version != ENVELOPE_VERSION {
            return Err(RoundError::State(StateProblem::Unreadable));
        }
        Ok(Rounds {
            responses: self.input_responses.clone().unwrap_or_default(),
            call: self,
            key: key.clone(),
            binding,
            revision,
            round: envelope.round.saturating_add(1),
            answers: envelope.answers,
            state: envelope.state,
            pending: InputRequests::new(),
        })
    }

    /// What the seal is bound to: a label, the method, the name, the
    /// arguments (canonical JSON: keys sorted) and any [`Call::bind`] context,
    /// each length-prefixed.
    fn associated_data(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + self.name.len() + self.binding.len());
        let part = |bytes: &[u8], out: &mut Vec<u8>| {
            out.extend_from_slice(&(bytes.len() as u64).to_be_bytes());
            out.extend_from_slice(bytes);
        };
        part(b"toolform/rounds/v1", &mut out);
        part(self.method.as_bytes(), &mut out);
        part(self.name.as_bytes(), &mut out);
        let mut arguments = Vec::new();
        canonical_json(&Value::Object(self.arguments.clone()), &mut arguments);
        part(&arguments, &mut out);
        part(&self.binding, &mut out);
        out
    }
}

/// `call: Call` in a `#[tool]` fn. The arguments are copied, not taken: list
/// it before `Parameters<_>`. `inputResponses` and `requestState` are taken
/// (rmcp's `InputResponses` and `RequestState` extractors listed after it see
/// none).
impl<S> FromContextPart<ToolCallContext<'_, S>> for Call {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, rmcp::ErrorData> {
        Ok(Call::from_parts(
            "tools/call",
            context.name.to_string(),
            context.arguments.clone(),
            context.request_state.take(),
            context.input_responses.take(),
            context.request_context.clone(),
        ))
    }
}

const ENVELOPE_VERSION: u32 = 1;

/// What `requestState` carries, sealed.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope<S> {
    #[serde(rename = "v")]
    version: u32,
    round: u32,
    answers: BTreeMap<String, Value>,
    state: S,
}

impl<S: Default> Default for Envelope<S> {
    fn default() -> Self {
        Envelope {
            version: ENVELOPE_VERSION,
            round: 0,
            answers: BTreeMap::new(),
            state: S::default(),
        }
    }
}

/// The rounds of one request (made by [`Call::rounds`]): ask with
/// [`Rounds::ask`] (or [`Rounds::request`]), and when any answer is still
/// missing under 2026-07-28 return [`Rounds::input_required`].
///
/// A tool that needs several answers from the user writes them as straight-line
/// code against [`Rounds`], and the same code runs under every protocol
/// revision:
///
/// - **2025-06-18 and 2025-11-25**: each [`Rounds::ask`] sends an
///   `elicitation/create` request at once and returns the answer.
/// - **2026-07-28** (SEP-2322, no server-to-client requests): an `ask` whose
///   answer is not in the call's `inputResponses` returns `None` and is queued;
///   the tool then returns [`Rounds::input_required`], an `InputRequiredResult`
///   carrying every queued request (several forms in one round) and a
///   `requestState`. The client retries the call with the answers and the state;
///   the same code runs again, and each `ask` now finds its answer. Answers
///   already given in an earlier round are kept in the state, so a round only
///   asks for what is still missing.
///
/// The tool keeps its own serde value `S` across rounds ([`Rounds::state`],
/// [`Rounds::state_mut`]). The `requestState` is sealed with HMAC-SHA-256 under
/// the server's [`StateKey`] (rmcp's `RequestStateCodec`) and bound to the
/// method, the tool (or prompt) name and its arguments: a state that was
/// tampered with, sealed for another call or another key, expired, or that does
/// not read back as `S` is refused with JSON-RPC error -32602 ([`RoundError`]),
/// never silently restarted. The state is signed, not encrypted: the client can
/// read it, so keep secrets out of `S`.
///
/// ```
/// use toolform::rmcp::{Call, StateKey};
/// use toolform::{ElicitForm, Elicited};
/// use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
///
/// #[derive(serde::Deserialize, ElicitForm)]
/// struct Name { name: String }
///
/// #[derive(serde::Deserialize, ElicitForm)]
/// struct Colour { colour: String }
///
/// /// What the tool keeps between rounds (here: nothing it computed itself).
/// #[derive(Default, serde::Serialize, serde::Deserialize)]
/// struct Progress { greeted: bool }
///
/// // The body of a `#[tool]` fn taking `call: Call` (an rmcp extractor).
/// async fn greet(key: &StateKey, call: Call) -> Result<CallToolResponse, rmcp::ErrorData> {
///     let mut rounds = call.rounds::<Progress>(key)?; // -32602 on a bad requestState
///     // Two forms asked in the same round (2026-07-28), or one after the other.
///     let name = rounds.ask::<Name>("name", "What is your name?").await?;
///     let colour = rounds.ask::<Colour>("colour", "Your favourite colour?").await?;
///     let (Some(name), Some(colour)) = (name, colour) else {
///         return Ok(rounds.input_required()?.into());
///     };
///     let text = match (name, colour) {
///         (Elicited::Accepted(n), Elicited::Accepted(c)) => format!("Hello {}, {} it is", n.name, c.colour),
///         _ => "Maybe later".to_owned(),
///     };
///     rounds.state_mut().greeted = true;
///     Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
/// }
///
/// let key = StateKey::new(*b"a server secret of 32 bytes or more").unwrap();
/// # let _ = (greet, key);
/// ```
#[derive(Debug)]
pub struct Rounds<S = ()> {
    call: Call,
    key: StateKey,
    binding: Vec<u8>,
    revision: Revision,
    round: u32,
    responses: InputResponses,
    answers: BTreeMap<String, Value>,
    state: S,
    pending: InputRequests,
}

impl<S: Serialize + DeserializeOwned + Default> Rounds<S> {
    /// The tool's state: what it kept from earlier rounds, `S::default()` in
    /// the first.
    pub fn state(&self) -> &S {
        &self.state
    }

    /// The tool's state, to change: sealed into the next `requestState`.
    pub fn state_mut(&mut self) -> &mut S {
        &mut self.state
    }

    /// Which round this is: 1 for a call without `requestState`, one more for
    /// each `InputRequiredResult` the client answered.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The elicitation revision of the client's protocol version.
    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// The request these rounds belong to.
    pub fn call(&self) -> &Call {
        &self.call
    }

    /// Whether requests go into an `InputRequiredResult` (protocol 2026-07-28
    /// and later) rather than to the client at once.
    pub fn deferred(&self) -> bool {
        self.revision >= Revision::V2026_07_28
    }

    /// The client's capabilities: from the request's `_meta` (2026-07-28) or
    /// the session's `initialize`; `None` when unknown.
    pub fn client_capabilities(&self) -> Option<ClientCapabilities> {
        self.call.context.client_capabilities()
    }

    /// Whether the client declared `elicitation` (true when its capabilities
    /// are unknown).
    pub fn can_elicit(&self) -> bool {
        self.client_capabilities()
            .is_none_or(|c| c.elicitation.is_some())
    }

    /// Whether the client declared `sampling` (true when unknown).
    pub fn can_sample(&self) -> bool {
        self.client_capabilities()
            .is_none_or(|c| c.sampling.is_some())
    }

    /// Whether the client declared `roots` (true when unknown).
    pub fn can_list_roots(&self) -> bool {
        self.client_capabilities().is_none_or(|c| c.roots.is_some())
    }

    /// Asks the user to fill `T`, under `key` (unique within the request).
    ///
    /// - 2025-06-18, 2025-11-25: an `elicitation/create` request now, in the
    ///   client's grammar; `Some(answer)`.
    /// - 2026-07-28: `Some(answer)` when an earlier round or this call's
    ///   `inputResponses[key]` holds it; otherwise `None`, and the form is
    ///   queued for [`Rounds::input_required`].
    ///
    /// An answer that is not an `ElicitResult` (not an object, say) or breaks
    /// the form is an error naming the key and every violation (-32602). A
    /// client without the `elicitation` capability cannot be asked.
    pub async fn ask<T: ElicitForm>(
        &mut self,
        key: &str,
        message: impl Into<String>,
    ) -> Result<Option<Elicited<T>>, RoundError> {
        if !self.deferred() {
            return elicit::<T>(&self.call.context, message)
                .await
                .map(Some)
                .map_err(|failure| match failure {
                    ElicitFailure::Answer(error) => RoundError::Answer {
                        key: key.to_owned(),
                        error,
                    },
                    other => RoundError::Elicit(other),
                });
        }
        if let Some(answer) = self.answer_for(key) {
            let parsed = T::from_elicit_result(&answer).map_err(|error| RoundError::Answer {
                key: key.to_owned(),
                error,
            })?;
            self.answers.insert(key.to_owned(), answer);
            return Ok(Some(parsed));
        }
        if !self.can_elicit() {
            return Err(RoundError::ClientCannot("elicitation"));
        }
        self.pending
            .insert(key.to_owned(), input_request::<T>(message));
        Ok(None)
    }

    /// Any input request (`elicitation/create`, `sampling/createMessage`,
    /// `roots/list`) under `key`, its result as the client sent it: at once
    /// before 2026-07-28, from `inputResponses` (or an earlier round) after,
    /// `None` and queued while missing.
    pub async fn request(
        &mut self,
        key: &str,
        request: InputRequest,
    ) -> Result<Option<Value>, RoundError> {
        let needs = match &request {
            InputRequest::Elicitation(_) => ("elicitation", self.can_elicit()),
            InputRequest::CreateMessage(_) => ("sampling", self.can_sample()),
            InputRequest::ListRoots(_) => ("roots", self.can_list_roots()),
            _ => ("an unknown capability", true),
        };
        if !self.deferred() {
            if !needs.1 {
                return Err(RoundError::ClientCannot(needs.0));
            }
            let request = match request {
                InputRequest::Elicitation(r) => ServerRequest::ElicitRequest(r),
                InputRequest::CreateMessage(r) => ServerRequest::CreateMessageRequest(r),
                InputRequest::ListRoots(r) => ServerRequest::ListRootsRequest(r),
                _ => return Err(RoundError::ClientCannot(needs.0)),
            };
            let result = self
                .call
                .context
                .peer
                .send_request(request)
                .await
                .map_err(RoundError::Service)?;
            return serde_json::to_value(result)
                .map(Some)
                .map_err(|e| RoundError::Response {
                    key: key.to_owned(),
                    message: e.to_string(),
                });
        }
        if let Some(answer) = self.answer_for(key) {
            self.answers.insert(key.to_owned(), answer.clone());
            return Ok(Some(answer));
        }
        if !needs.1 {
            return Err(RoundError::ClientCannot(needs.0));
        }
        self.pending.insert(key.to_owned(), request);
        Ok(None)
    }

    /// A `sampling/createMessage` request under `key` (see
    /// [`Rounds::request`]), its result read into rmcp's type (-32602 when it
    /// is not one). Sampling is deprecated by SEP-2577.
    #[allow(deprecated)]
    pub async fn sample(
        &mut self,
        key: &str,
        params: CreateMessageRequestParams,
    ) -> Result<Option<CreateMessageResult>, RoundError> {
        let request = InputRequest::CreateMessage(CreateMessageRequest::new(params));
        let Some(answer) = self.request(key, request).await? else {
            return Ok(None);
        };
        typed_response(key, answer).map(Some)
    }

    /// A `roots/list` request under `key` (see [`Rounds::request`]), its
    /// result read into rmcp's type (-32602 when it is not one). Roots are
    /// deprecated by SEP-2577.
    #[allow(deprecated)]
    pub async fn list_roots(&mut self, key: &str) -> Result<Option<ListRootsResult>, RoundError> {
        let request = InputRequest::ListRoots(ListRootsRequest::default());
        let Some(answer) = self.request(key, request).await? else {
            return Ok(None);
        };
        typed_response(key, answer).map(Some)
    }

    /// Whether any request of this round waits for the client (return
    /// [`Rounds::input_required`] then).
    pub fn waiting(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The keys of the requests queued this round.
    pub fn waiting_for(&self) -> impl Iterator<Item = &str> {
        self.pending.keys().map(String::as_str)
    }

    /// The `InputRequiredResult` of this round: every queued request, and the
    /// sealed state (the tool's `S`, the answers so far, the round). Return
    /// it from the tool (`.into()` a `CallToolResponse` or
    /// `GetPromptResponse`). With nothing queued it carries the state alone
    /// (the client retries at once). Only protocol 2026-07-28 clients can
    /// receive it.
    pub fn input_required(self) -> Result<InputRequiredResult, RoundError> {
        let envelope = Envelope {
            version: ENVELOPE_VERSION,
            round: self.round,
            answers: self.answers,
            state: self.state,
        };
        let mut options = SealOptions::new().associated_data(&self.binding);
        if let Some(ttl) = self.key.ttl {
            options = options.ttl(ttl);
        }
        let sealed = self
            .key
            .codec
            .seal_json_with(&envelope, &options)
            .map_err(|e| RoundError::Seal(e.to_string()))?;
        let requests = (!self.pending.is_empty()).then_some(self.pending);
        Ok(InputRequiredResult::new(requests, Some(sealed)))
    }

    /// An earlier round's answer under `key`, else this call's.
    fn answer_for(&self, key: &str) -> Option<Value> {
        self.answers
            .get(key)
            .or_else(|| self.responses.get(key))
            .cloned()
    }
}

fn typed_response<T: DeserializeOwned>(key: &str, answer: Value) -> Result<T, RoundError> {
    T::deserialize(&answer).map_err(|e| RoundError::Response {
        key: key.to_owned(),
        message: e.to_string(),
    })
}
