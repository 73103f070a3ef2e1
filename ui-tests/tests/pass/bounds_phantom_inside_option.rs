// `Option<PhantomData<T>>` is `null` (or nothing) whatever `T` is: no
// `T: ToolSchema` bound.
use serde::{Deserialize, Serialize};
use std::marker::PhantomData;
use toolform::ToolSchema;

struct NoSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct E<T> {
    n: u32,
    p: Option<PhantomData<T>>,
}

fn main() {
    let input = E::<NoSchema>::input_schema();
    assert_eq!(input["properties"]["n"]["type"], "integer");
}
