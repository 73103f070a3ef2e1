// A type alias is not seen through by the derive: a bound outside the range
// of the type it names is refused where the type is compiled (a `const`
// over the type's shape), at the `range` key.
use toolform::ToolSchema;

type Port = u16;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Listen {
    #[schema(range(min = 1, max = 70000))]
    port: Port,
    #[schema(items(range(min = -1)))]
    fallbacks: Vec<Port>,
}

fn main() {
    let _ = Listen::input_schema();
}
