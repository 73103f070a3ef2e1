//! `toolform::rmcp::HeaderCheckLayer` in front of rmcp's Streamable HTTP
//! service: `Mcp-Param-*` headers checked against `tools/call` arguments
//! (MCP 2026-07-28, SEP-2243), over a real socket with a plain HTTP/1.1
//! client, and the layer alone around a recording inner service.

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{CallToolResult, ContentBlock, JsonObject, ServerCapabilities, ServerConfig};
use rmcp::transport::streamable_http_server::{
    StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde::Deserialize;
use serde_json::{Value, json};
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use toolform::ToolSchema;
use toolform::rmcp::{HeaderCheckLayer, Parameters};
use tower_service::Service;

// ---------------------------------------------------------------- the server

/// `locate`'s arguments: one header parameter of each type.
#[derive(Debug, Deserialize, ToolSchema)]
struct Locate {
    region: String,
    count: Option<u32>,
    exact: Option<bool>,
    note: Option<String>,
}

/// `Locate`'s input schema with `x-mcp-header` on three properties.
// TODO(header derive): `#[schema(header = "Region")]` etc. on the fields.
fn locate_schema() -> Arc<JsonObject> {
    let mut schema = Value::Object((*toolform::rmcp::input_schema::<Locate>()).clone());
    for (property, header) in [("region", "Region"), ("count", "Count"), ("exact", "Exact")] {
        schema["properties"][property]["x-mcp-header"] = json!(header);
    }
    match schema {
        Value::Object(map) => Arc::new(map),
        _ => Arc::new(JsonObject::new()),
    }
}

#[derive(Clone)]
struct Server {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Server {
    #[tool(description = "Echoes where it was asked to look", input_schema = locate_schema())]
    async fn locate(
        &self,
        Parameters(args): Parameters<Locate>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::success(vec![ContentBlock::text(format!(
            "{} {:?} {:?} {:?}",
            args.region, args.count, args.exact, args.note
        ))]))
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

fn server() -> Server {
    Server {
        tool_router: Server::tool_router(),
    }
}

/// rmcp's service, with the layer or without, on 127.0.0.1; its address.
async fn serve(with_layer: bool) -> std::net::SocketAddr {
    let service = StreamableHttpService::new(
        || Ok(server()),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default().with_json_response(true),
    );
    let router = if with_layer {
        let layer = HeaderCheckLayer::new(server().tool_router.list_all()).expect("valid headers");
        axum::Router::new().nest_service("/mcp", layer.layer(service))
    } else {
        axum::Router::new().nest_service("/mcp", service)
    };
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .expect("a free port");
    let address = listener.local_addr().expect("an address");
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    address
}

// ---------------------------------------------------------------- the client

const REVISION: &str = "2026-07-28";

/// A stateless 2026-07-28 `tools/call` of `locate`.
fn call_body(id: u64, arguments: Value) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "method": "tools/call",
        "params": {
            "name": "locate",
            "arguments": arguments,
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": REVISION,
                "io.modelcontextprotocol/clientInfo": {"name": "headers-http", "version": "1"},
                "io.modelcontextprotocol/clientCapabilities": {}
            }
        }
    })
}

struct Reply {
    status: u16,
    body: Value,
}

/// One POST over a fresh connection, written byte for byte (header values
/// may hold any byte); the reply read to the end.
async fn post(address: std::net::SocketAddr, body: &Value, headers: &[(&str, &[u8])]) -> Reply {
    let body = body.to_string();
    let mut request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: {REVISION}\r\n\
         Mcp-Method: tools/call\r\nMcp-Name: locate\r\nConnection: close\r\n\
         Content-Length: {}\r\n",
        body.len()
    )
    .into_bytes();
    for (name, value) in headers {
        request.extend_from_slice(name.as_bytes());
        request.extend_from_slice(b": ");
        request.extend_from_slice(value);
        request.extend_from_slice(b"\r\n");
    }
    request.extend_from_slice(b"\r\n");
    request.extend_from_slice(body.as_bytes());
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("the server listens");
    stream
        .write_all(&request)
        .await
        .expect("the request is sent");
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .await
        .expect("the reply is read");
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, rest) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let text = if chunked {
        dechunk(rest)
    } else {
        rest.to_owned()
    };
    // JSON, or the first `data:` event of a stream.
    let body = serde_json::from_str(&text)
        .ok()
        .or_else(|| {
            text.lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .find_map(|d| serde_json::from_str(d.trim()).ok())
        })
        .unwrap_or(Value::String(text));
    Reply { status, body }
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if size == 0 || after.len() < size {
            break;
        }
        let (chunk, tail) = after.split_at(size);
        out.push_str(chunk);
        rest = tail.strip_prefix("\r\n").unwrap_or(tail);
    }
    out
}

