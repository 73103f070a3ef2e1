//! The forgiving read of tool arguments in an rmcp server (cargo features
//! `rmcp` and `lenient`): the schema-level repairs of
//! [`toolform::lenient`](crate::lenient) (the host already parsed the JSON),
//! and the model told in the result what was repaired, so it can do better
//! next time.
//!
//! - **One tool**: take [`Parameters<T>`] from this module instead of
//!   `toolform::rmcp::Parameters<T>`; it carries the [`Repairs`] made, and
//!   [`Repairs::tell`] adds them to the tool's result.
//! - **A whole server**: [`call_tool`] in the `#[tool_handler]` impl repairs
//!   every call's arguments against the called tool's `inputSchema` before
//!   the router reads them, and adds the repairs to the result (the call
//!   goes through [`crate::rmcp::output::call_tool`], so write
//!   [`crate::rmcp::output::list_tools`] beside it); or [`repair_arguments`] and
//!   [`Repairs::tell_response`] around another `call_tool`.
//!
//! Only repairs with one reading are made (a string holding the JSON of the
//! object or array the schema wants, a string holding a number or boolean
//! where no string is admitted, a lone value where an array is wanted);
//! arguments that still break the schema are answered with every violation,
//! as `toolform::rmcp::Parameters<T>` answers them.
//!
//! ```
//! use rmcp::handler::server::wrapper::Json;
//! use rmcp::model::CallToolResult;
//! use rmcp::{tool, tool_router};
//! use toolform::ToolSchema;
//! use toolform::rmcp::lenient::Parameters;
//!
//! #[derive(serde::Deserialize, ToolSchema)]
//! struct Book {
//!     #[schema(range(min = 1, max = 9))]
//!     passengers: u8,
//!     #[serde(default)]
//!     names: Vec<String>,
//! }
//!
//! struct Server { tool_router: rmcp::handler::server::router::tool::ToolRouter<Self> }
//!
//! #[tool_router]
//! impl Server {
//!     /// Books seats.
//!     #[tool]
//!     async fn book(&self, Parameters(book, repairs): Parameters<Book>) -> CallToolResult {
//!         let text = format!("{} seats", book.passengers);
//!         // `{"passengers": "2", "names": "Ada"}` is read as
//!         // `{"passengers": 2, "names": ["Ada"]}`, and the model is told.
//!         repairs.tell(CallToolResult::success(vec![rmcp::model::ContentBlock::text(text)]))
//!     }
//! }
//!
//! let tools = Server::tool_router().list_all();
//! assert_eq!(tools[0].input_schema["properties"]["passengers"]["maximum"], 9);
//! ```

use crate::lenient::{Repair, repair_value};
use crate::{ArgsError, ToolSchema};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, JsonObject,
};
use rmcp::service::{MaybeSend, RequestContext, RoleServer};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The repairs made to a call's arguments (empty: none were needed).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Repairs(Vec<Repair>);

impl Repairs {
    /// Whether no repair was made.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The repairs, in document order.
    pub fn as_slice(&self) -> &[Repair] {
        &self.0
    }

    /// What the model reads: one line per repair, `None` when there was
    /// none.
    pub fn note(&self) -> Option<String> {
        if self.0.is_empty() {
            return None;
        }
        let mut text = String::from(
            "note: the arguments did not match the input schema as written; the server read them after these repairs (send them as the schema says next time):",
        );
        for repair in &self.0 {
            text.push_str("\n  ");
            text.push_str(&repair.to_string());
        }
        Some(text)
    }

    /// `result` with [`Repairs::note`] added as its last text block (left as
    /// it is when nothing was repaired).
    pub fn tell(&self, mut result: CallToolResult) -> CallToolResult {
        if let Some(note) = self.note() {
            result.content.push(ContentBlock::text(note));
        }
        result
    }

    /// [`Repairs::tell`] on a complete response; other responses (an
    /// `InputRequiredResult`, a task) are passed through.
    pub fn tell_response(&self, response: CallToolResponse) -> CallToolResponse {
        match response {
            CallToolResponse::Complete(result) if !self.is_empty() => self.tell(result).into(),
            other => other,
        }
    }
}

