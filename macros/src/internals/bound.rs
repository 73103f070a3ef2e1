//! Which type parameters a type mentions, by walking its syntax tree (as
//! serde_derive's `bound.rs` does), not by comparing token strings.

use syn::visit::{self, Visit};

/// The parameters among `params` that `ty` mentions outside `PhantomData`
/// (whose wire shape is `null` whatever its parameter), in `params` order.
pub fn params_in<'p>(ty: &syn::Type, params: &'p [syn::Ident]) -> Vec<&'p syn::Ident> {
    // Most types have no parameters: no walk (each step prints a name).
    if params.is_empty() {
        return Vec::new();
    }
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

/// The type's generics plus `T: ToolSchema` for every type parameter that a
/// field's wire type mentions (outside `PhantomData`), like serde's own
/// bounds.
pub fn with_bounds(cont: &super::model::Container) -> syn::Generics {
    let krate = &cont.krate;
    let mut generics = cont.serde.generics.clone();
    let params = &cont.type_params;
    if params.is_empty() {
        return generics;
    }
    let mut used = vec![false; params.len()];
    let attrs = &cont.serde.attrs;
    let mut wire_types: Vec<&syn::Type> = Vec::new();
    for (field, ours) in cont.serde.data.all_fields().zip(&cont.fields) {
        if field.attrs.skip_serializing() && field.attrs.skip_deserializing() {
            continue;
        }
        wire_types.push(ours.attrs.with.as_ref().unwrap_or(field.ty));
    }
    wire_types.extend(
        [attrs.type_from(), attrs.type_try_from(), attrs.type_into()]
            .into_iter()
            .flatten(),
    );
    for ty in wire_types {
        for param in params_in(ty, params) {
            if let Some(i) = params.iter().position(|p| p == param) {
                used[i] = true;
            }
        }
    }
    let where_clause = generics.make_where_clause();
    for (param, used) in params.iter().zip(used) {
        if used {
            where_clause
                .predicates
                .push(syn::parse_quote!(#param: #krate::ToolSchema));
        }
    }
    generics
}
