//! The form grammar of each MCP revision, as one typed model: which property
//! kinds exist and which keywords each kind carries. The derive renders from
//! it (a keyword its revision lacks is left out or reported), the gate walks
//! schemas against it, and a test checks it against each revision's own
//! `schema.json`.

use super::Revision;

/// A property kind of the form grammar (`PrimitiveSchemaDefinition`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `StringSchema`.
    String,
    /// `NumberSchema` (`type: number` or `integer`).
    Number,
    /// `BooleanSchema`.
    Boolean,
    /// `UntitledSingleSelectEnumSchema` (2025-06-18: `EnumSchema` without names).
    UntitledSelect,
    /// `TitledSingleSelectEnumSchema`: `oneOf` of `{const, title}`.
    TitledSelect,
    /// `LegacyTitledEnumSchema` (2025-06-18: `EnumSchema`): `enum` + `enumNames`.
    LegacyTitledSelect,
    /// `UntitledMultiSelectEnumSchema`: `items: {type, enum}`.
    UntitledMultiSelect,
    /// `TitledMultiSelectEnumSchema`: `items: {anyOf: [{const, title}]}`.
    TitledMultiSelect,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 8] = [
        Kind::String,
        Kind::Number,
        Kind::Boolean,
        Kind::UntitledSelect,
        Kind::TitledSelect,
        Kind::LegacyTitledSelect,
        Kind::UntitledMultiSelect,
        Kind::TitledMultiSelect,
    ];

    /// The spec's definition name for this kind in `revision`, if it exists.
    pub fn definition(self, revision: Revision) -> Option<&'static str> {
        let old = revision == Revision::V2025_06_18;
        Some(match self {
            Kind::String => "StringSchema",
            Kind::Number => "NumberSchema",
            Kind::Boolean => "BooleanSchema",
            Kind::UntitledSelect if old => "EnumSchema",
            Kind::LegacyTitledSelect if old => "EnumSchema",
            _ if old => return None,
            Kind::UntitledSelect => "UntitledSingleSelectEnumSchema",
            Kind::TitledSelect => "TitledSingleSelectEnumSchema",
            Kind::LegacyTitledSelect => "LegacyTitledEnumSchema",
            Kind::UntitledMultiSelect => "UntitledMultiSelectEnumSchema",
            Kind::TitledMultiSelect => "TitledMultiSelectEnumSchema",
        })
    }

    /// The keywords this kind carries in `revision` (empty when the kind does
    /// not exist there).
    pub fn keywords(self, revision: Revision) -> &'static [&'static str] {
        let new = revision >= Revision::V2025_11_25;
        match (self, new) {
            (Kind::String, false) => &[
                "type",
                "title",
                "description",
                "minLength",
                "maxLength",
                "format",
            ],
            (Kind::String, true) => &[
                "type",
                "title",
                "description",
                "minLength",
                "maxLength",
                "format",
                "default",
            ],
            (Kind::Number, false) => &["type", "title", "description", "minimum", "maximum"],
            (Kind::Number, true) => &[
                "type",
                "title",
                "description",
                "minimum",
                "maximum",
                "default",
            ],
            (Kind::Boolean, _) => &["type", "title", "description", "default"],
            (Kind::UntitledSelect | Kind::LegacyTitledSelect, false) => {
                &["type", "title", "description", "enum", "enumNames"]
            }
            (Kind::UntitledSelect, true) => &["type", "title", "description", "enum", "default"],
            (Kind::TitledSelect, true) => &["type", "title", "description", "oneOf", "default"],
            (Kind::LegacyTitledSelect, true) => &[
                "type",
                "title",
                "description",
                "enum",
                "enumNames",
                "default",
            ],
            (Kind::UntitledMultiSelect | Kind::TitledMultiSelect, true) => &[
                "type",
                "title",
                "description",
                "items",
                "minItems",
                "maxItems",
                "default",
            ],
            (Kind::TitledSelect | Kind::UntitledMultiSelect | Kind::TitledMultiSelect, false) => {
                &[]
            }
        }
    }

    /// Whether the kind exists in `revision`.
    pub fn exists(self, revision: Revision) -> bool {
        !self.keywords(revision).is_empty()
    }

    /// Whether `keyword` belongs to this kind in `revision`.
    pub fn carries(self, revision: Revision, keyword: &str) -> bool {
        self.keywords(revision).contains(&keyword)
    }
}

/// The string formats of `StringSchema`.
pub const FORMATS: [&str; 4] = ["date", "date-time", "email", "uri"];

/// Keywords of the `requestedSchema` object itself.
pub const ROOT_KEYWORDS: [&str; 4] = ["$schema", "type", "properties", "required"];

/// Keywords that only annotate: they constrain nothing the wire would lose,
/// so the gate drops them wherever the grammar has no place for them.
pub const ANNOTATIONS: [&str; 8] = [
    "$comment",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "contentEncoding",
    "contentMediaType",
    "$id",
];
