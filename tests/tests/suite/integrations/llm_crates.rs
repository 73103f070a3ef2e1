//! The async-openai and rig-core integrations (issue 42), through the real
//! crate types: the request body each builds, checked against the
//! provider's documented JSON shape (no network), and the arguments a model
//! sends back read with every violation.
//!
//! Documented shapes: OpenAI "Function calling" guide and API reference
//! (Chat Completions `tools[]`: `{"type": "function", "function": {"name",
//! "description", "parameters", "strict"}}`; Responses `tools[]`: `{"type":
//! "function", "name", "description", "parameters", "strict"}`; a tool call's
//! `function.arguments` is a JSON string).

use async_openai::types::chat::{
    ChatCompletionMessageToolCall, ChatCompletionRequestUserMessage, CreateChatCompletionRequest,
};
use async_openai::types::responses::CreateResponse;
use serde::Deserialize;
use serde_json::{Value, json};
use toolform::ToolSchema;
use toolform::dialect::Dialect;
use toolform_tests::dialect_check::{Provider, check};

/// Look a word up in the dictionary.
#[derive(Debug, Deserialize, ToolSchema)]
struct Define {
    /// The word.
    word: String,
    #[serde(default)]
    language: Option<String>,
    #[serde(default)]
    #[schema(range(min = 1, max = 10))]
    senses: Option<u8>,
}

