//! URL-mode elicitation (SEP-1036): the user is sent to a URL (a sign-in,
//! a payment, anything the MCP client must not see), rather than asked to
//! fill a form, under every protocol revision that has it:
//!
//! - **2025-11-25**: an `elicitation/create` request with `mode: "url"`,
//!   `url`, `message` and an `elicitationId`; the client answers with the
//!   user's consent (`accept`, `decline`, `cancel`) at once, and the server
//!   may tell it later that the interaction at the URL completed
//!   (`notifications/elicitation/complete`, [`url_elicitation_complete`]).
//! - **2026-07-28** (no server-to-client requests): the same request as an
//!   entry of an `InputRequiredResult`; the client retries the call with the
//!   answer in `inputResponses`. The revision dropped `elicitationId` and
//!   the completion notification.
//! - **2025-06-18** had no URL mode.
//!
//! Either way the client must have declared `elicitation.url` (a client
//! declaring `elicitation: {}` or `elicitation.form` alone takes forms
//! only). `accept` says only that the user agreed to open the URL: what
//! happened there reaches the server out of band (its own callback), never
//! through the MCP client.

use super::elicitation::{Asked, ElicitFailure};
use crate::elicit::{ElicitError, Elicited, Revision};
use crate::json::Format;
use rmcp::model::{
    CustomNotification, ElicitRequest, ElicitRequestParams, ElicitResult, ElicitationAction,
    InputRequest, InputRequests, InputRequiredResult, InputResponses, ServerNotification,
};
use rmcp::service::{Peer, RequestContext, RoleServer, ServiceError};
use serde_json::{Value, json};

/// A URL to send the user to, with the message that says why, and the
/// `elicitationId` that names the interaction (protocol 2025-11-25; a fresh
/// unique one unless [`UrlElicitation::with_id`] sets it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlElicitation {
    message: String,
    url: String,
    id: String,
}

impl UrlElicitation {
    /// `url` (an absolute URI, as the spec requires: else
    /// [`ElicitFailure::InvalidUrl`]) with `message`, under a fresh
    /// `elicitationId` (32 hexadecimal digits).
    pub fn new(
        message: impl Into<String>,
        url: impl Into<String>,
    ) -> Result<UrlElicitation, ElicitFailure> {
        let url = url.into();
        if !Format::Uri.is_valid(&url) {
            return Err(ElicitFailure::InvalidUrl(
                crate::json::short(&url).into_owned(),
            ));
        }
        Ok(UrlElicitation {
            message: message.into(),
            url,
            id: super::rounds::fresh_id(),
        })
    }

    /// The same, under `id` (unique within the server: the id the server's
    /// own callback knows the interaction by).
    pub fn with_id(mut self, id: impl Into<String>) -> UrlElicitation {
        self.id = id.into();
        self
    }

    /// The `elicitationId` (sent under 2025-11-25 only).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The URL.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The `elicitation/create` parameters for a client on `revision`: the
    /// `elicitationId` under 2025-11-25, none from 2026-07-28 on (rmcp 3.11
    /// writes the field empty; the revision's schema allows it).
    pub fn request(&self, revision: Revision) -> ElicitRequestParams {
        let elicitation_id = if revision < Revision::V2026_07_28 {
            self.id.clone()
        } else {
            String::new()
        };
        ElicitRequestParams::UrlElicitationParams {
            meta: None,
            message: self.message.clone(),
            url: self.url.clone(),
            elicitation_id,
        }
    }

    /// An `InputRequiredResult` asking for it under `key` (protocol
    /// 2026-07-28).
    pub fn input_required(&self, key: impl Into<String>) -> InputRequiredResult {
        let mut requests = InputRequests::new();
        requests.insert(
            key.into(),
            InputRequest::Elicitation(ElicitRequest::new(self.request(Revision::V2026_07_28))),
        );
        InputRequiredResult::from_input_requests(requests)
    }
}

/// The elicitation revision of the call's client, if it declared URL mode.
fn url_revision(context: &RequestContext<RoleServer>) -> Result<Revision, ElicitFailure> {
    let revision = super::elicitation::form_revision(context).map_err(|e| match e {
        ElicitFailure::MissingCapability => ElicitFailure::MissingUrlCapability,
        ElicitFailure::ClientCannotElicit => ElicitFailure::ClientCannotOpenUrl,
        other => other,
    })?;
    if revision < Revision::V2025_11_25 {
        return Err(ElicitFailure::ClientCannotOpenUrl);
    }
    // `elicitation: {}` (no mode named) is form mode alone.
    let declared = context.client_capabilities().is_none_or(|c| {
        c.elicitation
            .as_ref()
            .is_some_and(|modes| modes.url.is_some())
    });
    if declared {
        Ok(revision)
    } else if revision >= Revision::V2026_07_28 {
        Err(ElicitFailure::MissingUrlCapability)
    } else {
        Err(ElicitFailure::ClientCannotOpenUrl)
    }
}

