//! `bigdecimal::BigDecimal` (feature `bigdecimal`).
//!
//! bigdecimal writes its `Display` text: plain digits, or an exponent for
//! large and small magnitudes (`1e+100`, `1E-7`, `1.5E-7`; the case of the
//! `e` is bigdecimal's). It reads any JSON number (serde_json never hands it
//! a NaN) and any string its `FromStr` parses; with its `string-only`
//! feature, strings alone. Whether numbers are read is probed at first
//! render (serde reads `1`, cached).
//!
//! The input schema advertises, of the strings, `[+-]?digits(.digits)?` with
//! an optional exponent of at most nine digits, every one of which bigdecimal
//! reads; it also reads `.5`, `5.`, `_` separators and longer exponents,
//! which are not advertised.

use crate::__private::type_name;
use crate::ToolSchema;
use crate::shape::{Body, Convert, Enum, Named, Repr, Shape, StringShape, Variant, VariantBody};
use bigdecimal::BigDecimal;
use serde_json::Value;
use std::sync::OnceLock;

/// Strings bigdecimal reads (a subset: see the module docs).
const INPUT_PATTERN: &str = r"^[+-]?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]{1,9})?$";
/// What bigdecimal writes.
const OUTPUT_PATTERN: &str = r"^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$";

const STRING_IN: &Shape = &Shape::String(StringShape {
    input_pattern: Some(INPUT_PATTERN),
    ..StringShape::ANY
});
const STRING_OUT: &Shape = &Shape::String(StringShape {
    output_pattern: Some(OUTPUT_PATTERN),
    ..StringShape::ANY
});

fn string_in() -> &'static Shape {
    STRING_IN
}
fn number() -> &'static Shape {
    &Shape::Number
}

/// A string or any number (untagged).
const STRING_OR_NUMBER: &Shape = &Shape::Named(&Named {
    type_name: || "bigdecimal::BigDecimal (string or number)",
    title: None,
    description: None,
    body: Body::Enum(&Enum {
        repr: Repr::Untagged,
        variants: &[
            Variant::named("String", VariantBody::Newtype(string_in)),
            Variant::named("Number", VariantBody::Newtype(number)),
        ],
        titled: false,
        deny_unknown_fields: false,
    }),
});

fn input() -> &'static Shape {
    static READS_NUMBER: OnceLock<bool> = OnceLock::new();
    if *READS_NUMBER.get_or_init(|| serde_json::from_value::<BigDecimal>(Value::from(1)).is_ok()) {
        STRING_OR_NUMBER
    } else {
        STRING_IN
    }
}
fn output() -> &'static Shape {
    STRING_OUT
}

impl ToolSchema for BigDecimal {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: type_name::<BigDecimal>,
        title: None,
        description: None,
        body: Body::Convert(&Convert {
            input: Some(input),
            output: Some(output),
            body: Body::Transparent(input),
        }),
    });
}
