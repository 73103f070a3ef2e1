//! `#[schema(header = "..")]`: `x-mcp-header` (MCP 2026-07-28, SEP-2243) on
//! the derived input schema's properties, held to the spec's rules by
//! `toolform::headers::check` and read back by `headers_for` and `verify`.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolform::ToolSchema;
use toolform::headers::{self, HeaderType};

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
enum Tier {
    Free,
    Pro,
}

/// Run a query in one region.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "camelCase")]
struct Query {
    #[schema(header = "Region")]
    region: String,
    #[schema(header = "Zone")]
    zone: Option<String>,
    #[schema(header = "Tier")]
    tier: Tier,
    #[schema(header = "Shard")]
    shard_id: u32,
    #[schema(header = "Big", range(min = 0, max = 9007199254740991u64))]
    big: u64,
    #[serde(default)]
    #[schema(header = "Dry-Run")]
    dry_run: Option<bool>,
    sql: String,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Tenant {
    #[schema(header = "Tenant")]
    tenant: String,
    #[schema(header = "Priority")]
    priority: Option<i8>,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Flattened {
    #[schema(header = "Region")]
    region: String,
    #[serde(flatten)]
    tenant: Tenant,
    query: String,
}

#[test]
fn derived_input_schema_carries_the_annotations() {
    assert_eq!(
        *Query::input_schema(),
        json!({
            "description": "Run a query in one region.",
            "type": "object",
            "properties": {
                "region": {"type": "string", "x-mcp-header": "Region"},
                "zone": {"type": "string", "x-mcp-header": "Zone"},
                "tier": {"type": "string", "enum": ["free", "pro"], "x-mcp-header": "Tier"},
                "shardId": {
                    "type": "integer", "minimum": 0, "maximum": 4294967295u32,
                    "x-mcp-header": "Shard"
                },
                "big": {
                    "type": "integer", "minimum": 0, "maximum": 9007199254740991u64,
                    "x-mcp-header": "Big"
                },
                "dryRun": {"type": "boolean", "x-mcp-header": "Dry-Run"},
                "sql": {"type": "string"}
            },
            "required": ["region", "tier", "shardId", "big", "sql"]
        })
    );
}

#[test]
fn output_schema_has_no_annotation() {
    // A request-side annotation: the output schema describes what the tool
    // writes, which no client mirrors into a header.
    let out = Query::output_schema().to_string();
    assert!(!out.contains("x-mcp-header"), "{out}");
    // Option stays nullable there, as serde writes it.
    assert_eq!(
        Query::output_schema()["properties"]["zone"]["type"],
        json!(["string", "null"])
    );
}

/// rmcp 3.11's client (`validate_param_header_annotations`) drops a tool
/// whose annotated property's `type` is not one string.
fn rmcp_accepts(schema: &Value) -> bool {
    fn walk(props: &Value) -> bool {
        let Some(props) = props.as_object() else {
            return true;
        };
        props.values().all(|p| {
            let typed = p.get("x-mcp-header").is_none()
                || matches!(
                    p.get("type").and_then(Value::as_str),
                    Some("string" | "integer" | "boolean")
                );
            typed && walk(p.get("properties").unwrap_or(&Value::Null))
        })
    }
    walk(&schema["properties"])
}

#[test]
fn every_derived_schema_passes_the_spec_check_and_rmcp_rule() {
    for schema in [
        Query::input_schema(),
        Tenant::input_schema(),
        Flattened::input_schema(),
    ] {
        assert!(headers::check(schema).is_ok(), "{schema}");
        assert!(rmcp_accepts(schema), "{schema}");
    }
    let found: Vec<(String, String, HeaderType)> = headers::check(Query::input_schema())
        .unwrap()
        .into_iter()
        .map(|p| (p.name.clone(), p.pointer(), p.kind))
        .collect();
    assert_eq!(
        found,
        [
            ("Region".into(), "/region".into(), HeaderType::String),
            ("Zone".into(), "/zone".into(), HeaderType::String),
            ("Tier".into(), "/tier".into(), HeaderType::String),
            ("Shard".into(), "/shardId".into(), HeaderType::Integer),
            ("Big".into(), "/big".into(), HeaderType::Integer),
            ("Dry-Run".into(), "/dryRun".into(), HeaderType::Boolean),
        ]
    );
}

#[test]
fn flattened_struct_annotations_join_the_root() {
    let schema = Flattened::input_schema();
    assert_eq!(schema["properties"]["region"]["x-mcp-header"], "Region");
    assert_eq!(schema["properties"]["tenant"]["x-mcp-header"], "Tenant");
    assert_eq!(
        schema["properties"]["priority"],
        json!({"type": "integer", "minimum": -128, "maximum": 127, "x-mcp-header": "Priority"})
    );
    let names: Vec<String> = headers::check(schema)
        .unwrap()
        .into_iter()
        .map(|p| p.pointer())
        .collect();
    assert_eq!(names, ["/region", "/tenant", "/priority"]);
}

#[test]
fn option_header_field_is_optional_and_single_typed() {
    let schema = Query::input_schema();
    assert_eq!(schema["properties"]["zone"]["type"], "string");
    let required = schema["required"].as_array().unwrap();
    assert!(!required.contains(&json!("zone")));
    assert!(!required.contains(&json!("dryRun")));
    // `#[serde(default)]` on an `Option`: its default `null` is not a value
    // of the property's one type, so no `"default"` is shown.
    assert!(schema["properties"]["dryRun"].get("default").is_none());
    // serde reads null and absence the same; a client sends no header for
    // either (the schema, single-typed for rmcp, does not list `null`).
    let absent: Query = serde_json::from_value(json!({
        "region": "eu", "tier": "pro", "shardId": 1, "big": 2, "sql": "x"
    }))
    .unwrap();
    assert!(absent.zone.is_none());
    let null: Query = serde_json::from_value(json!({
        "region": "eu", "zone": null, "tier": "pro", "shardId": 1, "big": 2, "sql": "x"
    }))
    .unwrap();
    assert!(null.zone.is_none());
}

#[test]
fn headers_for_and_verify_round_trip_on_the_derived_schema() {
    let params = headers::check(Query::input_schema()).unwrap();
    let query = Query {
        region: "Zürich".into(),
        zone: None,
        tier: Tier::Pro,
        shard_id: 7,
        big: 9007199254740991,
        dry_run: Some(true),
        sql: "select 1".into(),
    };
    let args = serde_json::to_value(&query).unwrap();
    let sent = headers::headers_for(&params, &args).unwrap();
    assert_eq!(
        sent,
        [
            (
                "Mcp-Param-Region".to_string(),
                "=?base64?WsO8cmljaA==?=".to_string()
            ),
            ("Mcp-Param-Tier".into(), "pro".into()),
            ("Mcp-Param-Shard".into(), "7".into()),
            ("Mcp-Param-Big".into(), "9007199254740991".into()),
            ("Mcp-Param-Dry-Run".into(), "true".into()),
        ]
    );
    let received: Vec<(&str, &[u8])> = sent
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_bytes()))
        .collect();
    assert!(headers::verify(&params, &args, received.iter().copied()).is_ok());
    // A header that disagrees with the body is refused.
    let mut other = args.clone();
    other["shardId"] = json!(8);
    let err = headers::verify(&params, &other, received.iter().copied()).unwrap_err();
    assert_eq!(err.header, "Mcp-Param-Shard");
    // The flattened struct's annotations round-trip too.
    let params = headers::check(Flattened::input_schema()).unwrap();
    let flat = Flattened {
        region: "eu".into(),
        tenant: Tenant {
            tenant: "acme".into(),
            priority: Some(-3),
        },
        query: "q".into(),
    };
    let args = serde_json::to_value(&flat).unwrap();
    let sent = headers::headers_for(&params, &args).unwrap();
    assert_eq!(sent.len(), 3);
    assert_eq!(sent[2], ("Mcp-Param-Priority".into(), "-3".into()));
    let received: Vec<(&str, &[u8])> = sent
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_bytes()))
        .collect();
    assert!(headers::verify(&params, &args, received).is_ok());
}

