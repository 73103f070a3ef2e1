//! The trust boundary of `toolform::rmcp::Rounds` and its extractors, end to
//! end with rmcp's own client in process (protocol 2026-07-28): what a
//! `requestState` is accepted for (the keys it issued, the arguments by
//! value, its age under the key's TTL), what it carries (only the answers'
//! own fields), the extractor order, and hostile states and answers.

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
use std::time::{Duration, Instant};
use toolform::rmcp::{Args, Call, Rounds, StateKey};
use toolform::{ElicitForm, Elicited, ToolSchema};
use toolform_tests::in_process::{self, Peer, Session};

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Trip {
    destination: String,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Measure {
    x: f64,
}

#[derive(Debug, Serialize, Deserialize, ElicitForm)]
struct Who {
    name: String,
}

#[derive(Debug, Serialize, Deserialize, ElicitForm)]
struct Confirm {
    #[serde(default)]
    book: bool,
}

#[derive(Clone)]
struct Server {
    tool_router: ToolRouter<Self>,
    key: StateKey,
}

fn text(text: String) -> CallToolResponse {
    CallToolResult::success(vec![ContentBlock::text(text)]).into()
}

/// Who travels, then a confirmation at a price shown only in the second
/// round; the result names the destination the tool acted on.
async fn book(mut rounds: Rounds, destination: &str) -> Result<CallToolResponse, ErrorData> {
    let Some(who) = rounds.ask::<Who>("who", "Who is travelling?").await? else {
        return Ok(rounds.input_required()?.into());
    };
    let name = match who {
        Elicited::Accepted(who) => who.name,
        _ => return Ok(text("declined".into())),
    };
    let message = format!("{name} to {destination} for 100 EUR: book?");
    let Some(confirm) = rounds.ask::<Confirm>("confirm", message).await? else {
        return Ok(rounds.input_required()?.into());
    };
    let booked = matches!(confirm, Elicited::Accepted(Confirm { book: true }));
    Ok(text(format!(
        "{destination} for {name}: booked={booked} in round {}",
        rounds.round()
    )))
}

#[tool_router]
impl Server {
    /// `Call` first, then rmcp's `Parameters`.
    #[tool(description = "Books a trip")]
    async fn trip(
        &self,
        call: Call,
        Parameters(args): Parameters<Trip>,
    ) -> Result<CallToolResponse, ErrorData> {
        book(call.rounds(&self.key)?, &args.destination).await
    }

    /// toolform's `Args` first, then `Call`.
    #[tool(input_schema = toolform::rmcp::input_schema::<Trip>())]
    async fn args_first(
        &self,
        args: Args<Trip>,
        call: Call,
    ) -> Result<CallToolResponse, ErrorData> {
        let Ok(args) = args.into_inner() else {
            return Ok(text("bad arguments".into()));
        };
        book(call.rounds(&self.key)?, &args.destination).await
    }

    /// rmcp's `Parameters` first (it takes the arguments), then `Call`.
    #[tool(description = "Books a trip, extractors the wrong way round")]
    async fn params_first(
        &self,
        Parameters(args): Parameters<Trip>,
        call: Call,
    ) -> Result<CallToolResponse, ErrorData> {
        book(call.rounds(&self.key)?, &args.destination).await
    }

    /// rmcp's `JsonObject` first (it takes the arguments), then `Call`.
    #[tool(description = "Books a trip, raw arguments first")]
    async fn object_first(
        &self,
        object: JsonObject,
        call: Call,
    ) -> Result<CallToolResponse, ErrorData> {
        let destination = object
            .get("destination")
            .and_then(Value::as_str)
            .unwrap_or("nowhere")
            .to_owned();
        book(call.rounds(&self.key)?, &destination).await
    }

    /// A float argument: the state is bound to its value, however spelled.
    #[tool(description = "Measures")]
    async fn measure(
        &self,
        call: Call,
        Parameters(args): Parameters<Measure>,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut rounds: Rounds = call.rounds(&self.key)?;
        let Some(_) = rounds.ask::<Who>("who", "Who measures?").await? else {
            return Ok(rounds.input_required()?.into());
        };
        Ok(text(format!("measured {}", args.x)))
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {}

#[derive(Clone)]
struct Client;

impl ClientHandler for Client {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        InitializeRequestParams::new(capabilities(), Implementation::new("trust-test", "0"))
    }
}

fn capabilities() -> ClientCapabilities {
    ClientCapabilities::builder().enable_elicitation().build()
}

fn secret(byte: u8) -> Vec<u8> {
    vec![byte; 32]
}

fn key(byte: u8) -> StateKey {
    StateKey::new(secret(byte)).expect("a 32-byte key")
}

fn session(server_key: StateKey) -> Session<Client> {
    let server = Server {
        tool_router: Server::tool_router(),
        key: server_key,
    };
    let mut peer = Peer::new(ProtocolVersion::V_2026_07_28, capabilities());
    // Room for the 1 MB states below.
    peer.buffer = 1 << 22;
    in_process::session(server, Client, peer)
}

fn params(tool: &'static str, arguments: Value) -> CallToolRequestParams {
    let arguments = match arguments {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    };
    CallToolRequestParams::new(tool).with_arguments(arguments)
}

fn trip(tool: &'static str, destination: &str) -> CallToolRequestParams {
    params(tool, json!({ "destination": destination }))
}

fn with(
    params: &CallToolRequestParams,
    answers: &[(&str, Value)],
    state: Option<&str>,
) -> CallToolRequestParams {
    let responses: InputResponses = answers
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect();
    let mut params = params.clone().with_input_responses(responses);
    if let Some(state) = state {
        params = params.with_request_state(state);
    }
    params
}

async fn round(
    session: &Session<Client>,
    params: CallToolRequestParams,
) -> Result<CallToolResponse, ErrorData> {
    in_process::call(session, params).await
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

fn asked(result: &InputRequiredResult) -> Vec<String> {
    result
        .input_requests
        .iter()
        .flatten()
        .map(|(k, _)| k.clone())
        .collect()
}

fn state_of(what: &str, result: &InputRequiredResult) -> String {
    result
        .request_state
        .clone()
        .unwrap_or_else(|| panic!("{what}: no requestState"))
}

fn completed(what: &str, response: Result<CallToolResponse, ErrorData>) -> String {
    match response {
        Ok(CallToolResponse::Complete(result)) => {
            let texts: Vec<String> = result
                .content
                .iter()
                .filter_map(|c| c.as_text().map(|t| t.text.clone()))
                .collect();
            texts.join(" ")
        }
        other => panic!("{what}: expected a result, got {other:?}"),
    }
}

fn refused(what: &str, response: Result<CallToolResponse, ErrorData>) -> ErrorData {
    match response {
        Err(e) => e,
        Ok(other) => panic!("{what}: must be refused, got {other:?}"),
    }
}

fn ada() -> Value {
    json!({"action": "accept", "content": {"name": "Ada"}})
}

fn yes() -> Value {
    json!({"action": "accept", "content": {"book": true}})
}

/// Issue 22, item 3: a call whose `inputResponses` already holds every key
/// must not complete before the questions were asked: the confirmation at
/// the price is shown (issued in an `InputRequiredResult`) before its answer
/// counts.
#[tokio::test]
async fn answers_count_only_for_keys_an_earlier_round_issued() {
    let session = session(key(1));
    let call = trip("trip", "Oslo");

    // No requestState, every answer already there: round 1 asks.
    let first = input_required(
        "first call with every answer",
        round(
            &session,
            with(&call, &[("who", ada()), ("confirm", yes())], None),
        )
        .await,
    );
    assert_eq!(asked(&first), ["who"]);
    let state1 = state_of("round 1", &first);

    // Round 2 answers `who` and (unasked) `confirm`: the confirmation is
    // asked now, with the price, not taken from the unasked answer.
    let second = input_required(
        "an answer to a question not yet issued",
        round(
            &session,
            with(&call, &[("who", ada()), ("confirm", yes())], Some(&state1)),
        )
        .await,
    );
    assert_eq!(asked(&second), ["confirm"]);
    let wire = serde_json::to_value(&second).expect("serializes");
    let message = wire["inputRequests"]["confirm"]["params"]["message"]
        .as_str()
        .unwrap_or_default();
    assert!(message.contains("100 EUR"), "{wire}");
    let state2 = state_of("round 2", &second);

    // Round 3: the confirmation was issued in round 2, so its answer counts.
    let done = completed(
        "round 3",
        round(&session, with(&call, &[("confirm", yes())], Some(&state2))).await,
    );
    assert_eq!(done, "Oslo for Ada: booked=true in round 3");

    // A state issued for `who` does not carry the confirmation either when
    // both are answered at once against it (the same as round 2).
    let again = input_required(
        "round 1's state with both answers",
        round(
            &session,
            with(&call, &[("confirm", yes()), ("who", ada())], Some(&state1)),
        )
        .await,
    );
    assert_eq!(asked(&again), ["confirm"]);
}

/// Issue 22, item 4: with `args: Args<T>` listed before `call: Call`, a
/// state issued for `{"destination": "Oslo"}` must not be accepted for
/// `"Rome"`.
#[tokio::test]
async fn args_before_call_still_binds_the_arguments() {
    let session = session(key(1));
    let oslo = trip("args_first", "Oslo");
    let first = input_required("Args first, round 1", round(&session, oslo.clone()).await);
    let state = state_of("round 1", &first);

    // The same arguments go on.
    let second = input_required(
        "Args first, round 2",
        round(&session, with(&oslo, &[("who", ada())], Some(&state))).await,
    );
    assert_eq!(asked(&second), ["confirm"]);

    // Other arguments with Oslo's state: refused.
    let rome = trip("args_first", "Rome");
    let e = refused(
        "Oslo's state for Rome",
        round(&session, with(&rome, &[("who", ada())], Some(&state))).await,
    );
    assert_eq!(e.code, ErrorCode::INVALID_PARAMS, "{e:?}");
    assert!(e.message.contains("requestState"), "{e:?}");
}

/// Issue 22, item 4: an extractor that takes the arguments (rmcp's
/// `Parameters<T>`, `JsonObject`) listed before `call: Call` leaves `Call`
/// blind; it refuses with a message saying so instead of binding the state
/// to `{}`.
#[tokio::test]
async fn call_refuses_when_it_cannot_see_the_arguments() {
    let session = session(key(1));
    for tool in ["params_first", "object_first"] {
        // A tool error the model reads (issue 41), naming the fix; never a
        // state bound to arguments `Call` could not see.
        let Ok(CallToolResponse::Complete(result)) = round(&session, trip(tool, "Oslo")).await
        else {
            panic!("{tool}: a tool result")
        };
        assert_eq!(result.is_error, Some(true), "{tool}: {result:?}");
        let text: String = result
            .content
            .iter()
            .filter_map(|c| c.as_text().map(|t| t.text.clone()))
            .collect();
        assert!(
            text.contains("cannot see") && text.contains("before"),
            "{tool}: {text}"
        );
    }
}

/// Issue 22, item 6: `StateKey::with_ttl` holds for states sealed while the
/// key had no TTL (another replica, an older configuration): the issue time
/// is in the sealed envelope, not only in rmcp's optional expiry.
#[tokio::test]
async fn the_ttl_holds_for_states_sealed_without_one() {
    let lax = session(key(4));
    let call = trip("trip", "Oslo");
    let state = state_of(
        "sealed without a TTL",
        &input_required("round 1", round(&lax, call.clone()).await),
    );
    let strict = session(
        StateKey::new(secret(4))
            .expect("a key")
            .with_ttl(Duration::from_secs(2)),
    );
    // Young enough: accepted.
    let fresh = input_required(
        "within the TTL",
        round(&strict, with(&call, &[("who", ada())], Some(&state))).await,
    );
    assert_eq!(asked(&fresh), ["confirm"]);
    tokio::time::sleep(Duration::from_millis(2_300)).await;
    let e = refused(
        "older than the TTL",
        round(&strict, with(&call, &[("who", ada())], Some(&state))).await,
    );
    assert_eq!(e.code, ErrorCode::INVALID_PARAMS, "{e:?}");
    assert!(e.message.contains("requestState"), "{e:?}");
    // The lax key still opens it: the TTL is the opening key's.
    let lax_again = input_required(
        "no TTL",
        round(&lax, with(&call, &[("who", ada())], Some(&state))).await,
    );
    assert_eq!(asked(&lax_again), ["confirm"]);
}

/// Issue 22, item 6: an answer's junk (top-level fields besides `action`
/// and `content`, content keys the form does not have, 100 KB of each) is
/// not sealed into the state and echoed every round.
#[tokio::test]
async fn only_the_forms_own_fields_are_sealed() {
    let session = session(key(1));
    let call = trip("trip", "Oslo");
    let first = input_required("round 1", round(&session, call.clone()).await);
    let state1 = state_of("round 1", &first);
    let junk = "x".repeat(100_000);
    let answer = json!({
        "action": "accept",
        "content": {"name": "Ada", "junk": junk},
        "_meta": {"junk": junk},
        "extra": junk,
    });
    let second = input_required(
        "a junk-laden answer",
        round(&session, with(&call, &[("who", answer)], Some(&state1))).await,
    );
    let state2 = state_of("round 2", &second);
    assert!(
        state2.len() < state1.len() + 400,
        "the junk was sealed: {} bytes after {}",
        state2.len(),
        state1.len()
    );
    let done = completed(
        "round 3",
        round(&session, with(&call, &[("confirm", yes())], Some(&state2))).await,
    );
    assert_eq!(done, "Oslo for Ada: booked=true in round 3");
}

/// Issue 22, item 6: arguments are bound by value: `1.0` re-sent as `1` (a
/// JavaScript client writes every integral number so) is the same call; any
/// other value is not.
#[tokio::test]
async fn arguments_are_bound_by_value_not_spelling() {
    let session = session(key(1));
    let spelled = params("measure", json!({"x": 1.0}));
    let first = input_required("x = 1.0", round(&session, spelled).await);
    let state = state_of("round 1", &first);
    for (what, x) in [
        ("1", json!(1)),
        ("1.0", json!(1.0)),
        ("1 as i64", json!(1i64)),
    ] {
        let done = completed(
            what,
            round(
                &session,
                with(
                    &params("measure", json!({"x": x})),
                    &[("who", ada())],
                    Some(&state),
                ),
            )
            .await,
        );
        assert_eq!(done, "measured 1", "{what}");
    }
    for (what, x) in [
        ("1.5", json!(1.5)),
        ("10", json!(10)),
        ("0.1", json!(0.1)),
        ("-1", json!(-1)),
        ("1 + 2^-52", json!(1.0 + f64::EPSILON)),
    ] {
        let e = refused(
            what,
            round(
                &session,
                with(
                    &params("measure", json!({"x": x})),
                    &[("who", ada())],
                    Some(&state),
                ),
            )
            .await,
        );
        assert_eq!(e.code, ErrorCode::INVALID_PARAMS, "{what}: {e:?}");
    }
}

/// Forged, tampered, truncated, non-base64 and foreign states: each refused
/// with -32602 and the same message, never a panic or a restart.
#[tokio::test]
async fn hostile_request_states_are_refused() {
    let session = session(key(1));
    let call = trip("trip", "Oslo");
    let state = state_of(
        "round 1",
        &input_required("round 1", round(&session, call.clone()).await),
    );
    let other_key = state_of(
        "another key",
        &input_required(
            "another key",
            round(&self::session(key(2)), call.clone()).await,
        ),
    );
    let other_args = state_of(
        "other arguments",
        &input_required("Rome", round(&session, trip("trip", "Rome")).await),
    );
    let other_tool = state_of(
        "another tool",
        &input_required(
            "args_first",
            round(&session, trip("args_first", "Oslo")).await,
        ),
    );
    let mut cases: Vec<(String, String)> = vec![
        ("empty".into(), String::new()),
        ("a dot".into(), ".".into()),
        ("rs1 only".into(), "rs1".into()),
        ("rs1 and dots".into(), "rs1...".into()),
        ("not base64".into(), "rs1.!!!!.????".into()),
        ("non-ASCII".into(), "rs1.ÿÿÿ.\u{1F600}".into()),
        ("control characters".into(), "rs1.\u{0}\u{1b}.\n".into()),
        ("another key".into(), other_key),
        ("other arguments".into(), other_args),
        ("another tool".into(), other_tool),
        ("a suffix".into(), format!("{state}A")),
        ("an extra section".into(), format!("{state}.AAAA")),
        ("rs2 prefix".into(), state.replacen("rs1", "rs2", 1)),
    ];
    // Truncated at every tenth of its length.
    for tenth in 1..10 {
        let cut: String = state.chars().take(state.len() * tenth / 10).collect();
        cases.push((format!("truncated at {tenth}/10"), cut));
    }
    // One character changed, at several places.
    for at in [4, state.len() / 3, state.len() / 2, state.len() - 2] {
        let flipped: String = state
            .chars()
            .enumerate()
            .map(|(i, c)| match (i == at, c) {
                (true, 'A') => 'B',
                (true, _) => 'A',
                (false, c) => c,
            })
            .collect();
        cases.push((format!("one character changed at {at}"), flipped));
    }
    for (what, bad) in cases {
        let e = refused(
            &what,
            round(&session, with(&call, &[("who", ada())], Some(&bad))).await,
        );
        assert_eq!(e.code, ErrorCode::INVALID_PARAMS, "{what}: {e:?}");
        assert!(e.message.contains("requestState"), "{what}: {e:?}");
        assert!(e.message.len() < 200, "{what}: {e:?}");
    }
}

/// Huge states (1 KB to 1 MB, well-formed but forged): refused, in time
/// linear in their size (no step is worse than 40x for 10x the bytes; each
/// well under a second).
#[tokio::test]
async fn huge_states_are_refused_in_bounded_time() {
    let session = session(key(1));
    let call = trip("trip", "Oslo");
    let mut times = Vec::new();
    for size in [1_000usize, 10_000, 100_000, 1_000_000] {
        let body = "A".repeat(size);
        let forged = format!("rs1.{body}.{}", "B".repeat(43));
        let started = Instant::now();
        let e = refused(
            &format!("{size} bytes"),
            round(&session, with(&call, &[], Some(&forged))).await,
        );
        let took = started.elapsed();
        assert_eq!(e.code, ErrorCode::INVALID_PARAMS, "{size}: {e:?}");
        assert!(e.message.len() < 200, "{size}: {e:?}");
        assert!(took < Duration::from_secs(2), "{size} bytes took {took:?}");
        times.push(took);
    }
    let (small, big) = (times[0].max(Duration::from_millis(1)), times[3]);
    assert!(big < small * 2_000, "{times:?}");
}

/// Keys with control characters and non-ASCII, from the client (ignored
/// when nothing issued them) and from the tool (round-trip through the
/// sealed state).
#[tokio::test]
async fn odd_keys_are_ignored_or_carried_intact() {
    let session = session(key(1));
    let call = trip("trip", "Oslo");
    let first = input_required("round 1", round(&session, call.clone()).await);
    let state = state_of("round 1", &first);
    let odd = [
        "\u{0}",
        "who\u{0}",
        "\u{1b}[31mwho",
        "wh\u{200b}o",
        "WHO",
        "ключ",
        "\u{1F600}",
        "",
    ];
    let answers: Vec<(&str, Value)> = odd.iter().map(|k| (*k, ada())).collect();
    let again = input_required(
        "odd keys only",
        round(&session, with(&call, &answers, Some(&state))).await,
    );
    assert_eq!(asked(&again), ["who"]);
}
