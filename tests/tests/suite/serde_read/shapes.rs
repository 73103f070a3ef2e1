//! The shapes `serde_read` checks, built by hand: the content shapes
//! (`Inner`, `Keyed`, a map, units) and the generated enums and structs,
//! one serde attribute each.

use toolform::shape::{
    Body, Enum, Field, IntRange, MapShape, Named, Repr, Shape, StringShape, Struct, Variant,
    VariantBody,
};

// ------------------------------------------------------- content shapes

pub(super) fn string() -> &'static Shape {
    &Shape::String(StringShape::ANY)
}

pub(super) fn byte() -> &'static Shape {
    const BYTE: Shape = Shape::Integer(IntRange {
        min: Some(0),
        max: Some(255),
        nonzero: false,
    });
    &BYTE
}

pub(super) fn opt_string() -> &'static Shape {
    &Shape::Option(&Shape::String(StringShape::ANY))
}

pub(super) fn unit() -> &'static Shape {
    &Shape::Null
}

pub(super) static INNER_FIELDS: [Field; 2] = [
    Field {
        rust_name: "fa",
        ser_name: Some("fa"),
        de_name: Some("fa"),
        shape: string,
        ser_shape: string,
        ..Field::BASE
    },
    Field {
        rust_name: "fb",
        ser_name: Some("fb"),
        de_name: Some("fb"),
        shape: byte,
        ser_shape: byte,
        has_default: true,
        ..Field::BASE
    },
];

pub(super) static INNER: Struct = Struct {
    fields: &INNER_FIELDS,
    deny_unknown_fields: false,
};

pub(super) static INNER_NAMED: Named = Named {
    type_name: || "Inner",
    title: None,
    description: None,
    body: Body::Struct(&INNER),
};

/// `struct Inner { fa: String, #[serde(default)] fb: u8 }`.
pub(super) fn inner() -> &'static Shape {
    static S: Shape = Shape::Named(&INNER_NAMED);
    &S
}

pub(super) fn opt_inner() -> &'static Shape {
    static S: Shape = Shape::Option(&Shape::Named(&INNER_NAMED));
    &S
}

/// `HashMap<String, u8>`.
pub(super) fn map() -> &'static Shape {
    static S: Shape = Shape::Map(MapShape {
        key: &Shape::String(StringShape::ANY),
        value: &Shape::Integer(IntRange {
            min: Some(0),
            max: Some(255),
            nonzero: false,
        }),
    });
    &S
}

pub(super) static KEYED_VARIANTS: [Variant; 2] = [
    Variant::named("X", VariantBody::Unit),
    Variant::named("Y", VariantBody::Newtype(string)),
];

pub(super) static KEYED: Enum = Enum {
    repr: Repr::External,
    variants: &KEYED_VARIANTS,
    titled: false,
    deny_unknown_fields: false,
};

pub(super) static KEYED_NAMED: Named = Named {
    type_name: || "Keyed",
    title: None,
    description: None,
    body: Body::Enum(&KEYED),
};

/// `enum Keyed { X, Y(String) }`, externally tagged.
pub(super) fn keyed() -> &'static Shape {
    static S: Shape = Shape::Named(&KEYED_NAMED);
    &S
}

pub(super) static UNIT_NAMED: Named = Named {
    type_name: || "Unit",
    title: None,
    description: None,
    body: Body::Unit,
};

/// `struct Unit;`.
pub(super) fn unit_struct() -> &'static Shape {
    static S: Shape = Shape::Named(&UNIT_NAMED);
    &S
}

// ------------------------------------------------------- generated shapes

pub(super) fn leak<T>(t: T) -> &'static T {
    Box::leak(Box::new(t))
}

pub(super) fn named(body: Body) -> &'static Shape {
    leak(Shape::Named(leak(Named {
        type_name: || "Generated",
        title: None,
        description: None,
        body,
    })))
}

/// The serde attribute a generated variant or field carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Attr {
    Plain,
    /// `rename(serialize = "..", deserialize = "..")`.
    Rename,
    Alias,
    SkipDeserializing,
    SkipSerializing,
    /// `#[serde(other)]` (variants; unit only).
    Other,
    /// `#[serde(untagged)]` on the variant (last).
    Untagged,
    /// `#[serde(default)]` (fields).
    Default,
    /// `deserialize_with` on an `Option` field.
    DeserializeWith,
}

pub(super) const VARIANT_ATTRS: &[Attr] = &[
    Attr::Plain,
    Attr::Rename,
    Attr::Alias,
    Attr::SkipDeserializing,
    Attr::SkipSerializing,
    Attr::Other,
    Attr::Untagged,
];

pub(super) const FIELD_ATTRS: &[Attr] = &[
    Attr::Plain,
    Attr::Rename,
    Attr::Alias,
    Attr::SkipDeserializing,
    Attr::SkipSerializing,
    Attr::Default,
    Attr::DeserializeWith,
];

