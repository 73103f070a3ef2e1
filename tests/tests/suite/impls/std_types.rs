//! ToolSchema for more std types (paths, OS strings, network addresses, time,
//! ranges, `Bound`, `Result`, `Saturating`, atomics, unsized pointers): each
//! shape judged against serde itself, by the agreement corpus (mutated
//! documents, input and output), by documents at the edges, and for the
//! address patterns by a differential run against std's parsers.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::Saturating;
use std::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{
    AtomicBool, AtomicI8, AtomicI16, AtomicI32, AtomicI64, AtomicIsize, AtomicU8, AtomicU16,
    AtomicU32, AtomicU64, AtomicUsize,
};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use toolform::ToolSchema;
use toolform_tests::agreement::{self, Limit, Report};

// ---------------------------------------------------------------- the corpus

#[derive(Serialize, Deserialize, ToolSchema)]
struct Paths {
    path: PathBuf,
    boxed: Box<Path>,
    cow: Cow<'static, Path>,
    maybe: Option<PathBuf>,
}

#[cfg(unix)]
#[derive(Serialize, Deserialize, ToolSchema)]
struct OsStrings {
    os: OsString,
    boxed: Box<OsStr>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Addresses {
    ip: IpAddr,
    v4: Ipv4Addr,
    v6: Ipv6Addr,
    socket: SocketAddr,
    socket_v4: SocketAddrV4,
    socket_v6: SocketAddrV6,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Times {
    timeout: Duration,
    at: SystemTime,
    maybe: Option<Duration>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Ranges {
    half_open: Range<u8>,
    closed: RangeInclusive<i16>,
    from: RangeFrom<u32>,
    to: RangeTo<String>,
    optional_ends: Range<Option<u8>>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Bounds {
    low: Bound<u8>,
    high: Bound<String>,
    nested: Option<Bound<Vec<bool>>>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Results {
    plain: Result<u8, String>,
    nested: Result<Option<bool>, Vec<u16>>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Saturatings {
    a: Saturating<u8>,
    b: Saturating<i8>,
    c: Saturating<u16>,
    d: Saturating<i16>,
    e: Saturating<u32>,
    f: Saturating<i32>,
    g: Saturating<u64>,
    h: Saturating<i64>,
    i: Saturating<usize>,
    j: Saturating<isize>,
    k: Saturating<u128>,
    l: Saturating<i128>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Atomics {
    flag: AtomicBool,
    a: AtomicU8,
    b: AtomicI8,
    c: AtomicU16,
    d: AtomicI16,
    e: AtomicU32,
    f: AtomicI32,
    g: AtomicU64,
    h: AtomicI64,
    i: AtomicUsize,
    j: AtomicIsize,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Unsized {
    boxed_str: Box<str>,
    boxed_slice: Box<[u16]>,
    rc_str: Rc<str>,
    rc_slice: Rc<[String]>,
    arc_str: Arc<str>,
    arc_slice: Arc<[bool]>,
    cow_slice: Cow<'static, [i8]>,
    cow_bytes: Cow<'static, [u8]>,
}

// ------------------------------------------------------------ documented gaps

/// Gaps of the time types: serde compares two fields, a schema cannot.
const CARRY: &[Limit] = &[Limit {
    name: "carry past the maximum",
    reason: "Duration and SystemTime read any u32 as nanoseconds and carry whole seconds into \
             the seconds field; serde refuses the carry when it overflows the seconds (u64::MAX, \
             or i64::MAX for a SystemTime on Unix), which depends on both fields at once",
    applies: |d| {
        d.schema_accepts
            && !d.serde_accepts
            && d.serde_error
                .as_deref()
                .is_some_and(|e| e.contains("overflow deserializing"))
    },
}];

/// A gap of the harness, not of the schema: a dialect that moves `minimum`
/// and `maximum` into the description (Anthropic strict) lets `{"Ok": -1}`
/// through; `agreement::moved_only` recognises a moved keyword by the
/// validator's error path, and under a `oneOf` the validator reports the
/// `oneOf`, not the keyword inside it. Only for the dialect run of `Results`,
/// whose integers are all `u8`/`u16` inside a `Result`.
const MOVED_UNDER_ONE_OF: &[Limit] = &[Limit {
    name: "bound moved out of a oneOf",
    reason: "the dialect moved the integer bounds of a Result's payload into the description; \
             the harness cannot see a moved keyword under a oneOf",
    applies: |d| {
        d.schema_accepts
            && !d.serde_accepts
            && d.serde_error.as_deref().is_some_and(|e| {
                e.starts_with("invalid value: integer `")
                    && (e.ends_with("expected u8") || e.ends_with("expected u16"))
            })
    },
}];

// ---------------------------------------------------------------- the runs

struct Case {
    name: &'static str,
    run: fn(&'static str) -> Result<Report, String>,
    defs: fn() -> usize,
    dialects: fn() -> agreement::DialectReport,
}

macro_rules! cases {
    ($($name:ident: $ty:ty, $limits:expr, $dialect_limits:expr => [$($seed:tt),* $(,)?];)*) => {
        const CASES: &[Case] = &[$(Case {
            name: stringify!($name),
            run: |name| agreement::run_case::<$ty>(name, &[$(json!($seed)),*], $limits),
            defs: || agreement::check_defs_equivalent::<$ty>(&[$(json!($seed)),*]),
            dialects: || agreement::check_dialects_with::<$ty>(&[$(json!($seed)),*], $dialect_limits),
        }),*];
    };
}

cases! {
    paths: Paths, &[], &[] => [
        {"path": "/tmp/a b", "boxed": "rel/x", "cow": "", "maybe": null},
        {"path": "C:\\x", "boxed": "é", "cow": "c", "maybe": "m"},
    ];
    path_buf: PathBuf, &[], &[] => ["/etc/hosts"];
    addresses: Addresses, &[], &[] => [
        {"ip": "1.2.3.4", "v4": "127.0.0.1", "v6": "::1", "socket": "1.2.3.4:80",
         "socket_v4": "10.0.0.1:0", "socket_v6": "[::1]:443"},
        {"ip": "fe80::1", "v4": "255.255.255.255", "v6": "::ffff:1.2.3.4", "socket": "[fe80::1%2]:8080",
         "socket_v4": "1.2.3.4:00080", "socket_v6": "[1:2:3:4:5:6:7:8%4294967295]:65535"},
    ];
    ip_addr: IpAddr, &[], &[] => ["1.2.3.4", "2001:DB8::1"];
    socket_addr: SocketAddr, &[], &[] => ["1.2.3.4:80", "[::]:0"];
    times: Times, CARRY, CARRY => [
        {"timeout": {"secs": 5, "nanos": 0}, "at": {"secs_since_epoch": 1700000000, "nanos_since_epoch": 5}, "maybe": null},
        {"timeout": {"secs": 1, "nanos": 1500000000},
         "at": {"secs_since_epoch": 0, "nanos_since_epoch": 4294967295_u32},
         "maybe": {"secs": 0, "nanos": 1}},
    ];
    duration: Duration, CARRY, CARRY => [{"secs": 1, "nanos": 2}, {"secs": 3, "nanos": 4000000000_u32}];
    system_time: SystemTime, CARRY, CARRY => [{"secs_since_epoch": 1, "nanos_since_epoch": 1000000000}];
    ranges: Ranges, &[], &[] => [
        {"half_open": {"start": 1, "end": 5}, "closed": {"start": -3, "end": 3}, "from": {"start": 7},
         "to": {"end": "z"}, "optional_ends": {"start": null, "end": 4}},
    ];
    range: Range<u8>, &[], &[] => [{"start": 5, "end": 1}];
    bounds: Bounds, &[], &[] => [
        {"low": "Unbounded", "high": {"Included": "x"}, "nested": {"Excluded": [true]}},
        {"low": {"Included": 3}, "high": {"Excluded": ""}, "nested": "Unbounded"},
        {"low": {"Excluded": 255}, "high": "Unbounded", "nested": null},
    ];
    bound: Bound<i32>, &[], &[] => ["Unbounded", {"Included": -1}];
    results: Results, &[], MOVED_UNDER_ONE_OF => [
        {"plain": {"Ok": 1}, "nested": {"Ok": null}},
        {"plain": {"Err": "e"}, "nested": {"Err": [1, 65535]}},
        {"plain": {"Ok": 0}, "nested": {"Ok": true}},
    ];
    result: Result<(), String>, &[], &[] => [{"Ok": null}, {"Err": "no"}];
    saturatings: Saturatings, &[], &[] => [
        {"a": 1, "b": -1, "c": 2, "d": -2, "e": 3, "f": -3, "g": 4, "h": -4, "i": 5, "j": -5, "k": 6, "l": -6},
        {"a": 300, "b": -300, "c": 70000, "d": -70000, "e": -1, "f": 4294967296_u64,
         "g": -9, "h": 18446744073709551615_u64, "i": -1, "j": 18446744073709551615_u64,
         "k": -1, "l": 18446744073709551615_u64},
    ];
    saturating: Saturating<u8>, &[], &[] => [7];
    atomics: Atomics, &[], &[] => [
        {"flag": true, "a": 1, "b": -1, "c": 2, "d": -2, "e": 3, "f": -3, "g": 4, "h": -4, "i": 5, "j": -5},
    ];
    unsized_pointers: Unsized, &[], &[] => [
        {"boxed_str": "b", "boxed_slice": [1, 2], "rc_str": "", "rc_slice": ["x"], "arc_str": "a",
         "arc_slice": [true, false], "cow_slice": [-1], "cow_bytes": [255]},
        {"boxed_str": "", "boxed_slice": [], "rc_str": "r", "rc_slice": [], "arc_str": "",
         "arc_slice": [], "cow_slice": [], "cow_bytes": []},
    ];
}

#[cfg(unix)]
const UNIX_CASES: &[Case] = &[
    Case {
        name: "os_strings",
        run: |name| {
            agreement::run_case::<OsStrings>(
                name,
                &[
                    json!({"os": {"Unix": [104, 105]}, "boxed": {"Unix": []}}),
                    json!({"os": {"Unix": [255, 0]}, "boxed": {"Unix": [47]}}),
                ],
                &[],
            )
        },
        defs: || {
            agreement::check_defs_equivalent::<OsStrings>(&[
                json!({"os": {"Unix": [104, 105]}, "boxed": {"Unix": []}}),
            ])
        },
        dialects: || {
            agreement::check_dialects::<OsStrings>(&[
                json!({"os": {"Unix": [104, 105]}, "boxed": {"Unix": []}}),
            ])
        },
    },
    Case {
        name: "os_string",
        run: |name| agreement::run_case::<OsString>(name, &[json!({"Unix": [1]})], &[]),
        defs: || agreement::check_defs_equivalent::<OsString>(&[json!({"Unix": [1]})]),
        dialects: || agreement::check_dialects::<OsString>(&[json!({"Unix": [1]})]),
    },
];
#[cfg(not(unix))]
const UNIX_CASES: &[Case] = &[];

#[test]
fn agreement_corpus() {
    let mut failures = Vec::new();
    let (mut documents, mut accepted, mut outputs, mut unwritable) = (0, 0, 0, 0);
    let mut documented: BTreeMap<&str, usize> = BTreeMap::new();
    for case in CASES.iter().chain(UNIX_CASES) {
        match (case.run)(case.name) {
            Ok(report) => {
                documents += report.documents;
                accepted += report.accepted;
                outputs += report.outputs;
                unwritable += report.unwritable;
                for (limit, _) in &report.documented {
                    *documented.entry(limit).or_default() += 1;
                }
            }
            Err(e) => failures.push(e),
        }
    }
    println!(
        "{} types, {documents} documents ({accepted} accepted by serde), {outputs} outputs checked \
         ({unwritable} unwritable), documented limits: {documented:?}",
        CASES.len() + UNIX_CASES.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The carry gap is reached by the corpus: the limit is not dead text.
    assert!(
        documented.contains_key("carry past the maximum"),
        "{documented:?}"
    );
    assert!(
        documented.contains_key("struct as sequence"),
        "{documented:?}"
    );
}

/// The `$defs` rendering agrees with the inline one for every named shape
/// here (the generic ones get one `$defs` entry per instantiation).
#[test]
fn defs_rendering_is_equivalent() {
    let n: usize = CASES.iter().chain(UNIX_CASES).map(|c| (c.defs)()).sum();
    assert!(n > 1000, "{n}");
}

/// Every dialect: the independent checker accepts each converted schema or
/// the converter refused with paths; what a converted schema accepts, serde
/// reads after `Dialect::decode`.
#[test]
fn dialects_on_the_corpus() {
    let runs: Vec<_> = CASES.iter().chain(UNIX_CASES).map(|c| c.dialects).collect();
    agreement::dialect_corpus(runs.into_iter());
}

// ------------------------------------------------------------ edge documents

/// Judges `doc` as `T` both ways and checks both verdicts against `expected`;
/// for an accepted document, also what serde writes back against the output
/// schema (with and without its formats). Returns what serde wrote.
fn judge<T: ToolSchema + DeserializeOwned + Serialize>(
    doc: Value,
    expected: bool,
) -> Option<Value> {
    let name = std::any::type_name::<T>();
    let schema = agreement::validator(T::input_schema()).is_valid(&doc);
    // The patterns alone say the same (see `without_formats`).
    let bare = agreement::validator(&without_formats(T::input_schema())).is_valid(&doc);
    assert_eq!(
        schema, bare,
        "{name}: the format and the pattern differ on {doc}"
    );
    let parsed = serde_json::from_value::<T>(doc.clone());
    assert_eq!(
        parsed.is_ok(),
        expected,
        "{name}: serde {} {doc}: {:?}",
        if expected { "refuses" } else { "accepts" },
        parsed.as_ref().err()
    );
    assert_eq!(
        schema,
        expected,
        "{name}: the input schema {} {doc}\n{:#}",
        if expected { "refuses" } else { "accepts" },
        T::input_schema()
    );
    let value = parsed.ok()?;
    let written = serde_json::to_value(&value).ok()?;
    let output = agreement::validator(T::output_schema());
    assert!(
        output.is_valid(&written),
        "{name}: the output schema refuses what serde wrote: {written}"
    );
    Some(written)
}

/// What serde and the input schema say about `doc`, when they differ (a
/// documented gap is asserted with this, so a fix shows up as a failure).
fn verdicts<T: ToolSchema + DeserializeOwned>(doc: &Value) -> (bool, bool) {
    (
        agreement::validator(T::input_schema()).is_valid(doc),
        serde_json::from_value::<T>(doc.clone()).is_ok(),
    )
}

#[test]
fn address_edges() {
    for (text, ok) in [
        ("1.2.3.4", true),
        ("0.0.0.0", true),
        ("255.255.255.255", true),
        ("01.2.3.4", false), // std refuses leading zeros (octal ambiguity)
        ("1.2.3.04", false),
        ("00.0.0.0", false),
        ("256.1.1.1", false),
        ("1.2.3", false),
        ("1.2.3.4.5", false),
        (" 1.2.3.4", false),
        ("1.2.3.4 ", false),
        ("1.2.3.4\n", false),
        ("::ffff:1.2.3.4", false),
    ] {
        judge::<Ipv4Addr>(json!(text), ok);
    }
    for (text, ok) in [
        ("::", true),
        ("::1", true),
        ("ABCD:ef01::", true),
        ("1:2:3:4:5:6:7:8", true),
        ("1:2:3:4:5:6:7::", true), // `::` standing for one group
        ("::2:3:4:5:6:7:8", true),
        ("1::2:3:4:5:6:7:8", false), // `::` standing for no group
        ("::ffff:1.2.3.4", true),
        ("::1.2.3.4", true),
        ("1:2:3:4:5:6:1.2.3.4", true),
        ("1:2:3:4:5:6:7:1.2.3.4", false),
        ("1.2.3.4::", false),
        ("::ffff:01.2.3.4", false), // leading zero in the embedded IPv4
        ("::ffff:1.2.3", false),
        ("fe80::1%eth0", false), // no zone id in an Ipv6Addr
        ("fe80::1%2", false),    // nor a numeric scope id
        ("12345::", false),
        ("1::2::3", false),
        (":::", false),
        ("[::1]", false),
        ("1.2.3.4", false),
        ("::ffff:1.2.3.4\n", false),
    ] {
        judge::<Ipv6Addr>(json!(text), ok);
    }
    for (text, ok) in [
        ("1.2.3.4", true),
        ("::1", true),
        ("::ffff:1.2.3.4", true),
        ("1.2.3.4:80", false),
        ("01.2.3.4", false),
        ("", false),
    ] {
        judge::<IpAddr>(json!(text), ok);
    }
    for (text, ok) in [
        ("1.2.3.4:80", true),
        ("1.2.3.4:0", true),
        ("1.2.3.4:65535", true),
        ("1.2.3.4:65536", false),
        ("1.2.3.4:0080", true), // ports take leading zeros
        ("1.2.3.4:00000000000000065535", true),
        ("1.2.3.4:", false),
        ("1.2.3.4", false),
        ("1.2.3.4:+80", false),
        ("1.2.3.4:-1", false),
        ("01.2.3.4:80", false),
        ("[::1]:80", false),
    ] {
        judge::<SocketAddrV4>(json!(text), ok);
    }
    for (text, ok) in [
        ("[::1]:80", true),
        ("[::ffff:1.2.3.4]:443", true),
        ("[fe80::1%2]:80", true),
        ("[fe80::1%0]:80", true),
        ("[fe80::1%004294967295]:80", true),
        ("[fe80::1%4294967296]:80", false),
        ("[fe80::1%eth0]:80", false),
        ("[fe80::1%]:80", false),
        ("[::1]:65536", false),
        ("[::1]", false),
        ("::1:80", false),
        ("[1.2.3.4]:80", false),
    ] {
        judge::<SocketAddrV6>(json!(text), ok);
    }
    for (text, ok) in [
        ("1.2.3.4:80", true),
        ("[::1]:80", true),
        ("[fe80::1%7]:1", true),
        ("::1:80", false),
        ("1.2.3.4", false),
        ("1.2.3.4:65536", false),
    ] {
        judge::<SocketAddr>(json!(text), ok);
    }
    // What serde writes: canonical text, the scope id only when not 0, and
    // never the flow info.
    let written = serde_json::to_value(SocketAddrV6::new(Ipv6Addr::LOCALHOST, 80, 7, 0)).ok();
    assert_eq!(written, Some(json!("[::1]:80")));
    let written = serde_json::to_value(SocketAddrV6::new(Ipv6Addr::LOCALHOST, 80, 0, 3)).ok();
    assert_eq!(written, Some(json!("[::1%3]:80")));
    assert_eq!(
        judge::<SocketAddrV4>(json!("1.2.3.4:0080"), true),
        Some(json!("1.2.3.4:80"))
    );
    assert_eq!(
        judge::<Ipv6Addr>(json!("0:0:0:0:0:FFFF:0102:0304"), true),
        Some(json!("::ffff:1.2.3.4"))
    );
}

/// The schemas name the formats a reader expects, beside the exact patterns.
#[test]
fn address_schemas() {
    assert_eq!(Ipv4Addr::input_schema()["format"], "ipv4");
    assert_eq!(Ipv6Addr::output_schema()["format"], "ipv6");
    let ip = IpAddr::input_schema();
    assert_eq!(ip["anyOf"][0]["format"], "ipv4", "{ip:#}");
    assert_eq!(ip["anyOf"][1]["format"], "ipv6", "{ip:#}");
    assert_eq!(SocketAddrV4::input_schema()["type"], "string");
    // No format names a socket address: one string, one pattern.
    let socket = SocketAddr::input_schema();
    assert_eq!(socket["type"], "string", "{socket:#}");
    assert!(socket.get("anyOf").is_none() && socket.get("format").is_none());
    // Short enough to read: the embedded IPv4 appears once per address.
    let v6 = Ipv6Addr::input_schema()["pattern"].as_str().unwrap_or("");
    assert_eq!(v6.matches("25[0-5]").count(), 2, "{v6}");
    assert!(
        SocketAddrV4::input_schema()["pattern"]
            .as_str()
            .is_some_and(|p| p.contains("0*"))
    );
    assert!(
        SocketAddrV4::output_schema()["pattern"]
            .as_str()
            .is_some_and(|p| !p.contains("0*"))
    );
}

#[test]
fn time_edges() {
    // serde carries whole seconds out of `nanos`, and writes them back carried.
    assert_eq!(
        judge::<Duration>(json!({"secs": 1, "nanos": 1_000_000_000}), true),
        Some(json!({"secs": 2, "nanos": 0}))
    );
    assert_eq!(
        judge::<Duration>(json!({"secs": 0, "nanos": u32::MAX}), true),
        Some(json!({"secs": 4, "nanos": 294_967_295}))
    );
    judge::<Duration>(json!({"secs": u64::MAX, "nanos": 999_999_999}), true);
    judge::<Duration>(json!({"secs": 1, "nanos": 4_294_967_296_u64}), false);
    judge::<Duration>(json!({"secs": -1, "nanos": 0}), false);
    judge::<Duration>(json!({"secs": 1}), false);
    judge::<Duration>(json!({"nanos": 1}), false);
    judge::<Duration>(json!({"secs": 1, "nanos": 0, "millis": 0}), false); // closed
    judge::<Duration>(json!({"secs": 1.5, "nanos": 0}), false);
    judge::<Duration>(json!("1s"), false);
    // Gap: the carry overflows u64 seconds; serde refuses, the schema cannot tell.
    let doc = json!({"secs": u64::MAX, "nanos": 1_000_000_000});
    assert_eq!(verdicts::<Duration>(&doc), (true, false));
    // Gap ("struct as sequence"): serde also reads `[secs, nanos]`.
    assert_eq!(verdicts::<Duration>(&json!([1, 2])), (false, true));
    assert_eq!(verdicts::<Duration>(&json!([1, 2, 3])), (false, false));
    // The output schema says what serde writes: nanos below one second.
    let out = Duration::output_schema();
    assert_eq!(
        out["properties"]["nanos"]["maximum"], 999_999_999,
        "{out:#}"
    );
    assert_eq!(
        Duration::input_schema()["properties"]["nanos"]["maximum"],
        u32::MAX
    );
    assert_eq!(Duration::input_schema()["additionalProperties"], false);

    judge::<SystemTime>(json!({"secs_since_epoch": 0, "nanos_since_epoch": 0}), true);
    judge::<SystemTime>(
        json!({"secs_since_epoch": 1, "nanos_since_epoch": 0, "x": 1}),
        false,
    );
    #[cfg(unix)]
    {
        // On Unix a SystemTime holds i64 seconds: serde refuses more.
        let max = i64::MAX as u64;
        judge::<SystemTime>(
            json!({"secs_since_epoch": max, "nanos_since_epoch": 999_999_999}),
            true,
        );
        judge::<SystemTime>(
            json!({"secs_since_epoch": max + 1, "nanos_since_epoch": 0}),
            false,
        );
        let doc = json!({"secs_since_epoch": max, "nanos_since_epoch": 1_000_000_000});
        assert_eq!(verdicts::<SystemTime>(&doc), (true, false));
    }
    // serde cannot write a time before the epoch.
    let before = UNIX_EPOCH.checked_sub(Duration::from_secs(1));
    assert!(before.is_some_and(|t| serde_json::to_value(t).is_err()));
    let failures = agreement::check_outputs(&[Duration::MAX, Duration::ZERO]);
    assert!(failures.is_empty(), "{failures:?}");
    let failures = agreement::check_outputs(&[UNIX_EPOCH, SystemTime::now()]);
    assert!(failures.is_empty(), "{failures:?}");
}

#[test]
fn range_bound_result_edges() {
    // Every key is required, even for an Option index (serde's visitor says
    // "missing field" where a derive would read None).
    judge::<Range<Option<u8>>>(json!({"start": null, "end": 1}), true);
    judge::<Range<Option<u8>>>(json!({"end": 1}), false);
    judge::<Range<u8>>(json!({"start": 1, "end": 2, "step": 1}), false);
    judge::<RangeInclusive<u8>>(json!({"start": 9, "end": 1}), true);
    judge::<RangeFrom<u8>>(json!({"start": 1}), true);
    judge::<RangeFrom<u8>>(json!({"start": 1, "end": 2}), false);
    judge::<RangeTo<u8>>(json!({"end": 1}), true);
    judge::<RangeTo<u8>>(json!({"start": 0, "end": 1}), false);
    assert_eq!(verdicts::<Range<u8>>(&json!([1, 2])), (false, true));
    // An exhausted RangeInclusive writes its bounds all the same.
    let mut exhausted = 1u8..=1;
    exhausted.next();
    assert_eq!(
        serde_json::to_value(&exhausted).ok(),
        Some(json!({"start": 1, "end": 1}))
    );

    judge::<Bound<u8>>(json!("Unbounded"), true);
    judge::<Bound<u8>>(json!({"Included": 1}), true);
    judge::<Bound<u8>>(json!({"Excluded": 256}), false);
    judge::<Bound<u8>>(json!("Included"), false);
    judge::<Bound<u8>>(json!({"Unbounded": 1}), false);
    judge::<Bound<u8>>(json!({"Included": 1, "Excluded": 2}), false);
    judge::<Bound<u8>>(json!({"included": 1}), false);
    // Gap (of every externally tagged unit variant, derived ones too):
    // serde_json reads `{"Unit": null}` as the unit variant; the renderer
    // advertises only the string.
    assert_eq!(
        verdicts::<Bound<u8>>(&json!({"Unbounded": null})),
        (false, true)
    );

    judge::<Result<u8, String>>(json!({"Ok": 1}), true);
    judge::<Result<u8, String>>(json!({"Err": "e"}), true);
    judge::<Result<u8, String>>(json!({"Ok": 1, "Err": "e"}), false);
    judge::<Result<u8, String>>(json!({"Err": 1}), false);
    judge::<Result<u8, String>>(json!("Ok"), false);
    judge::<Result<u8, String>>(json!({}), false);
    judge::<Result<(), ()>>(json!({"Ok": null}), true);
    let failures = agreement::check_outputs(&[Ok::<u8, String>(1), Err("e".into())]);
    assert!(failures.is_empty(), "{failures:?}");
}

#[test]
fn saturating_edges() {
    // serde clamps every integer into range; it refuses fractions and text.
    assert_eq!(judge::<Saturating<u8>>(json!(300), true), Some(json!(255)));
    assert_eq!(judge::<Saturating<u8>>(json!(-1), true), Some(json!(0)));
    assert_eq!(
        judge::<Saturating<i8>>(json!(u64::MAX), true),
        Some(json!(127))
    );
    assert_eq!(
        judge::<Saturating<u64>>(json!(i64::MIN), true),
        Some(json!(0))
    );
    assert_eq!(
        judge::<Saturating<i128>>(json!(u64::MAX), true),
        Some(json!(u64::MAX))
    );
    judge::<Saturating<u8>>(json!(1.5), false);
    judge::<Saturating<u8>>(json!("1"), false);
    judge::<Saturating<u8>>(json!(null), false);
    // The output is the inner type's range.
    assert_eq!(Saturating::<u8>::output_schema()["maximum"], 255);
    assert_eq!(Saturating::<u8>::input_schema()["maximum"], u64::MAX);
    assert_eq!(Saturating::<u8>::input_schema()["minimum"], i64::MIN);
    let failures = agreement::check_outputs(&[Saturating(u8::MAX), Saturating(0)]);
    assert!(failures.is_empty(), "{failures:?}");
}

#[test]
fn path_and_os_string_edges() {
    judge::<PathBuf>(json!(""), true);
    judge::<PathBuf>(json!("a\u{0}b"), true);
    judge::<PathBuf>(json!(["a"]), false);
    judge::<PathBuf>(json!(null), false);
    assert_eq!(PathBuf::output_schema(), &json!({"type": "string"}));
    assert_eq!(Path::input_schema(), PathBuf::input_schema());
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        // serde refuses to write a path that is not UTF-8: what it writes is
        // always a string.
        let path = PathBuf::from(OsString::from_vec(vec![0xff]));
        assert!(serde_json::to_value(&path).is_err());
        // An OsString is its bytes, tagged with the platform.
        let os = OsString::from_vec(vec![0xff, b'a']);
        assert_eq!(
            serde_json::to_value(&os).ok(),
            Some(json!({"Unix": [255, 97]}))
        );
        judge::<OsString>(json!({"Unix": [255, 97]}), true);
        judge::<OsString>(json!({"Unix": []}), true);
        // Unix refuses the Windows variant, and the schema does not offer it.
        judge::<OsString>(json!({"Windows": [97]}), false);
        judge::<OsString>(json!({"Unix": [256]}), false);
        judge::<OsString>(json!({"Unix": "a"}), false);
        judge::<OsString>(json!("a"), false);
        judge::<OsString>(json!("Unix"), false);
        assert_eq!(OsStr::output_schema(), OsString::output_schema());
        let failures = agreement::check_outputs(&[os]);
        assert!(failures.is_empty(), "{failures:?}");
    }
}

/// `Box<str>`, `Rc<[T]>` and friends come from std.rs's generic impls over
/// `?Sized`; borrowed `&str` and `&[T]` too.
#[test]
fn unsized_and_borrowed() {
    assert_eq!(<Box<str>>::input_schema(), String::input_schema());
    assert_eq!(<Rc<str>>::output_schema(), String::output_schema());
    assert_eq!(<Arc<[u8]>>::input_schema(), <Vec<u8>>::input_schema());
    assert_eq!(
        <Cow<'static, [u8]>>::input_schema(),
        <Vec<u8>>::input_schema()
    );
    assert_eq!(<&str>::input_schema(), String::input_schema());
    assert_eq!(<&Path>::output_schema(), PathBuf::output_schema());
    assert_eq!(<&[u16]>::output_schema(), <Vec<u16>>::output_schema());
    // `&str` (and `&Path`) borrow from the input: serde_json reads them from
    // text without escapes only, which no schema can say (it sees the
    // decoded string).
    assert!(serde_json::from_str::<&str>(r#""plain""#).is_ok());
    assert!(serde_json::from_str::<&str>(r#""a\nb""#).is_err());
    assert!(serde_json::from_str::<&Path>(r#""/a/b""#).is_ok());
    // Gap in the generic `&T` impl: serde reads `&[u8]` from a JSON string
    // (its raw bytes) and refuses an array, yet writes an array. `&[u8]`
    // cannot have its own impl beside `impl ToolSchema for &T`, so its
    // input schema says "array".
    assert_eq!(
        serde_json::from_str::<&[u8]>(r#""ab""#).ok(),
        Some(&b"ab"[..])
    );
    assert!(serde_json::from_str::<&[u8]>("[97, 98]").is_err());
    assert_eq!(<&[u8]>::input_schema()["type"], "array");
    assert_eq!(serde_json::to_value(&b"ab"[..]).ok(), Some(json!([97, 98])));
}

// -------------------------------------------- address patterns, differential

/// A small deterministic generator (xorshift64*): reproducible runs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items.get(self.below(items.len())).copied().unwrap_or("")
    }
}

const GOOD_OCTETS: &[&str] = &[
    "0", "1", "9", "10", "99", "100", "199", "200", "249", "250", "255",
];
const BAD_OCTETS: &[&str] = &[
    "00", "01", "007", "256", "300", "999", "1000", "", "a", "-1", "+1", " 1",
];
const GOOD_GROUPS: &[&str] = &[
    "0", "00", "000", "0000", "1", "a", "F", "ff", "fFfF", "ffff", "abcd", "ABCD", "db8",
];
const BAD_GROUPS: &[&str] = &["00000", "12345", "g", "", "-1", " 1", "1.2", "ff "];
const GOOD_PORTS: &[&str] = &[
    "0",
    "00",
    "80",
    "080",
    "0080",
    "65535",
    "065535",
    "0000000000065535",
];
const BAD_PORTS: &[&str] = &[
    "65536", "99999", "", "-1", "+1", " 80", "8o", "0x50", "655350",
];
const GOOD_SCOPES: &[&str] = &["0", "00", "1", "01", "42", "4294967295", "004294967295"];
const BAD_SCOPES: &[&str] = &["4294967296", "99999999999", "", "eth0", "-1", "1a"];

fn octet(rng: &mut Rng) -> &'static str {
    if rng.chance(6) {
        rng.pick(BAD_OCTETS)
    } else {
        rng.pick(GOOD_OCTETS)
    }
}

fn ipv4ish(rng: &mut Rng) -> String {
    let parts = if rng.chance(8) { 3 + rng.below(3) } else { 4 };
    (0..parts).map(|_| octet(rng)).collect::<Vec<_>>().join(".")
}

fn group(rng: &mut Rng) -> String {
    if rng.chance(10) {
        rng.pick(BAD_GROUPS).to_string()
    } else {
        rng.pick(GOOD_GROUPS).to_string()
    }
}

fn ipv6ish(rng: &mut Rng) -> String {
    let compress = !rng.chance(3);
    let embedded = rng.chance(3);
    // Mostly a count that fits (8 groups, or at most 7 around `::`).
    let room = if compress { 1 + rng.below(7) } else { 8 };
    let count = if rng.chance(6) { rng.below(10) } else { room };
    let mut parts: Vec<String> = (0..count).map(|_| group(rng)).collect();
    if embedded && parts.len() >= 2 {
        parts.pop();
        parts.pop();
        parts.push(ipv4ish(rng));
    }
    if !compress {
        return parts.join(":");
    }
    let at = rng.below(parts.len() + 1);
    let colons = if rng.chance(12) { ":::" } else { "::" };
    let (head, tail) = parts.split_at(at.min(parts.len()));
    format!("{}{colons}{}", head.join(":"), tail.join(":"))
}

fn port(rng: &mut Rng) -> &'static str {
    if rng.chance(6) {
        rng.pick(BAD_PORTS)
    } else {
        rng.pick(GOOD_PORTS)
    }
}

fn socket_v4ish(rng: &mut Rng) -> String {
    if rng.chance(12) {
        return ipv4ish(rng);
    }
    format!("{}:{}", ipv4ish(rng), port(rng))
}

fn socket_v6ish(rng: &mut Rng) -> String {
    let scope = match rng.below(4) {
        0 => format!("%{}", rng.pick(GOOD_SCOPES)),
        1 if rng.chance(2) => format!("%{}", rng.pick(BAD_SCOPES)),
        _ => String::new(),
    };
    let ip = ipv6ish(rng);
    match rng.below(12) {
        0 => format!("{ip}{scope}:{}", port(rng)),
        1 => format!("[{ip}{scope}]"),
        _ => format!("[{ip}{scope}]:{}", port(rng)),
    }
}

/// One character deleted, inserted or replaced, from an alphabet of what
/// addresses are made of (the inputs are ASCII).
fn mutate(rng: &mut Rng, s: &str) -> String {
    const ALPHABET: &[u8] = b"0123456789abcdefABCDEFg:.%[] \n";
    let mut bytes = s.as_bytes().to_vec();
    let at = rng.below(bytes.len() + 1);
    let c = ALPHABET
        .get(rng.below(ALPHABET.len()))
        .copied()
        .unwrap_or(b'0');
    match rng.below(3) {
        0 if at < bytes.len() => {
            bytes.remove(at);
        }
        1 if at < bytes.len() => bytes[at] = c,
        _ => bytes.insert(at, c),
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Every candidate: the validator on the input schema against serde, and
/// what serde writes against the output schema. Returns (accepted, refused).
fn differential<T: ToolSchema + DeserializeOwned + Serialize>(
    input: &Value,
    output: &Value,
    candidates: impl IntoIterator<Item = String>,
) -> (usize, usize) {
    let name = std::any::type_name::<T>();
    let input = agreement::validator(input);
    let output = agreement::validator(output);
    let (mut accepted, mut refused) = (0, 0);
    let mut problems = Vec::new();
    for text in candidates {
        let doc = Value::String(text);
        let schema = input.is_valid(&doc);
        match serde_json::from_value::<T>(doc.clone()) {
            Ok(value) => {
                accepted += 1;
                if !schema {
                    problems.push(format!("serde accepts, the schema refuses: {doc}"));
                }
                match serde_json::to_value(&value) {
                    Ok(written) if !output.is_valid(&written) => {
                        problems.push(format!("the output schema refuses {written} (from {doc})"))
                    }
                    Ok(_) => {}
                    Err(e) => problems.push(format!("serde cannot write {doc} back: {e}")),
                }
            }
            Err(_) => {
                refused += 1;
                if schema {
                    problems.push(format!("serde refuses, the schema accepts: {doc}"));
                }
            }
        }
    }
    problems.truncate(20);
    assert!(problems.is_empty(), "{name}:\n{}", problems.join("\n"));
    (accepted, refused)
}

/// The schema without its `format` keywords: what a validator that treats
/// formats as annotations (the 2020-12 default) checks.
fn without_formats(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| k.as_str() != "format")
                .map(|(k, v)| (k.clone(), without_formats(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_formats).collect()),
        other => other.clone(),
    }
}

/// [`differential`] with the full schemas, then with the patterns alone
/// (jsonschema implements `ipv4`/`ipv6` with std's own parser, so only the
/// second run proves the patterns).
fn both_ways<T: ToolSchema + DeserializeOwned + Serialize>(
    candidates: &[String],
) -> (usize, usize) {
    let full = differential::<T>(
        T::input_schema(),
        T::output_schema(),
        candidates.iter().cloned(),
    );
    let bare = differential::<T>(
        &without_formats(T::input_schema()),
        &without_formats(T::output_schema()),
        candidates.iter().cloned(),
    );
    assert_eq!(full, bare);
    full
}

fn generate(seed: u64, count: usize, make: fn(&mut Rng) -> String) -> Vec<String> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(count * 2);
    for _ in 0..count {
        let s = make(&mut rng);
        out.push(mutate(&mut rng, &s));
        out.push(s);
    }
    out
}

/// Every count of groups before and after `::` (0 to 9 each), with and
/// without an embedded IPv4 at the end, and every count without `::`: the
/// grammar's counting rules, exhaustively.
fn ipv6_shapes() -> Vec<String> {
    let groups = |n: usize, hex: &str| vec![hex; n].join(":");
    let mut out = Vec::new();
    for head in 0..=9 {
        for tail in 0..=9 {
            out.push(format!("{}::{}", groups(head, "a"), groups(tail, "1")));
            let v4 = if tail == 0 {
                "1.2.3.4".to_string()
            } else {
                format!("{}:1.2.3.4", groups(tail, "1"))
            };
            out.push(format!("{}::{v4}", groups(head, "a")));
            out.push(format!("{}:::{}", groups(head, "a"), groups(tail, "1")));
        }
        out.push(groups(head, "f"));
        out.push(format!("{}:1.2.3.4", groups(head, "f")));
        out.push(format!("1.2.3.4:{}", groups(head, "f")));
        out.push(format!("{}::1.2.3.4::", groups(head, "f")));
    }
    out
}

/// The address patterns say exactly what std parses: thousands of generated
/// near-addresses, each judged by the validator and by serde.
#[test]
fn address_patterns_match_std() {
    let n = 3000;
    let mut totals = Vec::new();
    let v4 = generate(0x9E37_79B9_7F4A_7C15, n, ipv4ish);
    let mut v6 = generate(0xD1B5_4A32_D192_ED03, n, ipv6ish);
    v6.extend(ipv6_shapes());
    let s4 = generate(0x8CB9_2BA7_2F3D_8DD7, n, socket_v4ish);
    let mut s6 = generate(0xA076_1D64_78BD_642F, n, socket_v6ish);
    s6.extend(ipv6_shapes().iter().map(|ip| format!("[{ip}]:80")));
    let ip: Vec<String> = v4.iter().chain(&v6).cloned().collect();
    let socket: Vec<String> = s4.iter().chain(&s6).cloned().collect();
    totals.push(("Ipv4Addr", both_ways::<Ipv4Addr>(&v4)));
    totals.push(("Ipv6Addr", both_ways::<Ipv6Addr>(&v6)));
    totals.push(("IpAddr", both_ways::<IpAddr>(&ip)));
    totals.push(("SocketAddrV4", both_ways::<SocketAddrV4>(&s4)));
    totals.push(("SocketAddrV6", both_ways::<SocketAddrV6>(&s6)));
    totals.push(("SocketAddr", both_ways::<SocketAddr>(&socket)));
    println!("{totals:?}");
    // Both verdicts are well represented (a tenth at least), or the run
    // proves little.
    for (name, (accepted, refused)) in totals {
        assert!(
            accepted * 10 > accepted + refused && refused * 10 > accepted + refused,
            "{name}: {accepted} accepted, {refused} refused"
        );
    }
}

/// Values only construction reaches: every kind of IPv6 address std writes
/// (mapped, compatible, zero runs), scope ids, flow info.
#[test]
fn address_outputs() {
    let v6s = [
        Ipv6Addr::UNSPECIFIED,
        Ipv6Addr::LOCALHOST,
        Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304),
        Ipv6Addr::new(0, 0, 0, 0, 0, 0, 0x0102, 0x0304),
        Ipv6Addr::new(1, 0, 0, 1, 0, 0, 0, 1),
        Ipv6Addr::new(1, 0, 1, 0, 1, 0, 1, 0),
        Ipv6Addr::new(
            0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff,
        ),
        Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 0),
    ];
    let failures = agreement::check_outputs(&v6s);
    assert!(failures.is_empty(), "{failures:?}");
    let sockets: Vec<SocketAddrV6> = v6s
        .iter()
        .zip([0, 1, 80, 65535].iter().cycle())
        .zip([0, 1, u32::MAX].iter().cycle())
        .map(|((ip, port), scope)| SocketAddrV6::new(*ip, *port, *scope, *scope))
        .collect();
    let failures = agreement::check_outputs(&sockets);
    assert!(failures.is_empty(), "{failures:?}");
    let any: Vec<SocketAddr> = sockets
        .iter()
        .map(|s| SocketAddr::V6(*s))
        .chain([SocketAddr::V4(SocketAddrV4::new(
            Ipv4Addr::BROADCAST,
            65535,
        ))])
        .collect();
    let failures = agreement::check_outputs(&any);
    assert!(failures.is_empty(), "{failures:?}");
}
