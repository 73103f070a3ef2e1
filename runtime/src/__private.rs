//! Support for generated code. Not public API: no semver guarantees.

pub use crate::render::render;
pub use crate::shape::{Body, Field, Named, Shape, Struct};
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
