//! [`Msg`]: the text of a compile-time refusal.

/// A message built during const evaluation, where `format!` is not
/// available. A piece that no longer fits is left out, and the message
/// ends in "...".
pub(super) struct Msg {
    buf: [u8; 640],
    len: usize,
    cut: bool,
}

impl Msg {
    /// Room kept for the "..." of a cut message.
    const RESERVE: usize = 3;

    pub(super) const fn new() -> Msg {
        Msg {
            buf: [0; 640],
            len: 0,
            cut: false,
        }
    }

    pub(super) const fn push(&mut self, s: &str) {
        let bytes = s.as_bytes();
        if self.cut || self.len + bytes.len() + Msg::RESERVE > self.buf.len() {
            self.cut = true;
            return;
        }
        let mut i = 0;
        while i < bytes.len() {
            self.buf[self.len + i] = bytes[i];
            i += 1;
        }
        self.len += bytes.len();
    }

    pub(super) const fn push_u64(&mut self, mut n: u64) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        let (_, digits) = digits.split_at(at);
        match core::str::from_utf8(digits) {
            Ok(s) => self.push(s),
            Err(_) => self.cut = true,
        }
    }

    pub(super) const fn push_i64(&mut self, n: i64) {
        if n < 0 {
            self.push("-");
        }
        self.push_u64(n.unsigned_abs());
    }

    pub(super) const fn as_str(&mut self) -> &str {
        if self.cut {
            let mut i = 0;
            while i < Msg::RESERVE {
                self.buf[self.len + i] = b'.';
                i += 1;
            }
            self.len += Msg::RESERVE;
            self.cut = false;
        }
        let (text, _) = self.buf.split_at(self.len);
        match core::str::from_utf8(text) {
            Ok(s) => s,
            Err(_) => "this `example` does not fit the field's type",
        }
    }
}
