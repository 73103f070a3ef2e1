//! Between toolform and [rmcp](https://docs.rs/rmcp), the official Rust MCP
//! SDK (cargo feature `rmcp`).
//!
//! - **Tools**: [`tool`] builds an `rmcp::model::Tool` whose `inputSchema` is
//!   what serde reads into the arguments type and whose `outputSchema` is what
//!   serde writes from the result type. rmcp's own `#[tool]` macros,
//!   `Parameters<T>` and `Json<T>` keep working: with this feature derived
//!   types implement `schemars::JsonSchema` (see [`crate::schemars`]), so rmcp
//!   asks them for the same two schemas.
//! - **Elicitation, protocol 2025-06-18 and 2025-11-25** (a server-to-client
//!   request): [`elicit`] sends an [`ElicitForm`]'s `requestedSchema` in the
//!   grammar of the client's protocol version and reads the answer back into
//!   [`Elicited<T>`], naming every violation. [`elicitation_schema`] /
//!   [`elicitation_schema_for`], [`elicit_request`] / [`elicit_request_for`]
//!   and [`elicited`] are its parts (the `_for` variants take a revision, like
//!   `ElicitForm::requested_schema_for`).
//! - **Elicitation, protocol 2026-07-28** (no server-to-client requests): the
//!   tool answers with [`input_required`], an `InputRequiredResult` carrying
//!   the form; the client retries the call with `inputResponses`, which
//!   [`input_response`] reads back into [`Elicited<T>`].
//! - [`ask`] picks between the two by the protocol version the client
//!   negotiated: one call in a tool that works with every revision.
//! - **Several questions, several rounds**: [`Call`] and [`Rounds`] ask
//!   several forms (and sampling or roots requests) per round and over
//!   several rounds, keeping the tool's own state in a `requestState` sealed
//!   with a [`StateKey`] (HMAC-SHA-256) and bound to the tool and its
//!   arguments; under 2025-06-18 / 2025-11-25 the same code sends
//!   `elicitation/create` requests.
//!
//! ```
//! use toolform::{ElicitForm, Elicited, ToolSchema};
//!
//! #[derive(serde::Deserialize, ToolSchema)]
//! struct Args { city: String }
//!
//! #[derive(serde::Serialize, ToolSchema)]
//! struct Forecast {
//!     celsius: f64,
//!     #[serde(skip_serializing_if = "Vec::is_empty")]
//!     alerts: Vec<String>,
//! }
//!
//! let tool = toolform::rmcp::tool::<Args, Forecast>("forecast", "Weather for a city.");
//! assert_eq!(tool.input_schema["required"], serde_json::json!(["city"]));
//! assert_eq!(tool.output_schema.unwrap()["required"], serde_json::json!(["celsius"]));
//!
//! #[derive(Debug, PartialEq, serde::Deserialize, ElicitForm)]
//! struct Confirm { #[serde(default)] sure: bool }
//!
//! let answer = rmcp::model::ElicitResult::new(rmcp::model::ElicitationAction::Accept)
//!     .with_content(serde_json::json!({"sure": true}));
//! assert_eq!(toolform::rmcp::elicited::<Confirm>(&answer), Ok(Elicited::Accepted(Confirm { sure: true })));
//! ```

use crate::elicit::{ElicitError, ElicitForm, Elicited, FormProblem, Revision, answer};
use crate::{Contract, ToolSchema};
use rmcp::model::{
    ElicitRequest, ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationSchema,
    InputRequest, InputRequests, InputRequiredResult, InputResponses, JsonObject, ProtocolVersion,
    Tool,
};
use rmcp::service::{RequestContext, RoleServer, ServiceError};
use serde_json::{Value, json};
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

/// A tool taking `Args` and returning `Out` as `structuredContent`:
/// `inputSchema` is `Args`'s input schema, `outputSchema` is `Out`'s output
/// schema. Both are rendered once per type and shared afterwards.
///
/// A schema whose root is a union of objects (a tagged enum) gets
/// `"type": "object"` at the root, as MCP requires. MCP wants both schemas to
/// describe objects: `Args` should be a struct with named fields or a tagged
/// enum (clients refuse a tool whose `inputSchema` is, say, a string).
pub fn tool<Args: ToolSchema + ?Sized, Out: ToolSchema + ?Sized>(
    name: impl Into<Cow<'static, str>>,
    description: impl Into<Cow<'static, str>>,
) -> Tool {
    let mut tool = tool_without_output::<Args>(name, description);
    tool.output_schema = Some(schema_object(Out::output_schema()));
    tool
}

