//! Default values shown in the schema: `#[serde(default)]` and
//! `#[serde(default = "path")]` on fields, and `null` for `Option` fields.
//!
//! A default is shown only when its type is `Serialize` (and, for a type's
//! own default, `Default`): the derive cannot see either bound, so the
//! generated code asks the compiler, in a closure that the table holds:
//!
//! ```text
//! || __tf::DefaultOf::<T>::NEW.json()          // #[serde(default)]
//! || __tf::DefaultVia::<T>(&path()).json()      // #[serde(default = "path")]
//! ```
//!
//! Method lookup takes the inherent `json` below where its bounds hold, and
//! otherwise goes on through `Deref` to [`NoDefault::json`], which gives
//! `None`. Unlike a trait-based fallback, this needs no import in the
//! generated code: each such import was an item of its own that every build
//! after an edit resolved and hashed again (bench/compile_time/EXPANSION.md).
//!
//! A `#[serde(default)]` field whose type the derive reads as a primitive
//! (`u32`, `f64`, `bool`, `String`, `Vec` of those) has no closure at all:
//! its default is read off the field's shape (`shape::packed`).

use super::*;

/// `#[serde(default)]` on a field of type `T`: `DefaultOf::<T>::NEW.json()`
/// is `T::default()` serialized when `T` is `Default + Serialize`, else
/// `None` (see the module documentation).
pub struct DefaultOf<T: ?Sized>(core::marker::PhantomData<T>);

impl<T: ?Sized> DefaultOf<T> {
    /// The probe.
    pub const NEW: DefaultOf<T> = DefaultOf(core::marker::PhantomData);
}

impl<T: Default + serde::Serialize> DefaultOf<T> {
    /// The serialized `T::default()`.
    pub fn json(&self) -> Option<Value> {
        serde_json::to_value(T::default()).ok()
    }
}

impl<T: ?Sized> core::ops::Deref for DefaultOf<T> {
    type Target = NoDefault;
    fn deref(&self) -> &NoDefault {
        &NoDefault
    }
}

/// A `#[serde(default = "path")]` (or container default) value of a field
/// of type `T`: `DefaultVia::<T>(&value).json()` is the value serialized
/// when `T` is `Serialize`, else `None` (see the module documentation).
pub struct DefaultVia<'a, T: ?Sized>(pub &'a T);

impl<T: serde::Serialize + ?Sized> DefaultVia<'_, T> {
    /// The serialized value.
    pub fn json(&self) -> Option<Value> {
        serde_json::to_value(self.0).ok()
    }
}

impl<T: ?Sized> core::ops::Deref for DefaultVia<'_, T> {
    type Target = NoDefault;
    fn deref(&self) -> &NoDefault {
        &NoDefault
    }
}

/// What [`DefaultOf`] and [`DefaultVia`] fall back to: no `"default"`.
pub struct NoDefault;

impl NoDefault {
    /// Nothing to show.
    pub fn json(&self) -> Option<Value> {
        None
    }
}

/// The default of a field written `Option<..>` with `#[serde(default)]`:
/// `None`, which serde_json writes as `null`. One function for every such
/// field, so the inner type's `Serialize` is not instantiated for it.
pub fn null_default() -> Option<Value> {
    Some(Value::Null)
}
