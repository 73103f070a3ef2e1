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
        // Most numbers are one digit: no formatting machinery for them (it
        // runs unoptimized in a dev build, like all of the derive).
        if n < 10 {
            self.0.push(char::from(b'0' + n as u8));
        } else {
            let _ = write!(self.0, "{n}");
        }
        self.0.push(';');
    }

    pub fn str(&mut self, s: &str) {
        let _ = write!(self.0, "{}:{s}", s.len());
    }

    /// `~` or a number (forms' lengths and counts).
    pub fn opt_u64(&mut self, n: Option<u64>) {
        match n {
            Some(n) => {
                let _ = write!(self.0, "{n};");
            }
            None => self.0.push('~'),
        }
    }

    /// `~`, or `i`, `u` or `f` and the number (forms' bounds). A float is
    /// written in Rust's shortest form that parses back to the same value.
    pub fn bound(&mut self, n: Option<Number>) {
        let _ = match n {
            Some(Number::Int(v)) => write!(self.0, "i{v};"),
            Some(Number::UInt(v)) => write!(self.0, "u{v};"),
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
pub(crate) struct Table<T = TokenStream> {
    keys: Vec<Key>,
    pub items: Vec<T>,
}

impl<T> Default for Table<T> {
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
    /// Something made of one type (`shape_of::<T>`, `&<T as FormValue>::TYPE`,
    /// `DefaultOf::<T>::FN`: one kind per table), compared as syntax trees
    /// (spans ignored, as the printed text ignored them).
    Type(syn::Type),
    /// Something made of no type: the skipped direction's `shape_of::<()>`,
    /// a chrono `ts_*` marker, the `null` default.
    Fixed(u8),
}

impl<T> Table<T> {
    /// The index of the item `key` stands for, made by `make` and added
    /// when the table has no item of that key.
    pub fn index_by(&mut self, key: KeyRef<'_>, make: impl FnOnce() -> T) -> usize {
        let found = self.keys.iter().position(|k| match (k, &key) {
            (Key::Type(a), KeyRef::Type(b)) => a == *b,
            (Key::Fixed(a), KeyRef::Fixed(b)) => a == b,
            _ => false,
        });
        if let Some(i) = found {
            return i;
        }
        self.keys.push(match key {
            KeyRef::Type(ty) => Key::Type(ty.clone()),
            KeyRef::Fixed(n) => Key::Fixed(n),
        });
        self.items.push(make());
        self.items.len() - 1
    }

    /// The index of `item`, always added (an item whose tokens do not say
    /// what it is: a closure, a block of assertions).
    pub fn push(&mut self, item: T) -> usize {
        self.keys.push(Key::Unique);
        self.items.push(item);
        self.items.len() - 1
    }
}

/// A key being looked up (the table clones the type only when it adds it).
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
