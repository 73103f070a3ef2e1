//! `smallvec::SmallVec` (feature `smallvec`): serde writes and reads it as a
//! JSON array of its items, like `Vec` (the inline capacity is not a bound).

use crate::ToolSchema;
use crate::shape::{SeqShape, Shape};
use smallvec::{Array, SmallVec};

impl<A: Array> ToolSchema for SmallVec<A>
where
    A::Item: ToolSchema,
{
    const SHAPE: &'static Shape = &Shape::Seq(SeqShape {
        items: <A::Item as ToolSchema>::SHAPE,
        min_items: None,
        max_items: None,
        unique_on_output: false,
    });
}
