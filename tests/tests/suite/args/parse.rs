//! `toolform::parse_args`: tool arguments read like form answers, every
//! violation named.
//!
//! - Agreement on the corpus of `derive/structs.rs`, `derive/enums.rs` and declared
//!   constraints of every kind: for every mutated document, `parse_args` is
//!   `Ok` exactly when the `jsonschema` crate accepts it under
//!   `T::input_schema()` (formats asserted), except the documented limits of
//!   `toolform_tests::agreement::LIMITS`; `Ok` implies serde accepts; and the
//!   whole-schema walk (`validate_args`) finds nothing exactly when the
//!   validator accepts (one documented exception: integers written `1.0`).
//! - k independent faults give k violations; messages, paths and `Display`
//!   exact on hand-made cases.
//! - Hostile input: non-ASCII keys and values, values 100 000 levels deep
//!   (built iteratively, disposed of without recursion), 1k/10k/100k-element
//!   arrays and objects (linear: this file runs in seconds).

use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use toolform::{ArgsError, ToolSchema, parse_args};
use toolform_tests::agreement::{Disagreement, LIMITS, Limit, validator};
use toolform_tests::deep::{deep_array, deep_object, dispose};
use toolform_tests::mutate::{Kind, mutants, property_names};

// ------------------------------------------------------------ the runner

/// What one type's run found.
#[derive(Default)]
pub(crate) struct Tally {
    pub(crate) documents: usize,
    pub(crate) accepted: usize,
    /// Documented disagreements of `parse_args` with the validator, by limit.
    pub(crate) documented: BTreeMap<&'static str, usize>,
    /// Documents where the walk and the validator differ on an integral float.
    pub(crate) walk_integral: usize,
    pub(crate) problems: Vec<String>,
}

impl Tally {
    fn absorb(&mut self, other: Tally) {
        self.documents += other.documents;
        self.accepted += other.accepted;
        for (k, n) in other.documented {
            *self.documented.entry(k).or_default() += n;
        }
        self.walk_integral += other.walk_integral;
        self.problems.extend(other.problems);
    }
}

