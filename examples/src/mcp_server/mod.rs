//! An MCP server on rmcp whose tools take and return toolform-derived types.
//!
//! - `search_flights`: defaults, `Option`s, a `DateTime` and declared
//!   constraints in, read with [`toolform::rmcp::Parameters`] (a bad call comes
//!   back as a tool result with `isError: true` naming every violation); a
//!   result with `skip_serializing_if` fields and a float that can be NaN out,
//!   returned as [`toolform::rmcp::Json`]. rmcp's `#[tool]` finds both schemas
//!   in the signature; every tool takes `toolform::rmcp::Parameters<T>`.
//! - `book_trip`: asks the user for a [`Traveller`] form with
//!   [`toolform::rmcp::ask`] (an `elicitation/create` request, or under protocol
//!   2026-07-28 an `InputRequiredResult`) and echoes the typed value back.
//! - `test_elicitation`, `test_elicitation_sep1034_defaults`,
//!   `test_elicitation_sep1330_enums`: the tools the MCP conformance scenarios
//!   `tools-call-elicitation`, `elicitation-sep1034-defaults` and
//!   `elicitation-sep1330-enums` call, each form an `ElicitForm` struct.
//! - `plan_trip`: the multi-round worked example of the README
//!   ([`toolform::rmcp::Rounds`]): two forms in one round, a third in the
//!   next, the tool's own state kept in a sealed `requestState` between them.
//! - `test_input_required_result_*` tools and the prompt
//!   `test_input_required_result_prompt`: what the conformance suite's
//!   `input-required-result-*` scenarios (protocol 2026-07-28, SEP-2322)
//!   call, written with [`toolform::rmcp::Rounds`]; under older protocols the
//!   same code asks by `elicitation/create`, `sampling/createMessage` and
//!   `roots/list` requests.
//! - `route_query`: its `region` argument is marked `"x-mcp-header": "Region"`
//!   (MCP 2026-07-28), so a Streamable HTTP client mirrors it into the header
//!   `Mcp-Param-Region`; `mcp-server --http` checks the two agree with
//!   `toolform::rmcp::HeaderCheckLayer` (the conformance scenario
//!   `http-custom-header-server-validation`).
//! - `test_simple_text`, `test_image_content`, `test_audio_content`,
//!   `test_embedded_resource`, `test_multiple_content_types`,
//!   `test_error_handling`, `test_tool_with_progress`: the tools of the
//!   conformance scenarios `tools-call-*`.
//! - `list_airports` and `find_airport`: non-object results (`Vec<Airport>`,
//!   `Option<Airport>`) returned as [`toolform::rmcp::Json`], the handler
//!   inside [`toolform::rmcp::every_revision!`]: a client on protocol 2026-07-28 gets the
//!   list (or `null`) as `structuredContent` under the type's own schema, an
//!   older one gets `{"result": ..}` under that schema wrapped in an object.
//! - With `contrast` on, `search_flights_schemars_deserialize` and
//!   `search_flights_schemars_serialize`: the same tool with the output schema
//!   schemars derives (deserialize contract; serialize contract, what rmcp's
//!   `Json<T>` uses for schemars types), which validating clients reject.

use chrono::{DateTime, Duration, TimeZone, Utc};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::InputResponses;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, GetPromptRequestParams, GetPromptResponse,
    GetPromptResult, Implementation, ListPromptsResult, PaginatedRequestParams, PromptMessage,
    Role, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};
use toolform::rmcp::{Asked, Call, Json, Parameters, Rounds, StateKey, ask};
use toolform::{ElicitForm, Elicited, ToolSchema};

mod airports;
mod content;
mod flights;
mod forms;
mod headers;
mod rounds;

pub use airports::*;
pub use flights::*;
pub use forms::*;
pub use headers::*;
pub use rounds::*;

/// The example server.
#[derive(Clone)]
pub struct ExampleServer {
    tool_router: ToolRouter<Self>,
    /// Seals the `requestState` of multi-round calls. Every instance serving
    /// one deployment needs the same key (streamable HTTP makes an instance
    /// per session, and a stateless 2026-07-28 call may land on any).
    key: StateKey,
}