/// A tool taking `Args` whose result has no structured content (text,
/// images): `inputSchema` only.
pub fn tool_without_output<Args: ToolSchema + ?Sized>(
    name: impl Into<Cow<'static, str>>,
    description: impl Into<Cow<'static, str>>,
) -> Tool {
    Tool::new(name, description, input_schema::<Args>())
}

/// `T`'s input schema as rmcp holds it (`Arc<JsonObject>`), shared.
pub fn input_schema<T: ToolSchema + ?Sized>() -> Arc<JsonObject> {
    schema_object(T::schema(Contract::Input))
}

/// `T`'s output schema as rmcp holds it (`Arc<JsonObject>`), shared.
pub fn output_schema<T: ToolSchema + ?Sized>() -> Arc<JsonObject> {
    schema_object(T::schema(Contract::Output))
}

/// One `Arc` per rendered schema (they live for the whole process, so their
/// address names them).
fn schema_object(schema: &'static Value) -> Arc<JsonObject> {
    static CACHE: crate::memo::Memo<usize, Arc<JsonObject>> = crate::memo::Memo::new();
    let key = schema as *const Value as usize;
    CACHE.get_or(key, || {
        let mut schema = schema.clone();
        super::object_root(&mut schema);
        Arc::new(match schema {
            Value::Object(map) => map,
            // `false` (nothing) and `true` (anything) as objects.
            Value::Bool(false) => JsonObject::from_iter([("not".to_owned(), json!({}))]),
            _ => JsonObject::new(),
        })
    })
}

/// The elicitation revision for a negotiated protocol version: the newest
/// revision not newer than it (2025-06-18 for anything older, which had no
/// elicitation).
pub fn revision_for(version: &ProtocolVersion) -> Revision {
    let version = version.as_str();
    Revision::ALL
        .into_iter()
        .rev()
        .find(|r| r.as_str() <= version)
        .unwrap_or(Revision::V2025_06_18)
}

/// `T`'s form as rmcp's typed `ElicitationSchema`, for protocol 2025-11-25
/// and 2026-07-28 (one grammar), which carry every form toolform derives.
///
/// Integer bounds are within +-(2^53 - 1) (what a JavaScript client reads
/// exactly), so they fit rmcp's `i64` bounds. Should rmcp's model refuse a
/// keyword of some property all the same (a `maxLength` beyond its `u32`),
/// that property is carried with its type, title, description and options
/// alone: the answer is still checked against the whole form on the server
/// ([`elicited`]). [`elicitation_schema_for`] reports such a refusal instead.
pub fn elicitation_schema<T: ElicitForm>() -> ElicitationSchema {
    let schema = T::requested_schema();
    ElicitationSchema::deserialize(schema).unwrap_or_else(|_| lenient_schema(schema))
}

/// The form property by property, each as much of it as rmcp's model takes.
fn lenient_schema(schema: &Value) -> ElicitationSchema {
    use rmcp::model::PrimitiveSchemaDefinition;
    const KEPT: &[&str] = &[
        "type",
        "title",
        "description",
        "enum",
        "enumNames",
        "oneOf",
        "items",
    ];
    let mut properties = std::collections::BTreeMap::new();
    let mut order = Vec::new();
    let listed = schema.get("properties").and_then(Value::as_object);
    for (name, prop) in listed.into_iter().flatten() {
        let typed = PrimitiveSchemaDefinition::deserialize(prop).or_else(|_| {
            let bare: serde_json::Map<String, Value> = prop
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(k, _)| KEPT.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            PrimitiveSchemaDefinition::deserialize(Value::Object(bare))
        });
        if let Ok(typed) = typed {
            properties.insert(name.clone(), typed);
            order.push(name.clone());
        }
    }
    let required: Vec<String> = schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter(|name| properties.contains_key(*name))
        .map(str::to_owned)
        .collect();
    let mut out = ElicitationSchema::new(properties);
    out.property_order = Some(order);
    out.required = (!required.is_empty()).then_some(required);
    out
}

/// `T`'s form as rmcp's typed `ElicitationSchema` in `revision`'s grammar,
/// or what that revision cannot carry (a multi-select under 2025-06-18).
pub fn elicitation_schema_for<T: ElicitForm>(
    revision: Revision,
) -> Result<ElicitationSchema, ElicitFailure> {
    let schema = T::requested_schema_for(revision).map_err(ElicitFailure::Unsupported)?;
    ElicitationSchema::deserialize(schema).map_err(|e| ElicitFailure::Rmcp(e.to_string()))
}

