// Keys of #[elicit(...)] on a form field, given to #[schema(...)] on a
// variant and on a field: each place's model has no room for them, and the
// message says where they belong. Both are reported in one compile.
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
enum Mode {
    #[schema(min_items = 1)]
    Fast,
    Slow,
}

#[derive(Serialize, Deserialize, toolform::ToolSchema)]
struct Args {
    #[schema(default = 3, title = "Count")]
    count: u32,
}

fn main() {}