#[test]
fn async_openai_chat_request_has_the_documented_tool_shape() {
    let tool = toolform::async_openai::chat_tool::<Define>("define").unwrap();
    let request = CreateChatCompletionRequest {
        model: "gpt-4.1".into(),
        messages: vec![ChatCompletionRequestUserMessage::from("define tree").into()],
        tools: Some(vec![tool]),
        ..Default::default()
    };
    let body = serde_json::to_value(&request).unwrap();
    let tools = body["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1);
    let t = &tools[0];
    assert_eq!(t["type"], "function");
    let f = t["function"].as_object().unwrap();
    let keys: Vec<&str> = f.keys().map(String::as_str).collect();
    assert_eq!(keys.len(), 4, "{keys:?}");
    for k in ["name", "description", "parameters", "strict"] {
        assert!(f.contains_key(k), "{k}");
    }
    assert_eq!(f["name"], "define");
    assert_eq!(f["description"], "Look a word up in the dictionary.");
    assert_eq!(f["strict"], true);
    let parameters = &f["parameters"];
    assert_eq!(parameters, Define::schema(Dialect::OpenAiStrict).unwrap());
    // The parameters pass the independent OpenAI strict rules check.
    let problems = check(Provider::of(Dialect::OpenAiStrict).unwrap(), parameters);
    assert!(problems.is_empty(), "{problems:#?}");
    assert_eq!(
        parameters["required"],
        json!(["word", "language", "senses"])
    );
}

#[test]
fn async_openai_responses_request_has_the_documented_tool_shape() {
    let tool = toolform::async_openai::responses_tool::<Define>("define").unwrap();
    let request = CreateResponse {
        model: Some("gpt-4.1".into()),
        input: "define tree".into(),
        tools: Some(vec![tool]),
        ..Default::default()
    };
    let body = serde_json::to_value(&request).unwrap();
    let t = &body["tools"][0];
    assert_eq!(t["type"], "function");
    assert_eq!(t["name"], "define");
    assert_eq!(t["strict"], true);
    assert_eq!(t["description"], "Look a word up in the dictionary.");
    assert_eq!(
        &t["parameters"],
        Define::schema(Dialect::OpenAiStrict).unwrap()
    );
    assert!(t.get("function").is_none());
}

#[test]
fn async_openai_tool_call_arguments_come_back_with_every_violation() {
    // A tool call as the API returns it (`message.tool_calls[0]`).
    let call: ChatCompletionMessageToolCall = serde_json::from_value(json!({
        "id": "call_1",
        "type": "function",
        "function": {"name": "define", "arguments": "{\"word\": \"tree\", \"language\": null, \"senses\": 3}"}
    }))
    .unwrap();
    let args = toolform::async_openai::parse_arguments::<Define>(&call.function.arguments).unwrap();
    assert_eq!(
        (args.value.word.as_str(), args.value.senses),
        ("tree", Some(3))
    );
    assert!(args.repairs.is_empty());
    // Every violation at once: a bound, a type, an unknown key.
    let e = toolform::async_openai::parse_arguments::<Define>(
        r#"{"word": 7, "language": null, "senses": 11, "extra": true}"#,
    )
    .unwrap_err();
    let mut got: Vec<(&str, &str)> = e
        .violations()
        .iter()
        .map(|v| (v.path.as_str(), v.rule))
        .collect();
    got.sort();
    assert_eq!(
        got,
        [
            ("/extra", "additionalProperties"),
            ("/senses", "maximum"),
            ("/word", "type")
        ],
        "{e}"
    );
}

#[test]
fn the_forgiving_read_is_behind_the_same_call() {
    // The tests build toolform with `lenient`: a model's almost-JSON is
    // repaired, each repair listed; what still breaks the schema is named.
    let args = toolform::async_openai::parse_arguments::<Define>(
        "```json\n{word: 'tree', \"language\": null, \"senses\": \"2\",}\n```",
    )
    .unwrap();
    assert_eq!(
        (args.value.word.as_str(), args.value.senses),
        ("tree", Some(2))
    );
    assert!(args.repairs.len() >= 3, "{:?}", args.repairs);
    let e = toolform::async_openai::parse_arguments::<Define>("{word: 'tree', senses: 40}")
        .unwrap_err();
    assert_eq!(e.violations()[0].path, "/senses");
    let e = toolform::async_openai::parse_arguments::<Define>("{\"word\": ").unwrap_err();
    assert_eq!(e.violations()[0].rule, "json");
    let r = toolform::rig::parse_arguments::<Define>(Dialect::AnthropicStrict, "{word: \"tree\"}")
        .unwrap();
    assert_eq!(r.value.word, "tree");
}

#[test]
fn rig_tool_definition_in_each_providers_dialect() {
    for d in [
        Dialect::OpenAiStrict,
        Dialect::AnthropicStrict,
        Dialect::Gemini,
        Dialect::GeminiJsonSchema,
    ] {
        let def = toolform::rig::definition::<Define>("define", d).unwrap();
        let body = serde_json::to_value(&def).unwrap();
        // rig's ToolDefinition: name, description, parameters.
        let keys: Vec<&str> = body
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, ["name", "description", "parameters"], "{d}");
        assert_eq!(body["name"], "define");
        assert_eq!(body["description"], "Look a word up in the dictionary.");
        assert_eq!(&body["parameters"], Define::schema(d).unwrap());
        let problems = check(Provider::of(d).unwrap(), &body["parameters"]);
        assert!(problems.is_empty(), "{d}: {problems:#?}");
    }
    assert!(toolform::rig::definition::<Define>("", Dialect::OpenAiStrict).is_err());
    // A type strict mode cannot write: the dialect's error.
    #[derive(Deserialize, ToolSchema)]
    struct Map {
        m: std::collections::HashMap<String, u8>,
    }
    assert!(matches!(
        toolform::rig::definition::<Map>("m", Dialect::OpenAiStrict),
        Err(toolform::rig::DefinitionError::Dialect(_))
    ));
}

#[test]
fn rig_arguments_are_read_as_the_schema_sent() {
    let v: Define = toolform::rig::parse_value(
        Dialect::OpenAiStrict,
        json!({"word": "tree", "language": null, "senses": null}),
    )
    .unwrap();
    assert_eq!(v.word, "tree");
    let e = toolform::rig::parse_value::<Define>(Dialect::AnthropicStrict, json!({"wrd": "tree"}))
        .unwrap_err();
    let got: Vec<(&str, &str)> = e
        .violations()
        .iter()
        .map(|v| (v.path.as_str(), v.rule))
        .collect();
    assert!(got.contains(&("/wrd", "additionalProperties")), "{e}");
    assert!(got.contains(&("/word", "required")), "{e}");
    let _: Value = json!(null);
}
