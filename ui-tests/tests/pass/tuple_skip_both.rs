// A field of a tuple struct skipped in both directions leaves the array in
// both: the length stays equal, and its type needs no schema.
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::marker::PhantomData;
use toolform::ToolSchema;

struct NoSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Id<T>(u64, #[serde(skip)] PhantomData<T>);

fn main() {
    let input = Id::<NoSchema>::input_schema();
    assert_eq!(input["type"], "array");
    assert_eq!(input["minItems"], 1);
    assert_eq!(input["maxItems"], 1);
    assert_eq!(serde_json::to_value(Id::<NoSchema>(7, PhantomData)).unwrap(), json!([7]));
    let _: Id<NoSchema> = serde_json::from_value(json!([7])).unwrap();
}