/// Sends the user to `url`, the way the client's protocol version allows:
/// an `elicitation/create` request in URL mode (2025-11-25), or under
/// 2026-07-28 an [`InputRequiredResult`] on the first round and the answer
/// from `inputResponses[key]` on the retry (`responses`: the call's
/// `inputResponses`). The answer is the user's consent:
/// `Elicited::Accepted(())` (they agreed to open it), `Declined` or
/// `Cancelled`; what they did at the URL reaches the server out of band.
///
/// A client that did not declare `elicitation.url` is
/// [`ElicitFailure::ClientCannotOpenUrl`] (a tool error; 2025-06-18, which
/// had no URL mode, too) or, under 2026-07-28,
/// [`ElicitFailure::MissingUrlCapability`] (-32021). An answer that is not
/// one (`action` missing or unknown) is [`ElicitFailure::Answer`] or
/// [`ElicitFailure::InputResponse`]; a `content` in it is ignored (URL mode
/// answers carry none).
///
/// ```
/// use rmcp::handler::server::tool::InputResponses;
/// use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
/// use rmcp::service::{RequestContext, RoleServer};
/// use toolform::Elicited;
/// use toolform::rmcp::{Asked, ElicitFailure, UrlElicitation, ask_url};
///
/// // The body of a `#[tool]` fn.
/// async fn connect(
///     context: RequestContext<RoleServer>,
///     InputResponses(responses): InputResponses,
/// ) -> Result<CallToolResponse, ElicitFailure> {
///     let login = UrlElicitation::new("Sign in to your calendar", "https://example.com/login")?;
///     let text = match ask_url(&context, responses.as_ref(), "login", &login).await? {
///         Asked::InputRequired(result) => return Ok(result.into()), // 2026-07-28
///         Asked::Answered(Elicited::Accepted(())) => "waiting for the sign-in",
///         Asked::Answered(_) => "not connected",
///     };
///     Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
/// }
/// # let _ = connect;
/// ```
pub async fn ask_url(
    context: &RequestContext<RoleServer>,
    responses: Option<&InputResponses>,
    key: &str,
    elicitation: &UrlElicitation,
) -> Result<Asked<()>, ElicitFailure> {
    let revision = url_revision(context)?;
    if revision < Revision::V2026_07_28 {
        let result = context
            .peer
            .create_elicitation(elicitation.request(revision))
            .await
            .map_err(ElicitFailure::Service)?;
        return url_answer(&result)
            .map(Asked::Answered)
            .map_err(ElicitFailure::Answer);
    }
    match responses.and_then(|r| r.get(key)) {
        None => Ok(Asked::InputRequired(elicitation.input_required(key))),
        Some(answer) => url_response(answer).map(Asked::Answered).map_err(|error| {
            ElicitFailure::InputResponse {
                key: key.to_owned(),
                error,
            }
        }),
    }
}

/// The user's consent in rmcp's `ElicitResult`.
fn url_answer(result: &ElicitResult) -> Result<Elicited<()>, ElicitError> {
    match result.action {
        ElicitationAction::Accept => Ok(Elicited::Accepted(())),
        ElicitationAction::Decline => Ok(Elicited::Declined),
        ElicitationAction::Cancel => Ok(Elicited::Cancelled),
        _ => Err(ElicitError::UnknownAction(
            serde_json::to_value(&result.action)
                .ok()
                .and_then(|a| a.as_str().map(|a| crate::json::short(a).into_owned()))
                .unwrap_or_default(),
        )),
    }
}

/// The user's consent in an `inputResponses` entry (any JSON: read
/// without copying, `action` quoted short when unknown).
fn url_response(answer: &Value) -> Result<Elicited<()>, ElicitError> {
    let Value::Object(answer) = answer else {
        return Err(ElicitError::Malformed(format!(
            "expected an object, got {}",
            crate::json::kind_of(answer)
        )));
    };
    match answer.get("action") {
        Some(Value::String(action)) => match action.as_str() {
            "accept" => Ok(Elicited::Accepted(())),
            "decline" => Ok(Elicited::Declined),
            "cancel" => Ok(Elicited::Cancelled),
            other => Err(ElicitError::UnknownAction(
                crate::json::short(other).into_owned(),
            )),
        },
        Some(other) => Err(ElicitError::Malformed(format!(
            "`action` must be a string, got {}",
            crate::json::kind_of(other)
        ))),
        None => Err(ElicitError::Malformed("`action` is missing".into())),
    }
}

/// Tells the client that the interaction at the URL of elicitation `id`
/// completed (`notifications/elicitation/complete`, protocol 2025-11-25),
/// so it can retry what waited for it. `Ok(false)`, nothing sent, for a
/// peer on 2026-07-28 or later (the revision has no such notification) or
/// before 2025-11-25 (no URL mode).
pub async fn url_elicitation_complete(
    peer: &Peer<RoleServer>,
    id: &str,
) -> Result<bool, ServiceError> {
    let revision = peer
        .peer_info()
        .map(|info| super::elicitation::revision_for(&info.protocol_version));
    if revision != Some(Revision::V2025_11_25) {
        return Ok(false);
    }
    let notification = CustomNotification::new(
        "notifications/elicitation/complete",
        Some(json!({ "elicitationId": id })),
    );
    peer.send_notification(ServerNotification::CustomNotification(notification))
        .await?;
    Ok(true)
}
