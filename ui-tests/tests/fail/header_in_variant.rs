// An enum variant is one alternative (`anyOf`/`oneOf`) of the enum's schema:
// a struct with `header` fields as a variant's content, directly or in a
// container, is refused at the variant's field type, whatever the enum's
// representation.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Scope {
    #[schema(header = "Tenant")]
    tenant: String,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
enum External {
    One(Scope),
    Many(Vec<Scope>),
    Pair(String, Box<Scope>),
    Named { scope: Scope },
    Fine(String),
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
#[serde(tag = "kind")]
enum Internal {
    Named { scope: Option<Scope> },
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
#[serde(untagged)]
enum Untagged {
    A(Scope),
    B(u32),
}

fn main() {}
