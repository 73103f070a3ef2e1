//! `route_query`: an argument mirrored into the `Mcp-Param-Region` header.

use super::*;

/// `route_query`'s arguments: the region also travels in the header
/// `Mcp-Param-Region` (MCP 2026-07-28, SEP-2243).
#[derive(Debug, Deserialize, ToolSchema)]
pub struct RouteQuery {
    /// The region the query runs in; mirrored into `Mcp-Param-Region`.
    #[schema(header = "Region")]
    pub region: String,
    /// What to look up there.
    pub query: Option<String>,
}

#[tool_router(router = headers_router, vis = "pub(super)")]
impl ExampleServer {
    /// The conformance scenario `http-custom-header-server-validation`
    /// calls the tool with a string `x-mcp-header` parameter: this one, the
    /// only one. The HTTP server checks its header with
    /// `toolform::rmcp::HeaderCheckLayer`.
    #[tool(
        description = "Runs a query in a region; the region travels in the Mcp-Param-Region header too (SEP-2243)"
    )]
    async fn route_query(
        &self,
        Parameters(args): Parameters<RouteQuery>,
    ) -> Result<CallToolResponse, ErrorData> {
        Ok(text(format!(
            "{} in region {}",
            args.query.as_deref().unwrap_or("nothing"),
            args.region
        )))
    }
}
