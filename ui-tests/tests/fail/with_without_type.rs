// `with` without its type, on a field, a variant and a type: each says
// `with = Type` (it used to say "Unknown field: `with`" and list the
// allowed keys without it).
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
#[schema(with)]
struct Opaque {
    raw: String,
}

#[derive(Serialize, Deserialize, ToolSchema)]
enum Choice {
    #[schema(with(String))]
    One(String),
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Args {
    #[schema(with)]
    when: String,
}

fn main() {}
