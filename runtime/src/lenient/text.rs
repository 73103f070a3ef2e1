//! The text level: a tolerant reader of what a model wrote, iterative over an
//! explicit stack, linear in the text, that takes exactly the repairs of the
//! rules table and refuses everything else.
//!
//! Extraction first (the whole text, the one fenced block, or the one object
//! amid prose), then one pass of the reader over that part of the text.

use super::{Recorder, Refusal, RepairError, RepairKind};
use serde_json::{Map, Value};

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
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
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

impl<'t> Reader<'t> {
    fn new(text: &'t str, pos: usize, end: usize, end_is_text_end: bool) -> Self {
        Reader {
            text,
            pos,
            end: end.min(text.len()),
            end_is_text_end,
            stack: Vec::new(),
            last: Last::Closed,
            after_string: false,
            last_object: false,
            line_break: false,
        }
    }

    fn peek(&self) -> Option<char> {
        if self.pos >= self.end {
            return None;
        }
        self.text.get(self.pos..self.end)?.chars().next()
    }

    fn peek_byte(&self, at: usize) -> Option<u8> {
        if at >= self.end {
            return None;
        }
        self.text.as_bytes().get(at).copied()
    }

    /// The JSON Pointer of the container being read (`inner: false`) or of
    /// the value being read in it (`inner: true`).
    fn pointer(&self, inner: bool) -> String {
        let n = if inner {
            self.stack.len()
        } else {
            self.stack.len().saturating_sub(1)
        };
        let mut out = String::new();
        for frame in self.stack.iter().take(n) {
            match frame {
                Frame::Object { key: Some(k), .. } => {
                    out.push('/');
                    out.push_str(&crate::json::escape(k));
                }
                Frame::Object { key: None, .. } => {}
                Frame::Array { items, .. } => {
                    out.push('/');
                    out.push_str(&items.len().to_string());
                }
            }
        }
        out
    }

    fn err(&self, refusal: Refusal, message: impl Into<String>) -> RepairError {
        RepairError::new(refusal, self.pos, self.pointer(true), message)
    }

    fn truncated(&self) -> RepairError {
        self.err(
            Refusal::Truncated,
            "the text ends inside the JSON: it was cut short, and what is missing cannot be known",
        )
    }

    /// Skips blanks and comments (each comment a repair).
    fn skip_blank(&mut self, rec: &mut Recorder) -> Result<(), RepairError> {
        self.line_break = false;
        loop {
            match self.peek_byte(self.pos) {
                Some(b'\n') => {
                    self.line_break = true;
                    self.pos += 1;
                }
                Some(b' ' | b'\t' | b'\r') => self.pos += 1,
                Some(b'/') => match self.peek_byte(self.pos + 1) {
                    Some(b'/') => {
                        let rest = self.text.get(self.pos..self.end).unwrap_or_default();
                        let len = rest.find('\n').unwrap_or(rest.len());
                        self.comment(rest.get(..len).unwrap_or_default())?;
                        self.pos += len;
                        rec.record(|| self.pointer(false), RepairKind::Comment);
                    }
                    Some(b'*') => {
                        let rest = self.text.get(self.pos + 2..self.end).unwrap_or_default();
                        match rest.find("*/") {
                            Some(close) => {
                                self.comment(rest.get(..close).unwrap_or_default())?;
                                self.pos += 2 + close + 2;
                            }
                            None => {
                                return Err(self.err(
                                    Refusal::Truncated,
                                    "a `/*` comment is never closed: the text may be cut short",
                                ));
                            }
                        }
                        rec.record(|| self.pointer(false), RepairKind::Comment);
                    }
                    _ => return Ok(()),
                },
                _ => return Ok(()),
            }
        }
    }

    /// A comment may go, unless it holds what reads as a member: then the
    /// member may have been meant, and dropping it would drop a key.
    fn comment(&self, body: &str) -> Result<(), RepairError> {
        if holds_member(body) {
            return Err(self.err(
                Refusal::Unexpected,
                "a comment holds what reads as a member: whether it is meant has two readings",
            ));
        }
        Ok(())
    }

