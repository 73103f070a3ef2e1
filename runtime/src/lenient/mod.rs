//! The forgiving decode of model-written arguments (cargo feature
//! `lenient`): repairs that have exactly one reading, each reported;
//! everything else refused.
//!
//! **The rule: a repair may change how a value is written, never what it
//! is**, and only when exactly one reading exists. [`repair`] takes the raw
//! text a model wrote and the tool's input schema (any JSON Schema 2020-12,
//! local `$ref`s included) and gives a JSON value with every repair it made
//! ([`Repaired::repairs`]), or refuses ([`RepairError`]). It never returns
//! a value it had to guess; it does not promise the value is valid either —
//! [`parse_args`] is repair, then exactly [`crate::parse_args`], with every
//! violation named.
//!
//! ```
//! #[derive(Debug, serde::Deserialize, toolform::ToolSchema)]
//! struct Weather {
//!     city: String,
//!     days: u8,
//!     #[serde(default)]
//!     units: Vec<String>,
//! }
//!
//! // What a model wrote: prose, a fence, single quotes, a trailing comma,
//! // the number as a string and one unit where a list is due.
//! let text = "Sure! Here you go:\n```json\n{'city': 'Paris', 'days': \"3\", 'units': 'metric',}\n```";
//! let parsed = toolform::lenient::parse_args::<Weather>(text).unwrap();
//! assert_eq!(parsed.value.city, "Paris");
//! assert_eq!(parsed.value.days, 3);
//! assert_eq!(parsed.value.units, ["metric"]);
//! for repair in &parsed.repairs {
//!     println!("{repair}"); // "/days: read the string holding a JSON number as that number", ...
//! }
//!
//! // Two readings: refused, never guessed.
//! let err = toolform::lenient::parse_args::<Weather>(r#"{"city": "Paris", "days": "1,5"}"#).unwrap_err();
//! assert_eq!(err.violations()[0].path, "/days");
//! ```
//!
//! # The rules
//!
//! Text level (the text is not JSON as written):
//!
//! | allowed (one reading) | example |
//! | --- | --- |
//! | one fenced code block, or one object amid prose | ```` ```json\n{"a": 1}\n``` ```` |
//! | trailing commas | `{"a": [1, 2,],}` |
//! | comments outside strings (`//`, `/* */`) | `{"a": 1 // one\n}` |
//! | Python's `True`, `False`, `None` outside strings | `{"a": True}` |
//! | single or curly quote delimiters | `{'a': “b”}` |
//! | unquoted identifier keys | `{a: 1}` |
//! | raw control characters inside strings, kept exactly | `{"a": "line⏎line"}` |
//! | only the final top-level `}` missing, after a complete member whose value is not an object | `{"a": [1], "b": true` |
//! | a key repeated with the same value | `{"a": 1, "a": 1}` |
//! | a comma missing between members on separate lines, after a value that is not a string (beyond the issue's table) | `{"a": 1⏎"b": 2}` |
//! | `\'` in a string (beyond the issue's table) | `{"a": "it\'s"}` |
//!
//! Schema level (the value is JSON, the schema wants another type):
//!
//! | allowed (one reading) | example |
//! | --- | --- |
//! | a string holding exactly the JSON of the object or array the schema wants (also at the root) | `"{\"a\": 1}"` for an object |
//! | a string holding exactly JSON number text, or `true`/`false`, where the schema wants a number or a boolean and admits no string | `"25"` for an integer |
//! | a lone value where an array is wanted, when its type is not admitted and `[value]` fits | `"rust"` for an array of strings |
//!
//! Refused: anything needing rounding, unit or locale reading (`"1,5"`,
//! `"12 km"`, `42.5` for an integer); other boolean spellings (`"yes"`);
//! a number or object where a string is wanted; splitting `"a, b"` (a lone
//! string holding `,`, `;` or a line break is not wrapped either: it may be
//! a list); case-folding or fuzzy enum matching; dropping or renaming keys;
//! inventing missing values; truncation anywhere else (including a number
//! at the very end of the text, whose digits may be cut, and a missing `}`
//! right after an object, which may be that object's); two objects or
//! two fenced blocks; a key repeated with different values; `NaN` and
//! `Infinity`; an unescaped quote inside a string (and so a missing comma
//! after a string value, or between members on one line); envelopes
//! (`{"arguments": {..}}` stays as written); prose or a comment that holds
//! what reads as a member (`// "b": 2`), which dropping would drop.
//!
//! # Bounds
//!
//! Linear in the text; no recursion on the depth of the text or of the
//! schema: arrays and objects nested more than 128 deep are refused with
//! [`Refusal::TooDeep`], and the schema is walked with an explicit stack, a
//! budget per value and a guard against `$ref` cycles (when the budget runs
//! out the schema is read as admitting anything there, so nothing is
//! repaired). No panic on any text. At most [`MAX_REPAIRS`] repairs are
//! listed; the rest are counted.