#[test]
fn parse_args_reads_header_fields_as_serde_does() {
    let ok = toolform::parse_args::<Query>(&json!({
        "region": "eu", "tier": "free", "shardId": 1, "big": 2, "sql": "x"
    }))
    .unwrap();
    assert!(ok.zone.is_none() && ok.dry_run.is_none());
    let err = toolform::parse_args::<Query>(&json!({
        "region": "eu", "tier": "free", "shardId": 1, "big": 9007199254740992u64, "sql": "x"
    }))
    .unwrap_err();
    assert!(err.to_string().contains("/big"), "{err}");
}

// A struct with `header` fields used inside another type. The spec (and
// rmcp 3.11's client) accept an annotation at any depth of `properties`, so
// a plain nested struct keeps its annotations. Under an array's items, a
// map's values or an enum's alternatives they are invalid, and the derive
// refuses them where the outer type is declared (ui-tests
// `header_under_items`, `header_in_variant`, `header_reached_twice`,
// `header_under_items_deep`, `header_behind_pointer`, `header_generic`):
// the same struct twice in one schema, deeper than one struct under a
// container, behind pointers, a struct holding itself held by another.
// What a derive cannot see at compile time (a generic struct used directly
// as the root, whose fields of a type parameter are known only at the use)
// is found by `headers::check` on the type's schema.

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Nested {
    scope: Tenant,
    note: String,
}

