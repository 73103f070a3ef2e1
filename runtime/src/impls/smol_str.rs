//! `smol_str::SmolStr` (feature `smol_str`): serde writes and reads any
//! string (from JSON, only a string: serde_json hands no bytes to its
//! visitor).

use crate::ToolSchema;
use crate::shape::{Shape, StringShape};

impl ToolSchema for smol_str::SmolStr {
    const SHAPE: &'static Shape = &Shape::String(StringShape::ANY);
}
