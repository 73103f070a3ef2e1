//! Elicitation with rmcp: forms as rmcp's typed model, `elicitation/create`
//! requests (2025-06-18, 2025-11-25), `InputRequiredResult`s (2026-07-28) and
//! [`ask`], which picks between them. `ask`, `ask_until_valid`, `ask_url`,
//! [`Asked`] and [`ElicitFailure`] are re-exported from `toolform::rmcp`, the
//! building blocks from `toolform::rmcp::elicitation`; below both `rmcp.rs`
//! and the multi-round `rounds`, which use it.

use crate::elicit::{ElicitError, ElicitForm, Elicited, FormProblem, Revision, answer};
use rmcp::model::{
    ElicitRequest, ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationSchema,
    InputRequest, InputRequests, InputRequiredResult, InputResponses, ProtocolVersion,
};
use rmcp::service::{RequestContext, RoleServer, ServiceError};
use serde_json::Value;
use std::fmt;

use serde::Deserialize as _;

/// The elicitation revision for a negotiated protocol version: the newest
/// revision not newer than it (2025-06-18 for anything older, which had no
/// elicitation).
pub fn revision_for(version: &ProtocolVersion) -> Revision {
    let version = version.as_str();
    Revision::ALL
        .into_iter()
        .rev()
        .find(|r| r.as_str() <= version)
        .unwrap_or(Revision::V2025_06_18)
}

/// `T`'s form as rmcp's typed `ElicitationSchema` in the 2025-11-25 /
/// 2026-07-28 grammar (one grammar), which carries every form toolform
/// derives, for a builder that cannot fail (an `InputRequiredResult`).
///
/// Integer bounds are within +-(2^53 - 1) (what a JavaScript client reads
/// exactly), so they fit rmcp's `i64` bounds. Should rmcp's model refuse a
/// keyword of some property all the same (a `maxLength` beyond its `u32`),
/// that property is carried with its type, title, description and options
/// alone: the answer is still checked against the whole form on the server
/// ([`elicited`]). [`elicitation_schema`] reports such a refusal instead.
fn lenient_schema_of<T: ElicitForm>() -> ElicitationSchema {
    let schema = T::requested_schema();
    ElicitationSchema::deserialize(schema).unwrap_or_else(|_| lenient_schema(schema))
}

/// The form property by property, each as much of it as rmcp's model takes.
fn lenient_schema(schema: &Value) -> ElicitationSchema {
    use rmcp::model::PrimitiveSchemaDefinition;
    const KEPT: &[&str] = &[
        "type",
        "title",
        "description",
        "enum",
        "enumNames",
        "oneOf",
        "items",
    ];
    let mut properties = std::collections::BTreeMap::new();
    let mut order = Vec::new();
    let listed = schema.get("properties").and_then(Value::as_object);
    for (name, prop) in listed.into_iter().flatten() {
        let typed = PrimitiveSchemaDefinition::deserialize(prop).or_else(|_| {
            let bare: serde_json::Map<String, Value> = prop
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(k, _)| KEPT.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            PrimitiveSchemaDefinition::deserialize(Value::Object(bare))
        });
        if let Ok(typed) = typed {
            properties.insert(name.clone(), typed);
            order.push(name.clone());
        }
    }
    let required: Vec<String> = schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter(|name| properties.contains_key(*name))
        .map(str::to_owned)
        .collect();
    let mut out = ElicitationSchema::new(properties);
    out.property_order = Some(order);
    out.required = (!required.is_empty()).then_some(required);
    out
}

/// `T`'s form as rmcp's typed `ElicitationSchema` in `revision`'s grammar,
/// or what that revision cannot carry (a multi-select under 2025-06-18), or
/// rmcp's refusal (a keyword past the range of its model's fields).
pub fn elicitation_schema<T: ElicitForm>(
    revision: Revision,
) -> Result<ElicitationSchema, ElicitFailure> {
    let schema = T::requested_schema_for(revision).map_err(ElicitFailure::Unsupported)?;
    ElicitationSchema::deserialize(schema).map_err(|e| ElicitFailure::Rmcp(e.to_string()))
}

/// The parameters of an `elicitation/create` request (form mode) for `T` in
/// `revision`'s grammar, or what that revision cannot carry.
pub fn elicit_request<T: ElicitForm>(
    message: impl Into<String>,
    revision: Revision,
) -> Result<ElicitRequestParams, ElicitFailure> {
    Ok(form_params(
        message.into(),
        elicitation_schema::<T>(revision)?,
    ))
}

