// A header struct held as a plain field of another struct keeps its
// annotations a property of that struct, so the other struct carries them
// into whatever holds it: under an array's items, a map's values or an enum
// variant (an alternative), at any depth, it is refused at the field's type.
use std::collections::BTreeMap;
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Scope {
    #[schema(header = "Tenant")]
    tenant: String,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Outer {
    scope: Option<Scope>,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Outermost {
    outer: Outer,
}

/// A newtype holds its content as itself.
#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct OuterId(Outer);

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Call {
    list: Vec<Outer>,
    by_name: BTreeMap<String, Outermost>,
    ids: Vec<OuterId>,
    fine: Outermost,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
enum Choice {
    One(Outer),
    Two { outer: Outermost },
}

fn main() {}
