// A `length` that excludes a fixed array's size leaves no value: serde reads
// and writes exactly that many items (issue 41).
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Grid {
    #[schema(length(max = 1))]
    corner: [u8; 2],
    #[schema(items(length(min = 3)))]
    points: Vec<[u8; 2]>,
    #[schema(length(min = 2, max = 2))]
    fine: Option<[u8; 2]>,
}

fn main() {
    let _ = Grid::input_schema();
}
