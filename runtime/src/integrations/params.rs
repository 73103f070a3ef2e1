//! Drop-in replacements for rmcp's `Parameters<T>` and `Json<T>`: the same
//! names, so rmcp's `#[tool]` macro finds the input and output schemas in the
//! signature, with toolform's schemas and toolform's checks.
//!
//! rmcp's `#[tool]` asks `T` of `Json<T>` for its output schema through
//! `schemars::JsonSchema` with a serialize-contract generator, which every
//! derived type answers with its output schema; toolform's `Json<T>` also
//! requires `T: ToolSchema`, so a result type still deriving only schemars is
//! a compile error, not schemars' schema advertised under toolform's name.

use crate::{ArgsError, ToolSchema};
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::{CallToolResponse, CallToolResult};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::borrow::Cow;

/// A `#[tool]` function's arguments, checked by [`crate::parse_args`]: the
/// drop-in for rmcp's `Parameters<T>` (write `use toolform::rmcp::Parameters;`
/// instead of `use rmcp::handler::server::wrapper::Parameters;`).
///
/// - rmcp's `#[tool]` finds it by its name, as it finds its own, so the tool
///   advertises `T`'s input schema with no `input_schema` attribute (rmcp
///   moves the root `title` and `description` into the tool and adds
///   `$schema`).
/// - Arguments that break the schema never reach the function: the call
///   returns a tool result with `isError: true` listing every violation with
///   its path (MCP's "tool execution error", which the model reads and can
///   correct), where rmcp's own `Parameters<T>` names only serde's first error.
/// - The arguments stay in the call's context, so an extractor after it
///   ([`Call`](crate::rmcp::Call)) still sees them, in any order.
/// - The schema listed is `T::input_schema()` as rendered (a recursive
///   type's `{"$ref": "#"}` stays the root), and its `x-mcp-header`
///   annotations are checked when rmcp builds the tool, at server start:
///   annotations a client would drop the tool for (two sharing a name, one
///   under items, a map's values, an enum's alternatives or `$defs`) panic
///   there, naming the Rust type and field (see
///   [`headers::check_type`](crate::headers::check_type)).
///
/// ```
/// use rmcp::{tool, tool_router};
/// use toolform::ToolSchema;
/// use toolform::rmcp::{Json, Parameters};
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
///     #[tool]
///     async fn book(&self, Parameters(book): Parameters<Book>) -> Json<Booked> {
///         Json(Booked { seats: book.passengers })
///     }
/// }
///
/// let tools = Server::tool_router().list_all();
/// assert_eq!(tools[0].input_schema["properties"]["passengers"]["maximum"], 9);
/// assert_eq!(tools[0].output_schema.as_ref().unwrap()["required"], serde_json::json!(["seats"]));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Parameters<T: ToolSchema>(pub T);

impl<T: ToolSchema> Parameters<T> {
    /// The arguments.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T: ToolSchema + DeserializeOwned> Parameters<T> {
    /// Reads a call's `arguments` object (absent is `{}`), or every way it
    /// breaks `T`'s input schema.
    pub fn parse(arguments: Option<&Map<String, Value>>) -> Result<Self, ArgsError> {
        let arguments = arguments_object(arguments);
        let parsed = crate::parse_args(&arguments).map(Parameters);
        crate::schema::dispose(arguments);
        parsed
    }
}

/// A call's `arguments` as the object they are read as (absent is `{}`),
/// copied: the context keeps them for the extractors after.
pub(crate) fn arguments_object(arguments: Option<&Map<String, Value>>) -> Value {
    Value::Object(arguments.cloned().unwrap_or_default())
}