    /// Reads one value (and everything nested in it).
    fn value(&mut self, rec: &mut Recorder) -> Result<Value, RepairError> {
        loop {
            self.skip_blank(rec)?;
            let c = self.peek();
            let state = match self.stack.last() {
                None => None,
                Some(Frame::Object { state, .. }) => Some(Ok(*state)),
                Some(Frame::Array { state, .. }) => Some(Err(*state)),
            };
            let done = match state {
                None => match c {
                    None => return Err(self.truncated()),
                    Some(c) => self.start_value(c, rec)?,
                },
                Some(Ok(ObjState::Start | ObjState::Comma)) => self.key(c, rec)?,
                Some(Ok(ObjState::Colon)) => match c {
                    Some(':') => {
                        self.pos += 1;
                        self.set_obj_state(ObjState::Value);
                        None
                    }
                    None => return Err(self.truncated()),
                    Some(_) => {
                        return Err(self.err(Refusal::Unexpected, "expected `:` after the key"));
                    }
                },
                Some(Ok(ObjState::Value)) | Some(Err(ArrState::Start | ArrState::Comma)) => match c
                {
                    None => return Err(self.truncated()),
                    Some(']') if state == Some(Err(ArrState::Start)) => {
                        self.pos += 1;
                        self.close(rec)?
                    }
                    Some(']') if state == Some(Err(ArrState::Comma)) => {
                        rec.record(|| self.pointer(false), RepairKind::TrailingComma);
                        self.pos += 1;
                        self.close(rec)?
                    }
                    Some(',' | '}' | ']') => {
                        return Err(self.err(
                            Refusal::MissingValue,
                            "a value is missing here, and inventing one is not a repair",
                        ));
                    }
                    Some(c) => self.start_value(c, rec)?,
                },
                Some(Ok(ObjState::Member)) => match c {
                    Some(',') => {
                        self.pos += 1;
                        self.after_string = false;
                        self.set_obj_state(ObjState::Comma);
                        None
                    }
                    Some('}') => {
                        self.pos += 1;
                        self.close(rec)?
                    }
                    None if self.stack.len() == 1
                        && self.last == Last::Closed
                        && !self.last_object =>
                    {
                        rec.record(String::new, RepairKind::MissingBrace);
                        self.close(rec)?
                    }
                    None if self.stack.len() == 1 && self.last_object => {
                        return Err(self.err(
                            Refusal::Truncated,
                            "the final `}` is missing after an object: whether that object's `}` or the outer one is missing has two readings",
                        ));
                    }
                    None => return Err(self.truncated()),
                    // A member on the next line after a value that is not a
                    // string: the comma between them is missing. (After a
                    // string, an unescaped quote is the other reading.)
                    Some(c)
                        if self.line_break
                            && !self.after_string
                            && (matches!(c, '"' | '\'' | '“' | '‘')
                                || c.is_ascii_alphabetic()
                                || c == '_'
                                || c == '$') =>
                    {
                        rec.record(|| self.pointer(false), RepairKind::MissingComma);
                        self.set_obj_state(ObjState::Comma);
                        None
                    }
                    Some(_) => return Err(self.separator_expected("`,` or `}`")),
                },
                Some(Err(ArrState::Item)) => match c {
                    Some(',') => {
                        self.pos += 1;
                        self.after_string = false;
                        if let Some(Frame::Array { state, .. }) = self.stack.last_mut() {
                            *state = ArrState::Comma;
                        }
                        None
                    }
                    Some(']') => {
                        self.pos += 1;
                        self.close(rec)?
                    }
                    None => return Err(self.truncated()),
                    Some(_) => return Err(self.separator_expected("`,` or `]`")),
                },
            };
            if let Some(root) = done {
                return Ok(root);
            }
        }
    }

    fn separator_expected(&self, what: &str) -> RepairError {
        if self.after_string {
            self.err(
                Refusal::UnescapedQuote,
                "a quote inside a string is not escaped: where the string ends has more than one reading",
            )
        } else {
            self.err(Refusal::Unexpected, format!("expected {what}"))
        }
    }

    fn set_obj_state(&mut self, to: ObjState) {
        if let Some(Frame::Object { state, .. }) = self.stack.last_mut() {
            *state = to;
        }
    }

