//! An answer's `content` checked against a gated schema: each property read
//! back into its typed [`Property`] and lowered into the plan tool arguments
//! and derived forms are checked with.

use crate::args::form::FormOptions;
use crate::args::plan::{Name, ObjectPlan};
use crate::elicit::answer::kind_of;
use crate::elicit::property::Property;
use crate::violation::Violation;
use serde_json::Value;
use std::borrow::Cow;

/// Checks an answer's `content` against a gated schema: required fields,
/// every field's type and rules, in the schema's field order. Keys the
/// schema does not list are allowed (the grammar cannot close a form); a
/// `null` for a field the schema does not require reads as absent. All
/// violations, with their paths.
pub fn validate_content(gated: &Value, content: &Value) -> Result<(), Vec<Violation>> {
    let Value::Object(content) = content else {
        return Err(vec![Violation {
            path: String::new(),
            rule: "type",
            message: format!("the content must be an object, got {}", kind_of(content)),
        }]);
    };
    let plan = plan(gated);
    // `null` for a field the schema does not require reads as absent, as for
    // derived forms (`ElicitForm::from_elicit_result`).
    let violations = match crate::elicit::answer::drop_optional_nulls(&plan, content) {
        Some(Value::Object(content)) => crate::args::form_violations(&plan, &content),
        _ => crate::args::form_violations(&plan, content),
    };
    if violations.is_empty() {
        Ok(())
    } else {
        Err(violations)
    }
}

/// The plan of a gated schema: one property per field (no rules for one
/// that is no form field), required names the schema does not define added
/// without rules.
fn plan(gated: &Value) -> ObjectPlan {
    let required: Vec<&str> = match gated.get("required") {
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let mut properties: Vec<(Name, Vec<crate::args::plan::Rule>)> = Vec::new();
    if let Some(Value::Object(props)) = gated.get("properties") {
        for (name, prop) in props {
            let rules = Property::parse(prop)
                .map(|p| p.lower())
                .into_iter()
                .collect();
            properties.push((Cow::Owned(name.clone()), rules));
        }
    }
    let mut plan = ObjectPlan {
        typed: true,
        properties,
        ..ObjectPlan::default()
    }
    .indexed();
    for name in &required {
        if plan.position(name).is_none() {
            plan.properties
                .push((Cow::Owned((*name).to_owned()), Vec::new()));
        }
    }
    let plan = plan.indexed();
    let mut flags = vec![false; plan.properties.len()];
    for name in required {
        if let Some(slot) = plan.position(name).and_then(|i| flags.get_mut(i)) {
            *slot = true;
        }
    }
    let n = flags.len();
    ObjectPlan {
        required: Vec::new(),
        form: Some(Box::new(FormOptions {
            required: flags,
            aliases: vec![&[]; n],
            fills: vec![None; n],
        })),
        ..plan
    }
}
