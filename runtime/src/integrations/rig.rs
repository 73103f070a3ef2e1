//! rig-core's tool definition from a derived type, and the model's
//! arguments back (cargo feature `rig`; rig-core without its default
//! features: no HTTP client).
//!
//! rig talks to many providers; the schema is written in the dialect of the
//! one the agent uses ([`Dialect::OpenAiStrict`] for OpenAI,
//! [`Dialect::AnthropicStrict`], [`Dialect::Gemini`], ...).
//!
//! - [`definition`]: a `ToolDefinition` (name, the type's doc comment, its
//!   input schema in the dialect); [`parameters`] for `Tool::parameters`.
//! - [`parse_arguments`] (the model's text) and [`parse_value`] (a
//!   `serde_json::Value`, for a tool whose `Tool::Args` is `Value`): the
//!   arguments read as the schema sent said, with every violation named
//!   ([`Dialect::parse_args`]); with the `lenient` feature, text that is
//!   almost JSON is repaired first and the repairs listed.
//!
//! ```
//! use toolform::ToolSchema;
//! use toolform::dialect::Dialect;
//!
//! /// Convert an amount between currencies.
//! #[derive(serde::Deserialize, ToolSchema)]
//! struct Convert {
//!     amount: f64,
//!     from: String,
//!     to: String,
//! }
//!
//! let def = toolform::rig::definition::<Convert>("convert", Dialect::OpenAiStrict).unwrap();
//! assert_eq!(&*def.name, "convert");
//! assert_eq!(def.description, "Convert an amount between currencies.");
//! assert_eq!(def.parameters["additionalProperties"], false);
//!
//! let args = toolform::rig::parse_arguments::<Convert>(
//!     Dialect::OpenAiStrict,
//!     r#"{"amount": 3.5, "from": "EUR", "to": "JPY"}"#,
//! )
//! .unwrap();
//! assert_eq!(args.value.to, "JPY");
//! ```

use crate::dialect::{Dialect, DialectError};
use crate::{ArgsError, ToolSchema, Violation};
use rig_core::completion::ToolDefinition;
use rig_core::completion::message::ToolName;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Why [`definition`] gave no definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DefinitionError {
    /// The schema cannot be written in the dialect.
    Dialect(&'static DialectError),
    /// rig refuses the name (an empty one).
    Name(Violation),
}

impl std::fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DefinitionError::Dialect(e) => write!(f, "{e}"),
            DefinitionError::Name(v) => write!(f, "{v}"),
        }
    }
}

impl std::error::Error for DefinitionError {}

/// `T`'s input schema in `dialect`, for `Tool::parameters`.
pub fn parameters<T: ToolSchema>(dialect: Dialect) -> Result<Value, &'static DialectError> {
    T::schema(dialect).cloned()
}

/// `T` as rig's `ToolDefinition`: `name`, the type's doc comment (the
/// input schema's `description`, or empty), and its input schema in
/// `dialect`.
pub fn definition<T: ToolSchema>(
    name: &str,
    dialect: Dialect,
) -> Result<ToolDefinition, DefinitionError> {
    let parameters = parameters::<T>(dialect).map_err(DefinitionError::Dialect)?;
    let name = ToolName::new(name)
        .map_err(|e| DefinitionError::Name(Violation::new("", "tool-name", e.to_string())))?;
    let description = super::model_args::description::<T>().unwrap_or_default();
    Ok(ToolDefinition {
        name,
        description,
        parameters,
    })
}

/// Arguments read by [`parse_arguments`].
pub use super::model_args::Arguments;

/// Reads the model's arguments text into `T` as the schema `dialect` sent
/// says ([`Dialect::parse_args`]): every violation, or text that is not
/// JSON as one violation of rule `"json"`. With the `lenient` feature,
/// text a model wrote that is almost JSON is repaired against the schema
/// sent first, each repair listed.
pub fn parse_arguments<T: ToolSchema + DeserializeOwned>(
    dialect: Dialect,
    arguments: &str,
) -> Result<Arguments<T>, ArgsError> {
    super::model_args::read(dialect, arguments)
}

/// Reads arguments rig already parsed (a tool whose `Tool::Args` is
/// `serde_json::Value`) into `T` as the schema `dialect` sent says: every
/// violation named.
pub fn parse_value<T: ToolSchema + DeserializeOwned>(
    dialect: Dialect,
    arguments: Value,
) -> Result<T, ArgsError> {
    dialect.parse_args::<T>(arguments)
}
