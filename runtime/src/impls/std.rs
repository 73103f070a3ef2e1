//! std and serde_json types, as serde writes and reads them.

use crate::ToolSchema;
use crate::shape::{IntRange, MapShape, SeqShape, Shape, StringShape};
use ::std::borrow::Cow;
use ::std::cell::{Cell, RefCell};
use ::std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque};
use ::std::marker::PhantomData;
use ::std::num::{
    NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI128, NonZeroIsize, NonZeroU8,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU128, NonZeroUsize, Wrapping,
};
use ::std::rc::Rc;
use ::std::sync::{Arc, Mutex, RwLock};

macro_rules! integers {
    ($($ty:ty, $nz:ty => $min:expr, $max:expr;)*) => {$(
        impl ToolSchema for $ty {
            const SHAPE: &'static Shape = &Shape::Integer(IntRange { min: $min, max: $max, nonzero: false });
        }
        impl ToolSchema for $nz {
            const SHAPE: &'static Shape = &Shape::Integer(IntRange { min: $min, max: $max, nonzero: true });
        }
    )*};
}

integers! {
    u8, NonZeroU8 => Some(0), Some(u8::MAX as u64);
    u16, NonZeroU16 => Some(0), Some(u16::MAX as u64);
    u32, NonZeroU32 => Some(0), Some(u32::MAX as u64);
    u64, NonZeroU64 => Some(0), Some(u64::MAX);
    usize, NonZeroUsize => Some(0), Some(usize::MAX as u64);
    u128, NonZeroU128 => Some(0), None;
    i8, NonZeroI8 => Some(i8::MIN as i64), Some(i8::MAX as u64);
    i16, NonZeroI16 => Some(i16::MIN as i64), Some(i16::MAX as u64);
    i32, NonZeroI32 => Some(i32::MIN as i64), Some(i32::MAX as u64);
    i64, NonZeroI64 => Some(i64::MIN), Some(i64::MAX as u64);
    isize, NonZeroIsize => Some(isize::MIN as i64), Some(isize::MAX as u64);
    i128, NonZeroI128 => None, None;
}

impl ToolSchema for f32 {
    const SHAPE: &'static Shape = &Shape::Number;
}
impl ToolSchema for f64 {
    const SHAPE: &'static Shape = &Shape::Number;
}
impl ToolSchema for bool {
    const SHAPE: &'static Shape = &Shape::Bool;
}
impl ToolSchema for char {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        min_length: Some(1),
        max_length: Some(1),
        ..StringShape::ANY
    });
}
impl ToolSchema for str {
    const SHAPE: &'static Shape = &Shape::String(StringShape::ANY);
}
impl ToolSchema for String {
    const SHAPE: &'static Shape = &Shape::String(StringShape::ANY);
}
impl ToolSchema for () {
    const SHAPE: &'static Shape = &Shape::Null;
}
impl<T: ?Sized> ToolSchema for PhantomData<T> {
    const SHAPE: &'static Shape = &Shape::Null;
}
impl ToolSchema for serde_json::Value {
    const SHAPE: &'static Shape = &Shape::Any;
}
impl ToolSchema for serde_json::Map<String, serde_json::Value> {
    const SHAPE: &'static Shape = &Shape::Map(MapShape {
        key: String::SHAPE,
        value: &Shape::Any,
    });
}
impl ToolSchema for serde_json::Number {
    const SHAPE: &'static Shape = &Shape::Number;
}

impl<T: ToolSchema> ToolSchema for Option<T> {
    const SHAPE: &'static Shape = &Shape::Option(T::SHAPE);
}

// Wrappers serde writes and reads as their content.
macro_rules! transparent {
    ($($ty:ident),*) => {$(
        impl<T: ToolSchema + ?Sized> ToolSchema for $ty<T> {
            const SHAPE: &'static Shape = T::SHAPE;
        }
    )*};
}
transparent!(Box, Rc, Arc, Mutex, RwLock, RefCell);

impl<T: ToolSchema + Copy> ToolSchema for Cell<T> {
    const SHAPE: &'static Shape = T::SHAPE;
}
impl<T: ToolSchema> ToolSchema for Wrapping<T> {
    const SHAPE: &'static Shape = T::SHAPE;
}
impl<T: ToolSchema> ToolSchema for ::std::cmp::Reverse<T> {
    const SHAPE: &'static Shape = T::SHAPE;
}
impl<T: ToolSchema + ?Sized> ToolSchema for &T {
    const SHAPE: &'static Shape = T::SHAPE;
}
impl<T: ToolSchema + ?Sized> ToolSchema for &mut T {
    const SHAPE: &'static Shape = T::SHAPE;
}
impl<'a, T: ToolSchema + ToOwned + ?Sized> ToolSchema for Cow<'a, T> {
    const SHAPE: &'static Shape = T::SHAPE;
}

const fn seq(items: &'static Shape, unique_on_output: bool) -> Shape {
    Shape::Seq(SeqShape {
        items,
        min_items: None,
        max_items: None,
        unique_on_output,
    })
}

macro_rules! sequences {
    ($($ty:ident => $unique:expr),*) => {$(
        impl<T: ToolSchema> ToolSchema for $ty<T> {
            const SHAPE: &'static Shape = &seq(T::SHAPE, $unique);
        }
    )*};
}
sequences!(Vec => false, VecDeque => false, LinkedList => false, BinaryHeap => false, BTreeSet => true);

impl<T: ToolSchema, S> ToolSchema for HashSet<T, S> {
    const SHAPE: &'static Shape = &seq(T::SHAPE, true);
}
impl<T: ToolSchema> ToolSchema for [T] {
    const SHAPE: &'static Shape = &seq(T::SHAPE, false);
}
impl<T: ToolSchema, const N: usize> ToolSchema for [T; N] {
    const SHAPE: &'static Shape = &Shape::Seq(SeqShape {
        items: T::SHAPE,
        min_items: Some(N as u64),
        max_items: Some(N as u64),
        unique_on_output: false,
    });
}

impl<K: ToolSchema, V: ToolSchema> ToolSchema for BTreeMap<K, V> {
    const SHAPE: &'static Shape = &Shape::Map(MapShape {
        key: K::SHAPE,
        value: V::SHAPE,
    });
}
impl<K: ToolSchema, V: ToolSchema, S> ToolSchema for HashMap<K, V, S> {
    const SHAPE: &'static Shape = &Shape::Map(MapShape {
        key: K::SHAPE,
        value: V::SHAPE,
    });
}

macro_rules! tuples {
    ($(($($name:ident),+))*) => {$(
        impl<$($name: ToolSchema),+> ToolSchema for ($($name,)+) {
            const SHAPE: &'static Shape = &Shape::Tuple(&[$($name::SHAPE),+]);
        }
    )*};
}
tuples! {
    (A)
    (A, B)
    (A, B, C)
    (A, B, C, D)
    (A, B, C, D, E)
    (A, B, C, D, E, F)
    (A, B, C, D, E, F, G)
    (A, B, C, D, E, F, G, H)
    (A, B, C, D, E, F, G, H, I)
    (A, B, C, D, E, F, G, H, I, J)
    (A, B, C, D, E, F, G, H, I, J, K)
    (A, B, C, D, E, F, G, H, I, J, K, L)
    (A, B, C, D, E, F, G, H, I, J, K, L, M)
    (A, B, C, D, E, F, G, H, I, J, K, L, M, N)
    (A, B, C, D, E, F, G, H, I, J, K, L, M, N, O)
    (A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P)
}