/// What a generated variant carries.
#[derive(Clone, Copy)]
pub(super) enum Content {
    Unit,
    Newtype(fn() -> &'static Shape, &'static str),
    Tuple(&'static [fn() -> &'static Shape], &'static str),
    Struct,
}

impl Content {
    pub(super) fn name(self) -> &'static str {
        match self {
            Content::Unit => "unit",
            Content::Newtype(_, name) | Content::Tuple(_, name) => name,
            Content::Struct => "{ fa, fb }",
        }
    }
}

pub(super) const CONTENTS: &[Content] = &[
    Content::Unit,
    Content::Newtype(string, "String"),
    Content::Newtype(opt_string, "Option<String>"),
    Content::Newtype(inner, "Inner"),
    Content::Newtype(opt_inner, "Option<Inner>"),
    Content::Newtype(map, "HashMap<String, u8>"),
    Content::Newtype(unit, "()"),
    Content::Newtype(unit_struct, "Unit"),
    Content::Newtype(keyed, "Keyed"),
    Content::Tuple(&[string, byte], "(String, u8)"),
    Content::Tuple(&[], "tuple()"),
    Content::Struct,
];

pub(super) fn variant(name: &'static str, attr: Attr, content: Content) -> Variant {
    let body = match content {
        Content::Unit => VariantBody::Unit,
        Content::Newtype(f, _) => VariantBody::Newtype(f),
        Content::Tuple(items, _) => VariantBody::Tuple(items),
        Content::Struct => VariantBody::Struct(&INNER),
    };
    let mut v = Variant::named(name, body);
    match attr {
        Attr::Rename => {
            v.ser_name = Some("written");
            v.de_name = Some("read");
        }
        Attr::Alias => v.aliases = &["al1", "al2"],
        Attr::SkipDeserializing => v.de_name = None,
        Attr::SkipSerializing => v.ser_name = None,
        Attr::Other => v.other = true,
        Attr::Untagged => v.untagged = true,
        Attr::Plain | Attr::Default | Attr::DeserializeWith => {}
    }
    v
}

/// Whether serde_derive accepts the variant in this representation.
pub(super) fn derivable(repr: Repr, attr: Attr, content: Content) -> bool {
    let unit = matches!(content, Content::Unit);
    let tuple = matches!(content, Content::Tuple(..));
    match (repr, attr) {
        (Repr::Untagged, Attr::Other | Attr::Untagged) => false,
        (_, Attr::Other) => unit,
        (Repr::Internal { .. }, _) => !tuple,
        _ => true,
    }
}

/// An enum of the variant under test between two plain ones: a unit `U`
/// and a struct `S` (untagged variants go last).
pub(super) fn enum_case(repr: Repr, attr: Attr, content: Content, deny: bool) -> &'static Shape {
    let mut variants = vec![
        variant("U", Attr::Plain, Content::Unit),
        variant("S", Attr::Plain, Content::Struct),
    ];
    let tested = variant("V", attr, content);
    if attr == Attr::Untagged {
        variants.push(tested);
    } else {
        variants.insert(1, tested);
    }
    let e = leak(Enum {
        repr,
        variants: Vec::leak(variants),
        titled: false,
        deny_unknown_fields: deny,
    });
    named(Body::Enum(e))
}

/// A shape function and how the generated source names its type.
type ShapeNamed = (fn() -> &'static Shape, &'static str);

/// What a generated field holds.
pub(super) const FIELD_SHAPES: &[ShapeNamed] = &[
    (string, "String"),
    (opt_string, "Option<String>"),
    (inner, "Inner"),
];

/// What a generated flattened field holds.
pub(super) const FLATTENED: &[ShapeNamed] = &[
    (inner, "flatten Inner"),
    (opt_inner, "flatten Option<Inner>"),
    (map, "flatten HashMap<String, u8>"),
    (keyed, "flatten Keyed"),
    (unit_struct, "flatten Unit"),
];

pub(super) fn field(name: &'static str, shape: fn() -> &'static Shape, attr: Attr) -> Field {
    let mut f = Field {
        rust_name: name,
        ser_name: Some(name),
        de_name: Some(name),
        shape,
        ser_shape: shape,
        ..Field::BASE
    };
    match attr {
        Attr::Rename => {
            f.ser_name = Some("written");
            f.de_name = Some("read");
        }
        Attr::Alias => f.aliases = &["al1", "al2"],
        Attr::SkipDeserializing => {
            f.de_name = None;
            f.has_default = true;
        }
        Attr::SkipSerializing => f.ser_name = None,
        Attr::Default => f.has_default = true,
        Attr::DeserializeWith => f.deserialize_with = true,
        Attr::Plain | Attr::Other | Attr::Untagged => {}
    }
    f
}

/// `struct { a: String, <the field under test> }`.
pub(super) fn struct_case(tested: Field, deny: bool) -> &'static Shape {
    let fields = vec![field("a", string, Attr::Plain), tested];
    let s = leak(Struct {
        fields: Vec::leak(fields),
        deny_unknown_fields: deny,
    });
    named(Body::Struct(s))
}
