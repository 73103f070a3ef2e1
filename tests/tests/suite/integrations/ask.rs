//! `toolform::rmcp::ask` with a client that cannot be asked, and with an
//! answer that breaks the form, through rmcp's client in process: the tool
//! returns `Result<_, ElicitFailure>` and the model reads what happened.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::InputResponses;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ElicitRequestParams, ElicitResult, ErrorCode, Implementation, InitializeRequestParams,
    ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleClient, RoleServer};
use rmcp::{ClientHandler, ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde::Deserialize;
use serde_json::json;
use toolform::rmcp::{Asked, ElicitFailure, ask};
use toolform::{ElicitForm, Elicited};
use toolform_tests::in_process::{self, Peer, Session};

#[derive(Debug, Deserialize, ElicitForm)]
struct Confirm {
    #[elicit(range(min = 1, max = 3))]
    copies: u8,
}

#[derive(Clone)]
struct Server {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Server {
    /// Prints, after asking how many copies.
    #[tool]
    async fn print(
        &self,
        InputResponses(responses): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ElicitFailure> {
        match ask::<Confirm>(&context, responses.as_ref(), "copies", "How many?").await? {
            Asked::InputRequired(result) => Ok(result.into()),
            Asked::Answered(Elicited::Accepted(c)) => {
                Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                    "{} copies",
                    c.copies
                ))])
                .into())
            }
            Asked::Answered(_) => {
                Ok(CallToolResult::success(vec![ContentBlock::text("none")]).into())
            }
        }
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

/// Answers every form with 7 copies (out of range).
#[derive(Clone)]
struct Client {
    capabilities: ClientCapabilities,
}

impl ClientHandler for Client {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        InitializeRequestParams::new(
            self.capabilities.clone(),
            Implementation::new("ask-test", "0"),
        )
    }

    async fn create_elicitation(
        &self,
        _request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        Ok(serde_json::from_value(json!({"action": "accept", "content": {"copies": 7}})).unwrap())
    }
}

fn session(version: ProtocolVersion, capabilities: ClientCapabilities) -> Session<Client> {
    let server = Server {
        tool_router: Server::tool_router(),
    };
    let client = Client {
        capabilities: capabilities.clone(),
    };
    in_process::session(server, client, Peer::new(version, capabilities))
}

async fn call(session: &Session<Client>) -> Result<CallToolResponse, ErrorData> {
    in_process::call(session, CallToolRequestParams::new("print")).await
}

fn error_text(response: Result<CallToolResponse, ErrorData>) -> String {
    let Ok(CallToolResponse::Complete(result)) = response else {
        panic!("a tool result, got {response:?}")
    };
    assert_eq!(result.is_error, Some(true), "{result:?}");
    serde_json::to_value(&result.content).unwrap()[0]["text"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn a_client_without_elicitation_gets_an_error_result_before_2026() {
    for version in [ProtocolVersion::V_2025_06_18, ProtocolVersion::V_2025_11_25] {
        let s = session(version.clone(), ClientCapabilities::default());
        let text = error_text(call(&s).await);
        assert!(
            text.contains("elicitation") && text.contains("cannot be asked"),
            "{version:?}: {text}"
        );
    }
}

#[tokio::test]
async fn a_client_without_elicitation_gets_32021_under_2026_07_28() {
    let s = session(ProtocolVersion::V_2026_07_28, ClientCapabilities::default());
    let err = call(&s).await.unwrap_err();
    assert_eq!(
        err.code,
        ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY,
        "{err:?}"
    );
    let data = err.data.expect("requiredCapabilities");
    assert!(
        data["requiredCapabilities"]["elicitation"].is_object(),
        "{data}"
    );
}

#[tokio::test]
async fn an_answer_that_breaks_the_form_is_an_error_result_naming_the_violation() {
    let s = session(
        ProtocolVersion::V_2025_11_25,
        ClientCapabilities::builder().enable_elicitation().build(),
    );
    let text = error_text(call(&s).await);
    assert!(
        text.contains("/copies") && text.contains("maximum"),
        "{text}"
    );
    // The message speaks of the form's answer, not of another flow's field.
    assert!(!text.contains("inputResponses"), "{text}");
}
