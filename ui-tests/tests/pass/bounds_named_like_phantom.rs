// A type whose name only starts with `PhantomData` is not `PhantomData`: the
// field needs `T: ToolSchema`, and the derive adds that bound.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct PhantomDataBox<T> {
    inner: Box<T>,
}

#[derive(Serialize, Deserialize, ToolSchema)]
struct Holder<T> {
    b: PhantomDataBox<T>,
}

fn main() {
    let input = Holder::<u8>::input_schema();
    assert!(input.to_string().contains("integer"), "{input}");
}
