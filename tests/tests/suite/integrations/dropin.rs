//! `toolform::rmcp::Parameters<T>` and `Json<T>` under rmcp's own `#[tool]`
//! macro, end to end through rmcp's client in process: tools/list advertises
//! toolform's schemas with no `input_schema`/`output_schema` attribute, and
//! every violation of a bad call reaches the model in one `isError` result.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, Implementation,
    InitializeRequestParams, ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::{ClientHandler, ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolform::rmcp::{Json, Parameters};
use toolform::{ArgsError, ToolSchema, Violation};
use toolform_tests::in_process::{self, Peer, Session};

/// Finds flights.
#[allow(dead_code)]
#[derive(Debug, Deserialize, ToolSchema)]
#[serde(deny_unknown_fields)]
struct Search {
    /// Three-letter airport code.
    #[schema(pattern = "^[A-Z]{3}$")]
    origin: String,
    #[schema(range(min = 1, max = 9))]
    passengers: u8,
    #[schema(format = "date")]
    depart: String,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

/// What was found.
#[derive(Debug, Serialize, ToolSchema)]
struct Found {
    count: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    cheapest: Option<f64>,
}

#[derive(Clone)]
struct Server {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Server {
    /// Searches flights.
    #[tool]
    async fn search(&self, Parameters(search): Parameters<Search>) -> Json<Found> {
        Json(Found {
            count: search.passengers,
            cheapest: None,
        })
    }

    /// Searches, adding the tool's own check to the same violation list.
    #[tool]
    async fn search_known(
        &self,
        call: rmcp::handler::server::wrapper::Parameters<rmcp::model::JsonObject>,
    ) -> Result<Json<Found>, ErrorData> {
        let args = Value::Object(call.0);
        let mut violations = match toolform::parse_args::<Search>(&args) {
            Ok(_) => Vec::new(),
            Err(e) => e.into_violations(),
        };
        if args["origin"] == "XXX" {
            violations.push(Violation::new(
                "/origin",
                "known-airport",
                "no such airport",
            ));
        }
        if !violations.is_empty() {
            return Err(ArgsError::from_violations(violations).into());
        }
        Ok(Json(Found {
            count: 1,
            cheapest: None,
        }))
    }

    /// Searches, reading the arguments itself and using `?` on the error.
    #[tool]
    async fn search_raw(
        &self,
        call: rmcp::handler::server::wrapper::Parameters<rmcp::model::JsonObject>,
    ) -> Result<Json<Found>, ErrorData> {
        let search: Search = toolform::parse_args(Value::Object(call.0))?;
        Ok(Json(Found {
            count: search.passengers,
            cheapest: Some(1.5),
        }))
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

#[derive(Clone)]
struct Client;

impl ClientHandler for Client {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        InitializeRequestParams::new(
            ClientCapabilities::default(),
            Implementation::new("dropin-test", "0"),
        )
    }
}

fn session() -> Session<Client> {
    let server = Server {
        tool_router: Server::tool_router(),
    };
    let peer = Peer::new(ProtocolVersion::default(), ClientCapabilities::default());
    in_process::session(server, Client, peer)
}

/// The schema without what rmcp moves or adds at the root.
fn bare(schema: &serde_json::Map<String, Value>) -> Value {
    let mut schema = schema.clone();
    for key in ["title", "description", "$schema"] {
        schema.remove(key);
    }
    Value::Object(schema)
}

fn bare_value(schema: &Value) -> Value {
    bare(schema.as_object().expect("an object schema"))
}

async fn call(session: &Session<Client>, tool: &'static str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else {
        panic!("arguments are an object")
    };
    session
        .client
        .call_tool(CallToolRequestParams::new(tool).with_arguments(args))
        .await
        .expect("a tool result, not a JSON-RPC error")
}

fn text_of(result: &CallToolResult) -> String {
    serde_json::to_value(&result.content).expect("content serializes")[0]["text"]
        .as_str()
        .expect("a text block")
        .to_string()
}

#[tokio::test]
async fn tools_list_advertises_toolforms_schemas_with_no_attribute() {
    let session = session();
    let tools = session.client.list_all_tools().await.expect("tools/list");
    let search = tools.iter().find(|t| t.name == "search").expect("listed");
    assert_eq!(
        bare(&search.input_schema),
        bare_value(Search::input_schema())
    );
    let output = search.output_schema.as_ref().expect("an output schema");
    assert_eq!(bare(output), bare_value(Found::output_schema()));
    // The input contract, not the output one: `note` may be left out...
    assert_eq!(
        search.input_schema["required"],
        json!(["origin", "passengers", "depart"])
    );
    // ...and the output's optional `cheapest` is not required.
    assert_eq!(output["required"], json!(["count"]));
    assert_eq!(
        search.input_schema["properties"]["passengers"]["maximum"],
        9
    );
}

#[tokio::test]
async fn four_faults_four_violations_in_one_error_result() {
    let session = session();
    let result = call(
        &session,
        "search",
        json!({"origin": "lhr", "passengers": 0, "depart": "tomorrow", "extra": true}),
    )
    .await;
    assert_eq!(result.is_error, Some(true), "{result:?}");
    let text = text_of(&result);
    for needle in [
        "/origin",
        "/passengers",
        "/depart",
        "/extra",
        "4 violations",
    ] {
        assert!(text.contains(needle), "{needle} missing from {text}");
    }
    // A good call still goes through, with the arguments read.
    let ok = call(
        &session,
        "search",
        json!({"origin": "LHR", "passengers": 2, "depart": "2031-03-04"}),
    )
    .await;
    assert_eq!(ok.is_error, Some(false), "{ok:?}");
    assert_eq!(ok.structured_content, Some(json!({"count": 2})));
}

#[tokio::test]
async fn question_mark_on_args_error_is_an_error_result() {
    let session = session();
    let result = call(
        &session,
        "search_raw",
        json!({"origin": "lhr", "passengers": 12, "depart": "2031-03-04"}),
    )
    .await;
    assert_eq!(result.is_error, Some(true), "{result:?}");
    let text = text_of(&result);
    assert!(
        text.contains("/origin") && text.contains("/passengers"),
        "{text}"
    );
}

#[test]
fn parameters_parse_names_every_violation_and_leaves_the_arguments() {
    let args = json!({"origin": "x", "passengers": 10, "depart": "2031-02-30"});
    let err: ArgsError = Parameters::<Search>::parse(args.as_object()).unwrap_err();
    let paths = toolform_tests::path_rules(err.violations());
    assert_eq!(
        paths,
        [
            ("/origin", "pattern"),
            ("/passengers", "maximum"),
            ("/depart", "format")
        ]
    );
    let err = Parameters::<Search>::parse(None).unwrap_err();
    assert_eq!(err.violations().len(), 3, "{err}");
    let data: ErrorData = err.into();
    assert!(
        data.message
            .starts_with("failed to deserialize parameters:"),
        "{}",
        data.message
    );
}

#[tokio::test]
async fn a_domain_violation_joins_the_list() {
    let session = session();
    let result = call(
        &session,
        "search_known",
        json!({"origin": "XXX", "passengers": 12, "depart": "2031-03-04"}),
    )
    .await;
    assert_eq!(result.is_error, Some(true), "{result:?}");
    let text = text_of(&result);
    assert!(text.contains("2 violations"), "{text}");
    assert!(
        text.contains("/passengers: 12 is above the maximum 9"),
        "{text}"
    );
    assert!(
        text.contains("/origin: no such airport (known-airport)"),
        "{text}"
    );
}
