//! The typed schema model (`toolform::schema`): parsing JSON into it and
//! printing it back is the identity, byte for byte, on every schema the
//! project has (the snapshots), the MCP specification's schemas, the JSON
//! Schema Test Suite, non-ASCII keys, 100 000 levels deep and 100 000
//! properties wide.
//!
//! serde_json drops, clones, compares and prints a `Value` recursively, so
//! the deep values here are built by moves, compared by [`same_deep`] and
//! disposed of by [`dispose`].

use serde_json::{Map, Value, json};
use std::path::Path;
use toolform::__private::schema_round_trip as round_trip;
use toolform_tests::deep::{deep_array, deep_object, dispose};
use toolform_tests::{fixture, workspace_root};

/// Every file under `dir` (recursively) whose name ends with `.json`,
/// sorted.
fn json_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut work = vec![dir.to_path_buf()];
    while let Some(d) = work.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                work.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn read(path: &Path) -> (String, Value) {
    let text = std::fs::read_to_string(path).expect("readable");
    let value = serde_json::from_str(&text).expect("JSON");
    (text, value)
}

/// `print(parse(v))` written as text equals `v` written as text.
fn assert_identity(v: &Value, what: &str) {
    let printed = round_trip(v);
    assert_eq!(
        serde_json::to_string(&printed).expect("prints"),
        serde_json::to_string(v).expect("prints"),
        "{what}"
    );
}

#[test]
fn every_snapshot_prints_back_byte_for_byte() {
    let files = json_files(&workspace_root().join("tests/snapshots"));
    assert!(files.len() >= 100, "found only {} snapshots", files.len());
    for path in &files {
        let (text, value) = read(path);
        let printed = serde_json::to_string_pretty(&round_trip(&value)).expect("prints") + "\n";
        assert!(printed == text, "{} changed:\n{printed}", path.display());
    }
    eprintln!("{} snapshots identical", files.len());
}

/// Schemas inside an MCP message: tools' `inputSchema`/`outputSchema`,
/// elicitation's `requestedSchema`, at any depth.
fn embedded_schemas<'a>(v: &'a Value, out: &mut Vec<&'a Value>) {
    let mut work = vec![v];
    while let Some(v) = work.pop() {
        match v {
            Value::Object(map) => {
                for (k, child) in map {
                    if matches!(
                        k.as_str(),
                        "inputSchema" | "outputSchema" | "requestedSchema"
                    ) {
                        out.push(child);
                    }
                    work.push(child);
                }
            }
            Value::Array(items) => work.extend(items),
            _ => {}
        }
    }
}

#[test]
fn every_mcp_spec_schema_prints_back_byte_for_byte() {
    let Some(dir) = fixture("mcp-spec") else {
        return;
    };
    let files = json_files(&dir);
    assert!(files.len() >= 20, "found only {} files", files.len());
    let (mut whole, mut embedded, mut defs) = (0, 0, 0);
    for path in &files {
        let (_, value) = read(path);
        // The whole file as a schema: the spec's schema.json, and the
        // examples, whose unknown keywords are kept verbatim.
        assert_identity(&value, &path.display().to_string());
        whole += 1;
        let mut found = Vec::new();
        embedded_schemas(&value, &mut found);
        for schema in found {
            assert_identity(schema, &format!("{} (embedded)", path.display()));
            embedded += 1;
        }
        for key in ["$defs", "definitions"] {
            if let Some(Value::Object(map)) = value.get(key) {
                for (name, schema) in map {
                    assert_identity(schema, &format!("{} {key}/{name}", path.display()));
                    defs += 1;
                }
            }
        }
    }
    assert!(
        embedded >= 10 && defs >= 100,
        "{embedded} embedded, {defs} defs"
    );
    eprintln!("{whole} files, {embedded} embedded schemas, {defs} definitions identical");
}

