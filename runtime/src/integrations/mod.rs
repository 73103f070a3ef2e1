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
