//! serde_bytes (feature `serde_bytes`): `ByteBuf`, `Bytes` and `ByteArray<N>`,
//! and the fields read and written `#[serde(with = "serde_bytes")]`.
//!
//! serde_json writes bytes as an array of numbers `0..=255` and reads them
//! from such an array or from a string (its UTF-8 bytes). `ByteArray<N>`
//! reads exactly `N` bytes: an array of `N` numbers, or a string of `N`
//! bytes. JSON Schema counts characters, not bytes, so of the strings the
//! schema advertises those of `N` ASCII characters (exact for ASCII; a
//! string of `N` bytes with non-ASCII characters is read and not advertised).
//!
//! A borrowed `&Bytes` cannot be read from a `serde_json::Value` (nothing to
//! borrow from); `serde_json::from_str` reads it from a string without
//! escapes. Its schema is the written form's.
//!
//! `#[serde(with = "serde_bytes")]` on a `Vec<u8>`, `Box<[u8]>`, `[u8; N]` or
//! an `Option` of one: the wire type is `ByteBuf`, `ByteArray<N>`, or an
//! `Option` of it.

use super::byte_strings::{BYTES, alternative, leak_str};
use crate::__private::shape_of;
use crate::ToolSchema;
use crate::shape::{Body, Convert, Enum, Named, Repr, Shape, StringShape};

impl ToolSchema for serde_bytes::ByteBuf {
    const SHAPE: &'static Shape = BYTES;
}
impl ToolSchema for serde_bytes::Bytes {
    const SHAPE: &'static Shape = BYTES;
}

/// A string of `N` ASCII characters (`N` bytes).
fn exact_string<const N: usize>() -> &'static Shape {
    static CACHE: crate::memo::Memo<usize, &'static Shape> = crate::memo::Memo::new();
    CACHE.leak(N, || {
        Shape::String(StringShape {
            min_length: Some(N as u64),
            max_length: Some(N as u64),
            input_pattern: Some(leak_str(format!(r"^[\x00-\x7F]{{{N}}}$"))),
            ..StringShape::ANY
        })
    })
}

/// `N` bytes from a string or an array, written as an array.
struct Exact<const N: usize>;

impl<const N: usize> Exact<N> {
    const INPUT: &'static Shape = &Shape::Named(&Named {
        type_name: || "serde_bytes::ByteArray (string or array)",
        title: None,
        description: None,
        body: Body::Enum(&Enum {
            repr: Repr::Untagged,
            variants: &[
                alternative("String", exact_string::<N>),
                alternative("Array", shape_of::<[u8; N]>),
            ],
            titled: false,
            deny_unknown_fields: false,
        }),
    });
    fn input() -> &'static Shape {
        Self::INPUT
    }
}

impl<const N: usize> ToolSchema for serde_bytes::ByteArray<N> {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: crate::__private::type_name::<Self>,
        title: None,
        description: None,
        body: Body::Convert(&Convert {
            input: Some(Exact::<N>::input),
            output: Some(shape_of::<[u8; N]>),
            body: Body::Transparent(Exact::<N>::input),
        }),
    });
}
