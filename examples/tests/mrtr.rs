//! `book_trip` end to end with rmcp's own client, in process: under protocol
//! 2025-11-25 the server sends `elicitation/create`; under 2026-07-28 it
//! answers `InputRequiredResult` and reads the retried call's
//! `inputResponses`. Either way the tool receives the typed `Traveller`, and
//! an answer that breaks the form comes back as an error naming each field.

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ClientCapabilities, ElicitRequestParams, ElicitResult,
    ElicitationAction, Implementation, InitializeRequestParams, InitializeResult, ProtocolVersion,
    ServerCapabilities,
};
use rmcp::service::{RequestContext, RoleClient, RoleServer, RunningService, serve_directly};
use rmcp::{ClientHandler, ErrorData};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use toolform::ElicitForm;
use toolform::elicit::Revision;
use toolform_examples::mcp_server::{ExampleServer, Traveller};

/// Answers every form with `answer`, and keeps the requested schemas.
#[derive(Clone)]
struct Client {
    answer: Value,
    seen: Arc<Mutex<Vec<Value>>>,
    capabilities: ClientCapabilities,
}

impl ClientHandler for Client {
    // Under 2026-07-28 the capabilities travel with every request.
    fn get_info(&self) -> rmcp::model::ClientConfig {
        InitializeRequestParams::new(
            self.capabilities.clone(),
            Implementation::new("mrtr-test", "0"),
        )
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        if let ElicitRequestParams::FormElicitationParams {
            requested_schema, ..
        } = request
        {
            self.seen
                .lock()
                .unwrap()
                .push(serde_json::to_value(requested_schema).unwrap());
        }
        Ok(ElicitResult::new(ElicitationAction::Accept).with_content(self.answer.clone()))
    }
}

async fn book(version: ProtocolVersion, answer: Value) -> (Result<Value, String>, Vec<Value>) {
    book_with(version, answer, true).await
}

async fn book_with(
    version: ProtocolVersion,
    answer: Value,
    can_elicit: bool,
) -> (Result<Value, String>, Vec<Value>) {
    let version_is_latest = version == ProtocolVersion::V_2026_07_28 && can_elicit;
    let seen = Arc::new(Mutex::new(Vec::new()));
    let capabilities = if can_elicit {
        ClientCapabilities::builder().enable_elicitation().build()
    } else {
        ClientCapabilities::default()
    };
    let client = Client {
        answer,
        seen: seen.clone(),
        capabilities: capabilities.clone(),
    };
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let client_info =
        InitializeRequestParams::new(capabilities, Implementation::new("mrtr-test", "0"))
            .with_protocol_version(version.clone());
    let server_info = InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
        .with_protocol_version(version);
    let server = tokio::spawn(async move {
        let running: RunningService<RoleServer, _> = serve_directly(
            ExampleServer::new(false, key()),
            server_io,
            Some(client_info),
        );
        let _ = running.waiting().await;
    });
    let running =
        serve_directly::<RoleClient, _, _, _, _>(client, client_io, Some(server_info.into()));
    let mut args = serde_json::Map::new();
    args.insert("flight".into(), json!("TF101"));
    let params = CallToolRequestParams::new("book_trip").with_arguments(args);
    // Under 2026-07-28 the first round is an `InputRequiredResult` carrying
    // the form (rmcp's `call_tool` below fulfils it and retries).
    let first = running.call_tool_once(params.clone()).await;
    let input_required = matches!(first, Ok(CallToolResponse::InputRequired(_)));
    assert_eq!(input_required, version_is_latest, "first round: {first:?}");
    let result = running.call_tool(params).await;
    server.abort();
    let result = match result {
        Ok(r) => Ok(r.structured_content.unwrap_or(Value::Null)),
        Err(e) => Err(e.to_string()),
    };
    let seen = seen.lock().unwrap().clone();
    (result, seen)
}

fn key() -> toolform::rmcp::StateKey {
    toolform::rmcp::StateKey::new(*b"the mrtr test's requestState key").unwrap()
}

fn good() -> Value {
    json!({"name": "Ada Lovelace", "email": "ada@example.com", "seat": "aisle"})
}

#[tokio::test]
async fn booking_under_every_revision_reads_the_typed_traveller() {
    for version in [
        ProtocolVersion::V_2025_06_18,
        ProtocolVersion::V_2025_11_25,
        ProtocolVersion::V_2026_07_28,
    ] {
        let (result, seen) = book(version.clone(), good()).await;
        let booking = result.unwrap_or_else(|e| panic!("{version}: {e}"));
        assert_eq!(booking["status"], "booked", "{version}: {booking}");
        // Defaults the answer left out were filled from the form.
        assert_eq!(
            booking["traveller"],
            json!({"name": "Ada Lovelace", "email": "ada@example.com", "seat": "aisle", "bags": 1, "newsletter": false}),
            "{version}"
        );
        // Asked once per round trip: under 2025-11-25 by `call_tool_once` and
        // `call_tool`; under 2026-07-28 only by `call_tool`'s fulfilment.
        let rounds = if version == ProtocolVersion::V_2026_07_28 {
            1
        } else {
            2
        };
        // In the grammar of the negotiated revision (2025-06-18: titled
        // options as `enum` + `enumNames`, defaults only on booleans).
        let revision = Revision::parse(version.as_str()).unwrap();
        let form = Traveller::requested_schema_for(revision).unwrap();
        assert_eq!(seen, vec![form.clone(); rounds], "{version}");
        if revision == Revision::V2025_06_18 {
            assert!(form["properties"]["seat"]["enumNames"].is_array(), "{form}");
            assert!(
                form["properties"]["bags"].get("default").is_none(),
                "{form}"
            );
        }
    }
}

#[tokio::test]
async fn an_answer_that_breaks_the_form_names_each_field() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let bad = json!({"name": "", "email": "not-an-email", "seat": "roof", "bags": 7});
        let (result, _) = book(version.clone(), bad).await;
        let err = result.expect_err("a broken answer must not book");
        for path in ["/name", "/email", "/seat", "/bags"] {
            assert!(err.contains(path), "{version}: {path} not named in {err}");
        }
    }
}

#[tokio::test]
async fn a_client_without_elicitation_gets_a_clear_error() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let (result, seen) = book_with(version.clone(), good(), false).await;
        let err = result.expect_err("nobody can be asked");
        if version == ProtocolVersion::V_2026_07_28 {
            // The revision's MissingRequiredClientCapability, naming what is missing.
            assert!(
                err.contains("-32021") && err.contains("\"elicitation\""),
                "{version}: {err}"
            );
        } else {
            assert!(err.contains("`elicitation` capability"), "{version}: {err}");
        }
        assert!(seen.is_empty(), "{version}");
    }
}
