//! The derive's compact encoding of a body, and its decoder.
//!
//! A [`Field`] literal has fifteen members, and rustc type-checks,
//! borrow-checks, promotion-checks and const-evaluates each of them: written
//! per field, that was most of what the derive cost a build
//! (bench/compile_time/EXPANSION.md). The derive writes instead one string
//! literal holding every name, flag and annotation of a struct or enum, plus
//! only what depends on types: one `shape_of::<T>` per distinct wire type,
//! the defaults and the declared constraints. This module decodes it into
//! the ordinary [`Body`] once per type, on first use.
//!
//! # The text
//!
//! A sequence of items: a number (`12;`), a string (`5:hello`: its length
//! in bytes, a colon, the bytes) or an absent string (`~`).
//!
//! ```text
//! body    = "0;" struct | "1;" enum
//! struct  = deny n field{n}
//! field   = flags shape ser_shape default constraints
//!           rust_name ser_name? de_name? n alias{n} title? description?
//! enum    = repr tag? content? titled deny n variant{n}
//! variant = flags kind rust_name ser_name? de_name? n alias{n}
//!           title? description? content
//! content = (kind 0) | shape (kind 1) | n shape{n} (kind 2) | struct (kind 3)
//! ```
//!
//! `shape` indexes [`Packed::shapes`]; `default` and `constraints` are 0 for
//! none, else 1 + an index into [`Packed::defaults`] /
//! [`Packed::constraints`]. Field flags: 1 flatten, 2 `deserialize_with`,
//! 4 has a default, 8 `skip_serializing_if`, 16 skipped exactly when `None`,
//! 32 the default is `Default::default()` of a type the derive read as a
//! primitive, shown as the default of its shape (with `default` 0).
//! Variant flags: 1 `other`, 2 `untagged`. `repr`: 0 external, 1 internal,
//! 2 adjacent, 3 untagged. `deny`, `titled`: 0 or 1.
//!
//! Only the derive writes this text; a malformed one (which the derive
//! never writes) decodes to an empty struct rather than a panic.

use super::{Body, Constraints, Enum, Field, Repr, Shape, Struct, Variant, VariantBody};
use serde_json::Value;
use std::sync::OnceLock;

/// A body in the derive's compact encoding (see the module documentation
/// of `shape::packed` in the source): a derive internal, named by generated
/// code as `toolform::__private::Packed`.
#[derive(Debug)]
pub struct Packed {
    /// Names, flags and annotations.
    pub text: &'static str,
    /// The distinct wire shapes the text refers to.
    pub shapes: &'static [fn() -> &'static Shape],
    /// The serialized defaults the text refers to (each gives `None` when
    /// its value cannot be shown).
    pub defaults: &'static [&'static dyn super::DefaultJson],
    /// The declared constraints the text refers to.
    pub constraints: &'static [&'static Constraints],
    /// Where the decoded body and the type's two rendered schemas are kept:
    /// a `static` of the type's own, reached from the type's `SHAPE` alone
    /// (no item of its own pointing at it: bench/compile_time/EXPANSION.md).
    pub cache: &'static Decoded,
}

/// The decoded body of a [`Packed`], filled on first use, and the type's
/// input and output schemas, rendered on first use.
#[derive(Debug)]
pub struct Decoded {
    body: OnceLock<Body>,
    input: OnceLock<Value>,
    output: OnceLock<Value>,
}

// SAFETY: an `OnceLock<Body>` and two `OnceLock<Value>`s, which are `Sync`
// (checked once in `__private`); stated by hand so that the derive's
// `static`s are checked against this impl, not by walking the shape graph
// for the auto trait in every user crate (see `Schemas`).
unsafe impl Sync for Decoded {}

impl Decoded {
    /// Not decoded yet, nothing rendered. A `const` for the derive's `static`.
    #[allow(clippy::declare_interior_mutable_const)]
    pub const EMPTY: Decoded = Decoded {
        body: OnceLock::new(),
        input: OnceLock::new(),
        output: OnceLock::new(),
    };

    /// The cell of the schema of `contract`.
    #[cfg_attr(not(debug_assertions), inline)]
    pub(crate) fn schema_cell(&self, contract: crate::Contract) -> &OnceLock<Value> {
        match contract {
            crate::Contract::Input => &self.input,
            crate::Contract::Output => &self.output,
        }
    }
}

