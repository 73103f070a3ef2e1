//! `uuid::Uuid` (feature `uuid`): `format: uuid`.
//!
//! uuid writes the hyphenated form. It also reads the simple (32 hex digits),
//! braced and `urn:uuid:` forms, which the input schema does not advertise:
//! clients that follow the schema are always accepted.

use crate::ToolSchema;
use crate::shape::{Shape, StringShape};

impl ToolSchema for uuid::Uuid {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        format: Some("uuid"),
        ..StringShape::ANY
    });
}
