//! The `schemars` and `rmcp` features: derived types answer schemars with the
//! schema of the generator's contract, drop into rmcp's `Parameters<T>` /
//! `Json<T>` / `#[tool]` unchanged, and toolform's rmcp builders carry the
//! same schemas and read rmcp's elicitation answers.

use chrono::{DateTime, Utc};
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::model::{ElicitResult, ElicitationAction, ElicitationSchema};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolform::elicit::Revision;
use toolform::{ElicitError, ElicitForm, Elicited, ToolSchema};

/// Search the catalogue.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Search {
    /// Free text.
    query: String,
    #[serde(default = "twenty", alias = "limit")]
    max_results: u8,
    since: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tags: Vec<String>,
}

fn twenty() -> u8 {
    20
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Hits {
    hits: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    warnings: Vec<String>,
    mean_score: f64,
}

/// A tagged enum: a union of objects at the root.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
#[serde(tag = "op", rename_all = "snake_case")]
enum Edit {
    Insert { at: u32, text: String },
    Delete { from: u32, to: u32 },
}

/// A recursive type: its rendering refers to itself.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Tree {
    label: String,
    #[serde(default)]
    children: Vec<Tree>,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Pair(u8, String);

/// A generic type: each instantiation its own schema.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Page<T> {
    items: Vec<T>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<String>,
}

/// A type that keeps deriving schemars itself.
#[derive(Serialize, Deserialize, ToolSchema, JsonSchema)]
#[schema(no_json_schema)]
struct Both {
    a: u8,
}

/// schemars' root schema with the two keys schemars adds at a root
/// (`$schema`, and `title` when the type has none) taken out.
fn root_for<T: JsonSchema>(settings: SchemaSettings) -> Value {
    let mut root = settings
        .into_generator()
        .into_root_schema_for::<T>()
        .to_value();
    let map = root.as_object_mut().unwrap();
    map.remove("$schema");
    if map.get("title") == Some(&json!(T::schema_name())) {
        map.remove("title");
    }
    root
}

fn de() -> SchemaSettings {
    SchemaSettings::draft2020_12()
}

fn ser() -> SchemaSettings {
    SchemaSettings::draft2020_12().for_serialize()
}

#[test]
fn schemars_answers_with_the_schema_of_its_contract() {
    assert_eq!(&root_for::<Search>(de()), Search::input_schema());
    assert_eq!(&root_for::<Search>(ser()), Search::output_schema());
    assert_eq!(&root_for::<Hits>(de()), Hits::input_schema());
    assert_eq!(&root_for::<Hits>(ser()), Hits::output_schema());
    assert_eq!(
        &root_for::<Page<Hits>>(ser()),
        <Page<Hits>>::output_schema()
    );
    assert_eq!(&root_for::<Page<u8>>(de()), <Page<u8>>::input_schema());
    // The two contracts differ where serde's two sides do.
    assert_ne!(root_for::<Hits>(de()), root_for::<Hits>(ser()));
    // Generic instantiations are different schemars types.
    assert_ne!(
        <Page<u8> as JsonSchema>::schema_id(),
        <Page<String> as JsonSchema>::schema_id()
    );
    assert_eq!(<Page<u8> as JsonSchema>::schema_name(), "Page");
    // `schema_for!` is the deserialize contract.
    let mut for_macro = schemars::schema_for!(Search).to_value();
    let map = for_macro.as_object_mut().unwrap();
    map.remove("$schema");
    map.remove("title");
    assert_eq!(&for_macro, Search::input_schema());
}

#[test]
fn a_tagged_enum_says_object_at_the_root() {
    let input = root_for::<Edit>(de());
    assert_eq!(input["type"], "object");
    assert_eq!(input["oneOf"], Edit::input_schema()["oneOf"]);
    assert_eq!(Edit::input_schema().get("type"), None);
}

