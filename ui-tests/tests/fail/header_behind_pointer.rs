// `Box`, `Rc` and `Arc` keep what they hold a property, so the annotations
// of the structs it holds are seen through them, at any depth: under
// items, and where a struct that holds itself (alone, or with another) is
// held by a third struct, whose schema puts it in `$defs`. A type alias of
// a pointer is seen through too.
use std::rc::Rc;
use std::sync::Arc;
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Scope {
    #[schema(header = "Tenant")]
    tenant: String,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Outer {
    scope: Scope,
}

/// `Outer`'s `Scope` is under items, behind a `Box`.
#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Boxed {
    outers: Vec<Box<Outer>>,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Chain {
    #[schema(header = "Link")]
    link: String,
    next: Option<Box<Chain>>,
}

/// `Chain` is valid as a root, not held by another struct.
#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct ChainHolder {
    chain: Option<Rc<Chain>>,
}

/// Two structs that hold each other, held by a third.
#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Ping {
    #[schema(header = "Ping")]
    ping: String,
    pong: Option<Box<Pong>>,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Pong {
    ping: Option<Arc<Ping>>,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct PingHolder {
    ping: Ping,
}

/// A recursive struct without headers of its own that reaches one, through
/// a type alias of a pointer.
type Link = Option<Box<Tree>>;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Tree {
    scope: Scope,
    next: Link,
}

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Forest {
    tree: Tree,
}

fn main() {}
