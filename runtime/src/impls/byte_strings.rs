//! The wire shape of byte buffers (`serialize_bytes` / `deserialize_bytes`),
//! shared by bytes, serde_bytes and serde_with.
//!
//! serde_json writes bytes as an array of numbers `0..=255`; it hands a
//! byte visitor a string (as its UTF-8 bytes) or an array. So bytes are read
//! from either, and written as the array.

use crate::shape::{
    Body, Convert, Enum, Named, Repr, SeqShape, Shape, StringShape, Variant, VariantBody,
};

/// An array of `u8`.
pub(crate) const BYTE_ARRAY: &Shape = &Shape::Seq(SeqShape {
    items: <u8 as crate::ToolSchema>::SHAPE,
    min_items: None,
    max_items: None,
    unique_on_output: false,
});
fn byte_array() -> &'static Shape {
    BYTE_ARRAY
}
fn any_string() -> &'static Shape {
    &Shape::String(StringShape::ANY)
}

/// A variant of an untagged enum holding one value.
pub(crate) const fn alternative(name: &'static str, body: fn() -> &'static Shape) -> Variant {
    Variant::named(name, VariantBody::Newtype(body))
}

/// A string or an array of bytes.
const STRING_OR_ARRAY: &Shape = &Shape::Named(&Named {
    type_name: || "bytes (string or array)",
    title: None,
    description: None,
    body: Body::Enum(&Enum {
        repr: Repr::Untagged,
        variants: &[
            Variant::named("String", VariantBody::Newtype(any_string)),
            Variant::named("Array", VariantBody::Newtype(byte_array)),
        ],
        titled: false,
        deny_unknown_fields: false,
    }),
});
fn string_or_array() -> &'static Shape {
    STRING_OR_ARRAY
}

/// Bytes of any length: read from a string or an array, written as an array.
pub(crate) const BYTES: &Shape = &Shape::Named(&Named {
    type_name: || "bytes",
    title: None,
    description: None,
    body: Body::Convert(&Convert {
        input: Some(string_or_array),
        output: Some(byte_array),
        body: Body::Transparent(string_or_array),
    }),
});

/// Leaks a string for the life of the program (patterns built at first render).
pub(crate) fn leak_str(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}
