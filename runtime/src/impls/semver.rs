//! semver (feature `semver`): `Version` and `VersionReq`, both strings.
//!
//! `Version` is read and written as SemVer 2.0 text, for which semver.org
//! gives a regular expression; the schema uses it with numbers of at most 19
//! digits (all within `u64`, which semver enforces; 20-digit numbers up to
//! `u64::MAX` are read and not advertised). semver also refuses leading
//! zeros in numeric pre-release identifiers, as the regex does, and writes
//! what it read.
//!
//! `VersionReq` is written in semver's normal form: comparators joined by
//! `", "`, each an operator and a partial version, or `*`. The input schema
//! advertises that form with optional spaces around the operators and commas
//! (semver also reads wildcards in other places, `x`/`X`, and bare
//! versions, each taken as `^`).

use crate::ToolSchema;
use crate::shape::{Shape, StringShape};

/// A numeric identifier within `u64`.
macro_rules! num {
    () => {
        "(0|[1-9][0-9]{0,18})"
    };
}
/// A pre-release identifier (semver keeps numeric ones as text: no bound).
macro_rules! pre_id {
    () => {
        "(0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*)"
    };
}
/// `-pre+build`, both optional.
macro_rules! pre_build {
    () => {
        concat!(
            r"(-",
            pre_id!(),
            r"(\.",
            pre_id!(),
            r")*)?(\+[0-9a-zA-Z-]+(\.[0-9a-zA-Z-]+)*)?"
        )
    };
}
/// A full version.
macro_rules! version {
    () => {
        concat!(num!(), r"\.", num!(), r"\.", num!(), pre_build!())
    };
}

/// SemVer 2.0 (semver.org's regex, numbers within `u64`).
const VERSION: &str = concat!("^", version!(), "$");

/// One comparator as semver writes it: an operator and a version, or a
/// partial version with a trailing wildcard.
macro_rules! comparator_out {
    () => {
        concat!(
            r"(=|>|>=|<|<=|~|\^)?(",
            num!(),
            r"(\.",
            num!(),
            r"(\.",
            num!(),
            pre_build!(),
            r")?)?|",
            num!(),
            r"\.\*|",
            num!(),
            r"\.",
            num!(),
            r"\.\*)"
        )
    };
}
/// What semver writes for a `VersionReq`.
const REQ_OUTPUT: &str = concat!(
    r"^(\*|",
    comparator_out!(),
    "(, ",
    comparator_out!(),
    ")*)$"
);

/// One comparator as the input schema advertises it.
macro_rules! comparator_in {
    () => {
        concat!(
            r"(=|>|>=|<|<=|~|\^) *",
            num!(),
            r"(\.",
            num!(),
            r"(\.",
            num!(),
            pre_build!(),
            r")?)?"
        )
    };
}
/// What the input schema advertises for a `VersionReq`.
const REQ_INPUT: &str = concat!(
    r"^(\*|",
    comparator_in!(),
    "( *, *",
    comparator_in!(),
    ")*)$"
);

impl ToolSchema for semver::Version {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        input_pattern: Some(VERSION),
        output_pattern: Some(VERSION),
        ..StringShape::ANY
    });
}

impl ToolSchema for semver::VersionReq {
    const SHAPE: &'static Shape = &Shape::String(StringShape {
        input_pattern: Some(REQ_INPUT),
        output_pattern: Some(REQ_OUTPUT),
        ..StringShape::ANY
    });
}
