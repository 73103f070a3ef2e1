//! `null` in a form answer for a field the form does not require reads as
//! absent: the form grammar has no null, but clients send one for a field the
//! user left empty (the official Python SDK types every form value
//! `... | None`). A required field's `null` is still a violation.

use serde::Deserialize;
use serde_json::json;
use toolform::{ElicitError, ElicitForm, Elicited};

#[derive(Debug, PartialEq, Deserialize, ElicitForm)]
struct Contact {
    name: String,
    /// Anything to add?
    note: Option<String>,
    #[serde(default)]
    newsletter: bool,
    #[serde(default)]
    #[elicit(range(min = 1, max = 9))]
    guests: Option<u8>,
    #[serde(default = "one")]
    #[elicit(default = 1)]
    bags: u8,
}

fn one() -> u8 {
    1
}

fn accept(content: serde_json::Value) -> Result<Elicited<Contact>, ElicitError> {
    Contact::from_elicit_result(&json!({"action": "accept", "content": content}))
}

#[test]
fn null_for_optional_fields_reads_as_absent() {
    let got = accept(
        json!({"name": "Ada", "note": null, "newsletter": null, "guests": null, "bags": null}),
    );
    assert_eq!(
        got,
        Ok(Elicited::Accepted(Contact {
            name: "Ada".into(),
            note: None,
            newsletter: false,
            guests: None,
            bags: 1,
        }))
    );
    let content = json!({"name": "Ada", "note": null, "newsletter": null});
    assert_eq!(
        toolform::elicit::validate_answer(Contact::FORM, content.as_object().unwrap()),
        []
    );
}

#[test]
fn null_for_a_required_field_is_still_a_violation() {
    let err = accept(json!({"name": null, "note": null})).unwrap_err();
    let paths = toolform_tests::path_rules(err.violations());
    assert_eq!(paths.len(), 1, "{err}");
    assert_eq!(paths[0].0, "/name", "{err}");
    // A value that is not null is checked as before.
    let err = accept(json!({"name": "Ada", "guests": 12, "note": 3})).unwrap_err();
    let paths: Vec<&str> = err.violations().iter().map(|v| v.path.as_str()).collect();
    assert_eq!(paths, ["/note", "/guests"], "{err}");
}
