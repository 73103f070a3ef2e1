//! `bytes::Bytes` and `BytesMut` (feature `bytes`).
//!
//! bytes writes `serialize_bytes`, which serde_json writes as an array of
//! numbers `0..=255`. It reads an array of such numbers, or a string (its
//! UTF-8 bytes): serde_json hands a string to `deserialize_byte_buf`'s
//! visitor.

use crate::ToolSchema;
use crate::shape::Shape;

impl ToolSchema for bytes::Bytes {
    const SHAPE: &'static Shape = super::byte_strings::BYTES;
}
impl ToolSchema for bytes::BytesMut {
    const SHAPE: &'static Shape = super::byte_strings::BYTES;
}