#[test]
fn every_json_schema_test_suite_schema_prints_back_byte_for_byte() {
    let Some(dir) = fixture("json-schema-test-suite/draft2020-12") else {
        return;
    };
    let (mut count, mut instances) = (0, 0);
    for path in json_files(&dir) {
        let (_, value) = read(&path);
        let groups = value.as_array().expect("a suite file is an array");
        for group in groups {
            let schema = group.get("schema").expect("each group has a schema");
            assert_identity(schema, &path.display().to_string());
            count += 1;
            // The instances too, read as schemas: whatever they are, they
            // print back.
            for test in group
                .get("tests")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if let Some(data) = test.get("data") {
                    assert_identity(data, &format!("{} (data)", path.display()));
                    instances += 1;
                }
            }
        }
    }
    assert!(
        count >= 80 && instances >= 300,
        "only {count} suite schemas, {instances} instances"
    );
    eprintln!("{count} suite schemas and {instances} instances identical");
}

#[test]
fn non_ascii_and_odd_keys_print_back() {
    let v = json!({
        "title": "café ☕",
        "properties": {
            "名前": {"type": "string", "description": "🦀 \u{0}\u{1f}"},
            "é/~0~1": {"enum": ["ä", null, 1.5e300, -0.0, 18446744073709551615u64]},
            "": {"x-ü": {"ö": [{}]}},
        },
        "required": ["名前", ""],
        "patternProperties": {"^ü+$": false},
        "dependentRequired": {"名前": ["é/~0~1"]},
        "x-€": "kept",
    });
    assert_identity(&v, "non-ASCII");
}

/// Whether `a` and `b` print the same (same keys in the same order, same
/// scalars), without recursion.
fn same_deep(a: &Value, b: &Value) -> bool {
    let mut work = vec![(a, b)];
    while let Some((a, b)) = work.pop() {
        match (a, b) {
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                work.extend(x.iter().zip(y))
            }
            (Value::Object(x), Value::Object(y)) if x.len() == y.len() => {
                for ((k, v), (l, w)) in x.iter().zip(y) {
                    if k != l {
                        return false;
                    }
                    work.push((v, w));
                }
            }
            (Value::Array(_) | Value::Object(_), _) | (_, Value::Array(_) | Value::Object(_)) => {
                return false;
            }
            (x, y) if x == y => {}
            _ => return false,
        }
    }
    true
}

fn object<const N: usize>(entries: [(&str, Value); N]) -> Value {
    let mut m = Map::new();
    for (k, v) in entries {
        m.insert(k.into(), v);
    }
    Value::Object(m)
}

/// `wrap` applied `depth` times around `{"type": "string"}`.
fn nested(depth: usize, wrap: impl Fn(Value) -> Value) -> Value {
    let mut v = object([("type", "string".into())]);
    for _ in 0..depth {
        v = wrap(v);
    }
    v
}

fn assert_deep_identity(v: Value, what: &str) {
    let printed = round_trip(&v);
    assert!(same_deep(&printed, &v), "{what}");
    dispose(printed);
    dispose(v);
}

const DEEP: usize = 100_000;

#[test]
fn schemas_100k_deep_print_back_without_recursion() {
    let items = nested(DEEP, |v| object([("type", "array".into()), ("items", v)]));
    assert_deep_identity(items, "nested items");
    let properties = nested(DEEP, |v| {
        object([
            ("type", "object".into()),
            ("properties", object([("a", v)])),
            ("required", json!(["a"])),
        ])
    });
    assert_deep_identity(properties, "nested properties");
    let mixed = nested(DEEP, |v| {
        object([("anyOf", Value::Array(vec![v, json!(true)]))])
    });
    assert_deep_identity(mixed, "nested anyOf");
    let not = nested(DEEP, |v| object([("not", v), ("x-n", json!(1))]));
    assert_deep_identity(not, "nested not");
}

#[test]
fn deep_values_under_data_keywords_are_kept_and_dropped_without_recursion() {
    for key in [
        "const",
        "default",
        "x-deep",
        "examples",
        "enum",
        "minimum",
        "properties",
    ] {
        let v = object([("type", "object".into()), (key, deep_array(DEEP))]);
        assert_deep_identity(v, key);
        let v = object([(key, deep_object(DEEP))]);
        assert_deep_identity(v, key);
    }
    // A deep non-schema root.
    assert_deep_identity(deep_array(DEEP), "deep array root");
    // Parsed and dropped without printing.
    let v = object([("const", deep_object(DEEP))]);
    let _ = round_trip(&object([("const", json!(1))]));
    dispose(v);
}

