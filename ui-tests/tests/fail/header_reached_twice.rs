// Annotations are unique across everything one input schema reaches
// through `properties`: flattened structs and structs held as plain fields
// (`Option`, `Box` too). The same struct held twice repeats every name, a
// struct holding itself goes to `$defs` where another struct holds it (at
// the root its recursion is `{"$ref": "#"}` and stays valid), and two
// structs' names may clash, case-insensitively. Each holder is refused at
// its name.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Scope {
    #[schema(header = "Tenant")]
    tenant: String,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Transfer {
    from: Scope,
    to: Option<Box<Scope>>,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Other {
    #[schema(header = "tenant")]
    owner: String,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Clash {
    scope: Scope,
    other: Other,
}

/// Deeper: the clash is two structs down.
#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Wrapper {
    inner: Clash2,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Clash2 {
    scope: Scope,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Outer {
    wrapper: Wrapper,
    #[serde(flatten)]
    other: Other,
}

/// Valid at the root.
#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Chain {
    #[schema(header = "Link")]
    link: String,
    next: Option<Box<Chain>>,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Holder {
    chain: Chain,
}

/// A newtype's schema is its content's.
#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct ScopeId(Scope);

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct ByNewtype {
    a: ScopeId,
    b: Scope,
}

/// Two structs of one name and one field, in two modules: a clash, named
/// by module (and not mistaken for `Named` reaching itself).
mod a {
    #[derive(serde::Serialize, serde::Deserialize, toolform::ToolSchema)]
    pub struct Named {
        #[schema(header = "Key")]
        pub key: String,
        pub b: super::b::Named,
    }
}

mod b {
    #[derive(serde::Serialize, serde::Deserialize, toolform::ToolSchema)]
    pub struct Named {
        #[schema(header = "Key")]
        pub key: String,
    }
}

fn main() {}
