//! `toolform::rmcp::every_revision!`: non-object results (`Json<Vec<T>>`,
//! `Json<Option<T>>`) in one place. Around a `#[tool_handler]` impl, every
//! listed `outputSchema` validates (the `jsonschema` crate) the
//! `structuredContent` sent, under 2025-06-18, 2025-11-25 and 2026-07-28;
//! without it the call of such a tool fails, naming the macro, under every
//! revision (rmcp alone would drop the schema and the value for older
//! clients, silently).

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ErrorCode,
    Implementation, InitializeRequestParams, ProtocolVersion, Tool,
};
use rmcp::{ClientHandler, ServerHandler, tool, tool_handler, tool_router};
use serde::Serialize;
use serde_json::{Value, json};
use toolform::ToolSchema;
use toolform::rmcp::{Json, Parameters};
use toolform_tests::in_process::{self, Peer, Session};

const REVISIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2026_07_28,
];

/// An airport (an object type).
#[derive(Debug, Clone, Serialize, ToolSchema)]
struct Airport {
    code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    city: Option<String>,
}

fn airports() -> Vec<Airport> {
    vec![
        Airport {
            code: "LHR".into(),
            city: Some("London".into()),
        },
        Airport {
            code: "CDG".into(),
            city: None,
        },
    ]
}

/// Seats to book.
#[derive(Debug, serde::Deserialize, ToolSchema)]
struct Book {
    #[schema(range(min = 1, max = 9))]
    seats: u8,
}

/// The macro around the handler, the router a field.
#[derive(Clone)]
struct Wrapped {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Wrapped {
    /// Every airport (`Vec<T>`).
    #[tool]
    async fn airports(&self) -> Json<Vec<Airport>> {
        Json(airports())
    }

    /// The first airport (`Option<T>`).
    #[tool]
    async fn first(&self) -> Result<Json<Option<Airport>>, rmcp::ErrorData> {
        Ok(Json(airports().into_iter().next()))
    }

    /// One airport (an object, left alone).
    #[tool]
    async fn one(&self) -> Json<Airport> {
        Json(airports().remove(0))
    }

    /// Books seats (toolform's `Parameters`).
    #[tool]
    async fn book(&self, Parameters(book): Parameters<Book>) -> String {
        format!("{} seats", book.seats)
    }
}

toolform::rmcp::every_revision! {
    #[tool_handler(router = self.tool_router)]
    impl ServerHandler for Wrapped {}
}

/// The macro around a handler whose router is `Self::tool_router()`.
#[derive(Clone)]
struct Defaulted;

#[tool_router]
impl Defaulted {
    /// The codes (`Vec<String>`).
    #[tool]
    async fn codes(&self) -> Json<Vec<String>> {
        Json(vec!["LHR".into()])
    }
}

toolform::rmcp::every_revision! {
    #[tool_handler]
    impl ServerHandler for Defaulted {}
}

/// rmcp's `#[tool_handler]` alone: the macro forgotten.
#[derive(Clone)]
struct Forgot {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Forgot {
    /// Every airport (`Vec<T>`).
    #[tool]
    async fn airports(&self) -> Json<Vec<Airport>> {
        Json(airports())
    }

    /// One airport (an object: fine without the macro).
    #[tool]
    async fn one(&self) -> Json<Airport> {
        Json(airports().remove(0))
    }

    /// Books seats (toolform's `Parameters`).
    #[tool]
    async fn book(&self, Parameters(book): Parameters<Book>) -> String {
        format!("{} seats", book.seats)
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Forgot {}

#[derive(Clone)]
struct Client;

impl ClientHandler for Client {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        InitializeRequestParams::new(
            ClientCapabilities::default(),
            Implementation::new("every-revision-test", "0"),
        )
    }
}

fn session<S: ServerHandler>(server: S, version: &ProtocolVersion) -> Session<Client> {
    in_process::session(
        server,
        Client,
        Peer::new(version.clone(), ClientCapabilities::default()),
    )
}

fn wrapped(version: &ProtocolVersion) -> Session<Client> {
    let server = Wrapped {
        tool_router: Wrapped::tool_router(),
    };
    session(server, version)
}

fn forgot(version: &ProtocolVersion) -> Session<Client> {
    let server = Forgot {
        tool_router: Forgot::tool_router(),
    };
    session(server, version)
}

async fn call(session: &Session<Client>, tool: &str) -> Result<CallToolResult, rmcp::ErrorData> {
    match in_process::call(session, CallToolRequestParams::new(tool.to_owned())).await? {
        CallToolResponse::Complete(result) => Ok(result),
        other => panic!("{tool}: a complete result, not {other:?}"),
    }
}

fn listed<'t>(tools: &'t [Tool], name: &str) -> &'t Tool {
    tools
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("{name} is listed"))
}

