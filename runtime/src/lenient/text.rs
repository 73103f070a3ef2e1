//! The text level: a tolerant reader of what a model wrote, iterative over an
//! explicit stack, linear in the text, that takes exactly the repairs of the
//! rules table and refuses everything else.
//!
//! Extraction first (the whole text, the one fenced block, or the one object
//! amid prose), then one pass of the reader over that part of the text.

use super::{Recorder, Refusal, RepairError, RepairKind};
use serde_json::{Map, Value};

mod reader;
mod tokens;

/// The most arrays and objects nested in each other the reader takes (what
/// serde_json's own parser takes); the next level is refused.
pub(super) const MAX_NESTING: usize = 128;

/// Reads `text` into one JSON value, recording every text-level repair.
pub(super) fn read(text: &str, rec: &mut Recorder) -> Result<Value, RepairError> {
    let Some(start) = text.find(|c: char| !c.is_whitespace()) else {
        return Err(RepairError::new(
            Refusal::NoJson,
            0,
            "",
            "the text is empty: there is no JSON in it",
        ));
    };
    let first = text
        .get(start..)
        .and_then(|t| t.chars().next())
        .unwrap_or(' ');
    let literal = matches!(
        text.trim(),
        "true" | "false" | "null" | "True" | "False" | "None"
    );
    if starts_value(first) || literal {
        return whole(text, start, rec);
    }
    if let Some(fences) = fence_lines(text) {
        return fenced(text, &fences, rec);
    }
    amid_prose(text, rec)
}

/// Whether `c` begins a JSON value (or one of the repaired spellings of one).
fn starts_value(c: char) -> bool {
    matches!(c, '{' | '[' | '"' | '\'' | '“' | '‘' | '-' | '0'..='9')
}

/// The text is the document, possibly followed by prose after an object.
fn whole(text: &str, start: usize, rec: &mut Recorder) -> Result<Value, RepairError> {
    let mut p = Reader::new(text, start, text.len(), true);
    let value = p.value(rec)?;
    p.skip_blank(rec)?;
    if p.pos >= p.end {
        return Ok(value);
    }
    let rest = text.get(p.pos..).unwrap_or_default();
    if value.is_object() && prose_after(rest) {
        rec.record(String::new, RepairKind::Prose);
        return Ok(value);
    }
    Err(trailing(p.pos, rest))
}

/// The error for what follows the value and is not prose.
fn trailing(at: usize, rest: &str) -> RepairError {
    if rest.contains(['{', '[']) {
        RepairError::new(
            Refusal::TwoDocuments,
            at,
            "",
            "more than one JSON value: which one is meant has more than one reading",
        )
    } else {
        RepairError::new(
            Refusal::Unexpected,
            at,
            "",
            format!(
                "unexpected text after the JSON value: {}",
                crate::json::quoted(rest)
            ),
        )
    }
}

/// Whether `rest` (after an object) reads as prose: no brackets, and it
/// does not begin like the continuation of a JSON document.
fn prose_after(rest: &str) -> bool {
    let rest = rest.trim_start();
    let Some(first) = rest.chars().next() else {
        return true;
    };
    !rest.contains(['{', '}', '[', ']'])
        && (first.is_alphabetic() || matches!(first, '.' | '!' | '?' | '—' | '–' | '(' | '*'))
        && !holds_member(rest)
}

/// Whether `text` (prose or a comment) holds what reads as an object's
/// member (a quoted key and a colon): dropping it would drop a key.
fn holds_member(text: &str) -> bool {
    let chars = text.char_indices();
    for (i, c) in chars {
        if matches!(c, '"' | '\'' | '”' | '’') {
            let after = text.get(i + c.len_utf8()..).unwrap_or_default();
            if after.trim_start_matches([' ', '\t']).starts_with(':') {
                return true;
            }
        }
    }
    false
}

/// The byte ranges of the lines that open or close a fenced code block
/// (a line starting, after blanks, with three backticks); `None` when there
/// is none.
fn fence_lines(text: &str) -> Option<Vec<(usize, usize)>> {
    let mut out = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("```") {
            out.push((at, at + line.len()));
        }
        at += line.len();
    }
    (!out.is_empty()).then_some(out)
}

