//! Variant doc comments reach the schema: each unit variant becomes
//! `{const, description}` (as schemars writes it) once any variant carries a
//! doc comment or title; without any, the plain `enum` stays. Forms keep
//! their own grammar.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolform::dialect::Dialect;
use toolform::{ElicitForm, Revision, ToolSchema};
use toolform_tests::agreement;

#[derive(Serialize, Deserialize, ToolSchema, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Priority {
    /// Fix it this week.
    High,
    /// Fix it when there is time.
    Low,
    Unsorted,
}

#[derive(Serialize, Deserialize, ToolSchema, Debug, PartialEq, Clone, Copy)]
enum Plain {
    A,
    B,
}

#[derive(Serialize, Deserialize, ToolSchema, Debug, PartialEq)]
enum Aliased {
    /// Read from `n` too.
    #[serde(alias = "n")]
    North,
    South,
}

#[derive(Serialize, Deserialize, ToolSchema, Debug, PartialEq)]
enum Mixed {
    /// No content.
    Stop,
    /// Move by so much.
    Go { by: u8 },
}

#[derive(Serialize, Deserialize, ToolSchema, Debug)]
struct Ticket {
    priority: Priority,
    plain: Plain,
}

#[test]
fn unit_variant_docs_become_descriptions() {
    let schema = Priority::input_schema();
    assert_eq!(
        schema["oneOf"],
        json!([
            {"const": "high", "description": "Fix it this week."},
            {"const": "low", "description": "Fix it when there is time."},
            {"const": "unsorted"},
        ]),
        "{schema:#}"
    );
    assert_eq!(schema["type"], "string", "{schema:#}");
    assert!(schema.get("enum").is_none(), "{schema:#}");
    assert_eq!(Priority::output_schema()["oneOf"], schema["oneOf"]);
}

#[test]
fn enums_without_docs_stay_plain() {
    let schema = Plain::input_schema();
    assert_eq!(schema["enum"], json!(["A", "B"]), "{schema:#}");
    assert!(schema.get("oneOf").is_none(), "{schema:#}");
}

#[test]
fn aliases_keep_their_names_and_the_doc() {
    let input = Aliased::input_schema();
    let one_of = input["oneOf"].as_array().cloned().unwrap_or_default();
    assert_eq!(one_of.len(), 2, "{input:#}");
    assert_eq!(one_of[0]["enum"], json!(["North", "n"]), "{input:#}");
    assert_eq!(one_of[0]["description"], "Read from `n` too.", "{input:#}");
    // serde writes only the name.
    let output = Aliased::output_schema();
    assert_eq!(output["oneOf"][0]["const"], "North", "{output:#}");
}

#[test]
fn data_variants_keep_descriptions() {
    let schema = Mixed::input_schema();
    let text = schema.to_string();
    assert!(text.contains("No content."), "{schema:#}");
    assert!(text.contains("Move by so much."), "{schema:#}");
}

/// The annotated schemas accept exactly what serde reads, and every value
/// serde writes.
#[test]
fn annotated_enums_agree_with_serde() {
    agreement::check::<Priority>(&[json!("high"), json!("unsorted")]).assert_clean("Priority");
    agreement::check::<Aliased>(&[json!("n"), json!("South")]).assert_clean("Aliased");
    agreement::check::<Ticket>(&[json!({"priority": "low", "plain": "A"})]).assert_clean("Ticket");
    for p in [Priority::High, Priority::Low, Priority::Unsorted] {
        let v = serde_json::to_value(p).unwrap_or(Value::Null);
        assert!(
            agreement::validator(Priority::output_schema()).is_valid(&v),
            "{v}"
        );
    }
}

/// Every dialect takes the annotated schema and decodes what the model
/// writes back to the same variant; the descriptions survive the lowering.
#[test]
fn annotated_enums_pass_the_dialects() {
    let report = agreement::check_dialects::<Ticket>(&[json!({"priority": "low", "plain": "B"})]);
    assert_eq!(report.accepted, Dialect::ALL.len(), "{:?}", report.refused);
    for dialect in Dialect::ALL {
        let text = Ticket::schema(dialect)
            .map(|s| s.to_string())
            .unwrap_or_else(|e| e.to_string());
        assert!(text.contains("Fix it this week."), "{dialect:?}: {text}");
    }
}

#[derive(Deserialize, ElicitForm, Debug)]
#[allow(dead_code)]
struct Triage {
    /// How urgent
    priority: Priority,
}

/// A form's single select stays in the elicitation grammar: the doc
/// comments do not turn an untitled select into a `oneOf` of descriptions.
#[test]
fn forms_keep_their_grammar() {
    for revision in [Revision::V2025_06_18, Revision::V2025_11_25] {
        let form = match Triage::requested_schema_for(revision) {
            Ok(form) => form.clone(),
            Err(problems) => panic!("{problems:?}"),
        };
        let priority = &form["properties"]["priority"];
        assert_eq!(priority["type"], "string", "{form:#}");
        assert!(
            priority.get("enum").is_some() || priority.get("oneOf").is_some(),
            "{form:#}"
        );
        if let Some(alts) = priority.get("oneOf").and_then(Value::as_array) {
            for alt in alts {
                assert!(alt.get("description").is_none(), "{form:#}");
            }
        }
        assert!(
            toolform::elicit::gate(&form, revision).is_ok(),
            "the form leaves the grammar: {form:#}"
        );
    }
}