mod schema;
mod text;

#[cfg(test)]
mod tests;

use crate::violation::Violation;
use crate::{ArgsError, ToolSchema};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::fmt;

/// The most repairs one [`Repaired`] lists; the others are counted
/// ([`Repaired::unlisted`]).
pub const MAX_REPAIRS: usize = 100;

/// What a repair did. Each kind is one row of the rules table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RepairKind {
    /// The JSON was taken out of the one fenced code block around it.
    Fence,
    /// The one JSON object was taken out of the prose around it.
    Prose,
    /// A trailing comma was removed.
    TrailingComma,
    /// A comment was removed.
    Comment,
    /// Python's `True`, `False` or `None` was read as `true`, `false`, `null`.
    PythonLiteral,
    /// A string delimited by single or curly quotes was read.
    Quotes,
    /// An unquoted identifier key was read as a string.
    UnquotedKey,
    /// A string held raw control characters (a line break, a tab); they are
    /// kept exactly.
    ControlCharacters,
    /// The final top-level `}` was missing after a complete member (whose
    /// value is not an object: then the `}` missing may be its own).
    MissingBrace,
    /// A key repeated with the same value was read once.
    DuplicateKey,
    /// A comma missing between two members on separate lines, after a
    /// value that is not a string, was added.
    MissingComma,
    /// `\'` (not a JSON escape) was read as an apostrophe.
    EscapedApostrophe,
    /// A string holding exactly the JSON of an object or array was read as
    /// that object or array.
    JsonInString,
    /// A string holding exactly JSON number text was read as that number.
    NumberInString,
    /// A string holding exactly `true` or `false` was read as that boolean.
    BooleanInString,
    /// A lone value where an array is wanted was read as an array of one.
    WrappedInArray,
}

impl RepairKind {
    /// One line saying what was done.
    pub fn description(self) -> &'static str {
        match self {
            RepairKind::Fence => "took the JSON out of its fenced code block",
            RepairKind::Prose => "took the JSON object out of the prose around it",
            RepairKind::TrailingComma => "removed a trailing comma",
            RepairKind::Comment => "removed a comment",
            RepairKind::PythonLiteral => {
                "read Python's True, False or None as JSON's true, false or null"
            }
            RepairKind::Quotes => "read a string delimited by single or curly quotes",
            RepairKind::UnquotedKey => "read an unquoted key as a string",
            RepairKind::ControlCharacters => {
                "kept raw control characters (line breaks, tabs) inside a string as they are; JSON wants them escaped"
            }
            RepairKind::MissingBrace => "added the missing final `}`",
            RepairKind::DuplicateKey => "read a key repeated with the same value once",
            RepairKind::MissingComma => "added a comma missing between two members",
            RepairKind::EscapedApostrophe => {
                "read `\\'` as an apostrophe (JSON has no such escape)"
            }
            RepairKind::JsonInString => {
                "read a string holding JSON as the object or array it holds"
            }
            RepairKind::NumberInString => "read a string holding a JSON number as that number",
            RepairKind::BooleanInString => "read the string \"true\" or \"false\" as a boolean",
            RepairKind::WrappedInArray => "read a lone value as an array of one item",
        }
    }

    /// Whether the repair is of the text (the JSON as written) rather than
    /// of a value against the schema.
    pub fn is_text_level(self) -> bool {
        !matches!(
            self,
            RepairKind::JsonInString
                | RepairKind::NumberInString
                | RepairKind::BooleanInString
                | RepairKind::WrappedInArray
        )
    }
}

/// One repair: where, and what was done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repair {
    pointer: String,
    kind: RepairKind,
}

impl Repair {
    /// JSON Pointer to the value repaired, in the repaired value (`""` for
    /// the root; a key longer than [`crate::args::MAX_KEY_CHARS`] characters
    /// is shortened, as in violations).
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// What was done.
    pub fn kind(&self) -> RepairKind {
        self.kind
    }

    /// One line saying what was done.
    pub fn description(&self) -> &'static str {
        self.kind.description()
    }
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = Violation::new(self.pointer.clone(), "repair", self.kind.description());
        // The same escaping and layout as a violation: "/path: what (repair)".
        write!(f, "{shown}")
    }
}

