// Constraints on positions of a tuple struct.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Point(#[schema(range(min = 0))] i32, #[schema(example = 3, title = "y")] i32);

fn main() {
    let _ = Point::input_schema();
}