fn texts(result: &CallToolResult) -> Vec<String> {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text())
        .map(|t| t.text.clone())
        .collect()
}

/// The tool's listed schema and its result, checked against each other.
/// `object`: whether the tool's output schema is an object (not whether
/// the value is one: `Some(struct)` is an object of a non-object schema).
async fn check(
    session: &Session<Client>,
    tools: &[Tool],
    (tool, object): (&str, bool),
    value: Value,
    v: &str,
) {
    let modern = v == ProtocolVersion::V_2026_07_28.as_str();
    let schema = listed(tools, tool)
        .output_schema
        .clone()
        .unwrap_or_else(|| panic!("{v}: {tool} lists an outputSchema"));
    if modern || object {
        assert_ne!(
            schema.get("required"),
            Some(&json!(["result"])),
            "{v}: {tool}"
        );
    } else {
        assert_eq!(schema["type"], "object", "{v}: {tool}");
        assert_eq!(schema["required"], json!(["result"]), "{v}: {tool}");
    }
    let result = call(session, tool)
        .await
        .unwrap_or_else(|e| panic!("{v}: {tool}: {e:?}"));
    assert_eq!(result.is_error, Some(false), "{v}: {tool}");
    let sent = result
        .structured_content
        .clone()
        .unwrap_or_else(|| panic!("{v}: {tool} sent structuredContent"));
    let expected = if modern || object {
        value.clone()
    } else {
        json!({ "result": value })
    };
    assert_eq!(sent, expected, "{v}: {tool}");
    let validator = toolform_tests::agreement::validator(&Value::Object((*schema).clone()));
    let errors: Vec<String> = validator
        .iter_errors(&sent)
        .map(|e| e.to_string())
        .collect();
    assert!(
        errors.is_empty(),
        "{v}: {tool}: {sent} breaks {schema:?}: {errors:?}"
    );
    assert_eq!(texts(&result), [value.to_string()], "{v}: {tool}");
}

#[tokio::test]
async fn the_macro_lists_and_sends_non_object_results_under_every_revision() {
    let all = serde_json::to_value(airports()).unwrap();
    for version in &REVISIONS {
        let v = version.as_str();
        let session = wrapped(version);
        let tools = session
            .client
            .list_tools(None)
            .await
            .expect("tools/list")
            .tools;
        check(&session, &tools, ("airports", false), all.clone(), v).await;
        check(&session, &tools, ("first", false), all[0].clone(), v).await;
        check(&session, &tools, ("one", true), all[0].clone(), v).await;
    }
}

#[tokio::test]
async fn the_macro_reads_the_default_router() {
    for version in &REVISIONS {
        let session = session(Defaulted, version);
        let tools = session
            .client
            .list_tools(None)
            .await
            .expect("tools/list")
            .tools;
        check(
            &session,
            &tools,
            ("codes", false),
            json!(["LHR"]),
            version.as_str(),
        )
        .await;
    }
}

#[test]
fn the_macro_writes_get_tool_from_the_router() {
    let server = Wrapped {
        tool_router: Wrapped::tool_router(),
    };
    let tool = server.get_tool("airports").expect("the router's tool");
    assert_eq!(tool.output_schema.expect("a schema")["type"], "array");
    assert!(server.get_tool("nothing").is_none());
    assert!(Defaulted.get_tool("codes").is_some());
    // `#[tool_handler]` still writes `get_info`: tools are declared.
    assert!(server.get_info().capabilities.tools.is_some());
}

#[tokio::test]
async fn a_forgotten_macro_fails_the_call_naming_it_under_every_revision() {
    for version in &REVISIONS {
        let v = version.as_str();
        let session = forgot(version);
        let error = call(&session, "airports")
            .await
            .expect_err("a non-object Json without the macro fails");
        assert_eq!(error.code, ErrorCode::INTERNAL_ERROR, "{v}");
        assert!(
            error.message.contains("toolform::rmcp::every_revision!")
                && error.message.contains("Vec<"),
            "{v}: {}",
            error.message
        );
        // An object result needs nothing.
        let one = call(&session, "one").await.expect("an object result");
        assert_eq!(one.structured_content.expect("structured")["code"], "LHR");
    }
}

