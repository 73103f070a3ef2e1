// A generic struct's fields of a type parameter (`T`, `Option<T>`,
// `Box<T>`) carry the annotations of the type it is used with, so a struct
// without parameters that holds it is checked with them.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Scope {
    #[schema(header = "Tenant")]
    tenant: String,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Pair<T> {
    first: T,
    second: Option<Box<T>>,
}

/// `Scope` twice.
#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Route {
    pair: Pair<Scope>,
}

/// `Scope` under items, inside a generic struct.
#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Batch {
    pairs: Vec<Pair<Scope>>,
}

fn main() {}