fn assert_passes(reply: &Reply, expected_text: &str) {
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(
        reply.body["result"]["content"][0]["text"], expected_text,
        "{}",
        reply.body
    );
}

/// HTTP 400 with -32020 from the layer (its message names the header and
/// the argument), for request `id`.
fn assert_refused(reply: &Reply, id: u64, header: &str, why: &str) {
    assert_eq!(reply.status, 400, "{}", reply.body);
    assert_eq!(reply.body["jsonrpc"], "2.0");
    assert_eq!(reply.body["id"], id, "{}", reply.body);
    assert_eq!(reply.body["error"]["code"], -32020, "{}", reply.body);
    let message = reply.body["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with(&format!("Header mismatch: {header}")) && message.contains(why),
        "expected a refusal of {header} saying {why:?}, got {message:?}"
    );
    assert_eq!(reply.body["error"]["data"]["header"], header);
}

// ---------------------------------------------------------------- over HTTP

#[tokio::test]
async fn matching_headers_pass() {
    let at = serve(true).await;
    let args = json!({"region": "eu-west1", "count": 42, "exact": true, "note": "n"});
    let sent: &[(&str, &[u8])] = &[
        ("Mcp-Param-Region", b"eu-west1"),
        ("mcp-param-count", b"42"),
        ("MCP-PARAM-EXACT", b"true"),
    ];
    let reply = post(at, &call_body(1, args), sent).await;
    assert_passes(&reply, "eu-west1 Some(42) Some(true) Some(\"n\")");
}

#[tokio::test]
async fn every_kind_of_mismatch_is_refused_with_400_and_32020() {
    let at = serve(true).await;
    let full = json!({"region": "eu-west1", "count": 42, "exact": true});
    // (arguments, headers sent, header at fault, what the message says)
    type Case<'a> = (Value, Vec<(&'a str, &'a [u8])>, &'a str, &'a str);
    let cases: Vec<Case> = vec![
        // A different string; strings compare exactly (case too).
        (
            full.clone(),
            vec![
                ("Mcp-Param-Region", b"us-east1"),
                ("Mcp-Param-Count", b"42"),
                ("Mcp-Param-Exact", b"true"),
            ],
            "Mcp-Param-Region",
            "the header says \"us-east1\"",
        ),
        (
            full.clone(),
            vec![
                ("Mcp-Param-Region", b"EU-WEST1"),
                ("Mcp-Param-Count", b"42"),
                ("Mcp-Param-Exact", b"true"),
            ],
            "Mcp-Param-Region",
            "the header says",
        ),
        // The body has a value, the header is missing.
        (
            full.clone(),
            vec![("Mcp-Param-Count", b"42"), ("Mcp-Param-Exact", b"true")],
            "Mcp-Param-Region",
            "the header is missing",
        ),
        // A header for an absent argument, and for a null one.
        (
            json!({"region": "eu"}),
            vec![("Mcp-Param-Region", b"eu"), ("Mcp-Param-Count", b"1")],
            "Mcp-Param-Count",
            "absent or null",
        ),
        (
            json!({"region": "eu", "exact": null}),
            vec![("Mcp-Param-Region", b"eu"), ("Mcp-Param-Exact", b"false")],
            "Mcp-Param-Exact",
            "absent or null",
        ),
        // Another integer; a boolean that is not `true`/`false` exactly.
        (
            full.clone(),
            vec![
                ("Mcp-Param-Region", b"eu-west1"),
                ("Mcp-Param-Count", b"43"),
                ("Mcp-Param-Exact", b"true"),
            ],
            "Mcp-Param-Count",
            "the header says \"43\"",
        ),
        (
            full.clone(),
            vec![
                ("Mcp-Param-Region", b"eu-west1"),
                ("Mcp-Param-Count", b"42"),
                ("Mcp-Param-Exact", b"True"),
            ],
            "Mcp-Param-Exact",
            "the header says \"True\"",
        ),
        // The header twice, even with the right value.
        (
            json!({"region": "eu"}),
            vec![("Mcp-Param-Region", b"eu"), ("Mcp-Param-Region", b"eu")],
            "Mcp-Param-Region",
            "more than once",
        ),
        // Bytes a header value cannot carry plainly (not ASCII: base64 it).
        (
            json!({"region": "Zürich"}),
            vec![("Mcp-Param-Region", "Zürich".as_bytes())],
            "Mcp-Param-Region",
            "not valid",
        ),
        (
            json!({"region": "eu"}),
            vec![("Mcp-Param-Region", b"e\xffu")],
            "Mcp-Param-Region",
            "not valid",
        ),
    ];
    for (i, (args, sent, header, why)) in cases.into_iter().enumerate() {
        let id = 100 + i as u64;
        let reply = post(at, &call_body(id, args), &sent).await;
        assert_refused(&reply, id, header, why);
    }
}

