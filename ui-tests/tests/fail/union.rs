// A union: serde cannot serialize it, so it has no wire schema.
#[derive(toolform::ToolSchema)]
union Bits {
    int: u32,
    float: f32,
}

fn main() {}
