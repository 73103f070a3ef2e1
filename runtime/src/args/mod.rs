//! Tool arguments checked like form answers: every violation, for the model
//! to fix.
//!
//! [`parse_args`] reads a tool call's `arguments` into `T`. It accepts what
//! `T::input_schema()` accepts, declared `#[schema(...)]` constraints
//! included, and never returns `Ok` for what serde refuses. On failure,
//! [`ArgsError::violations`] names every violation: its JSON Pointer, the JSON
//! Schema keyword it breaks, and one line a model can act on.
//!
//! ```
//! #[derive(Debug, serde::Deserialize, toolform::ToolSchema)]
//! struct Flight {
//!     origin: String,
//!     #[schema(range(min = 1, max = 9))]
//!     passengers: u8,
//! }
//!
//! let args = serde_json::json!({"passengers": 12});
//! let err = toolform::parse_args::<Flight>(&args).unwrap_err();
//! let lines: Vec<String> = err.violations().iter().map(|v| v.to_string()).collect();
//! assert_eq!(lines, [
//!     "/passengers: 12 is above the maximum 9 (maximum)",
//!     "/origin: missing (required)",
//! ]);
//! ```
//!
//! # How
//!
//! Valid arguments, the common case, cost serde's own borrowed
//! deserialization plus a depth check (for types whose depth serde does not
//! bound, see Limits) and, only for types that declare
//! constraints, a walk to the fields that carry them. Only on failure is the
//! whole value walked against the shape (`toolform::shape::Shape`) for every
//! violation: type mismatches, missing fields (aliases, defaults, `Option`),
//! unknown keys (`deny_unknown_fields`), bounds, lengths, formats, patterns,
//! map keys, every enum representation, flattened fields. When that walk
//! finds nothing but serde refused (a check in user code, such as a
//! `try_from` conversion), serde's own message is the one violation, with
//! rule `serde` and the empty path.
//!
//! # Limits
//!
//! - Values nested deeper than serde_json's parser allows (128 levels) are
//!   refused before serde runs: serde's `Value` deserializer recurses without
//!   a limit, and such a value cannot have come from JSON text. The check is
//!   skipped for types serde reads to a depth the type itself bounds (no
//!   `serde_json::Value` fields, no untagged, internally or adjacently tagged
//!   enums, no `flatten`, no `deserialize_with`, not recursive): serde never
//!   looks deeper than the type there, and neither does the walk, so a deep
//!   value under a key the type ignores is read like any other.
//!   [`validate_args`] always checks depth.
//! - Where serde reads more than the schema advertises (a struct from an
//!   array of its fields, a variant by its index, chrono's relaxed dates), the
//!   value is accepted when the type declares no constraints on the way: the
//!   schema's promise (what it accepts, serde reads) holds either way.
//! - A number written with a fraction (`1.0`) is refused for an integer, as
//!   serde refuses it, though JSON Schema's `integer` includes it.
//! - Where serde picks among alternatives (the first untagged variant that
//!   reads, the first key of a flattened externally tagged enum, `Some` for
//!   a flattened `Option` that reads), the pick is made on serde's
//!   type-level reading and the picked alternative must meet its declared
//!   constraints; that a later one would is not enough (the schema's `anyOf`
//!   cannot say this).
//! - Errors are bounded: at most [`MAX_VIOLATIONS`] violations, then one of
//!   rule [`MORE`] counting the rest; long keys shortened in paths
//!   ([`MAX_KEY_CHARS`], [`MAX_PATH_BYTES`]); control characters escaped
//!   when printed.
//! - For types that reach an untagged enum, serde's retries are counted
//!   first (linear) and a document over the budget is refused (see
//!   [`RETRY_BUDGET_BASE`]).

mod check;
mod declared;
pub(crate) mod form;
pub(crate) mod formats;
mod pattern;
pub(crate) mod plan;

pub use crate::violation::{MAX_KEY_CHARS, MAX_PATH_BYTES, MAX_VIOLATIONS, MORE};
pub(crate) use check::{form_check, form_violations, leaf_violations};