fn form_params(message: String, requested_schema: ElicitationSchema) -> ElicitRequestParams {
    ElicitRequestParams::FormElicitationParams {
        meta: None,
        message,
        requested_schema,
    }
}

/// Reads rmcp's `ElicitResult` into `T`: every field checked against the
/// form, all violations named, then serde.
pub fn elicited<T: ElicitForm>(result: &ElicitResult) -> Result<Elicited<T>, ElicitError> {
    match result.action {
        ElicitationAction::Decline => Ok(Elicited::Declined),
        ElicitationAction::Cancel => Ok(Elicited::Cancelled),
        ElicitationAction::Accept => match &result.content {
            Some(content @ Value::Object(map)) => {
                answer::parse_content(T::FORM, map, content).map(Elicited::Accepted)
            }
            Some(other) => Err(ElicitError::Malformed(format!(
                "`content` must be an object, got {}",
                answer::kind_of(other)
            ))),
            None => Err(ElicitError::AcceptedWithoutContent),
        },
        // `ElicitationAction` is non-exhaustive: a newer action than this
        // crate knows (its name alone: the content is never re-serialized).
        _ => Err(ElicitError::UnknownAction(
            serde_json::to_value(&result.action)
                .ok()
                .and_then(|a| a.as_str().map(|a| crate::json::short(a).into_owned()))
                .unwrap_or_default(),
        )),
    }
}

/// The elicitation revision of the call's client, or why it cannot be asked.
pub(crate) fn form_revision(
    context: &RequestContext<RoleServer>,
) -> Result<Revision, ElicitFailure> {
    let revision = context
        .protocol_version()
        .map_or(Revision::V2025_11_25, |v| revision_for(&v));
    if let Some(capabilities) = context.client_capabilities()
        && capabilities.elicitation.is_none()
    {
        return Err(if revision >= Revision::V2026_07_28 {
            ElicitFailure::MissingCapability
        } else {
            ElicitFailure::ClientCannotElicit
        });
    }
    Ok(revision)
}

/// Asks the client to fill in `T` (an `elicitation/create` request on the
/// tool call's peer) and reads the answer. The form is written in the
/// grammar of the protocol version the client negotiated.
///
/// Protocol 2026-07-28 has no server-to-client requests: there, answer the
/// call with [`input_required`] instead (rmcp refuses the request).
pub async fn elicit<T: ElicitForm>(
    context: &RequestContext<RoleServer>,
    message: impl Into<String>,
) -> Result<Elicited<T>, ElicitFailure> {
    let revision = form_revision(context)?;
    let params = elicit_request::<T>(message, revision)?;
    let result = context
        .peer
        .create_elicitation(params)
        .await
        .map_err(ElicitFailure::Service)?;
    elicited(&result).map_err(ElicitFailure::Answer)
}

/// [`elicit`], asking again while the answer breaks the form: each new
/// request repeats `message` with what was wrong with the previous answer
/// ([`ElicitError::ask_again_message`]), at most `attempts` requests in all
/// (at least one). The last failure is returned when every answer broke the
/// form; a decline or cancel ends at once. Once the tool call is cancelled
/// (the client's `notifications/cancelled`), no further request goes out:
/// [`ElicitFailure::Service`] with `ServiceError::Cancelled`.
///
/// Protocol 2026-07-28 has no server-to-client requests: use
/// [`ask_until_valid`] (or [`Rounds::ask_until_valid`](crate::rmcp::Rounds::ask_until_valid)).
pub async fn elicit_until_valid<T: ElicitForm>(
    context: &RequestContext<RoleServer>,
    message: impl Into<String>,
    attempts: usize,
) -> Result<Elicited<T>, ElicitFailure> {
    let message = message.into();
    let mut asked = message.clone();
    let mut left = attempts.max(1);
    loop {
        left -= 1;
        if context.ct.is_cancelled() {
            return Err(cancelled());
        }
        match elicit::<T>(context, asked).await {
            Err(ElicitFailure::Answer(error)) if left > 0 => {
                asked = error.ask_again_message(&message);
            }
            other => return other,
        }
    }
}

/// The failure of an ask-again loop whose call was cancelled.
pub(crate) fn cancelled() -> ElicitFailure {
    ElicitFailure::Service(ServiceError::Cancelled {
        reason: Some("the tool call was cancelled: no more questions are asked".into()),
    })
}

