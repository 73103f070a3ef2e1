//! Multi-round input for tools and prompts (cargo feature `rmcp`): [`Rounds`],
//! re-exported from `toolform::rmcp`.

mod call;
mod canonical;
mod error;
mod key;
mod state;

pub use call::Call;
pub(crate) use call::SentArguments;
pub use error::{RoundError, StateProblem};
pub use key::{StateKey, StateKeyError};
pub(crate) use state::fresh_nonce as fresh_id;
use state::{ENVELOPE_VERSION, Envelope, now_ms};

use super::elicitation::{elicit, elicit_until_valid, input_request};
use crate::elicit::{ElicitForm, Elicited, Revision};
// Sampling and roots are deprecated by SEP-2577; rmcp still carries them.
use rmcp::model::{
    ClientCapabilities, ElicitResult, InputRequest, InputRequests, InputRequiredResult,
    InputResponses, SealOptions, ServerRequest,
};
#[allow(deprecated)]
use rmcp::model::{
    CreateMessageRequest, CreateMessageRequestParams, CreateMessageResult, ListRootsRequest,
    ListRootsResult,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

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
/// # What a state is accepted for, and what not
///
/// - **Only what was asked.** A state seals the keys of the requests of its
///   `InputRequiredResult`; the next round reads `inputResponses` only under
///   those keys. A first call (no `requestState`) reads none: answers sent
///   before their question was issued (a confirmation whose price was never
///   shown) are ignored and the question is asked. Answers under keys
///   nobody asked for are ignored.
/// - **Only its own call.** The seal binds the method, the name, the
///   arguments by value (canonical JSON: keys sorted, numbers compared as
///   numbers, so `1.0` re-sent as `1` is the same call, `1.5` is not) and
///   any [`Call::bind`] context. `Call` must see the arguments to bind them:
///   see [`Call`] for the extractor order.
/// - **Only while young.** Under [`StateKey::with_ttl`] a state is refused
///   once older than the TTL, by the issue time sealed inside it.
/// - **Only the answers' substance.** An answer kept for later rounds is
///   its `action` and the form's own fields; other top-level fields,
///   `_meta` and content keys the form does not have are dropped, not
///   echoed in every later state.
///
/// **Replay.** A sealed state is stateless: the server keeps no record of
/// it. Within its TTL (forever, without one) the same state opens as often
/// as it is sent, with the same or other answers to the keys it issued: the
/// last round can be replayed and the tool then acts again. Nothing here
/// can prevent that without a store. A tool whose last round must act at
/// most once records [`Rounds::nonce`] (one per flow, minted in its first
/// round) in its own store when it acts and refuses a nonce it has seen;
/// a short TTL bounds how long a store must remember.
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
///     // A tool without arguments says so (the client may send none); a tool
///     // with arguments lists `call: Call` before rmcp's `Parameters<_>`.
///     let mut rounds = call.no_arguments().rounds::<Progress>(key)?; // -32602 on a bad requestState
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
    nonce: String,
    /// The keys the opened state's round issued.
    issued: BTreeSet<String>,
    responses: InputResponses,
    answers: BTreeMap<String, Value>,
    tries: BTreeMap<String, u32>,
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

    /// The flow's nonce: 32 hexadecimal digits minted in its first round (a
    /// call without `requestState`), sealed into every state of the flow
    /// and the same in each later round; another flow has another.
    ///
    /// The hook for single use. A sealed state is stateless: within its TTL
    /// it opens as often as it is sent (see "Replay" on [`Rounds`]). A tool
    /// whose last round must act at most once (a payment, a booking)
    /// records the nonce in its own store when it acts, and refuses a nonce
    /// it has recorded.
    pub fn nonce(&self) -> &str {
        &self.nonce
    }

    /// The keys whose answers this round reads from the call's
    /// `inputResponses`: those of the `InputRequiredResult` the opened state
    /// came with (none in the first round).
    pub fn issued(&self) -> impl Iterator<Item = &str> {
        self.issued.iter().map(String::as_str)
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
    /// the form is an error naming every violation (-32602), and the flow it
    /// came by: [`RoundError::Answer`] for `inputResponses[key]` (2026-07-28),
    /// [`RoundError::Elicit`] with [`ElicitFailure::Answer`](crate::rmcp::ElicitFailure::Answer) for the
    /// `elicitation/create` request (earlier revisions). To ask again
    /// instead, use [`Rounds::ask_until_valid`]. A client without the
    /// `elicitation` capability cannot be asked.
    pub async fn ask<T: ElicitForm>(
        &mut self,
        key: &str,
        message: impl Into<String>,
    ) -> Result<Option<Elicited<T>>, RoundError> {
        self.ask_with::<T>(key, message.into(), None).await
    }

    /// [`Rounds::ask`], asking again when the answer breaks the form, with
    /// what was wrong in the message ([`ElicitError::ask_again_message`](crate::ElicitError::ask_again_message)):
    /// before 2026-07-28 up to `attempts` `elicitation/create` requests
    /// ([`elicit_until_valid`](crate::rmcp::elicitation::elicit_until_valid)); under
    /// 2026-07-28 an invalid `inputResponses[key]` is dropped and the form
    /// queued again under `key` (`Ok(None)`: return
    /// [`Rounds::input_required`]), at most `attempts` rounds in all: the
    /// count is sealed in the state, and the answer to the last round,
    /// still invalid, is [`RoundError::Answer`].
    pub async fn ask_until_valid<T: ElicitForm>(
        &mut self,
        key: &str,
        message: impl Into<String>,
        attempts: usize,
    ) -> Result<Option<Elicited<T>>, RoundError> {
        self.ask_with::<T>(key, message.into(), Some(attempts))
            .await
    }

    async fn ask_with<T: ElicitForm>(
        &mut self,
        key: &str,
        message: String,
        again: Option<usize>,
    ) -> Result<Option<Elicited<T>>, RoundError> {
        if !self.deferred() {
            let context = &self.call.context;
            let answer = match again {
                None => elicit::<T>(context, message).await,
                Some(attempts) => elicit_until_valid::<T>(context, message, attempts).await,
            };
            return answer.map(Some).map_err(RoundError::Elicit);
        }
        let mut message = message;
        if let Some(answer) = self.answer_for(key) {
            match T::from_elicit_result(answer) {
                Ok(parsed) => {
                    let kept = form_answer(T::FORM, answer);
                    self.answers.insert(key.to_owned(), kept);
                    return Ok(Some(parsed));
                }
                Err(error) if again.is_some() => {
                    let tries = self.tries.get(key).copied().unwrap_or(0).saturating_add(1);
                    let attempts = again.unwrap_or(1).max(1);
                    if usize::try_from(tries).map_or(true, |t| t >= attempts) {
                        return Err(RoundError::Answer {
                            key: key.to_owned(),
                            error,
                        });
                    }
                    self.tries.insert(key.to_owned(), tries);
                    message = error.ask_again_message(&message);
                }
                Err(error) => {
                    return Err(RoundError::Answer {
                        key: key.to_owned(),
                        error,
                    });
                }
            }
        }
        if !self.can_elicit() {
            return Err(RoundError::ClientCannot("elicitation"));
        }
        self.pending
            .insert(key.to_owned(), input_request::<T>(message));
        Ok(None)
    }

    /// Any input request (`elicitation/create`, `sampling/createMessage`,
    /// `roots/list`) under `key`, its result: at once before 2026-07-28 (as
    /// the client sent it), from `inputResponses` (or an earlier round)
    /// after, `None` and queued while missing. From `inputResponses`, a
    /// result is read as the request's result type (`ElicitResult`,
    /// `CreateMessageResult`, `ListRootsResult`; -32602 when it does not
    /// read) and kept as that type writes it: other fields and `_meta` are
    /// dropped (an elicitation's `content` is kept whole: this call does not
    /// know the form; [`Rounds::ask`] keeps only the form's fields).
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
            let kept = result_of(&request, key, answer)?;
            self.answers.insert(key.to_owned(), kept.clone());
            return Ok(Some(kept));
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
        typed_response(key, &answer).map(Some)
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
        typed_response(key, &answer).map(Some)
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
    /// sealed state (the tool's `S`, the answers so far, the keys of the
    /// requests queued, the round, the nonce, the time). Return
    /// it from the tool (`.into()` a `CallToolResponse` or
    /// `GetPromptResponse`). With nothing queued it carries the state alone
    /// (the client retries at once). Only protocol 2026-07-28 clients can
    /// receive it.
    pub fn input_required(self) -> Result<InputRequiredResult, RoundError> {
        let envelope = Envelope {
            version: ENVELOPE_VERSION,
            issued: now_ms(),
            nonce: self.nonce,
            round: self.round,
            asked: self.pending.keys().cloned().collect(),
            answers: self.answers,
            tries: self.tries,
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

    /// An earlier round's answer under `key`, else this call's when the
    /// opened state issued `key` (an answer to a question never asked is
    /// no answer).
    fn answer_for(&self, key: &str) -> Option<&Value> {
        self.answers.get(key).or_else(|| {
            self.issued
                .contains(key)
                .then(|| self.responses.get(key))
                .flatten()
        })
    }
}

/// What the state keeps of a form's answer: `action`, and for `accept` the
/// `content`'s fields the form has (read by the form already: the same
/// answer when read again).
fn form_answer(form: &crate::elicit::Form, answer: &Value) -> Value {
    let mut kept = serde_json::Map::new();
    let action = answer.get("action").cloned().unwrap_or(Value::Null);
    if action == "accept"
        && let Some(Value::Object(content)) = answer.get("content")
    {
        let fields: serde_json::Map<String, Value> = content
            .iter()
            .filter(|(name, _)| form.fields.get().iter().any(|f| f.name == name.as_str()))
            .map(|(name, value)| (name.clone(), value.clone()))
            .collect();
        kept.insert("content".to_owned(), Value::Object(fields));
    }
    kept.insert("action".to_owned(), action);
    Value::Object(kept)
}

/// A result from `inputResponses` read as `request`'s result type and
/// written back by it (its own fields, without `_meta`).
#[allow(deprecated)]
fn result_of(request: &InputRequest, key: &str, answer: &Value) -> Result<Value, RoundError> {
    let written = match request {
        InputRequest::Elicitation(_) => {
            let mut result: ElicitResult = typed_response(key, answer)?;
            result.meta = None;
            serde_json::to_value(result)
        }
        InputRequest::CreateMessage(_) => {
            let result: CreateMessageResult = typed_response(key, answer)?;
            serde_json::to_value(result)
        }
        InputRequest::ListRoots(_) => {
            let mut result: ListRootsResult = typed_response(key, answer)?;
            result.meta = None;
            serde_json::to_value(result)
        }
        // A request kind this crate does not know: as sent.
        _ => return Ok(answer.clone()),
    };
    written.map_err(|e| RoundError::Response {
        key: key.to_owned(),
        message: e.to_string(),
    })
}

fn typed_response<T: DeserializeOwned>(key: &str, answer: &Value) -> Result<T, RoundError> {
    T::deserialize(answer).map_err(|e| RoundError::Response {
        key: key.to_owned(),
        message: e.to_string(),
    })
}
