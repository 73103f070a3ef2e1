//! Two edges of the one rule that JSON Schema (or serde_json's `Value`)
//! cannot close, pinned as the README's "Documented limits" names them: a
//! change in serde or serde_json that moves either shows up here.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use toolform::ToolSchema;

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
#[serde(tag = "kind")]
enum IntE {
    A { x: u8 },
    B,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Holder {
    #[serde(flatten)]
    e: IntE,
    #[serde(flatten)]
    rest: BTreeMap<String, u8>,
}

fn valid(schema: &Value, doc: &Value) -> bool {
    toolform_tests::agreement::try_validator_in(schema, jsonschema::Draft::Draft202012)
        .is_ok_and(|v| v.is_valid(doc))
}

/// serde reads an internally tagged enum's tag by its index where it
/// buffers content (flatten), and the flattened map keeps the tag's entry
/// too; written back, the map's `"kind": 0` lands after the enum's
/// `"kind": "A"` and wins. The input schema says the name (the "variant
/// index" limit: `parse_args` follows serde and reads the index); the
/// output schema cannot describe a key written twice.
#[test]
fn a_tag_read_by_index_through_flatten_is_written_back_by_the_map() {
    let doc = json!({"kind": 0, "x": 1, "z": 3});
    let read: Holder = serde_json::from_value(doc.clone()).expect("serde reads the index");
    assert!(matches!(read.e, IntE::A { x: 1 }), "{read:?}");
    assert_eq!(read.rest.get("kind"), Some(&0));
    let written = serde_json::to_value(&read).expect("writes");
    assert_eq!(written, json!({"kind": 0, "x": 1, "z": 3}));
    assert!(
        !valid(Holder::input_schema(), &doc),
        "the input schema refuses the index"
    );
    assert!(
        toolform::parse_args::<Holder>(&doc).is_ok(),
        "parse_args reads as serde does"
    );
    assert!(
        !valid(Holder::output_schema(), &written),
        "the limit: {written}"
    );
    // By name, serde refuses: the map takes `"kind": "A"` too, and it is no
    // `u8`. The schema and parse_args agree.
    let by_name = json!({"kind": "A", "x": 1, "z": 3});
    assert!(serde_json::from_value::<Holder>(by_name.clone()).is_err());
    assert!(!valid(Holder::input_schema(), &by_name));
    assert!(toolform::parse_args::<Holder>(&by_name).is_err());
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Wide {
    big: u128,
    small: i128,
}

/// `u128`/`i128` are bounded to what serde_json's `Value` holds (u64 and i64
/// ranges): `parse_args` and MCP SDKs read arguments through `Value`, where
/// a larger integer is a float. `serde_json::from_str::<T>` on the text reads
/// wider integers straight into the field, past the schema's bound.
#[test]
fn wide_integers_are_bounded_to_what_value_holds() {
    let schema = Wide::input_schema();
    assert_eq!(schema["properties"]["big"]["maximum"], json!(u64::MAX));
    let text = r#"{"big": 18446744073709551616, "small": 0}"#;
    let direct: Wide = serde_json::from_str(text).expect("serde_json reads it from text");
    assert_eq!(direct.big, 18446744073709551616);
    assert!(serde_json::from_str::<Value>(text).is_ok_and(|v| !valid(schema, &v)));
    assert!(
        toolform::parse_args::<Wide>(text).is_err(),
        "through Value: refused"
    );
    let at_bound = format!(r#"{{"big": {}, "small": {}}}"#, u64::MAX, i64::MIN);
    let read: Wide = toolform::parse_args(at_bound.as_str()).expect("within Value's range");
    assert_eq!(read.big, u128::from(u64::MAX));
}
