//! An rmcp server and client joined in process (a duplex pipe, no
//! handshake: each side is told the other's `initialize`), for the tests
//! that drive a toolform tool through rmcp's own client.

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ClientCapabilities, Implementation,
    InitializeRequestParams, InitializeResult, ProtocolVersion, ServerCapabilities,
};
use rmcp::service::{RoleClient, RoleServer, RunningService, ServiceError, serve_directly};
use rmcp::{ClientHandler, ErrorData, ServerHandler};

/// A running pair; the server task ends when this is dropped.
pub struct Session<C: ClientHandler> {
    /// rmcp's client, peer of the server.
    pub client: RunningService<RoleClient, C>,
    server: tokio::task::JoinHandle<()>,
}

impl<C: ClientHandler> Drop for Session<C> {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// How the client introduces itself.
pub struct Peer {
    /// The negotiated protocol version.
    pub version: ProtocolVersion,
    /// The client's declared capabilities.
    pub capabilities: ClientCapabilities,
    /// The pipe's buffer in bytes (large states need room).
    pub buffer: usize,
}

impl Peer {
    /// `version` with `capabilities` and a 64 KiB pipe.
    pub fn new(version: ProtocolVersion, capabilities: ClientCapabilities) -> Self {
        Peer {
            version,
            capabilities,
            buffer: 1 << 16,
        }
    }
}

/// Serves `server` to `client` in process. Call from inside a tokio runtime.
pub fn session<S, C>(server: S, client: C, peer: Peer) -> Session<C>
where
    S: ServerHandler,
    C: ClientHandler,
{
    let (server_io, client_io) = tokio::io::duplex(peer.buffer);
    let client_info =
        InitializeRequestParams::new(peer.capabilities, Implementation::new("toolform-test", "0"))
            .with_protocol_version(peer.version.clone());
    let server_info = InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
        .with_protocol_version(peer.version);
    let server = tokio::spawn(async move {
        let running: RunningService<RoleServer, _> =
            serve_directly(server, server_io, Some(client_info));
        let _ = running.waiting().await;
    });
    let client =
        serve_directly::<RoleClient, _, _, _, _>(client, client_io, Some(server_info.into()));
    Session { client, server }
}

/// One `tools/call`: the tool's response, or the JSON-RPC error. Panics on
/// a transport failure (a broken test, not a finding).
pub async fn call<C: ClientHandler>(
    session: &Session<C>,
    params: CallToolRequestParams,
) -> Result<CallToolResponse, ErrorData> {
    match session.client.call_tool_once(params).await {
        Ok(response) => Ok(response),
        Err(ServiceError::McpError(e)) => Err(e),
        Err(other) => panic!("transport failure: {other}"),
    }
}
