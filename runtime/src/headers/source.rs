//! [`HeaderSource`]: where [`headers_for`](super::headers_for) and
//! [`verify`](super::verify) read a tool's header parameters from.

use super::{HeaderParam, check};
use crate::violation::Violation;
use serde_json::{Map, Value};
use std::borrow::Cow;

/// Where [`headers_for`](super::headers_for) and [`verify`](super::verify) read a tool's header parameters
/// from: [`check`](super::check)'s answer (`[HeaderParam]`, `Vec<HeaderParam>`), or the
/// tool's `inputSchema` itself (a `serde_json::Value` or its object map),
/// checked on each call (check it once and keep the parameters where calls
/// are many).
pub trait HeaderSource {
    /// The header parameters, or every way the schema's annotations break
    /// the spec's rules.
    fn header_params(&self) -> Result<Cow<'_, [HeaderParam]>, Vec<Violation>>;
}

impl HeaderSource for [HeaderParam] {
    fn header_params(&self) -> Result<Cow<'_, [HeaderParam]>, Vec<Violation>> {
        Ok(Cow::Borrowed(self))
    }
}

impl HeaderSource for Vec<HeaderParam> {
    fn header_params(&self) -> Result<Cow<'_, [HeaderParam]>, Vec<Violation>> {
        Ok(Cow::Borrowed(self))
    }
}

impl<const N: usize> HeaderSource for [HeaderParam; N] {
    fn header_params(&self) -> Result<Cow<'_, [HeaderParam]>, Vec<Violation>> {
        Ok(Cow::Borrowed(self))
    }
}

impl HeaderSource for Value {
    fn header_params(&self) -> Result<Cow<'_, [HeaderParam]>, Vec<Violation>> {
        check(self).map(Cow::Owned)
    }
}

impl HeaderSource for Map<String, Value> {
    fn header_params(&self) -> Result<Cow<'_, [HeaderParam]>, Vec<Violation>> {
        check(&Value::Object(self.clone())).map(Cow::Owned)
    }
}

impl<T: HeaderSource + ?Sized> HeaderSource for &T {
    fn header_params(&self) -> Result<Cow<'_, [HeaderParam]>, Vec<Violation>> {
        (**self).header_params()
    }
}

impl<T: HeaderSource + ?Sized> HeaderSource for std::sync::Arc<T> {
    fn header_params(&self) -> Result<Cow<'_, [HeaderParam]>, Vec<Violation>> {
        (**self).header_params()
    }
}

/// The first of `violations`, as one line (a schema's annotations are
/// invalid, so no header can be derived from it).
pub(super) fn invalid_schema(violations: &[Violation]) -> String {
    let mut message = String::from("the schema's x-mcp-header annotations are invalid");
    if let Some(first) = violations.first() {
        message.push_str(": ");
        message.push_str(&first.to_string());
    }
    if violations.len() > 1 {
        message.push_str(&format!(" (and {} more)", violations.len() - 1));
    }
    message
}
