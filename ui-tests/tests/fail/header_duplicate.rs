// `header` names are unique, case-insensitively, within one struct.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Call {
    #[schema(header = "Tenant")]
    tenant: String,
    #[schema(header = "TENANT")]
    owner: String,
}

fn main() {
    let _ = Call::input_schema();
}