/// The parameters of an `elicitation/create` request (form mode) for `T`,
/// protocol 2025-11-25.
pub fn elicit_request<T: ElicitForm>(message: impl Into<String>) -> ElicitRequestParams {
    form_params(message.into(), elicitation_schema::<T>())
}

/// The parameters of an `elicitation/create` request (form mode) for `T` in
/// `revision`'s grammar, or what that revision cannot carry.
pub fn elicit_request_for<T: ElicitForm>(
    message: impl Into<String>,
    revision: Revision,
) -> Result<ElicitRequestParams, ElicitFailure> {
    Ok(form_params(
        message.into(),
        elicitation_schema_for::<T>(revision)?,
    ))
}

fn form_params(message: String, requested_schema: ElicitationSchema) -> ElicitRequestParams {
    ElicitRequestParams::FormElicitationParams {
        meta: None,
        message,
        requested_schema,
    }
}

/// Reads rmcp's `ElicitResult` into `T`: every field checked against the
/// form, all violations named, then serde.
pub fn elicited<T: ElicitForm>(result: &ElicitResult) -> Result<Elicited<T>, ElicitError> {
    match result.action {
        ElicitationAction::Decline => Ok(Elicited::Declined),
        ElicitationAction::Cancel => Ok(Elicited::Cancelled),
        ElicitationAction::Accept => match &result.content {
            Some(content @ Value::Object(map)) => {
                answer::parse_content(T::FORM, map, content).map(Elicited::Accepted)
            }
            Some(other) => Err(ElicitError::Malformed(format!(
                "`content` must be an object, got {}",
                answer::kind_of(other)
            ))),
            None => Err(ElicitError::AcceptedWithoutContent),
        },
        // `ElicitationAction` is non-exhaustive: a newer action than this
        // crate knows (its name alone: the content is never re-serialized).
        _ => Err(ElicitError::UnknownAction(
            serde_json::to_value(&result.action)
                .ok()
                .and_then(|a| a.as_str().map(str::to_owned))
                .unwrap_or_default(),
        )),
    }
}

/// `Elicited::<T>::try_from(result)`: the same as [`elicited`].
impl<T: ElicitForm> TryFrom<&ElicitResult> for Elicited<T> {
    type Error = ElicitError;

    fn try_from(result: &ElicitResult) -> Result<Self, ElicitError> {
        elicited(result)
    }
}

/// `Elicited::<T>::try_from(result)`: the same as [`elicited`].
impl<T: ElicitForm> TryFrom<ElicitResult> for Elicited<T> {
    type Error = ElicitError;

    fn try_from(result: ElicitResult) -> Result<Self, ElicitError> {
        elicited(&result)
    }
}

/// The elicitation revision of the call's client, or why it cannot be asked.
fn form_revision(context: &RequestContext<RoleServer>) -> Result<Revision, ElicitFailure> {
    if let Some(capabilities) = context.client_capabilities()
        && capabilities.elicitation.is_none()
    {
        return Err(ElicitFailure::ClientCannotElicit);
    }
    Ok(context
        .protocol_version()
        .map_or(Revision::V2025_11_25, |v| revision_for(&v)))
}

/// Asks the client to fill in `T` (an `elicitation/create` request on the
/// tool call's peer) and reads the answer. The form is written in the
/// grammar of the protocol version the client negotiated.
///
/// Protocol 2026-07-28 has no server-to-client requests: there, answer the
/// call with [`input_required`] instead (rmcp refuses the request).
pub async fn elicit<T: ElicitForm>(
    context: &RequestContext<RoleServer>,
    message: impl Into<String>,
) -> Result<Elicited<T>, ElicitFailure> {
    let revision = form_revision(context)?;
    let params = elicit_request_for::<T>(message, revision)?;
    let result = context
        .peer
        .create_elicitation(params)
        .await
        .map_err(ElicitFailure::Service)?;
    elicited(&result).map_err(ElicitFailure::Answer)
}

/// The `elicitation/create` request for `T` as an entry of `inputRequests`
/// (protocol 2026-07-28).
pub fn input_request<T: ElicitForm>(message: impl Into<String>) -> InputRequest {
    // 2026-07-28 has 2025-11-25's form grammar.
    InputRequest::Elicitation(ElicitRequest::new(elicit_request::<T>(message)))
}

