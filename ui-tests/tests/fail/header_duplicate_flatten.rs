// `header` names are unique across `#[serde(flatten)]`: the macro cannot
// see the flattened type's fields, a const check over the composed set can.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Scope {
    #[schema(header = "region")]
    zone: String,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Call {
    #[schema(header = "Region")]
    region: String,
    #[serde(flatten)]
    scope: Scope,
}

fn main() {
    let _ = Call::input_schema();
}
