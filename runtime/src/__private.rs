//! Support for generated code. Not public API: no semver guarantees.

pub use crate::__json_schema;
pub use crate::render::render;
pub use crate::shape::{
    Body, Convert, Enum, Field, Named, Repr, Shape, Struct, Variant, VariantBody,
};
pub use crate::{Contract, ToolSchema};
#[cfg(feature = "schemars")]
pub use ::schemars;
pub use core::any::type_name;
pub use core::option::Option::{self, None, Some};
pub use serde_json::Value;
pub use std::borrow::Cow;
pub use std::sync::OnceLock;

/// A derived type's schema in its own `static`: the read is inlined (a
/// pointer load once filled), the fill is one non-generic function for every
/// type, so a derive adds a static and a call rather than an instantiation of
/// `OnceLock::get_or_init` (measured in the compile-time benchmark). Inlined
/// in optimized builds only: in debug builds an `#[inline]` function is
/// compiled again in every crate that calls it, which the benchmark showed to
/// cost more than it saves.
#[cfg_attr(not(debug_assertions), inline)]
pub fn cached_in(
    cell: &'static OnceLock<Value>,
    shape: &'static Shape,
    contract: Contract,
) -> &'static Value {
    match cell.get() {
        Some(schema) => schema,
        None => fill(cell, shape, contract),
    }
}

#[cold]
#[inline(never)]
fn fill(
    cell: &'static OnceLock<Value>,
    shape: &'static Shape,
    contract: Contract,
) -> &'static Value {
    cell.get_or_init(|| render(shape, contract))
}

/// The two schemas of a derived type without type parameters, in one
/// `static` per type; the reads are [`cached_in`]'s. One item instead of
/// two, and a shorter expansion.
pub struct Schemas {
    input: OnceLock<Value>,
    output: OnceLock<Value>,
}

impl Schemas {
    /// Both empty. A `const`, not a `const fn`, for the generated
    /// `static`: a call in a `const` initializer costs rustc's const
    /// evaluator far more than a constant (bench/compile_time/EXPANSION.md).
    #[allow(clippy::declare_interior_mutable_const)]
    pub const EMPTY: Schemas = Schemas {
        input: OnceLock::new(),
        output: OnceLock::new(),
    };

    /// The input schema of `shape`, rendered on first use.
    #[cfg_attr(not(debug_assertions), inline)]
    pub fn input(&'static self, shape: &'static Shape) -> &'static Value {
        cached_in(&self.input, shape, Contract::Input)
    }

    /// The output schema of `shape`, rendered on first use.
    #[cfg_attr(not(debug_assertions), inline)]
    pub fn output(&'static self, shape: &'static Shape) -> &'static Value {
        cached_in(&self.output, shape, Contract::Output)
    }
}

/// The shape of `T`, as a function the generated consts can point at.
#[inline]
pub fn shape_of<T: ToolSchema + ?Sized>() -> &'static Shape {
    T::SHAPE
}

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

pub use crate::shape::{Bound, Constraints};

/// `length(..)` applies to strings, arrays and maps.
#[diagnostic::on_unimplemented(
    message = "`length(..)` does not apply to `{Self}`",
    label = "not a string, array or map",
    note = "`length(min = .., max = ..)` bounds the length of strings (minLength/maxLength), arrays (minItems/maxItems) and maps (minProperties/maxProperties); for numbers use `range(min = .., max = ..)`"
)]
pub trait HasLength {}

/// `range(..)` applies to numbers.
#[diagnostic::on_unimplemented(
    message = "`range(..)` does not apply to `{Self}`",
    label = "not a number",
    note = "`range(min = .., max = ..)` bounds integers and floats (minimum/maximum); for strings and arrays use `length(min = .., max = ..)`"
)]
pub trait HasRange {}

/// `pattern` and `format` apply to strings.
#[diagnostic::on_unimplemented(
    message = "`pattern` and `format` do not apply to `{Self}`",
    label = "not a string",
    note = "`pattern = \"..\"` and `format = \"..\"` constrain strings only"
)]
pub trait IsString {}

/// Asserts `T: HasLength` where the field is declared.
pub const fn assert_length<T: HasLength + ?Sized>() {}
/// Asserts `T: HasRange` where the field is declared.
pub const fn assert_range<T: HasRange + ?Sized>() {}
/// Asserts `T: IsString` where the field is declared.
pub const fn assert_string<T: IsString + ?Sized>() {}

