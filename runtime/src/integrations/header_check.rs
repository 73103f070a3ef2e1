//! The server's `Mcp-Param-*` check (MCP 2026-07-28, SEP-2243) as a tower
//! layer in front of rmcp's `StreamableHttpService` (cargo feature
//! `rmcp-http`).
//!
//! A `tools/call` POST whose `MCP-Protocol-Version` is 2026-07-28 or later
//! has its body read (at most [`DEFAULT_MAX_BODY_BYTES`], rmcp's own limit,
//! unless set otherwise) and each `x-mcp-header` argument of the called tool
//! compared with its header by [`headers::verify`]. A disagreement is
//! answered with HTTP 400 and a JSON-RPC error `-32020` (HeaderMismatch),
//! and the inner service never sees the request.
//!
//! rmcp 3.11's own server compares the same headers after this layer, but
//! as text: an integer header `42.0` for the body's `42` (which the spec
//! says agree) is refused there. So once this layer has found a call's
//! headers in agreement it rewrites each `Mcp-Param-*` header to the form
//! rmcp compares with (the body's value as serde_json prints it, or the
//! `=?base64?..?=` form of a string that needs it): the same value, spelled
//! the way the next check reads it.

use crate::headers::{self, HEADER_MISMATCH, HeaderMismatch, HeaderParam};
use crate::violation::Violation;
use ::http::{HeaderMap, HeaderName, HeaderValue, Method, Request, Response, StatusCode};
use bytes::Bytes;
use http_body::Body;
use http_body_util::{BodyExt, Either, Full, LengthLimitError, Limited};
use rmcp::model::Tool;
use serde_json::{Value, json};
use std::borrow::Borrow;
use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

/// The most body bytes the layer reads: rmcp's default
/// `StreamableHttpServerConfig::max_request_body_bytes` (4 MiB). A larger
/// body is answered with 413, as rmcp would.
pub const DEFAULT_MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

/// The first revision with `Mcp-Param-*` headers.
const FIRST_REVISION: &str = "2026-07-28";

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Tools whose `x-mcp-header` annotations break the spec's rules (a client
/// must drop such a tool, so the server should not list it): every tool's
/// every violation, from [`headers::check`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidToolHeaders {
    /// Each tool at fault, with the violations of its `inputSchema`.
    pub tools: Vec<(String, Vec<Violation>)>,
}