#[test]
fn hundred_thousand_properties_print_back() {
    // Linear: a quadratic walk over 100k properties would take minutes.
    let mut props = Map::new();
    let mut required = Vec::new();
    for i in 0..100_000 {
        let name = format!("p{i}é");
        props.insert(name.clone(), json!({"type": "integer", "minimum": i}));
        required.push(Value::String(name));
    }
    let v = object([
        ("type", "object".into()),
        ("properties", Value::Object(props)),
        ("required", Value::Array(required)),
    ]);
    assert_deep_identity(v, "100k properties");
}

// ------------------------------------------------ a DAG of types: `$defs` budget

mod dag {
    use serde::{Deserialize, Serialize};
    use toolform::ToolSchema;

    /// The bottom of the DAG.
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Leaf {
        pub n: u8,
        pub s: String,
    }

    /// One level: two fields of the level below, so inlining doubles the
    /// schema per level (boxed, or the Rust type would double too).
    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Pair<T> {
        pub a: Option<Box<T>>,
        pub b: Option<Box<T>>,
    }

    macro_rules! levels {
        ($first:ident = $base:ty; $($name:ident = $prev:ident;)*) => {
            pub type $first = Pair<$base>;
            $(pub type $name = Pair<$prev>;)*
        };
    }
    levels! {
        L1 = Leaf; L2 = L1; L3 = L2; L4 = L3; L5 = L4; L6 = L5; L7 = L6; L8 = L7;
        L9 = L8; L10 = L9; L11 = L10; L12 = L11; L13 = L12; L14 = L13; L15 = L14;
        L16 = L15; L17 = L16; L18 = L17; L19 = L18; L20 = L19; L21 = L20; L22 = L21;
        L23 = L22; L24 = L23; L25 = L24; L26 = L25; L27 = L26; L28 = L27; L29 = L28;
        L30 = L29;
    }
}

/// A seed `depth` levels deep down the `a` side, with a leaf at the bottom
/// and `b` null or absent on the way.
fn dag_seed(depth: usize) -> Value {
    let mut v = json!({"n": 7, "s": "é"});
    for level in 0..depth {
        v = if level % 2 == 0 {
            json!({"a": v, "b": null})
        } else {
            json!({"a": v})
        };
    }
    v
}

fn dag_case<T>(depth: usize)
where
    T: toolform::ToolSchema + serde::de::DeserializeOwned + serde::Serialize,
{
    use toolform::Contract;
    for contract in [Contract::Input, Contract::Output] {
        let schema = T::schema(contract).unwrap();
        let size = serde_json::to_string(schema).expect("prints").len();
        // Inlined, 16 levels were 14 MB; 30 levels would not fit in memory.
        assert!(size < 150_000, "{depth} levels, {contract:?}: {size} bytes");
        assert!(
            schema.get("$defs").is_some(),
            "{depth} levels: the repeated large levels are referenced"
        );
    }
    let seeds = [dag_seed(depth), dag_seed(depth / 2), json!({})];
    let report = toolform_tests::agreement::check::<T>(&seeds);
    report.assert_clean(std::any::type_name::<T>());
    assert!(report.documents > 100 && report.outputs > 10, "{report:?}");
    // The `$defs` rendering accepts what this one does.
    assert!(toolform_tests::agreement::check_defs_equivalent::<T>(&seeds) > 100);
}

#[test]
fn dag_of_16_levels_renders_small_and_agrees_with_serde() {
    dag_case::<dag::L16>(16);
}

#[test]
fn dag_of_30_levels_renders_small_and_agrees_with_serde() {
    dag_case::<dag::L30>(30);
}

#[test]
fn small_repeated_types_stay_inline() {
    use toolform::ToolSchema;
    // Four levels: every type is used twice, and every schema is small.
    let schema = dag::L4::input_schema();
    assert!(schema.get("$defs").is_none(), "{schema}");
    assert!(
        !serde_json::to_string(schema)
            .expect("prints")
            .contains("$ref")
    );
}
