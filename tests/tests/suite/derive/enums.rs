//! ToolSchema for enums, flatten and conversions: snapshots and agreement.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use toolform::ToolSchema;
use toolform_tests::agreement::{self, Report};
use toolform_tests::snapshot;

// ------------------------------------------------------------ unit-only enums

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
enum Room {
    Single,
    DoubleBed,
    #[serde(rename = "suite!")]
    Suite,
}

/// Pick a colour.
#[derive(Serialize, Deserialize, ToolSchema)]
#[schema(titled)]
enum Colour {
    /// Bright red
    Red,
    #[schema(title = "Leaf green")]
    Green,
    Blue,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[allow(dead_code)] // `Never` exists to be skipped.
enum WithAliases {
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
enum Level {
    Low,
    High,
    #[serde(other)]
    Unknown,
}

// ------------------------------------------------------------ data enums

#[derive(Serialize, Deserialize, ToolSchema)]
struct Inner {
    x: u8,
    #[serde(default)]
    y: Option<String>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
enum External {
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
enum Internal {
    Unit,
    Wrapped(Inner),
    Map(BTreeMap<String, u8>),
    Struct { a: bool, b: Option<u16> },
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
enum InternalClosed {
    FirstThing { value: i8 },
    SecondThing,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(u8),
    Tuple(bool, char),
    Struct { name: String },
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "t", content = "c", deny_unknown_fields)]
enum AdjacentClosed {
    Unit,
    Newtype(String),
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(untagged)]
enum Untagged {
    Number(i64),
    Text(String),
    Pair(bool, bool),
    Object { id: u32 },
    Nothing,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(rename_all_fields = "camelCase")]
enum RenameAllFields {
    Create { user_name: String, is_admin: bool },
    Delete { user_id: u64 },
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "op")]
enum WithOther {
    Add {
        n: i32,
    },
    #[serde(other)]
    Unknown,
}

#[derive(Serialize, Deserialize, ToolSchema)]
enum PartlyUntagged {
    Known(u8),
    #[serde(untagged)]
    Fallback(String),
}

#[derive(Serialize, Deserialize, ToolSchema)]
enum Expr {
    Literal(i32),
    Add(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct UsesEnums {
    room: Room,
    colour: Option<Colour>,
    level: Level,
    #[serde(default)]
    rooms: Vec<Room>,
}

// ------------------------------------------------------------ flatten

#[derive(Serialize, Deserialize, ToolSchema)]
struct Paging {
    #[serde(default)]
    page: u32,
    per_page: Option<u8>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlattenStruct {
    query: String,
    #[serde(flatten)]
    paging: Paging,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlattenMap {
    id: u8,
    #[serde(flatten)]
    extra: HashMap<String, String>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlattenOption {
    id: u8,
    #[serde(flatten)]
    paging: Option<Paging>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlattenInternal {
    id: u8,
    #[serde(flatten)]
    shape: Internal,
}

#[derive(Serialize, Deserialize, ToolSchema)]
enum Action {
    Start(u8),
    Stop { force: bool },
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlattenExternal {
    id: u8,
    #[serde(flatten)]
    action: Action,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlattenTwo {
    #[serde(flatten)]
    paging: Paging,
    #[serde(flatten)]
    rest: BTreeMap<String, Value>,
}

// ------------------------------------------------------------ map keys

#[derive(Serialize, Deserialize, ToolSchema, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
enum Side {
    Left,
    Right,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct KeyedMaps {
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
struct Tag(String);

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
struct Percent {
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
struct Rgb {
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
struct Conversions {
    tag: Tag,
    colour: Rgb,
}

// ------------------------------------------------------------ the runs

struct Case {
    name: &'static str,
    run: fn(&'static str) -> Result<Report, String>,
    dialects: fn() -> agreement::DialectReport,
}

/// `Percent`'s `TryFrom<i64>` rejects numbers outside 0..=100 in user code.
const TRY_FROM: &[agreement::Limit] = &[agreement::Limit {
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

macro_rules! cases {
    ($($name:ident: $ty:ty => [$($seed:tt),* $(,)?];)*) => {
        const CASES: &[Case] = &[$(Case {
            name: stringify!($name),
            run: |name| agreement::run_case::<$ty>(name, &[$(json!($seed)),*], TRY_FROM),
            dialects: || agreement::check_dialects_with::<$ty>(&[$(json!($seed)),*], TRY_FROM),
        }),*];

        fn schemas() -> Vec<(&'static str, &'static Value, &'static Value)> {
            vec![$((stringify!($name), <$ty>::input_schema(), <$ty>::output_schema())),*]
        }
    };
}

cases! {
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

#[test]
fn snapshots() {
    let mut failures = Vec::new();
    for (name, input, output) in schemas() {
        for (contract, schema) in [("input", input), ("output", output)] {
            if let Err(e) = snapshot(&format!("enums/{name}.{contract}"), schema) {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn agreement_corpus() {
    let mut failures = Vec::new();
    let mut documented: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut documents, mut outputs) = (0, 0);
    for case in CASES {
        match (case.run)(case.name) {
            Ok(report) => {
                documents += report.documents;
                outputs += report.outputs;
                for (limit, _) in &report.documented {
                    *documented.entry(limit).or_default() += 1;
                }
            }
            Err(e) => failures.push(e),
        }
    }
    println!(
        "{} types, {documents} documents, {outputs} outputs checked, documented limits: {documented:?}",
        CASES.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Values only construction can make: variants serde reads but never from
/// the seeds above, and write-only variants.
#[test]
fn outputs_of_constructed_values() {
    let failures = agreement::check_outputs(&[WithAliases::WriteOnly, WithAliases::Yes]);
    assert!(failures.is_empty(), "{failures:?}");
    let failures = agreement::check_outputs(&[Rgb { r: 1, g: 2, b: 3 }]);
    assert!(failures.is_empty(), "{failures:?}");
}

#[test]
fn defs_mode_is_equivalent() {
    let n = agreement::check_defs_equivalent::<UsesEnums>(&[json!(
        {"room": "single", "colour": "Blue", "level": "high", "rooms": ["suite!"]}
    )]) + agreement::check_defs_equivalent::<Expr>(&[json!(
        {"Add": [{"Literal": 1}, {"Neg": {"Literal": 2}}]}
    )]) + agreement::check_defs_equivalent::<FlattenStruct>(&[json!(
        {"query": "q", "page": 2, "per_page": 10}
    )]);
    let defs = UsesEnums::schema(
        toolform::SchemaSettings::from(toolform::Contract::Input)
            .defs(toolform::Defs::EveryNamedType),
    )
    .unwrap()
    .clone();
    assert!(defs["$defs"]["Room"].is_object(), "{defs:#}");
    snapshot("enums/uses_enums.input.defs", &defs).unwrap();
    println!("{n} documents judged the same by the inline and $defs renderings");
}

/// Every dialect, on the whole corpus: the independent checker accepts each
/// converted schema or the converter refused with paths; what a converted
/// schema accepts, serde reads after `Dialect::decode`.
#[test]
fn dialects_on_the_corpus() {
    agreement::dialect_corpus(CASES.iter().map(|c| c.dialects));
}
