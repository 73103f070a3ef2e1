//! The packed encoding of a struct's fields (bench/compile_time/EXPANSION.md):
//! one string literal with every name, flag and annotation, plus only the
//! parts that depend on types (one `shape_of::<T>` per distinct wire type,
//! one default per field that has one, the declared constraints), instead of
//! one `Field` literal of fifteen members per field. The runtime decodes it
//! once per type (`toolform::shape::Packed`).
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
        let _ = write!(self.0, "{n};");
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

/// Expressions written once each, in order of first use, by their tokens.
#[derive(Default)]
pub(crate) struct Table {
    keys: Vec<String>,
    pub items: Vec<TokenStream>,
}

impl Table {
    /// The index of `item`, added when no equal item is in the table.
    pub fn index(&mut self, item: TokenStream) -> usize {
        let key = item.to_string();
        if let Some(i) = self.keys.iter().position(|k| *k == key) {
            return i;
        }
        self.keys.push(key);
        self.items.push(item);
        self.items.len() - 1
    }

    /// The index of `item`, always added (an item whose tokens do not say
    /// what it is: a closure, a block of assertions).
    pub fn push(&mut self, item: TokenStream) -> usize {
        self.keys.push(String::new());
        self.items.push(item);
        self.items.len() - 1
    }
}

/// Field flags, one bit each.
pub(crate) const FLATTEN: usize = 1;
pub(crate) const DESERIALIZE_WITH: usize = 2;
pub(crate) const HAS_DEFAULT: usize = 4;
pub(crate) const SKIP_SERIALIZING_IF: usize = 8;
pub(crate) const SKIP_IF_NONE: usize = 16;
