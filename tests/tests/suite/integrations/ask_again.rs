//! An answer that breaks the form: the tool chooses to end the call (the
//! default: an error naming every violation, in the words of the flow in
//! use) or to ask again with the violations in the message
//! (`ask_until_valid`, `elicit_until_valid`, `Rounds::ask_until_valid`),
//! under every protocol revision, through rmcp's own client in process.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::InputResponses;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ElicitRequestParams, ElicitResult, InputRequest, InputRequiredResult, ProtocolVersion,
};
use rmcp::service::{RequestContext, RoleClient, RoleServer};
use rmcp::{ClientHandler, ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use toolform::rmcp::{Asked, Call, ElicitFailure, Rounds, StateKey, ask_until_valid};
use toolform::{ElicitError, ElicitForm, Elicited, Violation};
use toolform_tests::in_process::{Peer, Session, call, session};

#[derive(Debug, Deserialize, ElicitForm)]
struct Copies {
    #[elicit(range(min = 1, max = 3))]
    copies: u8,
}

/// Cancels the running call, as the client's `notifications/cancelled`
/// would: the tool puts its call's token here, the client fires it.
type Cancel = Arc<Mutex<Option<Box<dyn Fn() + Send + Sync>>>>;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Title {
    #[allow(dead_code)]
    title: String,
}

#[derive(Clone)]
struct Server {
    tool_router: ToolRouter<Self>,
    key: StateKey,
    cancel: Cancel,
}

fn text(text: String) -> CallToolResponse {
    CallToolResult::success(vec![ContentBlock::text(text)]).into()
}

fn copies(answer: Elicited<Copies>) -> CallToolResponse {
    match answer {
        Elicited::Accepted(c) => text(format!("{} copies", c.copies)),
        _ => text("none".into()),
    }
}

#[tool_router]
impl Server {
    /// `ask_until_valid`, three attempts.
    #[tool(description = "Prints, asking again on a bad answer")]
    async fn print(
        &self,
        InputResponses(responses): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ElicitFailure> {
        match ask_until_valid::<Copies>(&context, responses.as_ref(), "copies", "How many?", 3)
            .await?
        {
            Asked::InputRequired(result) => Ok(result.into()),
            Asked::Answered(answer) => Ok(copies(answer)),
        }
    }

    /// `elicit_until_valid`, fifty attempts, cancelled by the client while
    /// the first form is up.
    #[tool(description = "Prints until the call is cancelled")]
    async fn print_cancelled(&self, context: RequestContext<RoleServer>) -> CallToolResponse {
        let ct = context.ct.clone();
        *self.cancel.lock().unwrap_or_else(|e| e.into_inner()) =
            Some(Box::new(move || ct.cancel()));
        match toolform::rmcp::elicitation::elicit_until_valid::<Copies>(&context, "How many?", 50)
            .await
        {
            Err(ElicitFailure::Service(rmcp::ServiceError::Cancelled { .. })) => {
                text("cancelled".into())
            }
            other => text(format!("{other:?}")),
        }
    }

    /// `Rounds::ask`: the default, an invalid answer ends the call.
    #[tool(description = "Prints in rounds")]
    async fn rounds(&self, call: Call) -> Result<CallToolResponse, ErrorData> {
        let mut rounds: Rounds = call.no_arguments().rounds(&self.key)?;
        match rounds.ask::<Copies>("copies", "How many?").await? {
            None => Ok(rounds.input_required()?.into()),
            Some(answer) => Ok(copies(answer)),
        }
    }

    /// `call: Call` alone, with `no_arguments`: a tool that takes none.
    #[tool(description = "Prints in rounds, no arguments")]
    async fn bare(&self, call: Call) -> Result<CallToolResponse, toolform::rmcp::RoundError> {
        let mut rounds: Rounds = call.no_arguments().rounds(&self.key)?;
        match rounds.ask::<Copies>("copies", "How many?").await? {
            None => Ok(rounds.input_required()?.into()),
            Some(answer) => Ok(copies(answer)),
        }
    }

    /// rmcp's own `Parameters` before `call: Call`: the arguments are
    /// taken, and `Call` fails closed, as a tool error naming the fix.
    #[tool(description = "Prints in rounds, arguments taken first")]
    async fn taken(
        &self,
        _args: rmcp::handler::server::wrapper::Parameters<Title>,
        call: Call,
    ) -> Result<CallToolResponse, toolform::rmcp::RoundError> {
        let rounds: Rounds = call.rounds(&self.key)?;
        Ok(rounds.input_required()?.into())
    }

    /// `Rounds::ask_until_valid`, two attempts.
    #[tool(description = "Prints in rounds, asking again on a bad answer")]
    async fn rounds_again(&self, call: Call) -> Result<CallToolResponse, ErrorData> {
        let mut rounds: Rounds = call.no_arguments().rounds(&self.key)?;
        match rounds
            .ask_until_valid::<Copies>("copies", "How many?", 2)
            .await?
        {
            None => Ok(rounds.input_required()?.into()),
            Some(answer) => Ok(copies(answer)),
        }
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {}

/// Answers the forms with the given `copies`, one per request (the last
/// repeated), and records each request's message.
#[derive(Clone)]
struct Client {
    answers: Vec<Value>,
    asked: Arc<Mutex<Vec<String>>>,
    cancel: Cancel,
}

impl ClientHandler for Client {
    // Under 2026-07-28 the client sends its capabilities with each request.
    fn get_info(&self) -> rmcp::model::ClientConfig {
        rmcp::model::InitializeRequestParams::new(
            ClientCapabilities::builder().enable_elicitation().build(),
            rmcp::model::Implementation::new("ask-again-test", "0"),
        )
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let message = match &request {
            ElicitRequestParams::FormElicitationParams { message, .. } => message.clone(),
            _ => String::new(),
        };
        let mut asked = self.asked.lock().unwrap_or_else(|e| e.into_inner());
        let answer = self
            .answers
            .get(asked.len())
            .or(self.answers.last())
            .cloned()
            .unwrap_or(Value::Null);
        asked.push(message);
        if let Some(cancel) = self.cancel.lock().unwrap_or_else(|e| e.into_inner()).take() {
            cancel();
        }
        serde_json::from_value(json!({"action": "accept", "content": {"copies": answer}}))
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))
    }
}

fn start(
    version: ProtocolVersion,
    answers: &[Value],
) -> (Session<Client>, Arc<Mutex<Vec<String>>>) {
    let asked = Arc::new(Mutex::new(Vec::new()));
    let cancel: Cancel = Arc::new(Mutex::new(None));
    let client = Client {
        answers: answers.to_vec(),
        asked: asked.clone(),
        cancel: cancel.clone(),
    };
    let server = Server {
        tool_router: Server::tool_router(),
        key: StateKey::new(vec![7; 32]).expect("a 32-byte key"),
        cancel,
    };
    let peer = Peer::new(
        version,
        ClientCapabilities::builder().enable_elicitation().build(),
    );
    (session(server, client, peer), asked)
}

fn completed(what: &str, response: &Result<CallToolResponse, ErrorData>) -> (bool, String) {
    let Ok(CallToolResponse::Complete(result)) = response else {
        panic!("{what}: a tool result, got {response:?}")
    };
    let texts: Vec<String> = result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect();
    (result.is_error == Some(true), texts.join(" "))
}

fn input_required(
    what: &str,
    response: Result<CallToolResponse, ErrorData>,
) -> InputRequiredResult {
    match response {
        Ok(CallToolResponse::InputRequired(result)) => result,
        other => panic!("{what}: an InputRequiredResult, got {other:?}"),
    }
}

/// The message of the form asked under `key`.
fn message_of(result: &InputRequiredResult, key: &str) -> String {
    let request = result
        .input_requests
        .as_ref()
        .and_then(|r| r.get(key))
        .unwrap_or_else(|| panic!("nothing asked under {key:?}: {result:?}"));
    let InputRequest::Elicitation(request) = request else {
        panic!("not a form: {request:?}")
    };
    match &request.params {
        ElicitRequestParams::FormElicitationParams { message, .. } => message.clone(),
        other => panic!("not a form: {other:?}"),
    }
}

fn retry(tool: &'static str, answer: Value, state: Option<String>) -> CallToolRequestParams {
    retry_under(tool, "copies", answer, state)
}

fn retry_under(
    tool: &'static str,
    key: &str,
    answer: Value,
    state: Option<String>,
) -> CallToolRequestParams {
    let responses = [(
        key.to_owned(),
        json!({"action": "accept", "content": {"copies": answer}}),
    )]
    .into_iter()
    .collect();
    let mut params = CallToolRequestParams::new(tool).with_input_responses(responses);
    if let Some(state) = state {
        params = params.with_request_state(state);
    }
    params
}

const BEFORE_2026: [ProtocolVersion; 2] =
    [ProtocolVersion::V_2025_06_18, ProtocolVersion::V_2025_11_25];

#[tokio::test]
async fn before_2026_a_bad_answer_is_asked_again_with_its_violations() {
    for version in BEFORE_2026 {
        let (s, asked) = start(version.clone(), &[json!(7), json!(2)]);
        let response = call(&s, CallToolRequestParams::new("print")).await;
        let (is_error, text) = completed("print", &response);
        assert!(!is_error, "{version:?}: {text}");
        assert_eq!(text, "2 copies", "{version:?}");
        let asked = asked.lock().unwrap_or_else(|e| e.into_inner()).clone();
        assert_eq!(asked.len(), 2, "{version:?}: {asked:?}");
        assert_eq!(asked[0], "How many?");
        assert!(
            asked[1].starts_with("How many?") && asked[1].contains("/copies"),
            "{version:?}: the second request says what was wrong: {:?}",
            asked[1]
        );
    }
}

#[tokio::test]
async fn before_2026_asking_again_stops_after_the_attempts() {
    let (s, asked) = start(ProtocolVersion::V_2025_11_25, &[json!(9)]);
    let response = call(&s, CallToolRequestParams::new("print")).await;
    let (is_error, text) = completed("print", &response);
    assert!(is_error, "{text}");
    assert!(
        text.contains("/copies") && text.contains("maximum"),
        "{text}"
    );
    assert!(text.contains("elicitation/create"), "{text}");
    assert!(!text.contains("inputResponses"), "{text}");
    assert_eq!(asked.lock().unwrap_or_else(|e| e.into_inner()).len(), 3);
}

/// The default (`Rounds::ask`): an invalid answer ends the call with -32602,
/// and the message names the flow in use.
#[tokio::test]
async fn rounds_errors_name_the_flow_in_use() {
    let (s, _) = start(ProtocolVersion::V_2025_11_25, &[json!(7)]);
    let err = call(&s, CallToolRequestParams::new("rounds"))
        .await
        .expect_err("an invalid answer ends the call");
    assert_eq!(err.code, rmcp::model::ErrorCode::INVALID_PARAMS, "{err:?}");
    assert!(
        err.message.contains("elicitation/create"),
        "{}",
        err.message
    );
    assert!(err.message.contains("/copies"), "{}", err.message);
    assert!(!err.message.contains("inputResponses"), "{}", err.message);

    let (s, _) = start(ProtocolVersion::V_2026_07_28, &[]);
    let first = input_required(
        "round 1",
        call(&s, CallToolRequestParams::new("rounds")).await,
    );
    let err = call(&s, retry("rounds", json!(7), first.request_state.clone()))
        .await
        .expect_err("an invalid answer ends the call");
    assert!(
        err.message.contains("inputResponses[\"copies\"]") && err.message.contains("/copies"),
        "{}",
        err.message
    );
}

#[tokio::test]
async fn under_2026_a_bad_answer_is_asked_again_in_the_next_round() {
    let (s, _) = start(ProtocolVersion::V_2026_07_28, &[]);
    // The free function: no state, the answer read from inputResponses.
    let again = input_required("print", call(&s, retry("print", json!(0), None)).await);
    // Asked again under a fresh key: the round it answers is its count.
    let message = message_of(&again, "copies#2");
    assert!(
        message.starts_with("How many?")
            && message.contains("/copies")
            && message.contains("minimum"),
        "{message}"
    );
    let done = call(&s, retry("print", json!(3), None)).await;
    assert_eq!(completed("print", &done), (false, "3 copies".into()));

    // Rounds: the bad answer is dropped, the form asked again under the
    // same key, and the next round's state accepts the corrected answer.
    let first = input_required(
        "round 1",
        call(&s, CallToolRequestParams::new("rounds_again")).await,
    );
    let second = input_required(
        "round 2",
        call(
            &s,
            retry("rounds_again", json!(7), first.request_state.clone()),
        )
        .await,
    );
    let message = message_of(&second, "copies");
    assert!(
        message.contains("/copies") && message.contains("maximum"),
        "{message}"
    );
    let done = call(
        &s,
        retry("rounds_again", json!(1), second.request_state.clone()),
    )
    .await;
    assert_eq!(completed("round 3", &done), (false, "1 copies".into()));
}

/// `attempts` bounds the rounds under 2026-07-28 too: the free function
/// counts by the fresh key each round is asked under, `Rounds` in its
/// sealed state.
#[tokio::test]
async fn under_2026_asking_again_stops_after_the_attempts() {
    let (s, _) = start(ProtocolVersion::V_2026_07_28, &[]);
    let again = input_required("round 1", call(&s, retry("print", json!(9), None)).await);
    message_of(&again, "copies#2");
    let again = input_required(
        "round 2",
        call(&s, retry_under("print", "copies#2", json!(9), None)).await,
    );
    message_of(&again, "copies#3");
    let done = call(&s, retry_under("print", "copies#3", json!(9), None)).await;
    let (is_error, text) = completed("round 3", &done);
    assert!(is_error, "the third bad answer ends the call: {text}");
    assert!(
        text.contains("copies#3") && text.contains("maximum"),
        "{text}"
    );
    // A correct answer in the last round still reads.
    let done = call(&s, retry_under("print", "copies#3", json!(2), None)).await;
    assert_eq!(completed("round 3", &done), (false, "2 copies".into()));
    // Keys that are not a round of `copies` are not read as one.
    for key in ["copies#0", "copies#02", "copies#+3", "copies#", "copiesX#3"] {
        let first = input_required(
            key,
            call(&s, retry_under("print", key, json!(9), None)).await,
        );
        message_of(&first, "copies");
    }

    // Rounds, two attempts: the second bad answer ends the call (-32602).
    let first = input_required(
        "rounds 1",
        call(&s, CallToolRequestParams::new("rounds_again")).await,
    );
    let second = input_required(
        "rounds 2",
        call(
            &s,
            retry("rounds_again", json!(7), first.request_state.clone()),
        )
        .await,
    );
    let err = call(
        &s,
        retry("rounds_again", json!(7), second.request_state.clone()),
    )
    .await
    .expect_err("the second bad answer ends the call");
    assert_eq!(err.code, rmcp::model::ErrorCode::INVALID_PARAMS, "{err:?}");
    assert!(err.message.contains("/copies"), "{}", err.message);
}

/// A tool without arguments (`call.no_arguments()`) works whether the
/// client omits `arguments` or sends `{}`, its state bound to `{}`;
/// arguments taken by an extractor before `Call` fail closed as a tool
/// error that names the fix (issue 41: it was a JSON-RPC -32603).
#[tokio::test]
async fn no_arguments_binds_empty_and_taken_ones_fail_closed() {
    let (s, _) = start(ProtocolVersion::V_2026_07_28, &[]);
    for (what, params) in [
        ("omitted", CallToolRequestParams::new("bare")),
        (
            "{}",
            CallToolRequestParams::new("bare").with_arguments(serde_json::Map::new()),
        ),
    ] {
        let first = input_required(what, call(&s, params).await);
        message_of(&first, "copies");
        // The state is bound to `{}`: the retry reads, with or without `{}`.
        for retry_params in [
            retry("bare", json!(2), first.request_state.clone()),
            retry("bare", json!(2), first.request_state.clone())
                .with_arguments(serde_json::Map::new()),
        ] {
            let done = call(&s, retry_params).await;
            assert_eq!(completed(what, &done), (false, "2 copies".into()), "{what}");
        }
        // ... and not to other arguments.
        let other = retry("bare", json!(2), first.request_state.clone())
            .with_arguments(serde_json::Map::from_iter([("x".to_owned(), json!(1))]));
        call(&s, other)
            .await
            .expect_err("a state bound to {} is refused for other arguments");
    }
    let args = serde_json::Map::from_iter([("title".to_owned(), json!("Report"))]);
    let response = call(&s, CallToolRequestParams::new("taken").with_arguments(args)).await;
    let (is_error, text) = completed("taken", &response);
    assert!(is_error, "{text}");
    assert!(
        text.contains("list `call: Call` first") && text.contains("every_revision!"),
        "{text}"
    );
}

/// A cancelled call asks no more: one form went out, not fifty.
#[tokio::test]
async fn asking_again_stops_when_the_call_is_cancelled() {
    for version in BEFORE_2026 {
        let (s, asked) = start(version.clone(), &[json!(9)]);
        let response = call(&s, CallToolRequestParams::new("print_cancelled")).await;
        assert_eq!(
            completed("print_cancelled", &response),
            (false, "cancelled".into()),
            "{version:?}"
        );
        assert_eq!(
            asked.lock().unwrap_or_else(|e| e.into_inner()).len(),
            1,
            "{version:?}"
        );
    }
}

/// An unknown `action` is quoted short in the error and the message to ask
/// again with, whatever its size.
#[test]
fn an_unknown_action_is_quoted_short() {
    let action = "x".repeat(1 << 20);
    let error = Copies::from_elicit_result(&json!({"action": action})).expect_err("unknown");
    let text = error.to_string();
    assert!(text.len() < 400, "{} bytes", text.len());
    assert!(error.ask_again_message("How many?").len() < 600);
}

/// The message to ask again with is bounded, however many violations.
#[test]
fn ask_again_messages_are_bounded() {
    let violations: Vec<Violation> = (0..1000)
        .map(|i| Violation::new(format!("/f{i}"), "maximum", "too big"))
        .collect();
    let message = ElicitError::Invalid(violations).ask_again_message("Fill it in");
    assert!(message.starts_with("Fill it in\n"), "{message}");
    assert_eq!(
        message.lines().filter(|l| l.starts_with("- /f")).count(),
        toolform::elicit::ASK_AGAIN_LINES
    );
    assert!(message.ends_with("- and 990 more"), "{message}");
    let malformed = ElicitError::Malformed("`content` must be an object".into());
    assert!(
        malformed
            .ask_again_message("Again")
            .contains("must be an object")
    );
}