/// The cache of a type whose shape is a named packed body (every derived
/// struct with named fields and enum with data, without type parameters),
/// also under a `from`/`into` conversion: that body is the type's own.
/// Inlined in optimized builds, where `shape` is a constant and the match
/// folds away (see `__private::cached_in`).
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn own_cache(shape: &'static Shape) -> Option<&'static Decoded> {
    let Shape::Named(named) = shape else {
        return None;
    };
    match &named.body {
        Body::Packed(packed) => Some(packed.cache),
        Body::Convert(convert) => match &convert.body {
            Body::Packed(packed) => Some(packed.cache),
            _ => None,
        },
        _ => None,
    }
}

static MALFORMED: Struct = Struct {
    fields: &[],
    deny_unknown_fields: false,
};

impl Packed {
    /// The decoded body: never [`Body::Packed`].
    pub fn body(&'static self) -> &'static Body {
        self.cache.body.get_or_init(|| {
            let mut reader = Reader {
                items: Items::new(self.text),
                packed: self,
            };
            reader
                .body()
                .filter(|_| reader.is_done())
                .unwrap_or(Body::Struct(&MALFORMED))
        })
    }
}

struct Reader {
    items: Items,
    packed: &'static Packed,
}

impl std::ops::Deref for Reader {
    type Target = Items;
    fn deref(&self) -> &Items {
        &self.items
    }
}

impl std::ops::DerefMut for Reader {
    fn deref_mut(&mut self) -> &mut Items {
        &mut self.items
    }
}

/// Leaked once per type: the decoded body lives as long as the `static`
/// it is cached in.
pub(crate) fn leak<T>(items: Vec<T>) -> &'static [T] {
    if items.is_empty() {
        return &[];
    }
    Box::leak(items.into_boxed_slice())
}

/// The items of a packed text (this module's grammar), read one by one;
/// `None` on anything malformed. Forms use it too (`elicit::packed`).
///
/// Read by position over the bytes, numbers of one digit first: a first
/// access decodes every field of the type (BENCHMARKS.md, "cold first
/// access"). The position is always at a character boundary: items end at
/// an ASCII delimiter, and a string is taken only where `str::get` allows.
pub(crate) struct Items {
    text: &'static str,
    pos: usize,
}

impl Items {
    pub(crate) fn new(text: &'static str) -> Items {
        Items { text, pos: 0 }
    }

    /// What is left to read.
    pub(crate) fn rest(&self) -> &'static str {
        self.text.get(self.pos..).unwrap_or("")
    }

    /// Continues at `rest`, a suffix of [`Items::rest`].
    pub(crate) fn set_rest(&mut self, rest: &'static str) {
        self.pos = self.text.len().saturating_sub(rest.len());
    }

    /// Whether every item has been read.
    pub(crate) fn is_done(&self) -> bool {
        self.pos >= self.text.len()
    }

    /// Digits up to `end`, as a number; the position after `end`.
    fn digits(&mut self, end: u8) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let first = usize::from(bytes.get(self.pos)?.wrapping_sub(b'0'));
        if first > 9 {
            return None;
        }
        // The common case: one digit.
        if bytes.get(self.pos + 1) == Some(&end) {
            self.pos += 2;
            return Some(first);
        }
        let mut n = first;
        let mut i = self.pos + 1;
        loop {
            let d = usize::from(bytes.get(i)?.wrapping_sub(b'0'));
            if d > 9 {
                break;
            }
            n = n.checked_mul(10)?.checked_add(d)?;
            i += 1;
        }
        if bytes.get(i) != Some(&end) {
            return None;
        }
        self.pos = i + 1;
        Some(n)
    }

    pub(crate) fn num(&mut self) -> Option<usize> {
        self.digits(b';')
    }

    pub(crate) fn flag(&mut self) -> Option<bool> {
        Some(self.num()? != 0)
    }

    pub(crate) fn opt(&mut self) -> Option<Option<&'static str>> {
        if self.text.as_bytes().get(self.pos) == Some(&b'~') {
            self.pos += 1;
            return Some(None);
        }
        let len = self.digits(b':')?;
        let end = self.pos.checked_add(len)?;
        let s = self.text.get(self.pos..end)?;
        self.pos = end;
        Some(Some(s))
    }

    pub(crate) fn str(&mut self) -> Option<&'static str> {
        self.opt()?
    }

    /// A count, bounded by what the rest of the text could hold (every
    /// item takes at least one byte), so a malformed count allocates
    /// nothing large.
    pub(crate) fn count(&mut self) -> Option<usize> {
        let n = self.num()?;
        (n <= self.text.len().saturating_sub(self.pos)).then_some(n)
    }

    pub(crate) fn names(&mut self) -> Option<&'static [&'static str]> {
        let n = self.count()?;
        if n == 0 {
            return Some(&[]);
        }
        let mut names = Vec::with_capacity(n);
        for _ in 0..n {
            names.push(self.str()?);
        }
        Some(leak(names))
    }
}

