//! Tool output that is not an object (`Vec<T>`, a string, a number, an
//! `Option`, an enum of strings) across MCP protocol revisions.
//!
//! Protocol 2026-07-28 (SEP-2106) lets a tool's `outputSchema` be any schema
//! and its `structuredContent` any JSON value. Earlier revisions want both to
//! be objects, and a server answering such a peer must still send the value
//! as text. rmcp 3.11 handles the old peers by dropping: its server handler
//! removes every `outputSchema` whose root is not `"type": "object"` from
//! `tools/list` and moves a non-object `structuredContent` into the text
//! block, so an old client sees no schema and no structured value at all.
//!
//! This module keeps both for them, in an object: for a peer that negotiated
//! a revision before 2026-07-28, a tool whose `outputSchema` root is not
//! `"type": "object"` is listed with
//! `{"type": "object", "properties": {"result": <schema>}, "required": ["result"]}`
//! ([`result_object_schema`]) and its results carry `{"result": <value>}`.
//! Peers on 2026-07-28 get the schema and the value unchanged. Either way
//! the result holds the value's serde_json serialization as a text block.
//! Tools whose output schema is an object are left alone under every
//! revision.
//!
//! The decision is made from the tool's advertised schema, never from the
//! value: a tool returning `Option<Struct>` sends `{"result": {..}}` for
//! `Some` and `{"result": null}` for `None`, as its wrapped schema says.
//!
//! [`every_revision!`](crate::rmcp::every_revision) around a server's
//! `#[tool_handler]` impl is the one way to get this: it writes the
//! handler's `list_tools`, `call_tool` and `get_tool` (the first two cannot
//! go apart). A `toolform::rmcp::Json<T>` whose `T` is not an object,
//! returned by a tool of a server without it, fails the call with an error
//! that names the fix (every revision alike, so a test with any client
//! finds it), rather than reaching older clients without its schema.
//! [`list_tools`] and [`call_tool`] are the two methods for a handler
//! written by hand (with [`crate::rmcp::lenient`], say); [`tools_for`] and
//! [`result_for`] are the same for any list of tools and any result.

use super::schemars::{is_literal_keyword, is_name_map};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CacheScope, CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, JsonObject,
    ListToolsResult, ProtocolVersion, Tool,
};
use rmcp::service::{MaybeSend, RequestContext, RoleServer};
use serde_json::{Map, Value, json};
use std::sync::Arc;

/// The property that holds a non-object value for peers before 2026-07-28.
pub const RESULT_KEY: &str = "result";

tokio::task_local! {
    /// Set while [`call_tool`] runs the router's call: a tool's result then
    /// reaches every revision (`toolform::rmcp::Json<T>` asks).
    static EVERY_REVISION: ();
}

/// Whether the tool call being answered runs inside [`call_tool`] (so a
/// non-object result will be wrapped for older peers).
pub(crate) fn results_reach_every_revision() -> bool {
    EVERY_REVISION.try_with(|()| ()).is_ok()
}

/// Whether a peer on `version` takes any schema as `outputSchema` and any
/// value as `structuredContent` (protocol 2026-07-28 and later). An unknown
/// version is an old one, as rmcp's server handler reads it.
pub fn carries_any_output(version: Option<&ProtocolVersion>) -> bool {
    // ISO dates compare as strings, which is how rmcp compares them.
    version.is_some_and(|v| v.as_str() >= ProtocolVersion::V_2026_07_28.as_str())
}

/// Whether `schema` describes objects as revisions before 2026-07-28 (and
/// rmcp) read it: its root says `"type": "object"`. A union of objects with
/// no root `type` does not count; toolform's schemas add the root `type` to
/// those.
pub fn is_object_output(schema: &JsonObject) -> bool {
    schema.get("type").and_then(Value::as_str) == Some("object")
}

