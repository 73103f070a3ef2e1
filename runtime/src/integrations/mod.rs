//! Adapters shared by the optional integrations.

#[cfg(feature = "rmcp")]
pub mod args;
#[cfg(feature = "async-openai")]
pub mod async_openai;
#[cfg(feature = "rmcp")]
pub mod elicitation;
#[cfg(feature = "rmcp-http")]
pub mod header_check;
#[cfg(all(feature = "rmcp", feature = "lenient"))]
pub mod lenient;
#[cfg(any(feature = "async-openai", feature = "rig"))]
pub mod model_args;
#[cfg(feature = "rmcp")]
pub mod output;
#[cfg(feature = "rmcp")]
pub mod params;
#[cfg(feature = "rig")]
pub mod rig;
#[cfg(feature = "rmcp")]
pub mod rmcp;
#[cfg(feature = "rmcp")]
pub mod rounds;
#[cfg(feature = "schemars")]
pub mod schemars;
#[cfg(feature = "rmcp")]
pub mod url_mode;

use serde_json::Value;

/// Without the `schemars` feature the derive's `JsonSchema` hook is empty.
#[cfg(not(feature = "schemars"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __json_schema {
    ($($tokens:tt)*) => {};
}

/// The start-up check of a tool built from a type: the `x-mcp-header`
/// annotations of `T`'s input schema, checked exactly on the rendered
/// schema (the one the tool lists). A type whose annotations break the
/// spec's rules is a programming error that every client would meet (they
/// drop such a tool): the server refuses to start, naming each Rust type
/// and field with the annotation's JSON Pointer.
#[cfg(feature = "rmcp")]
#[track_caller]
pub(crate) fn assert_headers<T: crate::ToolSchema + ?Sized>() {
    if let Err(violations) = crate::headers::check_type::<T>() {
        panic!(
            "{}",
            crate::headers::describe(std::any::type_name::<T>(), &violations)
        );
    }
}

/// MCP wants `type: "object"` at the root of a tool's schemas. A union whose
/// every branch is an object (an internally or adjacently tagged enum, say)
/// is one: say so at the root, which changes no verdict.
#[cfg_attr(not(any(feature = "rmcp", feature = "schemars")), allow(dead_code))]
pub(crate) fn object_root(schema: &mut Value) {
    let Value::Object(map) = schema else { return };
    if map.contains_key("type") {
        return;
    }
    let branches_are_objects = ["oneOf", "anyOf"].iter().any(|key| {
        matches!(map.get(*key), Some(Value::Array(branches))
            if !branches.is_empty() && branches.iter().all(is_object_schema))
    });
    if branches_are_objects {
        map.insert("type".into(), Value::from("object"));
    }
}

fn is_object_schema(schema: &Value) -> bool {
    match schema.get("type") {
        Some(Value::String(t)) => t == "object",
        None => {
            let mut probe = schema.clone();
            object_root(&mut probe);
            probe.get("type").is_some_and(|t| t == "object")
        }
        _ => false,
    }
}

/// The message prefix rmcp's tool router turns into a tool result with
/// `isError: true` (rmcp 3.11, `TOOL_ARGUMENT_DESERIALIZATION_ERROR_PREFIX`):
/// an `invalid_params` error whose message starts with it is handed to the
/// model as text instead of ending the call with a JSON-RPC error.
/// `tests/tests/suite/integrations/dropin.rs` pins the behaviour.
#[cfg(feature = "rmcp")]
pub(crate) const ARGUMENT_ERROR_PREFIX: &str = "failed to deserialize parameters:";

/// The beginnings of the messages toolform sends behind
/// [`ARGUMENT_ERROR_PREFIX`].
#[cfg(feature = "rmcp")]
const OWN_ARGUMENT_ERRORS: [&str; 2] = [
    "the arguments do not match the tool's input schema",
    "toolform::rmcp::Call cannot see",
];

/// `text` without [`ARGUMENT_ERROR_PREFIX`] when what follows it is one of
/// toolform's own argument errors.
#[cfg(feature = "rmcp")]
pub(crate) fn own_argument_error(text: &str) -> Option<&str> {
    let rest = text
        .strip_prefix(ARGUMENT_ERROR_PREFIX)?
        .strip_prefix(' ')?;
    OWN_ARGUMENT_ERRORS
        .iter()
        .any(|own| rest.starts_with(own))
        .then_some(rest)
}

/// `T`'s input schema as rmcp holds it (`Arc<JsonObject>`), shared.
///
/// # Panics
///
/// When `T`'s `x-mcp-header` annotations break the spec's rules across
/// types (two that share a name, one under an array's items, a map's
/// values, an enum's alternatives or `$defs`): clients drop such a tool, so
/// the server refuses to start, naming each Rust type and field (see
/// [`headers::check_type`](crate::headers::check_type); put
/// [`headers::assert_valid`](crate::headers::assert_valid) in a test to
/// find it sooner).
#[cfg(feature = "rmcp")]
#[track_caller]
pub fn input_schema<T: crate::ToolSchema + ?Sized>() -> std::sync::Arc<::rmcp::model::JsonObject> {
    assert_headers::<T>();
    schema_object(T::input_schema())
}

/// `T`'s output schema as rmcp holds it (`Arc<JsonObject>`), shared.
#[cfg(feature = "rmcp")]
pub fn output_schema<T: crate::ToolSchema + ?Sized>() -> std::sync::Arc<::rmcp::model::JsonObject> {
    schema_object(T::output_schema())
}

/// One `Arc` per rendered schema (they live for the whole process, so their
/// address names them).
#[cfg(feature = "rmcp")]
pub(crate) fn schema_object(schema: &'static Value) -> std::sync::Arc<::rmcp::model::JsonObject> {
    use ::rmcp::model::JsonObject;
    use std::sync::Arc;
    static CACHE: crate::memo::Memo<usize, Arc<JsonObject>> = crate::memo::Memo::new();
    let key = schema as *const Value as usize;
    CACHE.get_or(key, || {
        let mut schema = schema.clone();
        object_root(&mut schema);
        Arc::new(match schema {
            Value::Object(map) => map,
            // `false` (nothing) and `true` (anything) as objects.
            Value::Bool(false) => {
                JsonObject::from_iter([("not".to_owned(), serde_json::json!({}))])
            }
            _ => JsonObject::new(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::object_root;
    use serde_json::json;

    #[test]
    fn unions_of_objects_get_an_object_root() {
        let mut s = json!({"oneOf": [{"type": "object"}, {"anyOf": [{"type": "object"}]}]});
        object_root(&mut s);
        assert_eq!(s["type"], "object");

        for mut s in [
            json!({"oneOf": [{"type": "object"}, {"type": "string"}]}),
            json!({"oneOf": []}),
            json!({"type": ["object", "null"], "oneOf": [{"type": "object"}]}),
            json!(true),
        ] {
            let before = s.clone();
            object_root(&mut s);
            assert_eq!(s, before);
        }
    }
}
