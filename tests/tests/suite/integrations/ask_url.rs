//! `toolform::rmcp::ask_url`: URL-mode elicitation (SEP-1036) through
//! rmcp's client in process, under 2025-11-25 (an `elicitation/create`
//! request with `mode: "url"` and an `elicitationId`, then
//! `notifications/elicitation/complete`) and 2026-07-28 (an
//! `InputRequiredResult`, the answer in the retried call's
//! `inputResponses`); the capability check (`elicitation.url` declared,
//! not `elicitation: {}` nor form alone), accept/decline/cancel, and every
//! request checked against the revision's own `schema.json`.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::InputResponses;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    CustomNotification, ElicitRequestParams, ElicitResult, ElicitationCapability, ErrorCode,
    FormElicitationCapability, Implementation, InitializeRequestParams, InputRequiredResult,
    ProtocolVersion, UrlElicitationCapability,
};
use rmcp::service::{NotificationContext, RequestContext, RoleClient, RoleServer};
use rmcp::{ClientHandler, ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use toolform::Elicited;
use toolform::rmcp::{Asked, ElicitFailure, UrlElicitation, ask_url, url_elicitation_complete};
use toolform_tests::in_process::{self, Peer, Session};

const LOGIN: &str = "https://auth.example.com/login?state=abc";

#[derive(Clone)]
struct Server {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Server {
    /// Connects a calendar: the user signs in at a URL.
    #[tool]
    async fn connect(
        &self,
        InputResponses(responses): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ElicitFailure> {
        let login = UrlElicitation::new("Sign in to your calendar", LOGIN)?.with_id("login-1");
        let text = match ask_url(&context, responses.as_ref(), "login", &login).await? {
            Asked::InputRequired(result) => return Ok(result.into()),
            Asked::Answered(Elicited::Accepted(())) => {
                // The sign-in completed out of band (the server's callback).
                let sent = url_elicitation_complete(&context.peer, login.id())
                    .await
                    .map_err(ElicitFailure::Service)?;
                format!("accepted, completion sent: {sent}")
            }
            Asked::Answered(Elicited::Declined) => "declined".to_owned(),
            Asked::Answered(Elicited::Cancelled) => "cancelled".to_owned(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    }

    /// A URL that is not one.
    #[tool]
    async fn broken(&self) -> Result<CallToolResponse, ElicitFailure> {
        UrlElicitation::new("Sign in", "not a url")?;
        Ok(CallToolResult::success(vec![]).into())
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {}

/// What the client saw.
#[derive(Default)]
struct Seen {
    requests: Vec<Value>,
    completed: Vec<Value>,
}

/// Answers every elicitation with `action`.
#[derive(Clone)]
struct Client {
    capabilities: ClientCapabilities,
    action: &'static str,
    seen: Arc<Mutex<Seen>>,
}

impl ClientHandler for Client {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        InitializeRequestParams::new(
            self.capabilities.clone(),
            Implementation::new("url-test", "0"),
        )
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        if let Ok(mut seen) = self.seen.lock() {
            seen.requests.push(serde_json::to_value(&request).unwrap());
        }
        Ok(serde_json::from_value(json!({ "action": self.action })).unwrap())
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        _context: NotificationContext<RoleClient>,
    ) {
        if let Ok(mut seen) = self.seen.lock() {
            seen.completed
                .push(json!({"method": notification.method, "params": notification.params}));
        }
    }
}

fn url_capable() -> ClientCapabilities {
    let mut capabilities = ClientCapabilities::default();
    capabilities.elicitation = Some(
        ElicitationCapability::new()
            .with_form(FormElicitationCapability::new())
            .with_url(UrlElicitationCapability::new()),
    );
    capabilities
}

fn form_only() -> ClientCapabilities {
    let mut capabilities = ClientCapabilities::default();
    capabilities.elicitation = Some(ElicitationCapability::new());
    capabilities
}

fn session(
    version: ProtocolVersion,
    capabilities: ClientCapabilities,
    action: &'static str,
) -> (Session<Client>, Arc<Mutex<Seen>>) {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let client = Client {
        capabilities: capabilities.clone(),
        action,
        seen: Arc::clone(&seen),
    };
    let server = Server {
        tool_router: Server::tool_router(),
    };
    (
        in_process::session(server, client, Peer::new(version, capabilities)),
        seen,
    )
}

fn text_of(response: &Result<CallToolResponse, ErrorData>) -> (bool, String) {
    let Ok(CallToolResponse::Complete(result)) = response else {
        panic!("a tool result, got {response:?}")
    };
    let text = result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join(" ");
    (result.is_error == Some(true), text)
}

fn assert_spec(version: &ProtocolVersion, def: &str, value: &Value) {
    if let Some(validator) = toolform_tests::spec_validator(version.as_str(), def) {
        let errors: Vec<String> = validator
            .iter_errors(value)
            .map(|e| e.to_string())
            .collect();
        assert!(
            errors.is_empty(),
            "{}: {def}: {errors:?}\n{value:#}",
            version.as_str()
        );
    }
}

#[tokio::test]
async fn under_2025_11_25_an_elicitation_request_in_url_mode_then_the_completion() {
    let version = ProtocolVersion::V_2025_11_25;
    for (action, expected) in [
        ("accept", "accepted, completion sent: true"),
        ("decline", "declined"),
        ("cancel", "cancelled"),
    ] {
        let (s, seen) = session(version.clone(), url_capable(), action);
        let response = in_process::call(&s, CallToolRequestParams::new("connect")).await;
        assert_eq!(text_of(&response), (false, expected.to_owned()), "{action}");
        // Let the notification arrive.
        for _ in 0..50 {
            if action != "accept" || !seen.lock().unwrap().completed.is_empty() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        let seen = seen.lock().unwrap();
        assert_eq!(seen.requests.len(), 1, "{action}");
        let request = &seen.requests[0];
        assert_eq!(request["mode"], "url", "{request}");
        assert_eq!(request["url"], LOGIN, "{request}");
        assert_eq!(request["message"], "Sign in to your calendar");
        assert_eq!(request["elicitationId"], "login-1", "{request}");
        assert_spec(&version, "ElicitRequestURLParams", request);
        if action == "accept" {
            assert_eq!(
                seen.completed,
                [json!({
                    "method": "notifications/elicitation/complete",
                    "params": {"elicitationId": "login-1"}
                })]
            );
            let notification = json!({
                "jsonrpc": "2.0",
                "method": "notifications/elicitation/complete",
                "params": {"elicitationId": "login-1"}
            });
            assert_spec(&version, "ElicitationCompleteNotification", &notification);
        } else {
            assert!(seen.completed.is_empty(), "{action}");
        }
    }
}

#[tokio::test]
async fn under_2026_07_28_an_input_required_result_then_the_answer() {
    let version = ProtocolVersion::V_2026_07_28;
    let (s, seen) = session(version.clone(), url_capable(), "accept");
    let first = in_process::call(&s, CallToolRequestParams::new("connect")).await;
    let Ok(CallToolResponse::InputRequired(asked)) = &first else {
        panic!("an InputRequiredResult, got {first:?}")
    };
    let wire = serde_json::to_value(asked).unwrap();
    let request = &wire["inputRequests"]["login"];
    assert_eq!(request["method"], "elicitation/create", "{wire}");
    assert_eq!(request["params"]["mode"], "url", "{wire}");
    assert_eq!(request["params"]["url"], LOGIN, "{wire}");
    assert_spec(&version, "ElicitRequestURLParams", &request["params"]);
    assert_spec(&version, "InputRequiredResult", &wire);
    assert!(seen.lock().unwrap().requests.is_empty(), "no request sent");

    for (answer, expected) in [
        (
            json!({"action": "accept"}),
            (false, "accepted, completion sent: false"),
        ),
        (json!({"action": "decline"}), (false, "declined")),
        (json!({"action": "cancel"}), (false, "cancelled")),
        // Content in a URL-mode answer is ignored.
        (
            json!({"action": "accept", "content": {"x": 1}}),
            (false, "accepted, completion sent: false"),
        ),
    ] {
        let retry = retried(&answer);
        let response = in_process::call(&s, retry).await;
        let (error, text) = text_of(&response);
        assert_eq!((error, text.as_str()), expected, "{answer}");
    }
    // Not an answer: a tool error naming the key.
    let long = "x".repeat(100_000);
    for answer in [json!({"action": long}), json!("accept"), json!({})] {
        let (error, text) = text_of(&in_process::call(&s, retried(&answer)).await);
        assert!(error, "{text}");
        assert!(text.starts_with("inputResponses[\"login\"]"), "{text}");
        assert!(text.len() < 400, "quoted short: {} bytes", text.len());
    }
}

fn retried(answer: &Value) -> CallToolRequestParams {
    let responses: rmcp::model::InputResponses =
        [("login".to_owned(), answer.clone())].into_iter().collect();
    CallToolRequestParams::new("connect").with_input_responses(responses)
}

#[tokio::test]
async fn a_client_without_url_mode_cannot_be_sent_to_a_url() {
    // 2025-11-25: a tool error, with `elicitation: {}` (form mode alone)
    // and with no elicitation at all; 2025-06-18 had no URL mode.
    for (version, capabilities) in [
        (ProtocolVersion::V_2025_11_25, form_only()),
        (ProtocolVersion::V_2025_11_25, ClientCapabilities::default()),
        (ProtocolVersion::V_2025_06_18, url_capable()),
    ] {
        let (s, seen) = session(version.clone(), capabilities, "accept");
        let (error, text) =
            text_of(&in_process::call(&s, CallToolRequestParams::new("connect")).await);
        assert!(error, "{}: {text}", version.as_str());
        assert!(text.contains("elicitation.url"), "{text}");
        assert!(seen.lock().unwrap().requests.is_empty());
    }
    // 2026-07-28: -32021 naming `elicitation.url`.
    for capabilities in [form_only(), ClientCapabilities::default()] {
        let (s, _) = session(ProtocolVersion::V_2026_07_28, capabilities, "accept");
        let error = in_process::call(&s, CallToolRequestParams::new("connect"))
            .await
            .expect_err("-32021");
        assert_eq!(error.code, ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY);
        let data = error.data.expect("requiredCapabilities");
        assert!(
            data["requiredCapabilities"]["elicitation"]["url"].is_object(),
            "{data}"
        );
    }
}

#[tokio::test]
async fn a_url_that_is_not_an_absolute_uri_is_refused() {
    let (s, _) = session(ProtocolVersion::V_2025_11_25, url_capable(), "accept");
    let error = in_process::call(&s, CallToolRequestParams::new("broken"))
        .await
        .expect_err("the server's mistake: -32603");
    assert_eq!(error.code, ErrorCode::INTERNAL_ERROR);
    assert!(error.message.contains("not an absolute URI"), "{error:?}");
    assert!(UrlElicitation::new("m", "https://example.com/a#b").is_ok());
    assert!(UrlElicitation::new("m", "/relative").is_err());
}

#[test]
fn each_elicitation_gets_a_fresh_id_and_requests_follow_the_revision() {
    use toolform::elicit::Revision;
    let a = UrlElicitation::new("m", LOGIN).unwrap();
    let b = UrlElicitation::new("m", LOGIN).unwrap();
    assert_ne!(a.id(), b.id());
    assert_eq!(a.id().len(), 32);
    let old = serde_json::to_value(a.request(Revision::V2025_11_25)).unwrap();
    assert_eq!(old["elicitationId"], a.id());
    let new = serde_json::to_value(a.request(Revision::V2026_07_28)).unwrap();
    assert_eq!(new["elicitationId"], "");
    let result: InputRequiredResult = a.input_required("k");
    let wire = serde_json::to_value(result).unwrap();
    assert_eq!(wire["inputRequests"]["k"]["params"]["mode"], "url");
}
