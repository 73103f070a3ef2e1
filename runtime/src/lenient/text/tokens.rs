//! The reader's tokens: numbers and strings (quotes, escapes).

use super::*;

impl<'t> Reader<'t> {
    /// A JSON number, exactly as JSON writes it, read by serde_json.
    pub(super) fn number(&mut self) -> Result<Value, RepairError> {
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

    pub(super) fn esc_err(&self, at: usize, message: impl Into<String>) -> RepairError {
        RepairError::new(Refusal::InvalidEscape, at, self.pointer(true), message)
    }

    /// A string opened by `open` at `pos`: its text, whether it held raw
    /// control characters (kept as they are), and whether it held `\'`
    /// outside a single-quoted string.
    pub(super) fn string(&mut self, open: char) -> Result<(String, bool, bool), RepairError> {
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
pub(super) fn hex4(chars: &mut std::str::CharIndices<'_>) -> Option<u32> {
    let mut n = 0u32;
    for _ in 0..4 {
        let (_, h) = chars.next()?;
        n = n * 16 + h.to_digit(16)?;
    }
    Some(n)
}
