//! The packed encoding of a struct's fields (bench/compile_time/EXPANSION.md):
//! one string literal with every name, flag and annotation, plus only the
//! parts that depend on types (one `shape_of::<T>` per distinct wire type,
//! one default per field that has one, the declared constraints), instead of
//! one `Field` literal of fifteen members per field. The runtime decodes it
//! once per type (`toolform::__private::Packed`).
//!
//! The text is a sequence of items, each either a number (`12;`), a string
//! (`5:hello`, its length in bytes, a colon, the bytes) or an absent string
//! (`~`). The runtime's decoder reads the same grammar (`shape/packed.rs`).

use crate::internals::value::Number;
use proc_macro2::TokenStream;
use std::fmt::Write as _;

/// The text being written.
#[derive(Default)]
pub(crate) struct Text(pub String);

impl Text {
    pub fn num(&mut self, n: usize) {
        self.decimal(n as u64);
        self.0.push(';');
    }

    /// `n` in decimal, without the formatting machinery (it runs
    /// unoptimized in a dev build, like all of the derive, for every string
    /// and number of every field).
    fn decimal(&mut self, mut n: u64) {
        let mut digits = [0u8; 20];
        let mut start = digits.len();
        loop {
            start -= 1;
            digits[start] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &digit in &digits[start..] {
            self.0.push(char::from(digit));
        }
    }

    pub fn str(&mut self, s: &str) {
        self.decimal(s.len() as u64);
        self.0.push(':');
        self.0.push_str(s);
    }

    /// `~` or a number (forms' lengths and counts).
    pub fn opt_u64(&mut self, n: Option<u64>) {
        match n {
            Some(n) => {
                self.decimal(n);
                self.0.push(';');
            }
            None => self.0.push('~'),
        }
    }

    /// `~`, or `i`, `u` or `f` and the number (forms' bounds). A float is
    /// written in Rust's shortest form that parses back to the same value.
    pub fn bound(&mut self, n: Option<Number>) {
        let _ = match n {
            Some(Number::Int(v)) => {
                self.0.push('i');
                if v < 0 {
                    self.0.push('-');
                }
                self.decimal(v.unsigned_abs());
                self.0.push(';');
                Ok(())
            }
            Some(Number::UInt(v)) => {
                self.0.push('u');
                self.decimal(v);
                self.0.push(';');
                Ok(())
            }
            Some(Number::Float(v)) => write!(self.0, "f{v:?};"),
            None => {
                self.0.push('~');
                Ok(())
            }
        };
    }

    pub fn opt(&mut self, s: Option<&str>) {
        match s {
            Some(s) => self.str(s),
            None => self.0.push('~'),
        }
    }
}

/// Expressions written once each, in order of first use, by a key. `T`:
/// the items, tokens or something that writes them (`emit::ShapeFn`, written
/// straight into the stream that holds the table: no stream of its own).
pub(crate) struct Table<'k, T = TokenStream> {
    /// Each item's key, and the type it was made from (a type looked up
    /// again, as a field's type is for its second direction, is found by
    /// address, without comparing).
    keys: Vec<(Key, Option<&'k syn::Type>)>,
    pub items: Vec<T>,
}

impl<T> Default for Table<'_, T> {
    fn default() -> Self {
        Table {
            keys: Vec::new(),
            items: Vec::new(),
        }
    }
}

/// What a table entry is, compared without printing its tokens: printing a
/// `TokenStream` (`to_string`) is a round of calls into the compiler per
/// token, and the derive did it twice per field.
pub(crate) enum Key {
    /// An item whose tokens do not say what it is (a closure, a block of
    /// assertions): never equal to another.
    Unique,
    /// Something made of one type (`shape_of::<T>`, `<T as FormValue>::TYPE`,
    /// `DefaultOf::<T>::FN`: one kind per table), compared by
    /// [`type_text`] (spans ignored, as the printed text ignored them).
    Type(String),
    /// Something made of no type: the skipped direction's `shape_of::<()>`,
    /// a chrono `ts_*` marker, the `null` default.
    Fixed(u8),
}

/// A text that is equal for two types exactly when their tokens are (spans
/// ignored). A path of identifiers with type arguments (most field types:
/// `u64`, `Option<Vec<String>>`, `chrono::DateTime<chrono::Utc>`) is written
/// from its identifiers, one string each; anything else is the printed token
/// stream behind a `#`, which no written path starts with. Comparing syn
/// trees instead runs syn's generated `PartialEq` (unoptimized, as all of
/// the derive in a dev build), which prints both identifiers at each step.
pub(crate) fn type_text(ty: &syn::Type) -> String {
    let mut out = String::new();
    if !write_path_type(ty, &mut out) {
        out.clear();
        out.push('#');
        out.push_str(&quote::ToTokens::to_token_stream(ty).to_string());
    }
    out
}

/// `ty` as a path of identifiers with type arguments, or `false`.
fn write_path_type(ty: &syn::Type, out: &mut String) -> bool {
    let syn::Type::Path(syn::TypePath {
        qself: None, path, ..
    }) = ty
    else {
        return false;
    };
    if path.leading_colon.is_some() {
        out.push_str("::");
    }
    for (i, segment) in path.segments.iter().enumerate() {
        if i > 0 {
            out.push_str("::");
        }
        out.push_str(&segment.ident.to_string());
        match &segment.arguments {
            syn::PathArguments::None => {}
            syn::PathArguments::AngleBracketed(args) => {
                out.push('<');
                for arg in &args.args {
                    let syn::GenericArgument::Type(ty) = arg else {
                        return false;
                    };
                    if !write_path_type(ty, out) {
                        return false;
                    }
                    out.push(',');
                }
                out.push('>');
            }
            syn::PathArguments::Parenthesized(_) => return false,
        }
    }
    true
}

