//! The wire-shape model: what a Rust type looks like on the JSON wire, as serde
//! reads and writes it.
//!
//! Every [`ToolSchema`](crate::ToolSchema) type carries a `const` [`Shape`]: a tree
//! of `&'static` nodes built at compile time. Derived types point at their field
//! types through `fn` pointers, which is what lets recursive types and generic
//! types compose without const-evaluation cycles. Schemas are rendered from this
//! tree once per type and [`Contract`](crate::Contract), then cached.
//!
//! You only need this module to implement [`ToolSchema`](crate::ToolSchema) by hand
//! for a type whose serde impls are hand-written.

use serde_json::Value;

// `pub(crate)`: the derive's compact encoding (`Packed`, `Decoded`) is
// named by generated code through `toolform::__private` only.
pub(crate) mod packed;
pub(crate) mod serde_read;
mod view;
pub(crate) use packed::{Items, leak};
pub(crate) use packed::{Packed, own_cache};
pub(crate) use view::{Content, EnumView, ReprKind, str_eq};

/// The wire shape of a type in the serde/JSON data model.
#[derive(Debug)]
#[non_exhaustive]
pub enum Shape {
    /// Any JSON value (`serde_json::Value`).
    Any,
    /// `null`, and only `null` (`()`, unit structs, `PhantomData`).
    Null,
    /// `true` or `false`.
    Bool,
    /// An integer within the given bounds.
    Integer(IntRange),
    /// A floating-point number. serde reads any JSON number into it; `serde_json`
    /// writes non-finite values (NaN, infinities) as `null`, so the output
    /// contract is nullable.
    Number,
    /// A JSON string.
    String(StringShape),
    /// `Option<T>`: `null` or the inner shape. A missing field of this shape
    /// deserializes to `None` (serde's rule for `deserialize_option`).
    Option(&'static Shape),
    /// A JSON array of one item shape.
    Seq(SeqShape),
    /// A JSON array of fixed length with one shape per position.
    Tuple(&'static [&'static Shape]),
    /// A JSON object with arbitrary keys.
    Map(MapShape),
    /// A type with a name and a body of its own (derived structs).
    Named(&'static Named),
}

/// A field's default value as serde writes it, shown as the schema's
/// `"default"`: what [`Field::default_value`] and
/// [`FormField::default`](crate::elicit::FormField::default) hold.
///
/// Every `Fn() -> Option<Value>` that is `Sync` (a function, a closure
/// without captures) is one, so a hand-written shape gives
/// `default_value: Some(&my_default)`. The derive's entries are served by
/// one instantiation per field type, not a closure per field.
pub trait DefaultJson: Sync {
    /// The default, serialized; `None` when it cannot be shown.
    fn json(&self) -> Option<Value>;
}

impl<F: Fn() -> Option<Value> + Sync> DefaultJson for F {
    fn json(&self) -> Option<Value> {
        self()
    }
}

impl std::fmt::Debug for dyn DefaultJson {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DefaultJson")
    }
}

/// Inclusive bounds of an integer type. `None` means the bound is not
/// representable in JSON numbers (`i128`, `u128`) and is not emitted.
#[derive(Debug, Clone, Copy)]
pub struct IntRange {
    /// Smallest accepted value.
    pub min: Option<i64>,
    /// Largest accepted value.
    pub max: Option<u64>,
    /// Zero is excluded (`NonZero*`).
    pub nonzero: bool,
}

/// A string shape.
#[derive(Debug, Clone, Copy, Default)]
pub struct StringShape {
    /// `minLength`, in Unicode code points.
    pub min_length: Option<u64>,
    /// `maxLength`, in Unicode code points.
    pub max_length: Option<u64>,
    /// A JSON Schema `format` that serde enforces in both directions.
    pub format: Option<&'static str>,
    /// A `pattern` describing what serde accepts (input contract).
    pub input_pattern: Option<&'static str>,
    /// A `pattern` describing what serde writes (output contract).
    pub output_pattern: Option<&'static str>,
}

impl StringShape {
    /// Any string.
    pub const ANY: StringShape = StringShape {
        min_length: None,
        max_length: None,
        format: None,
        input_pattern: None,
        output_pattern: None,
    };
}

/// An array of one item shape.
#[derive(Debug, Clone, Copy)]
pub struct SeqShape {
    /// The shape of every item.
    pub items: &'static Shape,
    /// `minItems`.
    pub min_items: Option<u64>,
    /// `maxItems`.
    pub max_items: Option<u64>,
    /// serde writes no two equal items (sets). Input never promises it: serde
    /// reads duplicates into a set without complaint.
    pub unique_on_output: bool,
}

