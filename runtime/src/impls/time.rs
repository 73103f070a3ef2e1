//! time (feature `time`, time 0.3): `OffsetDateTime`, `PrimitiveDateTime`,
//! `Date`, `Time`, `Duration`.
//!
//! time's own features choose the wire format, and toolform cannot see them
//! at compile time, so it is probed at first render (cached): serde writes
//! `Date::MIN`, a string or an array; the year range is `Date::MIN..=MAX`
//! (wider with time's `large-dates`).
//!
//! **Without `serde-human-readable`** (time's `serde` alone) every type is a
//! fixed-length array of integers, read and written alike:
//!
//! - `Date`: `[year, ordinal]` (day of the year, 1 to 366);
//! - `Time`: `[hour, minute, second, nanosecond]`;
//! - `PrimitiveDateTime`: `[year, ordinal, hour, minute, second, nanosecond]`;
//! - `OffsetDateTime`: that and `[offset hours, minutes, seconds]` (±25, ±59,
//!   ±59; time reads mixed signs and writes one sign);
//! - `Duration`: `[seconds, nanoseconds]` (an `i64`, and ±999 999 999; time
//!   reads mixed signs and writes one sign).
//!
//! Day 366 of a common year is refused by time and admitted by the schema
//! (the "ordinal of a common year" gap: a schema cannot know leap years).
//!
//! **With `serde-human-readable`** time writes strings in its own formats,
//! not RFC 3339 (`2024-01-01 10:00:00.0 +00:00:00`), and reads those strings
//! or the arrays above. The output patterns follow its format descriptions;
//! of the strings, the input schema advertises four-digit years only.

use super::byte_strings::alternative;
use crate::ToolSchema;
use crate::shape::{Body, Convert, Enum, IntRange, Named, Repr, Shape, StringShape};
use serde_json::Value;
use std::sync::OnceLock;

fn leak<T>(t: T) -> &'static T {
    Box::leak(Box::new(t))
}

const fn int(min: i64, max: u64) -> Shape {
    Shape::Integer(IntRange {
        min: Some(min),
        max: Some(max),
        nonzero: false,
    })
}

const ORDINAL: &Shape = &int(1, 366);
const HOUR: &Shape = &int(0, 23);
const MINUTE: &Shape = &int(0, 59);
const SECOND: &Shape = &int(0, 59);
const NANOSECOND: &Shape = &int(0, 999_999_999);
const OFFSET_HOURS: &Shape = &int(-25, 25);
const OFFSET_MINUTES: &Shape = &int(-59, 59);
const OFFSET_SECONDS: &Shape = &int(-59, 59);
const SECONDS: &Shape = &int(i64::MIN, i64::MAX as u64);
const SIGNED_NANOSECONDS: &Shape = &int(-999_999_999, 999_999_999);

/// Whether time writes strings here (`serde-human-readable`).
fn human_readable() -> bool {
    static HR: OnceLock<bool> = OnceLock::new();
    *HR.get_or_init(|| matches!(serde_json::to_value(time::Date::MIN), Ok(Value::String(_))))
}

/// The array forms, with this build's year range.
struct Arrays {
    date: &'static Shape,
    time: &'static Shape,
    primitive: &'static Shape,
    offset: &'static Shape,
    duration: &'static Shape,
}

