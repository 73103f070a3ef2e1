//! JSON → [`Schema`]: iterative and total.

use super::data::{Data, deep_clone};
use super::{
    Alternatives, Exclusive, Keyword, Node, NodeId, Object, Property, PropertyInfo, Role, Schema,
    Source, Type, Types,
};
use serde_json::{Map, Value};

/// Reads any JSON value as a schema: boolean and object schemas node by
/// node, every keyword typed where its value has the vocabulary's type and
/// verbatim ([`Keyword::Other`]) otherwise. A root that is no schema at all
/// is kept as [`Node::Other`]. Nothing the renderer would know is known
/// (every `role`, `source`, `presence` and `exclusive` is unknown).
///
/// Iterative (a work list, no recursion on depth) and total: never panics.
pub(crate) fn parse(value: &Value) -> Schema {
    let mut schema = Schema {
        nodes: vec![Node::Bool(true)],
        root: NodeId(0),
    };
    let mut work: Vec<(&Value, NodeId)> = vec![(value, NodeId(0))];
    while let Some((value, id)) = work.pop() {
        let node = match value {
            Value::Bool(b) => Node::Bool(*b),
            Value::Object(map) => Node::Object(object(map, &mut schema, &mut work)),
            other => Node::Other(Data::new(deep_clone(other))),
        };
        if let Some(slot) = schema.nodes.get_mut(id.0) {
            *slot = node;
        }
    }
    schema
}

/// A value that can be parsed as a schema (a boolean or an object).
fn is_schema(value: &Value) -> bool {
    matches!(value, Value::Bool(_) | Value::Object(_))
}

/// Reserves a node for a subschema, to be filled in from the work list.
fn child<'a>(value: &'a Value, schema: &mut Schema, work: &mut Vec<(&'a Value, NodeId)>) -> NodeId {
    let id = schema.push(Node::Bool(true));
    work.push((value, id));
    id
}

fn object<'a>(
    map: &'a Map<String, Value>,
    schema: &mut Schema,
    work: &mut Vec<(&'a Value, NodeId)>,
) -> Object {
    let mut obj = Object::new(Role::Unknown);
    for (name, value) in map {
        let keyword = keyword(name, value, schema, work)
            .unwrap_or_else(|| Keyword::Other(name.clone(), Data::new(deep_clone(value))));
        obj.push(keyword, Source::Unknown);
    }
    obj
}

/// The typed keyword `name` with `value`, or `None` when `name` is not in
/// the vocabulary or `value` does not have its type.
fn keyword<'a>(
    name: &str,
    value: &'a Value,
    schema: &mut Schema,
    work: &mut Vec<(&'a Value, NodeId)>,
) -> Option<Keyword> {
    let string = || value.as_str().map(str::to_string);
    let count = || value.as_u64().filter(|_| value.is_u64());
    let number = || match value {
        Value::Number(n) => Some(n.clone()),
        _ => None,
    };
    Some(match name {
        "$schema" => Keyword::SchemaUri(string()?),
        "$id" => Keyword::Id(string()?),
        "$comment" => Keyword::Comment(string()?),
        "$ref" => Keyword::Ref(string()?),
        "title" => Keyword::Title(string()?),
        "description" => Keyword::Description(string()?),
        "pattern" => Keyword::Pattern(string()?),
        "format" => Keyword::Format(string()?),
        "default" => Keyword::Default(Data::new(deep_clone(value))),
        "const" => Keyword::Const(Data::new(deep_clone(value))),
        "examples" => Keyword::Examples(data_list(value)?),
        "enum" => Keyword::Enum(data_list(value)?),
        "deprecated" => Keyword::Deprecated(value.as_bool()?),
        "readOnly" => Keyword::ReadOnly(value.as_bool()?),
        "writeOnly" => Keyword::WriteOnly(value.as_bool()?),
        "uniqueItems" => Keyword::UniqueItems(value.as_bool()?),
        "type" => Keyword::Type(types(value)?),
        "minimum" => Keyword::Minimum(number()?),
        "maximum" => Keyword::Maximum(number()?),
        "exclusiveMinimum" => Keyword::ExclusiveMinimum(number()?),
        "exclusiveMaximum" => Keyword::ExclusiveMaximum(number()?),
        "multipleOf" => Keyword::MultipleOf(number()?),
        "minLength" => Keyword::MinLength(count()?),
        "maxLength" => Keyword::MaxLength(count()?),
        "minItems" => Keyword::MinItems(count()?),
        "maxItems" => Keyword::MaxItems(count()?),
        "minContains" => Keyword::MinContains(count()?),
        "maxContains" => Keyword::MaxContains(count()?),
        "minProperties" => Keyword::MinProperties(count()?),
        "maxProperties" => Keyword::MaxProperties(count()?),
        "required" => Keyword::Required(strings(value)?),
        "dependentRequired" => {
            let map = value.as_object()?;
            let mut out = Vec::with_capacity(map.len());
            for (k, v) in map {
                out.push((k.clone(), strings(v)?));
            }
            Keyword::DependentRequired(out)
        }
        "$defs" => Keyword::Defs(named(value, schema, work)?),
        "definitions" => Keyword::Definitions(named(value, schema, work)?),
        "patternProperties" => Keyword::PatternProperties(named(value, schema, work)?),
        "dependentSchemas" => Keyword::DependentSchemas(named(value, schema, work)?),
        "properties" => Keyword::Properties(
            named(value, schema, work)?
                .into_iter()
                .map(|(name, schema)| Property {
                    name,
                    schema,
                    info: PropertyInfo::default(),
                })
                .collect(),
        ),
        "prefixItems" => Keyword::PrefixItems(list(value, schema, work)?),
        "allOf" => Keyword::AllOf(list(value, schema, work)?),
        "anyOf" => Keyword::AnyOf(alternatives(list(value, schema, work)?)),
        "oneOf" => Keyword::OneOf(alternatives(list(value, schema, work)?)),
        "items" if value.is_array() => Keyword::ItemsArray(list(value, schema, work)?),
        _ => return single(name, value, schema, work),
    })
}