    /// An object's key, or its end.
    fn key(&mut self, c: Option<char>, rec: &mut Recorder) -> Result<Option<Value>, RepairError> {
        let trailing_comma = matches!(
            self.stack.last(),
            Some(Frame::Object {
                state: ObjState::Comma,
                ..
            })
        );
        let key = match c {
            None => return Err(self.truncated()),
            Some('}') => {
                if trailing_comma {
                    rec.record(|| self.pointer(false), RepairKind::TrailingComma);
                }
                self.pos += 1;
                return self.close(rec);
            }
            Some(q @ ('"' | '\'' | '“' | '‘')) => {
                let (key, raw, apostrophe) = self.string(q)?;
                if let Some(Frame::Object { key: slot, .. }) = self.stack.last_mut() {
                    *slot = Some(key);
                }
                if q != '"' {
                    rec.record(|| self.pointer(true), RepairKind::Quotes);
                }
                if raw {
                    rec.record(|| self.pointer(true), RepairKind::ControlCharacters);
                }
                if apostrophe {
                    rec.record(|| self.pointer(true), RepairKind::EscapedApostrophe);
                }
                self.set_obj_state(ObjState::Colon);
                return Ok(None);
            }
            Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$' => self.word().to_owned(),
            Some(',') => {
                return Err(self.err(
                    Refusal::MissingValue,
                    "a member is missing here, and inventing one is not a repair",
                ));
            }
            Some(_) => {
                return Err(self.err(Refusal::Unexpected, "expected a key or `}`"));
            }
        };
        if let Some(Frame::Object { key: slot, .. }) = self.stack.last_mut() {
            *slot = Some(key);
        }
        rec.record(|| self.pointer(true), RepairKind::UnquotedKey);
        self.set_obj_state(ObjState::Colon);
        Ok(None)
    }

