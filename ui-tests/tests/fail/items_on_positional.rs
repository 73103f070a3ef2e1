// `items(..)` on a field without a name has no property to carry it.
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Emails(#[schema(items(format = "email"))] Vec<String>);

fn main() {
    let _ = Emails::input_schema();
}
