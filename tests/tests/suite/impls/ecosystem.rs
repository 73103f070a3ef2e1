//! Types from the crates tool authors use (issue 15), each behind its cargo
//! feature: indexmap, smallvec, arrayvec, either, rust_decimal, bigdecimal,
//! bytes, semver, jiff, time, smol_str, compact_str, ordered-float,
//! chrono-tz, serde_bytes, and serde_with's adapters.
//!
//! The judge is the same as everywhere: the `jsonschema` crate with formats
//! asserted against the real crate's serde, on mutated documents (input
//! agrees, output holds for everything serde writes) and on documents at
//! the edges. Where a crate's own features change its wire format
//! (rust_decimal, bigdecimal, time) the schema is probed at first render;
//! the probe tests pin what this build's features give.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::{Duration, SystemTime};
use toolform::__private::shape_of;
use toolform::ToolSchema;
use toolform::shape::{Body, Field, Named, Shape, Struct};
use toolform_tests::agreement::{self, Limit, Report, validator};

// ------------------------------------------------------------------ helpers

fn reads<T: DeserializeOwned>(doc: &Value) -> bool {
    serde_json::from_value::<T>(doc.clone()).is_ok()
}

/// Every document of `docs` on which `T`'s input schema and serde differ.
fn input_disagreements<T: ToolSchema + DeserializeOwned>(docs: &[Value]) -> Vec<String> {
    let input = validator(T::input_schema());
    docs.iter()
        .filter_map(|doc| {
            let schema = input.is_valid(doc);
            let serde = serde_json::from_value::<T>(doc.clone());
            (schema != serde.is_ok()).then(|| {
                format!(
                    "{doc}: schema {}, serde {}",
                    if schema { "accepts" } else { "rejects" },
                    match &serde {
                        Ok(_) => "accepts".to_string(),
                        Err(e) => format!("rejects ({e})"),
                    }
                )
            })
        })
        .collect()
}

/// Documents the input schema admits and serde refuses (never allowed).
fn overclaims<T: ToolSchema + DeserializeOwned>(docs: &[Value]) -> Vec<String> {
    let input = validator(T::input_schema());
    docs.iter()
        .filter(|doc| input.is_valid(doc) && !reads::<T>(doc))
        .map(|doc| format!("{doc}: the schema admits it, serde refuses it"))
        .collect()
}

fn assert_outputs<T: ToolSchema + Serialize>(values: &[T]) {
    let failures = agreement::check_outputs(values);
    assert!(
        failures.is_empty(),
        "{}: {failures:#?}\n{:#}",
        std::any::type_name::<T>(),
        T::output_schema()
    );
}

fn at_path(d: &agreement::Disagreement) -> Option<&Value> {
    d.mutant.doc.pointer(&d.mutant.path)
}

// ----------------------------------------------------------- documented gaps

/// Parsers that read more strings than the input schema advertises: the
/// schema admits a subset (never a string serde refuses).
const READS_MORE_STRINGS: Limit = Limit {
    name: "parser reads more strings",
    reason: "jiff, semver, rust_decimal and bigdecimal read forms the input pattern does not \
             advertise (friendly durations, dates inside date-times, `x` requirements, `_` \
             separators); the schema advertises a strict subset",
    applies: |d| d.serde_accepts && !d.schema_accepts && at_path(d).is_some_and(Value::is_string),
};

/// Numbers read that no shape can bound: a `Decimal` from a float, a
/// float-seconds duration.
const READS_MORE_NUMBERS: Limit = Limit {
    name: "numbers without bounds",
    reason: "rust_decimal reads numbers with a fraction up to about 7.9e28, and serde_with's \
             float durations read any number they can round; the shape model bounds integers \
             only, so the schema advertises integers within a range every one of which is read",
    applies: |d| d.serde_accepts && !d.schema_accepts && at_path(d).is_some_and(Value::is_number),
};

/// time's `[year, ordinal]`: day 366 exists in leap years only.
const COMMON_YEAR_ORDINAL: Limit = Limit {
    name: "ordinal of a common year",
    reason: "time reads day 366 of a leap year only; a schema cannot tell leap years apart \
             (the \"calendar in a pattern\" gap, for arrays)",
    applies: |d| {
        d.schema_accepts
            && !d.serde_accepts
            && d.serde_error
                .as_deref()
                .is_some_and(|e| e.starts_with("invalid ordinal"))
    },
};

const ECOSYSTEM_LIMITS: &[Limit] = &[READS_MORE_STRINGS, READS_MORE_NUMBERS, COMMON_YEAR_ORDINAL];

// ---------------------------------------------------------------- the corpus