/// Repairs a call's `arguments` object against `schema` (schema-level
/// repairs only) in place, giving the repairs made. The arguments stay an
/// object: under a schema whose root wants an array, nothing is repaired.
pub fn repair_object(arguments: &mut Option<JsonObject>, schema: &Value) -> Repairs {
    // Whether the root stays an object does not depend on its members: a
    // schema that would wrap the arguments in an array (its root admits
    // arrays, not objects) is probed with `{}`, and then nothing is repaired.
    let probe = repair_value(Value::Object(Map::new()), schema);
    if !probe.value().is_object() {
        return Repairs::default();
    }
    let Some(map) = arguments.take() else {
        return Repairs::default();
    };
    match repair_value(Value::Object(map), schema).into_parts() {
        (Value::Object(map), repairs) => {
            *arguments = Some(map);
            Repairs(repairs)
        }
        // Not reached (see the probe); the value is kept rather than lost.
        (other, repairs) => {
            *arguments = Some(Map::from_iter([(String::new(), other)]));
            Repairs(repairs)
        }
    }
}

/// Repairs `request.arguments` against the called tool's `inputSchema` as
/// `router` lists it (no tool of that name: nothing is done).
pub fn repair_arguments<S: MaybeSend + 'static>(
    router: &ToolRouter<S>,
    request: &mut CallToolRequestParams,
) -> Repairs {
    let Some(tool) = router.get(&request.name) else {
        return Repairs::default();
    };
    let schema = Value::Object(tool.input_schema.as_ref().clone());
    let repairs = repair_object(&mut request.arguments, &schema);
    crate::schema::dispose(schema);
    repairs
}

/// `tools/call` of a `#[tool_handler]` server that reads every tool's
/// arguments forgivingly: [`repair_arguments`], the router's call through
/// [`toolform::rmcp::output::call_tool`](crate::rmcp::output::call_tool) (non-object
/// results reach every revision; write
/// [`toolform::rmcp::output::list_tools`](crate::rmcp::output::list_tools) as the
/// handler's `list_tools` beside it), then [`Repairs::tell_response`].
pub async fn call_tool<S: MaybeSend + 'static>(
    router: &ToolRouter<S>,
    service: &S,
    mut request: CallToolRequestParams,
    context: RequestContext<RoleServer>,
) -> Result<CallToolResponse, rmcp::ErrorData> {
    let repairs = repair_arguments(router, &mut request);
    let response = super::output::call_tool(router, service, request, context).await?;
    Ok(repairs.tell_response(response))
}

/// A `#[tool]` function's arguments, read forgivingly: the schema-level
/// repairs of `toolform::lenient` against `T`'s input schema, then
/// [`crate::parse_args`]. The second field holds the repairs made, for
/// [`Repairs::tell`]. rmcp's `#[tool]` finds it by its name, like
/// `toolform::rmcp::Parameters<T>`, so the tool advertises `T`'s input
/// schema; arguments that still break it never reach the function (the
/// call answers with every violation, `isError: true`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Parameters<T>(pub T, pub Repairs);

impl<T: ToolSchema + DeserializeOwned> Parameters<T> {
    /// Reads a call's `arguments` object (absent is `{}`).
    pub fn parse(arguments: Option<&JsonObject>) -> Result<Self, ArgsError> {
        let mut arguments = Some(arguments.cloned().unwrap_or_default());
        let repairs = repair_object(&mut arguments, T::input_schema());
        let value = Value::Object(arguments.unwrap_or_default());
        let parsed = crate::parse_args::<T>(&value);
        crate::schema::dispose(value);
        parsed.map(|t| Parameters(t, repairs))
    }
}

super::params::arguments_extractor!(Parameters);

#[cfg(test)]
mod tests {
    use super::repair_object;
    use serde_json::{Map, json};

    #[test]
    fn arguments_stay_an_object() {
        let mut args = Some(Map::from_iter([("n".to_owned(), json!("2"))]));
        let schema = json!({"type": "object", "properties": {"n": {"type": "integer"}}});
        let repairs = repair_object(&mut args, &schema);
        assert_eq!(repairs.as_slice().len(), 1);
        assert_eq!(args.as_ref().map(|m| m["n"].clone()), Some(json!(2)));
        // A root that wants an array: not wrapped, not repaired.
        let schema = json!({"type": "array", "items": {"type": "object", "properties": {"n": {"type": "integer"}}}});
        let repairs = repair_object(&mut args, &schema);
        assert!(repairs.is_empty());
        assert!(args.is_some());
        let mut none = None;
        assert!(repair_object(&mut none, &schema).is_empty());
        assert!(none.is_none());
    }
}
