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
//! `definitions_path`) so they still resolve inside a larger document, each
//! under a name reserved in the generator's own name table (a type schemars
//! names the same gets a number, `Node2`, as schemars does between its own
//! types); the rendering itself goes there only when it refers to itself.
//! References are percent-encoded URI fragments.
//! Under draft-07 and 2019-09 generators, tuples are written with the array
//! form of `items`. A union whose every branch is an object gets
//! `"type": "object"` at its root, as MCP asks of tool schemas.

use crate::ToolSchema;
use crate::render::{decode_ref_segment, push_ref_segment};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;

/// The schema of `T` for the generator's contract. Called by the
/// `JsonSchema` impl the derive writes.
pub fn json_schema<T: ToolSchema + ?Sized>(generator: &mut SchemaGenerator, name: &str) -> Schema {
    schema_for::<T>(generator, Some(name))
}

/// The schema of `T` for the generator's contract as a whole document: the
/// root of a tool's `inputSchema` (`toolform::rmcp::Parameters<T>`). Nothing
/// is moved into the generator's definitions, so the document listed is the
/// rendering itself: a recursive type's `{"$ref": "#"}` stays the root, and
/// its `x-mcp-header` annotations stay reachable through `properties` alone
/// (a copy under `$defs` would put them where a client drops the tool).
#[cfg_attr(not(feature = "rmcp"), allow(dead_code))]
pub(crate) fn root_json_schema<T: ToolSchema + ?Sized>(generator: &mut SchemaGenerator) -> Schema {
    schema_for::<T>(generator, None)
}

