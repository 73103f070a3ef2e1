//! The form differences, as options of the plan tool arguments use: an
//! elicitation form is the flat special case of an object, read under its
//! primary names only (an answer key that is a serde alias is named as
//! such), integers clamped to what clients send exactly (the lowering does
//! that), options without aliases, no `null`, defaults the form fills in,
//! violations in field order.

use serde_json::Value;
use std::borrow::Cow;
use std::collections::HashSet;

use crate::shape::Bound;

/// The value of one form field: a grammar property lowered.
#[derive(Debug, Clone)]
pub(crate) enum Leaf {
    /// A string: length in characters, a format.
    Text {
        /// `minLength`.
        min: Option<u64>,
        /// `maxLength`.
        max: Option<u64>,
        /// `format`.
        format: Option<&'static str>,
    },
    /// An integer within bounds.
    Integer {
        /// `minimum`.
        min: Option<Bound>,
        /// `maximum`.
        max: Option<Bound>,
        /// Zero excluded (`NonZero*`).
        nonzero: bool,
        /// serde reads it: a number written with a fraction (`1.0`) is
        /// refused, as serde's integer types refuse it.
        strict: bool,
    },
    /// A number within bounds.
    Number {
        /// `minimum`.
        min: Option<Bound>,
        /// `maximum`.
        max: Option<Bound>,
    },
    /// `true` or `false`.
    Bool,
    /// One of the options.
    Select(Options),
    /// Several of the options.
    Multi {
        /// The options.
        options: Options,
        /// `minItems`.
        min: Option<u64>,
        /// `maxItems`.
        max: Option<u64>,
    },
}

/// The options of a select: membership in constant time for long lists (a
/// multi-select answer of n items against n options stays linear).
#[derive(Debug, Clone)]
pub(crate) struct Options {
    list: Vec<Cow<'static, str>>,
    set: Option<HashSet<Cow<'static, str>>>,
}

impl Options {
    /// Short lists are scanned (faster than hashing); long ones hashed once.
    pub(crate) fn new(list: Vec<Cow<'static, str>>) -> Self {
        let set = (list.len() > 16).then(|| list.iter().cloned().collect());
        Options { list, set }
    }

    /// Whether `s` is an option.
    pub(crate) fn contains(&self, s: &str) -> bool {
        match &self.set {
            Some(set) => set.contains(s),
            None => self.list.iter().any(|o| o == s),
        }
    }

    /// The options, in order.
    pub(crate) fn list(&self) -> &[Cow<'static, str>] {
        &self.list
    }
}

/// What makes an object plan a form.
#[derive(Debug, Clone, Default)]
pub(crate) struct FormOptions {
    /// Per property, in order: the answer must carry it.
    pub required: Vec<bool>,
    /// Per property: names serde also reads that the form does not offer
    /// (never read; named in messages when an answer uses one).
    pub aliases: Vec<&'static [&'static str]>,
    /// Per property: the value filled in when the answer leaves it out
    /// (`#[elicit(default = ..)]`); it must fit the field too.
    pub fills: Vec<Option<Value>>,
}