#[derive(Serialize, Deserialize, ToolSchema)]
struct Collections {
    map: indexmap::IndexMap<String, u8>,
    keys: indexmap::IndexMap<u16, bool>,
    set: indexmap::IndexSet<i8>,
    small: smallvec::SmallVec<[u8; 2]>,
    bounded: arrayvec::ArrayVec<bool, 2>,
    name: arrayvec::ArrayString<8>,
    choice: either::Either<u8, String>,
    nested: Option<either::Either<Vec<u8>, bool>>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Numbers {
    price: rust_decimal::Decimal,
    big: bigdecimal::BigDecimal,
    ordered: ordered_float::OrderedFloat<f64>,
    finite: ordered_float::NotNan<f64>,
    single: ordered_float::OrderedFloat<f32>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Texts {
    smol: smol_str::SmolStr,
    compact: compact_str::CompactString,
    version: semver::Version,
    req: semver::VersionReq,
    zone: chrono_tz::Tz,
}

/// Time zone names as map keys (inline rendering only: the `$defs`
/// rendering drops `propertyNames` for an enum key, a renderer gap reported
/// separately).
#[derive(Serialize, Deserialize, ToolSchema)]
struct Zones {
    zones: std::collections::HashMap<chrono_tz::Tz, u8>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Bytes {
    bytes: bytes::Bytes,
    bytes_mut: bytes::BytesMut,
    buf: serde_bytes::ByteBuf,
    pair: serde_bytes::ByteArray<2>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Jiff {
    at: jiff::Timestamp,
    zoned: jiff::Zoned,
    day: jiff::civil::Date,
    clock: jiff::civil::Time,
    local: jiff::civil::DateTime,
    elapsed: jiff::SignedDuration,
    span: jiff::Span,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Time {
    at: time::OffsetDateTime,
    local: time::PrimitiveDateTime,
    day: time::Date,
    clock: time::Time,
    elapsed: time::Duration,
}

struct Case {
    name: &'static str,
    run: fn(&'static str) -> Result<Report, String>,
    defs: fn() -> usize,
}

macro_rules! cases {
    ($($name:ident: $ty:ty => [$($seed:tt),* $(,)?];)*) => {
        const CASES: &[Case] = &[$(Case {
            name: stringify!($name),
            run: |name| agreement::run_case::<$ty>(name, &[$(json!($seed)),*], ECOSYSTEM_LIMITS),
            defs: || agreement::check_defs_equivalent::<$ty>(&[$(json!($seed)),*]),
        }),*];
    };
}

cases! {
    collections: Collections => [
        {"map": {"a": 1, "b": 2}, "keys": {"7": true}, "set": [1, -1], "small": [1, 2, 3],
         "bounded": [true], "name": "abc", "choice": {"Left": 1}, "nested": {"Right": false}},
        {"map": {}, "keys": {}, "set": [], "small": [], "bounded": [false, true], "name": "",
         "choice": {"Right": "x"}, "nested": null},
    ];
    array_string: arrayvec::ArrayString<4> => ["abcd", "é"];
    numbers: Numbers => [
        {"price": "1.5", "big": "12.5e3", "ordered": 1.5, "finite": -2, "single": 0.5},
        {"price": 7, "big": 1e300, "ordered": 0, "finite": 1e300, "single": 3},
    ];
    decimal: rust_decimal::Decimal => ["-0.0001", 12];
    big_decimal: bigdecimal::BigDecimal => ["1E-7", 0.5];
    texts: Texts => [
        {"smol": "s", "compact": "", "version": "1.2.3-alpha.1+build.5", "req": ">=1.2, <2",
         "zone": "America/New_York"},
        {"smol": "é", "compact": "c", "version": "0.0.0", "req": "*", "zone": "Etc/GMT+5"},
    ];
    version: semver::Version => ["18446744073709551615.0.0-0a.b-c+001"];
    version_req: semver::VersionReq => ["=1.2.3", "^0.1, <0.1.5"];
    bytes: Bytes => [
        {"bytes": [1, 255], "bytes_mut": "héllo", "buf": [], "pair": [0, 1]},
        {"bytes": "", "bytes_mut": [0], "buf": "x", "pair": "ab"},
    ];
    jiff: Jiff => [
        {"at": "2024-01-01T10:00:00Z", "zoned": "2024-01-01T10:00:00[+05:00]", "day": "2024-02-29",
         "clock": "23:59:60.123", "local": "0000-01-01 00:00", "elapsed": "-PT1H2M3.5S",
         "span": "P1Y2M3W4DT5H6M7.008009S"},
        {"at": "9998-12-31t23:59:59.999999999+23:59", "zoned": "0000-01-01T00:00[-23:59]",
         "day": "0000-01-01", "clock": "00:00", "local": "9999-12-31T23:59:59.999999999",
         "elapsed": "PT0S", "span": "-PT1.5S"},
    ];
    time: Time => [
        {"at": [2024, 60, 10, 30, 0, 5, 1, 30, 0], "local": [-9999, 1, 0, 0, 0, 0],
         "day": [9999, 365], "clock": [23, 59, 59, 999999999], "elapsed": [-5, -3]},
        {"at": [1970, 1, 0, 0, 0, 0, -25, 59, -59], "local": [2024, 366, 23, 59, 59, 1],
         "day": [2024, 366], "clock": [0, 0, 0, 0], "elapsed": [1, -5]},
    ];
}

#[test]
fn agreement_corpus() {
    let mut failures = Vec::new();
    let (mut documents, mut accepted, mut outputs) = (0, 0, 0);
    let mut documented: BTreeMap<&str, usize> = BTreeMap::new();
    for case in CASES {
        match (case.run)(case.name) {
            Ok(report) => {
                documents += report.documents;
                accepted += report.accepted;
                outputs += report.outputs;
                for (limit, _) in &report.documented {
                    *documented.entry(limit).or_default() += 1;
                }
            }
            Err(e) => failures.push(e),
        }
    }
    println!(
        "{} types, {documents} documents ({accepted} accepted by serde), {outputs} outputs checked, \
         documented limits: {documented:?}",
        CASES.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    for limit in [
        "parser reads more strings",
        "numbers without bounds",
        "ordinal of a common year",
    ] {
        assert!(
            documented.contains_key(limit),
            "{limit} is never reached: {documented:?}"
        );
    }
}

#[test]
fn defs_rendering_is_equivalent() {
    let n: usize = CASES.iter().map(|c| (c.defs)()).sum();
    assert!(n > 1000, "{n}");
}

// ------------------------------------------------------------------ probes

/// This build turns on no wire-changing feature of rust_decimal, bigdecimal
/// or time: the probes find strings, numbers-and-strings, and arrays.
#[test]
fn probes_follow_this_build() {
    use rust_decimal::Decimal;
    // rust_decimal: written as a string, read from strings and numbers.
    assert_eq!(
        serde_json::to_value(Decimal::new(15, 1)).ok(),
        Some(json!("1.5"))
    );
    assert_eq!(Decimal::output_schema()["type"], "string");
    let input = Decimal::input_schema().to_string();
    assert!(
        input.contains("\"integer\"") && input.contains("\"string\""),
        "{input}"
    );
    // bigdecimal: a string out, strings and numbers in.
    assert_eq!(bigdecimal::BigDecimal::output_schema()["type"], "string");
    assert!(
        bigdecimal::BigDecimal::input_schema()
            .to_string()
            .contains("\"number\"")
    );
    // time: arrays (no `serde-human-readable` here).
    assert_eq!(
        serde_json::to_value(time::Date::MIN).ok(),
        Some(json!([-9999, 1]))
    );
    assert_eq!(time::Date::input_schema()["type"], "array");
    assert_eq!(time::Date::output_schema()["type"], "array");
    assert_eq!(
        time::Date::output_schema()["prefixItems"][0]["minimum"],
        -9999
    );
    assert_eq!(
        time::Date::output_schema()["prefixItems"][0]["maximum"],
        9999
    );
}

// ------------------------------------------------------------ edge documents

#[test]
fn decimal_edges() {
    use rust_decimal::Decimal;
    let docs = [
        json!("79228162514264337593543950335"),
        json!("9999999999999999999999999999"),
        json!("9999999999999999999999999999.99999999999999999999999999999"),
        json!("0.0000000000000000000000000000000000000001"),
        json!("-0"),
        json!("-"),
        json!(""),
        json!(" 1"),
        json!("1e29"),
        json!(i64::MIN),
        json!(u64::MAX),
        json!(1e300),
        json!(null),
    ];
    assert!(
        overclaims::<Decimal>(&docs).is_empty(),
        "{:?}",
        overclaims::<Decimal>(&docs)
    );
    assert_outputs(&[
        Decimal::MAX,
        Decimal::MIN,
        Decimal::ZERO,
        Decimal::new(-1, 28),
        Decimal::new(5, 3),
    ]);
    // The documented gaps, pinned: read by rust_decimal, not advertised.
    for d in [
        json!(1.5),
        json!("+1"),
        json!("1_000"),
        json!(".5"),
        json!("1e5"),
    ] {
        assert!(reads::<Decimal>(&d), "{d}");
        assert!(!validator(Decimal::input_schema()).is_valid(&d), "{d}");
    }
}

#[test]
fn bigdecimal_edges() {
    use bigdecimal::BigDecimal;
    let docs = [
        json!("1e999999999"),
        json!("-1.5E-999999999"),
        json!("00.5"),
        json!("."),
        json!("e5"),
        json!("1e"),
    ];
    assert!(
        overclaims::<BigDecimal>(&docs).is_empty(),
        "{:?}",
        overclaims::<BigDecimal>(&docs)
    );
    let values: Vec<BigDecimal> = [
        "1e100",
        "1e-100",
        "-0.0000001",
        "123456789012345678901234567890.5",
        "0",
    ]
    .iter()
    .filter_map(|s| s.parse().ok())
    .collect();
    assert_eq!(values.len(), 5);
    assert_outputs(&values);
}

/// `ArrayString<N>` holds N bytes; the pattern admits what surely fits.
#[test]
fn array_string_counts_bytes() {
    type S4 = arrayvec::ArrayString<4>;
    let docs: Vec<Value> = [
        "",
        "abcd",
        "abcde",
        "éé",
        "ééé",
        "é",
        "aé",
        "😀",
        "😀a",
        "€",
        "€€",
        "\u{7f}\u{7f}\u{7f}\u{7f}",
    ]
    .iter()
    .map(|s| json!(s))
    .collect();
    assert!(
        overclaims::<S4>(&docs).is_empty(),
        "{:?}",
        overclaims::<S4>(&docs)
    );
    for s in ["abcd", "éé", "😀", "\u{7f}\u{7f}\u{7f}\u{7f}"] {
        assert!(validator(S4::input_schema()).is_valid(&json!(s)), "{s}");
    }
    // Fits in 4 bytes, not advertised (mixed widths).
    assert!(reads::<S4>(&json!("a€")) && !validator(S4::input_schema()).is_valid(&json!("a€")));
    let written: Vec<S4> = ["éé", "😀", "abcd"]
        .iter()
        .filter_map(|s| S4::from(s).ok())
        .collect();
    assert_outputs(&written);
    assert_eq!(S4::output_schema()["maxLength"], 4);
}

#[test]
fn byte_buffers() {
    // serde_json writes bytes as numbers, reads strings too.
    assert_eq!(
        serde_json::to_value(bytes::Bytes::from_static(b"hi")).ok(),
        Some(json!([104, 105]))
    );
    let docs = [
        json!("héllo"),
        json!([0, 255]),
        json!([256]),
        json!([-1]),
        json!(null),
        json!({}),
        json!([1.5]),
    ];
    assert!(input_disagreements::<bytes::Bytes>(&docs).is_empty());
    assert!(input_disagreements::<serde_bytes::ByteBuf>(&docs).is_empty());
    type Pair = serde_bytes::ByteArray<2>;
    let docs = [
        json!("ab"),
        json!("é"),
        json!("abc"),
        json!([1, 2]),
        json!([1]),
        json!([1, 2, 3]),
    ];
    assert!(overclaims::<Pair>(&docs).is_empty());
    assert!(reads::<Pair>(&json!("é")), "two bytes, one character");
    assert_outputs(&[Pair::new([0, 255])]);
}

#[test]
fn semver_edges() {
    let versions = [
        "1.2.3",
        "0.0.0",
        "01.2.3",
        "1.2.3-alpha.01",
        "1.2.3-alpha.1+build.01",
        "v1.2.3",
        "1.2",
        "1.2.3-",
        "1.2.3+",
        "1.2.3-a..b",
        "9999999999999999999.0.0",
        "1.2.3-0a",
        "1.2.3-00",
        "1.2.3-a_b",
        "1.2.3+00",
        "1.2.3-x-y",
        "1.2.3-99999999999999999999",
        " 1.2.3",
        "1.2.3 ",
    ];
    let docs: Vec<Value> = versions.iter().map(|s| json!(s)).collect();
    assert!(
        input_disagreements::<semver::Version>(&docs).is_empty(),
        "{:#?}",
        input_disagreements::<semver::Version>(&docs)
    );
    let reqs = [
        ">=1, <2",
        "*",
        "^1",
        "~1.2",
        "=1.2.3-alpha",
        ">= 1.2.3",
        "<1.2.3-rc.1+b",
        "=1.2.3, ^2",
        "^1,<2",
        "1.*",
        "x",
        "",
        "1.2.3 || 2",
        ">=1.2.3 <2",
        "^01",
        "=1.2.3-",
        ">=1.2.3-01",
        ">1, <2, >=3, <=4, ~5, ^6, =7",
    ];
    let docs: Vec<Value> = reqs.iter().map(|s| json!(s)).collect();
    assert!(
        overclaims::<semver::VersionReq>(&docs).is_empty(),
        "{:#?}",
        overclaims::<semver::VersionReq>(&docs)
    );
    let written: Vec<semver::VersionReq> = reqs.iter().filter_map(|s| s.parse().ok()).collect();
    assert!(written.len() > 10);
    assert_outputs(&written);
}

#[test]
fn chrono_tz_names() {
    let schema = chrono_tz::Tz::input_schema();
    let names = schema["enum"].as_array().map(Vec::len).unwrap_or(0);
    assert_eq!(names, chrono_tz::TZ_VARIANTS.len());
    let docs: Vec<Value> = chrono_tz::TZ_VARIANTS
        .iter()
        .map(|tz| json!(tz.name()))
        .chain([
            json!("america/new_york"),
            json!("Mars/Olympus"),
            json!(""),
            json!("UTC "),
        ])
        .collect();
    assert!(input_disagreements::<chrono_tz::Tz>(&docs).is_empty());
    assert_outputs(&chrono_tz::TZ_VARIANTS);
    let report = agreement::run_case::<Zones>(
        "zones",
        &[
            json!({"zones": {"UTC": 1, "Europe/Paris": 2}}),
            json!({"zones": {}}),
        ],
        ECOSYSTEM_LIMITS,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(report.outputs > 5, "{report:?}");
}

#[test]
fn ordered_floats() {
    use ordered_float::NotNan;
    // NotNan holds infinities, which serde_json writes as null: the output
    // schema must admit null.
    let inf = NotNan::new(f64::INFINITY).ok();
    assert_eq!(serde_json::to_value(inf).ok(), Some(json!(null)));
    assert_outputs(&[NotNan::new(f64::INFINITY).unwrap_or_default()]);
    let docs = [json!(1), json!(1.5), json!(null), json!("1")];
    assert!(input_disagreements::<NotNan<f64>>(&docs).is_empty());
}

/// jiff at the ends of its ranges: the output patterns admit what it writes;
/// the input patterns admit only what it reads.
#[test]
fn jiff_edges() {
    use jiff::{SignedDuration, Span, Timestamp, civil};
    assert_outputs(&[Timestamp::MIN, Timestamp::MAX, Timestamp::UNIX_EPOCH]);
    assert_outputs(&[civil::Date::MIN, civil::Date::MAX]);
    assert_outputs(&[civil::DateTime::MIN, civil::DateTime::MAX]);
    assert_outputs(&[civil::Time::MIN, civil::Time::MAX]);
    assert_outputs(&[
        SignedDuration::MIN,
        SignedDuration::MAX,
        SignedDuration::ZERO,
    ]);
    let spans: Vec<Span> = [
        "P19998Y",
        "-P239976M",
        "P1043497W",
        "P7304484D",
        "PT175307616H",
        "PT10518456960M",
        "PT631107417600S",
        "PT0.000000001S",
        "P1Y2M3W4DT5H6M7.123S",
    ]
    .iter()
    .filter_map(|s| s.parse().ok())
    .collect();
    assert_eq!(spans.len(), 9);
    assert_outputs(&spans);
    let zoned: Vec<jiff::Zoned> = [
        "2024-01-01T10:00:00[+05:30]",
        "-009999-01-02T00:00:00[-23:59]",
    ]
    .iter()
    .filter_map(|s| s.parse().ok())
    .collect();
    assert_eq!(zoned.len(), 2);
    assert_outputs(&zoned);
    let timestamps = [
        "9998-12-31T23:59:59Z",
        "0000-01-01T00:00:00+23:59",
        "9998-12-31T23:59:60.999999999-23:59",
        "2024-01-01T10:00:00.1234567891Z",
        "9999-12-31T00:00:00Z",
        "2024-01-01T24:00:00Z",
        "2024-01-01T10:00:00",
    ];
    let docs: Vec<Value> = timestamps.iter().map(|s| json!(s)).collect();
    assert!(
        overclaims::<Timestamp>(&docs).is_empty(),
        "{:?}",
        overclaims::<Timestamp>(&docs)
    );
    let durations = [
        "PT999999999999999H999999999999999M999999999999999.999999999S",
        "-PT1S",
        "PT",
        "P1D",
        "PT1.5H",
    ];
    let docs: Vec<Value> = durations.iter().map(|s| json!(s)).collect();
    assert!(
        overclaims::<SignedDuration>(&docs).is_empty(),
        "{:?}",
        overclaims::<SignedDuration>(&docs)
    );
    let spans = [
        "P9999Y99999M999999W999999DT99999999H9999999999M99999999999.999999999S",
        "P",
        "PT",
        "P1.5D",
        "-P1Y",
    ];
    let docs: Vec<Value> = spans.iter().map(|s| json!(s)).collect();
    assert!(
        overclaims::<Span>(&docs).is_empty(),
        "{:?}",
        overclaims::<Span>(&docs)
    );
    // Zoned with an IANA name needs a time zone database, which this build
    // has not: not advertised.
    let named = json!("2024-01-01T10:00:00+00:00[UTC]");
    assert!(!validator(jiff::Zoned::input_schema()).is_valid(&named));
}

/// time's arrays: ranges, lengths, mixed signs; day 366 of a common year is
/// the one gap.
#[test]
fn time_edges() {
    use time::{
        Date, Duration as TimeDuration, OffsetDateTime, PrimitiveDateTime, Time as Clock, UtcOffset,
    };
    assert_outputs(&[Date::MIN, Date::MAX]);
    assert_outputs(&[PrimitiveDateTime::MIN, PrimitiveDateTime::MAX]);
    assert_outputs(&[Clock::MIDNIGHT, Clock::MAX]);
    assert_outputs(&[
        TimeDuration::MIN,
        TimeDuration::MAX,
        TimeDuration::new(-5, -3),
    ]);
    let offsets: Vec<OffsetDateTime> = [(25, 59, 59), (-25, -59, -59), (0, 0, 0), (-1, -5, -3)]
        .into_iter()
        .filter_map(|(h, m, s)| UtcOffset::from_hms(h, m, s).ok())
        .map(|o| OffsetDateTime::UNIX_EPOCH.replace_offset(o))
        .collect();
    assert_eq!(offsets.len(), 4);
    assert_outputs(&offsets);
    let docs = [
        json!([2024, 366]),
        json!([10000, 1]),
        json!([-10000, 1]),
        json!([2024, 0]),
        json!([2024, 1, 3]),
        json!([2024]),
        json!("2024-01-01"),
    ];
    assert!(input_disagreements::<Date>(&docs).is_empty());
    // The calendar gap: the schema cannot know 2023 is not a leap year.
    let common = json!([2023, 366]);
    assert!(validator(Date::input_schema()).is_valid(&common) && !reads::<Date>(&common));
    let docs = [
        json!([i64::MAX, 999999999]),
        json!([i64::MIN, -999999999]),
        json!([1, 1000000000]),
        json!([1, -5]),
    ];
    assert!(input_disagreements::<TimeDuration>(&docs).is_empty());
}

// -------------------------------------------------------------- serde_with

/// A temperature serde_with reads through `f64` (`FromInto`).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Celsius(f64);
impl From<f64> for Celsius {
    fn from(v: f64) -> Self {
        Celsius(v)
    }
}
impl From<Celsius> for f64 {
    fn from(c: Celsius) -> Self {
        c.0
    }
}

/// What `#[serde_as(as = "..")]` expands to: `#[serde(with = "As::<..>")]`.
#[derive(Serialize, Deserialize)]
struct Adapted {
    #[serde(with = "serde_with::As::<serde_with::DisplayFromStr>")]
    port: u16,
    #[serde(with = "serde_with::As::<serde_with::DisplayFromStr>")]
    delta: i8,
    #[serde(with = "serde_with::As::<serde_with::DisplayFromStr>")]
    flag: bool,
    #[serde(with = "serde_with::As::<serde_with::DisplayFromStr>")]
    ratio: f64,
    #[serde(with = "serde_with::As::<serde_with::DisplayFromStr>")]
    id: uuid::Uuid,
    #[serde(with = "serde_with::As::<serde_with::DurationSeconds<u64>>")]
    timeout: Duration,
    #[serde(with = "serde_with::As::<serde_with::DurationSeconds<String>>")]
    timeout_text: Duration,
    #[serde(with = "serde_with::As::<serde_with::DurationMilliSeconds<f64>>")]
    timeout_ms: Duration,
    #[serde(with = "serde_with::As::<serde_with::TimestampSeconds<i64>>")]
    at: SystemTime,
    #[serde(with = "serde_with::As::<serde_with::TimestampSeconds<String>>")]
    at_text: SystemTime,
    #[serde(with = "serde_with::As::<serde_with::NoneAsEmptyString>")]
    nick: Option<u8>,
    #[serde(with = "serde_with::As::<serde_with::OneOrMany<serde_with::Same>>")]
    tags: Vec<String>,
    #[serde(
        with = "serde_with::As::<serde_with::OneOrMany<serde_with::DisplayFromStr, serde_with::formats::PreferMany>>"
    )]
    ports: Vec<u16>,
    #[serde(with = "serde_with::As::<serde_with::BoolFromInt>")]
    enabled: bool,
    #[serde(with = "serde_with::As::<serde_with::BoolFromInt<serde_with::formats::Flexible>>")]
    loose: bool,
    #[serde(with = "serde_with::As::<serde_with::base64::Base64>")]
    blob: Vec<u8>,
    #[serde(
        with = "serde_with::As::<serde_with::base64::Base64<serde_with::base64::UrlSafe, serde_with::formats::Unpadded>>"
    )]
    blob_url: Vec<u8>,
    #[serde(with = "serde_with::As::<serde_with::BytesOrString>")]
    raw: Vec<u8>,
    #[serde(with = "serde_with::As::<serde_with::FromInto<f64>>")]
    temperature: Celsius,
    #[serde(with = "serde_with::As::<serde_with::DefaultOnNull<serde_with::DisplayFromStr>>")]
    level: u8,
    #[serde(with = "serde_with::As::<Vec<serde_with::DisplayFromStr>>")]
    codes: Vec<u8>,
    #[serde(with = "serde_with::As::<Option<serde_with::DisplayFromStr>>")]
    maybe: Option<i32>,
}

/// A field read and written through adapter `A` (what the derive will emit).
const fn adapted(name: &'static str, shape: fn() -> &'static Shape) -> Field {
    Field {
        rust_name: name,
        ser_name: Some(name),
        de_name: Some(name),
        shape,
        ser_shape: shape,
        deserialize_with: true,
        ..Field::BASE
    }
}

macro_rules! as_shape {
    ($adapter:ty, $field:ty) => {
        shape_of::<serde_with::As<($adapter, $field)>>
    };
}

/// The shape the derive is to write for `Adapted`, by hand: each field's
/// shape is `<As<(Adapter, FieldType)> as ToolSchema>::SHAPE`.
impl ToolSchema for Adapted {
    const SHAPE: &'static Shape = &Shape::Named(&Named {
        type_name: std::any::type_name::<Adapted>,
        title: None,
        description: None,
        body: Body::Struct(&Struct {
            fields: &[
                adapted("port", as_shape!(serde_with::DisplayFromStr, u16)),
                adapted("delta", as_shape!(serde_with::DisplayFromStr, i8)),
                adapted("flag", as_shape!(serde_with::DisplayFromStr, bool)),
                adapted("ratio", as_shape!(serde_with::DisplayFromStr, f64)),
                adapted("id", as_shape!(serde_with::DisplayFromStr, uuid::Uuid)),
                adapted(
                    "timeout",
                    as_shape!(serde_with::DurationSeconds<u64>, Duration),
                ),
                adapted(
                    "timeout_text",
                    as_shape!(serde_with::DurationSeconds<String>, Duration),
                ),
                adapted(
                    "timeout_ms",
                    as_shape!(serde_with::DurationMilliSeconds<f64>, Duration),
                ),
                adapted(
                    "at",
                    as_shape!(serde_with::TimestampSeconds<i64>, SystemTime),
                ),
                adapted(
                    "at_text",
                    as_shape!(serde_with::TimestampSeconds<String>, SystemTime),
                ),
                adapted("nick", as_shape!(serde_with::NoneAsEmptyString, Option<u8>)),
                adapted(
                    "tags",
                    as_shape!(serde_with::OneOrMany<serde_with::Same>, Vec<String>),
                ),
                adapted(
                    "ports",
                    as_shape!(
                        serde_with::OneOrMany<serde_with::DisplayFromStr, serde_with::formats::PreferMany>,
                        Vec<u16>
                    ),
                ),
                adapted("enabled", as_shape!(serde_with::BoolFromInt, bool)),
                adapted(
                    "loose",
                    as_shape!(serde_with::BoolFromInt<serde_with::formats::Flexible>, bool),
                ),
                adapted("blob", as_shape!(serde_with::base64::Base64, Vec<u8>)),
                adapted(
                    "blob_url",
                    as_shape!(
                        serde_with::base64::Base64<serde_with::base64::UrlSafe, serde_with::formats::Unpadded>,
                        Vec<u8>
                    ),
                ),
                adapted("raw", as_shape!(serde_with::BytesOrString, Vec<u8>)),
                adapted("temperature", as_shape!(serde_with::FromInto<f64>, Celsius)),
                adapted(
                    "level",
                    as_shape!(serde_with::DefaultOnNull<serde_with::DisplayFromStr>, u8),
                ),
                adapted("codes", as_shape!(Vec<serde_with::DisplayFromStr>, Vec<u8>)),
                adapted(
                    "maybe",
                    as_shape!(Option<serde_with::DisplayFromStr>, Option<i32>),
                ),
            ],
            deny_unknown_fields: false,
        }),
    });
}

#[test]
fn serde_with_adapters_agree_on_mutants() {
    let seeds = [
        json!({
            "port": "8080", "delta": "-5", "flag": "true", "ratio": "1.5",
            "id": "67e55044-10b1-426f-9247-bb680e5fe0c8", "timeout": 30, "timeout_text": "+007",
            "timeout_ms": 1500, "at": -5, "at_text": "1700000000", "nick": "", "tags": "one",
            "ports": ["80", "443"], "enabled": 1, "loose": 7, "blob": "aGVsbG8=", "blob_url": "aGVsbG8",
            "raw": "hi", "temperature": 21.5, "level": null, "codes": ["1", "02"], "maybe": null,
        }),
        json!({
            "port": "065535", "delta": "-128", "flag": "false", "ratio": "-2e3",
            "id": "{67E55044-10B1-426F-9247-BB680E5FE0C8}", "timeout": 0, "timeout_text": "0",
            "timeout_ms": 0, "at": 1700000000, "at_text": "-1", "nick": "7", "tags": ["a", "b"],
            "ports": "1", "enabled": 0, "loose": 0, "blob": "", "blob_url": "QQ",
            "raw": [1, 2], "temperature": -3, "level": "9", "codes": [], "maybe": "-2147483648",
        }),
    ];
    let report = agreement::run_case::<Adapted>("serde_with", &seeds, ECOSYSTEM_LIMITS)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(report.outputs > 100, "{report:?}");
    // PreferOne writes one tag alone; PreferMany always an array.
    let value: Adapted = serde_json::from_value(seeds[0].clone()).unwrap_or_else(|e| panic!("{e}"));
    let written = serde_json::to_value(&value).unwrap_or_default();
    assert_eq!(written["tags"], json!("one"));
    assert_eq!(written["timeout_text"], json!("7"));
    let value: Adapted = serde_json::from_value(seeds[1].clone()).unwrap_or_else(|e| panic!("{e}"));
    let written = serde_json::to_value(&value).unwrap_or_default();
    assert_eq!(written["ports"], json!(["1"]));
}

/// `DisplayFromStr` on integers: the pattern is exactly what `FromStr`
/// reads, over the whole range and past it; what `Display` writes, the
/// output pattern admits.
#[test]
fn display_from_str_integers_are_exact() {
    fn check<T>(edges: &[i128])
    where
        T: std::str::FromStr + std::fmt::Display + ToolSchema,
    {
        let shape = <serde_with::As<(serde_with::DisplayFromStr, T)> as ToolSchema>::SHAPE;
        let input =
            validator(&toolform::render(shape, toolform::Contract::Input).expect("no dialect"));
        let output =
            validator(&toolform::render(shape, toolform::Contract::Output).expect("no dialect"));
        let mut texts: Vec<String> = vec![
            "".into(),
            "+".into(),
            "-".into(),
            "-0".into(),
            "+0".into(),
            "00".into(),
            "1 ".into(),
            "0x1".into(),
        ];
        for e in edges {
            for n in [e - 1, *e, e + 1, e / 10, e * 10 + 9] {
                texts.push(n.to_string());
                texts.push(format!("+{n}"));
                texts.push(format!("00{n}"));
                texts.push(format!("-00{}", n.unsigned_abs()));
            }
        }
        for text in &texts {
            let parsed = text.parse::<T>();
            assert_eq!(
                input.is_valid(&json!(text)),
                parsed.is_ok(),
                "{} {text:?}",
                std::any::type_name::<T>()
            );
            if let Ok(v) = parsed {
                let written = json!(v.to_string());
                assert!(
                    output.is_valid(&written),
                    "{} writes {written}",
                    std::any::type_name::<T>()
                );
            }
        }
    }
    let edges: Vec<i128> = vec![
        0,
        1,
        9,
        10,
        99,
        100,
        127,
        128,
        255,
        256,
        999,
        1000,
        32767,
        65535,
        65536,
        i128::from(i32::MAX),
        i128::from(u32::MAX),
        i128::from(i64::MAX),
        i128::from(u64::MAX),
        -1,
        -128,
        -129,
        i128::from(i64::MIN),
    ];
    check::<u8>(&edges);
    check::<i8>(&edges);
    check::<u16>(&edges);
    check::<i32>(&edges);
    check::<u64>(&edges);
    check::<i64>(&edges);
    check::<std::num::NonZeroU8>(&edges);
    check::<std::num::NonZeroI16>(&edges);
}

/// The adapters' schemas, pinned where the wire is a fixed form.
#[test]
fn serde_with_shapes() {
    type Hook<A, T> = serde_with::As<(A, T)>;
    assert_eq!(
        Hook::<serde_with::BoolFromInt, bool>::input_schema(),
        &json!({"type": "integer", "minimum": 0, "maximum": 1})
    );
    assert_eq!(
        Hook::<serde_with::DisplayFromStr, bool>::input_schema(),
        &json!({"type": "string", "pattern": "^(true|false)$"})
    );
    // A type whose own wire form is a string keeps its schema.
    assert_eq!(
        Hook::<serde_with::DisplayFromStr, uuid::Uuid>::output_schema(),
        uuid::Uuid::output_schema()
    );
    assert_eq!(
        Hook::<serde_with::Same, Vec<u8>>::input_schema(),
        Vec::<u8>::input_schema()
    );
    assert_eq!(
        Hook::<serde_with::FromInto<u16>, Celsius>::input_schema(),
        u16::input_schema()
    );
    // base64: canonical strings only (the base64 crate refuses stray bits).
    type B64 = Hook<serde_with::base64::Base64, Vec<u8>>;
    #[derive(Deserialize)]
    struct Blob(#[serde(with = "serde_with::As::<serde_with::base64::Base64>")] Vec<u8>);
    for text in [
        "", "QQ==", "QR==", "QUI=", "QUJ=", "QUJD", "QQ", "Q===", "QQ=", "QUI", "QUI==", "QQ===",
        "a-_b", "QUJDRA", "=", "QUJD=",
    ] {
        let ok = serde_json::from_value::<Blob>(json!(text))
            .map(|b| b.0.len())
            .is_ok();
        assert_eq!(
            validator(B64::input_schema()).is_valid(&json!(text)),
            ok,
            "{text}"
        );
    }
}
