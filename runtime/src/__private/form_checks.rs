//! The compile-time checks `#[derive(ElicitForm)]` places at the attribute
//! at fault: each field type fits the keys it is given (`assert_*`, a trait
//! bound with `#[diagnostic::on_unimplemented]` saying what applies), and a
//! literal `default` or `range` fits the field (`form_*`, a `const` that
//! panics with the reason). Named `form_*` beside the `ToolSchema` checks
//! (`check_range`, ...) and no longer than the paths they replaced.

use crate::elicit::form::const_has_option;
use crate::elicit::{FieldKind, FormValue};
use crate::elicit::{MultiField, NumberField, SelectField, TextField};
use crate::shape::{Bound, int_in_range, int_range_meets};

/// `length(..)` and `format` on a text field.
pub const fn assert_text<T: TextField + ?Sized>() {}
/// `range(..)` on a number field.
pub const fn assert_number<T: NumberField + ?Sized>() {}
/// `min_items`/`max_items` on a multi-select field.
pub const fn assert_multi<T: MultiField + ?Sized>() {}
/// `enum_names` on a select field.
pub const fn assert_select<T: SelectField + ?Sized>() {}
/// A text `default`: the field holds text, or a select with that option.
pub const fn form_default_str<T: FormValue + ?Sized>(value: &str) {
    match &T::KIND {
        FieldKind::String { .. } => {}
        FieldKind::Select(shape) => {
            if !const_has_option(shape, value) {
                panic!("this `default` is not one of the enum's options (the names serde reads)");
            }
        }
        _ => panic!("this `default` is a string, but the field does not hold text or a select"),
    }
}

/// A number `default`: the field holds a number, within its integer type.
pub const fn form_default_number<T: FormValue + ?Sized>(value: Bound) {
    match &T::KIND {
        FieldKind::Number => {}
        FieldKind::Integer(_) if matches!(value, Bound::Float(_)) => {
            panic!("this `default` has a fraction, but the field holds an integer")
        }
        FieldKind::Integer(range) => {
            if !int_in_range(range, value) {
                panic!("this `default` is outside the range of the field's integer type")
            }
        }
        _ => panic!("this `default` is a number, but the field does not hold a number"),
    }
}

/// `#[elicit(range(..))]` on an integer field: each bound must lie within
/// the field's type.
pub const fn form_range<T: FormValue + ?Sized>(min: Option<Bound>, max: Option<Bound>) {
    if let FieldKind::Integer(range) = &T::KIND {
        if let Some(min) = min
            && !int_range_meets(range, Some(min), Some(min))
        {
            panic!(
                "this `range(min = ..)` is outside the range of the field's integer type: \
                 serde never reads such a value"
            )
        }
        if let Some(max) = max
            && !int_range_meets(range, Some(max), Some(max))
        {
            panic!(
                "this `range(max = ..)` is outside the range of the field's integer type: \
                 serde never reads such a value"
            )
        }
    }
}

/// A text `default` must fit the length the field's type itself allows
/// (`char`: one character).
pub const fn form_default_chars<T: FormValue + ?Sized>(chars: u64) {
    if let FieldKind::String {
        min_length,
        max_length,
        ..
    } = &T::KIND
    {
        let short = match min_length {
            Some(m) => chars < *m,
            None => false,
        };
        let long = match max_length {
            Some(m) => chars > *m,
            None => false,
        };
        if short || long {
            panic!(
                "this `default` does not have the length the field's type allows (a `char` is one character)"
            )
        }
    }
}

/// A boolean `default`: the field is a boolean.
pub const fn form_default_bool<T: FormValue + ?Sized>() {
    if !matches!(&T::KIND, FieldKind::Boolean) {
        panic!("this `default` is a boolean, but the field is not a boolean");
    }
}