/// The one fenced block is the document.
fn fenced(text: &str, fences: &[(usize, usize)], rec: &mut Recorder) -> Result<Value, RepairError> {
    let (open, close) = match fences {
        [open, close] => (*open, *close),
        [(at, _)] => {
            return Err(RepairError::new(
                Refusal::Truncated,
                *at,
                "",
                "a fenced code block is opened and never closed: the text may be cut short",
            ));
        }
        _ => {
            let at = fences.get(2).map_or(0, |f| f.0);
            return Err(RepairError::new(
                Refusal::TwoDocuments,
                at,
                "",
                "more than one fenced code block: which one is meant has more than one reading",
            ));
        }
    };
    // The opening line holds nothing but the fence and its info string.
    let opening = text.get(open.0..open.1).unwrap_or_default().trim();
    let info = opening.trim_start_matches('`');
    if info.contains('`') || info.contains(char::is_whitespace) || info.contains(['{', '[']) {
        return Err(RepairError::new(
            Refusal::Unexpected,
            open.0,
            "",
            "the fenced code block's opening line holds more than the fence",
        ));
    }
    let closing = text.get(close.0..close.1).unwrap_or_default().trim();
    if !closing.trim_start_matches('`').is_empty() {
        return Err(RepairError::new(
            Refusal::Unexpected,
            close.0,
            "",
            "the fenced code block's closing line holds more than the fence",
        ));
    }
    let outside_before = text.get(..open.0).unwrap_or_default();
    let outside_after = text.get(close.1..).unwrap_or_default();
    if outside_before.contains(['{', '}']) || outside_after.contains(['{', '}']) {
        return Err(RepairError::new(
            Refusal::TwoDocuments,
            0,
            "",
            "JSON both inside and outside the fenced code block: which is meant has more than one reading",
        ));
    }
    let block = text.get(open.1..close.0).unwrap_or_default();
    let Some(first) = block.find(|c: char| !c.is_whitespace()) else {
        return Err(RepairError::new(
            Refusal::NoJson,
            open.1,
            "",
            "the fenced code block is empty",
        ));
    };
    rec.record(String::new, RepairKind::Fence);
    let mut p = Reader::new(text, open.1 + first, close.0, false);
    let value = p.value(rec)?;
    p.skip_blank(rec)?;
    if p.pos < p.end {
        let rest = text.get(p.pos..close.0).unwrap_or_default();
        return Err(trailing(p.pos, rest));
    }
    Ok(value)
}

/// The one object amid prose.
fn amid_prose(text: &str, rec: &mut Recorder) -> Result<Value, RepairError> {
    let Some(open) = text.find('{') else {
        return Err(RepairError::new(
            Refusal::NoJson,
            0,
            "",
            "no JSON object in the text",
        ));
    };
    let before = text.get(..open).unwrap_or_default();
    if holds_member(before) || before.trim_end().ends_with(',') {
        return Err(RepairError::new(
            Refusal::Unexpected,
            0,
            "",
            "the text before the object reads as part of it: it is not one object amid prose",
        ));
    }
    if before.contains('}') {
        return Err(RepairError::new(
            Refusal::Unexpected,
            0,
            "",
            "a `}` before the first `{`: the text is not one object amid prose",
        ));
    }
    let mut p = Reader::new(text, open, text.len(), true);
    let value = p.value(rec)?;
    p.skip_blank(rec)?;
    let rest = text.get(p.pos..).unwrap_or_default();
    if !prose_after(rest) {
        return Err(trailing(p.pos, rest));
    }
    rec.record(String::new, RepairKind::Prose);
    Ok(value)
}

/// Where an object is in its reading.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ObjState {
    /// After `{`.
    Start,
    /// After a `,`.
    Comma,
    /// After a key, before `:`.
    Colon,
    /// After `:`.
    Value,
    /// After a member.
    Member,
}

/// Where an array is in its reading.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ArrState {
    Start,
    Comma,
    Item,
}

enum Frame {
    Object {
        map: Map<String, Value>,
        key: Option<String>,
        state: ObjState,
    },
    Array {
        items: Vec<Value>,
        state: ArrState,
    },
}

/// What the last complete value was, for the missing final `}`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    /// Closed by its own delimiter (a string, an object, an array) or a
    /// whole word (`true`).
    Closed,
    /// A number that ends where the text ends: more digits may have been cut.
    NumberAtEnd,
}

struct Reader<'t> {
    text: &'t str,
    pos: usize,
    end: usize,
    /// Whether `end` is the end of everything the model wrote (a number
    /// ending there may have been cut short).
    end_is_text_end: bool,
    stack: Vec<Frame>,
    last: Last,
    /// A string just ended: a quote or letter right after it is an
    /// unescaped quote inside it.
    after_string: bool,
    /// The last value completed was an object: a `}` missing after it may
    /// be its own as well as its parent's.
    last_object: bool,
    /// The blanks just skipped held a line break.
    line_break: bool,
}
