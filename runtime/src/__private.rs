//! Support for generated code. Not public API: no semver guarantees.

pub use crate::render::render;
pub use crate::shape::{
    Body, Convert, Enum, Field, Named, Repr, Shape, Struct, Variant, VariantBody,
};
pub use crate::{Contract, ToolSchema};
pub use core::any::type_name;
pub use core::option::Option::{self, None, Some};
pub use serde_json::Value;
pub use std::sync::OnceLock;

/// The shape of `T`, as a function the generated consts can point at.
#[inline]
pub fn shape_of<T: ToolSchema + ?Sized>() -> &'static Shape {
    T::SHAPE
}

/// Carries a default value to the autoref probe below.
pub struct DefaultProbe<T>(pub T);

/// Picked when the default value's type is `Serialize`.
pub trait SerializeDefault {
    /// The serialized default.
    fn __toolform_default(&self) -> Option<Value>;
}
impl<T: serde::Serialize> SerializeDefault for DefaultProbe<T> {
    fn __toolform_default(&self) -> Option<Value> {
        serde_json::to_value(&self.0).ok()
    }
}

/// Picked otherwise: no `"default"` is emitted.
pub trait NoDefault {
    /// Nothing.
    fn __toolform_default(&self) -> Option<Value> {
        None
    }
}
impl<T> NoDefault for &DefaultProbe<T> {}

/// Wire shapes of chrono's `chrono::serde::ts_*` modules, which the derive
/// recognises in `#[serde(with = ..)]`: integers within the range of
/// timestamps chrono reads (it rejects the rest with "not a legal timestamp").
pub mod chrono_ts {
    use crate::ToolSchema;
    use crate::shape::{IntRange, Shape};

    macro_rules! ts {
        ($($name:ident => $min:expr, $max:expr;)*) => {$(
            #[doc = concat!("`chrono::serde::", stringify!($name), "`")]
            pub struct $name;
            impl ToolSchema for $name {
                const SHAPE: &'static Shape = &Shape::Integer(IntRange {
                    min: Some($min),
                    max: Some($max),
                    nonzero: false,
                });
            }
        )*};
    }

    // `DateTime::<Utc>::MIN_UTC` / `MAX_UTC` in each unit. Nanoseconds: chrono
    // reads any i64, and any u64 (it splits it into seconds that always fit).
    ts! {
        TsSeconds => -8_334_601_228_800, 8_210_266_876_799;
        TsMilliseconds => -8_334_601_228_800_000, 8_210_266_876_799_999;
        TsMicroseconds => -8_334_601_228_800_000_000, 8_210_266_876_799_999_999;
        TsNanoseconds => i64::MIN, u64::MAX;
    }
}
