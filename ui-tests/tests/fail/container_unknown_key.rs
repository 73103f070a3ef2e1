// A key of #[elicit(...)] fields (`enum_names`) on a type's #[schema(...)].
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
#[schema(enum_names)]
struct Args {
    query: String,
}

fn main() {}
