//! Tools returning non-object values (`Vec<T>`, `String`, `u8`,
//! `Option<T>`, an enum of strings, a recursive type) through rmcp's
//! `#[tool]` and `toolform::rmcp::Json<T>`, end to end through rmcp's client
//! in process under protocol 2025-06-18, 2025-11-25 and 2026-07-28.
//!
//! With `toolform::rmcp::{list_tools, call_tool}` every listed `outputSchema`
//! validates (the `jsonschema` crate) the `structuredContent` actually sent,
//! under every revision: the value itself from 2026-07-28 on, `{"result":
//! value}` before, and object types unchanged. Each list and result also
//! passes the revision's own `schema.json`. Without them, rmcp 3.11 drops
//! the schema and the structured value for the older revisions.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    Implementation, InitializeRequestParams, InitializeResult, JsonObject, ListToolsResult,
    PaginatedRequestParams, ProtocolVersion, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleClient, RoleServer, RunningService, serve_directly};
use rmcp::{ClientHandler, ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::Arc;
use toolform::ToolSchema;
use toolform::rmcp::output::{result_for, result_object_schema, tools_for};
use toolform::rmcp::{Json, Parameters};

const REVISIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2026_07_28,
];

/// A flight (an object type).
#[derive(Debug, Clone, Serialize, ToolSchema)]
struct Hit {
    number: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    seats: Option<u8>,
}

/// A colour (a string on the wire).
#[derive(Debug, Clone, Copy, Serialize, ToolSchema)]
#[serde(rename_all = "lowercase")]
enum Colour {
    Red,
    Green,
}

/// A shape (internally tagged: objects on the wire).
#[derive(Debug, Clone, Serialize, ToolSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Shape {
    Circle { radius: f64 },
    Square { side: f64 },
}

/// A tree (recursive: its schema refers to itself).
#[derive(Debug, Clone, Serialize, ToolSchema)]
struct Node {
    name: String,
    children: Vec<Node>,
}

/// What was found (an object type).
#[derive(Debug, Clone, Serialize, ToolSchema)]
struct Found {
    count: u8,
    hits: Vec<Hit>,
}

/// Which value to return.
#[derive(Debug, Deserialize, ToolSchema)]
struct Pick {
    #[serde(default)]
    some: bool,
}

fn hits() -> Vec<Hit> {
    vec![
        Hit {
            number: "BA1".into(),
            seats: Some(3),
        },
        Hit {
            number: "AF2".into(),
            seats: None,
        },
    ]
}

fn tree() -> Vec<Node> {
    vec![Node {
        name: "root".into(),
        children: vec![Node {
            name: "leaf".into(),
            children: vec![],
        }],
    }]
}

#[derive(Clone)]
struct Server {
    tool_router: ToolRouter<Self>,
    /// Through `toolform::rmcp::{list_tools, call_tool}`, or rmcp's own.
    adapt: bool,
}

#[tool_router]
impl Server {
    /// Flights (`Vec<T>`).
    #[tool]
    async fn hits(&self) -> Json<Vec<Hit>> {
        Json(hits())
    }

    /// A greeting (`String`).
    #[tool]
    async fn greeting(&self) -> Json<String> {
        Json("hello \"world\"".into())
    }

    /// A count (`u8`).
    #[tool]
    async fn count(&self) -> Result<Json<u8>, ErrorData> {
        Ok(Json(7))
    }

    /// Maybe a flight (`Option<T>`): `{"some": true}` for one.
    #[tool]
    async fn maybe(&self, Parameters(pick): Parameters<Pick>) -> Json<Option<Hit>> {
        Json(pick.some.then(|| hits().remove(0)))
    }

    /// A colour (an enum of strings).
    #[tool]
    async fn colour(&self) -> Json<Colour> {
        Json(Colour::Green)
    }

    /// A shape (a tagged enum: an object root, unchanged).
    #[tool]
    async fn shape(&self) -> Json<Shape> {
        Json(Shape::Circle { radius: 1.5 })
    }

    /// A forest (a recursive type in a `Vec`).
    #[tool]
    async fn forest(&self) -> Json<Vec<Node>> {
        Json(tree())
    }

    /// What was found (an object type, unchanged).
    #[tool]
    async fn found(&self) -> Json<Found> {
        Json(Found {
            count: 2,
            hits: hits(),
        })
    }