impl<'k, T> Table<'k, T> {
    /// The index of the item `key` stands for, made by `make` and added
    /// when the table has no item of that key.
    pub fn index_by(&mut self, key: KeyRef<'k>, make: impl FnOnce() -> T) -> usize {
        let (key, at) = match key {
            KeyRef::Type(ty) => {
                let same =
                    |(_, a): &(Key, Option<&syn::Type>)| a.is_some_and(|a| std::ptr::eq(a, ty));
                if let Some(i) = self.keys.iter().position(same) {
                    return i;
                }
                (Key::Type(type_text(ty)), Some(ty))
            }
            KeyRef::Fixed(n) => (Key::Fixed(n), None),
        };
        let found = self.keys.iter().position(|(k, _)| match (k, &key) {
            (Key::Type(a), Key::Type(b)) => a == b,
            (Key::Fixed(a), Key::Fixed(b)) => a == b,
            _ => false,
        });
        if let Some(i) = found {
            return i;
        }
        self.keys.push((key, at));
        self.items.push(make());
        self.items.len() - 1
    }

    /// The index of `item`, always added (an item whose tokens do not say
    /// what it is: a closure, a block of assertions).
    pub fn push(&mut self, item: T) -> usize {
        self.keys.push((Key::Unique, None));
        self.items.push(item);
        self.items.len() - 1
    }
}

/// A key being looked up.
pub(crate) enum KeyRef<'a> {
    Type(&'a syn::Type),
    Fixed(u8),
}

/// Field flags, one bit each.
pub(crate) const FLATTEN: usize = 1;
pub(crate) const DESERIALIZE_WITH: usize = 2;
pub(crate) const HAS_DEFAULT: usize = 4;
pub(crate) const SKIP_SERIALIZING_IF: usize = 8;
pub(crate) const SKIP_IF_NONE: usize = 16;
/// The default is the one of the field's shape (`DefaultValue::OfShape`).
pub(crate) const DEFAULT_OF_SHAPE: usize = 32;

#[cfg(test)]
mod tests {
    use super::{KeyRef, Table, Text, type_text};
    use crate::internals::value::Number;

    /// The numbers and strings written without the formatting machinery
    /// read as `write!` writes them.
    #[test]
    fn text_items_as_formatted() {
        let unsigned = [
            0,
            1,
            9,
            10,
            11,
            99,
            100,
            101,
            65_535,
            1 << 32,
            u64::MAX - 1,
            u64::MAX,
        ];
        for n in unsigned {
            let mut t = Text::default();
            t.opt_u64(Some(n));
            t.bound(Some(Number::UInt(n)));
            if let Ok(n) = usize::try_from(n) {
                t.num(n);
            }
            let mut expected = format!("{n};u{n};");
            if usize::try_from(n).is_ok() {
                expected.push_str(&format!("{n};"));
            }
            assert_eq!(t.0, expected);
        }
        for v in [0, 1, -1, 9, -9, 10, -10, i64::MAX, i64::MIN, i64::MIN + 1] {
            let mut t = Text::default();
            t.bound(Some(Number::Int(v)));
            assert_eq!(t.0, format!("i{v};"));
        }
        for s in ["", "a", "ten chars!", "é日本🦀", &"x".repeat(1000)] {
            let mut t = Text::default();
            t.str(s);
            assert_eq!(t.0, format!("{}:{s}", s.len()));
        }
    }

    fn text(ty: &str) -> String {
        type_text(&syn::parse_str(ty).expect("a type"))
    }

    #[test]
    fn type_text_is_equal_exactly_for_equal_tokens() {
        // Equal tokens, whatever the spacing.
        assert_eq!(text("Option<Vec<String>>"), text("Option < Vec<String> >"));
        assert_eq!(
            text("::std::string::String"),
            text(":: std :: string :: String")
        );
        // Different tokens: never one entry.
        let distinct = [
            "u64",
            "u32",
            "String",
            "std::string::String",
            "::std::string::String",
            "Vec<String>",
            "Vec<u64>",
            "Vec<Vec<String>>",
            "HashMap<String,u64>",
            "HashMap<u64,String>",
            "a::B<C>",
            "a::B::C",
            "a::B<C>::D",
            "r#type",
            "&'a str",
            "&'b str",
            "Cow<'a,str>",
            "Cow<'b,str>",
            "[u8;4]",
            "[u8;5]",
            "(u8,u16)",
            "fn(u8)->u16",
            "<T as Tr>::A",
            "Vec<[u8;4]>",
            "Vec<[u8;5]>",
        ];
        for (i, a) in distinct.iter().enumerate() {
            for b in &distinct[i + 1..] {
                assert_ne!(text(a), text(b), "{a} and {b}");
            }
        }
    }

    #[test]
    fn a_table_finds_a_type_by_address_and_by_tokens() {
        let a: syn::Type = syn::parse_str("Vec<String>").expect("a type");
        let b: syn::Type = syn::parse_str("Vec < String >").expect("a type");
        let c: syn::Type = syn::parse_str("Vec<u8>").expect("a type");
        let mut table: Table<u8> = Table::default();
        assert_eq!(table.index_by(KeyRef::Type(&a), || 0), 0);
        assert_eq!(table.index_by(KeyRef::Type(&a), || 1), 0);
        assert_eq!(table.index_by(KeyRef::Type(&b), || 2), 0);
        assert_eq!(table.index_by(KeyRef::Type(&c), || 3), 1);
        assert_eq!(table.index_by(KeyRef::Fixed(0), || 4), 2);
        assert_eq!(table.index_by(KeyRef::Fixed(0), || 5), 2);
        assert_eq!(table.push(6), 3);
        assert_eq!(table.items, [0, 3, 4, 6]);
    }
}
