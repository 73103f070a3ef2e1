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

/// `#[schema(range(..))]` on an integer field: the bounds must leave a
/// value of the field's type (`range(min = 300)` on `u8` leaves none).
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

/// `inner`: the range is on the items or values of the field.
const fn check_range_in(shape: &Shape, min: Option<Bound>, max: Option<Bound>, inner: bool) {
    match shape {
        Shape::Integer(r) => {
            if !int_range_meets(r, min, None) {
                if inner {
                    panic!(
                        "this `range(min = ..)` is above the largest value of the items' (or \
                         values') integer type: no value could satisfy it"
                    );
                }
                panic!(
                    "this `range(min = ..)` is above the largest value of the field's integer \
                     type: no value could satisfy it"
                );
            }
            if !int_range_meets(r, None, max) {
                if inner {
                    panic!(
                        "this `range(max = ..)` is below the smallest value of the items' (or \
                         values') integer type: no value could satisfy it"
                    );
                }
                panic!(
                    "this `range(max = ..)` is below the smallest value of the field's integer \
                     type: no value could satisfy it"
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

/// A message built during const evaluation, where `format!` is not
/// available. A piece that no longer fits is left out, and the message
/// ends in "...".
struct Msg {
    buf: [u8; 640],
    len: usize,
    cut: bool,
}

impl Msg {
    /// Room kept for the "..." of a cut message.
    const RESERVE: usize = 3;

    const fn new() -> Msg {
        Msg {
            buf: [0; 640],
            len: 0,
            cut: false,
        }
    }

    const fn push(&mut self, s: &str) {
        let bytes = s.as_bytes();
        if self.cut || self.len + bytes.len() + Msg::RESERVE > self.buf.len() {
            self.cut = true;
            return;
        }
        let mut i = 0;
        while i < bytes.len() {
            self.buf[self.len + i] = bytes[i];
            i += 1;
        }
        self.len += bytes.len();
    }

    const fn push_u64(&mut self, mut n: u64) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        let (_, digits) = digits.split_at(at);
        match core::str::from_utf8(digits) {
            Ok(s) => self.push(s),
            Err(_) => self.cut = true,
        }
    }

    const fn push_i64(&mut self, n: i64) {
        if n < 0 {
            self.push("-");
        }
        self.push_u64(n.unsigned_abs());
    }

    const fn as_str(&mut self) -> &str {
        if self.cut {
            let mut i = 0;
            while i < Msg::RESERVE {
                self.buf[self.len + i] = b'.';
                i += 1;
            }
            self.len += Msg::RESERVE;
            self.cut = false;
        }
        let (text, _) = self.buf.split_at(self.len);
        match core::str::from_utf8(text) {
            Ok(s) => s,
            Err(_) => "this `example` does not fit the field's type",
        }
    }
}

pub use crate::shape::{HeaderField, HeaderSet, Reach};

/// The largest integer an `x-mcp-header` value may hold, and the negative of
/// the smallest (2^53 − 1, JavaScript's `Number.MAX_SAFE_INTEGER`).
const SAFE: i128 = (1 << 53) - 1;

/// `#[schema(header = "..")]`: the field's wire type `T` must be a string,
/// an integer within ±(2^53 − 1) (the type's range, narrowed by the field's
/// `range(min, max)`), a boolean, or an `Option` of one of these. Evaluated
/// in a `const _` at the annotation.
pub const fn check_header<T: ToolSchema + ?Sized>(min: Option<Bound>, max: Option<Bound>) {
    let mut msg = Msg::new();
    if !header_fits(T::SHAPE, min, max, false, &mut msg) {
        panic!("{}", msg.as_str());
    }
}

const HEADER_TYPES: &str = "a `header` field must be a string, an integer within \
    ±(2^53 − 1), a boolean, or an `Option` of one of these (MCP 2026-07-28, \
    `x-mcp-header`)";

/// Whether `shape` can carry an `x-mcp-header`; if not, `msg` says why.
const fn header_fits(
    shape: &Shape,
    min: Option<Bound>,
    max: Option<Bound>,
    in_option: bool,
    msg: &mut Msg,
) -> bool {
    match shape {
        Shape::String(_) | Shape::Bool => true,
        Shape::Integer(r) => {
            // Safe when the type's own bound or the declared one is.
            let low = match (r.min, min) {
                (Some(m), _) if m as i128 >= -SAFE => true,
                (_, Some(b)) => bound_at_least(b, -SAFE),
                _ => false,
            };
            let high = match (r.max, max) {
                (Some(m), _) if m as i128 <= SAFE => true,
                (_, Some(b)) => bound_at_most(b, SAFE),
                _ => false,
            };
            if low && high {
                return true;
            }
            msg.push(HEADER_TYPES);
            msg.push("; this integer type reaches ");
            msg.push(match (low, high) {
                (false, false) => "below −(2^53 − 1) and above 2^53 − 1",
                (false, true) => "below −(2^53 − 1)",
                _ => "above 2^53 − 1",
            });
            msg.push(
                ", which a JavaScript client cannot carry exactly: narrow it with \
                 `#[schema(range(min = .., max = ..))]` within ±9007199254740991, or use a \
                 smaller integer type",
            );
            false
        }
        Shape::Option(inner) if !in_option => header_fits(inner, min, max, true, msg),
        Shape::Named(named) => match &named.body {
            body @ (crate::shape::Body::Enum(_) | crate::shape::Body::Packed(_))
                if string_enum(body) =>
            {
                true
            }
            crate::shape::Body::Newtype(_)
            | crate::shape::Body::Transparent(_)
            | crate::shape::Body::Convert(_) => {
                msg.push(HEADER_TYPES);
                msg.push(
                    "; the wire type of this newtype, transparent or converted type is not \
                     visible at compile time: name it on the field with \
                     `#[schema(with = String)]` (or the integer or `bool` it is written as)",
                );
                false
            }
            _ => {
                msg.push(HEADER_TYPES);
                msg.push(
                    "; this type is an object, an array, `null` or an enum with data (an enum \
                     qualifies when its variants are all unit variants, externally tagged, \
                     not `titled`)",
                );
                false
            }
        },
        Shape::Number => {
            msg.push(HEADER_TYPES);
            msg.push("; this field is a floating-point `number`, which the spec does not allow");
            false
        }
        Shape::Option(_) => {
            msg.push(HEADER_TYPES);
            msg.push("; `Option<Option<..>>` writes `null` for two values, not one");
            false
        }
        _ => {
            msg.push(HEADER_TYPES);
            msg.push("; this field is an array, an object, `null` or any JSON value");
            false
        }
    }
}

/// A unit-only, externally tagged, untitled enum: its input schema is a
/// `string` with an `enum` of names.
const fn string_enum(body: &'static crate::shape::Body) -> bool {
    let Some(mut view) = EnumView::of(body) else {
        return false;
    };
    if !matches!(view.repr, ReprKind::External) || view.titled {
        return false;
    }
    while let Some(v) = view.next() {
        if !matches!(v.content, Content::Unit) || v.untagged {
            return false;
        }
    }
    true
}

const fn bound_at_least(b: Bound, limit: i128) -> bool {
    match b {
        Bound::Int(v) => v as i128 >= limit,
        Bound::UInt(v) => v as i128 >= limit,
        Bound::Float(v) => v >= limit as f64,
    }
}

const fn bound_at_most(b: Bound, limit: i128) -> bool {
    match b {
        Bound::Int(v) => v as i128 <= limit,
        Bound::UInt(v) => v as i128 <= limit,
        Bound::Float(v) => v <= limit as f64,
    }
}

/// `#[schema(header = "..")]` across the structs one input schema reaches
/// through `properties` (flattened, or held as properties, through
/// `Option`, `Box`, `Rc` and `Arc`): `root` is the struct's
/// `__ALL_HEADERS`, and the check is evaluated in a `const _` where the
/// struct is declared (the macro checks a struct's own fields itself).
///
/// - A struct that holds itself is valid where it is the root (its
///   recursion is `{"$ref": "#"}`, and its annotations are the root's); one
///   met again below itself anywhere else goes to `$defs` whole, where no
///   client reads an annotation, so it may reach none.
/// - A struct reached twice (two fields of its type) may reach none: each
///   would be annotated twice.
/// - No two annotations may share a name, compared case-insensitively.
///
/// The walk visits each struct once (see [`HeaderWalk`]), so its cost is
/// linear in the structs reached, however often each is held.
pub const fn check_headers(root: Reach) {
    let walk = HeaderWalk::run(root.get(), true);
    let mut msg = Msg::new();
    match walk.fault {
        HeaderFault::None => return,
        HeaderFault::Recursive(set, a) => {
            msg.push(
                "`x-mcp-header` is valid only on a property reached from the tool's input root \
                 through `properties` alone, but struct `",
            );
            msg.push(set.name);
            msg.push(
                "` holds itself, so where another struct holds it its schema goes to `$defs` \
                 (referenced with `$ref`), where no client reads the annotation, and it reaches `",
            );
            msg.push(a.header);
            msg.push("` on field `");
            push_field(&mut msg, a, false);
            msg.push("`: make it the tool's root type, or drop the header");
        }
        HeaderFault::Twice(set, a) => {
            msg.push("`x-mcp-header` names must be unique, but struct `");
            msg.push(set.name);
            msg.push(
                "` is reached twice in this struct's input schema (two fields of its type), so `",
            );
            msg.push(a.header);
            msg.push("` on field `");
            push_field(&mut msg, a, false);
            msg.push("` would be annotated twice: hold it once, or drop the header");
        }
        HeaderFault::Clash(a, b) => {
            msg.push("`x-mcp-header` names must be unique, compared case-insensitively: `");
            msg.push(a.header);
            msg.push("` on field `");
            // Two structs of one name: their modules tell them apart.
            let full = str_eq(a.owner, b.owner) && str_eq(a.field, b.field);
            push_field(&mut msg, a, full);
            msg.push("` and `");
            msg.push(b.header);
            msg.push("` on field `");
            push_field(&mut msg, b, full);
            msg.push(
                "` both end up in this struct's input schema (flattened or held as plain fields)",
            );
        }
    }
    panic!("{}", msg.as_str());
}

/// How many structs one walk keeps apart (a tool's input schema reaching
/// more distinct structs is checked up to here, and by `headers::check` on
/// its schema).
const WALK_SLOTS: usize = 256;
/// How deep one walk goes (structs held inside structs).
const WALK_DEPTH: usize = 64;
/// How many annotations one walk compares.
const WALK_NAMES: usize = 64;

/// What a [`HeaderWalk`] found wrong (the first fault).
#[derive(Clone, Copy)]
enum HeaderFault {
    None,
    /// A struct met again below itself, not the root, that reaches this
    /// annotation.
    Recursive(&'static HeaderSet, &'static HeaderField),
    /// A struct reached twice that reaches this annotation.
    Twice(&'static HeaderSet, &'static HeaderField),
    /// Two annotations of one name.
    Clash(&'static HeaderField, &'static HeaderField),
}

/// One struct's set in a walk: being walked (on the trail from the root),
/// or done, with what it reaches.
#[derive(Clone, Copy)]
struct Slot {
    /// `HeaderSet::hash`; 0: free.
    hash: u64,
    id: &'static str,
    open: bool,
    /// Met again below itself.
    recursive: bool,
    /// The first annotation it reaches.
    first: Option<&'static HeaderField>,
}

const FREE: Slot = Slot {
    hash: 0,
    id: "",
    open: false,
    recursive: false,
    first: None,
};

/// A set being walked: the next of its `reached` sets, its slot, and the
/// first annotation its walk met.
#[derive(Clone, Copy)]
struct Frame {
    set: &'static HeaderSet,
    next: usize,
    slot: Option<usize>,
    first: Option<&'static HeaderField>,
}

/// A depth-first walk over the sets one struct reaches, each struct's set
/// entered once (kept in a small open-addressed table by its hash), with
/// an explicit stack: no const recursion, and a cost linear in the structs
/// reached however often each is held (a DAG of structs doubling at each
/// level is no exponential walk).
struct HeaderWalk {
    table: [Slot; WALK_SLOTS],
    names: [Option<&'static HeaderField>; WALK_NAMES],
    n_names: usize,
    /// The first annotation reached, if any.
    first: Option<&'static HeaderField>,
    fault: HeaderFault,
}

impl HeaderWalk {
    /// Walks from `root`; `check`: look for faults (else only `first`).
    const fn run(root: &'static HeaderSet, check: bool) -> HeaderWalk {
        let mut walk = HeaderWalk {
            table: [FREE; WALK_SLOTS],
            names: [None; WALK_NAMES],
            n_names: 0,
            first: None,
            fault: HeaderFault::None,
        };
        let empty = Frame {
            set: &HeaderSet::NONE,
            next: 0,
            slot: None,
            first: None,
        };
        let mut stack = [empty; WALK_DEPTH];
        let mut depth = 0;
        match walk.enter(root, check) {
            Enter::Walk(frame) => {
                stack[0] = frame;
                depth = 1;
            }
            Enter::Done(_) | Enter::Skip => {}
        }
        while depth > 0 {
            if check && !matches!(walk.fault, HeaderFault::None) {
                return walk;
            }
            let top = depth - 1;
            let frame = stack[top];
            if frame.next < frame.set.reached.len() {
                stack[top].next += 1;
                let child = frame.set.reached[frame.next].get();
                match walk.enter(child, check) {
                    Enter::Walk(child) if depth < WALK_DEPTH => {
                        stack[depth] = child;
                        depth += 1;
                    }
                    Enter::Walk(child) => {
                        // Too deep to follow: what it holds itself counts.
                        walk.finish(child, root, check);
                        if stack[top].first.is_none() {
                            stack[top].first = child.first;
                        }
                    }
                    Enter::Done(first) => {
                        if stack[top].first.is_none() {
                            stack[top].first = first;
                        }
                    }
                    Enter::Skip => {}
                }
                continue;
            }
            depth -= 1;
            walk.finish(frame, root, check);
            if depth > 0 && stack[depth - 1].first.is_none() {
                stack[depth - 1].first = frame.first;
            }
        }
        walk
    }

    /// Meets `set`: a set to walk (its own annotations taken), one already
    /// walked (what it reaches), or one not to enter (on the trail: a
    /// struct that holds itself; or the table is full).
    const fn enter(&mut self, set: &'static HeaderSet, check: bool) -> Enter {
        let mut slot = None;
        if set.hash != 0 {
            let mut i = (set.hash % WALK_SLOTS as u64) as usize;
            let mut tries = 0;
            while tries < WALK_SLOTS {
                let s = self.table[i];
                if s.hash == 0 {
                    slot = Some(i);
                    break;
                }
                if s.hash == set.hash && str_eq(s.id, set.id) {
                    if s.open {
                        self.table[i].recursive = true;
                        return Enter::Skip;
                    }
                    if check
                        && let Some(a) = s.first
                        && matches!(self.fault, HeaderFault::None)
                    {
                        self.fault = HeaderFault::Twice(set, a);
                    }
                    return Enter::Done(s.first);
                }
                i = (i + 1) % WALK_SLOTS;
                tries += 1;
            }
            if slot.is_none() {
                // More structs than the table holds: not followed.
                return Enter::Skip;
            }
        }
        if let Some(i) = slot {
            self.table[i] = Slot {
                hash: set.hash,
                id: set.id,
                open: true,
                recursive: false,
                first: None,
            };
        }
        let mut first = None;
        let mut k = 0;
        while k < set.own.len() {
            let a = &set.own[k];
            if first.is_none() {
                first = Some(a);
            }
            if check {
                self.name(a);
            }
            k += 1;
        }
        Enter::Walk(Frame {
            set,
            next: 0,
            slot,
            first,
        })
    }

    /// `a` joins the names met; a name met before is a clash.
    const fn name(&mut self, a: &'static HeaderField) {
        let mut i = 0;
        while i < self.n_names {
            if let Some(b) = self.names[i]
                && eq_ignore_ascii_case(a.header, b.header)
                && matches!(self.fault, HeaderFault::None)
            {
                self.fault = HeaderFault::Clash(b, a);
            }
            i += 1;
        }
        if self.n_names < WALK_NAMES {
            self.names[self.n_names] = Some(a);
            self.n_names += 1;
        }
    }

    /// `frame`'s walk is over: a struct met again below itself reaches no
    /// annotation unless it is the root.
    const fn finish(&mut self, frame: Frame, root: &'static HeaderSet, check: bool) {
        if self.first.is_none() {
            self.first = frame.first;
        }
        let Some(i) = frame.slot else {
            return;
        };
        self.table[i].open = false;
        self.table[i].first = frame.first;
        let is_root = frame.set.hash == root.hash && str_eq(frame.set.id, root.id);
        if check
            && self.table[i].recursive
            && !is_root
            && let Some(a) = frame.first
            && matches!(self.fault, HeaderFault::None)
        {
            self.fault = HeaderFault::Recursive(frame.set, a);
        }
    }
}

/// What [`HeaderWalk::enter`] found.
enum Enter {
    Walk(Frame),
    Done(Option<&'static HeaderField>),
    Skip,
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The annotations a container holding `T` puts out of the clients' reach
/// (under items, values or alternatives): `T`'s own when it has some, else
/// those `T` already holds so (`Vec<Vec<S>>`).
pub const fn held<T: ToolSchema + ?Sized>() -> Option<Reach> {
    if HeaderWalk::run(T::__ALL_HEADERS.get(), false)
        .first
        .is_some()
    {
        Some(T::__ALL_HEADERS)
    } else {
        T::__NESTED_HEADERS
    }
}

/// The first of several [`held`] sets (a tuple's items, `Either`'s sides).
pub const fn held_any(sets: &[Option<Reach>]) -> Option<Reach> {
    let mut i = 0;
    while i < sets.len() {
        if let Some(set) = sets[i] {
            return Some(set);
        }
        i += 1;
    }
    None
}

/// A field's type must not hold `x-mcp-header` annotations where no client
/// reads them (`#[schema(header = "..")]`): evaluated for each field whose
/// type holds a type of the program's inside a container.
pub const fn check_not_nested<T: ToolSchema + ?Sized>() {
    if let Some(set) = T::__NESTED_HEADERS {
        nested_panic(
            set.get(),
            "holds it under an array's items, a map's values or alternatives",
        );
    }
}

/// An enum variant's content must not have `x-mcp-header` annotations: a
/// variant is an alternative (`anyOf`/`oneOf`) of the enum's schema.
pub const fn check_not_in_variant<T: ToolSchema + ?Sized>() {
    if let Some(set) = held::<T>() {
        nested_panic(
            set.get(),
            "is an enum variant's content, an alternative (`anyOf`/`oneOf`)",
        );
    }
}

const fn nested_panic(set: &'static HeaderSet, place: &str) -> ! {
    let mut msg = Msg::new();
    msg.push(
        "`x-mcp-header` is valid only on a property reached from the tool's input root \
              through `properties` alone (MCP 2026-07-28; a client drops the whole tool \
              otherwise), but field `",
    );
    if let Some(a) = HeaderWalk::run(set, false).first {
        push_field(&mut msg, a, false);
        msg.push("` has `#[schema(header = \"");
        msg.push(a.header);
        msg.push("\")]` and this field ");
    }
    msg.push(place);
    msg.push(
        ": hold that struct as a plain field (`Option` and `Box` keep it a property), \
              or drop the header",
    );
    panic!("{}", msg.as_str());
}

/// `Owner::field`, or `module::Owner::field` when `full`.
const fn push_field(msg: &mut Msg, f: &HeaderField, full: bool) {
    if full {
        msg.push(f.module);
        msg.push("::");
    }
    msg.push(f.owner);
    msg.push("::");
    msg.push(f.field);
}

const fn eq_ignore_ascii_case(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if !a[i].eq_ignore_ascii_case(&b[i]) {
            return false;
        }
        i += 1;
    }
    true
}