/// `schema` inside an object, for peers before 2026-07-28:
/// `{"type": "object", "properties": {"result": schema}, "required": ["result"]}`.
///
/// `$schema` moves to the new root. References into the document (`#`,
/// `#/$defs/..`) are rewritten to point into `properties/result`, where the
/// schema now is, so a recursive type still resolves; a schema with its own
/// `$id` is a resource of its own and is left as it is, and so is any part
/// of it with its own `$id`.
pub fn result_object_schema(schema: &JsonObject) -> JsonObject {
    let mut inner = schema.clone();
    let mut root = Map::new();
    root.insert("type".into(), json!("object"));
    if !inner.contains_key("$id") {
        if let Some(dialect) = inner.remove("$schema") {
            root.insert("$schema".into(), dialect);
        }
        let prefix = format!("#/properties/{RESULT_KEY}");
        rewrite_local_refs(&mut inner, &prefix);
    }
    root.insert(
        "properties".into(),
        Value::Object(Map::from_iter([(
            RESULT_KEY.to_owned(),
            Value::Object(inner),
        )])),
    );
    root.insert("required".into(), json!([RESULT_KEY]));
    root
}

/// Prefixes every JSON-pointer reference (`#` or `#/..`) of `schema` with
/// `prefix`, skipping data (`const`, `enum`, `default`, `examples`) and any
/// subschema with its own `$id` (its references are relative to it).
/// Iterative: a schema may be deep.
fn rewrite_local_refs(schema: &mut JsonObject, prefix: &str) {
    let rewrite = |map: &mut JsonObject| {
        for key in ["$ref", "$dynamicRef", "$recursiveRef"] {
            if let Some(Value::String(reference)) = map.get_mut(key)
                && let Some(pointer) = reference.strip_prefix('#')
                && (pointer.is_empty() || pointer.starts_with('/'))
            {
                *reference = format!("{prefix}{pointer}");
            }
        }
    };
    rewrite(schema);
    let mut stack: Vec<&mut Value> = Vec::new();
    for (key, value) in schema.iter_mut() {
        push_children(key, value, &mut stack);
    }
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                if map.contains_key("$id") {
                    continue;
                }
                rewrite(map);
                for (key, value) in map.iter_mut() {
                    push_children(key, value, &mut stack);
                }
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            _ => {}
        }
    }
}

/// The subschemas under keyword `key` of a schema object.
fn push_children<'a>(key: &str, value: &'a mut Value, stack: &mut Vec<&'a mut Value>) {
    if is_literal_keyword(key) {
        return;
    }
    if is_name_map(key) {
        if let Value::Object(named) = value {
            stack.extend(named.values_mut());
        }
    } else if value.is_object() || value.is_array() {
        stack.push(value);
    }
}

/// `tools` as a peer on `version` reads them: before 2026-07-28 every
/// `outputSchema` whose root is not an object is wrapped by
/// [`result_object_schema`]; from 2026-07-28 on, nothing changes.
///
/// Under every revision a root `"$schema"` naming JSON Schema 2020-12 (MCP's
/// default dialect, so the key says nothing a client does not assume) is
/// left out of `inputSchema` and `outputSchema`: rmcp's `#[tool]` asks
/// schemars, which writes it, while some clients refuse the key. Tools
/// listed through here carry none, like the ones
/// [`toolform::rmcp::tool`](crate::rmcp::tool) builds. Any other `$schema`
/// value is kept: it changes what the schema means.
pub fn tools_for(mut tools: Vec<Tool>, version: Option<&ProtocolVersion>) -> Vec<Tool> {
    let wrap = !carries_any_output(version);
    for tool in &mut tools {
        tool.input_schema = listed(&tool.input_schema, false);
        if let Some(schema) = &tool.output_schema {
            let wrap = wrap && !is_object_output(schema);
            tool.output_schema = Some(listed(schema, wrap));
        }
    }
    tools
}

/// JSON Schema 2020-12's meta-schema, as schemars writes it.
const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// Whether `schema`'s root `$schema` names 2020-12, MCP's default.
fn names_default_dialect(schema: &JsonObject) -> bool {
    schema
        .get("$schema")
        .and_then(Value::as_str)
        .is_some_and(|s| s.trim_end_matches('#') == DRAFT_2020_12)
}

