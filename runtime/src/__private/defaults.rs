//! Default values shown in the schema: `#[serde(default)]` and
//! `#[serde(default = "path")]` on fields, and `null` for `Option` fields.
//!
//! A default is shown only when its type is `Serialize` (and, for a type's
//! own default, `Default`): the derive cannot see either bound, so the
//! generated code asks the compiler, by naming a function it never calls:
//!
//! ```text
//! &__tf::of(__tf::Of::<T>::default)               // #[serde(default)]
//! &__tf::via(path, __tf::Via::<T>::default)        // #[serde(default = "path")]
//! ```
//!
//! `Of::<T>::default` is the inherent function below where its bounds hold
//! (`T: Default + Serialize`), and otherwise the prelude's
//! `Default::default` of `Of<T>` (path resolution falls back to a trait in
//! scope, and the prelude's traits are in scope everywhere: no import in the
//! generated code). The two return different types, and [`of`] and [`via`]
//! read which one from the type alone ([`Pick`]), in a constant: the entry is
//! a function of the runtime's, generic over `T` only, so every field of
//! type `T` in a crate shares one (`path` is the user's own function, held
//! as a pointer). No closure per field: each was a body of its own that
//! every build after an edit hashed and reloaded, and compiled again in each
//! crate that used the type (bench/compile_time/EXPANSION.md).
//!
//! A `#[serde(default)]` field whose type the derive reads as a primitive
//! (`u32`, `f64`, `bool`, `String`, `Vec` of those) has no entry at all: its
//! default is read off the field's shape (`shape::packed`).

use super::*;
use crate::shape::DefaultJson;
use core::marker::PhantomData;

/// The probe for `#[serde(default)]` on a field of type `T` (see the module
/// documentation): `Of::<T>::default` names [`Shown`] when `T` is `Default +
/// Serialize`, else `Default::default` of `Of<T>`.
pub struct Of<T>(PhantomData<fn() -> T>);

/// The probe for a field of type `T` whose default is a function's value
/// (see the module documentation): `Via::<T>::default` names [`Shown`] when
/// `T` is `Serialize`, else `Default::default` of `Via<T>`.
pub struct Via<T>(PhantomData<fn() -> T>);

/// What the probes name when the default can be shown.
pub struct Shown<T>(PhantomData<fn() -> T>);

impl<T: Default + serde::Serialize> Of<T> {
    /// Named, never called: the default can be shown.
    #[allow(clippy::should_implement_trait)]
    pub fn default() -> Shown<Of<T>> {
        Shown(PhantomData)
    }
}

impl<T> Default for Of<T> {
    fn default() -> Self {
        Of(PhantomData)
    }
}

impl<T: serde::Serialize> Via<T> {
    /// Named, never called: the value can be shown.
    #[allow(clippy::should_implement_trait)]
    pub fn default() -> Shown<T> {
        Shown(PhantomData)
    }
}

impl<T> Default for Via<T> {
    fn default() -> Self {
        Via(PhantomData)
    }
}

/// How a default of type `T` is shown, read off the type a probe named.
pub trait Pick<T> {
    /// Serializes the value the function gives, or gives `None`.
    const SHOW: fn(fn() -> T) -> Option<Value>;
}

impl<T: serde::Serialize> Pick<T> for Shown<T> {
    const SHOW: fn(fn() -> T) -> Option<Value> = show::<T>;
}

impl<T> Pick<T> for Via<T> {
    const SHOW: fn(fn() -> T) -> Option<Value> = hide::<T>;
}

/// How `T::default()` is shown, read off the type a probe named.
pub trait PickOf {
    /// The serialized `T::default()`, or `None`.
    const SHOW: fn() -> Option<Value>;
}

impl<T: Default + serde::Serialize> PickOf for Shown<Of<T>> {
    const SHOW: fn() -> Option<Value> = show_default::<T>;
}

impl<T> PickOf for Of<T> {
    const SHOW: fn() -> Option<Value> = no_default;
}

fn show<T: serde::Serialize>(value: fn() -> T) -> Option<Value> {
    serde_json::to_value(value()).ok()
}

fn hide<T>(_: fn() -> T) -> Option<Value> {
    None
}

fn show_default<T: Default + serde::Serialize>() -> Option<Value> {
    serde_json::to_value(T::default()).ok()
}

fn no_default() -> Option<Value> {
    None
}

/// `#[serde(default)]` on a field of type `T`: `T::default()` serialized
/// when `T` is `Default + Serialize`, else nothing (`probe` is
/// `Of::<T>::default`, see the module documentation).
pub const fn of<R: PickOf>(_probe: fn() -> R) -> fn() -> Option<Value> {
    R::SHOW
}

/// A default given by a function (`#[serde(default = "path")]`, or the
/// container's default read by a closure): its value serialized when `T` is
/// `Serialize`, else nothing (`probe` is `Via::<T>::default`, see the module
/// documentation).
pub const fn via<T, R: Pick<T>>(value: fn() -> T, _probe: fn() -> R) -> ViaFn<T> {
    ViaFn {
        value,
        show: R::SHOW,
    }
}

/// A default given by a function, with how it is shown: what [`via`] gives.
pub struct ViaFn<T> {
    value: fn() -> T,
    show: fn(fn() -> T) -> Option<Value>,
}

impl<T> ViaFn<T> {
    /// The value serialized, or `None`: what a closure of a type with
    /// lifetime parameters calls (`ViaFn` of such a type is not `'static`).
    pub fn json(&self) -> Option<Value> {
        (self.show)(self.value)
    }
}

impl<T> DefaultJson for ViaFn<T> {
    fn json(&self) -> Option<Value> {
        ViaFn::json(self)
    }
}

/// The default of a field written `Option<..>` with `#[serde(default)]`:
/// `None`, which serde_json writes as `null`. One function for every such
/// field, so the inner type's `Serialize` is not instantiated for it.
pub fn null_default() -> Option<Value> {
    Some(Value::Null)
}
