// A struct with `header` fields held under an array's items, a map's values,
// a tuple or a fixed-size array (nested containers and smart pointers
// included): the annotation would not be reachable through `properties`
// alone, and a client drops the whole tool. Each field is refused at its
// type; a plain, `Option` or `Box` field is a property and stays valid
// (`Region` is a second header struct: holding `Scope` twice, even once
// plainly, is refused as a duplicate, see `header_reached_twice.rs`).
use std::collections::{BTreeMap, HashSet};
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema, PartialEq, Eq, Hash)]
struct Scope {
    #[schema(header = "Tenant")]
    tenant: String,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Region {
    #[schema(header = "Region")]
    region: String,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Call {
    plain: Scope,
    maybe: Option<Box<Region>>,
    list: Vec<Scope>,
    by_name: BTreeMap<String, Scope>,
    deep: Option<Vec<Vec<Box<Scope>>>>,
    pair: (String, Scope),
    three: [Scope; 3],
    set: HashSet<Scope>,
}

/// Recursion through a list: the children's headers are under items.
#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Tree {
    #[schema(header = "Node")]
    node: String,
    children: Vec<Tree>,
}

fn main() {}