/// `schema` as listed: wrapped by [`result_object_schema`] when `wrap`,
/// without a root `$schema` naming 2020-12 either way; `schema` itself when
/// neither changes it. Built once per schema: a tool router hands out the
/// same `Arc` for a tool's schema on every `tools/list`, so the listed
/// schema is kept beside it, and found again by the address of a schema
/// that is still alive (a `Weak` to it, so a new schema at a freed address
/// is never taken for the old one).
fn listed(schema: &Arc<JsonObject>, wrap: bool) -> Arc<JsonObject> {
    use std::collections::HashMap;
    use std::sync::{Mutex, PoisonError, Weak};
    type Cache = HashMap<(usize, bool), (Weak<JsonObject>, Arc<JsonObject>)>;
    static CACHE: Mutex<Option<Cache>> = Mutex::new(None);
    if !wrap && !names_default_dialect(schema) {
        return Arc::clone(schema);
    }
    let key = (Arc::as_ptr(schema) as usize, wrap);
    let mut guard = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    let cache = guard.get_or_insert_with(HashMap::new);
    if let Some((weak, kept)) = cache.get(&key)
        && weak
            .upgrade()
            .is_some_and(|alive| Arc::ptr_eq(&alive, schema))
    {
        return Arc::clone(kept);
    }
    // Entries of schemas no longer alive go before the cache grows: it
    // holds at most about twice the live schemas.
    if cache.len() >= 64 && cache.len().is_power_of_two() {
        cache.retain(|_, (weak, _)| weak.strong_count() > 0);
    }
    let mut fresh = if wrap {
        result_object_schema(schema)
    } else {
        JsonObject::clone(schema)
    };
    if names_default_dialect(&fresh) {
        fresh.remove("$schema");
    }
    let fresh = Arc::new(fresh);
    cache.insert(key, (Arc::downgrade(schema), Arc::clone(&fresh)));
    fresh
}

/// A tool's result as a peer on `version` reads it, for a tool that
/// advertised `output_schema` (as the tool router holds it, before
/// [`tools_for`]).
///
/// A successful result with `structuredContent` gets a text block holding
/// the value's serde_json serialization, unless one of its text blocks
/// already holds that value (SEP-2106: a non-object value MUST also be sent
/// as text; MCP asks it of every structured value). Before 2026-07-28, the
/// value of a tool whose schema is not an object becomes
/// `{"result": value}`. Error results, results without `structuredContent`,
/// tools without an output schema, `InputRequiredResult`s and tasks are
/// passed through: rmcp then moves a non-object value of those into text
/// for an old peer.
pub fn result_for(
    output_schema: Option<&JsonObject>,
    response: CallToolResponse,
    version: Option<&ProtocolVersion>,
) -> CallToolResponse {
    let CallToolResponse::Complete(mut result) = response else {
        return response;
    };
    if result.is_error == Some(true) || output_schema.is_none() {
        return result.into();
    }
    let Some(value) = result.structured_content.take() else {
        return result.into();
    };
    add_text(&mut result, &value);
    let wrap = !carries_any_output(version) && output_schema.is_some_and(|s| !is_object_output(s));
    result.structured_content = Some(if wrap {
        Value::Object(Map::from_iter([(RESULT_KEY.to_owned(), value)]))
    } else {
        value
    });
    result.into()
}

/// Puts `value`'s serialization first in `result.content` unless a text
/// block already holds it.
fn add_text(result: &mut CallToolResult, value: &Value) {
    let present = result.content.iter().any(|block| {
        block.as_text().is_some_and(|text| {
            serde_json::from_str::<Value>(&text.text).is_ok_and(|v| v == *value)
        })
    });
    if !present {
        result
            .content
            .insert(0, ContentBlock::text(value.to_string()));
    }
}