fn tuple(items: &[&'static Shape]) -> &'static Shape {
    leak(Shape::Tuple(Box::leak(items.to_vec().into_boxed_slice())))
}

fn arrays() -> &'static Arrays {
    static ARRAYS: OnceLock<Arrays> = OnceLock::new();
    ARRAYS.get_or_init(|| {
        let year = leak(int(
            i64::from(time::Date::MIN.year()),
            u64::try_from(time::Date::MAX.year()).unwrap_or(0),
        ));
        Arrays {
            date: tuple(&[year, ORDINAL]),
            time: tuple(&[HOUR, MINUTE, SECOND, NANOSECOND]),
            primitive: tuple(&[year, ORDINAL, HOUR, MINUTE, SECOND, NANOSECOND]),
            offset: tuple(&[
                year,
                ORDINAL,
                HOUR,
                MINUTE,
                SECOND,
                NANOSECOND,
                OFFSET_HOURS,
                OFFSET_MINUTES,
                OFFSET_SECONDS,
            ]),
            duration: tuple(&[SECONDS, SIGNED_NANOSECONDS]),
        }
    })
}

macro_rules! month_day {
    () => {
        r"-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
    };
}
macro_rules! clock {
    () => {
        r"([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]\.[0-9]{1,9}"
    };
}
macro_rules! offset {
    () => {
        r" [+-]([01][0-9]|2[0-5]):[0-5][0-9]:[0-5][0-9]"
    };
}
/// time's human-readable `Date` (`[year]-[month]-[day]`), as written.
const DATE_OUT: &str = concat!(r"^[+-]?[0-9]{4,6}", month_day!(), "$");
const DATE_IN: &str = concat!(r"^[0-9]{4}", month_day!(), "$");
const TIME: &str = concat!("^", clock!(), "$");
const PRIMITIVE_OUT: &str = concat!(r"^[+-]?[0-9]{4,6}", month_day!(), " ", clock!(), "$");
const PRIMITIVE_IN: &str = concat!(r"^[0-9]{4}", month_day!(), " ", clock!(), "$");
const OFFSET_OUT: &str = concat!(
    r"^[+-]?[0-9]{4,6}",
    month_day!(),
    " ",
    clock!(),
    offset!(),
    "$"
);
const OFFSET_IN: &str = concat!(r"^[0-9]{4}", month_day!(), " ", clock!(), offset!(), "$");
/// `-?seconds.nanoseconds` as time writes it (nine fraction digits).
const DURATION_OUT: &str = r"^-?[0-9]+\.[0-9]{9}$";
/// As advertised on input: seconds within `i64`, one to nine fraction digits.
const DURATION_IN: &str = r"^-?[0-9]{1,18}\.[0-9]{1,9}$";

macro_rules! probed {
    ($($ty:ty => $field:ident, $name:literal, $input:expr, $output:expr;)*) => {$(
        impl ToolSchema for $ty {
            const SHAPE: &'static Shape = {
                /// The human-readable string, as read.
                const STRING_IN: &Shape = &Shape::String(StringShape {
                    input_pattern: Some($input),
                    ..StringShape::ANY
                });
                /// The human-readable string, as written.
                const STRING_OUT: &Shape = &Shape::String(StringShape {
                    output_pattern: Some($output),
                    ..StringShape::ANY
                });
                /// time's human-readable visitor reads the string or the array.
                const EITHER: &Shape = &Shape::Named(&Named {
                    type_name: || concat!($name, " (string or array)"),
                    title: None,
                    description: None,
                    body: Body::Enum(&Enum {
                        repr: Repr::Untagged,
                        variants: &[
                            alternative("String", || STRING_IN),
                            alternative("Array", || arrays().$field),
                        ],
                        titled: false,
                        deny_unknown_fields: false,
                    }),
                });
                fn input() -> &'static Shape {
                    if human_readable() { EITHER } else { arrays().$field }
                }
                fn output() -> &'static Shape {
                    if human_readable() { STRING_OUT } else { arrays().$field }
                }
                &Shape::Named(&Named {
                    type_name: || $name,
                    title: None,
                    description: None,
                    body: Body::Convert(&Convert {
                        input: Some(input),
                        output: Some(output),
                        body: Body::Transparent(input),
                    }),
                })
            };
        }
    )*};
}

probed! {
    time::Date => date, "time::Date", DATE_IN, DATE_OUT;
    time::Time => time, "time::Time", TIME, TIME;
    time::PrimitiveDateTime => primitive, "time::PrimitiveDateTime", PRIMITIVE_IN, PRIMITIVE_OUT;
    time::OffsetDateTime => offset, "time::OffsetDateTime", OFFSET_IN, OFFSET_OUT;
    time::Duration => duration, "time::Duration", DURATION_IN, DURATION_OUT;
}
