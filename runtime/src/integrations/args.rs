//! Tool arguments checked like form answers, as an rmcp extractor.

use crate::{ArgsError, ToolSchema, Violation};
use rmcp::handler::server::common::FromContextPart;
use rmcp::handler::server::tool::{IntoCallToolResult, ToolCallContext};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

/// A `#[tool]` function's arguments, read with [`crate::parse_args`]: every
/// constraint the input schema advertises is checked, and every violation is
/// named.
///
/// Most tools want [`Parameters<T>`](crate::rmcp::Parameters) instead: the
/// drop-in for rmcp's own, which rmcp's `#[tool]` finds by name (so the tool
/// advertises `T`'s input schema with no attribute) and which answers a bad
/// call itself. `Args<T>` is for a tool that wants the [`ArgsError`] in hand
/// (to add its own checks, or answer differently): it always extracts, and
/// the `?` operator turns the error into a tool result with `isError: true`
/// (MCP's "tool execution error", which the model reads and can correct)
/// listing every violation as text (see [`invalid_arguments_result`];
/// [`invalid_arguments_structured`] also carries them as `structuredContent`
/// for tools without an output schema). rmcp's own `Parameters<T>`, by
/// contrast, answers a bad call with one pathless serde message.
///
/// rmcp's `#[tool]` finds a tool's input schema only on a parameter written
/// `Parameters<..>`; name it for `Args<T>` with
/// `#[tool(input_schema = toolform::rmcp::input_schema::<T>())]`.
///
/// ```
/// use rmcp::handler::server::wrapper::Json;
/// use rmcp::{tool, tool_router};
/// use toolform::ToolSchema;
/// use toolform::rmcp::Args;
///
/// #[derive(serde::Deserialize, ToolSchema)]
/// struct Book {
///     #[schema(range(min = 1, max = 9))]
///     passengers: u8,
/// }
///
/// #[derive(serde::Serialize, ToolSchema)]
/// struct Booked { seats: u8 }
///
/// struct Server { tool_router: rmcp::handler::server::router::tool::ToolRouter<Self> }
///
/// #[tool_router]
/// impl Server {
///     /// Books seats.
///     #[tool(input_schema = toolform::rmcp::input_schema::<Book>())]
///     async fn book(&self, args: Args<Book>) -> Result<Json<Booked>, toolform::ArgsError> {
///         let book = args.into_inner()?;
///         Ok(Json(Booked { seats: book.passengers }))
///     }
/// }
/// # let _ = Server::tool_router();
/// ```
#[derive(Debug)]
pub struct Args<T>(Result<T, ArgsError>);

impl<T> Args<T> {
    /// The arguments, or every way they break `T`'s input schema.
    pub fn into_inner(self) -> Result<T, ArgsError> {
        self.0
    }

    /// The arguments by reference.
    pub fn as_result(&self) -> Result<&T, &ArgsError> {
        self.0.as_ref()
    }
}

impl<T: ToolSchema + DeserializeOwned> Args<T> {
    /// Reads `arguments` (a call's `arguments` object; absent is `{}`).
    pub fn parse(arguments: Option<Map<String, Value>>) -> Self {
        Args(crate::parse_args(Value::Object(
            arguments.unwrap_or_default(),
        )))
    }
}

/// `args: Args<T>` in a `#[tool]` fn. The arguments are read in place and
/// left in the context: extractors after it (a [`Call`](crate::rmcp::Call),
/// which binds a sealed `requestState` to them) still see them.
impl<S, T: ToolSchema + DeserializeOwned> FromContextPart<ToolCallContext<'_, S>> for Args<T> {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, rmcp::ErrorData> {
        let sent = context.arguments.take();
        let was_sent = sent.is_some();
        let arguments = Value::Object(sent.unwrap_or_default());
        let parsed = Args(crate::parse_args(&arguments));
        if let (true, Value::Object(map)) = (was_sent, arguments) {
            context.arguments = Some(map);
        }
        Ok(parsed)
    }
}

/// `{"violations": [{"path", "rule", "message"}, ..]}`.
pub fn violations_json(violations: &[Violation]) -> Value {
    let list: Vec<Value> = violations
        .iter()
        .map(|v| json!({"path": v.path, "rule": v.rule, "message": v.message}))
        .collect();
    json!({ "violations": list })
}

/// The tool result for arguments that break the input schema: `isError:
/// true` and the violations as text, one per line (what the model reads).
///
/// No `structuredContent`: clients validate a result's `structuredContent`
/// against the tool's `outputSchema` even when `isError` is set (the official
/// TypeScript SDK refuses the whole result, tested), so a list of violations
/// there would break every tool that declares an output schema. For a tool
/// without one, [`invalid_arguments_structured`] adds it.
pub fn invalid_arguments_result(error: &ArgsError) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(error.to_string())])
}

/// [`invalid_arguments_result`] plus `structuredContent`
/// `{"violations": [{"path", "rule", "message"}, ..]}`, for a tool that
/// declares no `outputSchema`.
pub fn invalid_arguments_structured(error: &ArgsError) -> CallToolResult {
    let mut result = invalid_arguments_result(error);
    result.structured_content = Some(violations_json(error.violations()));
    result
}

impl From<ArgsError> for CallToolResult {
    fn from(error: ArgsError) -> Self {
        invalid_arguments_result(&error)
    }
}

/// `Err(ArgsError)` from a `#[tool]` function: [`invalid_arguments_result`].
impl IntoCallToolResult for ArgsError {
    fn into_call_tool_result(self) -> Result<CallToolResponse, rmcp::ErrorData> {
        Ok(invalid_arguments_result(&self).into())
    }
}
