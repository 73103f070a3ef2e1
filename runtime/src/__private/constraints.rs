//! Declared constraints (`length`, `range`, `items(..)`, `values(..)`):
//! the traits that say which field types take which, asserted where the
//! field is declared, with their impls for std types.

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