#[tokio::test]
async fn integers_compare_as_numbers() {
    let at = serve(true).await;
    for header in [&b"42.0"[..], b"42", b"4.2e1", b"+42"] {
        let args = json!({"region": "eu", "count": 42});
        let sent: &[(&str, &[u8])] = &[("Mcp-Param-Region", b"eu"), ("Mcp-Param-Count", header)];
        let reply = post(at, &call_body(1, args), sent).await;
        assert_passes(&reply, "eu Some(42) None None");
    }
    let sent: &[(&str, &[u8])] = &[("Mcp-Param-Region", b"eu"), ("Mcp-Param-Count", b"42.5")];
    let reply = post(
        at,
        &call_body(7, json!({"region": "eu", "count": 42})),
        sent,
    )
    .await;
    assert_refused(&reply, 7, "Mcp-Param-Count", "the header says \"42.5\"");
}

/// A header is compared with the body as an exact decimal, never through a
/// float: values a float would round to the body's integer are refused
/// (-32020), and so never rewritten to the body's spelling for rmcp.
#[tokio::test]
async fn near_integers_are_refused_not_rounded() {
    let at = serve(true).await;
    let cases: [(&[u8], u64); 4] = [
        (b"42.000000000000001", 42),
        (b"1e-400", 0),
        (b"9007199254740991.4", 9007199254740991),
        (b"0.9999999999999999999", 1),
    ];
    for (id, (header, count)) in (20u64..).zip(cases) {
        let sent: &[(&str, &[u8])] = &[("Mcp-Param-Region", b"eu"), ("Mcp-Param-Count", header)];
        let reply = post(
            at,
            &call_body(id, json!({"region": "eu", "count": count})),
            sent,
        )
        .await;
        assert_refused(&reply, id, "Mcp-Param-Count", "the header says");
    }
    // The exact spellings of the same values still agree.
    for header in [&b"0e5"[..], b"-0", b"0.0"] {
        let sent: &[(&str, &[u8])] = &[("Mcp-Param-Region", b"eu"), ("Mcp-Param-Count", header)];
        let reply = post(
            at,
            &call_body(30, json!({"region": "eu", "count": 0})),
            sent,
        )
        .await;
        assert_passes(&reply, "eu Some(0) None None");
    }
}