impl Reader {
    fn shape(&mut self) -> Option<fn() -> &'static Shape> {
        let i = self.num()?;
        self.packed.shapes.get(i).copied()
    }

    fn body(&mut self) -> Option<Body> {
        match self.num()? {
            0 => Some(Body::Struct(Box::leak(Box::new(self.fields()?)))),
            1 => Some(Body::Enum(Box::leak(Box::new(self.enumeration()?)))),
            _ => None,
        }
    }

    fn fields(&mut self) -> Option<Struct> {
        let deny_unknown_fields = self.flag()?;
        let n = self.count()?;
        let mut fields = Vec::with_capacity(n);
        for _ in 0..n {
            fields.push(self.field()?);
        }
        Some(Struct {
            fields: leak(fields),
            deny_unknown_fields,
        })
    }

    fn field(&mut self) -> Option<Field> {
        let flags = self.num()?;
        let shape = self.shape()?;
        let ser_shape = self.shape()?;
        let default_value = match self.num()? {
            // The derive read the field's type as a primitive: its default
            // is the one of the shape the type has.
            0 if flags & 32 != 0 => default_of_shape(shape()),
            0 => None,
            i => Some(*self.packed.defaults.get(i - 1)?),
        };
        let constraints = match self.num()? {
            0 => None,
            i => Some(*self.packed.constraints.get(i - 1)?),
        };
        Some(Field {
            rust_name: self.str()?,
            ser_name: self.opt()?,
            de_name: self.opt()?,
            aliases: self.names()?,
            shape,
            ser_shape,
            flatten: flags & 1 != 0,
            deserialize_with: flags & 2 != 0,
            has_default: flags & 4 != 0,
            default_value,
            skip_serializing_if: flags & 8 != 0,
            skip_if_none: flags & 16 != 0,
            title: self.opt()?,
            description: self.opt()?,
            constraints,
        })
    }

    fn enumeration(&mut self) -> Option<Enum> {
        let repr = self.num()?;
        let (tag, content) = (self.opt()?, self.opt()?);
        let repr = match (repr, tag, content) {
            (0, _, _) => Repr::External,
            (1, Some(tag), _) => Repr::Internal { tag },
            (2, Some(tag), Some(content)) => Repr::Adjacent { tag, content },
            (3, _, _) => Repr::Untagged,
            _ => return None,
        };
        let titled = self.flag()?;
        let deny_unknown_fields = self.flag()?;
        let n = self.count()?;
        let mut variants = Vec::with_capacity(n);
        for _ in 0..n {
            variants.push(self.variant()?);
        }
        Some(Enum {
            repr,
            variants: leak(variants),
            titled,
            deny_unknown_fields,
        })
    }

    fn variant(&mut self) -> Option<Variant> {
        let flags = self.num()?;
        let kind = self.num()?;
        let rust_name = self.str()?;
        let ser_name = self.opt()?;
        let de_name = self.opt()?;
        let aliases = self.names()?;
        let title = self.opt()?;
        let description = self.opt()?;
        let body = match kind {
            0 => VariantBody::Unit,
            1 => VariantBody::Newtype(self.shape()?),
            2 => {
                let n = self.count()?;
                let mut items = Vec::with_capacity(n);
                for _ in 0..n {
                    items.push(self.shape()?);
                }
                VariantBody::Tuple(leak(items))
            }
            3 => VariantBody::Struct(Box::leak(Box::new(self.fields()?))),
            _ => return None,
        };
        Some(Variant {
            rust_name,
            ser_name,
            de_name,
            aliases,
            other: flags & 1 != 0,
            untagged: flags & 2 != 0,
            body,
            title,
            description,
        })
    }
}

/// The serialized `Default` of the primitive types, one function each (what
/// a field's default is: a `fn` pointer): the values serde_json writes for
/// `u8`..`u64`, `i8`..`i64`, `f32`, `f64`, `bool`, `String` and `Vec<_>`.
pub(crate) mod primitive_default {
    use serde_json::Value;

    /// `0`.
    pub(crate) fn zero() -> Option<Value> {
        Some(Value::from(0u8))
    }
    /// `0.0`.
    pub(crate) fn float_zero() -> Option<Value> {
        Some(Value::from(0.0f64))
    }
    /// `false`.
    pub(crate) fn no() -> Option<Value> {
        Some(Value::Bool(false))
    }
    /// `""`.
    pub(crate) fn empty_string() -> Option<Value> {
        Some(Value::String(String::new()))
    }
    /// `[]`.
    pub(crate) fn empty_list() -> Option<Value> {
        Some(Value::Array(Vec::new()))
    }
}