/// Inside a schemars-derived struct, a derived type is inlined and keeps its
/// verdicts; a recursive one is moved to the generator's definitions so its
/// references still resolve.
#[test]
fn nested_in_a_schemars_type_verdicts_are_kept() {
    #[derive(Deserialize, JsonSchema)]
    #[allow(dead_code)]
    struct Outer {
        search: Search,
        tree: Tree,
        pair: Pair,
    }
    for settings in [
        de(),
        SchemaSettings::draft07(),
        SchemaSettings::draft2019_09(),
    ] {
        let draft07 = settings
            .meta_schema
            .as_deref()
            .is_some_and(|m| m.contains("draft-07"));
        let root = settings
            .into_generator()
            .into_root_schema_for::<Outer>()
            .to_value();
        let text = root.to_string();
        assert!(
            !text.contains("\"$ref\":\"#\""),
            "a bare `#` escaped: {text}"
        );
        if draft07 {
            assert!(!text.contains("prefixItems"), "{text}");
            assert!(!text.contains("$defs"), "{text}");
        }
        let validator = jsonschema::validator_for(&root).unwrap();
        let tree =
            json!({"label": "a", "children": [{"label": "b", "children": [{"label": "c"}]}]});
        let bad_tree =
            json!({"label": "a", "children": [{"label": "b", "children": [{"label": 3}]}]});
        let search = json!({"query": "x", "limit": 3});
        let cases = [
            (
                json!({"search": search, "tree": tree, "pair": [1, "x"]}),
                true,
            ),
            (
                json!({"search": search, "tree": bad_tree, "pair": [1, "x"]}),
                false,
            ),
            (
                json!({"search": {"query": "x", "extra": 1}, "tree": tree, "pair": [1, "x"]}),
                false,
            ),
            (
                json!({"search": {"query": "x", "maxResults": 300}, "tree": tree, "pair": [1, "x"]}),
                false,
            ),
            (
                json!({"search": search, "tree": tree, "pair": [1, "x", 3]}),
                false,
            ),
            (
                json!({"search": search, "tree": tree, "pair": ["x", 1]}),
                false,
            ),
        ];
        for (doc, valid) in cases {
            assert_eq!(validator.is_valid(&doc), valid, "{doc} under {root:#}");
            let serde_reads = serde_json::from_value::<Outer>(doc.clone()).is_ok();
            assert_eq!(serde_reads, valid, "serde disagrees on {doc}");
        }
    }
}

/// Recursive, with a property named like a keyword whose value is data
/// elsewhere (`default`): its references are rewritten all the same.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct Odd {
    label: String,
    #[serde(rename = "default", default)]
    kids: Vec<Odd>,
}

#[test]
fn references_under_keyword_named_properties_resolve() {
    #[derive(Deserialize, JsonSchema)]
    #[allow(dead_code)]
    struct Holder {
        odd: Odd,
    }
    let root = de()
        .into_generator()
        .into_root_schema_for::<Holder>()
        .to_value();
    assert!(!root.to_string().contains("\"$ref\":\"#\""), "{root:#}");
    let validator = jsonschema::validator_for(&root).unwrap();
    let ok =
        json!({"odd": {"label": "a", "default": [{"label": "b", "default": [{"label": "c"}]}]}});
    let bad =
        json!({"odd": {"label": "a", "default": [{"label": "b", "default": [{"label": 1}]}]}});
    assert!(validator.is_valid(&ok));
    assert!(!validator.is_valid(&bad));
    assert!(serde_json::from_value::<Holder>(ok).is_ok());
    assert!(serde_json::from_value::<Holder>(bad).is_err());
}

#[test]
fn a_recursive_root_resolves_through_the_definitions() {
    let root = de()
        .into_generator()
        .into_root_schema_for::<Tree>()
        .to_value();
    assert_eq!(root["type"], "object");
    assert!(root["$defs"]["Tree"].is_object(), "{root:#}");
    let validator = jsonschema::validator_for(&root).unwrap();
    assert!(validator.is_valid(&json!({"label": "a", "children": [{"label": "b"}]})));
    assert!(!validator.is_valid(&json!({"label": "a", "children": [{"label": 1}]})));
}

#[test]
fn no_json_schema_leaves_schemars_derive_in_charge() {
    let root = schemars::schema_for!(Both).to_value();
    // schemars' own rendering of a u8, not toolform's.
    assert_eq!(root["properties"]["a"]["format"], "uint8");
    assert_eq!(Both::input_schema()["properties"]["a"].get("format"), None);
}

// ---- rmcp: what its own machinery produces from derived types ----

#[derive(Clone)]
struct Server;

#[tool_router]
impl Server {
    /// Search.
    #[tool(description = "Search the catalogue")]
    async fn search(&self, Parameters(args): Parameters<Search>) -> Json<Hits> {
        Json(Hits {
            hits: vec![args.query],
            warnings: vec![],
            mean_score: f64::NAN,
        })
    }

    #[tool(description = "Edit")]
    async fn edit(&self, Parameters(_edit): Parameters<Edit>) -> String {
        String::new()
    }
}

#[tool_handler]
impl ServerHandler for Server {}

/// rmcp drops the root `title` and `description` (the type's name and doc)
/// from tool schemas and adds `$schema`; everything else is toolform's.
fn without_root_annotations(schema: &Value) -> Value {
    let mut schema = schema.clone();
    let map = schema.as_object_mut().unwrap();
    map.remove("title");
    map.remove("description");
    map.remove("$schema");
    schema
}