/// The repairs made, capped at [`MAX_REPAIRS`] with a count of the rest.
#[derive(Debug, Default)]
pub(crate) struct Recorder {
    list: Vec<Repair>,
    more: usize,
}

impl Recorder {
    /// Records a repair; the pointer is built only under the cap.
    pub(crate) fn record(&mut self, pointer: impl FnOnce() -> String, kind: RepairKind) {
        if self.list.len() >= MAX_REPAIRS {
            self.more = self.more.saturating_add(1);
            return;
        }
        let pointer = pointer();
        let pointer = match crate::violation::short_path(&pointer) {
            std::borrow::Cow::Borrowed(_) => pointer,
            std::borrow::Cow::Owned(p) => p,
        };
        self.list.push(Repair { pointer, kind });
    }
}

/// A JSON value read from a model's text, and every repair made to it.
#[derive(Debug, Clone, PartialEq)]
pub struct Repaired {
    value: Value,
    repairs: Vec<Repair>,
    unlisted: usize,
}

impl Repaired {
    /// The value.
    pub fn value(&self) -> &Value {
        &self.value
    }

    /// The value, owned.
    pub fn into_value(self) -> Value {
        self.value
    }

    /// Every repair made (the first [`MAX_REPAIRS`]), text-level ones in the
    /// order of the text, then schema-level ones; empty when the text was
    /// JSON the schema takes as written.
    pub fn repairs(&self) -> &[Repair] {
        &self.repairs
    }

    /// How many repairs were made beyond the [`MAX_REPAIRS`] listed.
    pub fn unlisted(&self) -> usize {
        self.unlisted
    }

    /// The value and the repairs.
    pub fn into_parts(self) -> (Value, Vec<Repair>) {
        (self.value, self.repairs)
    }
}

/// Why a text was refused: each kind is one "refused" row of the rules
/// table, or a bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Refusal {
    /// There is no JSON in the text.
    NoJson,
    /// Two JSON documents (objects, fenced blocks): which is meant has more
    /// than one reading.
    TwoDocuments,
    /// The text ends inside the JSON (anywhere but right before the final
    /// top-level `}`), or a string or comment is never closed.
    Truncated,
    /// A character where JSON (even repaired) has none.
    Unexpected,
    /// A quote inside a string is not escaped: where the string ends has
    /// more than one reading.
    UnescapedQuote,
    /// A value or member is missing (`[1,,2]`, `{"a": }`).
    MissingValue,
    /// `NaN` or `Infinity`.
    NotANumber,
    /// A bare word that is not `true`, `false`, `null`, `True`, `False` or
    /// `None` (`yes`, `undefined`, an unquoted string).
    BareWord,
    /// A number not written as JSON writes numbers (`01`, `1.`, `+1`,
    /// `12km`, out of range).
    InvalidNumber,
    /// A backslash escape JSON does not have (`\d`), or a lone surrogate.
    InvalidEscape,
    /// A key repeated with different values.
    ConflictingKeys,
    /// Arrays and objects nested deeper than 128.
    TooDeep,
}

/// A text refused: what, where, and a message a model can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepairError {
    refusal: Refusal,
    offset: usize,
    pointer: String,
    message: String,
}

impl RepairError {
    pub(crate) fn new(
        refusal: Refusal,
        offset: usize,
        pointer: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        let pointer = pointer.into();
        let pointer = crate::violation::short_path(&pointer).into_owned();
        RepairError {
            refusal,
            offset,
            pointer,
            message: message.into(),
        }
    }

    /// Why.
    pub fn refusal(&self) -> Refusal {
        self.refusal
    }

    /// The byte offset in the text where reading stopped.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// JSON Pointer to the value being read when reading stopped (`""`: the
    /// root or the text as a whole).
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// One line a model can act on.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The refusal as a violation (rule `"json"`), to hand to a model with
    /// the others.
    pub fn to_violation(&self) -> Violation {
        Violation::new(
            self.pointer.clone(),
            "json",
            format!("{} (at byte {})", self.message, self.offset),
        )
    }
}

impl fmt::Display for RepairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the arguments are not JSON with one reading: {}",
            self.to_violation()
        )
    }
}

impl std::error::Error for RepairError {}

