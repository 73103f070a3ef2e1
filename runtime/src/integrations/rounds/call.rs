//! [`Call`]: one request that may take several rounds, what its state is
//! bound to, and the `call: Call` extractor.

use super::canonical::canonical_json;
use super::state::{Envelope, open};
use super::{RoundError, Rounds, StateKey};
use crate::elicit::Revision;
use crate::integrations::elicitation::revision_for;
use rmcp::handler::server::common::FromContextPart;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolRequestParams, GetPromptRequestParams, InputRequests, InputResponses, JsonObject,
    ReadResourceRequestParams,
};
use rmcp::service::{RequestContext, RoleServer};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// One request that may take several rounds (`tools/call`, `prompts/get` or
/// `resources/read`): its name and arguments (what the state is bound to),
/// the client's `inputResponses` and `requestState`, and the request context.
///
/// In a `#[tool]` fn, `call: Call` is an extractor. In a server under
/// [`every_revision!`](crate::rmcp::every_revision) it sees the arguments
/// as sent whatever the extractor order (a call without `arguments` binds
/// `{}`). Elsewhere it sees what the extractors before it left: toolform's
/// [`Parameters`](crate::rmcp::Parameters) and [`Args`](crate::rmcp::Args)
/// leave them, rmcp's `Parameters<_>` and `JsonObject` *take* them, so list
/// `call: Call` **before** those. Listed after, `Call` cannot see the
/// arguments (it cannot tell them taken from never sent), and
/// [`Call::rounds`] refuses the call ([`RoundError::ArgumentsUnseen`]: a
/// tool result with `isError: true` naming the fix) rather than bind the
/// state to no arguments, unless the tool says what to bind:
/// [`Call::bind_arguments`] (the arguments as the tool read them), or
/// [`Call::no_arguments`] (a tool that takes none: a call without
/// `arguments` binds `{}`).
#[derive(Debug, Clone)]
pub struct Call {
    pub(super) method: &'static str,
    pub(super) name: String,
    /// `None`: the extractor could not see them (taken, or never sent).
    pub(super) arguments: Option<JsonObject>,
    pub(super) request_state: Option<String>,
    pub(super) input_responses: Option<InputResponses>,
    pub(super) context: RequestContext<RoleServer>,
    pub(super) binding: Vec<u8>,
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
            arguments,
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
            Some(params.arguments.unwrap_or_default()),
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
            Some(params.arguments.unwrap_or_default()),
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
            Some(JsonObject::new()),
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

    /// Declares that the tool takes no arguments: when the `Call` extractor
    /// saw none (the client sent none, which it may for such a tool), the
    /// state is bound to `{}`. Arguments it did see stay bound as sent.
    ///
    /// Only for a tool without arguments: a tool that lists rmcp's
    /// `Parameters<_>` before `call: Call` and says this binds every round's
    /// state to `{}`, whatever the arguments (list `Call` first instead, or
    /// use [`Call::bind_arguments`]).
    pub fn no_arguments(mut self) -> Call {
        self.arguments.get_or_insert_with(JsonObject::new);
        self
    }

    /// Binds the state to `arguments` as the tool read them (serialized: an
    /// object), in place of the arguments as sent. For a tool that lists an
    /// argument-taking extractor (rmcp's `Parameters<_>`) before
    /// `call: Call`: `call.bind_arguments(&args)?`. A field serde skips on
    /// output is then not bound.
    pub fn bind_arguments<A: Serialize + ?Sized>(
        mut self,
        arguments: &A,
    ) -> Result<Call, RoundError> {
        match serde_json::to_value(arguments) {
            Ok(Value::Object(map)) => {
                self.arguments = Some(map);
                Ok(self)
            }
            Ok(other) => Err(RoundError::Seal(format!(
                "the arguments bound must serialize to an object, not {}",
                crate::json::kind_of(&other)
            ))),
            Err(e) => Err(RoundError::Seal(e.to_string())),
        }
    }

