use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Contact {
    #[schema(format = "emial")]
    email: String,
}

fn main() {
    let _ = Contact::input_schema();
}
