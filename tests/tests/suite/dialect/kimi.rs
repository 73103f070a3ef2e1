//! Kimi (issue 42): the Moonshot Flavored JSON Schema, held against the
//! rules table row `KIMI` (runtime/src/dialect/table.rs) and the
//! independent checker written from Moonshot's documents
//! (`dialect_check::check_kimi`): every subschema typed, `type` arrays and
//! `anyOf` standing alone, `$ref` inlined, enums of one kind, the size
//! limits, tool names; `parse_args` as strict as the schema sent.

use serde::Deserialize;
use serde_json::{Map, Value, json};
use toolform::ToolSchema;
use toolform::dialect::{Dialect, convert};
use toolform_tests::dialect_check::{Provider, check};

const KIMI: Dialect = Dialect::Kimi;

fn accepted(schema: &Value) -> Value {
    let out = convert(schema, KIMI).unwrap_or_else(|e| panic!("{schema}: {e}"));
    let problems = check(Provider::Kimi, &out);
    assert!(problems.is_empty(), "{out:#}\n{problems:#?}");
    out
}

fn refused(schema: &Value, rule: &str, path: &str) -> String {
    let e = convert(schema, KIMI).expect_err("refused");
    e.violations()
        .iter()
        .find(|v| v.rule == rule && v.path == path)
        .unwrap_or_else(|| panic!("expected {rule} at {path:?}, got {e}"))
        .message
        .clone()
}

fn obj(props: Value) -> Value {
    let names: Vec<String> = props.as_object().unwrap().keys().cloned().collect();
    json!({"type": "object", "properties": props, "required": names})
}

#[test]
fn kimi_is_listed_and_named() {
    assert!(Dialect::ALL.contains(&KIMI));
    assert_eq!(KIMI.to_string(), "Kimi");
    assert_eq!(Provider::of(KIMI), Some(Provider::Kimi));
}

/// Bounds, `pattern`, formats, titles and defaults are not MFJS: the
/// constraints move into the description, the title goes; objects close.
#[test]
fn kimi_moves_what_mfjs_lacks_into_the_description() {
    let schema = obj(json!({
        "n": {"type": "integer", "minimum": 0, "maximum": 255, "title": "N"},
        "s": {"type": "string", "pattern": "^a", "maxLength": 9, "format": "email"},
        "a": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "d": {"type": "integer", "default": 3},
    }));
    let out = accepted(&schema);
    assert_eq!(out["additionalProperties"], false);
    let p = &out["properties"];
    assert!(p["n"].get("title").is_none() && p["n"].get("minimum").is_none());
    let said = |k: &str| p[k]["description"].as_str().unwrap_or_default().to_owned();
    assert!(
        said("n").contains("minimum: 0") && said("n").contains("maximum: 255"),
        "{}",
        said("n")
    );
    assert!(
        said("s").contains("pattern") && said("s").contains("email"),
        "{}",
        said("s")
    );
    assert!(said("a").contains("minItems: 1"), "{}", said("a"));
    assert!(
        p["d"].get("default").is_none() && said("d").contains('3'),
        "{}",
        said("d")
    );
    // Unchanged as JSON Schema 2020-12 would have kept them: the checker
    // refuses the bounds.
    assert!(!check(Provider::Kimi, &schema).is_empty());
}

/// A `type` array beside structure becomes an `anyOf` with one alternative
/// per type, each holding its own type's keywords: the same documents pass.
#[test]
fn kimi_splits_a_type_array_beside_structure() {
    let schema = obj(json!({
        "tags": {"type": ["array", "null"], "items": {"type": "string"}, "description": "labels"},
        "inner": {"type": ["object", "null"], "properties": {"x": {"type": "integer"}}, "required": ["x"], "additionalProperties": false},
        "n": {"type": ["integer", "null"], "description": "alone: kept"},
    }));
    let out = accepted(&schema);
    let tags = &out["properties"]["tags"];
    let alts = tags["anyOf"].as_array().unwrap_or_else(|| panic!("{tags}"));
    assert_eq!(alts.len(), 2, "{tags}");
    assert!(tags.get("type").is_none(), "{tags}");
    assert_eq!(out["properties"]["n"]["type"], json!(["integer", "null"]));
    let before = toolform_tests::agreement::validator(&schema);
    let after = toolform_tests::agreement::validator(&out);
    for tags in [json!(["a"]), json!(null), json!("x"), json!([1]), json!({})] {
        for inner in [json!({"x": 1}), json!(null), json!({"x": "1"}), json!([])] {
            let doc = json!({"tags": tags, "inner": inner, "n": 1});
            assert_eq!(before.is_valid(&doc), after.is_valid(&doc), "{doc}");
        }
    }
}

