//! Support for generated code. Not public API: no semver guarantees.

pub use crate::__json_schema;
pub use crate::render::render;
pub use crate::shape::{
    Body, Convert, Decoded, Enum, Field, Named, Packed, Repr, Shape, Struct, Variant, VariantBody,
};
use crate::shape::{Content, EnumView, ReprKind};
pub use crate::{Contract, ToolSchema};
#[cfg(feature = "schemars")]
pub use ::schemars;
pub use core::any::type_name;
pub use core::option::Option::{self, None, Some};
pub use serde;
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

// SAFETY: `Schemas` is two `OnceLock<Value>`s, which are `Sync` and `Send`
// (checked below, once, in this crate). Stated by hand so that the `static`
// the derive writes per type is checked against this impl, not by walking
// `Value`'s recursive type for the auto trait in every user crate, once per
// `static` (bench/compile_time/EXPANSION.md).
unsafe impl Sync for Schemas {}

const _: fn() = || {
    fn sync_send<T: Sync + Send>() {}
    sync_send::<OnceLock<Value>>();
    sync_send::<OnceLock<crate::shape::Body>>();
    sync_send::<OnceLock<&'static [crate::elicit::FormField]>>();
};

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

/// Both caches of a derived type without type or const parameters, its two
/// schemas and its decoded packed body, in the one `static` the derive
/// writes per type: one item instead of two, which every build after an
/// edit hashes, lowers and reloads again (bench/compile_time/EXPANSION.md).
pub struct Cache {
    /// The rendered schemas ([`ToolSchema::__SCHEMAS`](crate::ToolSchema)).
    pub schemas: Schemas,
    /// The decoded body ([`Packed::cache`](crate::shape::Packed)).
    pub body: crate::shape::Decoded,
}

// SAFETY: a `Schemas` and a `Decoded`, both `Sync` (their own impls). Stated
// by hand, as theirs are, so a user crate proves it with one lookup.
unsafe impl Sync for Cache {}

impl Cache {
    /// Both empty; a `const` for the derive's `static` (see [`Schemas::EMPTY`]).
    #[allow(clippy::declare_interior_mutable_const)]
    pub const EMPTY: Cache = Cache {
        schemas: Schemas::EMPTY,
        body: crate::shape::Decoded::EMPTY,
    };
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

/// `items(..)` applies to sequences and sets; `Item` is the type of each
/// item, which the constraints inside `items(..)` are asserted against.
#[diagnostic::on_unimplemented(
    message = "`items(..)` applies to a sequence or set; `{Self}` is not one",
    label = "not a sequence or set",
    note = "`items(..)` constrains every item of a `Vec`, `VecDeque`, `LinkedList`, `BinaryHeap`, `[T; N]`, slice, `HashSet`, `BTreeSet` or `IndexSet` (also inside `Option`, `Box`, `Rc`, `Arc`); for the values of a map use `values(..)`"
)]
pub trait HasItems {
    /// The type of each item.
    type Item: ?Sized;
}

/// `values(..)` applies to maps; `Value` is the type of each value, which
/// the constraints inside `values(..)` are asserted against.
#[diagnostic::on_unimplemented(
    message = "`values(..)` applies to a map; `{Self}` is not one",
    label = "not a map",
    note = "`values(..)` constrains every value of a `HashMap`, `BTreeMap` or `IndexMap` (also inside `Option`, `Box`, `Rc`, `Arc`); for the items of a sequence or set use `items(..)`"
)]
pub trait HasValues {
    /// The type of each value.
    type Value: ?Sized;
}

/// The item type of `T` (`items(..)`), for the assertions on it.
pub type ItemOf<T> = <T as HasItems>::Item;
/// The value type of `T` (`values(..)`), for the assertions on it.
pub type ValueOf<T> = <T as HasValues>::Value;

