//! An enum's variants as the derive's compile-time checks read them
//! (`#[schema(example = ..)]`, `#[elicit(default = ..)]`, header types):
//! the same view of a listed [`Enum`] and of a packed one, whose text is
//! read in `const` without decoding it (`packed.rs` documents the grammar).
//!
//! Only the derive writes packed text; on a malformed one the view ends
//! early (no more variants), which makes a check refuse a literal rather
//! than panic.

use super::{Body, Enum, Packed, Repr, VariantBody};

/// A position in a packed text.
#[derive(Clone, Copy)]
struct Cursor {
    bytes: &'static [u8],
    at: usize,
    /// Every item so far was well formed.
    ok: bool,
}

impl Cursor {
    const fn peek(&self) -> Option<u8> {
        if self.at < self.bytes.len() {
            Some(self.bytes[self.at])
        } else {
            None
        }
    }

    /// A number ending in `;`, or (on `~` or a length prefix ending in
    /// `:`) the length before the colon: `0` and `ok = false` on anything
    /// else.
    const fn digits(&mut self, end: u8) -> usize {
        let mut n: usize = 0;
        let mut any = false;
        while let Some(b) = self.peek() {
            self.at += 1;
            if b == end && any {
                return n;
            }
            if !b.is_ascii_digit() {
                break;
            }
            any = true;
            n = match n.checked_mul(10) {
                Some(m) => match m.checked_add((b - b'0') as usize) {
                    Some(v) => v,
                    None => break,
                },
                None => break,
            };
        }
        self.ok = false;
        self.at = self.bytes.len();
        0
    }

    const fn num(&mut self) -> usize {
        self.digits(b';')
    }

    /// A string or `~` (absent).
    const fn opt(&mut self) -> Option<&'static str> {
        if let Some(b'~') = self.peek() {
            self.at += 1;
            return None;
        }
        let len = self.digits(b':');
        if !self.ok || len > self.bytes.len() - self.at {
            self.ok = false;
            self.at = self.bytes.len();
            return None;
        }
        let (_, rest) = self.bytes.split_at(self.at);
        let (s, _) = rest.split_at(len);
        self.at += len;
        match core::str::from_utf8(s) {
            Ok(s) => Some(s),
            Err(_) => {
                self.ok = false;
                None
            }
        }
    }

    /// `n item{n}` of strings.
    const fn skip_names(&mut self) {
        let n = self.num();
        let mut i = 0;
        while i < n && self.ok {
            self.opt();
            i += 1;
        }
    }

    /// `deny n field{n}` (a struct variant's fields).
    const fn skip_fields(&mut self) {
        self.num();
        let n = self.num();
        let mut i = 0;
        while i < n && self.ok {
            // flags, shape, ser_shape, default, constraints
            let mut k = 0;
            while k < 5 {
                self.num();
                k += 1;
            }
            // rust_name, ser_name, de_name
            self.opt();
            self.opt();
            self.opt();
            self.skip_names();
            // title, description
            self.opt();
            self.opt();
            i += 1;
        }
    }
}

/// A variant's kind of content.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Content {
    Unit,
    Newtype,
    Other,
}

/// The names serde reads or writes for a variant.
#[derive(Clone, Copy)]
enum Aliases {
    Listed(&'static [&'static str]),
    Packed(Cursor),
}

/// One variant, as the checks read it.
#[derive(Clone, Copy)]
pub(crate) struct VariantView {
    pub(crate) ser_name: Option<&'static str>,
    pub(crate) de_name: Option<&'static str>,
    pub(crate) other: bool,
    pub(crate) untagged: bool,
    pub(crate) content: Content,
    aliases: Aliases,
}

impl VariantView {
    /// serde reads `s` as this variant's name (its name or an alias).
    pub(crate) const fn named(&self, s: &str) -> bool {
        if let Some(n) = self.de_name
            && str_eq(n, s)
        {
            return true;
        }
        if let Some(n) = self.ser_name
            && str_eq(n, s)
        {
            return true;
        }
        self.alias(s)
    }

    /// `s` is one of the variant's aliases.
    pub(crate) const fn alias(&self, s: &str) -> bool {
        match self.aliases {
            Aliases::Listed(names) => {
                let mut i = 0;
                while i < names.len() {
                    if str_eq(names[i], s) {
                        return true;
                    }
                    i += 1;
                }
                false
            }
            Aliases::Packed(mut at) => {
                let n = at.num();
                let mut i = 0;
                while i < n && at.ok {
                    if let Some(a) = at.opt()
                        && str_eq(a, s)
                    {
                        return true;
                    }
                    i += 1;
                }
                false
            }
        }
    }
}

#[derive(Clone, Copy)]
enum Source {
    Listed(&'static Enum, usize),
    Packed(Cursor, usize),
}

/// The variants of an enum, one by one.
#[derive(Clone, Copy)]
pub(crate) struct EnumView {
    pub(crate) repr: ReprKind,
    pub(crate) titled: bool,
    source: Source,
}

/// An enum's representation, without its names.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReprKind {
    External,
    Internal,
    Adjacent,
    Untagged,
}

impl EnumView {
    /// The view of a body that is an enum, listed or packed.
    pub(crate) const fn of(body: &'static Body) -> Option<EnumView> {
        match body {
            Body::Enum(e) => Some(EnumView::listed(e)),
            Body::Packed(p) => EnumView::packed(p),
            _ => None,
        }
    }

