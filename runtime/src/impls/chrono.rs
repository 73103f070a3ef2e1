//! chrono's types, as chrono's own serde impls write and read them.
//!
//! What chrono writes, over its whole range (`NaiveDate::MIN` is
//! `-262143-01-01`, `NaiveDate::MAX` is `+262142-12-31`):
//!
//! - years 0 to 9999 as four digits, earlier years as `-` and at least four
//!   digits (`-0001`), later years as `+` and at least five (`+10000`);
//! - a leap second as second `60` in any minute (`10:30:60.5`: chrono keeps
//!   leap seconds as a nanosecond count of 1e9 or more, at any `:59`);
//! - a fraction of 3, 6 or 9 digits, or none;
//! - `DateTime` offsets as `Z` (zero) or `±hh:mm`, the seconds of a
//!   `FixedOffset` rounded to the minute, so an offset within 30 seconds of
//!   ±24h is written `+24:00` (which chrono itself then refuses to read).
//!
//! RFC 3339 (`format: date-time`, `format: date`) has none of the extended
//! years, and allows `:60` only at 23:59 UTC. So the output schemas carry a
//! `pattern` for all of the above and no `format`.
//!
//! What chrono reads:
//!
//! - `DateTime<Tz>`: every RFC 3339 date-time, and a relaxed superset (spaces,
//!   unpadded fields, an offset without colon, signed years). The input schema
//!   is `format: date-time`, which chrono always accepts; the superset is not
//!   advertised.
//! - `NaiveDate`: `format: date` on input, the same way.
//! - `NaiveTime`, `NaiveDateTime`: no offset, so no `format` fits (`time` and
//!   `date-time` require one). The input `pattern` is chrono's own grammar:
//!   one or two digits per field (up to four for an unsigned year),
//!   whitespace before any field and around the
//!   separators, any number of fraction digits, a sign on the year (with any
//!   number of leading zeros) only within chrono's range. Whitespace is
//!   `[^\S\uFEFF]`: Rust's whitespace, which chrono skips, is ECMA-262's `\s`
//!   without U+FEFF and with U+0085, so the schema leaves U+0085 out (chrono
//!   reads it; the schema does not advertise it) and never admits U+FEFF,
//!   which chrono rejects. Days per month are not in the pattern (the
//!   documented "calendar in a pattern" gap).

use crate::ToolSchema;
use crate::shape::{Shape, StringShape};
use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, TimeZone};

/// Whitespace chrono skips (`str::trim_start`), as far as ECMA-262 can say it.
macro_rules! ws {
    () => {
        r"[^\S\uFEFF]*"
    };
}
/// A year as chrono's parser reads it: up to four digits unsigned, or signed
/// with any number of digits whose value is within `NaiveDate::MIN..=MAX`.
macro_rules! year_in {
    () => {
        concat!(
            r"([0-9]{1,4}",
            r"|\+0*([0-9]{1,5}|1[0-9]{5}|2[0-5][0-9]{4}|26[01][0-9]{3}|2620[0-9]{2}|2621[0-3][0-9]|26214[0-2])",
            r"|-0*([0-9]{1,5}|1[0-9]{5}|2[0-5][0-9]{4}|26[01][0-9]{3}|2620[0-9]{2}|2621[0-3][0-9]|26214[0-3]))",
        )
    };
}
/// A year as chrono writes it.
macro_rules! year_out {
    () => {
        r"([0-9]{4}|-[0-9]{4,6}|\+[0-9]{5,6})"
    };
}
/// `-MM-DD` as chrono writes it.
macro_rules! month_day_out {
    () => {
        r"-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
    };
}
/// `hh:mm:ss[.fff]` as chrono writes it (leap second `60`).
macro_rules! time_out {
    () => {
        r"([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{3}|\.[0-9]{6}|\.[0-9]{9})?"
    };
}

/// What chrono's `NaiveTime::from_str` accepts: `H:M[:S[.f]]`, one or two
/// digits each, whitespace around components.
const NAIVE_TIME_INPUT: &str = concat!(
    "^",
    ws!(),
    r"([01]?[0-9]|2[0-3])",
    ws!(),
    ":",
    ws!(),
    r"[0-5]?[0-9](",
    ws!(),
    ":",
    ws!(),
    r"([0-5]?[0-9]|60)(\.[0-9]+)?)?",
    ws!(),
    "$"
);
/// What chrono writes for a `NaiveTime`.
const NAIVE_TIME_OUTPUT: &str = concat!("^", time_out!(), "$");
/// What chrono's `NaiveDateTime::from_str` accepts.
const NAIVE_DATE_TIME_INPUT: &str = concat!(
    "^",
    ws!(),
    year_in!(),
    ws!(),
    "-",
    ws!(),
    r"(0?[1-9]|1[0-2])",
    ws!(),
    "-",
    ws!(),
    r"(0?[1-9]|[12][0-9]|3[01])",
    ws!(),
    "T",
    ws!(),
    r"([01]?[0-9]|2[0-3])",
    ws!(),
    ":",
    ws!(),
    r"[0-5]?[0-9]",
    ws!(),
    ":",
    ws!(),
    r"([0-5]?[0-9]|60)(\.[0-9]+)?",
    ws!(),
    "$"
);
/// What chrono writes for a `NaiveDateTime`.
const NAIVE_DATE_TIME_OUTPUT: &str =
    concat!("^", year_out!(), month_day_out!(), "T", time_out!(), "$");
/// What chrono writes for a `NaiveDate`.
const NAIVE_DATE_OUTPUT: &str = concat!("^", year_out!(), month_day_out!(), "$");
/// What chrono writes for a `DateTime<Tz>` (RFC 3339 with `Z` for a zero
/// offset, extended years, leap seconds anywhere, offsets up to `24:00`).
const DATE_TIME_OUTPUT: &str = concat!(
    "^",
    year_out!(),
    month_day_out!(),
    "T",
    time_out!(),
    r"(Z|[+-](([01][0-9]|2[0-3]):[0-5][0-9]|24:00))$"
);

impl<Tz: TimeZone> ToolSchema for DateTime<Tz> {
    const SHAPE: &'static Shape = by_direction!(
        "chrono::DateTime",
        input: StringShape {
            format: Some("date-time"),
            ..StringShape::ANY
        },
        output: StringShape {
            output_pattern: Some(DATE_TIME_OUTPUT),
            ..StringShape::ANY
        },
    );
}
impl ToolSchema for NaiveDate {
    const SHAPE: &'static Shape = by_direction!(
        "chrono::NaiveDate",
        input: StringShape {
            format: Some("date"),
            ..StringShape::ANY
        },
        output: StringShape {
            output_pattern: Some(NAIVE_DATE_OUTPUT),
            ..StringShape::ANY
        },
    );
}
impl ToolSchema for NaiveTime {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        input_pattern: Some(NAIVE_TIME_INPUT),
        output_pattern: Some(NAIVE_TIME_OUTPUT),
        ..StringShape::ANY
    });
}
impl ToolSchema for NaiveDateTime {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        input_pattern: Some(NAIVE_DATE_TIME_INPUT),
        output_pattern: Some(NAIVE_DATE_TIME_OUTPUT),
        ..StringShape::ANY
    });
}