/// Whether serde may retry untagged alternatives when it reads `shape`
/// (its work is then budgeted before it runs): a walk of its own over such
/// a value must be bounded the same way.
pub(crate) fn retries(shape: &'static Shape) -> bool {
    declared::fast(shape).retries
}

use crate::ToolSchema;
use crate::shape::Shape;
use crate::violation::{Violation, bounded_list, write_list};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::fmt;

/// Containers nested deeper than this are refused: serde_json's parser
/// refuses the 128th level of nesting, so no JSON text yields such a value.
pub const MAX_DEPTH: usize = 127;

/// Why tool arguments could not be read: every violation, in document order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArgsError {
    violations: Vec<Violation>,
}

impl ArgsError {
    /// An error of these violations, so a tool adds its own domain checks
    /// to the list [`parse_args`] gave (or makes one of its own).
    ///
    /// The list is bounded like every list here: at most
    /// [`MAX_VIOLATIONS`], then one entry of rule [`MORE`] counting the rest;
    /// long paths shortened, messages cut and stripped of control
    /// characters. An empty list gives one violation of rule `"refused"`
    /// (an error always names one).
    ///
    /// ```
    /// use toolform::{ArgsError, Violation};
    ///
    /// let err = ArgsError::from_violations(vec![Violation::new(
    ///     "/amount",
    ///     "balance",
    ///     "more than the account holds",
    /// )]);
    /// assert_eq!(err.to_string().lines().nth(1), Some("  /amount: more than the account holds (balance)"));
    /// ```
    pub fn from_violations(violations: Vec<Violation>) -> Self {
        let mut violations = bounded_list(violations);
        if violations.is_empty() {
            violations.push(Violation::new("", "refused", "the arguments were refused"));
        }
        ArgsError { violations }
    }

    /// Every violation, in document order (never empty).
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// The violations, owned.
    pub fn into_violations(self) -> Vec<Violation> {
        self.violations
    }
}

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(
            f,
            "the arguments do not match the tool's input schema",
            &self.violations,
        )
    }
}

impl std::error::Error for ArgsError {}

/// Reads tool arguments into `T`, or names every way they break
/// `T::input_schema()`.
///
/// `Ok` only when serde reads the value and every constraint the schema
/// declares holds; see the [module documentation](self) for the exact rules.
///
/// Takes the arguments by reference or by value, or as the JSON text a
/// provider hands over (see [`Arguments`]), like
/// [`Dialect::parse_args`](crate::dialect::Dialect::parse_args). Text that
/// is not JSON is one violation of rule `"json"` at the root; for text a
/// model wrote that is almost JSON, see `toolform::lenient` (cargo feature
/// `lenient`).
///
/// ```
/// #[derive(Debug, serde::Deserialize, toolform::ToolSchema)]
/// struct Flight { passengers: u8 }
///
/// let flight: Flight = toolform::parse_args(r#"{"passengers": 2}"#).unwrap();
/// assert_eq!(flight.passengers, 2);
///
/// let err = toolform::parse_args::<Flight>("{passengers: 2}").unwrap_err();
/// assert_eq!(err.violations()[0].rule, "json");
/// ```
pub fn parse_args<'a, T: ToolSchema + DeserializeOwned>(
    arguments: impl Arguments<'a>,
) -> Result<T, ArgsError> {
    let arguments = arguments.into_value()?;
    let result = parse_value::<T>(&arguments);
    if let std::borrow::Cow::Owned(value) = arguments {
        // However deep it nests: dropped without recursion.
        crate::schema::dispose(value);
    }
    result
}