/// The key of the `n`th question of [`ask_until_valid`] under 2026-07-28:
/// `key` first, then `key#2`, `key#3`, ...: a fresh key per round, so the
/// round a retried call answers tells how many times the form was asked.
fn round_key(key: &str, n: usize) -> String {
    if n <= 1 {
        key.to_owned()
    } else {
        format!("{key}#{n}")
    }
}

/// The latest round of `key` the call answers ([`round_key`]), with its
/// answer: linear in the responses, whatever `attempts` is.
fn latest_round<'r>(
    responses: Option<&'r InputResponses>,
    key: &str,
) -> Option<(usize, &'r Value)> {
    let mut latest: Option<(usize, &Value)> = None;
    for (k, answer) in responses?.iter() {
        let n = if k == key {
            1
        } else {
            match k.strip_prefix(key).and_then(|rest| rest.strip_prefix('#')) {
                // Digits only, as `round_key` writes them (no sign, no
                // leading zero).
                Some(digits)
                    if !digits.starts_with('0') && digits.bytes().all(|b| b.is_ascii_digit()) =>
                {
                    match digits.parse::<usize>() {
                        Ok(n) if n >= 2 => n,
                        _ => continue,
                    }
                }
                _ => continue,
            }
        };
        if latest.is_none_or(|(m, _)| n > m) {
            latest = Some((n, answer));
        }
    }
    latest
}

/// The `elicitation/create` request for `T` as an entry of `inputRequests`
/// (protocol 2026-07-28).
pub fn input_request<T: ElicitForm>(message: impl Into<String>) -> InputRequest {
    // 2026-07-28 has 2025-11-25's form grammar.
    InputRequest::Elicitation(ElicitRequest::new(form_params(
        message.into(),
        lenient_schema_of::<T>(),
    )))
}

/// An `InputRequiredResult` asking for `T` under `key` (protocol
/// 2026-07-28): return it from the tool call; the client fills the form and
/// retries the call with `inputResponses[key]`, which [`input_response`]
/// reads.
pub fn input_required<T: ElicitForm>(
    key: impl Into<String>,
    message: impl Into<String>,
) -> InputRequiredResult {
    let mut requests = InputRequests::new();
    requests.insert(key.into(), input_request::<T>(message));
    InputRequiredResult::from_input_requests(requests)
}

/// The answer to the form asked for under `key`, from a retried call's
/// `inputResponses`: `None` when the call carries no answer under `key`
/// (the first round: ask with [`input_required`]).
pub fn input_response<T: ElicitForm>(
    responses: Option<&InputResponses>,
    key: &str,
) -> Option<Result<Elicited<T>, ElicitError>> {
    responses?.get(key).map(T::from_elicit_result)
}

/// What [`ask`] came back with.
#[derive(Debug)]
pub enum Asked<T> {
    /// The client answered (2025-06-18 and 2025-11-25: at once; 2026-07-28:
    /// in the retried call's `inputResponses`).
    Answered(Elicited<T>),
    /// Protocol 2026-07-28, first round: return this from the tool call
    /// (`CallToolResponse::from(result)`); the client retries with the answer.
    InputRequired(InputRequiredResult),
}

/// Asks for `T` the way the client's protocol version allows: a
/// server-to-client `elicitation/create` request (2025-06-18, 2025-11-25), or
/// under 2026-07-28 an [`InputRequiredResult`] on the first round and the
/// answer from `inputResponses[key]` on the retry. `responses` is the call's
/// `inputResponses` (rmcp's `InputResponses` extractor in a `#[tool]` fn, or
/// `CallToolRequestParams::input_responses`).
pub async fn ask<T: ElicitForm>(
    context: &RequestContext<RoleServer>,
    responses: Option<&InputResponses>,
    key: &str,
    message: impl Into<String>,
) -> Result<Asked<T>, ElicitFailure> {
    let revision = form_revision(context)?;
    if revision < Revision::V2026_07_28 {
        return elicit::<T>(context, message).await.map(Asked::Answered);
    }
    match input_response::<T>(responses, key) {
        Some(answer) => answer
            .map(Asked::Answered)
            .map_err(|error| ElicitFailure::InputResponse {
                key: key.to_owned(),
                error,
            }),
        None => Ok(Asked::InputRequired(input_required::<T>(key, message))),
    }
}