/// Asserts `T: HasItems` where the field is declared.
pub const fn assert_items<T: HasItems + ?Sized>() {}
/// Asserts `T: HasValues` where the field is declared.
pub const fn assert_values<T: HasValues + ?Sized>() {}
// The assertions of a constraint inside `items(..)`/`values(..)` of a
// type `T` whose items (values) are `I`: the derive writes `I` as `_`,
// spanned at the key inside, and `T` at the enclosing key, so an unmet
// bound on `I` is reported at the key inside, and a `T` without items
// (values) once, at the enclosing key, where its own assertion
// (`assert_items`, `assert_values`) reports it. Written out one by one, so
// that an error names the function plainly.
/// Asserts `I: HasLength` of the items `I` of `T` (`items(..)`).
pub const fn assert_item_length<T: HasItems<Item = I> + ?Sized, I: HasLength + ?Sized>() {}
/// Asserts `I: HasRange` of the items `I` of `T` (`items(..)`).
pub const fn assert_item_range<T: HasItems<Item = I> + ?Sized, I: HasRange + ?Sized>() {}
/// Asserts `I: IsString` of the items `I` of `T` (`items(..)`).
pub const fn assert_item_string<T: HasItems<Item = I> + ?Sized, I: IsString + ?Sized>() {}
/// Asserts `I: HasItems` of the items `I` of `T` (`items(..)`).
pub const fn assert_item_items<T: HasItems<Item = I> + ?Sized, I: HasItems + ?Sized>() {}
/// Asserts `I: HasValues` of the items `I` of `T` (`items(..)`).
pub const fn assert_item_values<T: HasItems<Item = I> + ?Sized, I: HasValues + ?Sized>() {}
/// Asserts `I: HasLength` of the values `I` of `T` (`values(..)`).
pub const fn assert_value_length<T: HasValues<Value = I> + ?Sized, I: HasLength + ?Sized>() {}
/// Asserts `I: HasRange` of the values `I` of `T` (`values(..)`).
pub const fn assert_value_range<T: HasValues<Value = I> + ?Sized, I: HasRange + ?Sized>() {}
/// Asserts `I: IsString` of the values `I` of `T` (`values(..)`).
pub const fn assert_value_string<T: HasValues<Value = I> + ?Sized, I: IsString + ?Sized>() {}
/// Asserts `I: HasItems` of the values `I` of `T` (`values(..)`).
pub const fn assert_value_items<T: HasValues<Value = I> + ?Sized, I: HasItems + ?Sized>() {}
/// Asserts `I: HasValues` of the values `I` of `T` (`values(..)`).
pub const fn assert_value_values<T: HasValues<Value = I> + ?Sized, I: HasValues + ?Sized>() {}

/// Asserts `T: HasLength` where the field is declared.
pub const fn assert_length<T: HasLength + ?Sized>() {}
/// Asserts `T: HasRange` where the field is declared.
pub const fn assert_range<T: HasRange + ?Sized>() {}
/// Asserts `T: IsString` where the field is declared.
pub const fn assert_string<T: IsString + ?Sized>() {}

mod constraint_impls {
    use super::{HasItems, HasLength, HasRange, HasValues, IsString};
    use std::borrow::Cow;
    use std::collections::{
        BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque,
    };

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