#[tokio::test]
async fn rmcp_alone_lists_no_schema_for_older_revisions() {
    // Why the macro: rmcp 3.11 drops a non-object `outputSchema` for peers
    // before 2026-07-28 (and would move the value into text).
    for version in &REVISIONS {
        let modern = *version == ProtocolVersion::V_2026_07_28;
        let session = forgot(version);
        let tools = session
            .client
            .list_tools(None)
            .await
            .expect("tools/list")
            .tools;
        assert_eq!(
            listed(&tools, "airports").output_schema.is_some(),
            modern,
            "{}",
            version.as_str()
        );
        assert!(listed(&tools, "one").output_schema.is_some());
    }
}

/// rmcp's router makes an extractor's error a tool result only when its
/// message begins `failed to deserialize parameters:` (rmcp 3.11,
/// `TOOL_ARGUMENT_DESERIALIZATION_ERROR_PREFIX`); any other is a JSON-RPC
/// error the model never reads. Under the macro, toolform's `call_tool`
/// takes the prefix off toolform's own messages again.
#[tokio::test]
async fn under_the_macro_the_model_reads_no_deserialize_prefix() {
    let bad = || {
        CallToolRequestParams::new("book")
            .with_arguments(json!({"seats": 12}).as_object().cloned().unwrap())
    };
    let with = wrapped(&ProtocolVersion::V_2025_11_25);
    let without = forgot(&ProtocolVersion::V_2025_11_25);
    for (session, prefixed) in [(&with, false), (&without, true)] {
        let CallToolResponse::Complete(result) = in_process::call(session, bad())
            .await
            .expect("a tool result")
        else {
            panic!("a complete result")
        };
        assert_eq!(result.is_error, Some(true));
        let text = texts(&result).join("\n");
        let own = "the arguments do not match the tool's input schema";
        let expected = if prefixed {
            format!("failed to deserialize parameters: {own}")
        } else {
            own.to_owned()
        };
        assert!(text.starts_with(&expected), "{text}");
        assert!(text.contains("/seats") && text.contains("9"), "{text}");
    }
}

/// Under the macro no listed schema carries a `$schema` key (the README's
/// promise: some clients refuse it), whatever wrote the tool: rmcp's
/// `#[tool]` asks schemars, which adds it at the root of every input schema
/// and every `Json<T>` output schema; rmcp's handler alone lists it.
#[tokio::test]
async fn under_the_macro_no_listed_schema_carries_dollar_schema() {
    fn keys(tool: &Tool) -> Vec<(String, bool)> {
        let mut out = vec![(
            "input".to_string(),
            tool.input_schema.contains_key("$schema"),
        )];
        if let Some(schema) = &tool.output_schema {
            out.push(("output".to_string(), schema.contains_key("$schema")));
            // Nor below the wrapping of a non-object result.
            if let Some(Value::Object(inner)) =
                schema.get("properties").and_then(|p| p.get("result"))
            {
                out.push(("wrapped".to_string(), inner.contains_key("$schema")));
            }
        }
        out
    }
    for version in &REVISIONS {
        let tools = wrapped(version)
            .client
            .list_tools(None)
            .await
            .expect("tools/list")
            .tools;
        assert_eq!(tools.len(), 4);
        for tool in &tools {
            for (which, has) in keys(tool) {
                assert!(
                    !has,
                    "{} {} {which}: {:?}",
                    version.as_str(),
                    tool.name,
                    tool
                );
            }
        }
        // rmcp alone: schemars' key is there (what the macro takes away).
        let tools = forgot(version)
            .client
            .list_tools(None)
            .await
            .expect("tools/list")
            .tools;
        assert!(
            listed(&tools, "book").input_schema.contains_key("$schema"),
            "{}",
            version.as_str()
        );
    }
    // A `$schema` naming another dialect means something: kept.
    let mut tool = Tool::new(
        "t",
        "d",
        serde_json::from_value::<rmcp::model::JsonObject>(json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object"
        }))
        .unwrap(),
    );
    tool.output_schema = None;
    let kept = toolform::rmcp::output::tools_for(vec![tool], Some(&ProtocolVersion::V_2025_11_25));
    assert_eq!(
        kept[0].input_schema["$schema"],
        "http://json-schema.org/draft-07/schema#"
    );
}