/// [`ask`], asking again when the answer breaks the form, with what was
/// wrong in the message ([`ElicitError::ask_again_message`]):
///
/// - 2025-06-18, 2025-11-25: [`elicit_until_valid`] with `attempts` requests
///   at most.
/// - 2026-07-28: an answer that breaks the form gives
///   [`Asked::InputRequired`] for the same form under a fresh key (`key`,
///   then `key#2`, `key#3`, ...: the key a retried call answers tells the
///   round, with no state kept), at most `attempts` rounds in all: the
///   answer to the last one, still invalid, is [`ElicitFailure::InputResponse`].
///   A client that answers an older key again starts its count there (a
///   stateless key cannot prevent that; [`Rounds::ask_until_valid`](crate::rmcp::Rounds::ask_until_valid)
///   keeps the count in its sealed state).
///
/// [`ask`] itself ends the call on an invalid answer ([`ElicitFailure`]
/// returned from the tool: a result with `isError: true` listing every
/// violation, which the model reads). Ask again when a person fills the
/// form and can fix a typo; end the call when the answer came from a program
/// that would send the same again.
pub async fn ask_until_valid<T: ElicitForm>(
    context: &RequestContext<RoleServer>,
    responses: Option<&InputResponses>,
    key: &str,
    message: impl Into<String>,
    attempts: usize,
) -> Result<Asked<T>, ElicitFailure> {
    let revision = form_revision(context)?;
    if revision < Revision::V2026_07_28 {
        return elicit_until_valid::<T>(context, message, attempts)
            .await
            .map(Asked::Answered);
    }
    let message = message.into();
    let Some((round, answer)) = latest_round(responses, key) else {
        return Ok(Asked::InputRequired(input_required::<T>(key, message)));
    };
    match T::from_elicit_result(answer) {
        Ok(answer) => Ok(Asked::Answered(answer)),
        Err(error) if round >= attempts.max(1) => Err(ElicitFailure::InputResponse {
            key: round_key(key, round),
            error,
        }),
        Err(error) => Ok(Asked::InputRequired(input_required::<T>(
            round_key(key, round + 1),
            error.ask_again_message(&message),
        ))),
    }
}

/// Why [`elicit`] (or building a request) gave no answer.
#[derive(Debug)]
#[non_exhaustive]
pub enum ElicitFailure {
    /// The form has a field the client's protocol revision cannot carry (a
    /// multi-select under 2025-06-18).
    Unsupported(Vec<FormProblem>),
    /// rmcp's typed model refused the form: a keyword past the range of its
    /// fields (a `maxLength` above `u32::MAX`).
    Rmcp(String),
    /// The client did not declare the `elicitation` capability (protocol
    /// 2025-06-18 or 2025-11-25). Returned from a tool, a result with
    /// `isError: true` that says so.
    ClientCannotElicit,
    /// URL mode ([`ask_url`](crate::rmcp::ask_url)): the client did not
    /// declare `elicitation.url` (protocol 2025-11-25), or its revision has
    /// no URL mode (2025-06-18). Returned from a tool, a result with
    /// `isError: true` that says so.
    ClientCannotOpenUrl,
    /// URL mode, protocol 2026-07-28: the client did not declare
    /// `elicitation.url`. Returned from a tool (or through `?` into
    /// `rmcp::ErrorData`), the revision's `MissingRequiredClientCapability`
    /// error (-32021) naming `elicitation.url`.
    MissingUrlCapability,
    /// URL mode: the URL given is not an absolute URI (RFC 3986), as the
    /// spec requires of it (the server's mistake: -32603).
    InvalidUrl(String),
    /// Protocol 2026-07-28: the client did not declare the `elicitation`
    /// capability. Returned from a tool (or through `?` into
    /// `rmcp::ErrorData`), the revision's `MissingRequiredClientCapability`
    /// error (-32021) naming `elicitation`.
    MissingCapability,
    /// The request failed: transport, timeout, the client refused it, or
    /// protocol 2026-07-28 (use [`input_required`]).
    Service(ServiceError),
    /// The client answered the `elicitation/create` request (2025-06-18,
    /// 2025-11-25), but not with the form's values. Returned from a tool, a
    /// result with `isError: true` listing every violation (or ask again:
    /// [`elicit_until_valid`]).
    Answer(ElicitError),
    /// Protocol 2026-07-28: the answer in the retried call's
    /// `inputResponses[key]` is not the form's values. Returned from a tool,
    /// like [`ElicitFailure::Answer`] (or ask again: [`ask_until_valid`]).
    InputResponse {
        /// The key the form was asked under.
        key: String,
        /// What is wrong with the answer.
        error: ElicitError,
    },
}