/// No `$ref` is written: a type used twice is written out twice, recursion
/// is refused at its `$ref`.
#[test]
fn kimi_inlines_refs_and_refuses_recursion() {
    let dag = json!({
        "type": "object",
        "properties": {"from": {"$ref": "#/$defs/P"}, "to": {"$ref": "#/$defs/P"}},
        "required": ["from", "to"],
        "$defs": {"P": {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}}
    });
    let out = accepted(&dag);
    assert!(out.get("$defs").is_none());
    assert_eq!(
        out["properties"]["to"]["properties"]["x"]["type"],
        "integer"
    );
    let recursive = json!({"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}}});
    refused(&recursive, "recursion", "/properties/kids/items/$ref");
}

#[test]
fn kimi_enums_hold_strings_or_numbers_of_one_kind() {
    refused(
        &obj(json!({"e": {"enum": ["a", 1]}})),
        "non-homogeneous-enum",
        "/properties/e/enum",
    );
    let message = refused(
        &obj(json!({"e": {"enum": [true, false]}})),
        "non-homogeneous-enum",
        "/properties/e/enum",
    );
    assert!(message.contains("boolean"), "{message}");
    // `null` among them moves to an alternative; `const` is an `enum`.
    let out = accepted(&obj(
        json!({"e": {"enum": ["a", "b", null]}, "c": {"const": "x"}}),
    ));
    let e = &out["properties"]["e"];
    assert!(
        e["anyOf"]
            .as_array()
            .is_some_and(|a| a.iter().any(|alt| alt["type"] == "null")),
        "{e}"
    );
    assert_eq!(
        out["properties"]["c"],
        json!({"type": "string", "enum": ["x"]})
    );
    refused(
        &obj(json!({"f": {"enum": [1e300, 2.5]}})),
        "number-notation",
        "/properties/f/enum",
    );
}

/// Moonshot's published caps (the stricter reading): 100 properties, 5
/// levels of objects, 10 `anyOf` alternatives, 500 enum values; property
/// names the validator reserves.
#[test]
fn kimi_limits_are_refused_with_their_place() {
    let wide: Map<String, Value> = (0..101)
        .map(|i| (format!("p{i}"), json!({"type": "string"})))
        .collect();
    refused(&json!({"type": "object", "properties": wide}), "limit", "");
    let fits: Map<String, Value> = (0..100)
        .map(|i| (format!("p{i}"), json!({"type": "string"})))
        .collect();
    accepted(&json!({"type": "object", "properties": fits}));

    let mut deep = json!({"type": "string"});
    for _ in 0..5 {
        deep = json!({"type": "object", "properties": {"d": deep}, "required": ["d"]});
    }
    accepted(&deep);
    let deeper = json!({"type": "object", "properties": {"d": deep}, "required": ["d"]});
    let e = convert(&deeper, KIMI).unwrap_err();
    assert!(
        e.violations()
            .iter()
            .any(|v| v.rule == "limit" && v.message.contains("6 levels")),
        "{e}"
    );

    let alts: Vec<Value> = (0..11).map(|i| json!({"type": "object", "properties": {format!("k{i}"): {"type": "string"}}, "required": [format!("k{i}")], "additionalProperties": false})).collect();
    refused(
        &obj(json!({"u": {"anyOf": alts}})),
        "limit",
        "/properties/u/anyOf",
    );

    let many: Vec<Value> = (0..501).map(|i| json!(format!("v{i}"))).collect();
    refused(&obj(json!({"e": {"enum": many}})), "limit", "");

    refused(
        &obj(json!({"anyOf": {"type": "string"}})),
        "reserved-name",
        "/properties/anyOf",
    );
}

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Shape {
    Circle { r: f64 },
    Square { side: u32 },
}

#[derive(Debug, Deserialize, ToolSchema, PartialEq)]
struct Draw {
    #[serde(alias = "s")]
    shape: Shape,
    #[serde(default)]
    tags: Option<Vec<String>>,
    layer: u8,
    #[serde(default)]
    note: Option<String>,
}

/// A derived type converts, passes the checker, and its arguments are read
/// as the schema sent: closed objects, the alias left out refused.
#[test]
fn kimi_takes_a_derived_type_and_reads_its_arguments_strictly() {
    let schema = Draw::schema(KIMI).unwrap();
    let problems = check(Provider::Kimi, schema);
    assert!(problems.is_empty(), "{schema:#}\n{problems:#?}");
    let doc = json!({"shape": {"kind": "square", "side": 2}, "tags": ["a"], "layer": 3});
    assert!(toolform_tests::agreement::validator(schema).is_valid(&doc));
    let got: Draw = KIMI.parse_args(doc).unwrap();
    assert_eq!(got.shape, Shape::Square { side: 2 });
    for (bad, at) in [
        (
            json!({"shape": {"kind": "circle", "r": 1.0}, "layer": 1, "extra": 1}),
            "/extra",
        ),
        (json!({"s": {"kind": "circle", "r": 1.0}, "layer": 1}), "/s"),
        (
            json!({"shape": {"kind": "circle", "r": 1.0}, "layer": 256}),
            "/layer",
        ),
    ] {
        let e = KIMI.parse_args::<Draw>(bad.clone()).unwrap_err();
        assert!(e.violations().iter().any(|v| v.path == at), "{bad}: {e}");
    }
}

/// Kimi's tool list: at most 128 functions, names
/// `^[a-zA-Z_][a-zA-Z0-9-_]{2,63}$`.
#[test]
fn kimi_check_tools_holds_names_and_the_count() {
    let s = json!({"type": "object", "properties": {}, "additionalProperties": false});
    assert!(
        KIMI.check_tools(&[("get_weather", &s), ("_x-1", &s)])
            .is_ok()
    );
    for name in ["ab", "1abc", "has space", "é_name", &"a".repeat(65)] {
        let e = KIMI.check_tools(&[(name, &s)]).unwrap_err();
        assert_eq!(e.violations()[0].rule, "tool-name", "{name}: {e}");
    }
    let names: Vec<String> = (0..129).map(|i| format!("tool{i}")).collect();
    let tools: Vec<(&str, &Value)> = names.iter().map(|n| (n.as_str(), &s)).collect();
    let e = KIMI.check_tools(&tools).unwrap_err();
    assert_eq!(e.violations().len(), 1, "{e}");
    assert_eq!(e.violations()[0].path, "/128");
    assert!(KIMI.check_tools(&tools[..128]).is_ok());
}

/// A number Kimi cannot read, given as `const` (the lowering writes it as a
/// one-value `enum`): the violation names the input's `const`, a place in
/// the schema given (found by `hostile::convert_holds_on_any_schema`).
#[test]
fn number_notation_in_a_const_names_the_const() {
    let schema = serde_json::json!({
        "type": "object",
        "properties": {"f": {"type": "array", "items": {"anyOf": [
            {"const": "#FF0000", "title": "Red"},
            {"const": 18446744073709551615u64, "title": "Blue"}
        ]}}},
        "required": ["f"]
    });
    let err = toolform::dialect::convert(&schema, toolform::dialect::Dialect::Kimi).unwrap_err();
    let v = err
        .violations()
        .iter()
        .find(|v| v.rule == "number-notation")
        .expect("the number is refused");
    assert_eq!(v.path, "/properties/f/items/anyOf/1/const");
    assert!(schema.pointer(&v.path).is_some());
}
