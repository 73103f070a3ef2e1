//! The arguments text a model sent, read as the schema a dialect sent says:
//! the one read the LLM-crate integrations (async-openai, rig) share, and
//! the tool's description both take from the type.

use crate::dialect::Dialect;
use crate::{ArgsError, ToolSchema};
use serde::de::DeserializeOwned;

/// The tool's description: `T`'s doc comment (its input schema's
/// `description`).
pub(crate) fn description<T: ToolSchema>() -> Option<String> {
    T::input_schema()
        .get("description")
        .and_then(|d| d.as_str())
        .map(str::to_owned)
}

/// Arguments read from a model's text.
#[derive(Debug, Clone, PartialEq)]
pub struct Arguments<T> {
    /// The arguments.
    pub value: T,
    /// What was repaired to read the text (only with the `lenient`
    /// feature; empty when the text was JSON the schema takes as written),
    /// one line each: the place and what was done.
    pub repairs: Vec<String>,
}

/// Reads `arguments` into `T` with [`Dialect::parse_args`] in `dialect`:
/// every violation, or text that is not JSON as one violation of rule
/// `"json"`. With the `lenient` feature, text that is almost JSON is
/// repaired against the schema sent first, each repair listed.
pub(crate) fn read<T: ToolSchema + DeserializeOwned>(
    dialect: Dialect,
    arguments: &str,
) -> Result<Arguments<T>, ArgsError> {
    #[cfg(feature = "lenient")]
    {
        let schema = match T::schema(dialect) {
            Ok(s) => s,
            Err(_) => T::input_schema(),
        };
        let (value, repairs) = crate::lenient::repair(arguments, schema)
            .map_err(|e| ArgsError::from_violations(vec![e.to_violation()]))?
            .into_parts();
        let value = dialect.parse_args::<T>(value)?;
        Ok(Arguments {
            value,
            repairs: repairs.iter().map(ToString::to_string).collect(),
        })
    }
    #[cfg(not(feature = "lenient"))]
    {
        Ok(Arguments {
            value: dialect.parse_args::<T>(arguments)?,
            repairs: Vec::new(),
        })
    }
}