/// The serialized `T::default()` of a field the derive read as a primitive
/// type, from the shape its type has ([`primitive_default`]). Any other
/// shape (a type of the user's own that only has such a name) shows no
/// default: nothing is guessed.
fn default_of_shape(shape: &Shape) -> Option<&'static dyn super::DefaultJson> {
    use primitive_default::*;
    match shape {
        Shape::Integer(range) if !range.nonzero && range.min.is_some() && range.max.is_some() => {
            Some(&zero)
        }
        Shape::Number => Some(&float_zero),
        Shape::Bool => Some(&no),
        Shape::String(s)
            if s.min_length.is_none()
                && s.max_length.is_none()
                && s.format.is_none()
                && s.input_pattern.is_none() =>
        {
            Some(&empty_string)
        }
        Shape::Seq(_) => Some(&empty_list),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn null() -> &'static Shape {
        &Shape::Null
    }

    static EMPTY: Decoded = Decoded::EMPTY;

    /// `text` as a type's packed body, its shapes all `null`.
    fn packed(text: &'static str) -> &'static Packed {
        Box::leak(Box::new(Packed {
            text,
            shapes: &[null],
            defaults: &[],
            constraints: &[],
            cache: Box::leak(Box::new(Decoded::EMPTY)),
        }))
    }

    #[test]
    fn every_cut_and_byte_change_of_a_text_decodes_without_panic() {
        // A valid struct of two fields, one with a non-ASCII name, an
        // alias and a description; then every prefix, every byte replaced
        // by each delimiter, a digit and a multi-byte character.
        let valid = "0;0;2;0;0;0;0;0;6:h\u{e9}llo~~1;2:al~7:d\u{e9}crit4;0;0;0;0;1:b~~0;~~";
        let decode = |text: String| match packed(Box::leak(text.into_boxed_str())).body() {
            Body::Struct(s) => s.fields.len(),
            _ => usize::MAX,
        };
        assert_eq!(decode(valid.to_owned()), 2, "the valid text decodes");
        for cut in 0..valid.len() {
            if let Some(prefix) = valid.get(..cut) {
                assert!(decode(prefix.to_owned()) <= 2, "{prefix:?}");
            }
        }
        for (i, _) in valid.char_indices() {
            for with in [";", ":", "~", "9", "\u{e9}", "99999999999999999999"] {
                let mut text = valid.to_owned();
                let len = text[i..].chars().next().map_or(0, char::len_utf8);
                text.replace_range(i..i + len, with);
                assert!(decode(text.clone()) <= 2, "{text:?}");
            }
        }
    }

    #[test]
    fn malformed_text_decodes_to_an_empty_struct() {
        for text in [
            "",
            "0;",
            "0;0;9999999999999;",
            "7;",
            "0;0;1;0;5;",
            "0;0;1;0;0;0;0;0;99:x",
        ] {
            assert!(
                matches!(packed(text).body(), Body::Struct(s) if s.fields.is_empty()),
                "{text:?}"
            );
        }
        let _ = &EMPTY;
    }

    #[test]
    fn a_field_decodes_with_every_member() {
        static PACKED: Packed = Packed {
            text: "0;1;1;13;0;0;0;0;3:a\u{e9}~5:a\"b\n;1;1:x~~",
            shapes: &[null],
            defaults: &[],
            constraints: &[],
            cache: &EMPTY,
        };
        let Body::Struct(s) = PACKED.body() else {
            panic!("not a struct")
        };
        assert!(s.deny_unknown_fields);
        let f = &s.fields[0];
        assert_eq!(f.rust_name, "a\u{e9}");
        assert_eq!((f.ser_name, f.de_name), (None, Some("a\"b\n;")));
        assert_eq!(f.aliases, ["x"]);
        assert!(f.flatten && f.has_default && f.skip_serializing_if);
        assert!(!f.deserialize_with && !f.skip_if_none);
    }

    fn named(body: Body) -> &'static Shape {
        Box::leak(Box::new(Shape::Named(Box::leak(Box::new(
            super::super::Named {
                type_name: || "T",
                title: None,
                description: None,
                body,
            },
        )))))
    }

    #[test]
    fn a_types_own_cache_is_found_from_its_shape_alone() {
        let p = packed("0;0;0;");
        let own = own_cache(named(Body::Packed(p))).expect("a packed body's cache");
        assert!(std::ptr::eq(own, p.cache));
        // The two schemas are two cells of that cache, apart from each other
        // and from the decoded body.
        let (input, output) = (
            own.schema_cell(crate::Contract::Input),
            own.schema_cell(crate::Contract::Output),
        );
        assert!(!std::ptr::eq(input, output));
        // Under a `from`/`into` conversion the packed body is the type's own.
        let q = packed("0;0;0;");
        let convert = Box::leak(Box::new(super::super::Convert {
            input: Some(null),
            output: None,
            body: Body::Packed(q),
        }));
        let own = own_cache(named(Body::Convert(convert))).expect("the converted body's cache");
        assert!(std::ptr::eq(own, q.cache));
        // No packed body, no cache of the type's own.
        assert!(own_cache(named(Body::Struct(&MALFORMED))).is_none());
        assert!(own_cache(&Shape::Null).is_none());
    }
}
