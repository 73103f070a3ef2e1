//! `rust_decimal::Decimal` (feature `rust_decimal`).
//!
//! rust_decimal's own cargo features choose its wire format, and toolform
//! cannot see them at compile time, so the shape is probed at first render:
//! serde writes `Decimal::new(15, 1)`, and reads `1` and `"1"`, and the
//! answers (cached) pick the shape.
//!
//! - Default, `serde-str`: written as a string, `-?digits(.digits)?` (never
//!   an exponent, never `-0`).
//! - `serde-float`, `serde-arbitrary-precision`: written as a JSON number.
//!
//! Read, by default (and with `serde-float`): a JSON number or a string.
//! Of the numbers the schema advertises the integers `i64::MIN..=u64::MAX`
//! (all read); serde also reads numbers with a fraction, up to about
//! `7.9e28`, which no shape here can bound (the "decimal from a fraction"
//! gap). Of the strings it advertises `-?` and up to 28 digits, optionally a
//! fraction of any length (rounded to 28 places): every such string is read.
//! rust_decimal also reads `+`, `_` separators, `.5`, `5.`, exponents and 29
//! digit values up to `Decimal::MAX`, which are not advertised. With
//! `serde-str` only strings are read.

use crate::__private::type_name;
use crate::ToolSchema;
use crate::shape::{
    Body, Convert, Enum, IntRange, Named, Repr, Shape, StringShape, Variant, VariantBody,
};
use rust_decimal::Decimal;
use serde_json::Value;
use std::sync::OnceLock;

/// What rust_decimal reads: up to 28 integer digits and any fraction.
const INPUT_PATTERN: &str = r"^-?[0-9]{1,28}(\.[0-9]+)?$";
/// What rust_decimal writes as a string.
const OUTPUT_PATTERN: &str = r"^-?(0|[1-9][0-9]*)(\.[0-9]+)?$";

const STRING_IN: &Shape = &Shape::String(StringShape {
    input_pattern: Some(INPUT_PATTERN),
    ..StringShape::ANY
});
const STRING_OUT: &Shape = &Shape::String(StringShape {
    output_pattern: Some(OUTPUT_PATTERN),
    ..StringShape::ANY
});
/// Integers serde_json hands over as `i64` or `u64`: all fit a `Decimal`.
const INTEGER: &Shape = &Shape::Integer(IntRange {
    min: Some(i64::MIN),
    max: Some(u64::MAX),
    nonzero: false,
});

fn string_in() -> &'static Shape {
    STRING_IN
}
fn integer() -> &'static Shape {
    INTEGER
}

/// A string or an integer (untagged: either content alone).
const STRING_OR_INTEGER: &Shape = &Shape::Named(&Named {
    type_name: || "rust_decimal::Decimal (string or integer)",
    title: None,
    description: None,
    body: Body::Enum(&Enum {
        repr: Repr::Untagged,
        variants: &[
            Variant::named("String", VariantBody::Newtype(string_in)),
            Variant::named("Integer", VariantBody::Newtype(integer)),
        ],
        titled: false,
        deny_unknown_fields: false,
    }),
});

/// What serde does with a `Decimal` in this build.
#[derive(Debug, Clone, Copy)]
struct Wire {
    writes_string: bool,
    reads_string: bool,
    reads_number: bool,
}

fn wire() -> Wire {
    static WIRE: OnceLock<Wire> = OnceLock::new();
    *WIRE.get_or_init(|| Wire {
        writes_string: matches!(
            serde_json::to_value(Decimal::new(15, 1)),
            Ok(Value::String(_))
        ),
        reads_string: serde_json::from_value::<Decimal>(Value::from("1")).is_ok(),
        reads_number: serde_json::from_value::<Decimal>(Value::from(1)).is_ok(),
    })
}

fn input() -> &'static Shape {
    let w = wire();
    match (w.reads_string, w.reads_number) {
        (true, true) => STRING_OR_INTEGER,
        (true, false) => STRING_IN,
        (false, true) => INTEGER,
        // Nothing read: no document is accepted.
        (false, false) => &Shape::Named(&Named {
            type_name: || "rust_decimal::Decimal (unreadable)",
            title: None,
            description: None,
            body: Body::Enum(&Enum {
                repr: Repr::Untagged,
                variants: &[],
                titled: false,
                deny_unknown_fields: false,
            }),
        }),
    }
}

fn output() -> &'static Shape {
    if wire().writes_string {
        STRING_OUT
    } else {
        &Shape::Number
    }
}

impl ToolSchema for Decimal {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: type_name::<Decimal>,
        title: None,
        description: None,
        body: Body::Convert(&Convert {
            input: Some(input),
            output: Some(output),
            body: Body::Transparent(input),
        }),
    });
}