    pub(crate) const fn listed(e: &'static Enum) -> EnumView {
        EnumView {
            repr: match e.repr {
                Repr::External => ReprKind::External,
                Repr::Internal { .. } => ReprKind::Internal,
                Repr::Adjacent { .. } => ReprKind::Adjacent,
                Repr::Untagged => ReprKind::Untagged,
            },
            titled: e.titled,
            source: Source::Listed(e, 0),
        }
    }

    const fn packed(p: &'static Packed) -> Option<EnumView> {
        let mut at = Cursor {
            bytes: p.text.as_bytes(),
            at: 0,
            ok: true,
        };
        if at.num() != 1 {
            return None;
        }
        let repr = match at.num() {
            0 => ReprKind::External,
            1 => ReprKind::Internal,
            2 => ReprKind::Adjacent,
            _ => ReprKind::Untagged,
        };
        at.opt();
        at.opt();
        let titled = at.num() != 0;
        at.num();
        let n = at.num();
        if !at.ok {
            return None;
        }
        Some(EnumView {
            repr,
            titled,
            source: Source::Packed(at, n),
        })
    }

    /// The next variant, in declaration order.
    pub(crate) const fn next(&mut self) -> Option<VariantView> {
        match &mut self.source {
            Source::Listed(e, i) => {
                if *i >= e.variants.len() {
                    return None;
                }
                let v = &e.variants[*i];
                *i += 1;
                Some(VariantView {
                    ser_name: v.ser_name,
                    de_name: v.de_name,
                    other: v.other,
                    untagged: v.untagged,
                    content: match v.body {
                        VariantBody::Unit => Content::Unit,
                        VariantBody::Newtype(_) => Content::Newtype,
                        _ => Content::Other,
                    },
                    aliases: Aliases::Listed(v.aliases),
                })
            }
            Source::Packed(at, left) => {
                if *left == 0 || !at.ok {
                    return None;
                }
                *left -= 1;
                let flags = at.num();
                let kind = at.num();
                at.opt();
                let ser_name = at.opt();
                let de_name = at.opt();
                let aliases = Aliases::Packed(*at);
                at.skip_names();
                at.opt();
                at.opt();
                let content = match kind {
                    0 => Content::Unit,
                    1 => {
                        at.num();
                        Content::Newtype
                    }
                    2 => {
                        let n = at.num();
                        let mut i = 0;
                        while i < n && at.ok {
                            at.num();
                            i += 1;
                        }
                        Content::Other
                    }
                    _ => {
                        at.skip_fields();
                        Content::Other
                    }
                };
                if !at.ok {
                    return None;
                }
                Some(VariantView {
                    ser_name,
                    de_name,
                    other: flags & 1 != 0,
                    untagged: flags & 2 != 0,
                    content,
                    aliases,
                })
            }
        }
    }
}

/// `a == b` in a `const` context (the derive's compile-time checks).
pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;
    use crate::shape::packed::Decoded;

    fn null() -> &'static Shape {
        &Shape::Null
    }

    fn packed(text: &'static str) -> &'static Body {
        Box::leak(Box::new(Body::Packed(Box::leak(Box::new(Packed {
            text,
            shapes: &[null],
            defaults: &[],
            constraints: &[],
            cache: Box::leak(Box::new(Decoded::EMPTY)),
        })))))
    }

    fn names(body: &'static Body) -> Vec<(Option<&'static str>, bool, bool)> {
        let mut out = Vec::new();
        let Some(mut view) = EnumView::of(body) else {
            return out;
        };
        while let Some(v) = view.next() {
            out.push((v.de_name, v.content == Content::Unit, v.alias("al")));
        }
        out
    }

    /// Every variant kind, a struct variant with fields that have aliases
    /// of their own, and names with `;`, `:` and `~` in them: the const
    /// view reads what the decoder reads.
    #[test]
    fn the_view_reads_every_variant_kind_like_the_decoder() {
        let text = "1;0;~~0;0;5;\
            0;0;1:A~3:a;b1;2:al~~\
            2;1;1:B~1:b0;~~0;\
            0;2;1:C~1:c0;~~2;0;0;\
            0;3;1:D~3:d~:0;~~0;2;0;0;0;0;0;1:x~1:x1;2:al~~0;0;0;0;0;1:y~1:y0;~~\
            1;0;1:E1:e~0;~~";
        let body = packed(text);
        assert_eq!(
            names(body),
            [
                (Some("a;b"), true, true),
                (Some("b"), false, false),
                (Some("c"), false, false),
                (Some("d~:"), false, false),
                (None, true, false),
            ]
        );
        let Body::Packed(p) = body else { panic!() };
        let Body::Enum(e) = p.body() else {
            panic!("the decoder refused the text")
        };
        let decoded: Vec<_> = e.variants.iter().map(|v| v.de_name).collect();
        assert_eq!(
            decoded,
            [Some("a;b"), Some("b"), Some("c"), Some("d~:"), None]
        );
        let mut view = EnumView::of(body).unwrap();
        let a = view.next().unwrap();
        assert!(a.named("a;b") && a.named("al") && !a.named("a"));
        view.next();
        view.next();
        view.next();
        let e = view.next().unwrap();
        assert!(e.other && e.ser_name == Some("e") && e.named("e"));
    }

    #[test]
    fn a_struct_is_no_enum_and_malformed_text_ends_the_view() {
        assert!(EnumView::of(packed("0;0;0;")).is_none());
        for text in [
            "",
            "1;",
            "1;0;~~0;0;2;0;0;1:A~1:a0;~~",
            "1;0;~~0;0;1;0;0;9:A",
            "1;0;~~0;0;1;x",
        ] {
            let got = names(packed(text));
            assert!(got.len() <= 1, "{text:?}: {got:?}");
        }
    }
}
