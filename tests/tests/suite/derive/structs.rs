//! ToolSchema for structs: snapshots of the exact JSON, and agreement of the
//! schemas with serde on mutated documents.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::marker::PhantomData;
use std::num::{NonZeroI8, NonZeroI64, NonZeroU8, NonZeroU32};
use std::rc::Rc;
use std::sync::Arc;
use toolform::ToolSchema;
use toolform_tests::agreement::{self, Report};
use toolform_tests::snapshot;

// ---------------------------------------------------------------- the corpus

/// Search the catalogue.
#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "camelCase")]
struct SearchArgs {
    /// Free-text query.
    query: String,
    #[serde(default)]
    max_results: u32,
    since: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tags: Vec<String>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Integers {
    a: u8,
    b: u16,
    c: u32,
    d: u64,
    e: usize,
    f: i8,
    g: i16,
    h: i32,
    i: i64,
    j: isize,
    k: u128,
    l: i128,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct NonZeros {
    a: NonZeroU8,
    b: NonZeroU32,
    c: NonZeroI8,
    d: NonZeroI64,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Floats {
    ratio: f32,
    score: f64,
    maybe: Option<f64>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Scalars {
    flag: bool,
    initial: char,
    name: String,
    boxed: Box<str>,
    cow: Cow<'static, str>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Pointers {
    boxed: Box<u8>,
    rc: Rc<String>,
    arc: Arc<Vec<bool>>,
    boxed_option: Box<Option<u16>>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Sequences {
    list: Vec<u8>,
    deque: VecDeque<String>,
    fixed: [i16; 3],
    empty: [bool; 0],
    ordered: BTreeSet<u32>,
    hashed: HashSet<String>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Tuples {
    pair: (u8, String),
    single: (bool,),
    nested: (Option<u8>, (char, i8)),
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Maps {
    counts: HashMap<String, u32>,
    groups: BTreeMap<String, Vec<bool>>,
    extra: serde_json::Map<String, Value>,
    anything: Value,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Units {
    unit: (),
    marker: PhantomData<String>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Options {
    plain: Option<u8>,
    nested: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    omitted: Option<Vec<u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    defaulted: Option<bool>,
    #[serde(skip_serializing_if = "is_small")]
    custom: Option<u8>,
}

fn is_small(v: &Option<u8>) -> bool {
    v.is_some_and(|n| n < 10)
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Renames {
    #[serde(rename = "kind")]
    r#type: String,
    #[serde(rename(serialize = "outName", deserialize = "in_name"))]
    both: u8,
    #[serde(rename(deserialize = "only_in"))]
    only_de: bool,
    #[serde(rename(serialize = "only_out"))]
    only_ser: bool,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
struct ScreamingSnake {
    first_name: String,
    last_name: String,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "kebab-case")]
struct Kebab {
    first_name: String,
    #[serde(rename = "LAST")]
    last_name: String,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "PascalCase")]
struct Pascal {
    first_name: String,
    age_in_years: u8,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "SCREAMING-KEBAB-CASE")]
struct ScreamingKebab {
    first_name: String,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "UPPERCASE")]
struct Upper {
    first_name: String,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "lowercase")]
struct Lower {
    // serde's "lowercase" leaves snake_case field names as they are.
    first_name: String,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all(serialize = "camelCase", deserialize = "kebab-case"))]
struct RenameAllSplit {
    first_name: String,
    is_admin: bool,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Aliases {
    #[serde(alias = "fullName", alias = "full_name")]
    name: String,
    #[serde(default, alias = "years")]
    age: u8,
    city: Option<String>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(deny_unknown_fields)]
struct ClosedAliases {
    #[serde(alias = "q")]
    query: String,
    #[serde(default)]
    page: u16,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(deny_unknown_fields)]
struct Closed {
    id: u64,
    note: Option<String>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[allow(dead_code)] // skipped fields are the point
struct Skips {
    kept: u8,
    #[serde(skip)]
    hidden: u8,
    #[serde(skip_serializing)]
    write_only: String,
    #[serde(skip_deserializing)]
    read_only: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    sometimes: String,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(deny_unknown_fields)]
struct ClosedSkips {
    kept: u8,
    #[serde(skip_deserializing)]
    computed: u8,
}

fn default_limit() -> u32 {
    25
}

fn default_label() -> String {
    "untitled".into()
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FieldDefaults {
    #[serde(default)]
    count: u8,
    #[serde(default = "default_limit")]
    limit: u32,
    #[serde(default = "default_label")]
    label: String,
    #[serde(default)]
    flags: Vec<bool>,
    #[serde(default)]
    when: Option<NaiveDate>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(default)]
struct ContainerDefault {
    width: u16,
    height: u16,
    title: String,
}

impl Default for ContainerDefault {
    fn default() -> Self {
        ContainerDefault {
            width: 640,
            height: 480,
            title: "window".into(),
        }
    }
}

fn preset() -> ContainerDefaultPath {
    ContainerDefaultPath {
        level: 3,
        name: "preset".into(),
    }
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(default = "preset")]
struct ContainerDefaultPath {
    level: i8,
    name: String,
}

/// A distance in metres.
#[derive(Serialize, Deserialize, ToolSchema)]
struct Meters(f64);

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(transparent)]
struct UserId {
    id: u32,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(transparent)]
struct MaybeName(Option<String>);

#[derive(Serialize, Deserialize, ToolSchema)]
struct NewOption(Option<String>);

#[derive(Serialize, Deserialize, ToolSchema)]
struct Point(i32, i32, Option<String>);

#[derive(Serialize, Deserialize, ToolSchema)]
struct Marker;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Empty {}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Wrappers {
    distance: Meters,
    user: UserId,
    /// Missing reads as `None`: `transparent` forwards to `Option`.
    maybe: MaybeName,
    /// Required: a newtype struct does not forward a missing field to `Option`.
    newtype: NewOption,
    at: Point,
    marker: Marker,
}

/// An address.
#[derive(Serialize, Deserialize, ToolSchema)]
struct Address {
    /// Street and number.
    street: String,
    #[serde(default)]
    zip: Option<String>,
}

/// A customer.
#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "camelCase")]
struct Customer {
    display_name: String,
    /// Where invoices go.
    billing_address: Address,
    shipping: Vec<Address>,
    #[serde(default)]
    previous: Option<Box<Address>>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Tree {
    label: String,
    children: Vec<Tree>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Forest {
    trees: Vec<Tree>,
    biggest: Option<Box<Tree>>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Ping {
    pong: Option<Box<Pong>>,
    id: u8,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Pong {
    ping: Option<Box<Ping>>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Page<T> {
    items: Vec<T>,
    #[serde(default)]
    next: Option<String>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Pages {
    numbers: Page<u8>,
    words: Page<String>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Times {
    utc: DateTime<Utc>,
    fixed: DateTime<FixedOffset>,
    day: NaiveDate,
    clock: NaiveTime,
    local: NaiveDateTime,
}

/// Ignored: the attribute wins.
#[derive(Serialize, Deserialize, ToolSchema)]
#[schema(title = "Annotated", description = "Overridden description.")]
struct Annotated {
    /// From the doc comment.
    documented: u8,
    /// Doc comment ignored.
    #[schema(title = "Count", description = "From the attribute.")]
    attributed: u8,
    /// First paragraph
    /// continues here.
    ///
    /// Second paragraph.
    multi: u8,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Identifiers {
    id: uuid::Uuid,
    homepage: url::Url,
    previous: Option<uuid::Uuid>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Borrowed<'a> {
    name: &'a str,
    bytes: Vec<u8>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Timestamps {
    #[serde(with = "chrono::serde::ts_seconds")]
    seconds: DateTime<Utc>,
    #[serde(with = "chrono::serde::ts_milliseconds")]
    millis: DateTime<Utc>,
    #[serde(with = "chrono::serde::ts_microseconds")]
    micros: DateTime<Utc>,
    #[serde(with = "chrono::serde::ts_nanoseconds")]
    nanos: DateTime<Utc>,
    /// Required: serde does not treat a missing `deserialize_with` field as `None`.
    #[serde(with = "chrono::serde::ts_seconds_option")]
    maybe: Option<DateTime<Utc>>,
    #[serde(default, with = "chrono::serde::ts_milliseconds_option")]
    defaulted: Option<DateTime<Utc>>,
}

/// The user names the wire type of a custom serde function.
#[derive(Serialize, Deserialize, ToolSchema)]
struct CustomWire {
    #[serde(with = "as_text")]
    #[schema(with = String)]
    code: String,
}

mod as_text {
    pub fn serialize<S: serde::Serializer>(v: &str, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.to_uppercase())
    }
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        <String as serde::Deserialize>::deserialize(d).map(|s| s.to_lowercase())
    }
}

// ---------------------------------------------------------------- the runs

fn seeds_of(values: &[Value]) -> Vec<Value> {
    values.to_vec()
}

struct Case {
    name: &'static str,
    run: fn(&'static str) -> Result<Report, String>,
    dialects: fn() -> agreement::DialectReport,
}

macro_rules! cases {
    ($($name:ident: $ty:ty => [$($seed:tt),* $(,)?];)*) => {
        const CASES: &[Case] = &[$(Case {
            name: stringify!($name),
            run: |name| agreement::run_case::<$ty>(name, &seeds_of(&[$(json!($seed)),*]), &[]),
            dialects: || agreement::check_dialects::<$ty>(&seeds_of(&[$(json!($seed)),*])),
        }),*];

        fn schemas() -> Vec<(&'static str, &'static Value, &'static Value)> {
            vec![$((stringify!($name), <$ty>::input_schema(), <$ty>::output_schema())),*]
        }
    };
}

cases! {
    search_args: SearchArgs => [
        {"query": "rust"},
        {"query": "rust", "maxResults": 5, "since": "2024-05-01T10:00:00Z", "tags": ["a", "b"]},
    ];
    integers: Integers => [
        {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": -6, "g": -7, "h": -8, "i": -9, "j": -10, "k": 11, "l": -12},
    ];
    non_zeros: NonZeros => [{"a": 1, "b": 2, "c": -3, "d": 4}];
    floats: Floats => [{"ratio": 0.5, "score": 2, "maybe": null}, {"ratio": 1, "score": -1.25, "maybe": 3.5}];
    scalars: Scalars => [{"flag": true, "initial": "x", "name": "n", "boxed": "b", "cow": "c"}];
    pointers: Pointers => [{"boxed": 1, "rc": "r", "arc": [true], "boxed_option": 7}, {"boxed": 1, "rc": "r", "arc": []}];
    sequences: Sequences => [
        {"list": [1, 2], "deque": ["a"], "fixed": [1, -2, 3], "empty": [], "ordered": [3, 1], "hashed": ["x", "y"]},
    ];
    tuples: Tuples => [{"pair": [1, "one"], "single": [true], "nested": [null, ["c", -1]]}];
    maps: Maps => [{"counts": {"a": 1}, "groups": {"g": [true, false]}, "extra": {"k": [1]}, "anything": {"deep": [null]}}];
    units: Units => [{"unit": null, "marker": null}];
    options: Options => [
        {"plain": 1, "nested": "s", "omitted": [1], "defaulted": true, "custom": 50},
        {},
        {"custom": 5},
    ];
    renames: Renames => [{"kind": "k", "in_name": 1, "only_in": true, "only_ser": false}];
    screaming_snake: ScreamingSnake => [{"FIRST_NAME": "a", "LAST_NAME": "b"}];
    kebab: Kebab => [{"first-name": "a", "LAST": "b"}];
    pascal: Pascal => [{"FirstName": "a", "AgeInYears": 30}];
    screaming_kebab: ScreamingKebab => [{"FIRST-NAME": "a"}];
    upper: Upper => [{"FIRST_NAME": "a"}];
    lower: Lower => [{"first_name": "a"}];
    rename_all_split: RenameAllSplit => [{"first-name": "a", "is-admin": true}];
    aliases: Aliases => [
        {"name": "a"},
        {"fullName": "a", "years": 3, "city": "c"},
        {"full_name": "a", "age": 3},
    ];
    closed_aliases: ClosedAliases => [{"query": "a"}, {"q": "a", "page": 2}];
    closed: Closed => [{"id": 1}, {"id": 2, "note": "n"}];
    skips: Skips => [
        {"kept": 1, "write_only": "w", "sometimes": "s"},
        {"kept": 1, "hidden": 4, "write_only": "w", "read_only": "r", "sometimes": ""},
    ];
    closed_skips: ClosedSkips => [{"kept": 1}];
    field_defaults: FieldDefaults => [{}, {"count": 1, "limit": 2, "label": "l", "flags": [true], "when": "2024-02-29"}];
    container_default: ContainerDefault => [{}, {"width": 1, "height": 2, "title": "t"}];
    container_default_path: ContainerDefaultPath => [{}, {"level": -1, "name": "n"}];
    meters: Meters => [1.5];
    user_id: UserId => [7];
    point: Point => [[1, 2, null], [1, 2, "p"]];
    marker: Marker => [null];
    empty: Empty => [{}];
    wrappers: Wrappers => [
        {"distance": 2.5, "user": 1, "maybe": "m", "newtype": "n", "at": [0, 0, null], "marker": null},
        {"distance": 2.5, "user": 1, "newtype": null, "at": [0, 0, "x"], "marker": null},
    ];
    customer: Customer => [
        {"displayName": "d", "billingAddress": {"street": "s"}, "shipping": [{"street": "t", "zip": "z"}]},
        {"displayName": "d", "billingAddress": {"street": "s"}, "shipping": [], "previous": {"street": "p"}},
    ];
    tree: Tree => [{"label": "root", "children": [{"label": "leaf", "children": []}]}];
    forest: Forest => [{"trees": [{"label": "a", "children": []}], "biggest": {"label": "b", "children": []}}];
    ping: Ping => [{"pong": {"ping": {"pong": null, "id": 2}}, "id": 1}];
    pages: Pages => [{"numbers": {"items": [1]}, "words": {"items": ["w"], "next": "n"}}];
    times: Times => [
        {"utc": "2024-05-01T10:00:00Z", "fixed": "2024-05-01T10:00:00+02:00", "day": "2024-05-01",
         "clock": "10:30:00", "local": "2024-05-01T10:30:00"},
        {"utc": "2024-05-01T10:00:00.123Z", "fixed": "2024-05-01T10:00:00-05:30", "day": "2000-02-29",
         "clock": "23:59:59.999", "local": "2024-05-01T10:30:00.5"},
    ];
    identifiers: Identifiers => [
        {"id": "67e55044-10b1-426f-9247-bb680e5fe0c8", "homepage": "https://example.com/a?b#c", "previous": null},
    ];
    annotated: Annotated => [{"documented": 1, "attributed": 2, "multi": 3}];
    timestamps: Timestamps => [
        {"seconds": 1700000000, "millis": 1700000000000_i64, "micros": -5, "nanos": 1, "maybe": null},
        {"seconds": 0, "millis": 0, "micros": 0, "nanos": 0, "maybe": 1, "defaulted": 2},
    ];
    custom_wire: CustomWire => [{"code": "abc"}];
}

#[test]
fn snapshots() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (name, input, output) in schemas() {
        for (contract, schema) in [("input", input), ("output", output)] {
            count += 1;
            if let Err(e) = snapshot(&format!("structs/{name}.{contract}"), schema) {
                failures.push(e);
            }
        }
    }
    // Types that cannot go through the agreement run (borrowed data).
    for (name, schema) in [
        ("borrowed.input", Borrowed::input_schema()),
        ("borrowed.output", Borrowed::output_schema()),
    ] {
        count += 1;
        if let Err(e) = snapshot(&format!("structs/{name}"), schema) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    println!("{count} snapshots match");
}

#[test]
fn agreement_corpus() {
    let mut failures = Vec::new();
    let (mut documents, mut accepted, mut outputs, mut unwritable) = (0, 0, 0, 0);
    let mut documented: BTreeMap<&str, usize> = BTreeMap::new();
    for case in CASES {
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
        "{} types, {documents} documents ({accepted} accepted by serde), {outputs} outputs checked ({unwritable} unwritable), \
         documented limits: {documented:?}",
        CASES.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(CASES.len() >= 30);
}

/// Values that never come out of a deserialization: skipped fields with
/// non-default content, non-finite floats.
#[test]
fn outputs_of_constructed_values() {
    let failures = agreement::check_outputs(&[
        Floats {
            ratio: f32::NAN,
            score: f64::INFINITY,
            maybe: Some(f64::NEG_INFINITY),
        },
        Floats {
            ratio: 0.0,
            score: 1.0,
            maybe: None,
        },
    ]);
    assert!(failures.is_empty(), "{failures:?}");
    let failures = agreement::check_outputs(&[Skips {
        kept: 1,
        hidden: 9,
        write_only: "w".into(),
        read_only: "r".into(),
        sometimes: String::new(),
    }]);
    assert!(failures.is_empty(), "{failures:?}");
}

/// Each generic instantiation has its own schema.
#[test]
fn generic_instantiations_differ() {
    let a = Page::<u8>::input_schema();
    let b = Page::<String>::input_schema();
    assert_eq!(a["properties"]["items"]["items"]["type"], "integer");
    assert_eq!(b["properties"]["items"]["items"]["type"], "string");
    // Cached: the same reference every time.
    assert!(std::ptr::eq(a, Page::<u8>::input_schema()));
    assert!(std::ptr::eq(
        SearchArgs::input_schema(),
        SearchArgs::input_schema()
    ));
}

/// No `$schema` key, no `$ref` for non-recursive types.
#[test]
fn no_schema_key_and_inline_unless_recursive() {
    for (name, input, output) in schemas() {
        for schema in [input, output] {
            assert!(schema.get("$schema").is_none(), "{name}");
            let text = schema.to_string();
            let recursive = matches!(name, "tree" | "forest" | "ping");
            assert_eq!(text.contains("$ref"), recursive, "{name}: {text}");
        }
    }
}

/// Every dialect, on the whole corpus: the independent checker accepts each
/// converted schema or the converter refused with paths; what a converted
/// schema accepts, serde reads after `Dialect::decode`.
#[test]
fn dialects_on_the_corpus() {
    agreement::dialect_corpus(CASES.iter().map(|c| c.dialects));
}

/// `#[serde(default)]` shows the serialized default when the field's type is
/// `Serialize`, and no `default` when it is not (the derive cannot write it).
#[test]
fn defaults_shown_only_when_serializable() {
    #[derive(Default, Deserialize, ToolSchema)]
    struct ReadOnly {
        #[allow(dead_code)]
        level: u8,
    }
    #[derive(Deserialize, ToolSchema)]
    #[allow(dead_code)]
    struct Args {
        #[serde(default)]
        count: u32,
        #[serde(default)]
        tags: Vec<String>,
        #[serde(default)]
        hidden: ReadOnly,
        #[serde(default)]
        maybe: Option<bool>,
    }
    let props = &Args::input_schema()["properties"];
    assert_eq!(props["count"]["default"], serde_json::json!(0));
    assert_eq!(props["tags"]["default"], serde_json::json!([]));
    assert_eq!(props["hidden"].get("default"), None, "{props}");
    assert_eq!(props["maybe"]["default"], serde_json::json!(null));
    assert_eq!(Args::input_schema().get("required"), None);
}

mod default_values_by_type {
    use serde::{Deserialize, Serialize};
    use toolform::ToolSchema;

    /// Read by serde, never written: no `"default"` can be shown for it.
    #[derive(Deserialize, ToolSchema, PartialEq, Debug)]
    pub struct ReadOnly(u8);

    fn read_only() -> ReadOnly {
        ReadOnly(7)
    }
    fn seven() -> u8 {
        7
    }
    fn nothing<T>() -> Option<T> {
        None
    }

    #[derive(Deserialize, ToolSchema)]
    pub struct Args<T> {
        /// Not `Serialize`: no default in the schema, and it compiles.
        #[serde(default = "read_only")]
        pub a: ReadOnly,
        /// `Serialize`: its default is shown.
        #[serde(default = "seven")]
        pub b: u8,
        /// Generic: nothing is known of `T`, so no default.
        #[serde(default = "nothing")]
        pub c: Option<T>,
    }

    #[derive(Deserialize, Serialize, ToolSchema, Default)]
    #[serde(default)]
    pub struct Container {
        pub x: u8,
    }

    #[test]
    fn a_default_is_shown_exactly_when_its_type_is_serialize() {
        let schema = Args::<ReadOnly>::input_schema();
        let props = &schema["properties"];
        assert_eq!(props["a"].get("default"), None, "{schema}");
        assert_eq!(props["b"]["default"], 7, "{schema}");
        assert_eq!(props["c"].get("default"), None, "{schema}");
        let args: Args<ReadOnly> = serde_json::from_str("{}").unwrap();
        assert_eq!((args.a, args.b, args.c), (ReadOnly(7), 7, None));
        let container = Container::input_schema();
        assert_eq!(container["properties"]["x"]["default"], 0, "{container}");
    }
}

/// Identifiers the derive writes itself rather than through `quote!`
/// (`macros/src/expand/write.rs`): non-ASCII type, field, module and
/// function names, and a raw identifier as a type's name.
#[allow(non_camel_case_types)]
mod größen {
    use serde::{Deserialize, Serialize};
    use toolform::ToolSchema;

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Maß {
        pub länge: u32,
    }

    pub fn standard_breite() -> u32 {
        7
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct r#type {
        pub wert: u8,
    }

    /// Ein Paket.
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Paket {
        /// Das Maß, wenn bekannt.
        pub maß: Option<Box<Maß>>,
        #[serde(default = "standard_breite")]
        pub breite: u32,
        pub art: r#type,
        pub höhen: Vec<self::Maß>,
        pub nächstes: Option<Box<crate::derive::structs::größen::Paket>>,
    }
}

#[test]
fn identifiers_the_derive_writes_itself() {
    let input = <größen::Paket as ToolSchema>::input_schema();
    let text = input.to_string();
    assert_eq!(input["description"], json!("Ein Paket."), "{text}");
    let properties = &input["properties"];
    for key in ["maß", "breite", "art", "höhen", "nächstes"] {
        assert!(properties.get(key).is_some(), "{key} in {text}");
    }
    assert_eq!(
        properties["maß"]["description"],
        json!("Das Maß, wenn bekannt.")
    );
    assert_eq!(properties["breite"]["default"], json!(7), "{text}");
    assert_eq!(input["required"], json!(["art", "höhen"]), "{text}");
    // The raw-named type and the non-ASCII one are described by their own
    // shapes, not mixed up.
    assert!(text.contains("\"wert\""), "{text}");
    assert!(text.contains("\"länge\""), "{text}");
}
