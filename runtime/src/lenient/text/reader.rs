//! The reader's structure: blanks and comments, values, keys, separators,
//! and closing what is open (the repairs of the rules table that concern
//! structure).

use super::*;

impl<'t> Reader<'t> {
    pub(super) fn new(text: &'t str, pos: usize, end: usize, end_is_text_end: bool) -> Self {
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

    pub(super) fn peek(&self) -> Option<char> {
        if self.pos >= self.end {
            return None;
        }
        self.text.get(self.pos..self.end)?.chars().next()
    }

    pub(super) fn peek_byte(&self, at: usize) -> Option<u8> {
        if at >= self.end {
            return None;
        }
        self.text.as_bytes().get(at).copied()
    }

    /// The JSON Pointer of the container being read (`inner: false`) or of
    /// the value being read in it (`inner: true`).
    pub(super) fn pointer(&self, inner: bool) -> String {
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

    pub(super) fn err(&self, refusal: Refusal, message: impl Into<String>) -> RepairError {
        RepairError::new(refusal, self.pos, self.pointer(true), message)
    }

    pub(super) fn truncated(&self) -> RepairError {
        self.err(
            Refusal::Truncated,
            "the text ends inside the JSON: it was cut short, and what is missing cannot be known",
        )
    }

    /// Skips blanks and comments (each comment a repair).
    pub(super) fn skip_blank(&mut self, rec: &mut Recorder) -> Result<(), RepairError> {
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
    pub(super) fn comment(&self, body: &str) -> Result<(), RepairError> {
        if holds_member(body) {
            return Err(self.err(
                Refusal::Unexpected,
                "a comment holds what reads as a member: whether it is meant has two readings",
            ));
        }
        Ok(())
    }

    /// Reads one value (and everything nested in it).
    pub(super) fn value(&mut self, rec: &mut Recorder) -> Result<Value, RepairError> {
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

    pub(super) fn separator_expected(&self, what: &str) -> RepairError {
        if self.after_string {
            self.err(
                Refusal::UnescapedQuote,
                "a quote inside a string is not escaped: where the string ends has more than one reading",
            )
        } else {
            self.err(Refusal::Unexpected, format!("expected {what}"))
        }
    }

    pub(super) fn set_obj_state(&mut self, to: ObjState) {
        if let Some(Frame::Object { state, .. }) = self.stack.last_mut() {
            *state = to;
        }
    }

    /// An object's key, or its end.
    pub(super) fn key(
        &mut self,
        c: Option<char>,
        rec: &mut Recorder,
    ) -> Result<Option<Value>, RepairError> {
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
    pub(super) fn word(&mut self) -> &'t str {
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
    pub(super) fn start_value(
        &mut self,
        c: char,
        rec: &mut Recorder,
    ) -> Result<Option<Value>, RepairError> {
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
    pub(super) fn complete(
        &mut self,
        value: Value,
        rec: &mut Recorder,
    ) -> Result<Option<Value>, RepairError> {
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
    pub(super) fn close(&mut self, rec: &mut Recorder) -> Result<Option<Value>, RepairError> {
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
}