/// `tools/list` of a `#[tool_handler]` server whose non-object results
/// reach every revision: the router's tools through [`tools_for`], with the
/// same caching hints as rmcp's generated `list_tools`.
///
/// ```
/// use rmcp::handler::server::router::tool::ToolRouter;
/// use rmcp::model::{CallToolRequestParams, CallToolResponse, ListToolsResult};
/// use rmcp::model::PaginatedRequestParams;
/// use rmcp::service::{RequestContext, RoleServer};
/// use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
/// use toolform::rmcp::Json;
///
/// #[derive(Clone)]
/// struct Server { tool_router: ToolRouter<Self> }
///
/// #[tool_router]
/// impl Server {
///     /// The airports served.
///     #[tool]
///     async fn airports(&self) -> Json<Vec<String>> {
///         Json(vec!["LHR".into(), "CDG".into()])
///     }
/// }
///
/// #[tool_handler(router = self.tool_router)]
/// impl ServerHandler for Server {
///     async fn list_tools(
///         &self,
///         _request: Option<PaginatedRequestParams>,
///         context: RequestContext<RoleServer>,
///     ) -> Result<ListToolsResult, ErrorData> {
///         Ok(toolform::rmcp::output::list_tools(&self.tool_router, &context))
///     }
///
///     async fn call_tool(
///         &self,
///         request: CallToolRequestParams,
///         context: RequestContext<RoleServer>,
///     ) -> Result<CallToolResponse, ErrorData> {
///         toolform::rmcp::output::call_tool(&self.tool_router, self, request, context).await
///     }
/// }
///
/// let tools = toolform::rmcp::output::tools_for(Server::tool_router().list_all(), None);
/// assert_eq!(tools[0].output_schema.as_ref().unwrap()["required"], serde_json::json!(["result"]));
/// ```
pub fn list_tools<S: MaybeSend + 'static>(
    router: &ToolRouter<S>,
    context: &RequestContext<RoleServer>,
) -> ListToolsResult {
    let version = context.protocol_version();
    let mut result =
        ListToolsResult::with_all_items(tools_for(router.list_all(), version.as_ref()));
    if carries_any_output(version.as_ref()) {
        result.ttl_ms = Some(0);
        result.cache_scope = Some(CacheScope::Public);
    }
    result
}

/// `tools/call` of a `#[tool_handler]` server whose non-object results
/// reach every revision: the router's call, then [`result_for`] with the
/// called tool's output schema and the peer's protocol version. Goes with
/// [`list_tools`] (see there).
///
/// The arguments as sent are also kept in the request's extensions, where
/// a [`Call`](crate::rmcp::Call) extractor finds them in any order with the
/// other extractors (and tells a call without `arguments` from arguments
/// another extractor took).
pub async fn call_tool<S: MaybeSend + 'static>(
    router: &ToolRouter<S>,
    service: &S,
    request: CallToolRequestParams,
    context: RequestContext<RoleServer>,
) -> Result<CallToolResponse, rmcp::ErrorData> {
    let version = context.protocol_version();
    let schema = router
        .get(&request.name)
        .and_then(|tool| tool.output_schema.clone());
    // The arguments as the client sent them, for `Call` (whatever extractor
    // takes them before it).
    let mut context = context;
    context
        .extensions
        .insert(super::rounds::SentArguments(request.arguments.clone()));
    let call = router.call(ToolCallContext::new(service, request, context));
    let response = EVERY_REVISION.scope((), call).await?;
    let response = without_router_prefix(response);
    Ok(result_for(schema.as_deref(), response, version.as_ref()))
}

/// toolform's own argument errors without the prefix rmcp's router needed
/// to make them tool results (`failed to deserialize parameters:`, though
/// nothing failed to deserialize): the model reads `the arguments do not
/// match the tool's input schema: ..`. Other texts are left as they are.
fn without_router_prefix(response: CallToolResponse) -> CallToolResponse {
    let CallToolResponse::Complete(mut result) = response else {
        return response;
    };
    if result.is_error == Some(true) {
        for block in &mut result.content {
            if let ContentBlock::Text(text) = block
                && let Some(own) = super::own_argument_error(&text.text)
            {
                text.text = own.to_owned();
            }
        }
    }
    result.into()
}