/// An `InputRequiredResult` asking for `T` under `key` (protocol
/// 2026-07-28): return it from the tool call; the client fills the form and
/// retries the call with `inputResponses[key]`, which [`input_response`]
/// reads.
pub fn input_required<T: ElicitForm>(
    key: impl Into<String>,
    message: impl Into<String>,
) -> InputRequiredResult {
    let mut requests = InputRequests::new();
    requests.insert(key.into(), input_request::<T>(message));
    InputRequiredResult::from_input_requests(requests)
}

/// The answer to the form asked for under `key`, from a retried call's
/// `inputResponses`: `None` when the call carries no answer under `key`
/// (the first round: ask with [`input_required`]).
pub fn input_response<T: ElicitForm>(
    responses: Option<&InputResponses>,
    key: &str,
) -> Option<Result<Elicited<T>, ElicitError>> {
    responses?.get(key).map(T::from_elicit_result)
}

/// What [`ask`] came back with.
#[derive(Debug)]
pub enum Asked<T> {
    /// The client answered (2025-06-18 and 2025-11-25: at once; 2026-07-28:
    /// in the retried call's `inputResponses`).
    Answered(Elicited<T>),
    /// Protocol 2026-07-28, first round: return this from the tool call
    /// (`CallToolResponse::from(result)`); the client retries with the answer.
    InputRequired(InputRequiredResult),
}

/// Asks for `T` the way the client's protocol version allows: a
/// server-to-client `elicitation/create` request (2025-06-18, 2025-11-25), or
/// under 2026-07-28 an [`InputRequiredResult`] on the first round and the
/// answer from `inputResponses[key]` on the retry. `responses` is the call's
/// `inputResponses` (rmcp's `InputResponses` extractor in a `#[tool]` fn, or
/// `CallToolRequestParams::input_responses`).
pub async fn ask<T: ElicitForm>(
    context: &RequestContext<RoleServer>,
    responses: Option<&InputResponses>,
    key: &str,
    message: impl Into<String>,
) -> Result<Asked<T>, ElicitFailure> {
    let revision = form_revision(context)?;
    if revision < Revision::V2026_07_28 {
        return elicit::<T>(context, message).await.map(Asked::Answered);
    }
    match input_response::<T>(responses, key) {
        Some(answer) => answer.map(Asked::Answered).map_err(ElicitFailure::Answer),
        None => Ok(Asked::InputRequired(input_required::<T>(key, message))),
    }
}

/// Why [`elicit`] (or building a request) gave no answer.
#[derive(Debug)]
#[non_exhaustive]
pub enum ElicitFailure {
    /// The form has a field the client's protocol revision cannot carry (a
    /// multi-select under 2025-06-18).
    Unsupported(Vec<FormProblem>),
    /// rmcp's typed model refused the form: a keyword past the range of its
    /// fields (a `maxLength` above `u32::MAX`).
    Rmcp(String),
    /// The client did not declare the `elicitation` capability.
    ClientCannotElicit,
    /// The request failed: transport, timeout, the client refused it, or
    /// protocol 2026-07-28 (use [`input_required`]).
    Service(ServiceError),
    /// The client answered, but not with the form's values.
    Answer(ElicitError),
}

impl fmt::Display for ElicitFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElicitFailure::Unsupported(problems) => {
                f.write_str("the form cannot be asked under this protocol revision:")?;
                for p in problems {
                    write!(f, "\n  {p}")?;
                }
                Ok(())
            }
            ElicitFailure::Rmcp(e) => write!(f, "rmcp's ElicitationSchema refused the form: {e}"),
            ElicitFailure::ClientCannotElicit => f.write_str(
                "the client did not declare the `elicitation` capability: it cannot be asked for input",
            ),
            ElicitFailure::Service(e) => write!(f, "the elicitation request failed: {e}"),
            ElicitFailure::Answer(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ElicitFailure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitFailure::Service(e) => Some(e),
            ElicitFailure::Answer(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ElicitFailure> for rmcp::ErrorData {
    fn from(failure: ElicitFailure) -> Self {
        match failure {
            ElicitFailure::Answer(e) => rmcp::ErrorData::invalid_params(e.to_string(), None),
            other => rmcp::ErrorData::internal_error(other.to_string(), None),
        }
    }
}

use serde::Deserialize as _;

pub use super::args::{
    Args, invalid_arguments_result, invalid_arguments_structured, violations_json,
};
pub use super::params::Parameters;
pub use super::rounds::{Call, RoundError, Rounds, StateKey, StateKeyError, StateProblem};
/// rmcp's `Json<T>`, re-exported beside [`Parameters`]: a `#[tool]` returning
/// `Json<T>` (or `Result<Json<T>, E>`) advertises `T`'s output schema.
pub use rmcp::handler::server::wrapper::Json;