#[test]
fn rmcp_tool_macros_carry_toolforms_schemas() {
    let tools = Server::tool_router().list_all();
    let search = tools.iter().find(|t| t.name == "search").unwrap();
    assert_eq!(
        without_root_annotations(&Value::Object((*search.input_schema).clone())),
        without_root_annotations(Search::input_schema())
    );
    assert_eq!(
        without_root_annotations(&Value::Object(
            (**search.output_schema.as_ref().unwrap()).clone()
        )),
        without_root_annotations(Hits::output_schema())
    );
    // rmcp insists on `type: object` at the root of an input schema.
    let edit = tools.iter().find(|t| t.name == "edit").unwrap();
    assert_eq!(edit.input_schema["type"], "object");
}

#[test]
fn toolform_tool_builder() {
    let tool = toolform::rmcp::tool::<Search, Hits>("search", "Search the catalogue");
    assert_eq!(
        &Value::Object((*tool.input_schema).clone()),
        Search::input_schema()
    );
    assert_eq!(
        &Value::Object((**tool.output_schema.as_ref().unwrap()).clone()),
        Hits::output_schema()
    );
    // The `warnings` omitted when empty are not required; NaN is written as null.
    let out = tool.output_schema.unwrap();
    assert_eq!(out["required"], json!(["hits", "mean_score"]));
    assert_eq!(
        out["properties"]["mean_score"]["type"],
        json!(["number", "null"])
    );
    // Shared, not rebuilt.
    let again = toolform::rmcp::input_schema::<Search>();
    assert!(std::sync::Arc::ptr_eq(&tool.input_schema, &again));

    let edit = toolform::rmcp::tool_without_output::<Edit>("edit", "Edit");
    assert_eq!(edit.input_schema["type"], "object");
    assert!(edit.output_schema.is_none());
}

// ---- rmcp: elicitation ----

#[derive(Debug, PartialEq, Serialize, Deserialize, ToolSchema)]
#[serde(rename_all = "snake_case")]
enum Seat {
    Window,
    Aisle,
}

#[derive(Debug, PartialEq, Deserialize, ElicitForm)]
struct Traveller {
    #[elicit(length(min = 1, max = 40))]
    name: String,
    seat: Seat,
    #[serde(default)]
    #[elicit(default = 1, range(min = 0, max = 3))]
    bags: u8,
    #[serde(default)]
    extras: Vec<Seat>,
}

#[test]
fn elicitation_schema_per_revision() {
    use toolform::rmcp::elicitation::{elicit_request, elicitation_schema};
    let schema = elicitation_schema::<Traveller>(Revision::V2025_11_25).unwrap();
    assert_eq!(
        &serde_json::to_value(&schema).unwrap(),
        Traveller::requested_schema()
    );
    let latest = elicitation_schema::<Traveller>(Revision::V2026_07_28).unwrap();
    assert_eq!(schema, latest);
    // 2025-06-18 has no multi-select: the problem is named, nothing is sent.
    let err = elicitation_schema::<Traveller>(Revision::V2025_06_18).unwrap_err();
    assert!(elicit_request::<Traveller>("?", Revision::V2025_06_18).is_err());
    let request =
        serde_json::to_value(elicit_request::<Traveller>("Who?", Revision::V2025_11_25).unwrap())
            .unwrap();
    assert_eq!(request["mode"], "form");
    assert_eq!(request["message"], "Who?");
    assert_eq!(&request["requestedSchema"], Traveller::requested_schema());
    assert!(err.to_string().contains("/properties/extras"), "{err}");

    use rmcp::model::ProtocolVersion as P;
    use toolform::rmcp::elicitation::revision_for;
    assert_eq!(revision_for(&P::V_2024_11_05), Revision::V2025_06_18);
    assert_eq!(revision_for(&P::V_2025_06_18), Revision::V2025_06_18);
    assert_eq!(revision_for(&P::V_2025_11_25), Revision::V2025_11_25);
    assert_eq!(revision_for(&P::V_2026_07_28), Revision::V2026_07_28);
}

