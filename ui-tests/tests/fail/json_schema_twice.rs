// A type deriving schemars' `JsonSchema` and toolform's `ToolSchema` (which
// implements `JsonSchema` under toolform's `schemars` feature): one error at
// `JsonSchema` saying what to do, where the derive can see it (a derive list
// after its own), instead of E0119 inside the derive. rustc passes a derive
// neither its own list nor earlier ones: those two stay E0119, which the
// README's migration section shows with the fix.
use toolform::ToolSchema;

#[derive(serde::Deserialize, ToolSchema, schemars::JsonSchema)]
struct OneList {
    guests: u8,
}

#[derive(ToolSchema)]
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct ListAfter {
    guests: u8,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[derive(ToolSchema)]
struct ListBefore {
    guests: u8,
}

// Settled: schemars' own impl is kept.
#[derive(serde::Deserialize, schemars::JsonSchema, ToolSchema)]
#[schema(no_json_schema)]
struct Settled {
    guests: u8,
}

fn main() {}