/// `Option`, `Box` and their kin keep the struct a property: no refusal.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Wrapped {
    maybe: Option<Box<Tenant>>,
}

/// A newtype's schema is its content's: its annotations are properties.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct TenantId(Tenant);

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct ByNewtype {
    id: TenantId,
}

/// A struct that holds itself through a pointer, at the root: its
/// recursion is `{"$ref": "#"}`, and its annotations are the root's.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Chain {
    #[schema(header = "Link")]
    link: String,
    next: Option<Box<Chain>>,
}

/// Two structs that hold each other through pointers: valid at either
/// root (the other is inlined, the root's recursion is `{"$ref": "#"}`).
/// Held by a third struct they are refused at compile time
/// (`ui-tests/tests/fail/header_behind_pointer.rs`).
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Ping {
    #[schema(header = "Ping")]
    ping: String,
    pong: Option<Box<Pong>>,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Pong {
    #[schema(header = "Pong")]
    pong: String,
    ping: Option<std::sync::Arc<Ping>>,
}

/// Recursive types without headers, as authors write them: through a
/// type alias of a pointer, through `Self`, through a generic node. Each
/// compiles (no const cycle) and reaches no annotation.
type Link = Option<Box<Node>>;

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Node {
    value: u8,
    next: Link,
    #[serde(default)]
    other: Option<Box<Self>>,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct GenericNode<T> {
    value: T,
    next: Option<Box<GenericNode<T>>>,
    concrete: Option<Box<GenericNode<u8>>>,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Borrowed<'a> {
    #[serde(borrow)]
    name: std::borrow::Cow<'a, str>,
    #[schema(header = "Tenant")]
    tenant: String,
    next: Option<Box<Borrowed<'a>>>,
}

/// Fields of a type parameter are not checked where the struct is declared.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Pair<T> {
    first: T,
    second: T,
}

#[test]
fn nested_through_properties_is_valid() {
    let schema = Nested::input_schema();
    assert_eq!(
        schema["properties"]["scope"]["properties"]["tenant"]["x-mcp-header"],
        "Tenant"
    );
    let found: Vec<String> = headers::check(schema)
        .unwrap()
        .into_iter()
        .map(|p| p.pointer())
        .collect();
    assert_eq!(found, ["/scope/tenant", "/scope/priority"]);
    assert!(rmcp_accepts(schema));
    let args = json!({"scope": {"tenant": "acme"}, "note": "n"});
    let params = headers::check(schema).unwrap();
    assert_eq!(
        headers::headers_for(&params, &args).unwrap(),
        [("Mcp-Param-Tenant".to_string(), "acme".to_string())]
    );
    let found = headers::check(Wrapped::input_schema()).expect("a property");
    assert_eq!(found.len(), 2);
    let found: Vec<String> = headers::check(ByNewtype::input_schema())
        .expect("a property")
        .into_iter()
        .map(|p| p.pointer())
        .collect();
    assert_eq!(found, ["/id/tenant", "/id/priority"]);
}

#[test]
fn a_struct_holding_itself_is_valid_at_the_root() {
    let schema = Chain::input_schema();
    assert_eq!(schema["properties"]["next"]["anyOf"][0]["$ref"], "#");
    let found: Vec<String> = headers::check(schema)
        .unwrap()
        .into_iter()
        .map(|p| p.pointer())
        .collect();
    assert_eq!(found, ["/link"]);
    assert!(rmcp_accepts(schema));
}

#[test]
fn structs_holding_each_other_are_valid_at_either_root() {
    for (schema, want) in [
        (Ping::input_schema(), ["/ping", "/pong/pong"]),
        (Pong::input_schema(), ["/pong", "/ping/ping"]),
    ] {
        let found: Vec<String> = headers::check(schema)
            .unwrap_or_else(|e| panic!("{schema}: {e:?}"))
            .into_iter()
            .map(|p| p.pointer())
            .collect();
        assert_eq!(found, want, "{schema}");
        assert!(rmcp_accepts(schema));
    }
    for schema in [Node::input_schema(), GenericNode::<String>::input_schema()] {
        assert_eq!(
            headers::check(schema).ok().map(|p| p.len()),
            Some(0),
            "{schema}"
        );
    }
    let found = headers::check(Borrowed::input_schema()).expect("valid at the root");
    assert_eq!(found.len(), 1);
}

/// `Tenant` reached twice, the second time three pointer steps away: past
/// what the derive's walk follows (two), so `headers::check` finds it.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct FarTwice {
    near: Tenant,
    far: Option<Box<Far1>>,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Far1 {
    next: Option<Box<Far2>>,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Far2 {
    tenant: Option<std::rc::Rc<Tenant>>,
}

/// A generic struct used directly as the root is not checked where it is
/// declared (its fields of a type parameter are known only at the use); a
/// struct without parameters that holds it is (`header_generic.rs`).
#[test]
fn what_the_derive_cannot_see_is_caught_at_run_time() {
    let paths = |schema: &Value| -> Vec<String> {
        headers::check(schema)
            .unwrap_err()
            .into_iter()
            .map(|v| v.path)
            .collect()
    };
    // The same struct twice: every name twice.
    assert_eq!(
        paths(Pair::<Tenant>::input_schema()),
        [
            "/properties/second/properties/tenant/x-mcp-header",
            "/properties/second/properties/priority/x-mcp-header",
        ]
    );
    assert_eq!(
        paths(FarTwice::input_schema()),
        [
            "/properties/far/properties/next/properties/tenant/properties/tenant/x-mcp-header",
            "/properties/far/properties/next/properties/tenant/properties/priority/x-mcp-header",
        ]
    );
}

/// `x-mcp-header` is for MCP's HTTP transport: JSON Schema dialects keep
/// it, a provider's strict mode (whose model has no headers) leaves it out
/// rather than refusing the schema.
#[test]
fn dialects_keep_or_drop_the_annotation() {
    use toolform::dialect::Dialect;
    for dialect in Dialect::ALL {
        let schema = match Query::schema(dialect) {
            Ok(schema) => schema,
            Err(e) => panic!("{dialect:?}: {e}"),
        };
        let kept = schema.to_string().contains("x-mcp-header");
        let json_schema = matches!(
            dialect,
            Dialect::JsonSchema2020 | Dialect::JsonSchemaDraft07
        );
        assert_eq!(kept, json_schema, "{dialect:?}: {schema}");
    }
}

// A DAG of structs that doubles at each level (each held twice, as
// properties): 2^24 paths from the top, 25 structs. The derive's const walk
// enters each struct once, so this compiles (a walk over paths would stop
// the build with `long_running_const_eval`).
macro_rules! doubling {
    ($first:ident $(, $name:ident)*) => {
        #[derive(Debug, Serialize, Deserialize, ToolSchema)]
        struct $first {
            leaf: Option<String>,
        }
        doubling!(@next $first $(, $name)*);
    };
    (@next $below:ident, $name:ident $(, $rest:ident)*) => {
        #[derive(Debug, Serialize, Deserialize, ToolSchema)]
        struct $name {
            left: Option<Box<$below>>,
            right: Option<std::sync::Arc<$below>>,
        }
        doubling!(@next $name $(, $rest)*);
    };
    (@next $last:ident) => {};
}

doubling!(
    D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12, D13, D14, D15, D16, D17, D18, D19, D20,
    D21, D22, D23, D24
);

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct OverDag {
    #[schema(header = "Top")]
    top: String,
    dag: D24,
}

/// Three structs in a cycle, one with a header: valid at each root (the
/// other two are inlined, the recursion is `{"$ref": "#"}`).
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Lattice {
    #[schema(header = "Tenant")]
    tenant: String,
    a: Option<Box<Lattice2>>,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Lattice2 {
    a: Option<Box<Lattice3>>,
    n: Option<u8>,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Lattice3 {
    a: Option<Box<Lattice>>,
}

#[test]
fn deep_and_doubling_types_compile_and_check() {
    let found = headers::check(OverDag::input_schema()).expect("valid");
    assert_eq!(found.len(), 1);
    // Valid at each root, as the derive found: the runtime check agrees.
    for (schema, at) in [
        (Lattice::input_schema(), "/tenant"),
        (Lattice2::input_schema(), "/a/a/tenant"),
        (Lattice3::input_schema(), "/a/tenant"),
    ] {
        let found = headers::check(schema).unwrap_or_else(|e| panic!("{schema}: {e:?}"));
        let found: Vec<String> = found.iter().map(|p| p.pointer()).collect();
        assert_eq!(found, [at], "{schema}");
    }
}

/// Two structs alike to the letter (name, fields, field types) in two
/// modules, whose field types are different structs: the walk tells them
/// apart (by where each stands), so holding both is no struct reached
/// twice.
mod twin_a {
    use super::*;
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct Inner {
        #[schema(header = "Twin-A")]
        pub a: String,
    }
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct Leaf {
        pub inner: Inner,
    }
}

mod twin_b {
    use super::*;
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct Inner {
        #[schema(header = "Twin-B")]
        pub b: String,
    }
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct Leaf {
        pub inner: Inner,
    }
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Twins {
    a: twin_a::Leaf,
    b: twin_b::Leaf,
}

#[test]
fn structs_alike_to_the_letter_are_told_apart() {
    let found: Vec<String> = headers::check(Twins::input_schema())
        .expect("valid")
        .iter()
        .map(|p| p.pointer())
        .collect();
    assert_eq!(found, ["/a/inner/a", "/b/inner/b"]);
}