mod constraint_impls {
    use super::{HasLength, HasRange, IsString};
    use std::borrow::Cow;
    use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

    macro_rules! marker {
        ($trait:ident: $($ty:ty),*) => {$(impl $trait for $ty {})*};
    }
    marker!(HasRange: u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64);
    marker!(HasRange: std::num::NonZeroU8, std::num::NonZeroU16, std::num::NonZeroU32,
        std::num::NonZeroU64, std::num::NonZeroUsize, std::num::NonZeroI8, std::num::NonZeroI16,
        std::num::NonZeroI32, std::num::NonZeroI64, std::num::NonZeroIsize);
    marker!(HasLength: String, str);
    marker!(IsString: String, str);
    impl HasLength for Cow<'_, str> {}
    impl IsString for Cow<'_, str> {}
    impl<T> HasLength for Vec<T> {}
    impl<T> HasLength for VecDeque<T> {}
    impl<T> HasLength for [T] {}
    impl<T, const N: usize> HasLength for [T; N] {}
    impl<T, S> HasLength for HashSet<T, S> {}
    impl<T> HasLength for BTreeSet<T> {}
    impl<K, V, S> HasLength for HashMap<K, V, S> {}
    impl<K, V> HasLength for BTreeMap<K, V> {}

    macro_rules! forward {
        ($($wrapper:ident),*) => {$(
            impl<T: HasLength + ?Sized> HasLength for $wrapper<T> {}
            impl<T: HasRange + ?Sized> HasRange for $wrapper<T> {}
            impl<T: IsString + ?Sized> IsString for $wrapper<T> {}
        )*};
    }
    use std::rc::Rc;
    use std::sync::Arc;
    forward!(Box, Rc, Arc);
    impl<T: HasLength> HasLength for Option<T> {}
    impl<T: HasRange> HasRange for Option<T> {}
    impl<T: IsString> IsString for Option<T> {}
    impl<T: HasLength + ?Sized> HasLength for &T {}
    impl<T: HasRange + ?Sized> HasRange for &T {}
    impl<T: IsString + ?Sized> IsString for &T {}
}

pub use crate::shape::{int_in_range, int_range_meets};

/// `#[schema(range(..))]` on an integer field: the bounds must leave a
/// value of the field's type (`range(min = 300)` on `u8` leaves none).
/// Evaluated in a `const _` at the `range` key.
pub const fn check_range<T: ToolSchema + ?Sized>(min: Option<Bound>, max: Option<Bound>) {
    check_range_in(T::SHAPE, min, max)
}

const fn check_range_in(shape: &Shape, min: Option<Bound>, max: Option<Bound>) {
    match shape {
        Shape::Integer(r) => {
            if !int_range_meets(r, min, None) {
                panic!(
                    "this `range(min = ..)` is above the largest value of the field's integer \
                     type: no value could satisfy it"
                );
            }
            if !int_range_meets(r, None, max) {
                panic!(
                    "this `range(max = ..)` is below the smallest value of the field's integer \
                     type: no value could satisfy it"
                );
            }
        }
        Shape::Option(inner) => check_range_in(inner, min, max),
        _ => {}
    }
}

/// Named constants for the members the generated literals leave unset: a
/// named constant is one operand in the compiler's MIR, where `None` or
/// `&[]` written in place costs a temporary each (bench/compile_time/EXPANSION.md).
pub const NO_STR: Option<&'static str> = None;
/// No aliases (see [`NO_STR`]).
pub const NO_NAMES: &[&str] = &[];
/// No default value (see [`NO_STR`]).
pub const NO_DEFAULT: Option<fn() -> Option<Value>> = None;
/// No declared constraints (see [`NO_STR`]).
pub const NO_CONSTRAINTS: Option<&'static Constraints> = None;
/// No length or item count (see [`NO_STR`]).
pub const NO_U64: Option<u64> = None;
/// No bound (see [`NO_STR`]).
pub const NO_BOUND: Option<Bound> = None;
/// No format (see [`NO_STR`]).
pub const NO_FORMAT: Option<crate::json::Format> = None;

/// The default of a field written `Option<..>` with `#[serde(default)]`:
/// `None`, which serde_json writes as `null`. One function for every such
/// field, so the inner type's `Serialize` is not instantiated for it.
pub fn null_default() -> Option<Value> {
    Some(Value::Null)
}

/// The schema model's round trip (JSON → model → JSON), for toolform's own
/// tests of the model.
pub use crate::schema::round_trip as schema_round_trip;
