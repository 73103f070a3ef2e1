//! MCP elicitation forms: `#[derive(ElicitForm)]` renders a struct as the
//! `requestedSchema` of an `elicitation/create` request and parses the
//! client's answer back, naming every violation.
//!
//! ```
//! use toolform::elicit::{ElicitForm, Elicited};
//!
//! #[derive(Debug, serde::Deserialize, toolform::ToolSchema)]
//! #[serde(rename_all = "snake_case")]
//! enum Room { Single, Double, Suite }
//!
//! #[derive(Debug, serde::Deserialize, toolform::ElicitForm)]
//! struct Booking {
//!     /// Your full name
//!     #[elicit(length(min = 1, max = 80))]
//!     name: String,
//!     #[elicit(range(min = 1, max = 8))]
//!     guests: u8,
//!     room: Room,
//!     #[serde(default)]
//!     newsletter: bool,
//! }
//!
//! let schema = Booking::requested_schema();
//! assert_eq!(schema["properties"]["room"]["enum"], serde_json::json!(["single", "double", "suite"]));
//!
//! let answer = serde_json::json!({"action": "accept", "content": {"name": "Ada", "guests": 9, "room": "attic"}});
//! let err = Booking::from_elicit_result(&answer).unwrap_err();
//! assert_eq!(err.violations().len(), 2); // guests above 8, room not an option
//!
//! let answer = serde_json::json!({"action": "decline"});
//! assert!(matches!(Booking::from_elicit_result(&answer), Ok(Elicited::Declined)));
//! ```

pub(crate) mod answer;
// `pub(crate)`: the derive's compact encoding (`PackedForm`)
// is named through `toolform::__private`, and so are the compile-time checks.
pub(crate) mod form;
mod format;
mod gate;
pub mod grammar;
mod lower;
mod packed;
mod property;

use crate::violation::Violation;
pub use answer::{ASK_AGAIN_LINES, ElicitError, Elicited};
pub use form::{
    FieldKind, Form, FormField, FormFields, FormProblem, FormType, FormValue, SelectEnum,
};
pub use format::Format;
pub use gate::{GateError, gate, validate_content};
// The traits the derive's compile-time checks bound (`__private::assert_*`):
// public for the bound, hidden; diagnostics name them `TextField`, ...
#[doc(hidden)]
pub use form::{MultiField, NumberField, SelectField, TextField};
pub use lower::render_form;
pub use toolform_macros::ElicitForm;

use serde_json::Value;

/// An MCP protocol revision, for the elicitation grammar it defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Revision {
    /// 2025-06-18: the first elicitation grammar. Defaults only on booleans,
    /// titled options only as `enum` + `enumNames`, no multi-select.
    V2025_06_18,
    /// 2025-11-25: defaults on every kind, titled single-select (`oneOf` of
    /// `{const, title}`), multi-select, legacy `enumNames` kept (deprecated).
    V2025_11_25,
    /// 2026-07-28: the same form grammar as 2025-11-25.
    V2026_07_28,
}

impl Revision {
    /// Every revision, oldest first.
    pub const ALL: [Revision; 3] = [
        Revision::V2025_06_18,
        Revision::V2025_11_25,
        Revision::V2026_07_28,
    ];

    /// The revision's date string, as in `protocolVersion`.
    pub fn as_str(self) -> &'static str {
        match self {
            Revision::V2025_06_18 => "2025-06-18",
            Revision::V2025_11_25 => "2025-11-25",
            Revision::V2026_07_28 => "2026-07-28",
        }
    }

    /// Parses a `protocolVersion` string.
    pub fn parse(s: &str) -> Option<Revision> {
        Revision::ALL.into_iter().find(|r| r.as_str() == s)
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for Revision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A struct that is an MCP elicitation form. Derive it with
/// `#[derive(ElicitForm)]` (beside `serde::Deserialize`).
pub trait ElicitForm: serde::de::DeserializeOwned {
    /// The form, built at compile time.
    const FORM: &'static Form;

    /// The `requestedSchema` for protocol 2025-11-25 (and 2026-07-28, whose
    /// form grammar is the same). Rendered once, then a pointer read.
    fn requested_schema() -> &'static Value {
        lower::cached(Self::FORM, Revision::V2025_11_25).0
    }

    /// The `requestedSchema` for a given revision, or what that revision
    /// cannot carry (a multi-select field in 2025-06-18).
    fn requested_schema_for(revision: Revision) -> Result<&'static Value, Vec<FormProblem>> {
        let (schema, problems) = lower::cached(Self::FORM, revision);
        if problems.is_empty() {
            Ok(schema)
        } else {
            Err(problems.to_vec())
        }
    }

    /// Reads an `ElicitResult` (`{"action": .., "content": {..}}`): every
    /// field is checked against the form first, all violations reported at
    /// once; then serde builds the value.
    fn from_elicit_result(result: &Value) -> Result<Elicited<Self>, ElicitError> {
        answer::from_result(lower::lowered(Self::FORM), result)
    }
}

/// Every way `content` breaks `form`: per field in field order, then keys
/// the form does not list (when it is closed with `deny_unknown_fields`).
///
/// Fields are read under the names the form states: a serde `alias` is not
/// in the `requestedSchema`, so an answer that uses one leaves the field
/// missing (and, in a closed form, carries an unknown key); the message says
/// so. The form is lowered once into the plan tool arguments are checked
/// with (`toolform::parse_args`), so both follow the same rules. A `null`
/// for a field the form does not require reads as absent (the grammar has no
/// null; clients send it for a field left empty).
pub fn validate_answer(
    form: &'static Form,
    content: &serde_json::Map<String, Value>,
) -> Vec<Violation> {
    let plan = lower::lowered(form);
    match answer::drop_optional_nulls(plan, content) {
        Some(Value::Object(content)) => crate::args::form_violations(plan, &content),
        _ => crate::args::form_violations(plan, content),
    }
}
