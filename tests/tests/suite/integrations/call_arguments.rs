//! `call: Call` and the arguments it binds a `requestState` to (issue 41),
//! end to end through rmcp's client in process under protocol 2026-07-28.
//!
//! Under `toolform::rmcp::every_revision!` the call goes through
//! `toolform::rmcp::output::call_tool`, which keeps the arguments as sent in the
//! request's extensions: a tool whose only extractor is `call: Call` works
//! for a client that omits `arguments` or sends `{}`, and `Call` listed
//! after rmcp's `Parameters` (which takes them) still binds the state to
//! them. Without the macro, rmcp 3.11 gives `Call` one `Option` that is
//! `None` both when the client sent none and when an extractor took them:
//! `Call` fails closed, with a tool error naming the fix.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ErrorCode, Implementation, InitializeRequestParams, InputRequiredResult, InputResponses,
    JsonObject, ProtocolVersion,
};
use rmcp::{ClientHandler, ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolform::rmcp::{Call, Rounds, StateKey};
use toolform::{ElicitForm, Elicited, ToolSchema};
use toolform_tests::in_process::{self, Peer, Session};

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Trip {
    destination: String,
}

#[derive(Debug, Serialize, Deserialize, ElicitForm)]
struct Confirm {
    #[serde(default)]
    sure: bool,
}

fn text(text: String) -> CallToolResponse {
    CallToolResult::success(vec![ContentBlock::text(text)]).into()
}

async fn confirm(mut rounds: Rounds, what: &str) -> Result<CallToolResponse, ErrorData> {
    let Some(answer) = rounds.ask::<Confirm>("confirm", "Sure?").await? else {
        return Ok(rounds.input_required()?.into());
    };
    let sure = matches!(answer, Elicited::Accepted(Confirm { sure: true }));
    Ok(text(format!("{what}: sure={sure}")))
}

/// Under the macro.
#[derive(Clone)]
struct Wrapped {
    tool_router: ToolRouter<Self>,
    key: StateKey,
}

#[tool_router]
impl Wrapped {
    /// No arguments: `call: Call` is the only extractor.
    #[tool]
    async fn purge(&self, call: Call) -> Result<CallToolResponse, ErrorData> {
        confirm(call.rounds(&self.key)?, "purge").await
    }

    /// rmcp's `Parameters` first (it takes the arguments), then `Call`.
    #[tool]
    async fn trip(
        &self,
        Parameters(trip): Parameters<Trip>,
        call: Call,
    ) -> Result<CallToolResponse, ErrorData> {
        confirm(call.rounds(&self.key)?, &trip.destination).await
    }

    /// rmcp's `JsonObject` first, then `Call`.
    #[tool]
    async fn raw(&self, object: JsonObject, call: Call) -> Result<CallToolResponse, ErrorData> {
        let what = format!("{} keys", object.len());
        confirm(call.rounds(&self.key)?, &what).await
    }
}

toolform::rmcp::every_revision! {
    #[tool_handler(router = self.tool_router)]
    impl ServerHandler for Wrapped {}
}

/// rmcp's `#[tool_handler]` alone.
#[derive(Clone)]
struct Plain {
    tool_router: ToolRouter<Self>,
    key: StateKey,
}

#[tool_router]
impl Plain {
    /// No arguments, and no `no_arguments()`.
    #[tool]
    async fn purge(&self, call: Call) -> Result<CallToolResponse, ErrorData> {
        confirm(call.rounds(&self.key)?, "purge").await
    }

    /// No arguments, said so.
    #[tool]
    async fn purge_declared(&self, call: Call) -> Result<CallToolResponse, ErrorData> {
        confirm(call.no_arguments().rounds(&self.key)?, "purge").await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Plain {}

#[derive(Clone)]
struct Client;

impl ClientHandler for Client {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        InitializeRequestParams::new(capabilities(), Implementation::new("call-args-test", "0"))
    }
}

fn capabilities() -> ClientCapabilities {
    ClientCapabilities::builder().enable_elicitation().build()
}

fn key() -> StateKey {
    StateKey::new(vec![7u8; 32]).expect("a 32-byte key")
}

fn peer() -> Peer {
    Peer::new(ProtocolVersion::V_2026_07_28, capabilities())
}

fn wrapped() -> Session<Client> {
    let server = Wrapped {
        tool_router: Wrapped::tool_router(),
        key: key(),
    };
    in_process::session(server, Client, peer())
}

fn plain() -> Session<Client> {
    let server = Plain {
        tool_router: Plain::tool_router(),
        key: key(),
    };
    in_process::session(server, Client, peer())
}

/// A call of `tool`, with `arguments` (`None`: the field left out).
fn params(tool: &'static str, arguments: Option<Value>) -> CallToolRequestParams {
    let params = CallToolRequestParams::new(tool);
    match arguments {
        Some(Value::Object(map)) => params.with_arguments(map),
        Some(_) => panic!("arguments are an object"),
        None => params,
    }
}

fn retry(params: &CallToolRequestParams, state: &str, sure: bool) -> CallToolRequestParams {
    let responses: InputResponses = [(
        "confirm".to_owned(),
        json!({"action": "accept", "content": {"sure": sure}}),
    )]
    .into_iter()
    .collect();
    params
        .clone()
        .with_input_responses(responses)
        .with_request_state(state)
}

fn input_required(
    what: &str,
    response: Result<CallToolResponse, ErrorData>,
) -> InputRequiredResult {
    match response {
        Ok(CallToolResponse::InputRequired(result)) => result,
        other => panic!("{what}: expected an InputRequiredResult, got {other:?}"),
    }
}

fn state_of(what: &str, result: &InputRequiredResult) -> String {
    result
        .request_state
        .clone()
        .unwrap_or_else(|| panic!("{what}: no requestState"))
}

fn completed(what: &str, response: Result<CallToolResponse, ErrorData>) -> (bool, String) {
    match response {
        Ok(CallToolResponse::Complete(result)) => {
            let texts: Vec<String> = result
                .content
                .iter()
                .filter_map(|c| c.as_text().map(|t| t.text.clone()))
                .collect();
            (result.is_error == Some(true), texts.join(" "))
        }
        other => panic!("{what}: expected a result, got {other:?}"),
    }
}

fn refused_state(what: &str, response: Result<CallToolResponse, ErrorData>) {
    match response {
        Err(e) => {
            assert_eq!(e.code, ErrorCode::INVALID_PARAMS, "{what}: {e:?}");
            assert!(e.message.contains("requestState"), "{what}: {e:?}");
        }
        Ok(other) => panic!("{what}: must be refused, got {other:?}"),
    }
}

#[tokio::test]
async fn a_call_only_tool_works_when_arguments_are_omitted_or_empty() {
    let session = wrapped();
    let omitted = params("purge", None);
    let empty = params("purge", Some(json!({})));
    for (what, first) in [("omitted", &omitted), ("{}", &empty)] {
        let asked = input_required(what, in_process::call(&session, first.clone()).await);
        let state = state_of(what, &asked);
        // The state is bound to the empty arguments: it goes on with the
        // arguments left out or sent as `{}` alike.
        for next in [&omitted, &empty] {
            let (error, text) = completed(
                what,
                in_process::call(&session, retry(next, &state, true)).await,
            );
            assert!(!error, "{what}: {text}");
            assert_eq!(text, "purge: sure=true", "{what}");
        }
        // Not under other arguments.
        let other = params("purge", Some(json!({"all": true})));
        refused_state(
            what,
            in_process::call(&session, retry(&other, &state, true)).await,
        );
    }
}

#[tokio::test]
async fn under_the_macro_call_binds_what_rmcp_extractors_took() {
    let session = wrapped();
    let oslo = params("trip", Some(json!({"destination": "Oslo"})));
    let rome = params("trip", Some(json!({"destination": "Rome"})));
    let state = state_of(
        "Oslo",
        &input_required("Oslo", in_process::call(&session, oslo.clone()).await),
    );
    let (error, text) = completed(
        "Oslo again",
        in_process::call(&session, retry(&oslo, &state, true)).await,
    );
    assert!(!error && text == "Oslo: sure=true", "{text}");
    refused_state(
        "Oslo's state for Rome",
        in_process::call(&session, retry(&rome, &state, true)).await,
    );

    // A `JsonObject` extractor first: bound to the arguments as sent too.
    let one = params("raw", Some(json!({"a": 1})));
    let two = params("raw", Some(json!({"a": 2})));
    let state = state_of(
        "raw",
        &input_required("raw", in_process::call(&session, one.clone()).await),
    );
    let (error, text) = completed(
        "raw again",
        in_process::call(&session, retry(&one, &state, false)).await,
    );
    assert!(!error && text == "1 keys: sure=false", "{text}");
    refused_state(
        "raw with other arguments",
        in_process::call(&session, retry(&two, &state, false)).await,
    );
}

#[tokio::test]
async fn without_the_macro_omitted_arguments_fail_closed_naming_the_fix() {
    let session = plain();
    let (error, text) = completed(
        "omitted",
        in_process::call(&session, params("purge", None)).await,
    );
    assert!(error, "a tool error: {text}");
    assert!(
        text.contains("every_revision!") && text.contains("Call::no_arguments"),
        "{text}"
    );
    // `{}` sent: seen, bound.
    input_required(
        "{}",
        in_process::call(&session, params("purge", Some(json!({})))).await,
    );
    // A tool that says it takes none.
    let asked = input_required(
        "declared",
        in_process::call(&session, params("purge_declared", None)).await,
    );
    let state = state_of("declared", &asked);
    let (error, text) = completed(
        "declared, round 2",
        in_process::call(
            &session,
            retry(&params("purge_declared", None), &state, true),
        )
        .await,
    );
    assert!(!error && text == "purge: sure=true", "{text}");
}
