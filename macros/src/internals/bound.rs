//! Which type parameters a type mentions, by walking its syntax tree (as
//! serde_derive's `bound.rs` does), not by comparing token strings.

use syn::visit::{self, Visit};

/// The parameters among `params` that `ty` mentions outside `PhantomData`
/// (whose wire shape is `null` whatever its parameter), in `params` order.
pub fn params_in<'p>(ty: &syn::Type, params: &'p [syn::Ident]) -> Vec<&'p syn::Ident> {
    let mut finder = Finder {
        params,
        used: vec![false; params.len()],
    };
    finder.visit_type(ty);
    params
        .iter()
        .zip(finder.used)
        .filter_map(|(p, used)| used.then_some(p))
        .collect()
}

struct Finder<'p> {
    params: &'p [syn::Ident],
    used: Vec<bool>,
}

impl<'ast> Visit<'ast> for Finder<'_> {
    fn visit_type_path(&mut self, ty: &'ast syn::TypePath) {
        // `PhantomData<T>` (any path ending in it, e.g. `core::marker::
        // PhantomData<T>`) needs nothing of `T`; `PhantomDataBox<T>` does.
        if ty.qself.is_none()
            && ty
                .path
                .segments
                .last()
                .is_some_and(|s| s.ident == "PhantomData")
        {
            return;
        }
        visit::visit_type_path(self, ty);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        // `T`, or `T::Assoc` (which needs `T` too).
        if path.leading_colon.is_none()
            && let Some(first) = path.segments.first()
            && let Some(i) = self.params.iter().position(|p| *p == first.ident)
        {
            self.used[i] = true;
        }
        visit::visit_path(self, path);
    }

    // A macro in type position (`ty!()`) cannot be looked into; like serde,
    // it adds no bound.
    fn visit_macro(&mut self, _: &'ast syn::Macro) {}
}