impl ExampleServer {
    /// The server; `contrast` adds the two schemars-schema tools; `key`
    /// seals the `requestState` of multi-round calls.
    pub fn new(contrast: bool, key: StateKey) -> Self {
        let mut tool_router = Self::headers_router()
            + Self::flights_router()
            + Self::forms_router()
            + Self::rounds_router()
            + Self::content_router()
            + Self::airports_router();
        if contrast {
            tool_router += Self::contrast_router();
        }
        ExampleServer { tool_router, key }
    }

    /// Every tool the server lists (what `HeaderCheckLayer` reads the
    /// header parameters from).
    pub fn tools(&self) -> Vec<rmcp::model::Tool> {
        self.tool_router.list_all()
    }
}

/// A `requestState` key: the secret in the environment variable
/// `TOOLFORM_STATE_KEY` (at least 32 bytes; set the same on every replica),
/// else 32 random bytes from the operating system, fresh for this process.
pub fn state_key() -> Result<StateKey, String> {
    if let Some(secret) = std::env::var_os("TOOLFORM_STATE_KEY") {
        let secret = secret.into_encoded_bytes();
        return StateKey::new(secret).map_err(|e| format!("TOOLFORM_STATE_KEY: {e}"));
    }
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).map_err(|e| format!("no random key from the OS: {e}"))?;
    StateKey::new(secret).map_err(|e| e.to_string())
}

const COMPLETED: &str = "Elicitation completed";

/// Text content saying what the user did, in the words the conformance
/// scenarios use (`lead` is "Elicitation completed" or "User response").
fn elicitation_text<T: Serialize>(lead: &str, answer: &Elicited<T>) -> String {
    match answer {
        Elicited::Accepted(value) => format!(
            "{lead}: action=accept, content={}",
            serde_json::to_string(value).unwrap_or_default()
        ),
        Elicited::Declined => format!("{lead}: action=decline"),
        Elicited::Cancelled => format!("{lead}: action=cancel"),
    }
}

/// Asks for `T` (by request, or by `InputRequiredResult` under 2026-07-28)
/// and answers with text.
async fn ask_for_text<T: ElicitForm + Serialize>(
    context: &RequestContext<RoleServer>,
    responses: Option<&rmcp::model::InputResponses>,
    message: String,
    lead: &str,
) -> Result<CallToolResponse, ErrorData> {
    Ok(match ask::<T>(context, responses, "form", message).await? {
        Asked::InputRequired(result) => result.into(),
        Asked::Answered(answer) => {
            let text = elicitation_text(lead, &answer);
            CallToolResult::success(vec![ContentBlock::text(text)]).into()
        }
    })
}

fn text(text: impl Into<String>) -> CallToolResponse {
    CallToolResult::success(vec![ContentBlock::text(text.into())]).into()
}

// Non-object results (`list_airports`, `find_airport`) reach every revision:
// `every_revision!` writes `list_tools`, `call_tool` and `get_tool`.
toolform::rmcp::every_revision! {
#[tool_handler(router = self.tool_router)]
impl ServerHandler for ExampleServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_prompts()
                .build(),
        )
        .with_server_info(Implementation::new(
            "toolform-example",
            env!("CARGO_PKG_VERSION"),
        ))
        .with_instructions(
            "Flights, a booking form, a multi-round trip planner, and the MCP conformance forms.",
        )
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        Ok(ListPromptsResult::with_all_items(vec![
            rmcp::model::Prompt::new(
                ROUNDS_PROMPT,
                Some("Asks the user for context first (SEP-2322 on prompts/get)"),
                None,
            ),
        ]))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        if request.name != ROUNDS_PROMPT {
            return Err(ErrorData::invalid_params(
                format!("no prompt named {:?}", request.name),
                None,
            ));
        }
        self.rounds_prompt(request, context).await
    }
}
}

/// What schemars derives for the same result types: the schemas a validating
/// client holds the output to when the server lets schemars describe it.
pub mod contrast;
