//! One value for how a type's schema is written: which side of serde
//! ([`Contract`]), in which provider [`Dialect`], and which named types go to
//! `$defs` ([`Defs`]). [`ToolSchema::schema`](crate::ToolSchema::schema)
//! takes it and keeps each schema for the life of the process, per type and
//! settings; [`render`] writes one afresh for a [`Shape`].

use crate::Contract;
use crate::dialect::{Dialect, DialectError};
use crate::render::RenderOptions;
use crate::shape::Shape;
use serde_json::Value;

/// How a schema is written: the contract, the dialect and the `$defs`
/// policy, schemars-style. The default is MCP's: the input contract, JSON
/// Schema 2020-12 as toolform renders it, types inlined.
///
/// ```
/// use toolform::{Contract, Defs, SchemaSettings, ToolSchema, dialect::Dialect};
///
/// #[derive(serde::Deserialize, serde::Serialize, ToolSchema)]
/// struct Forecast { city: String, days: Option<u8> }
///
/// // The shortcuts, the same `&'static` values:
/// assert!(std::ptr::eq(Forecast::schema(Contract::Input)?, Forecast::input_schema()));
/// // A provider's dialect (`From<Dialect>`: the input contract):
/// let strict = Forecast::schema(Dialect::OpenAiStrict)?;
/// assert_eq!(strict["required"], serde_json::json!(["city", "days"]));
/// // Every setting at once:
/// let settings = SchemaSettings::output()
///     .dialect(Dialect::Gemini)
///     .defs(Defs::EveryNamedType);
/// assert_eq!(Forecast::schema(settings)?["type"], "object");
/// # Ok::<(), &toolform::dialect::DialectError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SchemaSettings {
    /// Which side of serde the schema describes: what it reads
    /// ([`Contract::Input`], the default) or what it writes.
    pub contract: Contract,
    /// The provider dialect the schema is written in; `None` (the default):
    /// JSON Schema 2020-12, what MCP carries.
    pub dialect: Option<Dialect>,
    /// Which named types go to `$defs`.
    pub defs: Defs,
}

/// Which named types a schema puts in `$defs` and refers to with `$ref`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Defs {
    /// Only the types that must be (the default): a type that contains
    /// itself, and a type used more than once whose schema weighs more than
    /// 512 schema objects and keywords (about 10 KB). Every other type is
    /// written where it is used: many MCP clients cannot resolve `$ref`.
    #[default]
    WhereNeeded,
    /// Every named struct and enum (schemars' layout).
    EveryNamedType,
}

impl SchemaSettings {
    /// The input contract (what serde deserializes), JSON Schema 2020-12,
    /// types inlined: what [`ToolSchema::input_schema`](crate::ToolSchema::input_schema) gives.
    pub const fn input() -> Self {
        SchemaSettings {
            contract: Contract::Input,
            dialect: None,
            defs: Defs::WhereNeeded,
        }
    }

    /// The output contract (what serde serializes), JSON Schema 2020-12,
    /// types inlined: what [`ToolSchema::output_schema`](crate::ToolSchema::output_schema) gives.
    pub const fn output() -> Self {
        SchemaSettings {
            contract: Contract::Output,
            ..SchemaSettings::input()
        }
    }

    /// These settings, written in `dialect`.
    ///
    /// Under the strict dialects, which close every object, an input schema
    /// leaves aliases out (a model is shown the primary names, which serde
    /// always accepts) and makes optional properties required and nullable
    /// ([`Dialect::parse_args`] reads the `null`s back as absent). An output
    /// schema cannot do that: serde leaves a `skip_serializing_if` field out
    /// of what it writes, so such a field is an error there, naming it.
    pub const fn dialect(self, dialect: Dialect) -> Self {
        SchemaSettings {
            dialect: Some(dialect),
            ..self
        }
    }

    /// These settings, with `defs` as the `$defs` policy.
    pub const fn defs(self, defs: Defs) -> Self {
        SchemaSettings { defs, ..self }
    }

    /// The settings the shortcuts
    /// [`input_schema`](crate::ToolSchema::input_schema) and
    /// [`output_schema`](crate::ToolSchema::output_schema) stand for:
    /// `Some(contract)` when these are those.
    pub(crate) fn shortcut(self) -> Option<Contract> {
        (self.dialect.is_none() && self.defs == Defs::WhereNeeded).then_some(self.contract)
    }
}

impl Default for SchemaSettings {
    fn default() -> Self {
        SchemaSettings::input()
    }
}

impl From<Contract> for SchemaSettings {
    /// `contract`'s schema, JSON Schema 2020-12, types inlined.
    fn from(contract: Contract) -> Self {
        SchemaSettings {
            contract,
            ..SchemaSettings::input()
        }
    }
}

impl From<Dialect> for SchemaSettings {
    /// The input schema in `dialect` (a model writes tool arguments, serde
    /// reads them).
    fn from(dialect: Dialect) -> Self {
        SchemaSettings::input().dialect(dialect)
    }
}

/// Writes the schema of `shape` with `settings`, afresh on every call:
/// prefer [`ToolSchema::schema`](crate::ToolSchema::schema) and the
/// shortcuts, which write it once and then hand out a `&'static` reference.
/// For a type's shape given as a value (code that holds a
/// [`&'static Shape`](Shape), not a type).
///
/// Fails only under a dialect, with every place the schema cannot be
/// written in it.
pub fn render(
    shape: &'static Shape,
    settings: impl Into<SchemaSettings>,
) -> Result<Value, DialectError> {
    let settings = settings.into();
    let options = RenderOptions {
        defs: settings.defs == Defs::EveryNamedType,
        primary_names_only: false,
    };
    match settings.dialect {
        None => Ok(crate::render::render_with(
            shape,
            settings.contract,
            options,
        )),
        Some(dialect) => crate::dialect::convert_shape(shape, settings.contract, dialect, options),
    }
}

type Kept = Result<&'static Value, &'static DialectError>;

/// [`render`], once per shape and settings, kept for the life of the
/// process. The shortcuts' settings never come here
/// ([`crate::ToolSchema::schema`] hands out the shortcuts' own references).
pub(crate) fn cached(shape: &'static Shape, settings: SchemaSettings) -> Kept {
    static CACHE: crate::memo::Memo<(usize, SchemaSettings), Kept> = crate::memo::Memo::new();
    let key = (shape as *const Shape as usize, settings);
    CACHE.get_or_store(
        key,
        || render(shape, settings),
        |written| match written {
            Ok(v) => Ok(&*Box::leak(Box::new(v))),
            Err(e) => Err(&*Box::leak(Box::new(e))),
        },
    )
}
