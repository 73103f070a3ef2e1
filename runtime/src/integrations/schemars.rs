//! `schemars::JsonSchema` for derived types (cargo feature `schemars`).
//!
//! With the feature on, `#[derive(ToolSchema)]` also implements
//! [`schemars::JsonSchema`], answering with the **input** schema when the
//! generator's contract is `Deserialize` (schemars' default) and the
//! **output** schema when it is `Serialize`
//! (`SchemaSettings::for_serialize()`). The type then drops into anything
//! built on schemars unchanged: rmcp's `Parameters<T>` (input) and `Json<T>`
//! (output), `schemars::schema_for!`, a field of a `#[derive(JsonSchema)]`
//! struct.
//!
//! ```
//! # #[cfg(feature = "schemars")] {
//! use schemars::generate::SchemaSettings;
//! use toolform::ToolSchema;
//!
//! #[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
//! struct Args {
//!     #[serde(default)]
//!     limit: u8,
//! }
//!
//! let input = schemars::schema_for!(Args);
//! assert_eq!(input.get("required"), None); // `limit` may be left out
//! let output = SchemaSettings::draft2020_12()
//!     .for_serialize()
//!     .into_generator()
//!     .into_root_schema_for::<Args>();
//! assert_eq!(output.get("required"), Some(&serde_json::json!(["limit"]))); // always written
//! # }
//! ```
//!
//! The schema is toolform's, inlined (`inline_schema` is `true`): schemars
//! puts it in place rather than behind a `$ref`. A recursive type's
//! references are moved into the generator's definitions (under its
//! `definitions_path`) so they still resolve inside a larger document.
//! Under draft-07 and 2019-09 generators, tuples are written with the array
//! form of `items`. A union whose every branch is an object gets
//! `"type": "object"` at its root, as MCP asks of tool schemas.

use crate::{Contract, ToolSchema};
use schemars::{Schema, SchemaGenerator};
use serde_json::{Map, Value};

/// The schema of `T` for the generator's contract. Called by the
/// `JsonSchema` impl the derive writes.
pub fn json_schema<T: ToolSchema + ?Sized>(generator: &mut SchemaGenerator, name: &str) -> Schema {
    let contract = if generator.contract().is_serialize() {
        Contract::Output
    } else {
        Contract::Input
    };
    let mut schema = T::schema(contract).clone();
    if has_ref(&mut schema) {
        hoist_definitions(&mut schema, generator, name);
    }
    if older_draft(generator) {
        tuples_as_item_arrays(&mut schema);
    }
    super::object_root(&mut schema);
    // Every rendering is an object or a boolean, which `Schema` holds.
    Schema::try_from(schema).unwrap_or_default()
}

/// `"#/$defs"` or whatever the generator keeps definitions under, as a
/// reference prefix.
fn definitions_ref(generator: &SchemaGenerator) -> String {
    let path = generator.settings().definitions_path.as_ref();
    let path = path.strip_prefix('#').unwrap_or(path);
    let path = path.strip_suffix('/').unwrap_or(path);
    format!("#{path}")
}

fn older_draft(generator: &SchemaGenerator) -> bool {
    generator
        .settings()
        .meta_schema
        .as_deref()
        .is_some_and(|m| m.contains("draft-07") || m.contains("draft/2019-09"))
}

fn has_ref(schema: &mut Value) -> bool {
    let mut found = false;
    for_each_schema(schema, &mut |map| {
        found |= matches!(map.get("$ref"), Some(Value::String(_)));
    });
    found
}

/// Keywords whose values are data, not subschemas.
fn is_literal_keyword(key: &str) -> bool {
    matches!(key, "const" | "enum" | "default" | "examples")
}

/// Keywords whose values map names (not keywords) to subschemas.
fn is_name_map(key: &str) -> bool {
    matches!(
        key,
        "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas"
    )
}

