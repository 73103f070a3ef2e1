//! `toolform::rmcp::Rounds` end to end with rmcp's own client, in process:
//! `plan_trip` (two forms in one round, a third in the next, the quoted price
//! kept in the sealed `requestState`) under every protocol revision, and under
//! 2026-07-28 round by round: what each `InputRequiredResult` asks, a round
//! that answers only part of it, and every way a `requestState` can be bad
//! (altered, garbage, sealed for other arguments, another tool or another
//! key), each refused with -32602.

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ClientCapabilities, ElicitRequestParams, ElicitResult,
    ErrorCode, Implementation, InitializeRequestParams, InitializeResult, InputRequiredResult,
    InputResponses, ProtocolVersion, ServerCapabilities,
};
use rmcp::service::{RequestContext, RoleClient, RoleServer, RunningService, serve_directly};
use rmcp::{ClientHandler, ErrorData};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use toolform::rmcp::StateKey;
use toolform_examples::mcp_server::{ExampleServer, TripDates, quote};

/// Answers each form by its message: the traveller, the dates, and yes.
#[derive(Clone)]
struct Client {
    capabilities: ClientCapabilities,
    asked: Arc<Mutex<Vec<String>>>,
}

fn answer_for(message: &str) -> Value {
    if message.starts_with("Who") {
        json!({"action": "accept", "content": {"name": "Ada", "email": "ada@example.com", "seat": "window"}})
    } else if message.starts_with("When") {
        json!({"action": "accept", "content": {"depart": "2031-03-04", "nights": 3}})
    } else {
        json!({"action": "accept", "content": {"book": true}})
    }
}

impl ClientHandler for Client {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        InitializeRequestParams::new(
            self.capabilities.clone(),
            Implementation::new("rounds-test", "0"),
        )
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let ElicitRequestParams::FormElicitationParams { message, .. } = request else {
            return Err(ErrorData::invalid_params("form mode only", None));
        };
        self.asked.lock().unwrap().push(message.clone());
        let answer = answer_for(&message);
        Ok(serde_json::from_value(answer).unwrap())
    }
}

fn key(byte: u8) -> StateKey {
    StateKey::new(vec![byte; 32]).unwrap()
}

