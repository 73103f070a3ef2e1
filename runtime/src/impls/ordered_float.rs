//! `ordered_float::OrderedFloat` and `NotNan` (feature `ordered-float`).
//!
//! Both are written and read as the float inside. serde_json never reads a
//! NaN, so `NotNan`'s refusal of NaN never shows on input: any JSON number.
//! On output `NotNan` is no better than `f64`: it holds infinities, which
//! serde_json writes as `null`, so its output schema admits `null` too.

use crate::ToolSchema;
use crate::shape::Shape;
use ordered_float::{NotNan, OrderedFloat};

impl<T: ToolSchema> ToolSchema for OrderedFloat<T> {
    const SHAPE: &'static Shape = T::SHAPE;
}
impl<T: ToolSchema> ToolSchema for NotNan<T> {
    const SHAPE: &'static Shape = T::SHAPE;
}