impl fmt::Display for InvalidToolHeaders {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} tool(s) have invalid `x-mcp-header` annotations",
            self.tools.len()
        )?;
        for (tool, violations) in &self.tools {
            for v in violations {
                write!(f, "\n  {tool}: {v}")?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for InvalidToolHeaders {}

/// A tower [`Layer`](tower_layer::Layer) that checks `Mcp-Param-*` headers
/// against the arguments of every `tools/call` before rmcp's
/// `StreamableHttpService` sees it:
///
/// ```text
/// let service = tower::ServiceBuilder::new()
///     .layer(toolform::rmcp::HeaderCheckLayer::new(server.tool_router.list_all())?)
///     .service(StreamableHttpService::new(..));
/// ```
///
/// It applies to a POST whose `MCP-Protocol-Version` header is 2026-07-28 or
/// later (or is not an earlier revision's date: a malformed or repeated
/// version is checked, fail closed). Earlier revisions have no such headers,
/// and a request without the version header is one of theirs (the 2025-06-18
/// transport says to assume 2025-03-26 then), so those pass unread.
#[derive(Debug, Clone)]
pub struct HeaderCheckLayer {
    tools: Arc<HashMap<String, Vec<HeaderParam>>>,
    max_body_bytes: usize,
}

impl HeaderCheckLayer {
    /// The check for these tools (an rmcp `ToolRouter`'s `list_all()`, or
    /// what `list_tools` returns): each tool's header parameters are read
    /// from its `inputSchema` by [`headers::check`]. Every tool with an
    /// invalid annotation is an error, all of them at once.
    pub fn new<T: Borrow<Tool>>(
        tools: impl IntoIterator<Item = T>,
    ) -> Result<Self, InvalidToolHeaders> {
        let mut table = HashMap::new();
        let mut invalid = Vec::new();
        for tool in tools {
            let tool = tool.borrow();
            let schema = Value::Object(tool.input_schema.as_ref().clone());
            match headers::check(&schema) {
                Ok(params) if params.is_empty() => {}
                Ok(params) => {
                    table.insert(tool.name.to_string(), params);
                }
                Err(violations) => invalid.push((tool.name.to_string(), violations)),
            }
        }
        if !invalid.is_empty() {
            return Err(InvalidToolHeaders { tools: invalid });
        }
        Ok(HeaderCheckLayer {
            tools: Arc::new(table),
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
        })
    }

    /// Reads at most `bytes` of a body (set it to the rmcp config's
    /// `max_request_body_bytes` when that is not the default).
    pub fn with_max_body_bytes(mut self, bytes: usize) -> Self {
        self.max_body_bytes = bytes;
        self
    }

    /// The header parameters of `tool`, when it has any.
    pub fn params(&self, tool: &str) -> Option<&[HeaderParam]> {
        self.tools.get(tool).map(Vec::as_slice)
    }

    /// `inner` (rmcp's `StreamableHttpService`) behind the check: the same
    /// as `tower_layer::Layer::layer`, callable without importing the trait.
    pub fn layer<S>(&self, inner: S) -> HeaderCheck<S> {
        HeaderCheck {
            inner,
            layer: self.clone(),
        }
    }
}

impl<S> tower_layer::Layer<S> for HeaderCheckLayer {
    type Service = HeaderCheck<S>;

    fn layer(&self, inner: S) -> HeaderCheck<S> {
        HeaderCheckLayer::layer(self, inner)
    }
}

/// The service [`HeaderCheckLayer`] wraps around an inner one. The inner
/// service receives the body it would have (read in full when the layer had
/// to look at it), and its response body is passed through unchanged.
#[derive(Debug, Clone)]
pub struct HeaderCheck<S> {
    inner: S,
    layer: HeaderCheckLayer,
}

/// The body the inner service receives: the buffered bytes, or the original
/// body when the layer did not read it.
pub type CheckedRequestBody<B> = Either<Full<Bytes>, B>;

/// The body of a response: the inner service's, or the layer's own refusal.
pub type CheckedResponseBody<R> = Either<R, Full<Bytes>>;

impl<S, B, R> tower_service::Service<Request<B>> for HeaderCheck<S>
where
    S: tower_service::Service<Request<CheckedRequestBody<B>>, Response = Response<R>>
        + Clone
        + Send
        + 'static,
    S::Future: Send,
    S::Error: Send,
    B: Body<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
    R: Send,
{
    type Response = Response<CheckedResponseBody<R>>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        // The service polled ready is the one that is called.
        let fresh = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, fresh);
        let layer = self.layer.clone();
        Box::pin(async move {
            let applies = request.method() == Method::POST
                && !layer.tools.is_empty()
                && revision_has_param_headers(request.headers());
            if !applies {
                let response = inner.call(request.map(Either::Right)).await?;
                return Ok(response.map(Either::Left));
            }
            let (mut parts, body) = request.into_parts();
            let bytes = match Limited::new(body, layer.max_body_bytes).collect().await {
                Ok(collected) => collected.to_bytes(),
                Err(e) => return Ok(unreadable(&*e, layer.max_body_bytes)),
            };
            if let Err(error) = check_message(&layer.tools, &mut parts.headers, &bytes) {
                return Ok(plain(
                    StatusCode::BAD_REQUEST,
                    "application/json",
                    error.to_string().into_bytes(),
                ));
            }
            let request = Request::from_parts(parts, Either::Left(Full::new(bytes)));
            let response = inner.call(request).await?;
            Ok(response.map(Either::Left))
        })
    }
}

/// Whether the request's `MCP-Protocol-Version` calls for the check: absent,
/// or one value that is the date of an earlier revision, does not.
fn revision_has_param_headers(headers: &HeaderMap) -> bool {
    let mut values = headers.get_all("mcp-protocol-version").iter();
    let Some(first) = values.next() else {
        return false;
    };
    if values.next().is_some() {
        return true;
    }
    match first.to_str() {
        Ok(version) => !is_earlier_revision(version.trim()),
        Err(_) => true,
    }
}

