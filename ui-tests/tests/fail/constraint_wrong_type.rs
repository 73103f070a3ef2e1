use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Paging {
    #[schema(length(max = 10))]
    page: u32,
    #[schema(range(min = 1))]
    name: String,
    #[schema(format = "email")]
    count: u8,
}

fn main() {
    let _ = Paging::input_schema();
}