/// `T`'s rendering for the generator's contract and draft; with `hoist`
/// (the name to reserve), its references moved into the generator's
/// definitions.
fn schema_for<T: ToolSchema + ?Sized>(
    generator: &mut SchemaGenerator,
    hoist: Option<&str>,
) -> Schema {
    let mut schema = if generator.contract().is_serialize() {
        T::output_schema()
    } else {
        T::input_schema()
    }
    .clone();
    if older_draft(generator) {
        tuples_as_item_arrays(&mut schema);
    }
    if let Some(name) = hoist
        && has_ref(&mut schema)
    {
        hoist_definitions(&mut schema, generator, name);
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
pub(crate) fn is_literal_keyword(key: &str) -> bool {
    matches!(key, "const" | "enum" | "default" | "examples")
}

/// Keywords whose values map names (not keywords) to subschemas.
pub(crate) fn is_name_map(key: &str) -> bool {
    matches!(
        key,
        "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas"
    )
}

/// Calls `f` on every schema object in `schema`, outermost first, telling
/// keywords from property names and data. Iterative: a rendering may be
/// deep.
fn for_each_schema(schema: &mut Value, f: &mut dyn FnMut(&mut Map<String, Value>)) {
    let mut stack = vec![schema];
    while let Some(schema) = stack.pop() {
        match schema {
            Value::Object(map) => {
                f(map);
                for (k, v) in map.iter_mut() {
                    if is_literal_keyword(k) {
                        continue;
                    }
                    if is_name_map(k)
                        && let Value::Object(named) = v
                    {
                        stack.extend(named.values_mut());
                    } else if v.is_object() || v.is_array() {
                        stack.push(v);
                    }
                }
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            _ => {}
        }
    }
}

/// Moves a rendering's `$defs` into the generator's definitions, and the
/// rendering itself there too when it refers to itself (`#`), each under a
/// name reserved in the generator's own name table: a type schemars names
/// later gets another name (`Node2`), and a name schemars gave first is not
/// taken (toolform's entry is numbered instead). References are rewritten
/// to the names reserved. The same rendering hoisted twice (a type used in
/// two places) reuses its entries.
fn hoist_definitions(schema: &mut Value, generator: &mut SchemaGenerator, name: &str) {
    let fingerprint = fingerprint(schema);
    let own_defs = match schema {
        Value::Object(map) => match map.remove("$defs") {
            Some(Value::Object(defs)) => defs,
            _ => Map::new(),
        },
        _ => return,
    };
    let mut refers_to_root = false;
    let mut probe = |value: &mut Value| {
        for_each_schema(value, &mut |map| {
            refers_to_root |= map.get("$ref").and_then(Value::as_str) == Some("#");
        })
    };
    probe(schema);
    let mut defs: Vec<(String, Value)> = own_defs.into_iter().collect();
    for (_, def) in &mut defs {
        probe(def);
    }
    let prefix = definitions_ref(generator);
    // A self-reference becomes a definition even at the generator's root:
    // `#` would point elsewhere once the schema is placed in a larger
    // document (a tool list, a bundle).
    let root = refers_to_root
        .then(|| Entry::reserve(generator, &prefix, name, format!("toolform:{fingerprint}")));
    let entries: Vec<Entry> = defs
        .iter()
        .map(|(key, _)| {
            let id = format!("toolform:{fingerprint}:{key}");
            Entry::reserve(generator, &prefix, key, id)
        })
        .collect();
    let targets: HashMap<String, &str> = defs
        .iter()
        .map(|(key, _)| key.clone())
        .zip(entries.iter().map(|e| e.reference.as_str()))
        .collect();
    let target = |reference: &str| -> Option<String> {
        if reference == "#" {
            return root.as_ref().map(|e| e.reference.clone());
        }
        let key = decode_ref_segment(reference.strip_prefix("#/$defs/")?)?;
        targets.get(key.as_str()).map(|r| r.to_string())
    };
    rewrite_refs(schema, &target);
    for (_, def) in &mut defs {
        rewrite_refs(def, &target);
    }
    let definitions = generator.definitions_mut();
    if let Some(Entry {
        name: Some(name), ..
    }) = &root
    {
        definitions.insert(name.clone(), schema.clone());
    }
    for (entry, (_, def)) in entries.into_iter().zip(defs) {
        if let Some(name) = entry.name {
            definitions.insert(name, def);
        }
    }
}

/// A stable digest of a rendering, naming its `$defs` entries in the
/// generator's table: the entries of one rendering are the same schemas
/// wherever it is used, those of another may not be.
fn fingerprint(schema: &Value) -> String {
    use std::hash::{Hash, Hasher};
    let text = schema.to_string();
    let half = |salt: u8| {
        let mut h = std::hash::DefaultHasher::new();
        salt.hash(&mut h);
        text.hash(&mut h);
        h.finish()
    };
    format!("{:016x}{:016x}", half(1), half(2))
}

/// A definition's place in the generator: the reference to it, and its
/// name (`None` when the reference is `#`, the generator's root).
struct Entry {
    reference: String,
    name: Option<String>,
}

impl Entry {
    /// Reserves `base` (or the numbered name schemars picks when `base` is
    /// taken) for the schema `id`, through schemars' own name table.
    fn reserve(generator: &mut SchemaGenerator, prefix: &str, base: &str, id: String) -> Entry {
        RESERVING.with_borrow_mut(|r| {
            *r = Some(Reservation {
                name: base.to_string(),
                id,
                nested: false,
            })
        });
        let reference = generator.subschema_for::<Reserve>();
        RESERVING.with_borrow_mut(|r| *r = None);
        let reference = reference
            .get("$ref")
            .and_then(Value::as_str)
            .map(str::to_string);
        match reference {
            Some(reference) if reference == "#" => Entry {
                reference,
                name: None,
            },
            Some(reference) => {
                let name = reference
                    .strip_prefix(prefix)
                    .and_then(|rest| rest.strip_prefix('/'))
                    .and_then(decode_ref_segment);
                match name {
                    Some(name) => Entry {
                        reference,
                        name: Some(name),
                    },
                    None => Entry::unreserved(generator, prefix, base),
                }
            }
            None => Entry::unreserved(generator, prefix, base),
        }
    }

    /// A name schemars did not hand out (never expected): `base`, numbered
    /// past every name in the definitions.
    fn unreserved(generator: &SchemaGenerator, prefix: &str, base: &str) -> Entry {
        let definitions = generator.definitions();
        let mut name = base.to_string();
        let mut n = 2;
        while definitions.contains_key(&name) {
            name = format!("{base}{n}");
            n += 1;
        }
        let mut reference = format!("{prefix}/");
        push_ref_segment(&mut reference, &name);
        Entry {
            reference,
            name: Some(name),
        }
    }
}

/// The name and identity [`Reserve`] answers schemars with.
struct Reservation {
    name: String,
    id: String,
    /// Inside the reservation's own `json_schema`.
    nested: bool,
}

thread_local! {
    static RESERVING: RefCell<Option<Reservation>> = const { RefCell::new(None) };
}

/// A definition reserved in a generator's name table under the name and
/// identity of the current [`Reservation`]: `subschema_for::<Reserve>()`
/// returns the `$ref` to its entry (holding a placeholder, overwritten by
/// the caller). Under `inline_subschemas`, schemars names only a schema
/// it is generating already: `json_schema` asks for itself once more,
/// which it then is.
struct Reserve;

impl JsonSchema for Reserve {
    fn schema_name() -> Cow<'static, str> {
        RESERVING
            .with_borrow(|r| Cow::Owned(r.as_ref().map_or("Definition", |r| &r.name).to_string()))
    }

    fn schema_id() -> Cow<'static, str> {
        RESERVING.with_borrow(|r| Cow::Owned(r.as_ref().map_or("toolform:", |r| &r.id).to_string()))
    }

    fn inline_schema() -> bool {
        false
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let first = RESERVING.with_borrow_mut(|r| match r {
            Some(r) if !r.nested => {
                r.nested = true;
                true
            }
            _ => false,
        });
        if !first {
            return Schema::from(false);
        }
        let reference = generator.subschema_for::<Reserve>();
        RESERVING.with_borrow_mut(|r| {
            if let Some(r) = r {
                r.nested = false;
            }
        });
        reference
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
    // The type derives schemars' `JsonSchema` too (the derive saw it in the
    // derive list): one error at it, instead of rustc's E0119 inside the
    // derive.
    (beside) => {
        ::core::compile_error! {
            "this type derives schemars' `JsonSchema` and toolform's `ToolSchema`, which \
             implements `JsonSchema` too under toolform's `schemars` feature (from the same \
             schemas, so rmcp and schemars read toolform's): drop `JsonSchema` from the \
             derive list, or keep schemars' own impl with `#[schema(no_json_schema)]` on the type"
        }
    };
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
