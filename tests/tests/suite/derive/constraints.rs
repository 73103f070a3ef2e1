//! Declared constraints: `#[schema(length, range, pattern, format, example,
//! deprecated)]`. They describe the wire; serde does not enforce them, so the
//! agreement run names each place where the schema is stricter than serde.

use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;
use toolform::ToolSchema;
use toolform_tests::agreement::{self, Limit};
use toolform_tests::snapshot;

#[derive(Serialize, Deserialize, ToolSchema)]
struct Booking {
    #[schema(length(min = 1, max = 80), example = "Ada Lovelace")]
    name: String,
    #[schema(format = "email")]
    email: String,
    /// Tightens u8's own 0..=255; the type's range still holds where it is tighter.
    #[schema(range(min = 1, max = 8))]
    guests: u8,
    #[schema(range(min = -100))]
    offset: i8,
    #[schema(range(min = 0.5, max = 99.5))]
    ratio: f64,
    #[schema(length(max = 3))]
    tags: Vec<String>,
    #[schema(length(min = 1))]
    extra: BTreeMap<String, u8>,
    #[schema(pattern = "^[A-Z]{2}[0-9]+$", deprecated)]
    code: Option<String>,
    #[schema(length(max = 2))]
    maybe_short: Option<String>,
}

/// Every disagreement is a declared constraint serde does not check.
const DECLARED: &[Limit] = &[Limit {
    name: "declared constraint",
    reason: "#[schema(..)] constraints describe the wire; serde does not enforce them",
    applies: |d| {
        let field = d.mutant.path.split('/').nth(1).unwrap_or("");
        d.schema_accepts != d.serde_accepts
            && d.serde_accepts
            && [
                "name",
                "email",
                "guests",
                "offset",
                "ratio",
                "tags",
                "extra",
                "code",
                "maybe_short",
            ]
            .contains(&field)
    },
}];

#[test]
fn booking_snapshot_and_agreement() {
    snapshot("constraints/booking.input", Booking::input_schema()).unwrap();
    snapshot("constraints/booking.output", Booking::output_schema()).unwrap();
    let input = Booking::input_schema();
    assert_eq!(input["properties"]["guests"]["minimum"], 1);
    assert_eq!(input["properties"]["guests"]["maximum"], 8);
    // The declared bound tightens one side; the type's own range holds on the
    // other (a bound outside the type is a compile error: ui fail/range_outside_type).
    assert_eq!(input["properties"]["offset"]["minimum"], -100);
    assert_eq!(input["properties"]["offset"]["maximum"], 127);
    assert_eq!(input["properties"]["tags"]["maxItems"], 3);
    assert_eq!(input["properties"]["extra"]["minProperties"], 1);
    assert_eq!(
        input["properties"]["name"]["examples"],
        json!(["Ada Lovelace"])
    );
    assert_eq!(input["properties"]["code"]["deprecated"], true);
    let report = agreement::check_with::<Booking>(
        &[json!({
            "name": "Ada", "email": "ada@example.com", "guests": 2, "offset": -1, "ratio": 1.5,
            "tags": ["a"], "extra": {"k": 1}, "code": "AB12", "maybe_short": "ab"
        })],
        DECLARED,
    );
    report.assert_clean("Booking");
    assert!(
        !report.documented.is_empty(),
        "the constraints must make the schema stricter than serde"
    );
}
