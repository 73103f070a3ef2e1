//! jiff (feature `jiff`, jiff 0.2): `Timestamp`, `Zoned`,
//! `civil::{Date, Time, DateTime}`, `SignedDuration` and `Span`, all strings
//! (jiff's serde writes `Display` and reads with its parsers).
//!
//! **Output**: exactly the forms jiff writes: years `0000` to `9999` in four
//! digits, earlier years as `-` and six digits (`-009999`), a fraction of at
//! most nine digits with trailing zeros trimmed (the pattern allows any one
//! to nine digits), `Z` for a `Timestamp`, `±hh:mm[:ss]` and a bracketed time
//! zone for a `Zoned` (`2024-01-01T10:00:00+05:00[+05:00]`), ISO 8601
//! durations in upper case (`-PT1H2M3.5S`, `P1Y2M3W4DT5H6M7S`, `PT0S`).
//!
//! **Input**: jiff's parsers read far more than a pattern can check: RFC
//! 9557 annotations, basic formats (`20240101T100000Z`), `,` fractions,
//! lower-case designators, offsets `±hh` and `±hhmm`, `+002024` years, and
//! its "friendly" durations (`1h 30m`, `2 hours`). The input schemas
//! advertise a strict subset, every string of which jiff reads (the
//! "relaxed parser" limit, as for chrono):
//!
//! - `Timestamp`: `YYYY-MM-DD[Tt ]hh:mm[:ss[.f]]` with `Z`/`z` or `±hh:mm`,
//!   years `0000` to `9998` (jiff's range ends at `9999-12-30T22:00Z`), a
//!   leap second `:60` (jiff reads it as `:59`), at most nine fraction
//!   digits (jiff refuses more).
//! - `Zoned`: the same local date-time followed by a fixed-offset time
//!   zone annotation, `[+05:00]`, which needs no time zone database. IANA
//!   names (`[America/New_York]`) are read only when jiff finds a database
//!   at run time (its `tz-system` or bundled features), so they are not
//!   advertised.
//! - `civil::Date`: `format: date`; `civil::DateTime` and `civil::Time`:
//!   patterns without an offset (jiff ignores an offset there and refuses
//!   `Z`). Days per month are not in the patterns (the "calendar in a
//!   pattern" limit).
//! - `SignedDuration`, `Span`: the ISO 8601 form jiff writes, with each unit
//!   bounded in digits so that no advertised value overflows.

use crate::ToolSchema;
use crate::shape::{Body, Convert, Named, Shape, StringShape};

macro_rules! month_day {
    () => {
        r"-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
    };
}
macro_rules! hh {
    () => {
        r"([01][0-9]|2[0-3])"
    };
}
macro_rules! frac {
    () => {
        r"(\.[0-9]{1,9})?"
    };
}
/// A year as jiff writes it.
macro_rules! year_out {
    () => {
        r"(-[0-9]{6}|[0-9]{4})"
    };
}
/// `hh:mm:ss[.f]` as jiff writes it.
macro_rules! time_out {
    () => {
        concat!(hh!(), r":[0-5][0-9]:[0-5][0-9]", frac!())
    };
}
/// `hh:mm[:ss[.f]]` as advertised on input (leap second included).
macro_rules! time_in {
    () => {
        concat!(hh!(), r":[0-5][0-9](:([0-5][0-9]|60)", frac!(), ")?")
    };
}
/// `±hh:mm`.
macro_rules! offset {
    () => {
        concat!("[+-]", hh!(), ":[0-5][0-9]")
    };
}
/// Years `0000` to `9998`, for instants (jiff's range ends in 9999).
macro_rules! instant_year {
    () => {
        r"([0-8][0-9]{3}|9[0-8][0-9]{2}|99[0-8][0-9]|999[0-8])"
    };
}

const TIMESTAMP_IN: &str = concat!(
    "^",
    instant_year!(),
    month_day!(),
    "[Tt ]",
    time_in!(),
    "([Zz]|",
    offset!(),
    ")$"
);
const TIMESTAMP_OUT: &str = concat!("^", year_out!(), month_day!(), "T", time_out!(), "Z$");
const ZONED_IN: &str = concat!(
    "^",
    instant_year!(),
    month_day!(),
    "[Tt]",
    time_in!(),
    r"\[",
    offset!(),
    r"\]$"
);
const ZONED_OUT: &str = concat!(
    "^",
    year_out!(),
    month_day!(),
    "T",
    time_out!(),
    "(Z|",
    offset!(),
    r"(:[0-5][0-9])?)\[[^\]]+\]$"
);
const DATE_OUT: &str = concat!("^", year_out!(), month_day!(), "$");
const DATE_TIME_IN: &str = concat!("^[0-9]{4}", month_day!(), "[Tt ]", time_in!(), "$");
const DATE_TIME_OUT: &str = concat!("^", year_out!(), month_day!(), "T", time_out!(), "$");
const TIME_IN: &str = concat!("^", time_in!(), "$");
const TIME_OUT: &str = concat!("^", time_out!(), "$");