/// A map: a JSON object whose keys are the key shape written as strings.
#[derive(Debug, Clone, Copy)]
pub struct MapShape {
    /// The key shape. JSON keys are always strings.
    pub key: &'static Shape,
    /// The value shape.
    pub value: &'static Shape,
}

/// A named type: a derived struct or a hand-written type with its own identity.
#[derive(Debug)]
pub struct Named {
    /// The Rust type name (`std::any::type_name`), used to detect recursion and
    /// to name `$defs` entries.
    pub type_name: fn() -> &'static str,
    /// `title` annotation.
    pub title: Option<&'static str>,
    /// `description` annotation (doc comments).
    pub description: Option<&'static str>,
    /// The wire body.
    pub body: Body,
}

/// The wire body of a [`Named`] type.
#[derive(Debug)]
#[non_exhaustive]
pub enum Body {
    /// A struct with named fields: a JSON object.
    Struct(&'static Struct),
    /// A newtype struct (`struct Meters(f64)`): written as the inner type. A
    /// missing field of such a type is an error even when the inner type is an
    /// `Option` (serde goes through `deserialize_newtype_struct`).
    Newtype(fn() -> &'static Shape),
    /// `#[serde(transparent)]`: serde reads and writes exactly the inner type.
    Transparent(fn() -> &'static Shape),
    /// A tuple struct: a fixed-length JSON array.
    Tuple(&'static [fn() -> &'static Shape]),
    /// A unit struct: `null`.
    Unit,
    /// An enum, in one of serde's representations.
    Enum(&'static Enum),
    /// `#[serde(from = ..)]`/`try_from` and/or `into`.
    Convert(&'static Convert),
    /// The derive's compact encoding of a struct with named fields or of an
    /// enum (a derive internal), decoded on first use: read bodies through
    /// [`Named::body`] (or [`Body::get`]), which never return it.
    #[doc(hidden)]
    Packed(&'static Packed),
}

impl Body {
    /// This body, with the derive's compact encoding decoded (once per
    /// type): never the hidden `Body::Packed`.
    pub fn get(&'static self) -> &'static Body {
        match self {
            Body::Packed(packed) => packed.body(),
            body => body,
        }
    }
}

impl Named {
    /// The wire body, decoded from the derive's compact encoding on first
    /// use: never the hidden `Body::Packed`.
    pub fn body(&'static self) -> &'static Body {
        self.body.get()
    }
}

impl Convert {
    /// The type's own body, decoded from the derive's compact encoding on
    /// first use: never the hidden `Body::Packed`.
    pub fn body(&'static self) -> &'static Body {
        self.body.get()
    }
}

/// A type serde reads or writes through another type.
#[derive(Debug)]
pub struct Convert {
    /// `from`/`try_from`: serde reads this shape. `None`: the type's own body.
    pub input: Option<fn() -> &'static Shape>,
    /// `into`: serde writes this shape. `None`: the type's own body.
    pub output: Option<fn() -> &'static Shape>,
    /// The type's own body, for the direction without a conversion.
    pub body: Body,
}

/// An enum.
#[derive(Debug)]
pub struct Enum {
    /// How serde tags the variants.
    pub repr: Repr,
    /// The variants, in declaration order.
    pub variants: &'static [Variant],
    /// Render unit variants as `oneOf` of `{const, title}` (`#[schema(titled)]`).
    pub titled: bool,
    /// `#[serde(deny_unknown_fields)]`: struct variants (and adjacently tagged
    /// objects) are closed.
    pub deny_unknown_fields: bool,
}

/// serde's enum representations.
#[derive(Debug, Clone, Copy)]
pub enum Repr {
    /// `{"Variant": content}`, or `"Variant"` for unit variants (the default).
    External,
    /// `#[serde(tag = "t")]`: `{"t": "Variant", ...fields}`.
    Internal {
        /// The tag key.
        tag: &'static str,
    },
    /// `#[serde(tag = "t", content = "c")]`: `{"t": "Variant", "c": content}`.
    Adjacent {
        /// The tag key.
        tag: &'static str,
        /// The content key.
        content: &'static str,
    },
    /// `#[serde(untagged)]`: the content alone.
    Untagged,
}

/// One enum variant.
#[derive(Debug)]
pub struct Variant {
    /// The Rust variant name.
    pub rust_name: &'static str,
    /// The tag serde writes, or `None` when the variant is never serialized.
    pub ser_name: Option<&'static str>,
    /// The tag serde reads, or `None` when the variant is never deserialized.
    pub de_name: Option<&'static str>,
    /// Further tags serde reads (`alias`), excluding `de_name`.
    pub aliases: &'static [&'static str],
    /// `#[serde(other)]`: read for any tag no other variant has.
    pub other: bool,
    /// `#[serde(untagged)]` on the variant: tried after the tagged variants,
    /// written without a tag.
    pub untagged: bool,
    /// The content.
    pub body: VariantBody,
    /// `title` annotation.
    pub title: Option<&'static str>,
    /// `description` annotation (doc comments).
    pub description: Option<&'static str>,
}

impl Variant {
    /// A variant read and written under `name` alone (no alias, no
    /// `other`, no annotations), for hand-written shapes:
    /// `Variant::named("Ok", VariantBody::Newtype(shape_of::<T>))`.
    pub const fn named(name: &'static str, body: VariantBody) -> Variant {
        Variant {
            rust_name: name,
            ser_name: Some(name),
            de_name: Some(name),
            aliases: &[],
            other: false,
            untagged: false,
            body,
            title: None,
            description: None,
        }
    }
}

/// What a variant carries.
#[derive(Debug)]
pub enum VariantBody {
    /// Nothing.
    Unit,
    /// One value.
    Newtype(fn() -> &'static Shape),
    /// A fixed-length array.
    Tuple(&'static [fn() -> &'static Shape]),
    /// Named fields.
    Struct(&'static Struct),
}

/// A struct with named fields.
#[derive(Debug)]
pub struct Struct {
    /// The fields, in declaration order.
    pub fields: &'static [Field],
    /// `#[serde(deny_unknown_fields)]`.
    pub deny_unknown_fields: bool,
}

/// One field of a [`Struct`].
#[derive(Debug)]
pub struct Field {
    /// The Rust field name.
    pub rust_name: &'static str,
    /// The key serde writes, or `None` when the field is never serialized.
    pub ser_name: Option<&'static str>,
    /// The key serde reads, or `None` when the field is never deserialized.
    pub de_name: Option<&'static str>,
    /// Further keys serde reads (`alias`), excluding `de_name`.
    pub aliases: &'static [&'static str],
    /// The field's shape as serde reads it.
    pub shape: fn() -> &'static Shape,
    /// The field's shape as serde writes it (differs with `serialize_with`).
    pub ser_shape: fn() -> &'static Shape,
    /// `#[serde(flatten)]`: the field's own keys appear in this object.
    pub flatten: bool,
    /// serde reads the field with a custom function (`deserialize_with`): a
    /// missing field is then an error even for `Option`, unless it has a default.
    pub deserialize_with: bool,
    /// A missing field takes a default (`#[serde(default)]` on the field or the
    /// container).
    pub has_default: bool,
    /// The serialized default value, computed when a schema is written
    /// ([`DefaultJson::json`] gives `None` when the value cannot be shown:
    /// its type is not `Serialize`). By hand: `Some(&function)` with a
    /// `fn() -> Option<Value>`.
    pub default_value: Option<&'static dyn DefaultJson>,
    /// `skip_serializing_if` is set: the field may be absent from the output.
    pub skip_serializing_if: bool,
    /// `skip_serializing_if = "Option::is_none"`: the field is absent exactly
    /// when it would be `null`.
    pub skip_if_none: bool,
    /// `title` annotation.
    pub title: Option<&'static str>,
    /// `description` annotation (doc comments).
    pub description: Option<&'static str>,
    /// Constraints declared with `#[schema(...)]`.
    pub constraints: Option<&'static Constraints>,
}

impl Field {
    /// A field with nothing set, for struct-update syntax in hand-written
    /// shapes (the derive writes every member: bench/compile_time/EXPANSION.md).
    #[doc(hidden)]
    pub const BASE: Field = Field {
        rust_name: "",
        ser_name: None,
        de_name: None,
        aliases: &[],
        shape: null_shape,
        ser_shape: null_shape,
        flatten: false,
        deserialize_with: false,
        has_default: false,
        default_value: None,
        skip_serializing_if: false,
        skip_if_none: false,
        title: None,
        description: None,
        constraints: None,
    };
}

fn null_shape() -> &'static Shape {
    &Shape::Null
}

/// Constraints a user declares on a field (`#[schema(length(..), range(..),
/// pattern = .., format = .., example = .., deprecated, items(..),
/// values(..))]`).
///
/// They describe the wire; serde itself does not enforce them (toolform's
/// elicitation validator does). Bounds tighten the type's own range, never
/// widen it. `items` and `values` hold the constraints of every item of an
/// array (`items(..)`) and of every value of a map (`values(..)`), nested
/// as deep as the declaration (`items(items(..))`).
#[derive(Debug, Default)]
pub struct Constraints {
    /// `minLength` (strings), `minItems` (arrays) or `minProperties` (maps).
    pub min_length: Option<u64>,
    /// `maxLength`, `maxItems` or `maxProperties`.
    pub max_length: Option<u64>,
    /// `minimum`.
    pub minimum: Option<Bound>,
    /// `maximum`.
    pub maximum: Option<Bound>,
    /// `pattern` (ECMA-262 regular expression).
    pub pattern: Option<&'static str>,
    /// `format`.
    pub format: Option<&'static str>,
    /// `examples`, each as JSON text.
    pub examples: &'static [&'static str],
    /// `deprecated: true`.
    pub deprecated: bool,
    /// `x-mcp-header` (MCP 2026-07-28): a client on the Streamable HTTP
    /// transport mirrors the argument into the header `Mcp-Param-<name>`.
    /// Input contract only (a request-side annotation).
    pub header: Option<&'static str>,
    /// `items(..)`: the constraints of every item of an array (under the
    /// array's `items`).
    pub items: Option<&'static Constraints>,
    /// `values(..)`: the constraints of every value of a map (under the
    /// map's `additionalProperties`).
    pub values: Option<&'static Constraints>,
}

/// A numeric bound.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Bound {
    /// A negative or small integer.
    Int(i64),
    /// A large non-negative integer.
    UInt(u64),
    /// A number with a fraction.
    Float(f64),
}

impl Bound {
    /// The bound as a JSON number.
    pub fn to_json(self) -> serde_json::Value {
        match self {
            Bound::Int(v) => v.into(),
            Bound::UInt(v) => v.into(),
            Bound::Float(v) => v.into(),
        }
    }

    /// The bound as an `f64`, for comparisons.
    pub fn as_f64(self) -> f64 {
        match self {
            Bound::Int(v) => v as f64,
            Bound::UInt(v) => v as f64,
            Bound::Float(v) => v,
        }
    }
}

impl Shape {
    /// Follows newtype, transparent and `from` bodies down to the shape serde
    /// reads.
    pub fn resolve(&'static self) -> &'static Shape {
        self.follow(true)
    }

    /// Whether a missing field of this shape deserializes to `None`.
    ///
    /// serde's missing-field deserializer answers `deserialize_option` with
    /// `None` and everything else with an error; `Box<Option<T>>` and
    /// `transparent` wrappers forward to `Option`, newtype structs do not.
    pub fn missing_is_none(&'static self) -> bool {
        matches!(self.follow(false), Shape::Option(_))
    }

    fn follow(&'static self, newtypes: bool) -> &'static Shape {
        let mut shape = self;
        // Bounded: a wrapper chain that loops back on itself has no finite wire
        // form; stop rather than spin.
        for _ in 0..256 {
            match shape {
                Shape::Named(Named {
                    body: Body::Transparent(inner),
                    ..
                }) => shape = inner(),
                Shape::Named(Named {
                    body: Body::Newtype(inner),
                    ..
                }) if newtypes => shape = inner(),
                Shape::Named(Named {
                    body:
                        Body::Convert(Convert {
                            input: Some(inner), ..
                        }),
                    ..
                }) => shape = inner(),
                _ => return shape,
            }
        }
        shape
    }
}

/// Whether a declared `range(min, max)` leaves at least one value of the
/// integer range `r` (a bound past the type's own range would make every
/// value invalid, which no validator would say). Integers compare exactly.
pub const fn int_range_meets(r: &IntRange, min: Option<Bound>, max: Option<Bound>) -> bool {
    if let (Some(min), Some(type_max)) = (min, r.max) {
        let above = match min {
            Bound::Int(v) => v >= 0 && v as u64 > type_max,
            Bound::UInt(v) => v > type_max,
            Bound::Float(v) => v > type_max as f64,
        };
        if above {
            return false;
        }
    }
    if let (Some(max), Some(type_min)) = (max, r.min) {
        let below = match max {
            Bound::Int(v) => v < type_min,
            Bound::UInt(v) => type_min > 0 && v < type_min as u64,
            Bound::Float(v) => v < type_min as f64,
        };
        if below {
            return false;
        }
    }
    true
}

/// Whether the integer `value` lies in `r`.
pub const fn int_in_range(r: &IntRange, value: Bound) -> bool {
    if r.nonzero && matches!(value, Bound::Int(0) | Bound::UInt(0)) {
        return false;
    }
    int_range_meets(r, Some(value), Some(value))
}
