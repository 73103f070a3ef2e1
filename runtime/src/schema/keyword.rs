//! Keyword names and the subschemas each keyword holds.

use super::{Keyword, Node, NodeId};

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

    /// Calls `f` on every subschema of this keyword, in document order.
    pub(crate) fn for_each_child(&self, mut f: impl FnMut(NodeId)) {
        match self {
            Keyword::Defs(named)
            | Keyword::Definitions(named)
            | Keyword::PatternProperties(named)
            | Keyword::DependentSchemas(named) => named.iter().for_each(|(_, id)| f(*id)),
            Keyword::Properties(props) => props.iter().for_each(|p| f(p.schema)),
            Keyword::ItemsArray(ids) | Keyword::PrefixItems(ids) | Keyword::AllOf(ids) => {
                ids.iter().copied().for_each(f)
            }
            Keyword::AnyOf(alts) | Keyword::OneOf(alts) => alts.nodes.iter().copied().for_each(f),
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
            | Keyword::Else(id) => f(*id),
            _ => {}
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
