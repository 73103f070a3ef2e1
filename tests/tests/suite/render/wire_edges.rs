//! Wire edges: places where serde reads or writes something other than what
//! the type alone suggests, each checked against serde itself.
//!
//! - Buffered content (`flatten`, `untagged`, internally and adjacently tagged
//!   enums): serde reads these positions from its own `Content` buffer, whose
//!   map keys are strings, so maps with integer, boolean or float keys can
//!   only be empty there, and `u128`/`i128` (which the buffer does not
//!   support) are never read. The owned buffer (flatten, internally tagged)
//!   also reads `()` from `{}`.
//! - Internally tagged newtype variants holding `()`, a unit struct, an
//!   `Option`, a newtype struct or an enum.
//! - A flattened externally tagged enum with a unit variant.
//! - Two distinct types with the same `std::any::type_name`.
//! - Tuple structs and tuple variants with no fields.
//! - Keys claimed twice: an outer field and a flattened field, a tag and a
//!   newtype variant's field.
//!
//! Every claim about serde below is checked by running serde: `reads`
//! asserts serde's own verdict before comparing the schema's.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::marker::PhantomData;
use toolform::{Contract, ToolSchema};
use toolform_tests::agreement::{self, Limit};

// ------------------------------------------------------------ the harness

use toolform_tests::judge::Judge;

// ------------------------------------------------- 1. keys in buffered content