    /// The method: `tools/call`, `prompts/get` or `resources/read`.
    pub fn method(&self) -> &'static str {
        self.method
    }

    /// The tool's or prompt's name, or the resource's URI.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The arguments as sent (an empty object when none were), or as bound
    /// by [`Call::bind_arguments`]; `None` when the `Call` extractor could
    /// not see them (see [`Call`]).
    pub fn raw_arguments(&self) -> Option<&JsonObject> {
        self.arguments.as_ref()
    }

    /// The arguments read into `A`; -32602 when serde refuses them, -32603
    /// when the `Call` extractor could not see them (see [`Call`]).
    pub fn arguments<A: DeserializeOwned>(&self) -> Result<A, rmcp::ErrorData> {
        let Some(arguments) = &self.arguments else {
            return Err(RoundError::ArgumentsUnseen.into());
        };
        A::deserialize(&Value::Object(arguments.clone())).map_err(|e| {
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
    /// call or key, older than the key's TTL, not an `S`) is an error
    /// (-32602 as `rmcp::ErrorData`); so is a call whose arguments the
    /// `Call` extractor could not see (-32603, see [`Call`]).
    pub fn rounds<S>(self, key: &StateKey) -> Result<Rounds<S>, RoundError>
    where
        S: Serialize + DeserializeOwned + Default,
    {
        let Some(arguments) = &self.arguments else {
            return Err(RoundError::ArgumentsUnseen);
        };
        let revision = self
            .context
            .protocol_version()
            .map_or(Revision::V2025_11_25, |v| revision_for(&v));
        let binding = self.associated_data(arguments);
        let envelope = match &self.request_state {
            None => Envelope::first(),
            Some(sealed) => open::<S>(key, sealed, &binding)?,
        };
        Ok(Rounds {
            responses: self.input_responses.clone().unwrap_or_default(),
            call: self,
            key: key.clone(),
            binding,
            revision,
            round: envelope.round.saturating_add(1),
            nonce: envelope.nonce,
            issued: envelope.asked,
            answers: envelope.answers,
            tries: envelope.tries,
            state: envelope.state,
            pending: InputRequests::new(),
        })
    }

    /// What the seal is bound to: a label, the method, the name, the
    /// arguments (canonical JSON: keys sorted, numbers by value) and any
    /// [`Call::bind`] context, each length-prefixed.
    fn associated_data(&self, arguments: &JsonObject) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + self.name.len() + self.binding.len());
        let part = |bytes: &[u8], out: &mut Vec<u8>| {
            out.extend_from_slice(&(bytes.len() as u64).to_be_bytes());
            out.extend_from_slice(bytes);
        };
        part(b"toolform/rounds/v2", &mut out);
        part(self.method.as_bytes(), &mut out);
        part(self.name.as_bytes(), &mut out);
        let mut canonical = Vec::new();
        // The map is read in place: no copy of the arguments.
        canonical_json_object(arguments, &mut canonical);
        part(&canonical, &mut out);
        part(&self.binding, &mut out);
        out
    }
}

/// `arguments` as canonical JSON (see [`canonical_json`]).
fn canonical_json_object(arguments: &JsonObject, out: &mut Vec<u8>) {
    let mut entries: Vec<(&String, &Value)> = arguments.iter().collect();
    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    out.push(b'{');
    for (i, (key, value)) in entries.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        // Writing a string into a Vec cannot fail.
        let _ = serde_json::to_writer(&mut *out, key.as_str());
        out.push(b':');
        canonical_json(value, out);
    }
    out.push(b'}');
}

/// `call: Call` in a `#[tool]` fn. Nothing is taken: the arguments,
/// `inputResponses` and `requestState` stay in the context for the
/// extractors after it (rmcp's `Parameters`, `InputResponses`,
/// `RequestState`).
///
/// In a server under [`every_revision!`](crate::rmcp::every_revision) (or
/// whose `call_tool` is [`toolform::rmcp::output::call_tool`](crate::rmcp::output::call_tool)),
/// `Call` reads the arguments as the client sent them, kept in the request's
/// extensions before any extractor ran: any extractor order works, and a
/// call without `arguments` is `{}`.
///
/// Elsewhere a call without `arguments` is ambiguous here: rmcp 3.11 hands
/// every extractor one `Option` (`ToolCallContext::arguments`), which its
/// `Parameters` and `JsonObject` extractors `take()`, and keeps nothing
/// else of the request's params (the request's extensions hold only what
/// its `_meta` and, over HTTP, the HTTP request's head carried). A client
/// that omitted them and an extractor before `Call` that took them look
/// alike (and a `JsonObject` tool lists the same empty `inputSchema` as a
/// tool without arguments). `Call` fails closed on it (a tool error naming
/// the fix); a tool without arguments says so with [`Call::no_arguments`].
impl<S> FromContextPart<ToolCallContext<'_, S>> for Call {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, rmcp::ErrorData> {
        // Through `toolform::rmcp::output::call_tool` (`every_revision!`): the
        // arguments as sent, absent read as `{}`. Else what is left of them.
        let arguments = match context.request_context.extensions.get::<SentArguments>() {
            Some(SentArguments(sent)) => Some(sent.clone().unwrap_or_default()),
            None => context.arguments.clone(),
        };
        Ok(Call::from_parts(
            "tools/call",
            context.name.to_string(),
            arguments,
            context.request_state.clone(),
            context.input_responses.clone(),
            context.request_context.clone(),
        ))
    }
}

/// A `tools/call`'s arguments as the client sent them (`None`: it sent
/// none), put in the request's extensions by `toolform::rmcp::output::call_tool`
/// before any extractor runs. Only server code puts a Rust type there.
#[derive(Debug, Clone)]
pub(crate) struct SentArguments(pub(crate) Option<JsonObject>);