/// Reads the text a model wrote against a tool's input schema: a JSON value
/// and every repair made, or a refusal. See the [module documentation](self)
/// for the rules.
///
/// ```
/// use serde_json::json;
/// use toolform::lenient::{RepairKind, repair};
///
/// let schema = json!({
///     "type": "object",
///     "properties": {"n": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}
/// });
/// let repaired = repair("{n: \"3\", tags: \"x\"}", &schema).unwrap();
/// assert_eq!(repaired.value(), &json!({"n": 3, "tags": ["x"]}));
/// let kinds: Vec<RepairKind> = repaired.repairs().iter().map(|r| r.kind()).collect();
/// assert_eq!(kinds, [
///     RepairKind::UnquotedKey,
///     RepairKind::UnquotedKey,
///     RepairKind::NumberInString,
///     RepairKind::WrappedInArray,
/// ]);
/// assert_eq!(repaired.repairs()[2].pointer(), "/n");
///
/// assert!(repair("{\"n\": 3} {\"n\": 4}", &schema).is_err());
/// ```
pub fn repair(text: &str, schema: &Value) -> Result<Repaired, RepairError> {
    let mut rec = Recorder::default();
    let value = text::read(text, &mut rec)?;
    let value = schema::repair(value, schema, &mut rec);
    Ok(Repaired {
        value,
        repairs: rec.list,
        unlisted: rec.more,
    })
}

/// The schema-level repairs alone, for JSON a host already parsed (an MCP
/// server's `arguments`): a string holding the JSON of the object or array
/// the schema wants, a string holding a number or a boolean where the
/// schema wants one and admits no string, a lone value where an array is
/// wanted. Never refuses: what has no one reading is left as it is, for the
/// caller's validation to name.
///
/// ```
/// use serde_json::json;
///
/// let schema = json!({"type": "object", "properties": {"filter": {"type": "object"}}});
/// let repaired = toolform::lenient::repair_value(json!({"filter": "{\"a\": 1}"}), &schema);
/// assert_eq!(repaired.value(), &json!({"filter": {"a": 1}}));
/// assert_eq!(repaired.repairs()[0].pointer(), "/filter");
/// ```
pub fn repair_value(value: Value, schema: &Value) -> Repaired {
    let mut rec = Recorder::default();
    let value = schema::repair(value, schema, &mut rec);
    Repaired {
        value,
        repairs: rec.list,
        unlisted: rec.more,
    }
}

/// Arguments read by [`parse_args`]: the value and the repairs made to the
/// text to read it.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed<T> {
    /// The arguments.
    pub value: T,
    /// Every repair made (empty: the text was valid JSON the schema takes as
    /// written), at most [`MAX_REPAIRS`].
    pub repairs: Vec<Repair>,
}

/// Why [`parse_args`] gave no arguments.
#[derive(Debug, Clone, PartialEq)]
pub enum LenientError {
    /// The text has no one reading as JSON.
    Refused(RepairError),
    /// The repaired value breaks the input schema: every violation, and the
    /// repairs made before.
    Invalid {
        /// Every violation of the repaired value.
        error: ArgsError,
        /// The repairs made to read it.
        repairs: Vec<Repair>,
    },
}

impl LenientError {
    /// Every violation, for the model to fix: the refusal as one violation
    /// (rule `"json"`), or the schema's violations.
    pub fn violations(&self) -> Vec<Violation> {
        match self {
            LenientError::Refused(e) => vec![e.to_violation()],
            LenientError::Invalid { error, .. } => error.violations().to_vec(),
        }
    }

    /// The error as an [`ArgsError`] (a refusal is its one violation).
    pub fn into_args_error(self) -> ArgsError {
        match self {
            LenientError::Refused(e) => ArgsError::from_violations(vec![e.to_violation()]),
            LenientError::Invalid { error, .. } => error,
        }
    }
}

impl fmt::Display for LenientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LenientError::Refused(e) => write!(f, "{e}"),
            LenientError::Invalid { error, .. } => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for LenientError {}

impl From<RepairError> for LenientError {
    fn from(e: RepairError) -> Self {
        LenientError::Refused(e)
    }
}

/// Reads the text a model wrote into `T`: [`repair`] against
/// `T::input_schema()`, then exactly [`crate::parse_args`] (every
/// violation named), giving `T` and the repairs made.
///
/// See the [module documentation](self) for an example.
pub fn parse_args<T: ToolSchema + DeserializeOwned>(text: &str) -> Result<Parsed<T>, LenientError> {
    let (value, repairs) = repair(text, T::input_schema())?.into_parts();
    let result = crate::parse_args::<T>(&value);
    crate::schema::dispose(value);
    match result {
        Ok(value) => Ok(Parsed { value, repairs }),
        Err(error) => Err(LenientError::Invalid { error, repairs }),
    }
}
