//! The `x-mcp-header` rules across types, checked on the rendered input
//! schema (`headers::check_type`, `headers::assert_valid`, and at server
//! start through `toolform::rmcp`): every placement the old compile-time
//! walk refused is refused here with the Rust type and field named, what it
//! missed is found, and what it refused wrongly compiles and passes.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::borrow::Cow;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;
use toolform::ToolSchema;
use toolform::headers::{self, check_type};

#[derive(Debug, Clone, Serialize, Deserialize, ToolSchema, PartialEq, Eq, PartialOrd, Ord)]
struct Scope {
    #[schema(header = "Tenant")]
    tenant: String,
}

/// Every violation of `T`, as (pointer, message).
fn refusals<T: ToolSchema + ?Sized>() -> Vec<(String, String)> {
    match check_type::<T>() {
        Ok(params) => panic!(
            "{} was accepted with {params:?}; its schema: {}",
            std::any::type_name::<T>(),
            T::input_schema()
        ),
        Err(violations) => violations
            .into_iter()
            .map(|v| (v.path, v.message))
            .collect(),
    }
}

/// `T` is refused, every violation names `Scope.tenant` (or `owner`), and
/// one is at `pointer`.
fn assert_refused_at<T: ToolSchema + ?Sized>(pointer: &str, owner: &str) {
    let found = refusals::<T>();
    assert!(
        found.iter().any(|(p, _)| p == pointer),
        "{}: no violation at {pointer}: {found:#?}",
        std::any::type_name::<T>()
    );
    for (_, message) in &found {
        assert!(
            message.contains(owner),
            "{}: {message:?} does not name {owner}",
            std::any::type_name::<T>()
        );
    }
}

const TENANT: &str = "Scope.tenant` (`#[schema(header = \"Tenant\")]`)";

// ------------------------------------------- placements the old walk refused

