//! Keyword names and the subschemas each keyword holds.

use super::{Keyword, Node, NodeId, Property};

impl Keyword {
    /// The keyword's name in JSON.
    pub(crate) fn name(&self) -> &str {
        match self {
            Keyword::SchemaUri(_) => "$schema",
            Keyword::Id(_) => "$id",
            Keyword::Comment(_) => "$comment",
            Keyword::Ref(_) => "$ref",
            Keyword::Defs(_) => "$defs",
            Keyword::Definitions(_) => "definitions",
            Keyword::Title(_) => "title",
            Keyword::Description(_) => "description",
            Keyword::Default(_) => "default",
            Keyword::Examples(_) => "examples",
            Keyword::Deprecated(_) => "deprecated",
            Keyword::ReadOnly(_) => "readOnly",
            Keyword::WriteOnly(_) => "writeOnly",
            Keyword::Type(_) => "type",
            Keyword::Const(_) => "const",
            Keyword::Enum(_) => "enum",
            Keyword::Minimum(_) => "minimum",
            Keyword::Maximum(_) => "maximum",
            Keyword::ExclusiveMinimum(_) => "exclusiveMinimum",
            Keyword::ExclusiveMaximum(_) => "exclusiveMaximum",
            Keyword::MultipleOf(_) => "multipleOf",
            Keyword::MinLength(_) => "minLength",
            Keyword::MaxLength(_) => "maxLength",
            Keyword::Pattern(_) => "pattern",
            Keyword::Format(_) => "format",
            Keyword::Items(_) | Keyword::ItemsArray(_) => "items",
            Keyword::AdditionalItems(_) => "additionalItems",
            Keyword::PrefixItems(_) => "prefixItems",
            Keyword::Contains(_) => "contains",
            Keyword::MinContains(_) => "minContains",
            Keyword::MaxContains(_) => "maxContains",
            Keyword::MinItems(_) => "minItems",
            Keyword::MaxItems(_) => "maxItems",
            Keyword::UniqueItems(_) => "uniqueItems",
            Keyword::UnevaluatedItems(_) => "unevaluatedItems",
            Keyword::Properties(_) => "properties",
            Keyword::Required(_) => "required",
            Keyword::AdditionalProperties(_) => "additionalProperties",
            Keyword::UnevaluatedProperties(_) => "unevaluatedProperties",
            Keyword::PropertyNames(_) => "propertyNames",
            Keyword::PatternProperties(_) => "patternProperties",
            Keyword::MinProperties(_) => "minProperties",
            Keyword::MaxProperties(_) => "maxProperties",
            Keyword::DependentRequired(_) => "dependentRequired",
            Keyword::DependentSchemas(_) => "dependentSchemas",
            Keyword::AnyOf(_) => "anyOf",
            Keyword::OneOf(_) => "oneOf",
            Keyword::AllOf(_) => "allOf",
            Keyword::Not(_) => "not",
            Keyword::If(_) => "if",
            Keyword::Then(_) => "then",
            Keyword::Else(_) => "else",
            Keyword::Other(name, _) => name,
        }
    }

    /// The subschemas this keyword holds, by how its value holds them.
    pub(crate) fn children(&self) -> Children<'_> {
        match self {
            Keyword::Defs(named)
            | Keyword::Definitions(named)
            | Keyword::PatternProperties(named)
            | Keyword::DependentSchemas(named) => Children::Named(named),
            Keyword::Properties(props) => Children::Properties(props),
            Keyword::ItemsArray(ids) | Keyword::PrefixItems(ids) | Keyword::AllOf(ids) => {
                Children::List(ids)
            }
            Keyword::AnyOf(alts) | Keyword::OneOf(alts) => Children::List(&alts.nodes),
            Keyword::Items(id)
            | Keyword::AdditionalItems(id)
            | Keyword::Contains(id)
            | Keyword::UnevaluatedItems(id)
            | Keyword::AdditionalProperties(id)
            | Keyword::UnevaluatedProperties(id)
            | Keyword::PropertyNames(id)
            | Keyword::Not(id)
            | Keyword::If(id)
            | Keyword::Then(id)
            | Keyword::Else(id) => Children::One(*id),
            _ => Children::None,
        }
    }

    /// Calls `f` on every subschema of this keyword, in document order.
    pub(crate) fn for_each_child(&self, mut f: impl FnMut(NodeId)) {
        match self.children() {
            Children::Named(named) => named.iter().for_each(|(_, id)| f(*id)),
            Children::Properties(props) => props.iter().for_each(|p| f(p.schema)),
            Children::List(ids) => ids.iter().copied().for_each(f),
            Children::One(id) => f(id),
            Children::None => {}
        }
    }
}

/// The subschemas of one keyword ([`Keyword::children`]): the one place that
/// knows which keyword holds which.
pub(crate) enum Children<'a> {
    /// A map of names to subschemas (`$defs`, `patternProperties`, ..).
    Named(&'a [(String, NodeId)]),
    /// `properties`.
    Properties(&'a [Property]),
    /// An array of subschemas (`allOf`, `anyOf`, `prefixItems`, ..).
    List(&'a [NodeId]),
    /// One subschema (`items`, `not`, ..).
    One(NodeId),
    /// A keyword that holds no subschema.
    None,
}

impl<'a> Children<'a> {
    /// The named subschemas, in order, when the keyword holds a map of them.
    pub(crate) fn named(&self) -> Option<Vec<(&'a str, NodeId)>> {
        match *self {
            Children::Named(named) => Some(named.iter().map(|(n, id)| (n.as_str(), *id)).collect()),
            Children::Properties(props) => {
                Some(props.iter().map(|p| (p.name.as_str(), p.schema)).collect())
            }
            _ => None,
        }
    }
}

impl Node {
    /// Calls `f` on every subschema of this node, in document order.
    pub(crate) fn for_each_child(&self, mut f: impl FnMut(NodeId)) {
        if let Node::Object(obj) = self {
            for entry in &obj.entries {
                entry.keyword.for_each_child(&mut f);
            }
        }
    }
}