    /// Prices, NaN among them, with toolform's own schema for `Vec<f64>`
    /// (`["number", "null"]` items: serde_json writes NaN as `null`).
    #[tool(output_schema = toolform::rmcp::output_schema::<Vec<f64>>())]
    async fn prices(&self) -> Json<Vec<f64>> {
        Json(vec![1.5, f64::NAN])
    }

    /// A failure, with a structured error value (not held to the schema).
    #[tool]
    async fn failing(&self) -> Result<Json<Vec<u8>>, Json<Vec<String>>> {
        Err(Json(vec!["no".into()]))
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        if self.adapt {
            return Ok(toolform::rmcp::output::list_tools(
                &self.tool_router,
                &context,
            ));
        }
        Ok(ListToolsResult::with_all_items(self.tool_router.list_all()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if self.adapt {
            return toolform::rmcp::output::call_tool(&self.tool_router, self, request, context)
                .await;
        }
        let tcc = rmcp::handler::server::tool::ToolCallContext::new(self, request, context);
        self.tool_router.call(tcc).await
    }
}

#[derive(Clone)]
struct Client;

impl ClientHandler for Client {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        InitializeRequestParams::new(
            ClientCapabilities::default(),
            Implementation::new("nonobject-test", "0"),
        )
    }
}

struct Session {
    client: RunningService<RoleClient, Client>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for Session {
    fn drop(&mut self) {
        self.server.abort();
    }
}

fn session(version: &ProtocolVersion, adapt: bool) -> Session {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let client_info = InitializeRequestParams::new(
        ClientCapabilities::default(),
        Implementation::new("nonobject-test", "0"),
    )
    .with_protocol_version(version.clone());
    let server_info = InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
        .with_protocol_version(version.clone());
    let server = tokio::spawn(async move {
        let running: RunningService<RoleServer, _> = serve_directly(
            Server {
                tool_router: Server::tool_router(),
                adapt,
            },
            server_io,
            Some(client_info),
        );
        let _ = running.waiting().await;
    });
    let client =
        serve_directly::<RoleClient, _, _, _, _>(Client, client_io, Some(server_info.into()));
    Session { client, server }
}

async fn call(session: &Session, tool: &str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else {
        panic!("arguments are an object")
    };
    session
        .client
        .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(args))
        .await
        .unwrap_or_else(|e| panic!("{tool}: a tool result, not an error: {e}"))
}

/// The calls made, with the value serde writes for each.
fn cases() -> Vec<(&'static str, Value, Value)> {
    let to = |v: &dyn erased::Ser| v.value();
    vec![
        ("hits", json!({}), to(&hits())),
        ("greeting", json!({}), json!("hello \"world\"")),
        ("count", json!({}), json!(7)),
        ("maybe", json!({"some": true}), to(&Some(hits().remove(0)))),
        ("maybe", json!({"some": false}), Value::Null),
        ("colour", json!({}), json!("green")),
        ("shape", json!({}), to(&Shape::Circle { radius: 1.5 })),
        ("forest", json!({}), to(&tree())),
        (
            "found",
            json!({}),
            to(&Found {
                count: 2,
                hits: hits(),
            }),
        ),
        ("prices", json!({}), json!([1.5, null])),
    ]
}

/// `serde_json::to_value` behind a trait object, for the table above.
mod erased {
    pub trait Ser {
        fn value(&self) -> serde_json::Value;
    }
    impl<T: serde::Serialize> Ser for T {
        fn value(&self) -> serde_json::Value {
            serde_json::to_value(self).expect("serializes")
        }
    }
}

/// Tools whose output schema is an object at the root.
const OBJECT_TOOLS: [&str; 2] = ["shape", "found"];

use toolform_tests::agreement::validator;

fn errors(validator: &jsonschema::Validator, value: &Value) -> Vec<String> {
    validator
        .iter_errors(value)
        .map(|e| e.to_string())
        .collect()
}

fn text_blocks(result: &CallToolResult) -> Vec<String> {
    result
        .content
        .iter()
        .filter_map(ContentBlock::as_text)
        .map(|t| t.text.clone())
        .collect()
}

#[tokio::test]
async fn every_structured_value_validates_against_its_listed_schema_under_every_revision() {
    for version in &REVISIONS {
        let v = version.as_str();
        let modern = *version == ProtocolVersion::V_2026_07_28;
        let session = session(version, true);
        let listed = session.client.list_tools(None).await.expect("tools/list");
        if let Some(spec) = toolform_tests::spec_validator(version.as_str(), "ListToolsResult") {
            let wire = serde_json::to_value(&listed).expect("serializes");
            let errs = errors(&spec, &wire);
            assert!(
                errs.is_empty(),
                "{v}: tools/list breaks the spec: {errs:?}\n{wire:#}"
            );
        }
        let router_tools = Server::tool_router().list_all();
        for (tool, args, value) in cases() {
            let schema = listed
                .tools
                .iter()
                .find(|t| t.name == tool)
                .and_then(|t| t.output_schema.clone())
                .unwrap_or_else(|| panic!("{v}: {tool} lists no outputSchema"));
            let own = router_tools
                .iter()
                .find(|t| t.name == tool)
                .and_then(|t| t.output_schema.clone())
                .expect("the router's schema");
            let object = OBJECT_TOOLS.contains(&tool);
            assert_eq!(
                object,
                toolform::rmcp::output::is_object_output(&own),
                "{tool}"
            );
            if modern || object {
                // T's, unchanged but for rmcp's `$schema` (2020-12: MCP's
                // default, left out of every listed schema).
                let mut own = (*own).clone();
                own.remove("$schema");
                assert_eq!(*schema, own, "{v}: {tool}'s schema is T's, unchanged");
            } else {
                assert_eq!(schema["type"], "object", "{v}: {tool}");
                assert_eq!(schema["required"], json!(["result"]), "{v}: {tool}");
            }

            let result = call(&session, tool, args).await;
            assert_eq!(result.is_error, Some(false), "{v}: {tool}: {result:?}");
            let sent = result
                .structured_content
                .clone()
                .unwrap_or_else(|| panic!("{v}: {tool} sent no structuredContent: {result:?}"));
            let expected = if modern || object {
                value.clone()
            } else {
                json!({"result": value})
            };
            assert_eq!(sent, expected, "{v}: {tool}");
            let errs = errors(&validator(&Value::Object((*schema).clone())), &sent);
            assert!(
                errs.is_empty(),
                "{v}: {tool}: {sent} breaks {schema:?}: {errs:?}"
            );
            // The value's serde_json serialization, as text, once.
            let texts = text_blocks(&result);
            assert_eq!(texts, [value.to_string()], "{v}: {tool}");
            if let Some(spec) = toolform_tests::spec_validator(version.as_str(), "CallToolResult") {
                let wire = serde_json::to_value(&result).expect("serializes");
                let errs = errors(&spec, &wire);
                assert!(
                    errs.is_empty(),
                    "{v}: {tool}: the result breaks the spec: {errs:?}\n{wire:#}"
                );
            }
        }
    }
}

#[tokio::test]
async fn error_results_pass_through() {
    for version in &REVISIONS {
        let session = session(version, true);
        let result = call(&session, "failing", json!({})).await;
        assert_eq!(result.is_error, Some(true), "{result:?}");
        assert_eq!(text_blocks(&result), [r#"["no"]"#]);
        // An error value is not described by the output schema: never wrapped
        // (rmcp drops a non-object one for older peers).
        let modern = *version == ProtocolVersion::V_2026_07_28;
        let expected = modern.then(|| json!(["no"]));
        assert_eq!(result.structured_content, expected, "{}", version.as_str());
    }
}

#[test]
fn the_wrapped_schema_of_a_recursive_type_still_resolves() {
    let tools = Server::tool_router().list_all();
    let forest = tools.iter().find(|t| t.name == "forest").expect("listed");
    let own = forest.output_schema.clone().expect("a schema");
    let wrapped = tools_for(vec![forest.clone()], Some(&ProtocolVersion::V_2025_11_25));
    let wrapped = Value::Object((*wrapped[0].output_schema.clone().expect("a schema")).clone());
    let text = wrapped.to_string();
    assert!(text.contains("#/properties/result/"), "{wrapped:#}");
    assert!(own.contains_key("$schema"), "rmcp adds $schema: {own:?}");
    // The wrapping moves it to the new root; the listing then leaves
    // 2020-12's out, as for every listed schema.
    let moved = result_object_schema(&own);
    assert_eq!(moved["$schema"], own["$schema"], "moved to the new root");
    assert!(wrapped.get("$schema").is_none(), "{wrapped:#}");
    assert!(wrapped["properties"]["result"].get("$schema").is_none());
    let check = validator(&wrapped);
    let good = json!({"result": serde_json::to_value(tree()).unwrap()});
    assert!(
        errors(&check, &good).is_empty(),
        "{:?}",
        errors(&check, &good)
    );
    let bad = json!({"result": [{"name": "root", "children": [{"name": 1, "children": []}]}]});
    assert!(
        !errors(&check, &bad).is_empty(),
        "the reference is followed"
    );
}

#[test]
fn a_wrapped_schema_is_built_once_per_schema() {
    let old = Some(&ProtocolVersion::V_2025_11_25);
    let router = Server::tool_router();
    let first = tools_for(router.list_all(), old);
    let again = tools_for(router.list_all(), old);
    let mut wrapped = 0;
    for (a, b) in first.iter().zip(&again) {
        if let (Some(a), Some(b)) = (&a.output_schema, &b.output_schema)
            && a.get("required") == Some(&json!(["result"]))
        {
            wrapped += 1;
            assert!(Arc::ptr_eq(a, b), "the same Arc on every tools/list");
        }
    }
    assert!(wrapped > 0, "the server has non-object tools");
    // A schema that is gone is never answered for a new one, even at the
    // same address; and each schema gets its own wrapping.
    for n in 0..200u64 {
        let schema = Arc::new(
            json!({"type": "integer", "maximum": n})
                .as_object()
                .cloned()
                .unwrap_or_default(),
        );
        let mut tool = first[0].clone();
        tool.output_schema = Some(schema.clone());
        let listed = tools_for(vec![tool], old);
        let got = listed[0].output_schema.clone().unwrap_or_default();
        assert_eq!(*got, result_object_schema(&schema), "schema {n}");
    }
}

#[test]
fn references_are_rewritten_only_where_they_point_into_the_document() {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "array",
        "items": {"$ref": "#/$defs/Node"},
        "$defs": {"Node": {
            "type": "object",
            "properties": {
                "next": {"anyOf": [{"$ref": "#"}, {"type": "null"}]},
                "tag": {"$ref": "#tag"},
                "remote": {"$ref": "https://example.com/s.json#/x"},
                "own": {"$id": "https://example.com/own", "$ref": "#/$defs/x", "$defs": {"x": {}}},
                "data": {"const": {"$ref": "#/not/a/schema"}},
            },
        }},
    });
    let Value::Object(schema) = schema else {
        unreachable!()
    };
    let wrapped = Value::Object(result_object_schema(&schema));
    let node = &wrapped["properties"]["result"]["$defs"]["Node"]["properties"];
    assert_eq!(
        wrapped["properties"]["result"]["items"]["$ref"],
        "#/properties/result/$defs/Node"
    );
    assert_eq!(node["next"]["anyOf"][0]["$ref"], "#/properties/result");
    assert_eq!(node["tag"]["$ref"], "#tag");
    assert_eq!(node["remote"]["$ref"], "https://example.com/s.json#/x");
    assert_eq!(node["own"]["$ref"], "#/$defs/x");
    assert_eq!(node["data"]["const"]["$ref"], "#/not/a/schema");
    assert_eq!(
        wrapped["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(wrapped["required"], json!(["result"]));

    // A schema with its own `$id` is a resource: left whole.
    let with_id = json!({"$id": "https://example.com/list", "$schema": "x", "type": "array", "items": {"$ref": "#/$defs/a"}});
    let Value::Object(with_id) = with_id else {
        unreachable!()
    };
    let wrapped = Value::Object(result_object_schema(&with_id));
    assert_eq!(wrapped["properties"]["result"], Value::Object(with_id));
    assert!(wrapped.get("$schema").is_none());
}

fn tool_with(schema: Value) -> Tool {
    let Value::Object(schema) = schema else {
        panic!("an object schema")
    };
    Tool::new("t", "", JsonObject::new()).with_raw_output_schema(Arc::new(schema))
}

#[test]
fn the_decision_follows_the_schema_not_the_value() {
    let old = Some(&ProtocolVersion::V_2025_11_25);
    let schema = toolform::rmcp::output_schema::<Option<Hit>>();
    assert!(
        !toolform::rmcp::output::is_object_output(&schema),
        "{schema:?}"
    );
    // `Some` is an object on the wire, and is still wrapped: the schema is.
    let value = serde_json::to_value(Some(hits().remove(0))).unwrap();
    let response = result_for(
        Some(&schema),
        CallToolResult::structured(value.clone()).into(),
        old,
    );
    let CallToolResponse::Complete(result) = response else {
        panic!("complete")
    };
    assert_eq!(result.structured_content, Some(json!({"result": value})));
    assert_eq!(text_blocks(&result), [value.to_string()], "not added twice");

    // A result built by hand without its text block gets one.
    let bare = CallToolResult::success(vec![]);
    let mut bare = bare;
    bare.structured_content = Some(json!([1, 2]));
    let response = result_for(
        Some(&toolform::rmcp::output_schema::<Vec<u8>>()),
        bare.into(),
        None,
    );
    let CallToolResponse::Complete(result) = response else {
        panic!("complete")
    };
    assert_eq!(
        result.structured_content,
        Some(json!({"result": [1, 2]})),
        "no version: an old peer"
    );
    assert_eq!(text_blocks(&result), ["[1,2]"]);

    // A tool without an output schema, and an object schema: untouched.
    let untouched = |schema: Option<&JsonObject>| {
        let response = result_for(schema, CallToolResult::structured(json!([1])).into(), old);
        let CallToolResponse::Complete(result) = response else {
            panic!("complete")
        };
        result.structured_content
    };
    assert_eq!(untouched(None), Some(json!([1])));
    assert_eq!(
        untouched(Some(&toolform::rmcp::output_schema::<Found>())),
        Some(json!([1]))
    );

    // Listing: object roots and 2026-07-28 untouched.
    let tools = vec![
        tool_with(json!({"type": "object"})),
        tool_with(json!({"type": "string"})),
    ];
    let modern = tools_for(tools.clone(), Some(&ProtocolVersion::V_2026_07_28));
    assert_eq!(modern, tools);
    let legacy = tools_for(tools.clone(), old);
    assert_eq!(legacy[0], tools[0]);
    assert_eq!(
        Value::Object((*legacy[1].output_schema.clone().unwrap()).clone()),
        json!({"type": "object", "properties": {"result": {"type": "string"}}, "required": ["result"]})
    );
}

#[test]
fn schemas_of_the_test_types_are_what_the_cases_assume() {
    // The cases cover each kind the issue names: the macro's `#[tool]` asks
    // `schema_for_output::<T>()`, toolform's own schema for a derived `T`.
    let bare = |s: &JsonObject| {
        let mut s = s.clone();
        for key in ["$schema", "title", "description"] {
            s.remove(key);
        }
        Value::Object(s)
    };
    let ours = |s: &Value| bare(s.as_object().expect("an object schema"));
    let tools = Server::tool_router().list_all();
    let of = |name: &str| {
        tools
            .iter()
            .find(|t| t.name == name)
            .and_then(|t| t.output_schema.clone())
            .unwrap()
    };
    // A std container of derived types: schemars' container around
    // toolform's schemas, which here is toolform's schema of the container.
    assert_eq!(bare(&of("hits")), ours(<Vec<Hit>>::output_schema()));
    assert_eq!(bare(&of("greeting")), ours(String::output_schema()));
    assert_eq!(bare(&of("maybe")), ours(<Option<Hit>>::output_schema()));
    assert_eq!(bare(&of("found")), ours(Found::output_schema()));
    assert_eq!(bare(&of("colour")), ours(Colour::output_schema()));
    assert_eq!(bare(&of("prices")), ours(<Vec<f64>>::output_schema()));
    // A std scalar: schemars' schema, with its `format: "uint8"`, which no
    // validator checks (toolform's has none); `#[tool(output_schema =
    // toolform::rmcp::output_schema::<u8>())]` advertises toolform's.
    let mut count = bare(&of("count"));
    assert_eq!(count["format"], "uint8");
    count.as_object_mut().unwrap().remove("format");
    assert_eq!(count, ours(u8::output_schema()));
    // A recursive type in a container: its definition at the root.
    assert!(of("forest").contains_key("$defs"));
}