/// The keywords whose value is one subschema.
fn single<'a>(
    name: &str,
    value: &'a Value,
    schema: &mut Schema,
    work: &mut Vec<(&'a Value, NodeId)>,
) -> Option<Keyword> {
    let make: fn(NodeId) -> Keyword = match name {
        "items" => Keyword::Items,
        "additionalItems" => Keyword::AdditionalItems,
        "contains" => Keyword::Contains,
        "unevaluatedItems" => Keyword::UnevaluatedItems,
        "additionalProperties" => Keyword::AdditionalProperties,
        "unevaluatedProperties" => Keyword::UnevaluatedProperties,
        "propertyNames" => Keyword::PropertyNames,
        "not" => Keyword::Not,
        "if" => Keyword::If,
        "then" => Keyword::Then,
        "else" => Keyword::Else,
        _ => return None,
    };
    if !is_schema(value) {
        return None;
    }
    Some(make(child(value, schema, work)))
}

fn alternatives(nodes: Vec<NodeId>) -> Alternatives {
    Alternatives {
        nodes,
        exclusive: Exclusive::Unknown,
    }
}

fn types(value: &Value) -> Option<Types> {
    match value {
        Value::String(s) => Type::from_name(s).map(Types::One),
        Value::Array(items) => items
            .iter()
            .map(|t| t.as_str().and_then(Type::from_name))
            .collect::<Option<Vec<Type>>>()
            .map(Types::Many),
        _ => None,
    }
}

fn strings(value: &Value) -> Option<Vec<String>> {
    value
        .as_array()?
        .iter()
        .map(|v| v.as_str().map(str::to_string))
        .collect()
}

fn data_list(value: &Value) -> Option<Vec<Data>> {
    Some(
        value
            .as_array()?
            .iter()
            .map(|v| Data::new(deep_clone(v)))
            .collect(),
    )
}

/// An array of subschemas (all must be schemas, or the keyword is kept
/// verbatim).
fn list<'a>(
    value: &'a Value,
    schema: &mut Schema,
    work: &mut Vec<(&'a Value, NodeId)>,
) -> Option<Vec<NodeId>> {
    let items = value.as_array()?;
    if !items.iter().all(is_schema) {
        return None;
    }
    Some(items.iter().map(|v| child(v, schema, work)).collect())
}

/// An object of named subschemas (all must be schemas, or the keyword is
/// kept verbatim).
fn named<'a>(
    value: &'a Value,
    schema: &mut Schema,
    work: &mut Vec<(&'a Value, NodeId)>,
) -> Option<Vec<(String, NodeId)>> {
    let map = value.as_object()?;
    if !map.values().all(is_schema) {
        return None;
    }
    Some(
        map.iter()
            .map(|(k, v)| (k.clone(), child(v, schema, work)))
            .collect(),
    )
}
