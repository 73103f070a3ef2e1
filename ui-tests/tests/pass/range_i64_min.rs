// The smallest i64 as a bound.
use serde::{Deserialize, Serialize};
use toolform::ToolSchema;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Offset {
    #[schema(range(min = -9223372036854775808, max = 18446744073709551615))]
    big: i128,
    #[schema(range(min = -9223372036854775808))]
    n: i64,
}

fn main() {
    let input = Offset::input_schema();
    assert_eq!(input["properties"]["n"]["minimum"], i64::MIN);
    assert_eq!(input["properties"]["big"]["maximum"], u64::MAX);
}