/// Why the layer rewrites verified headers: rmcp 3.11 alone compares an
/// integer header as text and refuses `42.0` for the body's `42`.
#[tokio::test]
async fn without_the_layer_rmcp_refuses_an_integer_written_42_0() {
    let at = serve(false).await;
    let sent: &[(&str, &[u8])] = &[("Mcp-Param-Region", b"eu"), ("Mcp-Param-Count", b"42.0")];
    let reply = post(
        at,
        &call_body(1, json!({"region": "eu", "count": 42})),
        sent,
    )
    .await;
    assert_eq!(reply.status, 400, "{}", reply.body);
    assert_eq!(reply.body["error"]["code"], -32020);
    let message = reply.body["error"]["message"].as_str().unwrap_or_default();
    assert!(!message.starts_with("Header mismatch"), "{message}");
}

#[tokio::test]
async fn base64_values_are_decoded() {
    let at = serve(true).await;
    for (region, header) in [
        ("Zürich", &b"=?base64?WsO8cmljaA==?="[..]),
        // Plain ASCII may be sent wrapped too.
        ("Hello", b"=?base64?SGVsbG8=?="),
        // Leading space must be wrapped (HTTP trims it off a plain value).
        (" padded", b"=?base64?IHBhZGRlZA==?="),
        // Without both ends of the sentinel, a value is literal.
        ("SGVsbG8=", b"SGVsbG8="),
        ("=?base64?SGVsbG8=", b"=?base64?SGVsbG8="),
    ] {
        let sent: &[(&str, &[u8])] = &[("Mcp-Param-Region", header)];
        let reply = post(at, &call_body(1, json!({"region": region})), sent).await;
        assert_passes(&reply, &format!("{region} None None None"));
    }
}

#[tokio::test]
async fn invalid_base64_is_refused() {
    let at = serve(true).await;
    for (i, header) in [
        &b"=?base64?SGVsbG8?="[..],
        b"=?base64?SGVs!!!bG8=?=",
        // Base64 of bytes that are not UTF-8.
        b"=?base64?/w==?=",
    ]
    .into_iter()
    .enumerate()
    {
        let id = 10 + i as u64;
        let sent: &[(&str, &[u8])] = &[("Mcp-Param-Region", header)];
        let reply = post(at, &call_body(id, json!({"region": "Hello"})), sent).await;
        assert_refused(&reply, id, "Mcp-Param-Region", "not valid");
    }
}

#[tokio::test]
async fn optional_arguments_null_or_absent_need_no_header() {
    let at = serve(true).await;
    let sent: &[(&str, &[u8])] = &[("Mcp-Param-Region", b"eu")];
    let reply = post(at, &call_body(1, json!({"region": "eu"})), sent).await;
    assert_passes(&reply, "eu None None None");
    let args = json!({"region": "eu", "count": null, "exact": null});
    let reply = post(at, &call_body(2, args), sent).await;
    assert_passes(&reply, "eu None None None");
}

// ---------------------------------------------------------------- the layer alone

/// What the inner service saw: the headers and body of each request.
#[derive(Clone, Default)]
struct Recorder {
    seen: Arc<Mutex<Vec<(http::HeaderMap, Bytes)>>>,
}

impl<B> Service<http::Request<B>> for Recorder
where
    B: http_body::Body + Send + 'static,
    B::Data: Send,
{
    type Response = http::Response<Full<Bytes>>;
    type Error = Infallible;
    type Future = std::pin::Pin<
        Box<dyn std::future::Future<Output = Result<Self::Response, Infallible>> + Send>,
    >;

    fn poll_ready(
        &mut self,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Infallible>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        let seen = Arc::clone(&self.seen);
        Box::pin(async move {
            let (parts, body) = request.into_parts();
            let bytes = body
                .collect()
                .await
                .map(|c| c.to_bytes())
                .unwrap_or_default();
            seen.lock()
                .unwrap_or_else(|p| p.into_inner())
                .push((parts.headers, bytes));
            Ok(http::Response::new(Full::new(Bytes::from_static(b"inner"))))
        })
    }
}

fn layer() -> HeaderCheckLayer {
    HeaderCheckLayer::new(server().tool_router.list_all()).expect("valid headers")
}

fn request(
    version: Option<&str>,
    headers: &[(&str, &str)],
    body: impl Into<Bytes>,
) -> http::Request<Full<Bytes>> {
    let mut builder = http::Request::post("/mcp");
    if let Some(version) = version {
        builder = builder.header("MCP-Protocol-Version", version);
    }
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    builder
        .body(Full::new(body.into()))
        .expect("a valid request")
}