/// What [`parse_args`] and [`Dialect::parse_args`](crate::dialect::Dialect::parse_args)
/// read: tool arguments as a `&Value` (or `&mut Value`), an owned `Value`
/// (dropped without recursion however deep it nests), or a `&str` of JSON
/// text (read by serde_json; text that is not JSON is one violation of rule
/// `"json"` at the root, never a panic). Sealed.
pub trait Arguments<'a>: sealed::Sealed {
    /// The arguments, borrowed or owned, or why the text is not JSON.
    #[doc(hidden)]
    fn into_value(self) -> Result<std::borrow::Cow<'a, Value>, ArgsError>;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for serde_json::Value {}
    impl Sealed for &serde_json::Value {}
    impl Sealed for &mut serde_json::Value {}
    impl Sealed for &str {}
}

impl<'a> Arguments<'a> for &'a Value {
    fn into_value(self) -> Result<std::borrow::Cow<'a, Value>, ArgsError> {
        Ok(std::borrow::Cow::Borrowed(self))
    }
}

impl<'a> Arguments<'a> for &'a mut Value {
    fn into_value(self) -> Result<std::borrow::Cow<'a, Value>, ArgsError> {
        Ok(std::borrow::Cow::Borrowed(self))
    }
}

impl Arguments<'static> for Value {
    fn into_value(self) -> Result<std::borrow::Cow<'static, Value>, ArgsError> {
        Ok(std::borrow::Cow::Owned(self))
    }
}

/// JSON text, as providers hand tool arguments over. serde_json reads it
/// (its nesting limit of 128 included); a key given twice keeps its last
/// value, as serde_json's `Value` does.
impl<'a> Arguments<'a> for &str {
    fn into_value(self) -> Result<std::borrow::Cow<'a, Value>, ArgsError> {
        match serde_json::from_str::<Value>(self) {
            Ok(value) => Ok(std::borrow::Cow::Owned(value)),
            Err(e) => Err(not_json(&e)),
        }
    }
}

/// The one violation for text that is not JSON.
#[cold]
#[inline(never)]
fn not_json(e: &serde_json::Error) -> ArgsError {
    ArgsError {
        violations: vec![Violation::new(
            "",
            "json",
            format!("the arguments are not JSON text: {e}"),
        )],
    }
}

fn parse_value<T: ToolSchema + DeserializeOwned>(arguments: &Value) -> Result<T, ArgsError> {
    let fast = declared::fast(T::SHAPE);
    if !fast.bounded && depth_exceeded(arguments) {
        return Err(too_deep());
    }
    if fast.retries {
        over_budget(T::SHAPE, arguments)?;
    }
    match T::deserialize(arguments) {
        Ok(parsed) => match fast.program {
            Some(program) if !program.holds(arguments) => Err(broken(T::SHAPE, arguments)),
            _ => Ok(parsed),
        },
        Err(e) => Err(refused(T::SHAPE, arguments, e)),
    }
}

/// serde refused: the walk names why, or serde's message is the one
/// violation.
#[cold]
#[inline(never)]
fn refused(shape: &'static Shape, arguments: &Value, e: serde_json::Error) -> ArgsError {
    let mut all = walk(shape, arguments);
    if all.is_empty() {
        all.push(Violation::new("", "serde", e.to_string()));
    }
    ArgsError { violations: all }
}

/// serde read the value but a declared constraint does not hold.
#[cold]
#[inline(never)]
fn broken(shape: &'static Shape, arguments: &Value) -> ArgsError {
    let mut all = walk(shape, arguments);
    if all.is_empty() {
        // The walk checks a superset of the fast path's rules; this would be
        // a bug, reported rather than let through.
        all.push(Violation::new(
            "",
            "schema",
            "a declared constraint does not hold",
        ));
    }
    ArgsError { violations: all }
}

/// Every way `value` breaks the input schema of `shape`, in document order
/// (empty: the schema accepts it). Values nested deeper than [`MAX_DEPTH`]
/// give one violation and are not walked.
///
/// This is the check [`parse_args`] runs on failure, without serde: a number
/// written with a fraction is refused for an integer, otherwise it is exactly
/// the input schema's verdict.
pub fn validate_args(shape: &'static Shape, value: &Value) -> Vec<Violation> {
    if depth_exceeded(value) {
        return too_deep().violations;
    }
    walk(shape, value)
}