/// Calls `f` on every schema object in `schema`, outermost first, telling
/// keywords from property names and data.
fn for_each_schema(schema: &mut Value, f: &mut dyn FnMut(&mut Map<String, Value>)) {
    match schema {
        Value::Object(map) => {
            f(map);
            for (k, v) in map.iter_mut() {
                if is_literal_keyword(k) {
                    continue;
                }
                match v {
                    Value::Object(named) if is_name_map(k) => {
                        named.values_mut().for_each(|v| for_each_schema(v, f))
                    }
                    Value::Object(_) => for_each_schema(v, f),
                    Value::Array(items) => items.iter_mut().for_each(|v| for_each_schema(v, f)),
                    _ => {}
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| for_each_schema(v, f)),
        _ => {}
    }
}

/// Moves a recursive rendering's references into the generator's definitions:
/// `#` (the type itself) becomes a definition of its own, `#/$defs/K` one
/// under the generator's path. Names already taken by a different schema get
/// a number, as schemars does.
fn hoist_definitions(schema: &mut Value, generator: &mut SchemaGenerator, name: &str) {
    let own_defs = match schema {
        Value::Object(map) => match map.remove("$defs") {
            Some(Value::Object(defs)) => defs,
            _ => Map::new(),
        },
        _ => return,
    };
    let prefix = definitions_ref(generator);
    for attempt in 1usize.. {
        let suffix = if attempt == 1 {
            String::new()
        } else {
            attempt.to_string()
        };
        let root_name = format!("{name}{suffix}");
        let def_name = |key: &str| format!("{key}{suffix}");
        let target = |reference: &str| -> Option<String> {
            if reference == "#" {
                Some(format!("{prefix}/{}", escape_pointer(&root_name)))
            } else {
                let key = reference.strip_prefix("#/$defs/")?;
                Some(format!(
                    "{prefix}/{}",
                    escape_pointer(&def_name(&unescape_pointer(key)))
                ))
            }
        };
        let mut root = schema.clone();
        rewrite_refs(&mut root, &target);
        let mut entries = vec![(root_name.clone(), root.clone())];
        for (key, def) in &own_defs {
            let mut def = def.clone();
            rewrite_refs(&mut def, &target);
            entries.push((def_name(key), def));
        }
        let definitions = generator.definitions();
        let fits = entries
            .iter()
            .all(|(k, v)| definitions.get(k).is_none_or(|existing| existing == v));
        if fits {
            let definitions = generator.definitions_mut();
            for (k, v) in entries {
                definitions.entry(k).or_insert(v);
            }
            *schema = root;
            return;
        }
    }
}

fn rewrite_refs(schema: &mut Value, target: &dyn Fn(&str) -> Option<String>) {
    for_each_schema(schema, &mut |map| {
        if let Some(Value::String(reference)) = map.get_mut("$ref")
            && let Some(new) = target(reference)
        {
            *reference = new;
        }
    });
}

fn escape_pointer(s: &str) -> String {
    s.replace('~', "~0").replace('/', "~1")
}

fn unescape_pointer(s: &str) -> String {
    s.replace("~1", "/").replace("~0", "~")
}

/// 2020-12 `prefixItems` + `items` as draft-07 `items: [..]` + `additionalItems`.
fn tuples_as_item_arrays(schema: &mut Value) {
    for_each_schema(schema, &mut |map| {
        if let Some(prefix) = map.remove("prefixItems") {
            if let Some(rest) = map.remove("items") {
                map.insert("additionalItems".into(), rest);
            }
            map.insert("items".into(), prefix);
        }
    });
}

/// Implements `schemars::JsonSchema` for a derived type when toolform's
/// `schemars` feature is on; expands to nothing otherwise. The derive calls
/// it: a proc-macro cannot see the runtime crate's features.
#[doc(hidden)]
#[macro_export]
macro_rules! __json_schema {
    ([$($impl_generics:tt)*] [$($ty:tt)*] [$($where_clause:tt)*] $name:literal) => {
        #[automatically_derived]
        impl $($impl_generics)* $crate::__private::schemars::JsonSchema for $($ty)* $($where_clause)* {
            fn schema_name() -> $crate::__private::Cow<'static, str> {
                $crate::__private::Cow::Borrowed($name)
            }
            fn schema_id() -> $crate::__private::Cow<'static, str> {
                $crate::__private::Cow::Borrowed($crate::__private::type_name::<Self>())
            }
            fn inline_schema() -> bool {
                true
            }
            fn json_schema(
                generator: &mut $crate::__private::schemars::SchemaGenerator,
            ) -> $crate::__private::schemars::Schema {
                $crate::schemars::json_schema::<Self>(generator, $name)
            }
        }
    };
}
