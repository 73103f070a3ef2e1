// Bounds at the very edges of the type they bound fit it (issue 41), through
// `Option`, sequences, arrays, maps, `NonZero*` and an alias.
use std::collections::HashMap;
use std::num::NonZeroU8;
use toolform::ToolSchema;

type Port = u16;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Edges {
    #[schema(range(min = 0, max = 255))]
    a: u8,
    #[schema(range(min = -128, max = 127))]
    b: Option<i8>,
    #[schema(items(range(max = 255)), length(min = 2, max = 2))]
    c: [u8; 2],
    #[schema(values(items(range(min = 0, max = 65535))))]
    d: HashMap<String, Vec<u16>>,
    #[schema(range(max = 255))]
    e: NonZeroU8,
    #[schema(range(min = 0, max = 65535))]
    f: Port,
    #[schema(range(max = 3.4e38))]
    g: f32,
    #[schema(range(max = 4294967295))]
    h: usize,
}

fn main() {
    let input = Edges::input_schema();
    assert_eq!(input["properties"]["a"]["maximum"], 255);
    assert_eq!(input["properties"]["f"]["maximum"], 65535);
}
