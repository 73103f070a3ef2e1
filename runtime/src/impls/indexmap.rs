//! `indexmap::IndexMap` and `IndexSet` (feature `indexmap`).
//!
//! indexmap's serde impls are those of `HashMap` and `HashSet`, in insertion
//! order: an `IndexMap` is a JSON object (keys written and read as serde_json
//! writes and reads the key type), an `IndexSet` a JSON array. serde reads
//! duplicates into a set without complaint and never writes two equal
//! items, so `uniqueItems` is promised on output only.

use crate::ToolSchema;
use crate::shape::{MapShape, SeqShape, Shape};
use indexmap::{IndexMap, IndexSet};

impl<K: ToolSchema, V: ToolSchema, S> ToolSchema for IndexMap<K, V, S> {
    const SHAPE: &'static Shape = &Shape::Map(MapShape {
        key: K::SHAPE,
        value: V::SHAPE,
    });
}

impl<T: ToolSchema, S> ToolSchema for IndexSet<T, S> {
    const SHAPE: &'static Shape = &Shape::Seq(SeqShape {
        items: T::SHAPE,
        min_items: None,
        max_items: None,
        unique_on_output: true,
    });
}

// `items(..)`, `values(..)` and `length(..)` on them (`#[schema(..)]`).
impl<K, V, S> crate::__private::HasValues for IndexMap<K, V, S> {
    type Value = V;
}
impl<K, V, S> crate::__private::HasLength for IndexMap<K, V, S> {}
impl<T, S> crate::__private::HasItems for IndexSet<T, S> {
    type Item = T;
}
impl<T, S> crate::__private::HasLength for IndexSet<T, S> {}