/// Not buffered: serde_json reads integer keys from strings.
#[derive(Serialize, Deserialize, ToolSchema)]
struct PlainIntKeys {
    m: BTreeMap<u8, bool>,
    n: u128,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlatIntMap {
    id: u8,
    #[serde(flatten)]
    rest: HashMap<u32, f64>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Counts {
    m: BTreeMap<i16, u8>,
    #[serde(default)]
    flags: HashMap<bool, u8>,
    #[serde(default)]
    letters: BTreeMap<char, u8>,
    big: Option<u128>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlatNested {
    id: u8,
    #[serde(flatten)]
    counts: Counts,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(untagged)]
enum UntaggedIntKeys {
    Keyed { m: HashMap<u8, bool> },
    Deeper(Vec<BTreeMap<u16, bool>>),
    Wide { wide: i128 },
    Text(String),
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "t")]
enum InternalIntKeys {
    A {
        m: HashMap<u8, bool>,
        n: Option<i128>,
    },
    B(BTreeMap<u8, bool>),
    C(Counts),
}

#[derive(Serialize, Deserialize, ToolSchema)]
enum PartlyUntaggedIntKeys {
    Known(BTreeMap<u8, bool>),
    #[serde(untagged)]
    Other(String),
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "t", content = "c")]
enum AdjacentIntKeys {
    A(BTreeMap<u8, bool>),
    B(u8),
}

/// serde reads an adjacently tagged enum's content directly when the tag
/// comes first, and from its buffer when the content comes first. JSON
/// Schema cannot see key order: the schema promises what serde reads in
/// either order.
const KEY_ORDER: &[Limit] = &[Limit {
    name: "adjacent key order",
    reason: "serde buffers an adjacently tagged enum's content only when it precedes the tag; \
             the schema describes the buffered reading, which serde accepts in either order",
    applies: |d| d.serde_accepts && !d.schema_accepts,
}];

#[test]
fn integer_keys_in_buffered_content() {
    let mut j = Judge::default();

    // Not buffered: integer keys and u128 are read.
    j.reads::<PlainIntKeys>(json!({"m": {"1": true}, "n": 5}), true);

    // A flattened int-keyed map: every key the outer struct does not own
    // reaches the map as a string, which serde cannot read as an integer.
    j.reads::<FlatIntMap>(json!({"id": 1}), true);
    j.reads::<FlatIntMap>(json!({"id": 1, "1": 2.0}), false);
    j.reads::<FlatIntMap>(json!({"id": 1, "x": 2.0}), false);
    j.writes(
        &FlatIntMap {
            id: 1,
            rest: [(7, 2.5)].into(),
        },
        Some(json!({"id": 1, "7": 2.5})),
    );
    j.agrees_with::<FlatIntMap>(&[json!({"id": 1})], &[]);

    // Deeper inside a flattened struct.
    j.reads::<FlatNested>(json!({"id": 1, "m": {}, "big": null}), true);
    j.reads::<FlatNested>(json!({"id": 1, "m": {"1": 2}}), false);
    j.reads::<FlatNested>(json!({"id": 1, "m": {}, "flags": {"true": 1}}), false);
    j.reads::<FlatNested>(json!({"id": 1, "m": {}, "letters": {"a": 1}}), true);
    j.reads::<FlatNested>(json!({"id": 1, "m": {}, "big": 5}), false);
    j.reads::<FlatNested>(json!({"id": 1, "m": {}}), true);
    j.writes(
        &FlatNested {
            id: 1,
            counts: Counts {
                m: [(-3, 1)].into(),
                flags: [(true, 1)].into(),
                letters: [('a', 2)].into(),
                big: Some(5),
            },
        },
        Some(json!({
            "id": 1, "m": {"-3": 1}, "flags": {"true": 1}, "letters": {"a": 2},
            "big": 5
        })),
    );
    j.agrees_with::<FlatNested>(
        &[json!({"id": 1, "m": {}, "letters": {"a": 1}, "big": null})],
        &[],
    );

    // Untagged: every variant is read from the buffer.
    j.reads::<UntaggedIntKeys>(json!({"m": {}}), true);
    j.reads::<UntaggedIntKeys>(json!({"m": {"1": true}}), false);
    j.reads::<UntaggedIntKeys>(json!([{}, {}]), true);
    j.reads::<UntaggedIntKeys>(json!([{"1": true}]), false);
    j.reads::<UntaggedIntKeys>(json!({"wide": 1}), false);
    j.reads::<UntaggedIntKeys>(json!("s"), true);
    j.writes(
        &UntaggedIntKeys::Keyed {
            m: [(1, true)].into(),
        },
        Some(json!({"m": {"1": true}})),
    );
    j.writes(
        &UntaggedIntKeys::Wide { wide: -5 },
        Some(json!({"wide": -5})),
    );
    j.agrees_with::<UntaggedIntKeys>(&[json!({"m": {}}), json!([{}]), json!("s")], &[]);

    // Internally tagged: struct and newtype variants, and deeper.
    j.reads::<InternalIntKeys>(json!({"t": "A", "m": {}}), true);
    j.reads::<InternalIntKeys>(json!({"t": "A", "m": {"1": true}}), false);
    j.reads::<InternalIntKeys>(json!({"t": "A", "m": {}, "n": null}), true);
    j.reads::<InternalIntKeys>(json!({"t": "A", "m": {}, "n": 1}), false);
    j.reads::<InternalIntKeys>(json!({"t": "B"}), true);
    j.reads::<InternalIntKeys>(json!({"t": "B", "1": true}), false);
    j.reads::<InternalIntKeys>(json!({"t": "C", "m": {"1": 1}}), false);
    j.reads::<InternalIntKeys>(json!({"t": "C", "m": {}}), true);
    j.writes(
        &InternalIntKeys::B([(1, true)].into()),
        Some(json!({"t": "B", "1": true})),
    );
    j.writes(
        &InternalIntKeys::A {
            m: [(2, false)].into(),
            n: Some(-5),
        },
        Some(json!({"t": "A", "m": {"2": false}, "n": -5})),
    );
    j.agrees_with::<InternalIntKeys>(
        &[
            json!({"t": "A", "m": {}}),
            json!({"t": "B"}),
            json!({"t": "C", "m": {}}),
        ],
        &[],
    );

    // One untagged variant buffers the tagged ones too.
    j.reads::<PartlyUntaggedIntKeys>(json!({"Known": {}}), true);
    j.reads::<PartlyUntaggedIntKeys>(json!({"Known": {"1": true}}), false);
    j.writes(
        &PartlyUntaggedIntKeys::Known([(1, true)].into()),
        Some(json!({"Known": {"1": true}})),
    );
    j.agrees_with::<PartlyUntaggedIntKeys>(&[json!({"Known": {}}), json!("s")], &[]);

    // Adjacently tagged: the key order decides.
    // Tag first: serde reads the content directly, integer keys too. The
    // schema cannot tell this document from the one below (JSON Schema has
    // no key order) and promises what serde reads in either order.
    j.check(
        "AdjacentIntKeys: serde reads integer keys when the tag comes first",
        serde_json::from_value::<AdjacentIntKeys>(json!({"t": "A", "c": {"1": true}})).is_ok(),
    );
    j.reads::<AdjacentIntKeys>(json!({"c": {"1": true}, "t": "A"}), false);
    j.reads::<AdjacentIntKeys>(json!({"c": {}, "t": "A"}), true);
    j.check(
        "AdjacentIntKeys: the input schema must refuse content serde refuses when it precedes the tag",
        !agreement::validator(AdjacentIntKeys::input_schema())
            .is_valid(&json!({"c": {"1": true}, "t": "A"})),
    );
    j.writes(
        &AdjacentIntKeys::A([(1, true)].into()),
        Some(json!({"t": "A", "c": {"1": true}})),
    );
    j.agrees_with::<AdjacentIntKeys>(
        &[json!({"t": "A", "c": {}}), json!({"t": "B", "c": 1})],
        KEY_ORDER,
    );
    j.finish();
}

// ------------------------------------------- 1b. more of the class: units

#[derive(Serialize, Deserialize, ToolSchema)]
struct Marker;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Units {
    unit: (),
    marker: Marker,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlatUnits {
    id: u8,
    #[serde(flatten)]
    units: Units,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(untagged)]
enum UntaggedUnits {
    Units { unit: (), marker: Marker },
}

#[test]
fn units_in_buffered_content() {
    let mut j = Judge::default();
    // Not buffered: only null.
    j.reads::<Units>(json!({"unit": null, "marker": null}), true);
    j.reads::<Units>(json!({"unit": {}, "marker": null}), false);
    j.reads::<Units>(json!({"unit": null, "marker": {}}), false);
    // serde's owned buffer (flatten, internally tagged) reads `()` from `{}`
    // and a unit struct from `{}` and `[]`.
    j.reads::<FlatUnits>(json!({"id": 1, "unit": null, "marker": null}), true);
    j.reads::<FlatUnits>(json!({"id": 1, "unit": {}, "marker": {}}), true);
    j.reads::<FlatUnits>(json!({"id": 1, "unit": null, "marker": []}), true);
    j.reads::<FlatUnits>(json!({"id": 1, "unit": [], "marker": null}), false);
    j.reads::<FlatUnits>(json!({"id": 1, "unit": {"a": 1}, "marker": null}), false);
    j.writes(
        &FlatUnits {
            id: 1,
            units: Units {
                unit: (),
                marker: Marker,
            },
        },
        Some(json!({"id": 1, "unit": null, "marker": null})),
    );
    // The borrowed buffer (untagged) does not.
    j.reads::<UntaggedUnits>(json!({"unit": null, "marker": null}), true);
    j.reads::<UntaggedUnits>(json!({"unit": {}, "marker": null}), false);
    j.reads::<UntaggedUnits>(json!({"unit": null, "marker": {}}), false);
    j.agrees_with::<FlatUnits>(&[json!({"id": 1, "unit": null, "marker": null})], &[]);
    j.agrees_with::<UntaggedUnits>(&[json!({"unit": null, "marker": null})], &[]);
    j.finish();
}

// ------------------------------------ 2. internally tagged newtype variants

#[derive(Serialize, Deserialize, ToolSchema)]
struct UnitS;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Y {
    #[serde(rename = "Y")]
    y: u8,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct NtY(Y);

#[derive(Serialize, Deserialize, ToolSchema)]
struct NtU8(u8);

#[derive(Serialize, Deserialize, ToolSchema)]
enum ExtInner {
    A,
    B(u8),
    C { z: bool },
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "k")]
enum IntInner {
    P,
    Q { z: bool },
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "t")]
enum TaggedNewtypes {
    Ping(()),
    Unit(UnitS),
    Phantom(PhantomData<u8>),
    Maybe(Option<Y>),
    MaybeU8(Option<u8>),
    MaybeUnit(Option<()>),
    Wrapped(NtY),
    WrappedU8(NtU8),
    Ext(ExtInner),
    Int(IntInner),
}

#[test]
fn internally_tagged_newtype_variants() {
    let mut j = Judge::default();
    type T = TaggedNewtypes;
    // `()`, unit structs, PhantomData: the tag alone, nothing beside it.
    j.reads::<T>(json!({"t": "Ping"}), true);
    j.reads::<T>(json!({"t": "Ping", "x": 1}), false);
    j.reads::<T>(json!({"t": "Ping", "x": null}), false);
    j.reads::<T>(json!({"t": "Unit"}), true);
    j.reads::<T>(json!({"t": "Unit", "x": 1}), false);
    j.reads::<T>(json!({"t": "Phantom"}), true);
    j.reads::<T>(json!({"t": "Phantom", "x": 1}), false);
    j.writes(&T::Ping(()), Some(json!({"t": "Ping"})));
    j.writes(&T::Unit(UnitS), Some(json!({"t": "Unit"})));
    j.writes(&T::Phantom(PhantomData), Some(json!({"t": "Phantom"})));
    // `Option<T>`: serde reads the inner value from the other keys (never
    // `None`), and refuses to write either `None` or `Some`.
    j.reads::<T>(json!({"t": "Maybe", "Y": 2}), true);
    j.reads::<T>(json!({"t": "Maybe", "Y": 2, "z": 1}), true);
    j.reads::<T>(json!({"t": "Maybe"}), false);
    j.reads::<T>(json!({"t": "MaybeU8"}), false);
    j.reads::<T>(json!({"t": "MaybeU8", "a": 1}), false);
    j.reads::<T>(json!({"t": "MaybeUnit"}), true);
    j.reads::<T>(json!({"t": "MaybeUnit", "a": 1}), false);
    j.writes(&T::Maybe(None), None);
    j.writes(&T::Maybe(Some(Y { y: 2 })), None);
    j.writes(&T::MaybeU8(Some(1)), None);
    j.writes(&T::MaybeUnit(Some(())), None);
    j.output_accepts::<T>(json!({"t": "Maybe", "Y": 2}), false);
    j.output_accepts::<T>(json!({"t": "MaybeUnit"}), false);
    // A newtype struct around a struct: the struct's keys beside the tag.
    j.reads::<T>(json!({"t": "Wrapped", "Y": 2}), true);
    j.reads::<T>(json!({"t": "Wrapped"}), false);
    j.writes(
        &T::Wrapped(NtY(Y { y: 2 })),
        Some(json!({"t": "Wrapped", "Y": 2})),
    );
    // Around a number: nothing either way.
    j.reads::<T>(json!({"t": "WrappedU8"}), false);
    j.writes(&T::WrappedU8(NtU8(2)), None);
    // An externally tagged enum: one key beside the tag.
    j.reads::<T>(json!({"t": "Ext", "A": null}), true);
    j.reads::<T>(json!({"t": "Ext", "A": {}}), true);
    j.reads::<T>(json!({"t": "Ext", "A": []}), false);
    j.reads::<T>(json!({"t": "Ext", "B": 1}), true);
    j.reads::<T>(json!({"t": "Ext", "C": {"z": true}}), true);
    j.reads::<T>(json!({"t": "Ext", "B": 1, "x": 1}), false);
    j.reads::<T>(json!({"t": "Ext"}), false);
    j.reads::<T>(json!({"t": "Ext", "A": "A"}), false);
    j.writes(&T::Ext(ExtInner::A), Some(json!({"t": "Ext", "A": null})));
    j.writes(&T::Ext(ExtInner::B(1)), Some(json!({"t": "Ext", "B": 1})));
    j.writes(
        &T::Ext(ExtInner::C { z: true }),
        Some(json!({"t": "Ext", "C": {"z": true}})),
    );
    // An internally tagged enum: both tags.
    j.reads::<T>(json!({"t": "Int", "k": "P"}), true);
    j.reads::<T>(json!({"t": "Int", "k": "Q", "z": true}), true);
    j.reads::<T>(json!({"t": "Int"}), false);
    j.writes(&T::Int(IntInner::P), Some(json!({"t": "Int", "k": "P"})));
    j.writes(
        &T::Int(IntInner::Q { z: false }),
        Some(json!({"t": "Int", "k": "Q", "z": false})),
    );
    j.agrees_with::<T>(
        &[
            json!({"t": "Ping"}),
            json!({"t": "Unit"}),
            json!({"t": "Phantom"}),
            json!({"t": "Wrapped", "Y": 2}),
            json!({"t": "Ext", "A": null}),
            json!({"t": "Ext", "B": 1}),
            json!({"t": "Ext", "C": {"z": true}}),
            json!({"t": "Int", "k": "Q", "z": true}),
        ],
        &[],
    );
    j.meta_valid::<T>();
    j.finish();
}

// ------------------------------------ 3. flattened externally tagged enum

#[derive(Serialize, Deserialize, ToolSchema)]
enum Control {
    Pause,
    Resume(u8),
    Seek { to: u32 },
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlatControl {
    id: u8,
    #[serde(flatten)]
    control: Control,
}

#[test]
fn flattened_external_unit_variant() {
    let mut j = Judge::default();
    j.writes(
        &FlatControl {
            id: 1,
            control: Control::Pause,
        },
        Some(json!({"id": 1, "Pause": null})),
    );
    j.writes(
        &FlatControl {
            id: 1,
            control: Control::Resume(3),
        },
        Some(json!({"id": 1, "Resume": 3})),
    );
    j.reads::<FlatControl>(json!({"id": 1, "Pause": null}), true);
    // The value is read from serde's owned buffer: `()` also from `{}`.
    j.reads::<FlatControl>(json!({"id": 1, "Pause": {}}), true);
    j.reads::<FlatControl>(json!({"id": 1, "Pause": []}), false);
    j.reads::<FlatControl>(json!({"id": 1, "Pause": 1}), false);
    j.reads::<FlatControl>(json!({"id": 1}), false);
    j.agrees_with::<FlatControl>(
        &[
            json!({"id": 1, "Pause": null}),
            json!({"id": 1, "Resume": 2}),
            json!({"id": 1, "Seek": {"to": 5}}),
        ],
        &[],
    );
    j.finish();
}

// ------------------------------------ 4. one type_name, two types

/// Picks a type out of a `const _` block, where it cannot be named.
trait Pick {
    type T;
}
struct First;
struct Second;

const _: () = {
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Twin {
        pub x: u8,
    }
    impl Pick for First {
        type T = Twin;
    }
};

const _: () = {
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Twin {
        pub y: String,
    }
    impl Pick for Second {
        type T = Twin;
    }
};

const _: () = {
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct GenTwin<T> {
        pub x: T,
    }
    impl Pick for (First, u8) {
        type T = GenTwin<u8>;
    }
};

const _: () = {
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct GenTwin<T> {
        pub y: T,
    }
    impl Pick for (Second, u8) {
        type T = GenTwin<u8>;
    }
};

type TwinA = <First as Pick>::T;
type TwinB = <Second as Pick>::T;
type GenA = <(First, u8) as Pick>::T;
type GenB = <(Second, u8) as Pick>::T;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Twins {
    a: TwinA,
    b: TwinB,
    c: GenA,
    d: GenB,
    again: TwinA,
}

#[test]
fn one_type_name_two_types() {
    let mut j = Judge::default();
    j.check(
        "the two Twin types share a type_name (the premise of this test)",
        std::any::type_name::<TwinA>() == std::any::type_name::<TwinB>()
            && std::any::type_name::<GenA>() == std::any::type_name::<GenB>(),
    );
    j.check(
        "the two Twin types have distinct schemas",
        TwinA::input_schema() != TwinB::input_schema()
            && GenA::input_schema() != GenB::input_schema(),
    );
    let doc = json!({
        "a": {"x": 1}, "b": {"y": "s"}, "c": {"x": 2}, "d": {"y": 3}, "again": {"x": 4}
    });
    j.reads::<Twins>(doc.clone(), true);
    j.reads::<Twins>(
        json!({"a": {"x": 1}, "b": {"x": 1}, "c": {"x": 2}, "d": {"y": 3}, "again": {"x": 4}}),
        false,
    );
    j.reads::<Twins>(
        json!({"a": {"x": 1}, "b": {"y": "s"}, "c": {"x": 2}, "d": {"x": 3}, "again": {"x": 4}}),
        false,
    );
    j.agrees_with::<Twins>(std::slice::from_ref(&doc), &[]);
    for contract in [Contract::Input, Contract::Output] {
        let defs = Twins::schema(
            toolform::SchemaSettings::from(contract).defs(toolform::Defs::EveryNamedType),
        )
        .unwrap()
        .clone();
        let names: Vec<&String> = defs["$defs"]
            .as_object()
            .map(|m| m.keys().collect())
            .unwrap_or_default();
        j.check(
            &format!("{contract:?}: four distinct $defs for four types, got {names:?}\n{defs:#}"),
            names.len() == 4,
        );
        j.check(
            &format!("{contract:?}: the $defs rendering reads the document\n{defs:#}"),
            agreement::validator(&defs).is_valid(&doc),
        );
    }
    j.finish();
}

// ------------------------------------ 5. no fields in parentheses

#[derive(Serialize, Deserialize, ToolSchema)]
struct EmptyTuple();

#[derive(Serialize, Deserialize, ToolSchema)]
enum EmptyVariant {
    V(),
    W(u8),
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "t", content = "c")]
enum AdjacentEmpty {
    V(),
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(untagged)]
enum UntaggedEmpty {
    V(),
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlatEmptyVariant {
    id: u8,
    #[serde(flatten)]
    e: EmptyVariant,
}

#[test]
fn empty_tuples() {
    let mut j = Judge::default();
    j.meta_valid::<EmptyTuple>();
    j.meta_valid::<EmptyVariant>();
    j.meta_valid::<AdjacentEmpty>();
    j.meta_valid::<UntaggedEmpty>();
    j.meta_valid::<FlatEmptyVariant>();
    j.reads::<EmptyTuple>(json!([]), true);
    j.reads::<EmptyTuple>(json!([1]), false);
    j.reads::<EmptyTuple>(json!({}), false);
    j.reads::<EmptyTuple>(json!(null), false);
    j.writes(&EmptyTuple(), Some(json!([])));
    // serde_json's `Value` hands an empty array to a tuple variant as a unit:
    // `from_value` reads `V()` from nothing (`from_str` reads `{"V": []}`).
    j.reads::<EmptyVariant>(json!({"V": []}), false);
    j.reads::<EmptyVariant>(json!({"V": null}), false);
    j.reads::<EmptyVariant>(json!("V"), false);
    j.reads::<EmptyVariant>(json!({"W": 1}), true);
    j.check(
        "from_str reads {\"V\": []} (the contrast with from_value)",
        serde_json::from_str::<EmptyVariant>(r#"{"V": []}"#).is_ok(),
    );
    j.writes(&EmptyVariant::V(), Some(json!({"V": []})));
    j.reads::<AdjacentEmpty>(json!({"t": "V", "c": []}), true);
    j.reads::<AdjacentEmpty>(json!({"t": "V", "c": [1]}), false);
    j.reads::<AdjacentEmpty>(json!({"t": "V"}), false);
    j.writes(&AdjacentEmpty::V(), Some(json!({"t": "V", "c": []})));
    j.reads::<UntaggedEmpty>(json!([]), true);
    j.reads::<UntaggedEmpty>(json!(null), false);
    j.writes(&UntaggedEmpty::V(), Some(json!([])));
    // From serde's buffer, `[]` reaches the variant as a sequence.
    j.reads::<FlatEmptyVariant>(json!({"id": 1, "V": []}), true);
    j.reads::<FlatEmptyVariant>(json!({"id": 1, "V": [1]}), false);
    j.writes(
        &FlatEmptyVariant {
            id: 1,
            e: EmptyVariant::V(),
        },
        Some(json!({"id": 1, "V": []})),
    );
    j.agrees_with::<EmptyTuple>(&[json!([])], &[]);
    j.agrees_with::<EmptyVariant>(&[json!({"W": 1})], &[]);
    j.agrees_with::<AdjacentEmpty>(&[json!({"t": "V", "c": []})], KEY_ORDER);
    j.agrees_with::<UntaggedEmpty>(&[json!([])], &[]);
    j.agrees_with::<FlatEmptyVariant>(&[json!({"id": 1, "V": []}), json!({"id": 1, "W": 2})], &[]);
    j.finish();
}

// ------------------------------------ 7. keys claimed twice

#[derive(Serialize, Deserialize, ToolSchema)]
struct InnerId {
    id: Option<String>,
    z: u8,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct OuterFirst {
    id: u8,
    #[serde(flatten)]
    inner: InnerId,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct OuterLast {
    #[serde(flatten)]
    inner: InnerId,
    id: u8,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct InnerIdRequired {
    id: String,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct OuterUnreadable {
    id: u8,
    #[serde(flatten)]
    inner: InnerIdRequired,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct TwoFlattened {
    #[serde(flatten)]
    first: InnerId,
    #[serde(flatten)]
    second: InnerIdRequired,
}

/// A field declared after a flattened map is the outer struct's own: the map
/// never sees it.
#[derive(Serialize, Deserialize, ToolSchema)]
struct MapThenField {
    #[serde(flatten)]
    extra: HashMap<String, u8>,
    name: String,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct HasT {
    t: Option<u8>,
    v: u8,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "t")]
enum TagCollides {
    A(HasT),
    B { w: u8 },
}

#[test]
fn keys_claimed_twice() {
    let mut j = Judge::default();
    // The outer struct reads the key; the flattened struct never sees it.
    j.reads::<OuterFirst>(json!({"id": 1, "z": 2}), true);
    j.reads::<OuterFirst>(json!({"id": "s", "z": 2}), false);
    j.reads::<OuterLast>(json!({"id": 1, "z": 2}), true);
    j.reads::<OuterLast>(json!({"id": "s", "z": 2}), false);
    // On output the later writer wins (serde_json keeps the last value).
    j.writes(
        &OuterFirst {
            id: 1,
            inner: InnerId {
                id: Some("s".into()),
                z: 2,
            },
        },
        Some(json!({"id": "s", "z": 2})),
    );
    j.writes(
        &OuterFirst {
            id: 1,
            inner: InnerId { id: None, z: 2 },
        },
        Some(json!({"id": null, "z": 2})),
    );
    j.writes(
        &OuterLast {
            id: 1,
            inner: InnerId {
                id: Some("s".into()),
                z: 2,
            },
        },
        Some(json!({"id": 1, "z": 2})),
    );
    // A required key claimed by the outer struct: nothing reads.
    j.reads::<OuterUnreadable>(json!({"id": 1}), false);
    j.reads::<OuterUnreadable>(json!({"id": "s"}), false);
    j.writes(
        &OuterUnreadable {
            id: 1,
            inner: InnerIdRequired { id: "s".into() },
        },
        Some(json!({"id": "s"})),
    );
    // Two flattened structs: the first takes the key.
    j.reads::<TwoFlattened>(json!({"id": "s", "z": 1}), false);
    j.reads::<TwoFlattened>(json!({"z": 1}), false);
    j.writes(
        &TwoFlattened {
            first: InnerId { id: None, z: 1 },
            second: InnerIdRequired { id: "s".into() },
        },
        Some(json!({"id": "s", "z": 1})),
    );
    // A field after a flattened map.
    j.reads::<MapThenField>(json!({"name": "n"}), true);
    j.reads::<MapThenField>(json!({"name": "n", "a": 1}), true);
    j.reads::<MapThenField>(json!({"name": "n", "a": "x"}), false);
    j.writes(
        &MapThenField {
            extra: [("a".to_string(), 1)].into(),
            name: "n".into(),
        },
        Some(json!({"a": 1, "name": "n"})),
    );
    // A tag and a newtype variant's field: serde takes the tag; the field
    // is missing (here `None`); on output the field overwrites the tag.
    j.reads::<TagCollides>(json!({"t": "A", "v": 1}), true);
    j.reads::<TagCollides>(json!({"t": "B", "w": 1}), true);
    j.writes(
        &TagCollides::A(HasT { t: None, v: 1 }),
        Some(json!({"t": null, "v": 1})),
    );
    j.writes(
        &TagCollides::A(HasT { t: Some(7), v: 1 }),
        Some(json!({"t": 7, "v": 1})),
    );
    j.writes(&TagCollides::B { w: 1 }, Some(json!({"t": "B", "w": 1})));
    j.agrees_with::<OuterFirst>(&[json!({"id": 1, "z": 2})], &[]);
    j.agrees_with::<OuterLast>(&[json!({"id": 1, "z": 2})], &[]);
    j.agrees_with::<MapThenField>(&[json!({"name": "n", "a": 1})], &[]);
    j.agrees_with::<TagCollides>(&[json!({"t": "A", "v": 1}), json!({"t": "B", "w": 1})], &[]);
    j.finish();
}

// ------------------------------------ the class: what buffering leaves alone

#[derive(Serialize, Deserialize, ToolSchema)]
struct Scalars {
    ratio: f32,
    flag: bool,
    letter: char,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlatScalars {
    id: u8,
    #[serde(flatten)]
    scalars: Scalars,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(untagged)]
enum UntaggedScalars {
    Scalars {
        ratio: f32,
        flag: bool,
        letter: char,
    },
}

/// serde's buffer does not parse strings into numbers or booleans any more
/// than serde_json does: scalars read the same in every position.
#[test]
fn scalars_read_the_same_in_buffered_content() {
    let mut j = Judge::default();
    let ok = json!({"id": 1, "ratio": 1, "flag": true, "letter": "x"});
    j.reads::<FlatScalars>(ok.clone(), true);
    j.reads::<UntaggedScalars>(ok.clone(), true);
    j.reads::<Scalars>(ok.clone(), true);
    for (key, value) in [
        ("ratio", json!("1.5")),
        ("flag", json!("true")),
        ("letter", json!("xy")),
    ] {
        let mut doc = ok.clone();
        doc[key] = value;
        j.reads::<Scalars>(doc.clone(), false);
        j.reads::<FlatScalars>(doc.clone(), false);
        j.reads::<UntaggedScalars>(doc, false);
    }
    j.agrees_with::<FlatScalars>(std::slice::from_ref(&ok), &[]);
    j.agrees_with::<UntaggedScalars>(&[ok], &[]);
    j.finish();
}

#[derive(Deserialize)]
#[allow(dead_code)] // read to see whether serde reads it
struct Borrowed<'a> {
    s: &'a str,
}

#[derive(Deserialize)]
#[allow(dead_code)]
struct FlatBorrowed<'a> {
    id: u8,
    #[serde(borrow, flatten)]
    inner: Borrowed<'a>,
}

#[derive(Deserialize)]
#[allow(dead_code)]
#[serde(untagged)]
enum UntaggedBorrowed<'a> {
    A { s: &'a str },
}

/// A borrowed `&str` reads only a string without escapes, buffered or not
/// (`from_str`; `from_value` cannot lend a string at all, so no schema
/// describes such a type): buffering changes nothing here either.
#[test]
fn borrowed_strings_read_the_same_in_buffered_content() {
    for (src, reads) in [
        (r#"{"id": 1, "s": "plain"}"#, true),
        (r#"{"id": 1, "s": "esc\"aped"}"#, false),
    ] {
        assert_eq!(
            serde_json::from_str::<Borrowed>(src).is_ok(),
            reads,
            "{src}"
        );
        assert_eq!(
            serde_json::from_str::<FlatBorrowed>(src).is_ok(),
            reads,
            "{src}"
        );
        assert_eq!(
            serde_json::from_str::<UntaggedBorrowed>(src).is_ok(),
            reads,
            "{src}"
        );
    }
}

// ------------------------------------ one type, read two ways in one document

#[derive(Serialize, Deserialize, ToolSchema)]
struct Node {
    m: BTreeMap<u8, u8>,
    kids: Vec<Node>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(untagged)]
enum Buffered {
    Counts { counts: Counts },
    Node { node: Node },
}

/// `Counts` and `Node` directly and inside an untagged enum: serde reads
/// integer keys in the first place only, at every depth of the recursion.
#[derive(Serialize, Deserialize, ToolSchema)]
struct ReadTwoWays {
    counts: Counts,
    node: Node,
    buffered: Vec<Buffered>,
}

#[test]
fn one_type_read_two_ways() {
    let mut j = Judge::default();
    let doc = json!({
        "counts": {"m": {"1": 1}, "big": 7},
        "node": {"m": {"1": 1}, "kids": [{"m": {"2": 2}, "kids": []}]},
        "buffered": [
            {"counts": {"m": {}, "big": null}},
            {"node": {"m": {}, "kids": [{"m": {}, "kids": []}]}}
        ]
    });
    j.reads::<ReadTwoWays>(doc.clone(), true);
    let mut deep = doc.clone();
    deep["buffered"][1]["node"]["kids"][0]["m"] = json!({"3": 3});
    j.reads::<ReadTwoWays>(deep, false);
    let mut wide = doc.clone();
    wide["buffered"][0]["counts"]["big"] = json!(1);
    j.reads::<ReadTwoWays>(wide, false);
    j.agrees_with::<ReadTwoWays>(std::slice::from_ref(&doc), &[]);
    let n = agreement::check_defs_equivalent::<ReadTwoWays>(std::slice::from_ref(&doc));
    j.check("the $defs rendering was compared", n > 0);
    let defs = ReadTwoWays::schema(
        toolform::SchemaSettings::from(Contract::Input).defs(toolform::Defs::EveryNamedType),
    )
    .unwrap()
    .clone();
    let names: Vec<&String> = defs["$defs"]
        .as_object()
        .map(|m| m.keys().collect())
        .unwrap_or_default();
    j.check(
        &format!("Counts and Node each read two ways: two $defs each, got {names:?}"),
        names.len() == 5,
    );
    j.finish();
}

// ------------------------------------ enums beside another enum's tag

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "k")]
enum Mid {
    X(ExtInner),
    Y { z: u8 },
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(untagged)]
enum Loose {
    Unit,
    Fields { q: bool },
    Wrapped(Y),
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
#[serde(tag = "t")]
enum Nested {
    M(Mid),
    L(Loose),
    C(Rgb),
}

#[test]
fn enums_beside_a_tag() {
    let mut j = Judge::default();
    type T = Nested;
    j.reads::<T>(json!({"t": "M", "k": "X", "A": null}), true);
    j.reads::<T>(json!({"t": "M", "k": "X", "B": 1}), true);
    j.reads::<T>(json!({"t": "M", "k": "X", "B": 1, "C": {"z": true}}), false);
    j.reads::<T>(json!({"t": "M", "k": "Y", "z": 1}), true);
    j.writes(
        &T::M(Mid::X(ExtInner::A)),
        Some(json!({"t": "M", "k": "X", "A": null})),
    );
    j.writes(
        &T::M(Mid::X(ExtInner::B(2))),
        Some(json!({"t": "M", "k": "X", "B": 2})),
    );
    // An untagged unit variant is written as the tag alone, and never read
    // back (serde's borrowed buffer reads a unit only from null).
    j.reads::<T>(json!({"t": "L"}), false);
    j.reads::<T>(json!({"t": "L", "q": true}), true);
    j.reads::<T>(json!({"t": "L", "Y": 1}), true);
    j.writes(&T::L(Loose::Unit), Some(json!({"t": "L"})));
    j.writes(
        &T::L(Loose::Fields { q: true }),
        Some(json!({"t": "L", "q": true})),
    );
    j.writes(
        &T::L(Loose::Wrapped(Y { y: 1 })),
        Some(json!({"t": "L", "Y": 1})),
    );
    // `into` a sequence: read as the struct, never written.
    j.reads::<T>(json!({"t": "C", "r": 1, "g": 2, "b": 3}), true);
    j.writes(&T::C(Rgb { r: 1, g: 2, b: 3 }), None);
    j.output_accepts::<T>(json!({"t": "C", "r": 1, "g": 2, "b": 3}), false);
    j.agrees_with::<T>(
        &[
            json!({"t": "M", "k": "X", "A": null}),
            json!({"t": "M", "k": "Y", "z": 1}),
            json!({"t": "L", "q": true}),
            json!({"t": "L", "Y": 1}),
            json!({"t": "C", "r": 1, "g": 2, "b": 3}),
        ],
        &[],
    );
    j.finish();
}

// ------------------------------------ the pinned JSON, $defs, dialects

macro_rules! corpus {
    ($($name:ident: $ty:ty => [$($seed:tt),* $(,)?];)*) => {
        fn schemas() -> Vec<(&'static str, &'static Value, &'static Value)> {
            vec![$((stringify!($name), <$ty>::input_schema(), <$ty>::output_schema())),*]
        }
        fn defs_equivalent() -> usize {
            0 $(+ agreement::check_defs_equivalent::<$ty>(&[$(json!($seed)),*]))*
        }
        fn meta_valid(j: &mut Judge) {
            $(j.meta_valid::<$ty>();)*
        }
        const DIALECTS: &[fn() -> agreement::DialectReport] = &[$(
            || agreement::check_dialects_with::<$ty>(&[$(json!($seed)),*], KEY_ORDER)
        ),*];
    };
}

corpus! {
    flat_int_map: FlatIntMap => [{"id": 1}];
    flat_nested: FlatNested => [{"id": 1, "m": {}, "letters": {"a": 1}, "big": null}];
    untagged_int_keys: UntaggedIntKeys => [{"m": {}}, [{}], "s"];
    internal_int_keys: InternalIntKeys => [{"t": "A", "m": {}}, {"t": "B"}, {"t": "C", "m": {}}];
    adjacent_int_keys: AdjacentIntKeys => [{"t": "A", "c": {}}, {"t": "B", "c": 1}];
    flat_units: FlatUnits => [{"id": 1, "unit": null, "marker": null}];
    tagged_newtypes: TaggedNewtypes => [
        {"t": "Ping"}, {"t": "Wrapped", "Y": 2}, {"t": "Ext", "A": null}, {"t": "Int", "k": "P"},
    ];
    flat_control: FlatControl => [{"id": 1, "Pause": null}, {"id": 1, "Resume": 2}];
    empty_variant: EmptyVariant => [{"W": 1}];
    flat_empty_variant: FlatEmptyVariant => [{"id": 1, "V": []}];
    outer_first: OuterFirst => [{"id": 1, "z": 2}];
    map_then_field: MapThenField => [{"name": "n", "a": 1}];
    tag_collides: TagCollides => [{"t": "A", "v": 1}];
    nested: Nested => [{"t": "M", "k": "X", "A": null}, {"t": "L", "q": true}];
}

#[test]
fn snapshots() {
    let mut failures = Vec::new();
    for (name, input, output) in schemas() {
        for (contract, schema) in [("input", input), ("output", output)] {
            if let Err(e) =
                toolform_tests::snapshot(&format!("wire_edges/{name}.{contract}"), schema)
            {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn schemas_are_valid_and_defs_equivalent() {
    let mut j = Judge::default();
    meta_valid(&mut j);
    j.meta_valid::<Twins>();
    j.meta_valid::<ReadTwoWays>();
    j.check("documents compared", defs_equivalent() > 0);
    j.finish();
}

/// What a converted schema accepts, serde reads (after `Dialect::decode`).
#[test]
fn dialects_on_the_corpus() {
    agreement::dialect_corpus(DIALECTS.iter().copied());
}