fn walk(shape: &'static Shape, value: &Value) -> Vec<Violation> {
    let mut w = check::Walk::new();
    w.shape(shape, None, value);
    w.out.finish()
}

/// serde's work on a value it may read by retrying untagged alternatives,
/// in steps, may be at most this many per value node of the document ...
pub const RETRY_BUDGET_PER_NODE: u64 = 64;

/// ... plus this many, whatever the document.
pub const RETRY_BUDGET_BASE: u64 = 1 << 20;

/// Refuses, before serde runs, a value serde would spend more than the
/// budget on ([`RETRY_BUDGET_PER_NODE`] steps per node of the value plus
/// [`RETRY_BUDGET_BASE`]): serde buffers the value once, then reads each
/// untagged alternative from the buffer in turn, so nested untagged enums
/// cost it time exponential in their nesting. A walk of serde's type-level
/// reading, which remembers each verdict, counts serde's steps in time
/// linear in the value. A value that walk finds wrong is refused with its
/// violations; a right one with the rule `budget`.
fn over_budget(shape: &'static Shape, value: &Value) -> Result<(), ArgsError> {
    let mut reading = check::Walk::serde_reading();
    reading.shape(shape, None, value);
    let budget = RETRY_BUDGET_PER_NODE
        .saturating_mul(nodes(value))
        .saturating_add(RETRY_BUDGET_BASE);
    if reading.work <= budget {
        return Ok(());
    }
    Err(retries_refused(
        shape,
        value,
        reading.failed(),
        reading.work,
        budget,
    ))
}

#[cold]
#[inline(never)]
fn retries_refused(
    shape: &'static Shape,
    value: &Value,
    wrong: bool,
    work: u64,
    budget: u64,
) -> ArgsError {
    if wrong {
        let all = walk(shape, value);
        if !all.is_empty() {
            return ArgsError { violations: all };
        }
    }
    ArgsError {
        violations: vec![Violation::new(
            "",
            "budget",
            format!(
                "serde would retry untagged alternatives about {work} times to read this value, more than the budget of {budget} for its size; nest fewer untagged enums, or tag them"
            ),
        )],
    }
}

/// How many values `value` holds, itself included (iterative).
fn nodes(value: &Value) -> u64 {
    let mut n: u64 = 0;
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        n += 1;
        match v {
            Value::Array(items) => stack.extend(items.iter()),
            Value::Object(map) => stack.extend(map.values()),
            _ => {}
        }
    }
    n
}

/// Whether `value` nests containers deeper than [`MAX_DEPTH`]. Recurses at
/// most `MAX_DEPTH` frames; the root level is inlined (most arguments are
/// an object of scalars).
#[inline]
fn depth_exceeded(value: &Value) -> bool {
    fn nested(v: &Value) -> bool {
        matches!(v, Value::Array(_) | Value::Object(_))
    }
    /// `value` is a container at a level with `remaining` more levels allowed.
    fn too_deep(value: &Value, remaining: usize) -> bool {
        match value {
            Value::Array(items) => {
                remaining == 0
                    || items
                        .iter()
                        .any(|v| nested(v) && too_deep(v, remaining - 1))
            }
            Value::Object(map) => {
                remaining == 0
                    || map
                        .values()
                        .any(|v| nested(v) && too_deep(v, remaining - 1))
            }
            _ => false,
        }
    }
    match value {
        Value::Object(map) => map
            .values()
            .any(|v| nested(v) && too_deep(v, MAX_DEPTH - 1)),
        Value::Array(items) => items
            .iter()
            .any(|v| nested(v) && too_deep(v, MAX_DEPTH - 1)),
        _ => false,
    }
}

#[cold]
#[inline(never)]
fn too_deep() -> ArgsError {
    ArgsError {
        violations: vec![Violation::new(
            "",
            "depth",
            format!(
                "nested deeper than {MAX_DEPTH} levels of arrays and objects, more than JSON text can carry to serde_json"
            ),
        )],
    }
}
