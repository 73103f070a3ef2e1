//! `range(..)` on an integer field checked at compile time: each bound must
//! lie within the field's integer type.

use super::*;

pub use crate::shape::{int_in_range, int_range_meets};

/// `#[schema(range(..))]` on an integer field: each bound must lie within
/// the field's type (`range(max = 999)` on `u8` does not).
/// Evaluated in a `const _` at the `range` key.
pub const fn check_range<T: ToolSchema + ?Sized>(min: Option<Bound>, max: Option<Bound>) {
    check_range_in(T::SHAPE, min, max, false)
}

/// `range(..)` inside `items(..)`/`values(..)` of a field of type `T`:
/// `path` leads from `T` to the bounded type, `true` for a step to the
/// items of an array, `false` to the values of a map (through `Option`).
/// A step the shape does not have is not checked here: the derive's type
/// assertion (`assert_items`, `assert_values`) reports it.
pub const fn check_range_within<T: ToolSchema + ?Sized>(
    path: &[bool],
    min: Option<Bound>,
    max: Option<Bound>,
) {
    let mut shape = T::SHAPE;
    let mut i = 0;
    while i < path.len() {
        while let Shape::Option(inner) = shape {
            shape = inner;
        }
        shape = match (shape, path[i]) {
            (Shape::Seq(seq), true) => seq.items,
            (Shape::Map(map), false) => map.value,
            _ => return,
        };
        i += 1;
    }
    check_range_in(shape, min, max, !path.is_empty())
}

/// `inner`: the range is on the items or values of the field. Each bound
/// must lie within the integer type's range: one outside it advertises
/// values serde refuses (`range(max = 999)` on `u8`).
const fn check_range_in(shape: &Shape, min: Option<Bound>, max: Option<Bound>, inner: bool) {
    match shape {
        Shape::Integer(r) => {
            if let Some(min) = min
                && !int_range_meets(r, Some(min), Some(min))
            {
                if inner {
                    panic!(
                        "this `range(min = ..)` is outside the range of the items' (or values') \
                         integer type: serde never reads such a value"
                    );
                }
                panic!(
                    "this `range(min = ..)` is outside the range of the field's integer type: \
                     serde never reads such a value"
                );
            }
            if let Some(max) = max
                && !int_range_meets(r, Some(max), Some(max))
            {
                if inner {
                    panic!(
                        "this `range(max = ..)` is outside the range of the items' (or values') \
                         integer type: serde never reads such a value"
                    );
                }
                panic!(
                    "this `range(max = ..)` is outside the range of the field's integer type: \
                     serde never reads such a value"
                );
            }
        }
        Shape::Option(inner_shape) => check_range_in(inner_shape, min, max, inner),
        _ => {}
    }
}