/// Every mutant of every seed: `parse_args` against the validator and serde.
pub(crate) fn run<T>(name: &str, seeds: &[Value], own: &'static [Limit]) -> Tally
where
    T: ToolSchema + serde::de::DeserializeOwned,
{
    let input = validator(T::input_schema());
    let mut known = Vec::new();
    property_names(T::input_schema(), &mut known);
    property_names(T::output_schema(), &mut known);
    let mut tally = Tally::default();
    for seed in seeds {
        assert!(
            parse_args::<T>(seed).is_ok(),
            "{name}: seed must be accepted: {seed}\n{}",
            parse_args::<T>(seed)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        );
        for mutant in mutants(seed, &known) {
            tally.documents += 1;
            let doc = &mutant.doc;
            let schema_accepts = input.is_valid(doc);
            let parsed = parse_args::<T>(doc);
            let ours = parsed.is_ok();
            let serde = serde_json::from_value::<T>(doc.clone());
            tally.accepted += usize::from(ours);
            if ours && serde.is_err() {
                tally.problems.push(format!(
                    "{name}: Ok where serde refuses ({}) at {:?}: {doc}",
                    serde
                        .as_ref()
                        .err()
                        .map(|e| e.to_string())
                        .unwrap_or_default(),
                    mutant.path
                ));
            }
            if let Err(e) = &parsed {
                check_error(name, doc, e, &mut tally.problems);
            }
            // The whole-schema walk is the validator's verdict.
            let walk = toolform::args::validate_args(T::SHAPE, doc);
            if walk.is_empty() != schema_accepts {
                let integral = mutant.kind == Kind::IntegralFloat && schema_accepts;
                if integral {
                    tally.walk_integral += 1;
                } else {
                    tally.problems.push(format!(
                        "{name}: walk {} but the validator {} at {:?} ({:?}): {doc}\n  walk: {walk:?}\n  validator: {:?}",
                        if walk.is_empty() { "accepts" } else { "refuses" },
                        if schema_accepts { "accepts" } else { "refuses" },
                        mutant.path,
                        mutant.kind,
                        input.iter_errors(doc).map(|e| e.to_string()).collect::<Vec<_>>()
                    ));
                }
            }
            if ours != schema_accepts {
                let d = Disagreement {
                    type_name: std::any::type_name::<T>(),
                    serde_error: parsed.as_ref().err().map(|e| {
                        e.violations()
                            .iter()
                            .map(|v| v.message.clone())
                            .collect::<Vec<_>>()
                            .join("; ")
                    }),
                    mutant: mutant.clone(),
                    schema_accepts,
                    serde_accepts: ours,
                };
                match LIMITS.iter().chain(own).find(|l| (l.applies)(&d)) {
                    Some(limit) => *tally.documented.entry(limit.name).or_default() += 1,
                    None => tally.problems.push(format!(
                        "{name}: parse_args {} but the validator {} at {:?} ({:?}): {doc}\n  ours: {}",
                        if ours { "accepts" } else { "refuses" },
                        if schema_accepts { "accepts" } else { "refuses" },
                        mutant.path,
                        mutant.kind,
                        parsed.as_ref().err().map(|e| e.to_string()).unwrap_or_default()
                    )),
                }
            }
        }
    }
    tally
}

/// Every error names at least one violation, each at a place that exists in
/// the document (or, for a missing key, whose parent exists), with a rule.
fn check_error(name: &str, doc: &Value, e: &ArgsError, problems: &mut Vec<String>) {
    if e.violations().is_empty() {
        problems.push(format!("{name}: an error without violations: {doc}"));
    }
    for v in e.violations() {
        let parent = v.path.rsplit_once('/').map_or("", |(p, _)| p);
        let exists = doc.pointer(&v.path).is_some()
            || (v.rule == "required" && doc.pointer(parent).is_some_and(Value::is_object));
        if !exists || v.rule.is_empty() || v.message.is_empty() || v.message.contains('\n') {
            problems.push(format!("{name}: bad violation {v:?} for {doc}"));
        }
    }
}

pub(crate) struct Case {
    name: &'static str,
    run: fn(&'static str) -> Tally,
}

macro_rules! cases {
    ($const:ident, $own:expr; $($name:ident: $ty:ty => [$($seed:tt),* $(,)?];)*) => {
        pub(crate) const $const: &[crate::args::parse::Case] = &[$(crate::args::parse::Case {
            name: stringify!($name),
            run: |name| crate::args::parse::run::<$ty>(name, &[$(serde_json::json!($seed)),*], $own),
        }),*];
    };
}

// ------------------------------------------------------------ derive/structs.rs

/// The corpus of `derive/structs.rs`, copied (minus the borrowed type), with its seeds.
#[allow(dead_code)]
mod structs {
    use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Utc};
    use serde::{Deserialize, Serialize};
    use serde_json::Value;
    use std::borrow::Cow;
    use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
    use std::marker::PhantomData;
    use std::num::{NonZeroI8, NonZeroI64, NonZeroU8, NonZeroU32};
    use std::rc::Rc;
    use std::sync::Arc;
    use toolform::ToolSchema;

    /// Search the catalogue.
    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(rename_all = "camelCase")]
    pub(crate) struct SearchArgs {
        /// Free-text query.
        query: String,
        #[serde(default)]
        max_results: u32,
        since: Option<DateTime<Utc>>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tags: Vec<String>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Integers {
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
    pub(crate) struct NonZeros {
        a: NonZeroU8,
        b: NonZeroU32,
        c: NonZeroI8,
        d: NonZeroI64,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Floats {
        ratio: f32,
        score: f64,
        maybe: Option<f64>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Scalars {
        flag: bool,
        initial: char,
        name: String,
        boxed: Box<str>,
        cow: Cow<'static, str>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Pointers {
        boxed: Box<u8>,
        rc: Rc<String>,
        arc: Arc<Vec<bool>>,
        boxed_option: Box<Option<u16>>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Sequences {
        list: Vec<u8>,
        deque: VecDeque<String>,
        fixed: [i16; 3],
        empty: [bool; 0],
        ordered: BTreeSet<u32>,
        hashed: HashSet<String>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Tuples {
        pair: (u8, String),
        single: (bool,),
        nested: (Option<u8>, (char, i8)),
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Maps {
        counts: HashMap<String, u32>,
        groups: BTreeMap<String, Vec<bool>>,
        extra: serde_json::Map<String, Value>,
        anything: Value,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Units {
        unit: (),
        marker: PhantomData<String>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Options {
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
    pub(crate) struct Renames {
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
    pub(crate) struct ScreamingSnake {
        first_name: String,
        last_name: String,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(rename_all = "kebab-case")]
    pub(crate) struct Kebab {
        first_name: String,
        #[serde(rename = "LAST")]
        last_name: String,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(rename_all = "PascalCase")]
    pub(crate) struct Pascal {
        first_name: String,
        age_in_years: u8,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(rename_all = "SCREAMING-KEBAB-CASE")]
    pub(crate) struct ScreamingKebab {
        first_name: String,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(rename_all = "UPPERCASE")]
    pub(crate) struct Upper {
        first_name: String,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(rename_all = "lowercase")]
    pub(crate) struct Lower {
        // serde's "lowercase" leaves snake_case field names as they are.
        first_name: String,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(rename_all(serialize = "camelCase", deserialize = "kebab-case"))]
    pub(crate) struct RenameAllSplit {
        first_name: String,
        is_admin: bool,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Aliases {
        #[serde(alias = "fullName", alias = "full_name")]
        name: String,
        #[serde(default, alias = "years")]
        age: u8,
        city: Option<String>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(deny_unknown_fields)]
    pub(crate) struct ClosedAliases {
        #[serde(alias = "q")]
        query: String,
        #[serde(default)]
        page: u16,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(deny_unknown_fields)]
    pub(crate) struct Closed {
        id: u64,
        note: Option<String>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[allow(dead_code)] // skipped fields are the point
    pub(crate) struct Skips {
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
    pub(crate) struct ClosedSkips {
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
    pub(crate) struct FieldDefaults {
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
    pub(crate) struct ContainerDefault {
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
    pub(crate) struct ContainerDefaultPath {
        level: i8,
        name: String,
    }

    /// A distance in metres.
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Meters(f64);

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(transparent)]
    pub(crate) struct UserId {
        id: u32,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(transparent)]
    pub(crate) struct MaybeName(Option<String>);

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct NewOption(Option<String>);

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Point(i32, i32, Option<String>);

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Marker;

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Empty {}

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Wrappers {
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
    pub(crate) struct Address {
        /// Street and number.
        street: String,
        #[serde(default)]
        zip: Option<String>,
    }

    /// A customer.
    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(rename_all = "camelCase")]
    pub(crate) struct Customer {
        display_name: String,
        /// Where invoices go.
        billing_address: Address,
        shipping: Vec<Address>,
        #[serde(default)]
        previous: Option<Box<Address>>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Tree {
        label: String,
        children: Vec<Tree>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Forest {
        trees: Vec<Tree>,
        biggest: Option<Box<Tree>>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Ping {
        pong: Option<Box<Pong>>,
        id: u8,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Pong {
        ping: Option<Box<Ping>>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Page<T> {
        items: Vec<T>,
        #[serde(default)]
        next: Option<String>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Pages {
        numbers: Page<u8>,
        words: Page<String>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Times {
        utc: DateTime<Utc>,
        fixed: DateTime<FixedOffset>,
        day: NaiveDate,
        clock: NaiveTime,
        local: NaiveDateTime,
    }

    /// Ignored: the attribute wins.
    #[derive(Serialize, Deserialize, ToolSchema)]
    #[schema(title = "Annotated", description = "Overridden description.")]
    pub(crate) struct Annotated {
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
    pub(crate) struct Identifiers {
        id: uuid::Uuid,
        homepage: url::Url,
        previous: Option<uuid::Uuid>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Timestamps {
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
    pub(crate) struct CustomWire {
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

    cases! { CASES, &[];
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
}

// ------------------------------------------------------------ derive/enums.rs

/// The corpus of `derive/enums.rs` (enums, flatten, map keys, conversions), copied,
/// with its seeds.
#[allow(dead_code)]
mod enums {
    use serde::{Deserialize, Serialize};
    use serde_json::Value;
    use std::collections::{BTreeMap, HashMap};
    use toolform::ToolSchema;

    // ------------------------------------------------------------ unit-only enums

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(rename_all = "snake_case")]
    pub(crate) enum Room {
        Single,
        DoubleBed,
        #[serde(rename = "suite!")]
        Suite,
    }

    /// Pick a colour.
    #[derive(Serialize, Deserialize, ToolSchema)]
    #[schema(titled)]
    pub(crate) enum Colour {
        /// Bright red
        Red,
        #[schema(title = "Leaf green")]
        Green,
        Blue,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[allow(dead_code)] // `Never` exists to be skipped.
    pub(crate) enum WithAliases {
        #[serde(alias = "yes", alias = "y")]
        Yes,
        #[serde(rename(serialize = "NO", deserialize = "no"))]
        No,
        #[serde(skip_deserializing)]
        WriteOnly,
        #[serde(skip_serializing)]
        ReadOnly,
        #[serde(skip)]
        Never,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(rename_all = "lowercase")]
    pub(crate) enum Level {
        Low,
        High,
        #[serde(other)]
        Unknown,
    }

    // ------------------------------------------------------------ data enums

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Inner {
        x: u8,
        #[serde(default)]
        y: Option<String>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) enum External {
        Unit,
        Newtype(u8),
        Wrapped(Inner),
        Tuple(u8, String),
        /// A struct variant.
        Struct {
            a: bool,
            #[serde(default)]
            b: u16,
        },
        #[serde(alias = "Other")]
        Aliased(String),
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "type")]
    pub(crate) enum Internal {
        Unit,
        Wrapped(Inner),
        Map(BTreeMap<String, u8>),
        Struct { a: bool, b: Option<u16> },
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
    pub(crate) enum InternalClosed {
        FirstThing { value: i8 },
        SecondThing,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "t", content = "c")]
    pub(crate) enum Adjacent {
        Unit,
        Newtype(u8),
        Tuple(bool, char),
        Struct { name: String },
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "t", content = "c", deny_unknown_fields)]
    pub(crate) enum AdjacentClosed {
        Unit,
        Newtype(String),
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(untagged)]
    pub(crate) enum Untagged {
        Number(i64),
        Text(String),
        Pair(bool, bool),
        Object { id: u32 },
        Nothing,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(rename_all_fields = "camelCase")]
    pub(crate) enum RenameAllFields {
        Create { user_name: String, is_admin: bool },
        Delete { user_id: u64 },
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "op")]
    pub(crate) enum WithOther {
        Add {
            n: i32,
        },
        #[serde(other)]
        Unknown,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) enum PartlyUntagged {
        Known(u8),
        #[serde(untagged)]
        Fallback(String),
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) enum Expr {
        Literal(i32),
        Add(Box<Expr>, Box<Expr>),
        Neg(Box<Expr>),
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct UsesEnums {
        room: Room,
        colour: Option<Colour>,
        level: Level,
        #[serde(default)]
        rooms: Vec<Room>,
    }

    // ------------------------------------------------------------ flatten

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Paging {
        #[serde(default)]
        page: u32,
        per_page: Option<u8>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct FlattenStruct {
        query: String,
        #[serde(flatten)]
        paging: Paging,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct FlattenMap {
        id: u8,
        #[serde(flatten)]
        extra: HashMap<String, String>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct FlattenOption {
        id: u8,
        #[serde(flatten)]
        paging: Option<Paging>,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct FlattenInternal {
        id: u8,
        #[serde(flatten)]
        shape: Internal,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) enum Action {
        Start(u8),
        Stop { force: bool },
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct FlattenExternal {
        id: u8,
        #[serde(flatten)]
        action: Action,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct FlattenTwo {
        #[serde(flatten)]
        paging: Paging,
        #[serde(flatten)]
        rest: BTreeMap<String, Value>,
    }

    // ------------------------------------------------------------ map keys

    #[derive(Serialize, Deserialize, ToolSchema, PartialEq, Eq, PartialOrd, Ord)]
    #[serde(rename_all = "lowercase")]
    pub(crate) enum Side {
        Left,
        Right,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct KeyedMaps {
        small: BTreeMap<u8, bool>,
        signed: BTreeMap<i16, bool>,
        big: BTreeMap<u64, bool>,
        wide: BTreeMap<i64, bool>,
        nonzero: BTreeMap<std::num::NonZeroU16, bool>,
        flags: BTreeMap<bool, u8>,
        sides: BTreeMap<Side, u8>,
        letters: BTreeMap<char, u8>,
    }

    // ------------------------------------------------------------ conversions

    #[derive(Serialize, Deserialize, ToolSchema, Clone)]
    #[serde(from = "String", into = "String")]
    pub(crate) struct Tag(String);

    impl From<String> for Tag {
        fn from(s: String) -> Self {
            Tag(s)
        }
    }

    impl From<Tag> for String {
        fn from(t: Tag) -> Self {
            t.0
        }
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(try_from = "i64")]
    pub(crate) struct Percent {
        value: u8,
    }

    impl TryFrom<i64> for Percent {
        type Error = String;
        fn try_from(v: i64) -> Result<Self, String> {
            u8::try_from(v)
                .ok()
                .filter(|v| *v <= 100)
                .map(|value| Percent { value })
                .ok_or_else(|| format!("{v} is not a percentage"))
        }
    }

    #[derive(Serialize, Deserialize, ToolSchema, Clone)]
    #[serde(into = "Vec<u8>")]
    pub(crate) struct Rgb {
        r: u8,
        g: u8,
        b: u8,
    }

    impl From<Rgb> for Vec<u8> {
        fn from(c: Rgb) -> Self {
            vec![c.r, c.g, c.b]
        }
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub(crate) struct Conversions {
        tag: Tag,
        colour: Rgb,
    }

    /// `Percent`'s `TryFrom<i64>` rejects numbers outside 0..=100 in user code.
    pub(crate) const TRY_FROM: &[toolform_tests::agreement::Limit] =
        &[toolform_tests::agreement::Limit {
            name: "try_from checks",
            reason: "a TryFrom conversion validates in user code that no schema can see",
            applies: |d| {
                d.schema_accepts
                    && !d.serde_accepts
                    && d.serde_error
                        .as_deref()
                        .is_some_and(|e| e.ends_with("is not a percentage"))
            },
        }];

    cases! { CASES, TRY_FROM;
    room: Room => ["single", "double_bed", "suite!"];
    colour: Colour => ["Red", "Green"];
    with_aliases: WithAliases => ["Yes", "yes", "no", "ReadOnly"];
    level: Level => ["low", "whatever"];
    external: External => [
        "Unit", {"Newtype": 1}, {"Wrapped": {"x": 1}}, {"Tuple": [1, "a"]},
        {"Struct": {"a": true}}, {"Aliased": "s"}, {"Other": "o"},
    ];
    internal: Internal => [
        {"type": "Unit"}, {"type": "Wrapped", "x": 1, "y": "y"}, {"type": "Map", "k": 1},
        {"type": "Struct", "a": false, "b": 3},
    ];
    internal_closed: InternalClosed => [{"kind": "first-thing", "value": 1}, {"kind": "second-thing"}];
    adjacent: Adjacent => [
        {"t": "Unit"}, {"t": "Newtype", "c": 1}, {"t": "Tuple", "c": [true, "x"]},
        {"t": "Struct", "c": {"name": "n"}},
    ];
    adjacent_closed: AdjacentClosed => [{"t": "Unit"}, {"t": "Newtype", "c": "s"}];
    untagged: Untagged => [1, "s", [true, false], {"id": 1}, null];
    rename_all_fields: RenameAllFields => [
        {"Create": {"userName": "u", "isAdmin": false}}, {"Delete": {"userId": 1}},
    ];
    with_other: WithOther => [{"op": "Add", "n": 1}, {"op": "Mul"}];
    partly_untagged: PartlyUntagged => [{"Known": 1}, "free text"];
    expr: Expr => [{"Add": [{"Literal": 1}, {"Neg": {"Literal": 2}}]}];
    uses_enums: UsesEnums => [
        {"room": "single", "colour": "Blue", "level": "high", "rooms": ["suite!"]},
        {"room": "single", "colour": null, "level": "other"},
    ];
    flatten_struct: FlattenStruct => [{"query": "q"}, {"query": "q", "page": 2, "per_page": 10}];
    flatten_map: FlattenMap => [{"id": 1}, {"id": 1, "a": "b"}];
    flatten_option: FlattenOption => [{"id": 1}, {"id": 1, "page": 1, "per_page": 2}];
    flatten_internal: FlattenInternal => [{"id": 1, "type": "Unit"}, {"id": 1, "type": "Struct", "a": true, "b": null}];
    flatten_external: FlattenExternal => [{"id": 1, "Start": 2}, {"id": 1, "Stop": {"force": true}}];
    flatten_two: FlattenTwo => [{"page": 1, "x": [1]}, {}];
    keyed_maps: KeyedMaps => [{
        "small": {"7": true, "200": false}, "signed": {"-300": true, "12": true},
        "big": {"18446744073709551615": true}, "wide": {"-9223372036854775808": false},
        "nonzero": {"1": true}, "flags": {"true": 1}, "sides": {"left": 1}, "letters": {"a": 1}
    }];
    tag: Tag => ["t"];
    percent: Percent => [50];
    conversions: Conversions => [{"tag": "t", "colour": {"r": 1, "g": 2, "b": 3}}];
    }
}

// ------------------------------------------------------------ declared constraints

/// Declared constraints of every kind, on fields at every depth: in nested
/// structs, sequences, maps, options, enum variants of each representation,
/// flattened structs, aliased fields and recursive types.
#[allow(dead_code)]
mod declared {
    use serde::{Deserialize, Serialize};
    use std::collections::BTreeMap;
    use toolform::ToolSchema;

    /// `derive/constraints.rs`'s `Booking`.
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Booking {
        #[schema(length(min = 1, max = 80), example = "Ada Lovelace")]
        pub name: String,
        #[schema(format = "email")]
        pub email: String,
        #[schema(range(min = 1, max = 8))]
        pub guests: u8,
        #[schema(range(min = -100))]
        pub offset: i8,
        #[schema(range(min = 0.5, max = 99.5))]
        pub ratio: f64,
        #[schema(length(max = 3))]
        pub tags: Vec<String>,
        #[schema(length(min = 1))]
        pub extra: BTreeMap<String, u8>,
        #[schema(pattern = "^[A-Z]{2}[0-9]+$", deprecated)]
        pub code: Option<String>,
        #[schema(length(max = 2))]
        pub maybe_short: Option<String>,
    }

    /// A flight search: the issue's own example.
    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Flight {
        #[schema(pattern = "^[A-Z]{3}$")]
        pub origin: String,
        #[schema(pattern = "^[A-Z]{3}$")]
        pub destination: String,
        #[schema(format = "date")]
        pub depart_on: String,
        #[schema(range(min = 1, max = 9))]
        pub passengers: u8,
        #[serde(default)]
        #[schema(range(max = 5000))]
        pub max_price: Option<u32>,
    }

    /// Every format JSON Schema defines, declared on strings.
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Formats {
        #[schema(format = "date-time")]
        pub a: String,
        #[schema(format = "date")]
        pub b: String,
        #[schema(format = "time")]
        pub c: String,
        #[schema(format = "duration")]
        pub d: String,
        #[schema(format = "email")]
        pub e: String,
        #[schema(format = "hostname")]
        pub f: String,
        #[schema(format = "ipv4")]
        pub g: String,
        #[schema(format = "ipv6")]
        pub h: String,
        #[schema(format = "uri")]
        pub i: String,
        #[schema(format = "uri-reference")]
        pub j: String,
        #[schema(format = "uuid")]
        pub k: String,
        #[schema(format = "json-pointer")]
        pub l: String,
        #[schema(format = "relative-json-pointer")]
        pub m: String,
        #[schema(format = "uri-template")]
        pub n: String,
        #[schema(format = "regex")]
        pub o: String,
    }

    /// A line of an order: constraints one level down, in a sequence.
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Line {
        #[schema(length(min = 2, max = 12))]
        pub sku: String,
        #[schema(range(min = 1, max = 99))]
        pub quantity: u16,
    }

    /// Constraints below sequences, maps and options.
    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Order {
        #[schema(length(min = 1, max = 3))]
        pub lines: Vec<Line>,
        #[schema(length(max = 2))]
        pub by_warehouse: BTreeMap<u8, Line>,
        pub gift: Option<Line>,
        #[serde(alias = "remark")]
        #[schema(length(max = 5))]
        pub note: Option<String>,
        #[schema(range(min = -1.5, max = 1.5))]
        pub discount: f32,
    }

    /// Constraints inside the variants of each enum representation.
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub enum ExternalC {
        Named {
            #[schema(length(min = 1))]
            name: String,
        },
        Id(u32),
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "kind")]
    pub enum InternalC {
        Range {
            #[schema(range(min = 0, max = 10))]
            low: i32,
            #[schema(range(min = 0, max = 10))]
            high: i32,
        },
        Line(Line),
        Empty,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "t", content = "c")]
    pub enum AdjacentC {
        Text {
            #[schema(pattern = "^[a-z]+$")]
            word: String,
        },
        Nothing,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    #[serde(untagged)]
    pub enum UntaggedC {
        Short {
            #[schema(length(max = 3))]
            s: String,
        },
        Number(i64),
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Variants {
        pub external: ExternalC,
        pub internal: InternalC,
        pub adjacent: AdjacentC,
        pub untagged: Vec<UntaggedC>,
    }

    /// Flattened fields carry their constraints into the parent.
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Page {
        #[serde(default)]
        #[schema(range(max = 100))]
        pub page: u32,
        #[schema(range(min = 1, max = 50))]
        pub per_page: u8,
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Query {
        #[schema(length(min = 1, max = 20))]
        pub q: String,
        #[serde(flatten)]
        pub page: Page,
    }

    /// A recursive type with a constraint on every level.
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Node {
        #[schema(length(min = 1, max = 4))]
        pub label: String,
        #[schema(length(max = 2))]
        pub children: Vec<Node>,
    }

    /// Lengths count characters, not bytes.
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Unicode {
        #[schema(length(min = 2, max = 3))]
        pub word: String,
        #[schema(pattern = "^\\p{Lu}")]
        pub capital: String,
    }

    cases! { CASES, &[];
        booking: Booking => [{
            "name": "Ada", "email": "ada@example.com", "guests": 2, "offset": -1, "ratio": 1.5,
            "tags": ["a"], "extra": {"k": 1}, "code": "AB12", "maybe_short": "ab"
        }];
        flight: Flight => [
            {"origin": "LHR", "destination": "JFK", "departOn": "2025-09-14", "passengers": 2},
            {"origin": "LHR", "destination": "JFK", "departOn": "2025-09-14", "passengers": 9, "maxPrice": 800},
        ];
        formats: Formats => [{
            "a": "2024-05-01T10:00:00Z", "b": "2024-05-01", "c": "10:30:00+02:00", "d": "P1DT2H",
            "e": "a@b.co", "f": "example.com", "g": "10.0.0.1", "h": "::1", "i": "https://x.io/a",
            "j": "../a?b", "k": "67e55044-10b1-426f-9247-bb680e5fe0c8", "l": "/a/0", "m": "1/a",
            "n": "/users/{id}", "o": "^a+$"
        }];
        order: Order => [
            {"lines": [{"sku": "ab", "quantity": 1}], "by_warehouse": {"3": {"sku": "cd", "quantity": 2}},
             "gift": null, "note": "hi", "discount": 0.5},
            {"lines": [{"sku": "ab", "quantity": 1}, {"sku": "abcdef", "quantity": 99}], "by_warehouse": {},
             "gift": {"sku": "zz", "quantity": 5}, "remark": "x", "discount": -1},
        ];
        variants: Variants => [
            {"external": {"Named": {"name": "n"}}, "internal": {"kind": "Range", "low": 1, "high": 2},
             "adjacent": {"t": "Text", "c": {"word": "abc"}}, "untagged": [{"s": "abc"}, 5]},
            {"external": {"Id": 3}, "internal": {"kind": "Line", "sku": "ab", "quantity": 3},
             "adjacent": {"t": "Nothing"}, "untagged": []},
            {"external": {"Id": 3}, "internal": {"kind": "Empty"}, "adjacent": {"t": "Nothing", "c": null},
             "untagged": [7]},
        ];
        query: Query => [{"q": "rust", "per_page": 10}, {"q": "r", "page": 3, "per_page": 50}];
        node: Node => [{"label": "root", "children": [{"label": "a", "children": []}, {"label": "b", "children": [{"label": "c", "children": []}]}]}];
        unicode: Unicode => [{"word": "ñé", "capital": "Élan"}, {"word": "漢字🦀", "capital": "Ω"}];
    }
}

// ------------------------------------------------------------ agreement

#[test]
fn agreement_on_the_corpus() {
    let mut total = Tally::default();
    let mut types = 0;
    for (group, cases) in [
        ("structs", structs::CASES),
        ("enums", enums::CASES),
        ("declared", declared::CASES),
    ] {
        let mut tally = Tally::default();
        for case in cases {
            tally.absorb((case.run)(case.name));
        }
        println!(
            "{group}: {} types, {} documents ({} accepted by parse_args), documented disagreements: {:?}, \
             walk refuses an integral float the validator accepts: {}",
            cases.len(),
            tally.documents,
            tally.accepted,
            tally.documented,
            tally.walk_integral
        );
        types += cases.len();
        total.absorb(tally);
    }
    println!(
        "total: {types} types, {} documents, {} accepted, documented disagreements: {:?}, walk/integral: {}",
        total.documents, total.accepted, total.documented, total.walk_integral
    );
    assert!(
        total.problems.is_empty(),
        "{} problem(s):\n{}",
        total.problems.len(),
        total
            .problems
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(types >= 70, "{types}");
    // Every constraint kind made the schema stricter than serde somewhere,
    // and parse_args agreed with the schema there (no documented limit is
    // about declared constraints).
    assert!(!total.documented.contains_key("declared constraint"));
}

/// The walk alone, on the declared-constraint corpus: the schema's verdict.
#[test]
fn validate_args_is_the_schema_verdict() {
    let doc =
        json!({"origin": "lhr", "destination": "JFK", "departOn": "2025-02-30", "passengers": 0});
    let found = toolform::args::validate_args(declared::Flight::SHAPE, &doc);
    let rules: Vec<&str> = found.iter().map(|v| v.rule).collect();
    assert_eq!(rules, ["pattern", "format", "minimum"], "{found:?}");
    assert!(!validator(declared::Flight::input_schema()).is_valid(&doc));
}

// ------------------------------------------------------------ k faults

/// One violation per independent fault, for documents with k of them.
#[test]
fn k_faults_give_k_violations() {
    use declared::{Booking, Flight, Order, Query, Variants};
    fn count<T: ToolSchema + serde::de::DeserializeOwned>(doc: Value) -> Vec<String> {
        match parse_args::<T>(&doc) {
            Ok(_) => Vec::new(),
            Err(e) => e.violations().iter().map(|v| v.to_string()).collect(),
        }
    }
    let cases: Vec<(Vec<String>, usize)> = vec![
        // 1: one bound.
        (
            count::<Flight>(
                json!({"origin": "LHR", "destination": "JFK", "departOn": "2025-09-14", "passengers": 12}),
            ),
            1,
        ),
        // 2: a bound and a missing field.
        (
            count::<Flight>(json!({"origin": "LHR", "departOn": "2025-09-14", "passengers": 12})),
            2,
        ),
        // 5: every field wrong in its own way.
        (
            count::<Flight>(
                json!({"origin": "lhr", "destination": 7, "departOn": "2025-13-01", "passengers": -1, "maxPrice": 5001}),
            ),
            5,
        ),
        // 4: serde alone would say one thing; a wrong type, an unknown key
        // (closed), a nested bound, too many lines.
        (
            count::<Order>(json!({
                "lines": [{"sku": "a", "quantity": 1}, {"sku": "ab", "quantity": 100}, {"sku": "ab", "quantity": 1}, {"sku": "ab", "quantity": 1}],
                "by_warehouse": {"x": {"sku": "ab", "quantity": 1}},
                "discount": "none",
                "colour": "red"
            })),
            6,
        ),
        // 3 inside enum variants, one per representation.
        (
            count::<Variants>(json!({
                "external": {"Named": {"name": ""}},
                "internal": {"kind": "Range", "low": -1, "high": 11},
                "adjacent": {"t": "Text", "c": {"word": "ABC"}},
                "untagged": [{"s": "abc"}]
            })),
            4,
        ),
        // Flattened: the parent's field and two of the flattened ones.
        (
            count::<Query>(json!({"q": "", "page": 101, "per_page": 0})),
            3,
        ),
        // Every field of Booking wrong at once.
        (
            count::<Booking>(json!({
                "name": "", "email": "nope", "guests": 9, "offset": 200, "ratio": 100,
                "tags": ["a", "b", "c", "d"], "extra": {}, "code": "ab", "maybe_short": "abc"
            })),
            9,
        ),
    ];
    for (i, (found, k)) in cases.iter().enumerate() {
        assert_eq!(found.len(), *k, "case {i}: {found:#?}");
    }
}

// ------------------------------------------------------------ messages

#[test]
fn messages_and_paths_are_exact() {
    use declared::{Flight, Order, Variants};
    let err = parse_args::<Flight>(
        &json!({"passengers": 12, "departOn": "2025-09-14", "destination": "JFK"}),
    )
    .err()
    .expect("refused");
    assert_eq!(
        err.violations()
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>(),
        [
            "/passengers: 12 is above the maximum 9 (maximum)",
            "/origin: missing (required)",
        ]
    );
    assert_eq!(
        err.to_string(),
        "the arguments do not match the tool's input schema (2 violations)\n  \
         /passengers: 12 is above the maximum 9 (maximum)\n  /origin: missing (required)"
    );
    let v = &err.violations()[0];
    assert_eq!((v.path.as_str(), v.rule), ("/passengers", "maximum"));

    let err = parse_args::<Order>(&json!({
        "lines": [{"sku": "a", "quantity": 1.0}],
        "by_warehouse": {"256": {"sku": "ab", "quantity": 1}},
        "note": "n", "remark": "r",
        "discount": 2,
        "a/b~c": 1
    }))
    .err()
    .expect("refused");
    let lines: Vec<String> = err.violations().iter().map(|v| v.to_string()).collect();
    assert_eq!(
        lines,
        [
            "/lines/0/sku: 1 characters, fewer than the minimum 2 (minLength)",
            "/lines/0/quantity: expected an integer, got 1.0 (integers are written without a fraction or exponent) (type)",
            "/by_warehouse/256: the key \"256\" is not an integer from 0 to 255, written plainly (propertyNames)",
            "/discount: 2 is above the maximum 1.5 (maximum)",
            "/a~1b~0c: unknown key (the keys are \"lines\", \"by_warehouse\", \"gift\", \"note\", \"remark\" or \"discount\") (additionalProperties)",
            "/remark: names the same field as \"note\": give only one of them (not)",
        ],
    );

    let err = parse_args::<Variants>(&json!({
        "external": {"Nope": 1},
        "internal": {"kind": "Square"},
        "adjacent": {"c": {"word": "x"}},
        "untagged": [true]
    }))
    .err()
    .expect("refused");
    let lines: Vec<String> = err.violations().iter().map(|v| v.to_string()).collect();
    assert_eq!(
        lines,
        [
            "/external: expected {\"Named\": …} or {\"Id\": …}, got an object with keys \"Nope\" (oneOf)",
            "/internal/kind: \"Square\" is not one of \"Range\", \"Line\" or \"Empty\" (enum)",
            "/adjacent/t: missing: the variant's tag, one of \"Text\" or \"Nothing\" (required)",
            "/untagged/0: expected an object or an integer, got true (anyOf)",
        ],
    );

    // Unit variants of an external enum by name.
    let err =
        parse_args::<enums::UsesEnums>(&json!({"room": "attic", "level": "low", "colour": null}))
            .err()
            .expect("refused");
    assert_eq!(
        err.violations()[0].to_string(),
        "/room: \"attic\" is not one of \"single\", \"double_bed\" or \"suite!\" (enum)"
    );
    // One violation: singular header.
    assert!(
        err.to_string()
            .starts_with("the arguments do not match the tool's input schema (1 violation)\n")
    );
    // A check only user code makes: serde's message, rule `serde`, whole document.
    let err = parse_args::<enums::Percent>(&json!(101))
        .err()
        .expect("refused");
    assert_eq!(err.violations().len(), 1);
    let v = &err.violations()[0];
    assert_eq!(
        (v.path.as_str(), v.rule, v.message.as_str()),
        ("", "serde", "101 is not a percentage")
    );
    assert_eq!(v.to_string(), "/: 101 is not a percentage (serde)");
    // `std::error::Error`.
    let boxed: Box<dyn std::error::Error> = Box::new(err);
    assert!(boxed.to_string().contains("(1 violation)"));
}

/// An invalid declared pattern is a violation naming it, never a panic.
/// (The derive refuses an invalid `#[schema(pattern)]` at compile time; a
/// hand-written shape can still carry one.)
#[test]
fn invalid_pattern_is_a_violation() {
    use toolform::shape::{Body, Constraints, Field, Named, Shape, Struct};
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Bad {
        word: String,
    }
    fn string() -> &'static Shape {
        String::SHAPE
    }
    const CONSTRAINTS: Constraints = Constraints {
        min_length: None,
        max_length: None,
        minimum: None,
        maximum: None,
        pattern: Some("([a-z]"),
        format: None,
        examples: &[],
        deprecated: false,
        header: None,
        items: None,
        values: None,
    };
    impl ToolSchema for Bad {
        const SHAPE: &'static Shape = &Shape::Named(&Named {
            type_name: || "Bad",
            title: None,
            description: None,
            body: Body::Struct(&Struct {
                fields: &[Field {
                    rust_name: "word",
                    ser_name: Some("word"),
                    de_name: Some("word"),
                    shape: string,
                    ser_shape: string,
                    constraints: Some(&CONSTRAINTS),
                    ..Field::BASE
                }],
                deny_unknown_fields: false,
            }),
        });
    }
    for _ in 0..2 {
        // Twice: compiled once, cached with its error, same answer.
        let err = parse_args::<Bad>(&json!({"word": "abc"})).expect_err("refused");
        let v = &err.violations()[0];
        assert_eq!((v.path.as_str(), v.rule), ("/word", "pattern"));
        assert!(
            v.message
                .starts_with("the pattern \"([a-z]\" is not a valid ECMA-262 regular expression"),
            "{v}"
        );
    }
}

// ------------------------------------------------------------ hostile

/// Exactly what serde_json's parser accepts: 127 levels, not 128.
#[test]
fn depth_limit_is_serde_json_s() {
    for depth in [126, 127, 128, 129] {
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let parsed = serde_json::from_str::<Value>(&text);
        let value = deep_array(depth);
        let ours = parse_args::<Value>(&value);
        assert_eq!(parsed.is_ok(), ours.is_ok(), "{depth}");
        if let Err(e) = ours {
            assert_eq!(e.violations()[0].rule, "depth");
            assert_eq!(e.violations()[0].path, "");
        }
        if let Ok(v) = parsed {
            dispose(v);
        }
        dispose(value);
    }
}

/// 100 000 levels deep, at the root and under a field: refused, no stack
/// overflow (serde's `Value` deserializer would recurse all the way).
#[test]
fn deep_values_are_refused_without_recursion() {
    let depth = 100_000;
    for value in [deep_array(depth), deep_object(depth)] {
        let err = parse_args::<Value>(&value).expect_err("refused");
        assert_eq!(err.violations()[0].rule, "depth");
        let err = parse_args::<structs::Tree>(&value).err().expect("refused");
        assert_eq!(err.violations().len(), 1);
        assert_eq!(
            toolform::args::validate_args(structs::Tree::SHAPE, &value).len(),
            1
        );
        dispose(value);
    }
    let mut doc = Map::new();
    doc.insert("label".into(), json!("x"));
    doc.insert("children".into(), deep_array(depth));
    let doc = Value::Object(doc);
    let err = parse_args::<structs::Tree>(&doc).err().expect("refused");
    assert_eq!(err.violations()[0].rule, "depth", "{err}");
    dispose(doc);
    // A type serde reads only as deep as the type goes: a deep value where
    // it expects a string is a type error, under a key it ignores nothing
    // at all (serde and the schema both accept it); no stack is at risk.
    for (key, expect_ok) in [("tags", false), ("unknown", true)] {
        let mut doc = Map::new();
        doc.insert("query".into(), json!("q"));
        doc.insert(key.into(), deep_array(depth));
        let doc = Value::Object(doc);
        match parse_args::<structs::SearchArgs>(&doc) {
            Ok(_) => assert!(expect_ok, "{key}"),
            Err(e) => {
                assert!(!expect_ok, "{key}: {e}");
                assert_eq!(e.violations().len(), 1, "{e}");
                assert_eq!(
                    e.violations()[0].to_string(),
                    "/tags/0: expected a string, got an array (type)"
                );
            }
        }
        dispose(doc);
    }
    // A recursive type 120 levels deep (within the limit) is walked fine.
    let mut tree = json!({"label": "leaf", "children": []});
    for _ in 0..60 {
        tree = json!({"label": "n", "children": [tree]});
    }
    assert!(parse_args::<structs::Tree>(&tree).is_ok());
    let mut bad = json!({"label": 5, "children": []});
    for _ in 0..60 {
        bad = json!({"label": "n", "children": [bad]});
    }
    let err = parse_args::<structs::Tree>(&bad).err().expect("refused");
    assert_eq!(err.violations().len(), 1);
    assert!(
        err.violations()[0].path.ends_with("/children/0/label"),
        "{err}"
    );
    dispose(tree);
    dispose(bad);
}

/// Non-ASCII keys and values: lengths in characters, messages cut on
/// character boundaries, pointers escaped.
#[test]
fn non_ascii_keys_and_values() {
    let long = "漢字🦀é".repeat(500);
    let doc = json!({"word": long, "capital": "élan", "ключ/~": "значение"});
    let err = parse_args::<declared::Unicode>(&doc)
        .err()
        .expect("refused");
    let lines: Vec<String> = err.violations().iter().map(|v| v.to_string()).collect();
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert_eq!(
        lines[0],
        "/word: 2000 characters, more than the maximum 3 (maxLength)"
    );
    assert!(
        lines[1].starts_with("/capital: \"élan\" does not match the pattern"),
        "{}",
        lines[1]
    );
    assert!(parse_args::<declared::Unicode>(&json!({"word": "🦀🦀", "capital": "Ωmega"})).is_ok());
    // Unknown non-ASCII keys in a closed struct, escaped in the pointer.
    let doc = json!({"id": 1, "ключ/~": "x", long.clone(): 1});
    let err = parse_args::<structs::Closed>(&doc).err().expect("refused");
    assert_eq!(err.violations().len(), 2);
    assert_eq!(err.violations()[0].path, "/ключ~1~0");
    // A long key is shortened in the pointer (issue 22), and says so.
    assert!(
        err.violations()[1].path.ends_with('…'),
        "{}",
        err.violations()[1].path
    );
    // A non-ASCII string where an enum name goes: quoted, bounded.
    let err = parse_args::<enums::Room>(&json!(long))
        .err()
        .expect("refused");
    assert!(err.violations()[0].message.chars().count() < 400, "{err}");
}

/// 1k, 10k and 100k items and keys, each bad or good: linear (the whole
/// file runs in seconds; a quadratic walk would take minutes).
#[test]
fn large_documents_stay_linear() {
    for n in [1_000usize, 10_000, 100_000] {
        // A sequence of bad items: one violation each.
        let items: Vec<Value> = (0..n).map(|i| json!({"s": format!("{i}-long")})).collect();
        let doc = json!({
            "external": {"Id": 1}, "internal": {"kind": "Empty"}, "adjacent": {"t": "Nothing"},
            "untagged": items
        });
        let err = parse_args::<declared::Variants>(&doc)
            .err()
            .expect("refused");
        // Capped (issue 22): the first 100, then one entry counting the rest.
        assert_eq!(err.violations().len(), toolform::args::MAX_VIOLATIONS + 1);
        assert!(
            err.violations()[toolform::args::MAX_VIOLATIONS]
                .message
                .contains(&format!("and {} more", n - toolform::args::MAX_VIOLATIONS))
        );
        // Good: accepted.
        let items: Vec<Value> = (0..n).map(|i| json!(i)).collect();
        let doc = json!({
            "external": {"Id": 1}, "internal": {"kind": "Empty"}, "adjacent": {"t": "Nothing"},
            "untagged": items
        });
        assert!(parse_args::<declared::Variants>(&doc).is_ok());
        // A map of n entries with bad keys and values.
        let mut map = Map::new();
        for i in 0..n {
            map.insert(format!("k{i}"), json!(i % 2 == 0));
        }
        let doc = json!({"small": map, "signed": {}, "big": {}, "wide": {}, "nonzero": {}, "flags": {}, "sides": {}, "letters": {}});
        let err = parse_args::<enums::KeyedMaps>(&doc).err().expect("refused");
        // Capped (issue 22): the first 100, then one entry counting the rest.
        assert_eq!(err.violations().len(), capped(n));
        // An object of n unknown keys in a closed struct.
        let mut obj = Map::new();
        obj.insert("id".into(), json!(1));
        for i in 0..n {
            obj.insert(format!("extra{i}"), json!(i));
        }
        let err = parse_args::<structs::Closed>(&Value::Object(obj))
            .err()
            .expect("refused");
        // Capped (issue 22): the first 100, then one entry counting the rest.
        assert_eq!(err.violations().len(), capped(n));
        // A big valid map.
        let mut obj = Map::new();
        for i in 0..n {
            obj.insert(format!("{i}"), json!({"sku": "ab", "quantity": 1}));
        }
        let doc = json!({"lines": [{"sku": "ab", "quantity": 1}], "by_warehouse": obj, "gift": null, "discount": 0});
        // maxProperties 2 and keys above 255: n - 256 + 1 violations.
        let err = parse_args::<declared::Order>(&doc).err().expect("refused");
        assert_eq!(err.violations().len(), capped(1 + n.saturating_sub(256)));
    }
}

/// Recursive enums near the depth limit: an error at the bottom is named
/// with its full path, and untagged alternatives that both descend are
/// decided once per value node (linear, not 2^depth).
#[test]
fn recursive_enums_near_the_depth_limit() {
    // External: {"Neg": {"Neg": ... {"Literal": "x"}}}, 120 objects deep.
    let mut doc = json!({"Literal": "x"});
    for _ in 0..119 {
        doc = json!({ "Neg": doc });
    }
    let err = parse_args::<enums::Expr>(&doc).err().expect("refused");
    assert_eq!(err.violations().len(), 1, "{err}");
    let v = &err.violations()[0];
    assert_eq!(v.path, format!("{}/Literal", "/Neg".repeat(119)));
    assert_eq!(v.message, "expected an integer, got a string");
    dispose(doc);

    #[derive(Deserialize, ToolSchema)]
    #[serde(untagged)]
    #[allow(dead_code)]
    enum Nest {
        Left(Vec<Nest>),
        Right(Vec<Nest>),
        Leaf(u8),
    }
    let mut doc = json!(["bad"]);
    for _ in 0..120 {
        doc = Value::Array(vec![doc]);
    }
    // Without per-node verdicts this is 2^120 alternative walks.
    let found = toolform::args::validate_args(Nest::SHAPE, &doc);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(!validator(Nest::input_schema()).is_valid(&json!([[["bad"]]])));
    dispose(doc);
}

use toolform_tests::growth::capped;