/// The `JsonSchema` (a tool's whole `inputSchema`: `T`'s input schema as
/// rendered, its header annotations checked) and the extractor (read with
/// the wrapper's `parse`, the arguments left in the context) of an
/// arguments wrapper that rmcp's `#[tool]` finds by its name `Parameters`.
macro_rules! arguments_extractor {
    ($wrapper:ident) => {
        impl<T: $crate::ToolSchema> ::schemars::JsonSchema for $wrapper<T> {
            fn inline_schema() -> bool {
                true
            }

            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(::std::any::type_name::<T>())
            }

            fn schema_id() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(::std::any::type_name::<T>())
            }

            fn json_schema(generator: &mut ::schemars::SchemaGenerator) -> ::schemars::Schema {
                // Always a tool's whole `inputSchema`: the rendering as it
                // is, its header annotations checked (rmcp builds its tools
                // at start-up).
                $crate::integrations::assert_headers::<T>();
                $crate::integrations::schemars::root_json_schema::<T>(generator)
            }
        }

        impl<S, T: $crate::ToolSchema + ::serde::de::DeserializeOwned>
            ::rmcp::handler::server::common::FromContextPart<
                ::rmcp::handler::server::tool::ToolCallContext<'_, S>,
            > for $wrapper<T>
        {
            fn from_context_part(
                context: &mut ::rmcp::handler::server::tool::ToolCallContext<'_, S>,
            ) -> Result<Self, ::rmcp::ErrorData> {
                // Read, not taken: extractors after this one see the same
                // arguments.
                $wrapper::parse(context.arguments.as_ref()).map_err(::rmcp::ErrorData::from)
            }
        }
    };
}
// `toolform::rmcp::lenient::Parameters` too.
#[cfg_attr(not(feature = "lenient"), allow(unused_imports))]
pub(crate) use arguments_extractor;

arguments_extractor!(Parameters);

/// `?` on an [`ArgsError`] in a tool returning `Result<_, rmcp::ErrorData>`:
/// rmcp hands this error to the model as a tool result with `isError: true`
/// whose text lists every violation (not a JSON-RPC error).
impl From<ArgsError> for rmcp::ErrorData {
    fn from(error: ArgsError) -> Self {
        rmcp::ErrorData::invalid_params(
            format!("{} {error}", super::ARGUMENT_ERROR_PREFIX),
            Some(super::args::violations_json(error.violations())),
        )
    }
}

/// A `#[tool]` function's structured result: the drop-in for rmcp's `Json<T>`
/// (write `use toolform::rmcp::Json;`), for a `T` deriving
/// [`ToolSchema`].
///
/// - rmcp's `#[tool]` finds it by its name and advertises `T`'s output
///   schema (`schema_for_output::<T>()`, which a derived type answers with
///   toolform's output schema: what serde writes).
/// - `T` must implement [`ToolSchema`]: a result type that still derives
///   only `schemars::JsonSchema` does not compile (with rmcp's own `Json` it
///   would advertise schemars' schema, which validating clients reject
///   when it disagrees with serde).
/// - The result is the value as `structuredContent` and its serde_json text
///   as a text block, as rmcp's `Json` writes it. A non-object `T`
///   (`Vec<_>`, `Option<_>`, `String`) needs
///   [`every_revision!`](crate::rmcp::every_revision) around the server's
///   `#[tool_handler]` impl, which lists its schema and sends its value
///   inside `{"result": ..}` to clients before protocol 2026-07-28 (rmcp
///   alone would drop both). Without it the call fails (JSON-RPC -32603
///   naming the macro) under every revision: a forgotten macro shows in
///   the first test, not only with older clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Json<T: ToolSchema>(pub T);

impl<T: ToolSchema> Json<T> {
    /// The value.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T: ToolSchema + Serialize + 'static> IntoCallToolResult for Json<T> {
    fn into_call_tool_result(self) -> Result<CallToolResponse, rmcp::ErrorData> {
        if !super::output::results_reach_every_revision()
            && !super::output::is_object_output(&super::output_schema::<T>())
        {
            return Err(rmcp::ErrorData::internal_error(
                format!(
                    "toolform::rmcp::Json<{}> is not an object: clients before protocol \
                     2026-07-28 would get neither its schema nor its value; write \
                     `toolform::rmcp::every_revision! {{ #[tool_handler(..)] impl ServerHandler for .. {{ .. }} }}` \
                     around the server's handler (or call toolform::rmcp::output::call_tool from its call_tool)",
                    std::any::type_name::<T>()
                ),
                None,
            ));
        }
        let value = serde_json::to_value(self.0).map_err(|e| {
            rmcp::ErrorData::internal_error(
                format!("cannot serialize the structured result: {e}"),
                None,
            )
        })?;
        Ok(CallToolResult::structured(value).into())
    }
}

/// `Json<T>`'s schema is `T`'s output schema (what serde writes), whatever
/// the generator's contract.
impl<T: ToolSchema> JsonSchema for Json<T> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed(std::any::type_name::<T>())
    }

    fn schema_id() -> Cow<'static, str> {
        Cow::Owned(format!(
            "toolform::rmcp::Json<{}>",
            std::any::type_name::<T>()
        ))
    }

    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        let mut schema = T::output_schema().clone();
        super::object_root(&mut schema);
        Schema::try_from(schema).unwrap_or_default()
    }
}