impl ElicitFailure {
    /// What was wrong with the client's answer, when it answered with
    /// something other than the form's values.
    pub fn answer_error(&self) -> Option<&ElicitError> {
        match self {
            ElicitFailure::Answer(error) | ElicitFailure::InputResponse { error, .. } => {
                Some(error)
            }
            _ => None,
        }
    }
}

impl fmt::Display for ElicitFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElicitFailure::Unsupported(problems) => {
                f.write_str("the form cannot be asked under this protocol revision:")?;
                for p in problems {
                    write!(f, "\n  {p}")?;
                }
                Ok(())
            }
            ElicitFailure::Rmcp(e) => write!(f, "rmcp's ElicitationSchema refused the form: {e}"),
            ElicitFailure::ClientCannotElicit | ElicitFailure::MissingCapability => f.write_str(
                "the client did not declare the `elicitation` capability: it cannot be asked for input",
            ),
            ElicitFailure::ClientCannotOpenUrl | ElicitFailure::MissingUrlCapability => f.write_str(
                "the client did not declare the `elicitation.url` capability: it cannot send the user to a URL",
            ),
            ElicitFailure::InvalidUrl(url) => write!(
                f,
                "the URL to send the user to is not an absolute URI: {}",
                crate::json::quoted(url)
            ),
            ElicitFailure::Service(e) => write!(f, "the elicitation request failed: {e}"),
            ElicitFailure::Answer(e) => write!(f, "the answer to the elicitation/create request: {e}"),
            ElicitFailure::InputResponse { key, error } => {
                write!(f, "inputResponses[{}]: {error}", crate::json::quoted(key))
            }
        }
    }
}

impl std::error::Error for ElicitFailure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitFailure::Service(e) => Some(e),
            ElicitFailure::Answer(e) | ElicitFailure::InputResponse { error: e, .. } => Some(e),
            _ => None,
        }
    }
}

/// `-32021` naming the `elicitation` capability (form mode).
fn missing_elicitation() -> rmcp::ErrorData {
    let mut required = rmcp::model::ClientCapabilities::default();
    required.elicitation = Some(rmcp::model::ElicitationCapability::default());
    rmcp::ErrorData::missing_required_client_capability(required)
}

/// `-32021` naming the `elicitation.url` capability (URL mode).
fn missing_url_elicitation() -> rmcp::ErrorData {
    let mut required = rmcp::model::ClientCapabilities::default();
    required.elicitation = Some(
        rmcp::model::ElicitationCapability::default()
            .with_url(rmcp::model::UrlElicitationCapability::default()),
    );
    rmcp::ErrorData::missing_required_client_capability(required)
}

/// `?` in a tool returning `Result<_, rmcp::ErrorData>`: an answer that
/// breaks the form is -32602; under 2026-07-28 a client without the
/// `elicitation` capability is -32021 (MissingRequiredClientCapability); the
/// rest are -32603. Return `Result<_, ElicitFailure>` instead for the tool
/// results the model can read (`IntoCallToolResult` below).
impl From<ElicitFailure> for rmcp::ErrorData {
    fn from(failure: ElicitFailure) -> Self {
        match failure {
            ElicitFailure::Answer(_) | ElicitFailure::InputResponse { .. } => {
                rmcp::ErrorData::invalid_params(failure.to_string(), None)
            }
            ElicitFailure::MissingCapability => missing_elicitation(),
            ElicitFailure::MissingUrlCapability => missing_url_elicitation(),
            other => rmcp::ErrorData::internal_error(other.to_string(), None),
        }
    }
}

/// `Err(ElicitFailure)` from a `#[tool]` function: a client that cannot be
/// asked (before 2026-07-28), an answer that breaks the form, or a form its
/// revision cannot carry is a tool result with `isError: true` that says so
/// (the model reads it and can go on without the answer); under 2026-07-28 a
/// client without the capability is -32021, as that revision requires; a
/// failed request is -32603.
impl rmcp::handler::server::tool::IntoCallToolResult for ElicitFailure {
    fn into_call_tool_result(self) -> Result<rmcp::model::CallToolResponse, rmcp::ErrorData> {
        match self {
            ElicitFailure::ClientCannotElicit
            | ElicitFailure::ClientCannotOpenUrl
            | ElicitFailure::Answer(_)
            | ElicitFailure::InputResponse { .. }
            | ElicitFailure::Unsupported(_) => {
                Ok(
                    rmcp::model::CallToolResult::error(vec![rmcp::model::ContentBlock::text(
                        self.to_string(),
                    )])
                    .into(),
                )
            }
            other => Err(other.into()),
        }
    }
}
