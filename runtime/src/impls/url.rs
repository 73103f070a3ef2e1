//! `url::Url` (feature `url`): `format: uri`.
//!
//! url writes absolute, normalized, ASCII URLs. It reads more than RFC 3986
//! allows (it percent-encodes spaces and other characters itself), which the
//! input schema does not advertise: clients that follow the schema are always
//! accepted.

use crate::ToolSchema;
use crate::shape::{Shape, StringShape};

impl ToolSchema for url::Url {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        format: Some("uri"),
        ..StringShape::ANY
    });
}
