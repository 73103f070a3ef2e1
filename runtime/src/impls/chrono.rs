//! chrono's types, as chrono's own serde impls write and read them.
//!
//! - `DateTime<Tz>`: `format: date-time`. chrono writes RFC 3339. It reads a
//!   relaxed superset (spaces between components, unpadded fields, `UTC`, a
//!   lowercase `t`, an offset without colon): the input schema advertises the
//!   RFC 3339 form only, which chrono always accepts.
//! - `NaiveDate`: `format: date`, with the same relaxation on input.
//! - `NaiveTime`, `NaiveDateTime`: no offset, so no `format` fits (`time` and
//!   `date-time` require one). Each gets a `pattern` for what chrono parses
//!   (input) and what it writes (output).
//!
//! Years outside 0..=9999 are written with a sign (`+10000-01-01`), which no
//! `format` allows; such dates are outside what these schemas describe.

use crate::ToolSchema;
use crate::shape::{Shape, StringShape};
use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, TimeZone};

/// What chrono's `NaiveTime::from_str` accepts: `H:M[:S[.f]]`, one or two
/// digits each, whitespace around components.
const NAIVE_TIME_INPUT: &str =
    r"^\s*([01]?[0-9]|2[0-3])\s*:\s*[0-5]?[0-9](\s*:\s*([0-5]?[0-9]|60)(\.[0-9]+)?)?\s*$";
/// What chrono writes for a `NaiveTime`.
const NAIVE_TIME_OUTPUT: &str =
    r"^([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{3}|\.[0-9]{6}|\.[0-9]{9})?$";
/// What chrono's `NaiveDateTime::from_str` accepts.
const NAIVE_DATE_TIME_INPUT: &str = concat!(
    r"^\s*([+-][0-9]+|[0-9]{1,4})\s*-\s*(0?[1-9]|1[0-2])\s*-\s*(0?[1-9]|[12][0-9]|3[01])\s*",
    r"T\s*([01]?[0-9]|2[0-3])\s*:\s*[0-5]?[0-9]\s*:\s*([0-5]?[0-9]|60)(\.[0-9]+)?\s*$"
);
/// What chrono writes for a `NaiveDateTime`.
const NAIVE_DATE_TIME_OUTPUT: &str = concat!(
    r"^([0-9]{4}|[+-][0-9]{5,})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])",
    r"T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{3}|\.[0-9]{6}|\.[0-9]{9})?$"
);

impl<Tz: TimeZone> ToolSchema for DateTime<Tz> {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        format: Some("date-time"),
        ..StringShape::ANY
    });
}
impl ToolSchema for NaiveDate {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        format: Some("date"),
        ..StringShape::ANY
    });
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