/// The status and body text of what the layer answered, and what the
/// inner service saw.
async fn through(
    layer: &HeaderCheckLayer,
    request: http::Request<Full<Bytes>>,
) -> (u16, String, Vec<(http::HeaderMap, Bytes)>) {
    let recorder = Recorder::default();
    let mut service = layer.layer(recorder.clone());
    let response = service.call(request).await.unwrap_or_else(|e| match e {});
    let status = response.status().as_u16();
    let body = response
        .into_body()
        .collect()
        .await
        .map(|c| c.to_bytes())
        .unwrap_or_default();
    let seen = recorder
        .seen
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone();
    (status, String::from_utf8_lossy(&body).into_owned(), seen)
}

fn wrong_region() -> Vec<u8> {
    call_body(5, json!({"region": "eu"}))
        .to_string()
        .into_bytes()
}

#[tokio::test]
async fn only_revisions_with_param_headers_are_checked() {
    let layer = layer();
    let wrong = [("Mcp-Param-Region", "us")];
    // No version header (2025-03-26 by the 2025-06-18 rule), or an earlier
    // revision: no such headers exist there; the inner service decides.
    for version in [None, Some("2025-11-25"), Some("2025-06-18")] {
        let (status, body, seen) = through(&layer, request(version, &wrong, wrong_region())).await;
        assert_eq!(
            (status, body.as_str(), seen.len()),
            (200, "inner", 1),
            "{version:?}"
        );
    }
    // 2026-07-28, a later date, or a version that is not a date: checked.
    for version in ["2026-07-28", "2027-01-01", "draft", "2026-7-28"] {
        let (status, body, seen) =
            through(&layer, request(Some(version), &wrong, wrong_region())).await;
        assert_eq!(status, 400, "{version}: {body}");
        assert!(body.contains("-32020"), "{body}");
        assert!(seen.is_empty(), "{version}: the inner service was called");
    }
    // Two version headers: checked (fail closed).
    let mut twice = request(Some("2025-11-25"), &wrong, wrong_region());
    twice.headers_mut().append(
        "MCP-Protocol-Version",
        http::HeaderValue::from_static("2026-07-28"),
    );
    let (status, _, seen) = through(&layer, twice).await;
    assert_eq!((status, seen.len()), (400, 0));
}

#[tokio::test]
async fn a_verified_call_reaches_rmcp_with_canonical_headers() {
    let layer = layer();
    let body = call_body(1, json!({"region": "Zürich", "count": 42}))
        .to_string()
        .into_bytes();
    let sent = [
        ("Mcp-Param-Region", "=?base64?WsO8cmljaA==?="),
        ("Mcp-Param-Count", "4.2e1"),
        ("Mcp-Param-Other", "kept"),
    ];
    let (status, _, seen) = through(&layer, request(Some(REVISION), &sent, body.clone())).await;
    assert_eq!(status, 200);
    let [(headers, bytes)] = seen.as_slice() else {
        panic!("the inner service saw {} requests", seen.len());
    };
    assert_eq!(bytes.as_ref(), body.as_slice(), "the body passes unchanged");
    assert_eq!(headers["mcp-param-count"], "42");
    assert_eq!(headers["mcp-param-region"], "=?base64?WsO8cmljaA==?=");
    assert_eq!(headers["mcp-param-other"], "kept");
}

