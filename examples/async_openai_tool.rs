//! A tool for OpenAI's Chat Completions through async-openai: the request's
//! tool definition (strict mode) from a derived type, and the model's
//! arguments read back with every violation named.
//!
//! Run: `cargo run -p toolform-examples --example async_openai_tool`
//! (no network: it prints the request body and reads a sample tool call).

use async_openai::types::chat::{ChatCompletionRequestUserMessage, CreateChatCompletionRequest};
use toolform::ToolSchema;

/// Look up the weather for a city.
#[derive(Debug, serde::Deserialize, ToolSchema)]
struct Weather {
    /// The city, in English.
    city: String,
    #[serde(default)]
    unit: Option<Unit>,
}

#[derive(Debug, serde::Deserialize, ToolSchema)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

fn main() {
    let tool = toolform::async_openai::chat_tool::<Weather>("weather")
        .expect("Weather has an OpenAI strict schema");
    let request = CreateChatCompletionRequest {
        model: "gpt-4.1".into(),
        messages: vec![ChatCompletionRequestUserMessage::from("Weather in Oslo?").into()],
        tools: Some(vec![tool]),
        ..Default::default()
    };
    println!("{}", serde_json::to_string_pretty(&request).expect("JSON"));

    // `message.tool_calls[0].function.arguments`, as the model wrote them.
    for arguments in [
        r#"{"city": "Oslo", "unit": null}"#,
        r#"{"city": 3, "unit": "kelvin"}"#,
    ] {
        match toolform::async_openai::parse_arguments::<Weather>(arguments) {
            Ok(read) => {
                let Weather { city, unit } = read.value;
                println!("the weather in {city}, in {unit:?}");
            }
            // Every violation, for the model to fix in one round.
            Err(e) => println!("tool result for the model:\n{e}"),
        }
    }
}
