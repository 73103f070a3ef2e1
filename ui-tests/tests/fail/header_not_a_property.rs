// `header` only on a property reached from the root through `properties`:
// not on an enum variant's field, a flattened field, a field serde never
// reads, a field with an alias, a field without a name, or on a type.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Scope {
    zone: String,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
enum Action {
    Run {
        #[schema(header = "Region")]
        region: String,
    },
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Call {
    #[serde(flatten)]
    #[schema(header = "Scope")]
    scope: Scope,
    #[serde(skip_deserializing)]
    #[schema(header = "Secret")]
    secret: String,
    #[serde(alias = "area")]
    #[schema(header = "Region")]
    region: String,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Wrapped(#[schema(header = "Id")] String);

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
#[schema(header = "Call")]
struct Typed {
    x: String,
}

fn main() {
    let _ = Call::input_schema();
    let _ = Action::input_schema();
}
