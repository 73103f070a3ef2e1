// Every mistake inside `items(..)` and `values(..)`, each at its key, in one
// compile: annotations that belong to the field, a typo, an empty list, a
// value where a list goes, a duplicate, an invalid pattern, an unknown
// format, crossed bounds.
use std::collections::BTreeMap;
use toolform::ToolSchema;

#[derive(serde::Serialize, serde::Deserialize, ToolSchema)]
struct Catalogue {
    #[schema(items(title = "Tag", example = "a"))]
    tags: Vec<String>,
    #[schema(items(lenght(max = 3)))]
    codes: Vec<String>,
    #[schema(items())]
    empty: Vec<String>,
    #[schema(values = "email")]
    owners: BTreeMap<String, String>,
    #[schema(items(format = "email", format = "uri"))]
    links: Vec<String>,
    #[schema(items(pattern = "(unclosed"))]
    words: Vec<String>,
    #[schema(values(format = "emial"))]
    contacts: BTreeMap<String, String>,
    #[schema(items(length(min = 5, max = 2)))]
    names: Vec<String>,
}

fn main() {
    let _ = Catalogue::input_schema();
}
