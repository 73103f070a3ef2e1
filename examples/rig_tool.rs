//! A tool for rig-core: the `ToolDefinition` in the dialect of the provider
//! the agent talks to, and the model's arguments read back with every
//! violation named.
//!
//! Run: `cargo run -p toolform-examples --example rig_tool`
//! (no network: it prints the definitions and reads sample arguments).

use toolform::ToolSchema;
use toolform::dialect::Dialect;

/// Convert an amount between currencies.
#[derive(Debug, serde::Deserialize, ToolSchema)]
struct Convert {
    amount: f64,
    /// ISO 4217 code.
    from: String,
    /// ISO 4217 code.
    to: String,
}

fn main() {
    for dialect in [
        Dialect::OpenAiStrict,
        Dialect::AnthropicStrict,
        Dialect::Gemini,
    ] {
        let definition = toolform::rig::definition::<Convert>("convert", dialect)
            .expect("Convert has a schema in every provider dialect");
        println!(
            "{dialect}: {}",
            serde_json::to_string(&definition).expect("JSON")
        );
    }
    for text in [
        r#"{"amount": 3.5, "from": "EUR", "to": "JPY"}"#,
        r#"{"amount": "lots"}"#,
    ] {
        match toolform::rig::parse_arguments::<Convert>(Dialect::OpenAiStrict, text) {
            Ok(read) => {
                let Convert { amount, from, to } = read.value;
                println!("convert {amount} {from} to {to}");
            }
            Err(e) => println!("tool result for the model:\n{e}"),
        }
    }
}