/// Seconds with an optional fraction, bounded in digits.
macro_rules! secs {
    ($digits:literal) => {
        concat!("[0-9]{1,", $digits, "}", frac!(), "S")
    };
}
const SIGNED_DURATION_IN: &str = concat!(
    "^-?PT([0-9]{1,15}H([0-9]{1,15}M)?(",
    secs!("15"),
    ")?|[0-9]{1,15}M(",
    secs!("15"),
    ")?|",
    secs!("15"),
    ")$"
);
const SIGNED_DURATION_OUT: &str = concat!(r"^-?PT([0-9]+H)?([0-9]+M)?([0-9]+", frac!(), "S)?$");
/// The time part of a span: hours, minutes, seconds, in order, at least one.
macro_rules! span_time_in {
    () => {
        concat!(
            "([0-9]{1,8}H([0-9]{1,10}M)?(",
            secs!("11"),
            ")?|[0-9]{1,10}M(",
            secs!("11"),
            ")?|",
            secs!("11"),
            ")"
        )
    };
}
/// The date part of a span: years, months, weeks, days, in order, at least one.
macro_rules! span_date_in {
    () => {
        concat!(
            "([0-9]{1,4}Y([0-9]{1,5}M)?([0-9]{1,6}W)?([0-9]{1,6}D)?",
            "|[0-9]{1,5}M([0-9]{1,6}W)?([0-9]{1,6}D)?",
            "|[0-9]{1,6}W([0-9]{1,6}D)?",
            "|[0-9]{1,6}D)"
        )
    };
}
const SPAN_IN: &str = concat!(
    "^-?P(",
    span_date_in!(),
    "(T",
    span_time_in!(),
    ")?|T",
    span_time_in!(),
    ")$"
);
const SPAN_OUT: &str = concat!(
    r"^-?P([0-9]+Y)?([0-9]+M)?([0-9]+W)?([0-9]+D)?(T([0-9]+H)?([0-9]+M)?([0-9]+",
    frac!(),
    "S)?)?$"
);

/// A string with one pattern per direction.
const fn patterns(input: &'static str, output: &'static str) -> Shape {
    Shape::String(StringShape {
        input_pattern: Some(input),
        output_pattern: Some(output),
        ..StringShape::ANY
    })
}

impl ToolSchema for jiff::Timestamp {
    const SHAPE: &'static Shape = &patterns(TIMESTAMP_IN, TIMESTAMP_OUT);
}
impl ToolSchema for jiff::Zoned {
    const SHAPE: &'static Shape = &patterns(ZONED_IN, ZONED_OUT);
}
const DATE_IN: &Shape = &Shape::String(StringShape {
    format: Some("date"),
    ..StringShape::ANY
});
const DATE_OUT_SHAPE: &Shape = &Shape::String(StringShape {
    output_pattern: Some(DATE_OUT),
    ..StringShape::ANY
});
fn date_in() -> &'static Shape {
    DATE_IN
}
fn date_out() -> &'static Shape {
    DATE_OUT_SHAPE
}

/// `format: date` on input only (jiff writes years no `date` admits), so a
/// conversion with a string per direction; it renders inline.
impl ToolSchema for jiff::civil::Date {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: || "jiff::civil::Date",
        title: None,
        description: None,
        body: Body::Convert(&Convert {
            input: Some(date_in),
            output: Some(date_out),
            body: Body::Transparent(date_in),
        }),
    });
}
impl ToolSchema for jiff::civil::DateTime {
    const SHAPE: &'static Shape = &patterns(DATE_TIME_IN, DATE_TIME_OUT);
}
impl ToolSchema for jiff::civil::Time {
    const SHAPE: &'static Shape = &patterns(TIME_IN, TIME_OUT);
}
impl ToolSchema for jiff::SignedDuration {
    const SHAPE: &'static Shape = &patterns(SIGNED_DURATION_IN, SIGNED_DURATION_OUT);
}
impl ToolSchema for jiff::Span {
    const SHAPE: &'static Shape = &patterns(SPAN_IN, SPAN_OUT);
}