#[derive(Serialize, Deserialize, ToolSchema)]
struct UnderItems {
    scopes: Vec<Scope>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct UnderValues {
    scopes: HashMap<String, Scope>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Outer {
    scope: Scope,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct UnderItemsDeep {
    batches: Vec<Option<Vec<Outer>>>,
}

#[test]
fn under_items_and_values_is_refused_at_any_depth() {
    assert_refused_at::<UnderItems>(
        "/properties/scopes/items/properties/tenant/x-mcp-header",
        TENANT,
    );
    assert_refused_at::<UnderValues>(
        "/properties/scopes/additionalProperties/properties/tenant/x-mcp-header",
        TENANT,
    );
    let found = refusals::<UnderItemsDeep>();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0]
            .0
            .ends_with("/properties/scope/properties/tenant/x-mcp-header")
    );
    assert!(found[0].0.contains("/items/"), "{found:#?}");
}

#[derive(Serialize, Deserialize, ToolSchema)]
enum External {
    One(Scope),
    Fine(String),
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "kind")]
enum Internal {
    Named { scope: Option<Scope> },
    Other { note: String },
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(untagged)]
enum Untagged {
    A(Scope),
    B(u32),
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct HoldsVariants {
    external: External,
    internal: Internal,
    untagged: Untagged,
}

/// An enum of one variant renders as a plain object: its variant's fields
/// are properties, reached through `properties` alone, and valid.
#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(tag = "kind")]
enum OneVariant {
    Named { scope: Scope },
}

#[test]
fn in_a_variant_is_refused_whatever_the_representation() {
    let params = check_type::<OneVariant>().expect("one variant is one object");
    assert_eq!(params[0].pointer(), "/scope/tenant");
    let found = refusals::<HoldsVariants>();
    for property in ["external", "internal", "untagged"] {
        assert!(
            found
                .iter()
                .any(|(p, _)| p.starts_with(&format!("/properties/{property}/"))),
            "{property}: {found:#?}"
        );
    }
    assert!(found.iter().all(|(_, m)| m.contains(TENANT)), "{found:#?}");
    // As a tool's root too.
    assert!(check_type::<External>().is_err());
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Transfer {
    from: Scope,
    to: Scope,
}

#[test]
fn reached_twice_is_refused_naming_the_field_and_the_first() {
    let found = refusals::<Transfer>();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "/properties/to/properties/tenant/x-mcp-header");
    assert!(found[0].1.contains(TENANT), "{}", found[0].1);
    assert!(found[0].1.contains("/from/tenant"), "{}", found[0].1);
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Zone {
    #[schema(header = "region")]
    zone: String,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlattenClash {
    #[schema(header = "Region")]
    region: String,
    #[serde(flatten)]
    zone: Zone,
}

#[test]
fn a_clash_through_flatten_names_both_owners() {
    let found = refusals::<FlattenClash>();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].1.contains("FlattenClash.region"), "{}", found[0].1);
    assert!(found[0].1.contains("Zone.zone"), "{}", found[0].1);
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Pair<T> {
    first: T,
    second: Option<Box<T>>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Route {
    pair: Pair<Scope>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Batch {
    pairs: Vec<Pair<Scope>>,
}

#[test]
fn generic_structs_are_checked_as_used() {
    assert_refused_at::<Route>(
        "/properties/pair/properties/second/properties/tenant/x-mcp-header",
        TENANT,
    );
    assert!(check_type::<Batch>().is_err());
    // Used directly as a tool's root, too (the old walk could not see it).
    assert!(check_type::<Pair<Scope>>().is_err());
}

// A header behind two pointer steps, as an author may write it.
#[allow(clippy::vec_box)]
#[derive(Serialize, Deserialize, ToolSchema)]
struct Boxed {
    outers: Vec<Box<Outer>>,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Chain {
    #[schema(header = "Link")]
    link: String,
    next: Option<Box<Chain>>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct ChainHolder {
    chain: Option<Rc<Chain>>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Ping {
    #[schema(header = "Ping")]
    ping: String,
    pong: Option<Box<Pong>>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Pong {
    ping: Option<Arc<Ping>>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct PingHolder {
    ping: Ping,
}

type Link = Option<Box<Tree>>;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Tree {
    scope: Scope,
    next: Link,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Forest {
    tree: Tree,
}

#[test]
fn behind_pointers_and_recursion() {
    assert!(check_type::<Boxed>().is_err());
    // A struct that holds itself is valid at the root ...
    let params = check_type::<Chain>().expect("valid at the root");
    assert_eq!(params[0].pointer(), "/link");
    // ... and refused where another holds it (it goes to `$defs` whole).
    let found = refusals::<ChainHolder>();
    assert!(
        found.iter().all(|(p, _)| p.starts_with("/$defs/")),
        "{found:#?}"
    );
    assert!(found[0].1.contains("Chain.link"), "{found:#?}");
    assert!(check_type::<Ping>().is_ok());
    assert!(check_type::<PingHolder>().is_err());
    assert!(check_type::<Tree>().is_ok(), "{}", Tree::input_schema());
    assert!(check_type::<Forest>().is_err());
}

// --------------------------------------------- what the old walk missed

#[derive(Serialize, Deserialize, ToolSchema)]
struct ThroughWrappers {
    cow: Cow<'static, Scope>,
    reverse: std::cmp::Reverse<Scope>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Wrapped {
    wrapping: std::num::Wrapping<Scope>,
    again: Scope,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct FlattenedMap {
    #[serde(flatten)]
    rest: HashMap<String, Scope>,
}

type Scopes = Vec<Scope>;

#[derive(Serialize, Deserialize, ToolSchema)]
struct AliasOfVec {
    scopes: Scopes,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct AliasedHolder {
    #[serde(alias = "source")]
    from: Scope,
    to: Scope,
}

#[derive(Serialize, Deserialize, ToolSchema)]
#[serde(from = "Transfer")]
struct ReadFrom {
    #[serde(skip)]
    _unused: (),
}

impl From<Transfer> for ReadFrom {
    fn from(_: Transfer) -> Self {
        ReadFrom { _unused: () }
    }
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct WithHolder {
    #[serde(with = "transfer_as_is")]
    #[schema(with = Transfer)]
    both: (Scope, Scope),
}

mod transfer_as_is {
    pub fn serialize<S: serde::Serializer>(
        v: &(super::Scope, super::Scope),
        s: S,
    ) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(
            &super::Transfer {
                from: v.0.clone(),
                to: v.1.clone(),
            },
            s,
        )
    }
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(
        d: D,
    ) -> Result<(super::Scope, super::Scope), D::Error> {
        let t: super::Transfer = serde::Deserialize::deserialize(d)?;
        Ok((t.from, t.to))
    }
}

#[derive(Serialize, Deserialize, ToolSchema)]
enum GenericEnum<T> {
    Only(T),
    Nothing,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct HoldsGenericEnum {
    value: GenericEnum<Scope>,
}

/// A user type named like a std leaf: the old list of known names took it
/// for one and looked no further.
mod shadows {
    use super::Scope;
    #[derive(serde::Serialize, serde::Deserialize, toolform::ToolSchema)]
    pub struct Duration {
        pub scope: Scope,
    }
    #[derive(serde::Serialize, serde::Deserialize, toolform::ToolSchema)]
    pub struct Value {
        pub scope: Scope,
    }
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Shadowed {
    a: shadows::Duration,
    b: shadows::Value,
}

#[test]
fn what_the_compile_time_walk_missed_is_found() {
    for (name, result) in [
        ("Cow + Reverse", check_type::<ThroughWrappers>()),
        ("Wrapping", check_type::<Wrapped>()),
        ("flattened map", check_type::<FlattenedMap>()),
        ("alias of Vec", check_type::<AliasOfVec>()),
        ("serde alias on a holder", check_type::<AliasedHolder>()),
        ("from another type", check_type::<ReadFrom>()),
        ("with another type", check_type::<WithHolder>()),
        ("generic enum", check_type::<HoldsGenericEnum>()),
        ("user types named like std leaves", check_type::<Shadowed>()),
    ] {
        let violations = result.expect_err(name);
        assert!(
            violations.iter().all(|v| v.message.contains(TENANT)),
            "{name}: {violations:#?}"
        );
    }
}

// ------------------------------------- what the old walk refused wrongly

/// Used only as output: the input rules do not apply (this compiles; it did
/// not before).
#[derive(Serialize, ToolSchema)]
struct TransferOut {
    from: Scope,
    to: Option<Box<Scope>>,
}

#[test]
fn an_output_only_type_compiles_and_its_output_schema_has_no_annotation() {
    let out = TransferOut::output_schema();
    assert!(!out.to_string().contains("x-mcp-header"), "{out}");
}

/// chrono types, newtypes and other converted types read as strings or
/// integers are header types (their wire type is checked on the schema).
#[derive(Serialize, Deserialize, ToolSchema)]
struct Meters(u32);

#[derive(Serialize, Deserialize, ToolSchema)]
struct Stamped {
    #[schema(header = "At")]
    at: chrono::DateTime<chrono::Utc>,
    #[schema(header = "Offset")]
    offset: chrono::DateTime<chrono::FixedOffset>,
    #[schema(header = "Day")]
    day: chrono::NaiveDate,
    #[schema(header = "Time")]
    time: chrono::NaiveTime,
    #[schema(header = "Meters")]
    meters: Meters,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Blob(Vec<u8>);

#[derive(Serialize, Deserialize, ToolSchema)]
struct BlobHeader {
    #[schema(header = "Blob")]
    blob: Blob,
}

#[test]
fn converted_types_are_checked_on_their_rendered_type() {
    let params = check_type::<Stamped>().expect("string and integer wire types");
    let kinds: Vec<_> = params.iter().map(|p| (p.name.as_str(), p.kind)).collect();
    use toolform::headers::HeaderType::{Integer, String as Str};
    assert_eq!(
        kinds,
        [
            ("At", Str),
            ("Offset", Str),
            ("Day", Str),
            ("Time", Str),
            ("Meters", Integer)
        ]
    );
    // A newtype of an array is accepted at compile time (its wire type is
    // behind a fn pointer) and refused on the schema, with its field named.
    let found = refusals::<BlobHeader>();
    assert!(found[0].1.contains("BlobHeader.blob"), "{found:#?}");
    assert!(
        found[0].1.contains("type string, integer or boolean"),
        "{found:#?}"
    );
}

#[test]
fn assert_valid_panics_with_every_violation_and_passes_valid_types() {
    headers::assert_valid::<Chain>();
    headers::assert_valid::<Stamped>();
    let panic =
        std::panic::catch_unwind(|| headers::assert_valid::<HoldsVariants>()).expect_err("refused");
    let text = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(text.contains("HoldsVariants"), "{text}");
    assert_eq!(text.matches(TENANT).count(), 3, "{text}");
    assert!(text.contains("/properties/untagged/"), "{text}");
}

// ------------------------------------------------------- at server start

#[derive(Clone)]
struct ChainServer {
    #[allow(dead_code)]
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl ChainServer {
    #[tool(description = "Follows a chain")]
    async fn follow(&self, _args: toolform::rmcp::Parameters<Chain>) -> String {
        String::new()
    }
}

#[derive(Clone)]
struct TransferServer {
    #[allow(dead_code)]
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl TransferServer {
    #[tool(description = "Moves between scopes")]
    async fn transfer(&self, _args: toolform::rmcp::Parameters<Transfer>) -> String {
        String::new()
    }
}

/// The schema rmcp lists for `Parameters<Chain>` is the one checked: the
/// rendering itself (`{"$ref": "#"}`), not a copy under `$defs`, so the
/// header layer accepts the server.
#[test]
fn a_struct_holding_itself_is_listed_at_the_root_and_accepted() {
    let tools = ChainServer::tool_router().list_all();
    let listed = Value::Object((*tools[0].input_schema).clone());
    assert_eq!(listed["properties"]["link"]["x-mcp-header"], json!("Link"));
    assert!(listed.get("$defs").is_none(), "{listed}");
    assert_eq!(
        listed["properties"]["next"]["anyOf"][0],
        json!({"$ref": "#"})
    );
    assert_eq!(headers::check(&listed).expect("valid").len(), 1);
    toolform::rmcp::HeaderCheckLayer::new(tools).expect("the server is accepted");
}

fn panic_text(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let panic = std::panic::catch_unwind(f).expect_err("a refusal at start");
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

#[test]
fn invalid_annotations_stop_the_server_at_start_naming_type_and_field() {
    let text = panic_text(|| {
        let _ = TransferServer::tool_router();
    });
    assert!(text.contains("Transfer"), "{text}");
    assert!(text.contains(TENANT), "{text}");
    assert!(
        text.contains("/properties/to/properties/tenant/x-mcp-header"),
        "{text}"
    );
    let text = panic_text(|| {
        let _ = toolform::rmcp::tool::<UnderItems, Scope>("t", "d");
    });
    assert!(
        text.contains("UnderItems") && text.contains(TENANT),
        "{text}"
    );
    let text = panic_text(|| {
        let _ = toolform::rmcp::tool_without_output::<ChainHolder>("t", "d");
    });
    assert!(text.contains("Chain.link"), "{text}");
}

// ------------------------------------------- the walk sees every keyword

#[test]
fn check_walks_every_keyword_but_data() {
    for schema in [
        json!({"type": "object", "properties": {"a": {"type": "string",
            "contentMediaType": "application/json",
            "contentSchema": {"type": "object", "properties": {
                "b": {"type": "string", "x-mcp-header": "B"}}}}}}),
        json!({"type": "object", "properties": {"a": {"type": "string"}},
            "x-vendor": {"type": "object", "properties": {
                "b": {"type": "string", "x-mcp-header": "B"}}}}),
        json!({"type": "object", "properties": {"a": {
            "x-list": [[{"x-mcp-header": "B", "type": "string"}]]}}}),
    ] {
        let found = headers::check(&schema).expect_err("off the properties chain");
        assert_eq!(found.len(), 1, "{schema}: {found:?}");
    }
    // Data keywords hold data, not schemas.
    let data = json!({"type": "object", "properties": {"a": {"type": "object",
        "default": {"x-mcp-header": "B"}, "examples": [{"x-mcp-header": "B"}],
        "const": {"x-mcp-header": "B"}, "enum": [{"x-mcp-header": "B"}]}}});
    assert_eq!(headers::check(&data), Ok(vec![]));
}
