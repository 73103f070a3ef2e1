//! Fields serde reads and writes through a function whose wire type the
//! derive knows without `#[schema(with)]`: `serde_with::As::<Adapter>` (what
//! `#[serde_as(as = "Adapter")]` expands to) and the `serde_bytes` module.
//! The schemas agree with serde on mutated documents.

use serde::{Deserialize, Serialize};
use serde_json::json;
use serde_with::{DisplayFromStr, NoneAsEmptyString};
use toolform::ToolSchema;
use toolform_tests::agreement;

/// As `#[serde_as]` writes it: `#[serde(with = "::serde_with::As::<A>")]`.
#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct WithAdapters {
    #[serde(with = "::serde_with::As::<DisplayFromStr>")]
    count: u32,
    #[serde(with = "serde_with::As::<NoneAsEmptyString>")]
    note: Option<String>,
    #[serde(with = "::serde_with::As::<Vec<DisplayFromStr>>")]
    ids: Vec<u16>,
}

#[derive(Debug, Serialize, Deserialize, ToolSchema)]
struct WithBytes {
    #[serde(with = "serde_bytes")]
    data: Vec<u8>,
    #[serde(with = "serde_bytes")]
    tag: [u8; 4],
    #[serde(with = "serde_bytes", default)]
    maybe: Option<Vec<u8>>,
}

#[test]
fn serde_with_adapters_need_no_schema_with() {
    let input = WithAdapters::input_schema();
    assert_eq!(input["properties"]["count"]["type"], "string", "{input}");
    assert_eq!(
        input["properties"]["ids"]["items"]["type"], "string",
        "{input}"
    );
    let output = WithAdapters::output_schema();
    assert_eq!(output["properties"]["count"]["type"], "string", "{output}");
    let report = agreement::check::<WithAdapters>(&[
        json!({"count": "12", "note": "", "ids": ["1", "65535"]}),
        json!({"count": "0", "note": "n", "ids": []}),
    ]);
    report.assert_clean("WithAdapters");
    assert!(report.documents > 20, "{}", report.documents);
}

#[test]
fn serde_bytes_needs_no_schema_with() {
    let output = WithBytes::output_schema();
    assert_eq!(output["properties"]["data"]["type"], "array", "{output}");
    assert_eq!(output["properties"]["tag"]["maxItems"], 4, "{output}");
    let report = agreement::check::<WithBytes>(&[
        json!({"data": [1, 2, 255], "tag": [1, 2, 3, 4], "maybe": [7]}),
        json!({"data": "text", "tag": "abcd"}),
    ]);
    report.assert_clean("WithBytes");
    assert!(report.documents > 20, "{}", report.documents);
}