    impl<T> HasItems for Vec<T> {
        type Item = T;
    }
    impl<T> HasItems for VecDeque<T> {
        type Item = T;
    }
    impl<T> HasItems for LinkedList<T> {
        type Item = T;
    }
    impl<T> HasItems for BinaryHeap<T> {
        type Item = T;
    }
    impl<T> HasItems for [T] {
        type Item = T;
    }
    impl<T, const N: usize> HasItems for [T; N] {
        type Item = T;
    }
    impl<T, S> HasItems for HashSet<T, S> {
        type Item = T;
    }
    impl<T> HasItems for BTreeSet<T> {
        type Item = T;
    }
    impl<T: Clone> HasItems for Cow<'_, [T]> {
        type Item = T;
    }
    impl<K, V, S> HasValues for HashMap<K, V, S> {
        type Value = V;
    }
    impl<K, V> HasValues for BTreeMap<K, V> {
        type Value = V;
    }

    macro_rules! forward {
        ($($wrapper:ident),*) => {$(
            impl<T: HasLength + ?Sized> HasLength for $wrapper<T> {}
            impl<T: HasRange + ?Sized> HasRange for $wrapper<T> {}
            impl<T: IsString + ?Sized> IsString for $wrapper<T> {}
            impl<T: HasItems + ?Sized> HasItems for $wrapper<T> {
                type Item = T::Item;
            }
            impl<T: HasValues + ?Sized> HasValues for $wrapper<T> {
                type Value = T::Value;
            }
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
    impl<T: HasItems> HasItems for Option<T> {
        type Item = T::Item;
    }
    impl<T: HasValues> HasValues for Option<T> {
        type Value = T::Value;
    }
    impl<T: HasItems + ?Sized> HasItems for &T {
        type Item = T::Item;
    }
    impl<T: HasValues + ?Sized> HasValues for &T {
        type Value = T::Value;
    }
}

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
/// A packed body without shapes (a struct without fields).
pub const NO_SHAPES: &[fn() -> &'static Shape] = &[];
/// A packed body without computed defaults.
#[allow(clippy::type_complexity)]
pub const NO_DEFAULTS: &[Option<fn() -> Option<Value>>] = &[];
/// A packed body without declared constraints.
pub const NO_CONSTRAINT_LIST: &[&Constraints] = &[];
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

/// An `#[schema(example = ..)]` literal, for [`check_example`].
#[derive(Clone, Copy)]
pub enum Example {
    /// A string (or a character), with its length in characters.
    Str(&'static str, u64),
    /// A number.
    Number(Bound),
    /// `true` or `false`.
    Bool,
}

/// `#[schema(example = ..)]`: the literal must be a value of the field's
/// wire type `T` (a `u8` takes integers from 0 to 255, a `char` strings of
/// one character, a unit-only enum the names serde reads). Evaluated in a
/// `const _` at the example. Where the shape cannot be known at compile
/// time (a newtype's or transparent type's inner shape sits behind a
/// function pointer, which const evaluation cannot call; a `from`/`try_from`
/// conversion; `serde_json::Value`), the example is accepted.
pub const fn check_example<T: ToolSchema + ?Sized>(example: Example) {
    let mut msg = Msg::new();
    if !example_fits(T::SHAPE, example, &mut msg) {
        panic!("{}", msg.as_str());
    }
}

/// Whether `example` fits `shape`; if not, `msg` says why.
const fn example_fits(shape: &'static Shape, example: Example, msg: &mut Msg) -> bool {
    match (shape, example) {
        (Shape::Any, _) => true,
        (Shape::Option(inner), _) => example_fits(inner, example, msg),
        (Shape::Bool, Example::Bool) | (Shape::Number, Example::Number(_)) => true,
        (Shape::Integer(r), Example::Number(n)) => {
            if matches!(n, Bound::Float(_)) {
                msg.push("this `example` is written with a fraction or an exponent, which serde does not read into an integer (write `5`, not `5.0`); the field's type accepts ");
                push_int_range(msg, r);
                return false;
            }
            if int_in_range(r, n) {
                return true;
            }
            msg.push("this `example` is outside the range of the field's type, which accepts ");
            push_int_range(msg, r);
            false
        }
        (Shape::String(s), Example::Str(_, chars)) => {
            let short = match s.min_length {
                Some(m) => chars < m,
                None => false,
            };
            let long = match s.max_length {
                Some(m) => chars > m,
                None => false,
            };
            if !short && !long {
                return true;
            }
            msg.push("this `example` is ");
            msg.push_u64(chars);
            msg.push(if chars == 1 {
                " character long, but the field's type accepts strings of "
            } else {
                " characters long, but the field's type accepts strings of "
            });
            push_length(msg, s.min_length, s.max_length);
            false
        }
        (Shape::Named(named), _) => named_fits(&named.body, example, msg),
        _ => {
            push_kind(msg, example);
            push_accepts(msg, shape);
            false
        }
    }
}

const fn named_fits(body: &'static crate::shape::Body, example: Example, msg: &mut Msg) -> bool {
    use crate::shape::Body;
    match body {
        // Behind a function pointer: not known at compile time.
        Body::Newtype(_) | Body::Transparent(_) => true,
        Body::Convert(c) => match c.input {
            Some(_) => true,
            None => named_fits(&c.body, example, msg),
        },
        Body::Enum(_) | Body::Packed(_) if EnumView::of(body).is_some() => {
            enum_fits(body, example, msg)
        }
        Body::Enum(_) | Body::Struct(_) | Body::Packed(_) => {
            push_kind(msg, example);
            msg.push("objects");
            push_no_literal(msg);
            false
        }
        Body::Tuple(_) => {
            push_kind(msg, example);
            msg.push("arrays");
            push_no_literal(msg);
            false
        }
        Body::Unit => {
            push_kind(msg, example);
            msg.push("only `null`");
            push_no_literal(msg);
            false
        }
    }
}

/// A literal fits an enum when serde reads it as one of the variants: the
/// name of a unit variant of an externally tagged enum (or any string with
/// a `#[serde(other)]` variant); an untagged newtype variant may take
/// anything (its shape is behind a function pointer). Every other variant
/// is an object, an array or `null`.
const fn enum_fits(body: &'static crate::shape::Body, example: Example, msg: &mut Msg) -> bool {
    let Some(view) = EnumView::of(body) else {
        return false;
    };
    let external = matches!(view.repr, ReprKind::External);
    let untagged_enum = matches!(view.repr, ReprKind::Untagged);
    let mut names = false;
    let mut variants = view;
    while let Some(v) = variants.next() {
        let untagged = untagged_enum || v.untagged;
        if untagged {
            if matches!(v.content, Content::Newtype) {
                return true;
            }
            continue;
        }
        if !external || !matches!(v.content, Content::Unit) {
            continue;
        }
        names = true;
        if let Example::Str(s, _) = example
            && (v.other || v.named(s))
        {
            return true;
        }
    }
    push_kind(msg, example);
    if !names {
        msg.push("objects or `null` (the enum's variants)");
        push_no_literal(msg);
        return false;
    }
    msg.push("the names of its unit variants: ");
    let mut first = true;
    let mut variants = view;
    while let Some(v) = variants.next() {
        let name = match (v.de_name, v.ser_name) {
            (Some(n), _) | (None, Some(n)) => n,
            (None, None) => continue,
        };
        if !matches!(v.content, Content::Unit) || v.untagged {
            continue;
        }
        if !first {
            msg.push(", ");
        }
        first = false;
        msg.push("\"");
        msg.push(name);
        msg.push("\"");
    }
    false
}

/// "this `example` is a string, but the field's type accepts ".
const fn push_kind(msg: &mut Msg, example: Example) {
    msg.push(match example {
        Example::Str(..) => "this `example` is a string",
        Example::Number(_) => "this `example` is a number",
        Example::Bool => "this `example` is a boolean",
    });
    msg.push(", but the field's type accepts ");
}

/// What a shape without a nested choice accepts.
const fn push_accepts(msg: &mut Msg, shape: &Shape) {
    match shape {
        Shape::Bool => msg.push("`true` or `false`"),
        Shape::Number => msg.push("numbers"),
        Shape::Integer(r) => push_int_range(msg, r),
        Shape::String(s) => {
            msg.push("strings");
            if s.min_length.is_some() || s.max_length.is_some() {
                msg.push(" of ");
                push_length(msg, s.min_length, s.max_length);
            }
        }
        Shape::Null => {
            msg.push("only `null`");
            push_no_literal(msg);
        }
        Shape::Seq(_) | Shape::Tuple(_) => {
            msg.push("arrays");
            push_no_literal(msg);
        }
        Shape::Map(_) => {
            msg.push("objects");
            push_no_literal(msg);
        }
        Shape::Any | Shape::Option(_) | Shape::Named(_) => msg.push("other values"),
    }
}

const fn push_no_literal(msg: &mut Msg) {
    msg.push(
        ", which no `example` literal (a string, a character, a number or `true`/`false`) can be; \
         leave `example` out, or describe the value in the doc comment",
    );
}

/// "integers from 0 to 255".
const fn push_int_range(msg: &mut Msg, r: &crate::shape::IntRange) {
    msg.push(if r.nonzero {
        "non-zero integers"
    } else {
        "integers"
    });
    let min = match r.min {
        // `NonZeroU*`: from 1.
        Some(0) if r.nonzero => Some(1),
        other => other,
    };
    if let Some(min) = min {
        msg.push(" from ");
        msg.push_i64(min);
    }
    if let Some(max) = r.max {
        msg.push(if min.is_some() { " to " } else { " up to " });
        msg.push_u64(max);
    }
}

/// "exactly 1 character", "1 to 10 characters", "at least 3 characters".
const fn push_length(msg: &mut Msg, min: Option<u64>, max: Option<u64>) {
    let last = match (min, max) {
        (Some(a), Some(b)) if a == b => {
            msg.push("exactly ");
            a
        }
        (Some(a), Some(b)) => {
            msg.push_u64(a);
            msg.push(" to ");
            b
        }
        (Some(a), None) => {
            msg.push("at least ");
            a
        }
        (None, Some(b)) => {
            msg.push("at most ");
            b
        }
        (None, None) => {
            msg.push("any length");
            return;
        }
    };
    msg.push_u64(last);
    msg.push(if last == 1 {
        " character"
    } else {
        " characters"
    });
}

mod header_field;
mod msg;

pub use header_field::*;
use msg::Msg;
