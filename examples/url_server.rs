//! A small MCP server over stdio whose one tool sends the user to a URL
//! (URL-mode elicitation, SEP-1036, through `toolform::rmcp::ask_url`):
//! `examples/tests/url_interop.rs` drives it with the official Python SDK
//! under protocol 2025-11-25 and 2026-07-28, with the official
//! TypeScript SDK's v1 client under 2025-11-25, and with its v2 client under
//! both.
//!
//! ```text
//! cargo run -p toolform-examples --bin url-server
//! ```

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::InputResponses;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, Implementation, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use toolform::Elicited;
use toolform::rmcp::{Asked, ElicitFailure, UrlElicitation, ask_url, url_elicitation_complete};

/// Where the user signs in.
const LOGIN: &str = "https://auth.example.com/login?flow=calendar";

#[derive(Clone)]
struct UrlServer {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl UrlServer {
    /// Connects the user's calendar: they sign in at a URL the client opens.
    #[tool]
    async fn connect_calendar(
        &self,
        InputResponses(responses): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ElicitFailure> {
        let login =
            UrlElicitation::new("Sign in to your calendar", LOGIN)?.with_id("calendar-login");
        let text = match ask_url(&context, responses.as_ref(), "login", &login).await? {
            // Protocol 2026-07-28: the client retries with the answer.
            Asked::InputRequired(result) => return Ok(result.into()),
            Asked::Answered(Elicited::Accepted(())) => {
                // A real server learns of the sign-in from its own callback;
                // then it tells a 2025-11-25 client the interaction is done.
                let sent = url_elicitation_complete(&context.peer, login.id())
                    .await
                    .map_err(ElicitFailure::Service)?;
                format!("accepted; completion notification sent: {sent}")
            }
            Asked::Answered(Elicited::Declined) => "declined".to_owned(),
            Asked::Answered(Elicited::Cancelled) => "cancelled".to_owned(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    }
}

toolform::rmcp::every_revision! {
    #[tool_handler(router = self.tool_router)]
    impl ServerHandler for UrlServer {
        fn get_info(&self) -> ServerConfig {
            ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
                .with_server_info(Implementation::new("toolform-url-example", env!("CARGO_PKG_VERSION")))
        }
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = UrlServer {
        tool_router: UrlServer::tool_router(),
    };
    let service = server.serve(rmcp::transport::stdio()).await?;
    service.waiting().await?;
    Ok(())
}
