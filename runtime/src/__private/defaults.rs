//! Default values shown in the schema: `#[serde(default)]` and
//! `#[serde(default = "path")]` on fields, and `null` for `Option` fields.

use super::*;

/// `#[serde(default)]` on a field of a concrete type: `DefaultOf::<T>::FN`
/// is the inherent constant below when `T` is `Default + Serialize`, and the
/// trait's `None` otherwise (inherent items shadow trait items only where
/// their bounds hold). One shared function per field type instead of a
/// closure per field: a smaller, faster-compiling expansion.
pub struct DefaultOf<T: ?Sized>(core::marker::PhantomData<T>);

/// The fallback of [`DefaultOf`]: no `"default"`.
pub trait NoDefaultOf {
    /// No default value to show.
    const FN: Option<fn() -> Option<Value>> = None;
}
impl<T: ?Sized> NoDefaultOf for DefaultOf<T> {}

impl<T: Default + serde::Serialize> DefaultOf<T> {
    /// The serialized `T::default()`.
    pub const FN: Option<fn() -> Option<Value>> = Some(default_json::<T>);
}

fn default_json<T: Default + serde::Serialize>() -> Option<Value> {
    serde_json::to_value(T::default()).ok()
}

/// A `#[serde(default = "path")]` (or container default) value of a field of
/// type `T`: `DefaultVia::<T>::json(&value)` is the inherent function below
/// when `T` is `Serialize`, and the trait's `None` otherwise (inherent items
/// shadow trait items only where their bounds hold, as for [`DefaultOf`]).
/// A path, not a method call through autoref: less for the compiler to
/// probe in every default's closure.
pub struct DefaultVia<T: ?Sized>(core::marker::PhantomData<T>);

/// The fallback of [`DefaultVia`]: no `"default"`.
pub trait NoDefaultVia<T: ?Sized> {
    /// Nothing to show.
    fn json(_value: &T) -> Option<Value> {
        None
    }
}
impl<T: ?Sized> NoDefaultVia<T> for DefaultVia<T> {}

impl<T: serde::Serialize + ?Sized> DefaultVia<T> {
    /// The serialized value.
    pub fn json(value: &T) -> Option<Value> {
        serde_json::to_value(value).ok()
    }
}

/// The default of a field written `Option<..>` with `#[serde(default)]`:
/// `None`, which serde_json writes as `null`. One function for every such
/// field, so the inner type's `Serialize` is not instantiated for it.
pub fn null_default() -> Option<Value> {
    Some(Value::Null)
}
