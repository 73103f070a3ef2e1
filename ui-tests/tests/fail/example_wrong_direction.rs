// An example is shown in both schemas, so it must fit the wire type of each
// direction serde uses: a borrowed `Cow<[u8]>` is read from a string but
// written as an array of integers.
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Blob<'a> {
    #[serde(borrow)]
    #[schema(example = "ab")]
    bytes: Cow<'a, [u8]>,
}

fn main() {}