/// Writes a `#[tool_handler]` server's `list_tools`, `call_tool` and
/// `get_tool` so that non-object results (`toolform::rmcp::Json<Vec<T>>`,
/// `Json<Option<T>>`, `Json<String>`) reach every protocol revision:
/// written around the impl, with the `#[tool_handler]` attribute first.
///
/// ```
/// use rmcp::handler::server::router::tool::ToolRouter;
/// use rmcp::model::{ServerCapabilities, ServerConfig};
/// use rmcp::{ServerHandler, tool, tool_handler, tool_router};
/// use toolform::rmcp::Json;
///
/// #[derive(serde::Serialize, toolform::ToolSchema)]
/// struct Airport { code: String }
///
/// #[derive(Clone)]
/// struct Server { tool_router: ToolRouter<Self> }
///
/// #[tool_router]
/// impl Server {
///     /// The airports served.
///     #[tool]
///     async fn airports(&self) -> Json<Vec<Airport>> {
///         Json(vec![Airport { code: "LHR".into() }])
///     }
/// }
///
/// toolform::rmcp::every_revision! {
///     #[tool_handler(router = self.tool_router)]
///     impl ServerHandler for Server {
///         fn get_info(&self) -> ServerConfig {
///             ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
///         }
///     }
/// }
/// # let _ = Server { tool_router: Server::tool_router() };
/// ```
///
/// - `tools/list` goes through [`list_tools`]: before 2026-07-28 a
///   non-object `outputSchema` is listed inside `{"result": ..}`.
/// - `tools/call` goes through [`call_tool`]: the value follows its listed
///   schema, and a `toolform::rmcp::Json<T>` knows it is in good hands.
///   Without this macro (or [`call_tool`]), a `Json<T>` whose `T` is not an
///   object fails the call (JSON-RPC -32603 naming this macro) under every
///   revision, rather than reach older clients without its schema.
/// - `get_tool` is the router's, as `#[tool_handler]` writes it.
///
/// The router is `router = self.<field>` (a field path) or, with no
/// `router`, `Self::tool_router()`, as `#[tool_handler]` reads it; its
/// other options (`name`, `version`, `instructions`, `meta`) follow the
/// router and are kept. Other attributes (`#[prompt_handler]`) go after it.
/// The impl must not write `list_tools`, `call_tool` or `get_tool` itself
/// (two definitions do not compile).
#[doc(hidden)]
#[macro_export]
macro_rules! __toolform_rmcp_every_revision {
    (
        #[$($handler:ident)::+ (router = $this:ident $(. $field:ident)+ $(, $($option:tt)*)?)]
        $(#[$attr:meta])*
        impl $($trait:ident)::+ for $ty:ty { $($body:tt)* }
    ) => {
        $crate::__toolform_rmcp_every_revision! {
            @emit [$this] [$this $(. $field)+]
            [
                #[$($handler)::+ (router = $this $(. $field)+ $(, $($option)*)?)]
                $(#[$attr])*
                impl $($trait)::+ for $ty
            ]
            { $($body)* }
        }
    };
    (
        #[$($handler:ident)::+]
        $(#[$attr:meta])*
        impl $($trait:ident)::+ for $ty:ty { $($body:tt)* }
    ) => {
        $crate::__toolform_rmcp_every_revision! {
            @emit [self] [Self::tool_router()]
            [
                #[$($handler)::+]
                $(#[$attr])*
                impl $($trait)::+ for $ty
            ]
            { $($body)* }
        }
    };
    (
        @emit [$this:ident] [$($router:tt)+] [$($head:tt)*] { $($body:tt)* }
    ) => {
        $($head)* {
            async fn list_tools(
                &$this,
                _request: ::core::option::Option<$crate::rmcp::__rmcp::model::PaginatedRequestParams>,
                context: $crate::rmcp::__rmcp::service::RequestContext<$crate::rmcp::__rmcp::service::RoleServer>,
            ) -> ::core::result::Result<
                $crate::rmcp::__rmcp::model::ListToolsResult,
                $crate::rmcp::__rmcp::ErrorData,
            > {
                ::core::result::Result::Ok($crate::rmcp::output::list_tools(&$($router)+, &context))
            }

            async fn call_tool(
                &$this,
                request: $crate::rmcp::__rmcp::model::CallToolRequestParams,
                context: $crate::rmcp::__rmcp::service::RequestContext<$crate::rmcp::__rmcp::service::RoleServer>,
            ) -> ::core::result::Result<
                $crate::rmcp::__rmcp::model::CallToolResponse,
                $crate::rmcp::__rmcp::ErrorData,
            > {
                $crate::rmcp::output::call_tool(&$($router)+, $this, request, context).await
            }

            fn get_tool(
                &$this,
                name: &str,
            ) -> ::core::option::Option<$crate::rmcp::__rmcp::model::Tool> {
                $($router)+.get(name).cloned()
            }

            $($body)*
        }
    };
    ($($other:tt)*) => {
        ::core::compile_error!(
            "toolform::rmcp::every_revision! takes a `#[tool_handler]` impl: \
             `every_revision! { #[tool_handler(router = self.tool_router)] impl ServerHandler for Server { .. } }` \
             (the `#[tool_handler]` attribute first, its router a field of `self` or left out)"
        );
    };
}