#[test]
fn elicited_reads_rmcps_result() {
    let accept =
        |content: Value| ElicitResult::new(ElicitationAction::Accept).with_content(content);
    assert_eq!(
        toolform::rmcp::elicitation::elicited::<Traveller>(&accept(
            json!({"name": "Ada", "seat": "aisle"})
        )),
        Ok(Elicited::Accepted(Traveller {
            name: "Ada".into(),
            seat: Seat::Aisle,
            bags: 1,
            extras: vec![],
        }))
    );
    let err = toolform::rmcp::elicitation::elicited::<Traveller>(&accept(
        json!({"name": "", "seat": "roof", "bags": 9}),
    ))
    .unwrap_err();
    let paths: Vec<_> = err.violations().iter().map(|v| v.path.as_str()).collect();
    assert_eq!(paths, ["/name", "/seat", "/bags"]);
    assert_eq!(
        toolform::rmcp::elicitation::elicited::<Traveller>(&ElicitResult::new(
            ElicitationAction::Decline
        )),
        Ok(Elicited::Declined)
    );
    let accepted = accept(json!({"name": "Bo", "seat": "window", "bags": 2}));
    assert_eq!(
        toolform::rmcp::elicitation::elicited::<Traveller>(&accepted),
        Ok(Elicited::Accepted(Traveller {
            name: "Bo".into(),
            seat: Seat::Window,
            bags: 2,
            extras: vec![],
        }))
    );
    assert_eq!(
        toolform::rmcp::elicitation::elicited::<Traveller>(&ElicitResult::new(
            ElicitationAction::Cancel
        )),
        Ok(Elicited::Cancelled)
    );
    assert_eq!(
        toolform::rmcp::elicitation::elicited::<Traveller>(&ElicitResult::new(
            ElicitationAction::Accept
        )),
        Err(ElicitError::AcceptedWithoutContent)
    );
    assert!(matches!(
        toolform::rmcp::elicitation::elicited::<Traveller>(&accept(json!([1]))),
        Err(ElicitError::Malformed(_))
    ));
}

#[test]
fn input_required_round_trip() {
    let result =
        toolform::rmcp::elicitation::input_required::<Traveller>("traveller", "Who is flying?");
    let wire = serde_json::to_value(&result).unwrap();
    assert_eq!(wire["resultType"], "input_required");
    let request = &wire["inputRequests"]["traveller"];
    assert_eq!(request["method"], "elicitation/create");
    assert_eq!(request["params"]["message"], "Who is flying?");
    assert_eq!(
        &request["params"]["requestedSchema"],
        Traveller::requested_schema()
    );
    // rmcp reads its own wire form back.
    let _: rmcp::model::InputRequiredResult = serde_json::from_value(wire).unwrap();

    let mut responses = rmcp::model::InputResponses::new();
    responses.insert(
        "traveller".into(),
        json!({"action": "accept", "content": {"name": "Ada", "seat": "window", "bags": 0}}),
    );
    let got =
        toolform::rmcp::elicitation::input_response::<Traveller>(Some(&responses), "traveller");
    assert_eq!(
        got,
        Some(Ok(Elicited::Accepted(Traveller {
            name: "Ada".into(),
            seat: Seat::Window,
            bags: 0,
            extras: vec![],
        })))
    );
    assert_eq!(
        toolform::rmcp::elicitation::input_response::<Traveller>(Some(&responses), "other"),
        None
    );
    assert_eq!(
        toolform::rmcp::elicitation::input_response::<Traveller>(None, "traveller"),
        None
    );
    responses.insert(
        "traveller".into(),
        json!({"action": "accept", "content": {"seat": "roof"}}),
    );
    let err =
        toolform::rmcp::elicitation::input_response::<Traveller>(Some(&responses), "traveller")
            .unwrap()
            .unwrap_err();
    assert_eq!(err.violations().len(), 2, "{err}");
}

#[test]
fn every_form_revision_parses_as_rmcps_model() {
    for revision in [Revision::V2025_11_25, Revision::V2026_07_28] {
        let schema: ElicitationSchema =
            serde_json::from_value(Traveller::requested_schema_for(revision).unwrap().clone())
                .unwrap();
        assert_eq!(
            schema,
            toolform::rmcp::elicitation::elicitation_schema::<Traveller>(revision).unwrap()
        );
    }
}

/// rmcp holds schemas as objects: a schema that accepts nothing stays one
/// that accepts nothing.
#[test]
fn schemas_that_accept_nothing_stay_so_as_objects() {
    #[derive(Deserialize, ToolSchema)]
    enum Never {}
    let rendered = Never::input_schema();
    let object = Value::Object((*toolform::rmcp::input_schema::<Never>()).clone());
    for doc in [json!({}), json!(null), json!("x"), json!(1)] {
        let expected = jsonschema::validator_for(rendered).unwrap().is_valid(&doc);
        assert!(!expected, "{rendered} accepts {doc}");
        assert!(
            !jsonschema::validator_for(&object).unwrap().is_valid(&doc),
            "{object} accepts {doc}"
        );
    }
}
