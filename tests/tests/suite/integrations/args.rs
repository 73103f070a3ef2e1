//! Tool arguments through a provider dialect (`Dialect::parse_args`) and
//! through rmcp (`toolform::rmcp::Args`): every violation reaches the model
//! as a tool result with `isError: true`, never as a JSON-RPC error.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::handler::server::wrapper::Json;
use rmcp::model::CallToolResponse;
use rmcp::{tool, tool_router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolform::dialect::Dialect;
use toolform::rmcp::Args;
use toolform::{ArgsError, ToolSchema};

#[derive(Debug, Deserialize, ToolSchema)]
struct Search {
    #[schema(length(min = 3, max = 3), pattern = "^[A-Z]{3}$")]
    origin: String,
    #[serde(default = "one")]
    #[schema(range(min = 1, max = 9))]
    passengers: u8,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

fn one() -> u8 {
    1
}

/// A provider dialect moves `pattern` and `maximum` into descriptions (or
/// keeps them); either way they are held on what the model sends back.
#[test]
fn dialect_parse_args_holds_every_constraint() {
    for dialect in Dialect::ALL {
        let bad = json!({"origin": "lhr", "passengers": 12, "note": null});
        let err = dialect.parse_args::<Search>(bad).unwrap_err();
        let paths = toolform_tests::path_rules(err.violations());
        assert_eq!(
            paths,
            [("/origin", "pattern"), ("/passengers", "maximum")],
            "{dialect:?}: {err}"
        );
        let ok = dialect
            .parse_args::<Search>(json!({"origin": "LHR", "passengers": 2, "note": null}))
            .unwrap();
        assert_eq!((ok.origin.as_str(), ok.passengers), ("LHR", 2));
    }
    // OpenAI strict sends every property, `null` for the ones the model
    // leaves out: the default applies.
    let ok = Dialect::OpenAiStrict
        .parse_args::<Search>(json!({"origin": "LHR", "passengers": null, "note": null}))
        .unwrap();
    assert_eq!(ok.passengers, 1);
    // Deep values are refused, never walked.
    let mut deep = json!(1);
    for _ in 0..100_000 {
        deep = Value::Array(vec![deep]);
    }
    let mut args = serde_json::Map::new();
    args.insert("origin".into(), deep);
    let err = Dialect::OpenAiStrict
        .parse_args::<Search>(Value::Object(args))
        .unwrap_err();
    assert_eq!(err.violations()[0].rule, "depth");
}

#[derive(Debug, Serialize, ToolSchema)]
struct Found {
    count: u8,
}

struct Server {
    #[allow(dead_code)]
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Server {
    /// Searches.
    #[tool(input_schema = toolform::rmcp::input_schema::<Search>())]
    async fn search(&self, args: Args<Search>) -> Result<Json<Found>, ArgsError> {
        let search = args.into_inner()?;
        Ok(Json(Found {
            count: search.passengers,
        }))
    }
}

#[test]
fn rmcp_args_turn_violations_into_a_tool_error_result() {
    let router = Server::tool_router();
    let tool = router
        .list_all()
        .into_iter()
        .find(|t| t.name == "search")
        .expect("listed");
    assert_eq!(
        Value::Object((*tool.input_schema).clone()),
        *Search::input_schema()
    );

    let bad = Args::<Search>::parse(
        json!({"origin": "x", "passengers": 0, "extra": 1})
            .as_object()
            .cloned(),
    );
    let err = bad.into_inner().unwrap_err();
    let response = Err::<Json<Found>, _>(err.clone())
        .into_call_tool_result()
        .expect("a tool result, not a JSON-RPC error");
    let CallToolResponse::Complete(result) = response else {
        panic!("a complete result")
    };
    assert_eq!(result.is_error, Some(true));
    // No structuredContent by default: clients check it against the tool's
    // outputSchema even on an error result.
    assert!(result.structured_content.is_none());
    let text = serde_json::to_value(&result.content)
        .expect("serializes")
        .to_string();
    assert!(
        text.contains("/passengers: 0 is below the minimum 1"),
        "{text}"
    );
    assert!(text.contains("(3 violations)"), "{text}");

    let structured = toolform::rmcp::invalid_arguments_structured(&err)
        .structured_content
        .expect("violations as structured content");
    let listed: Vec<(&str, &str)> = structured["violations"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| {
            (
                v["path"].as_str().unwrap_or(""),
                v["rule"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            ("/origin", "minLength"),
            ("/origin", "pattern"),
            ("/passengers", "minimum")
        ]
    );

    let good = Args::<Search>::parse(json!({"origin": "LHR"}).as_object().cloned());
    assert_eq!(good.into_inner().map(|s| s.passengers).ok(), Some(1));
}
