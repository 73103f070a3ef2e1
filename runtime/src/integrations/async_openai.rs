//! async-openai's tool definitions from a derived type, and the model's
//! arguments back (cargo feature `async-openai`; async-openai's request
//! types only, no HTTP client).
//!
//! - [`chat_tool`]: a Chat Completions `ChatCompletionTools::Function` with
//!   the type's input schema in OpenAI strict mode (`strict: true`);
//!   [`function_object`] for the `FunctionObject` alone.
//! - [`responses_tool`]: the Responses API's `Tool::Function`, likewise.
//! - [`parse_arguments`]: the `arguments` string of a tool call read into
//!   the type with every violation named (the `null`s strict mode had the
//!   model write for optional fields taken out, unknown keys refused as the
//!   strict schema refuses them). With the `lenient` feature, text that is
//!   almost JSON is repaired first (see `toolform::lenient`), and the
//!   repairs are listed.
//!
//! The tool's description is the type's doc comment (the input schema's
//! `description`), unless one is given.
//!
//! ```
//! use async_openai::types::chat::ChatCompletionTools;
//! use toolform::ToolSchema;
//!
//! /// Look a word up in the dictionary.
//! #[derive(Debug, serde::Deserialize, ToolSchema)]
//! struct Define {
//!     word: String,
//!     #[serde(default)]
//!     language: Option<String>,
//! }
//!
//! let tool = toolform::async_openai::chat_tool::<Define>("define").unwrap();
//! let ChatCompletionTools::Function(f) = &tool else { unreachable!() };
//! assert_eq!(f.function.strict, Some(true));
//! assert_eq!(f.function.description.as_deref(), Some("Look a word up in the dictionary."));
//!
//! // What the model sent back, as async-openai hands it over.
//! let args = toolform::async_openai::parse_arguments::<Define>(r#"{"word": "tree", "language": null}"#)
//!     .unwrap();
//! assert_eq!(args.value.word, "tree");
//! let err = toolform::async_openai::parse_arguments::<Define>(r#"{"wrd": "tree", "language": null}"#)
//!     .unwrap_err();
//! assert_eq!(err.violations().len(), 2); // `wrd` unknown, `word` missing
//! ```

use super::model_args::description;
use crate::dialect::{Dialect, DialectError};
use crate::{ArgsError, ToolSchema};
use async_openai::types::chat::{ChatCompletionTool, ChatCompletionTools, FunctionObject};
use async_openai::types::responses::{FunctionTool, Tool};
use serde::de::DeserializeOwned;

/// The dialect of every definition this module builds.
pub const DIALECT: Dialect = Dialect::OpenAiStrict;

/// `T`'s function for Chat Completions: its input schema in OpenAI strict
/// mode, `strict: true`, the type's doc comment as the description; or
/// every place the schema cannot be written in strict mode.
pub fn function_object<T: ToolSchema>(name: &str) -> Result<FunctionObject, &'static DialectError> {
    Ok(FunctionObject {
        name: name.to_owned(),
        description: description::<T>(),
        parameters: Some(T::schema(DIALECT)?.clone()),
        strict: Some(true),
    })
}

/// `T` as a Chat Completions tool (`{"type": "function", "function": ..}`),
/// see [`function_object`].
pub fn chat_tool<T: ToolSchema>(name: &str) -> Result<ChatCompletionTools, &'static DialectError> {
    Ok(ChatCompletionTools::Function(ChatCompletionTool {
        function: function_object::<T>(name)?,
    }))
}

/// `T` as a Responses API function tool (`{"type": "function", "name": ..,
/// "parameters": .., "strict": true}`), see [`function_object`].
pub fn responses_tool<T: ToolSchema>(name: &str) -> Result<Tool, &'static DialectError> {
    Ok(Tool::Function(FunctionTool {
        name: name.to_owned(),
        parameters: Some(T::schema(DIALECT)?.clone()),
        strict: Some(true),
        description: description::<T>(),
        ..Default::default()
    }))
}

/// Arguments read by [`parse_arguments`].
pub use super::model_args::Arguments;

/// Reads the `arguments` string of a tool call into `T` as the strict
/// schema sent it ([`Dialect::parse_args`] in OpenAI strict): every
/// violation, or text that is not JSON as one violation of rule `"json"`.
/// With the `lenient` feature, text a model wrote that is almost JSON is
/// repaired against the schema sent first, each repair listed.
pub fn parse_arguments<T: ToolSchema + DeserializeOwned>(
    arguments: &str,
) -> Result<Arguments<T>, ArgsError> {
    super::model_args::read(DIALECT, arguments)
}
