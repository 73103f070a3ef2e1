//! Collects every error of one derive, so the user sees all of them at once.
//!
//! As serde_derive's: the errors must be taken (`into_compile_errors`) before
//! the context is dropped, else the drop panics with "forgot to check for
//! errors". Every path of both derives takes them, the one that expands too,
//! so the guard can only fire on a bug in the derive itself (and `guard` in
//! `lib.rs` turns that panic into a compile error naming it).

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

pub struct Ctxt {
    /// `None` once taken.
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    pub fn new() -> Self {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    fn push(&self, error: syn::Error) {
        if let Some(errors) = self.errors.borrow_mut().as_mut() {
            errors.push(error);
        }
    }

    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.push(syn::Error::new_spanned(tokens.into_token_stream(), message));
    }

    pub fn syn_error(&self, error: syn::Error) {
        self.push(error);
    }

    pub fn has_errors(&self) -> bool {
        self.errors.borrow().as_ref().is_some_and(|e| !e.is_empty())
    }

    /// All errors as one token stream of `compile_error!`s, or `None`.
    #[must_use = "the errors must reach the user: emit them"]
    pub fn into_compile_errors(self) -> Option<proc_macro2::TokenStream> {
        let errors = self.errors.borrow_mut().take().unwrap_or_default();
        let mut iter = errors.into_iter();
        let mut first = iter.next()?;
        for e in iter {
            first.combine(e);
        }
        Some(first.to_compile_error())
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        if !std::thread::panicking() && self.errors.borrow().is_some() {
            panic!("forgot to check for errors");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dropping_unchecked_errors_is_a_bug_caught() {
        let unchecked = std::panic::catch_unwind(|| {
            let cx = Ctxt::new();
            cx.error_spanned_by(quote::quote!(x), "an error");
        });
        let message = unchecked
            .err()
            .and_then(|p| p.downcast_ref::<&str>().map(|s| s.to_string()));
        assert_eq!(message.as_deref(), Some("forgot to check for errors"));
        // Taken, with or without errors: no panic.
        let cx = Ctxt::new();
        assert!(cx.into_compile_errors().is_none());
        let cx = Ctxt::new();
        cx.error_spanned_by(quote::quote!(x), "an error");
        assert!(cx.has_errors());
        assert!(cx.into_compile_errors().is_some());
    }
}