    /// An identifier (`[A-Za-z_$][A-Za-z0-9_$]*`) at `pos`, consumed.
    fn word(&mut self) -> &'t str {
        let text: &'t str = self.text;
        let rest = text.get(self.pos..self.end).unwrap_or_default();
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
            .unwrap_or(rest.len());
        self.pos += len;
        rest.get(..len).unwrap_or_default()
    }

    /// Starts the value at `c`: a container is pushed (`None`), a scalar is
    /// complete.
    fn start_value(&mut self, c: char, rec: &mut Recorder) -> Result<Option<Value>, RepairError> {
        self.after_string = false;
        let value = match c {
            '{' | '[' => {
                if self.stack.len() >= MAX_NESTING {
                    return Err(self.err(
                        Refusal::TooDeep,
                        format!(
                            "arrays and objects nested more than {MAX_NESTING} deep, more than serde_json reads"
                        ),
                    ));
                }
                self.pos += 1;
                self.stack.push(if c == '{' {
                    Frame::Object {
                        map: Map::new(),
                        key: None,
                        state: ObjState::Start,
                    }
                } else {
                    Frame::Array {
                        items: Vec::new(),
                        state: ArrState::Start,
                    }
                });
                return Ok(None);
            }
            '"' | '\'' | '“' | '‘' => {
                let (s, raw, apostrophe) = self.string(c)?;
                if c != '"' {
                    rec.record(|| self.pointer(true), RepairKind::Quotes);
                }
                if raw {
                    rec.record(|| self.pointer(true), RepairKind::ControlCharacters);
                }
                if apostrophe {
                    rec.record(|| self.pointer(true), RepairKind::EscapedApostrophe);
                }
                self.after_string = true;
                self.last = Last::Closed;
                Value::String(s)
            }
            '-' | '0'..='9' => self.number()?,
            c if c.is_ascii_alphabetic() || c == '_' || c == '$' => {
                let at = self.pos;
                let word = self.word();
                let (value, spelled) = match word {
                    "true" => (Value::Bool(true), false),
                    "false" => (Value::Bool(false), false),
                    "null" => (Value::Null, false),
                    "True" => (Value::Bool(true), true),
                    "False" => (Value::Bool(false), true),
                    "None" => (Value::Null, true),
                    "NaN" | "Infinity" => {
                        self.pos = at;
                        return Err(self.err(
                            Refusal::NotANumber,
                            format!("`{word}` is not a JSON number, and no number means it"),
                        ));
                    }
                    _ => {
                        self.pos = at;
                        return Err(self.err(
                            Refusal::BareWord,
                            format!(
                                "the bare word {} is not a JSON value (only `true`, `false`, `null` and Python's `True`, `False`, `None` are read)",
                                crate::json::quoted(word)
                            ),
                        ));
                    }
                };
                if spelled {
                    rec.record(|| self.pointer(true), RepairKind::PythonLiteral);
                }
                self.last = Last::Closed;
                value
            }
            _ => {
                return Err(self.err(
                    Refusal::Unexpected,
                    format!("{:?} does not begin a JSON value", c),
                ));
            }
        };
        self.complete(value, rec)
    }

    /// A complete value goes into the container being read, or is the root.
    fn complete(&mut self, value: Value, rec: &mut Recorder) -> Result<Option<Value>, RepairError> {
        self.last_object = value.is_object();
        let repeated = match self.stack.last() {
            Some(Frame::Object { map, key, .. }) => map
                .get(key.as_deref().unwrap_or_default())
                .map(|old| *old == value),
            _ => None,
        };
        match repeated {
            Some(false) => {
                return Err(self.err(
                    Refusal::ConflictingKeys,
                    "a key appears twice with different values: which one is meant has more than one reading",
                ));
            }
            Some(true) => {
                rec.record(|| self.pointer(true), RepairKind::DuplicateKey);
                crate::schema::dispose(value);
                if let Some(Frame::Object { key, state, .. }) = self.stack.last_mut() {
                    *key = None;
                    *state = ObjState::Member;
                }
                return Ok(None);
            }
            None => {}
        }
        match self.stack.last_mut() {
            None => Ok(Some(value)),
            Some(Frame::Array { items, state }) => {
                items.push(value);
                *state = ArrState::Item;
                Ok(None)
            }
            Some(Frame::Object { map, key, state }) => {
                map.insert(key.take().unwrap_or_default(), value);
                *state = ObjState::Member;
                Ok(None)
            }
        }
    }

    /// Closes the container on top of the stack.
    fn close(&mut self, rec: &mut Recorder) -> Result<Option<Value>, RepairError> {
        let value = match self.stack.pop() {
            Some(Frame::Object { map, .. }) => Value::Object(map),
            Some(Frame::Array { items, .. }) => Value::Array(items),
            None => {
                return Err(self.err(Refusal::Unexpected, "a closing bracket with nothing open"));
            }
        };
        self.last = Last::Closed;
        self.after_string = false;
        self.complete(value, rec)
    }

    /// A JSON number, exactly as JSON writes it, read by serde_json.
    fn number(&mut self) -> Result<Value, RepairError> {
        let start = self.pos;
        let b = |at: usize| self.peek_byte(at);
        let mut at = start;
        if b(at) == Some(b'-') {
            at += 1;
        }
        let digits = |mut at: usize| {
            while matches!(b(at), Some(b'0'..=b'9')) {
                at += 1;
            }
            at
        };
        let bad = |r: &Self, message: &str| {
            RepairError::new(Refusal::InvalidNumber, start, r.pointer(true), message)
        };
        match b(at) {
            Some(b'0') => at += 1,
            Some(b'1'..=b'9') => at = digits(at),
            Some(b'I' | b'N') => {
                return Err(RepairError::new(
                    Refusal::NotANumber,
                    start,
                    self.pointer(true),
                    "`-Infinity` is not a JSON number, and no number means it",
                ));
            }
            _ => return Err(bad(self, "not a JSON number: a digit must follow `-`")),
        }
        if b(at) == Some(b'.') {
            let after = digits(at + 1);
            if after == at + 1 {
                return Err(bad(self, "not a JSON number: a digit must follow `.`"));
            }
            at = after;
        }
        if matches!(b(at), Some(b'e' | b'E')) {
            at += 1;
            if matches!(b(at), Some(b'+' | b'-')) {
                at += 1;
            }
            let after = digits(at);
            if after == at {
                return Err(bad(
                    self,
                    "not a JSON number: a digit must follow the exponent",
                ));
            }
            at = after;
        }
        match b(at) {
            None => {
                if self.end_is_text_end && at >= self.text.len() {
                    self.last = Last::NumberAtEnd;
                } else {
                    self.last = Last::Closed;
                }
            }
            Some(b' ' | b'\t' | b'\n' | b'\r' | b',' | b'}' | b']' | b'/') => {
                self.last = Last::Closed;
            }
            Some(_) => {
                self.pos = at;
                return Err(self.err(
                    Refusal::InvalidNumber,
                    "a number runs into other text (units, separators or a locale's digits are not read)",
                ));
            }
        }
        let literal = self.text.get(start..at).unwrap_or_default();
        let value = serde_json::from_str::<Value>(literal)
            .map_err(|e| bad(self, &format!("not a number serde_json reads: {e}")))?;
        self.pos = at;
        Ok(value)
    }

    fn esc_err(&self, at: usize, message: impl Into<String>) -> RepairError {
        RepairError::new(Refusal::InvalidEscape, at, self.pointer(true), message)
    }

    /// A string opened by `open` at `pos`: its text, whether it held raw
    /// control characters (kept as they are), and whether it held `\'`
    /// outside a single-quoted string.
    fn string(&mut self, open: char) -> Result<(String, bool, bool), RepairError> {
        let close = match open {
            '“' => '”',
            '‘' => '’',
            c => c,
        };
        let start = self.pos;
        let body_start = self.pos + open.len_utf8();
        let text: &'t str = self.text;
        let body = text.get(body_start..self.end).unwrap_or_default();
        let mut out = String::new();
        let mut raw = false;
        let mut apostrophe = false;
        let mut chars = body.char_indices();
        let mut run = 0; // start of the current run of plain characters
        while let Some((i, c)) = chars.next() {
            if c == close {
                out.push_str(body.get(run..i).unwrap_or_default());
                self.pos = body_start + i + c.len_utf8();
                return Ok((out, raw, apostrophe));
            }
            if c < ' ' {
                raw = true;
                continue;
            }
            if c != '\\' {
                continue;
            }
            out.push_str(body.get(run..i).unwrap_or_default());
            let at = body_start + i;
            let Some((_, e)) = chars.next() else {
                self.pos = self.end;
                return Err(self.truncated());
            };
            match e {
                '"' => out.push('"'),
                '\\' => out.push('\\'),
                '/' => out.push('/'),
                'b' => out.push('\u{8}'),
                'f' => out.push('\u{c}'),
                'n' => out.push('\n'),
                'r' => out.push('\r'),
                't' => out.push('\t'),
                '\'' => {
                    out.push('\'');
                    if open != '\'' {
                        apostrophe = true;
                    }
                }
                'u' => {
                    let Some(hi) = hex4(&mut chars) else {
                        return Err(self.esc_err(at, "a `\\u` escape needs four hex digits"));
                    };
                    let code = if (0xD800..0xDC00).contains(&hi) {
                        let next_two = (chars.next().map(|x| x.1), chars.next().map(|x| x.1));
                        let lo = match next_two {
                            (Some('\\'), Some('u')) => hex4(&mut chars),
                            _ => None,
                        };
                        match lo {
                            Some(lo) if (0xDC00..0xE000).contains(&lo) => {
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            }
                            _ => {
                                return Err(self.esc_err(
                                    at,
                                    "a lone UTF-16 surrogate in a `\\u` escape is no character",
                                ));
                            }
                        }
                    } else if (0xDC00..0xE000).contains(&hi) {
                        return Err(self.esc_err(
                            at,
                            "a lone UTF-16 surrogate in a `\\u` escape is no character",
                        ));
                    } else {
                        hi
                    };
                    match char::from_u32(code) {
                        Some(ch) => out.push(ch),
                        None => return Err(self.esc_err(at, "a `\\u` escape of no character")),
                    }
                }
                other => {
                    return Err(self.esc_err(at, format!(
                        "`\\{}` is not a JSON escape: whether the backslash is meant has more than one reading",
                        other.escape_debug()
                    )));
                }
            }
            run = chars.offset();
        }
        self.pos = start;
        Err(RepairError::new(
            Refusal::Truncated,
            start,
            self.pointer(true),
            "a string is never closed: the text was cut short, or a quote is missing",
        ))
    }
}

/// Four hex digits of a `\\u` escape.
fn hex4(chars: &mut std::str::CharIndices<'_>) -> Option<u32> {
    let mut n = 0u32;
    for _ in 0..4 {
        let (_, h) = chars.next()?;
        n = n * 16 + h.to_digit(16)?;
    }
    Some(n)
}
