//! `compact_str::CompactString` (feature `compact_str`): serde writes and
//! reads any string (from JSON, only a string).

use crate::ToolSchema;
use crate::shape::{Shape, StringShape};

impl ToolSchema for compact_str::CompactString {
    const SHAPE: &'static Shape = &Shape::String(StringShape::ANY);
}