#[tokio::test]
async fn what_is_not_a_checked_call_passes_unchanged() {
    let layer = layer();
    let wrong = [("Mcp-Param-Region", "us")];
    let bodies: Vec<Vec<u8>> = vec![
        b"not json".to_vec(),
        b"".to_vec(),
        // Nested past serde_json's recursion limit: an error, not a crash.
        format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)).into_bytes(),
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
            .to_string()
            .into_bytes(),
        // A tool the layer does not know, or one without header parameters.
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "other"}})
            .to_string()
            .into_bytes(),
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": "locate"})
            .to_string()
            .into_bytes(),
    ];
    for body in bodies {
        let (status, _, seen) =
            through(&layer, request(Some(REVISION), &wrong, body.clone())).await;
        assert_eq!(status, 200);
        assert_eq!(seen.len(), 1);
        assert_eq!(seen[0].1.as_ref(), body.as_slice());
    }
    // GET (the SSE stream) is not read.
    let get = http::Request::get("/mcp")
        .header("MCP-Protocol-Version", REVISION)
        .body(Full::new(Bytes::new()))
        .expect("a request");
    let (status, _, seen) = through(&layer, get).await;
    assert_eq!((status, seen.len()), (200, 1));
}

#[tokio::test]
async fn a_call_without_arguments_needs_no_headers_and_refuses_stray_ones() {
    let layer = layer();
    let bare =
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "locate"}})
            .to_string();
    let (status, _, _) = through(&layer, request(Some(REVISION), &[], bare.clone())).await;
    assert_eq!(status, 200);
    let (status, body, seen) = through(
        &layer,
        request(Some(REVISION), &[("Mcp-Param-Region", "eu")], bare),
    )
    .await;
    assert_eq!((status, seen.len()), (400, 0), "{body}");
    let body: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(body["id"], 3);
}

#[tokio::test]
async fn every_call_of_a_batch_is_checked() {
    let layer = layer();
    let batch = json!([
        {"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        call_body(2, json!({"region": "us"})),
        call_body(3, json!({"region": "eu"})),
    ])
    .to_string();
    let (status, body, seen) = through(
        &layer,
        request(Some(REVISION), &[("Mcp-Param-Region", "us")], batch),
    )
    .await;
    assert_eq!((status, seen.len()), (400, 0), "{body}");
    let body: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(body["id"], 3);
}

#[tokio::test]
async fn the_body_read_is_bounded() {
    let layer = layer().with_max_body_bytes(64);
    let body = call_body(1, json!({"region": "eu"})).to_string();
    assert!(body.len() > 64);
    let (status, text, seen) = through(
        &layer,
        request(Some(REVISION), &[("Mcp-Param-Region", "eu")], body),
    )
    .await;
    assert_eq!((status, seen.len()), (413, 0), "{text}");
    assert!(text.contains("exceeds 64 bytes"), "{text}");
    // At the limit exactly: read and passed on.
    let small = json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}).to_string();
    let layer = HeaderCheckLayer::new(server().tool_router.list_all())
        .expect("valid")
        .with_max_body_bytes(small.len());
    let (status, _, seen) = through(&layer, request(Some(REVISION), &[], small)).await;
    assert_eq!((status, seen.len()), (200, 1));
}

#[test]
fn tools_with_invalid_annotations_are_all_named() {
    let tool = |name: &'static str, schema: Value| {
        let Value::Object(map) = schema else {
            panic!("an object")
        };
        rmcp::model::Tool::new(name, "", Arc::new(map))
    };
    let tools = [
        tool(
            "fine",
            json!({"type": "object", "properties": {"a": {"type": "string", "x-mcp-header": "A"}}}),
        ),
        tool(
            "number",
            json!({"type": "object", "properties": {"n": {"type": "number", "x-mcp-header": "N"}}}),
        ),
        tool(
            "spaced",
            json!({"type": "object", "properties": {"s": {"type": "string", "x-mcp-header": "A B"}}}),
        ),
    ];
    let err = HeaderCheckLayer::new(&tools).expect_err("two tools are invalid");
    let names: Vec<&str> = err.tools.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(names, ["number", "spaced"]);
    let text = err.to_string();
    assert!(
        text.starts_with("2 tool(s) have invalid `x-mcp-header` annotations"),
        "{text}"
    );
    assert!(
        text.contains("number: /properties/n/x-mcp-header"),
        "{text}"
    );
    let layer = HeaderCheckLayer::new(&tools[..1]).expect("valid");
    assert_eq!(
        layer.params("fine").map(|p| p[0].header()),
        Some("Mcp-Param-A".into())
    );
    assert!(layer.params("other").is_none());
}