/// A `YYYY-MM-DD` revision before 2026-07-28.
fn is_earlier_revision(version: &str) -> bool {
    let shaped = version.len() == 10
        && version.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'-',
            _ => b.is_ascii_digit(),
        });
    shaped && version < FIRST_REVISION
}

/// The answer to a body the layer could not read.
fn unreadable<R>(
    error: &(dyn std::error::Error + 'static),
    limit: usize,
) -> Response<Either<R, Full<Bytes>>> {
    let (status, text) = if error.is::<LengthLimitError>() {
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("Payload Too Large: request body exceeds {limit} bytes"),
        )
    } else {
        (
            StatusCode::BAD_REQUEST,
            format!("Bad Request: the request body could not be read: {error}"),
        )
    };
    plain(status, "text/plain; charset=utf-8", text.into_bytes())
}

fn plain<R>(
    status: StatusCode,
    content_type: &'static str,
    body: Vec<u8>,
) -> Response<Either<R, Full<Bytes>>> {
    let mut response = Response::new(Either::Right(Full::new(Bytes::from(body))));
    *response.status_mut() = status;
    response.headers_mut().insert(
        ::http::header::CONTENT_TYPE,
        HeaderValue::from_static(content_type),
    );
    response
}

/// Checks every `tools/call` in the body (one message, or each of a batch)
/// of a tool with header parameters; on agreement rewrites its headers to
/// the canonical form. A body that is not JSON, or holds no such call, is
/// the inner service's to answer. `Err`: the JSON-RPC error response.
fn check_message(
    tools: &HashMap<String, Vec<HeaderParam>>,
    headers: &mut HeaderMap,
    body: &[u8],
) -> Result<(), Value> {
    let Ok(message) = serde_json::from_slice::<Value>(body) else {
        return Ok(());
    };
    let messages = match &message {
        Value::Array(batch) => batch.iter().collect(),
        one => vec![one],
    };
    for message in messages {
        if message.get("method").and_then(Value::as_str) != Some("tools/call") {
            continue;
        }
        let params = message.get("params");
        let Some(params_of_tool) = params
            .and_then(|p| p.get("name"))
            .and_then(Value::as_str)
            .and_then(|name| tools.get(name))
        else {
            continue;
        };
        let arguments = params
            .and_then(|p| p.get("arguments"))
            .unwrap_or(&Value::Null);
        let sent = headers
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_bytes()));
        if let Err(mismatch) = headers::verify(params_of_tool, arguments, sent) {
            let id = message.get("id").cloned().unwrap_or(Value::Null);
            return Err(refusal(id, &mismatch));
        }
        canonicalize(params_of_tool, arguments, headers);
    }
    Ok(())
}

/// The JSON-RPC error `-32020` (sent with HTTP 400).
fn refusal(id: Value, mismatch: &HeaderMismatch) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {
            "code": HEADER_MISMATCH,
            "message": format!("Header mismatch: {mismatch}"),
            "data": {"header": mismatch.header, "argument": mismatch.pointer},
        },
    })
}

/// Each header of a verified call, spelled as rmcp 3.11 compares it: the
/// body's value as serde_json prints it (a string `=?base64?..?=`-wrapped
/// when it needs to be).
fn canonicalize(params: &[HeaderParam], arguments: &Value, headers: &mut HeaderMap) {
    for param in params {
        let Ok(name) = HeaderName::from_bytes(param.header().as_bytes()) else {
            continue;
        };
        let value = param
            .path
            .iter()
            .try_fold(arguments, |at, step| at.as_object()?.get(step));
        let text = match value {
            Some(Value::String(s)) => headers::encode_value(s),
            Some(Value::Bool(b)) => b.to_string(),
            Some(Value::Number(n)) => n.to_string(),
            // Absent or null: verified to have no header.
            _ => continue,
        };
        if let Ok(value) = HeaderValue::from_str(&text) {
            headers.insert(name, value);
        }
    }
}