struct Session {
    client: RunningService<RoleClient, Client>,
    asked: Arc<Mutex<Vec<String>>>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for Session {
    fn drop(&mut self) {
        self.server.abort();
    }
}

fn session(version: ProtocolVersion, server_key: StateKey) -> Session {
    let capabilities = ClientCapabilities::builder().enable_elicitation().build();
    let asked = Arc::new(Mutex::new(Vec::new()));
    let client = Client {
        capabilities: capabilities.clone(),
        asked: asked.clone(),
    };
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let client_info =
        InitializeRequestParams::new(capabilities, Implementation::new("rounds-test", "0"))
            .with_protocol_version(version.clone());
    let server_info = InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
        .with_protocol_version(version);
    let server = tokio::spawn(async move {
        let running: RunningService<RoleServer, _> = serve_directly(
            ExampleServer::new(false, server_key),
            server_io,
            Some(client_info),
        );
        let _ = running.waiting().await;
    });
    let client =
        serve_directly::<RoleClient, _, _, _, _>(client, client_io, Some(server_info.into()));
    Session {
        client,
        asked,
        server,
    }
}

fn plan_params(destination: &str) -> CallToolRequestParams {
    let mut args = serde_json::Map::new();
    args.insert("destination".into(), json!(destination));
    CallToolRequestParams::new("plan_trip").with_arguments(args)
}

fn booked(destination: &str) -> Value {
    let dates = TripDates {
        depart: chrono::NaiveDate::from_ymd_opt(2031, 3, 4).unwrap(),
        nights: 3,
    };
    json!({
        "status": "booked",
        "traveller": {"name": "Ada", "email": "ada@example.com", "seat": "window", "bags": 1, "newsletter": false},
        "dates": {"depart": "2031-03-04", "nights": 3},
        "price": quote(destination, &dates),
    })
}

/// One round by hand: the `InputRequiredResult`, or the error.
async fn round(
    session: &Session,
    params: CallToolRequestParams,
) -> Result<CallToolResponse, ErrorData> {
    session
        .client
        .call_tool_once(params)
        .await
        .map_err(|e| match e {
            rmcp::service::ServiceError::McpError(e) => e,
            other => panic!("transport failure: {other}"),
        })
}

fn input_required(response: Result<CallToolResponse, ErrorData>) -> InputRequiredResult {
    match response {
        Ok(CallToolResponse::InputRequired(result)) => result,
        other => panic!("expected an InputRequiredResult, got {other:?}"),
    }
}

fn keys(result: &InputRequiredResult) -> Vec<&str> {
    result
        .input_requests
        .iter()
        .flatten()
        .map(|(k, _)| k.as_str())
        .collect()
}

fn responses(pairs: &[(&str, Value)]) -> InputResponses {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect()
}

fn retry(
    params: &CallToolRequestParams,
    answers: &[(&str, Value)],
    state: Option<&str>,
) -> CallToolRequestParams {
    let mut params = params.clone().with_input_responses(responses(answers));
    if let Some(state) = state {
        params = params.with_request_state(state);
    }
    params
}

fn who() -> Value {
    answer_for("Who")
}
fn when() -> Value {
    answer_for("When")
}
fn yes() -> Value {
    answer_for("Book")
}

#[tokio::test]
async fn the_same_tool_code_books_under_every_revision() {
    for version in [
        ProtocolVersion::V_2025_06_18,
        ProtocolVersion::V_2025_11_25,
        ProtocolVersion::V_2026_07_28,
    ] {
        let session = session(version.clone(), key(1));
        // rmcp's `call_tool` fulfils each InputRequiredResult through the
        // client handler under 2026-07-28; before, the server asks by request.
        let result = session.client.call_tool(plan_params("Lisbon")).await;
        let result = result.unwrap_or_else(|e| panic!("{version}: {e}"));
        assert_eq!(
            result.structured_content,
            Some(booked("Lisbon")),
            "{version}"
        );
        let asked = session.asked.lock().unwrap().clone();
        assert_eq!(asked.len(), 3, "{version}: {asked:?}");
        // Traveller and dates in the first round (under 2026-07-28 rmcp
        // fulfils one round's requests in key order), then the confirmation.
        let mut first_two = [asked[0].as_str(), asked[1].as_str()];
        first_two.sort_unstable();
        assert!(
            first_two[0].starts_with("When") && first_two[1].starts_with("Who"),
            "{version}: {asked:?}"
        );
        assert!(
            asked[2].contains("3 nights in Lisbon"),
            "{version}: {asked:?}"
        );
    }
}

#[tokio::test]
async fn round_by_round_under_2026() {
    let session = session(ProtocolVersion::V_2026_07_28, key(1));
    let params = plan_params("Oslo");

    // Round 1: both forms at once, and a sealed state.
    let first = input_required(round(&session, params.clone()).await);
    assert_eq!(keys(&first), ["dates", "traveller"]);
    let state1 = first.request_state.clone().expect("a requestState");
    let wire = serde_json::to_value(&first).unwrap();
    assert_eq!(wire["resultType"], "input_required");
    assert_eq!(
        wire["inputRequests"]["traveller"]["method"],
        "elicitation/create"
    );

    // Round 2 answers only the traveller: only the dates are asked again.
    let partial = input_required(
        round(
            &session,
            retry(&params, &[("traveller", who())], Some(&state1)),
        )
        .await,
    );
    assert_eq!(keys(&partial), ["dates"]);
    let state2 = partial.request_state.clone().expect("a requestState");
    assert_ne!(state1, state2);

    // Round 3: the dates (plus keys nobody asked for, ignored): the confirmation.
    let extra = json!({"action": "accept", "content": {"x": 1}});
    let confirm = input_required(
        round(
            &session,
            retry(
                &params,
                &[("dates", when()), ("unasked", extra)],
                Some(&state2),
            ),
        )
        .await,
    );
    assert_eq!(keys(&confirm), ["confirm"]);
    let state3 = confirm.request_state.clone().expect("a requestState");

    // Round 4: yes. The traveller and dates come from the state.
    let done = round(
        &session,
        retry(&params, &[("confirm", yes())], Some(&state3)),
    )
    .await;
    let Ok(CallToolResponse::Complete(done)) = done else {
        panic!("expected the booking, got {done:?}");
    };
    assert_eq!(done.structured_content, Some(booked("Oslo")));

    // A declined form ends the trip.
    let decline = json!({"action": "decline"});
    let declined = round(
        &session,
        retry(
            &params,
            &[("traveller", decline), ("dates", when())],
            Some(&state1),
        ),
    )
    .await;
    let Ok(CallToolResponse::Complete(declined)) = declined else {
        panic!("expected a result, got {declined:?}");
    };
    assert_eq!(
        declined.structured_content,
        Some(json!({"status": "declined"}))
    );
}

#[tokio::test]
async fn bad_request_states_and_answers_are_invalid_params() {
    let session = session(ProtocolVersion::V_2026_07_28, key(1));
    let params = plan_params("Oslo");
    let first = input_required(round(&session, params.clone()).await);
    let state = first.request_state.clone().expect("a requestState");

    // A state from the same tool under another key (another deployment).
    let other_server = self::session(ProtocolVersion::V_2026_07_28, key(2));
    let foreign_key = input_required(round(&other_server, params.clone()).await)
        .request_state
        .expect("a requestState");
    // A state for other arguments, and one for another tool.
    let other_args = input_required(round(&session, plan_params("Rome")).await)
        .request_state
        .expect("a requestState");
    let other_tool = input_required(
        round(
            &session,
            CallToolRequestParams::new("test_input_required_result_multi_round"),
        )
        .await,
    )
    .request_state
    .expect("a requestState");
    let mut flipped = state.clone().into_bytes();
    let at = flipped.len() / 2;
    flipped[at] = if flipped[at] == b'A' { b'B' } else { b'A' };
    let flipped = String::from_utf8(flipped).unwrap();

    let answers = [("traveller", who()), ("dates", when())];
    for (what, bad) in [
        ("tampered (suffix)", format!("{state}-TAMPERED")),
        ("tampered (one byte)", flipped),
        ("garbage", "not a state".to_owned()),
        ("empty", String::new()),
        ("another key", foreign_key),
        ("other arguments", other_args),
        ("another tool", other_tool),
    ] {
        let response = round(&session, retry(&params, &answers, Some(&bad))).await;
        match response {
            Err(e) => {
                assert_eq!(e.code, ErrorCode::INVALID_PARAMS, "{what}: {e:?}");
                assert!(e.message.contains("requestState"), "{what}: {e:?}");
            }
            other => panic!("{what}: a bad requestState must be refused, got {other:?}"),
        }
    }

    // An answer that is not an ElicitResult object, and one that breaks the form.
    for (what, answer, names) in [
        ("a number", json!(12345), vec!["traveller", "object"]),
        ("null", Value::Null, vec!["traveller"]),
        (
            "a broken form",
            json!({"action": "accept", "content": {"name": "", "email": "no", "seat": "roof"}}),
            vec!["/name", "/email", "/seat"],
        ),
    ] {
        let response = round(
            &session,
            retry(&params, &[("traveller", answer)], Some(&state)),
        )
        .await;
        match response {
            Err(e) => {
                assert_eq!(e.code, ErrorCode::INVALID_PARAMS, "{what}: {e:?}");
                for name in names {
                    assert!(e.message.contains(name), "{what}: {name} not in {e:?}");
                }
            }
            other => panic!("{what}: must be refused, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn states_expire_when_the_key_says_so() {
    let short = key(3).with_ttl(std::time::Duration::from_millis(1));
    let session = session(ProtocolVersion::V_2026_07_28, short);
    let params = plan_params("Oslo");
    let first = input_required(round(&session, params.clone()).await);
    let state = first.request_state.expect("a requestState");
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    let response = round(
        &session,
        retry(&params, &[("traveller", who())], Some(&state)),
    )
    .await;
    assert!(
        matches!(&response, Err(e) if e.code == ErrorCode::INVALID_PARAMS),
        "{response:?}"
    );
}
