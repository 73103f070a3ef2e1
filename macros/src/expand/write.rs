//! Writing the derives' hot output with the compiler's own token types.
//!
//! A derive runs unoptimized in a dev build (as serde_derive does), and that
//! run is paid on every edit. `proc_macro2` and `quote` are part of the
//! derive, so every token they build goes through unoptimized code before it
//! reaches `proc_macro`; `proc_macro` itself ships with the standard library,
//! optimized. [`W`] builds the parts every type emits (the `impl`, the
//! `SHAPE`/`FORM` literal, the shape and default tables) straight into
//! `proc_macro` trees, one `TokenStream` per group, and splices in
//! `proc_macro2` streams for the rarer parts (generics, checks, listed
//! bodies). The tokens are the same, span for span, as `quote!` wrote them
//! (bench/compile_time/EXPANSION.md measures the difference).
//!
//! Outside a procedural macro (the crate's unit tests) `proc_macro` cannot be
//! used; the same calls then build `proc_macro2` tokens.

use proc_macro2::{Delimiter, Span};
use quote::ToTokens;

/// Tokens being written; see the module docs.
pub(crate) struct W {
    imp: Imp,
}

enum Imp {
    /// Inside a procedural macro.
    Compiler {
        /// Trees not yet in a stream.
        trees: Vec<proc_macro::TokenTree>,
        /// Streams written so far, in order (trees are flushed into one
        /// before a spliced stream).
        done: Vec<proc_macro::TokenStream>,
    },
    /// `proc_macro2`'s tokens: outside a procedural macro, and where the
    /// caller holds a `proc_macro2` stream ([`W::pm2`]).
    Pm2(proc_macro2::TokenStream),
}

impl W {
    pub fn new() -> W {
        let imp = if proc_macro::is_available() {
            Imp::Compiler {
                trees: Vec::new(),
                done: Vec::new(),
            }
        } else {
            Imp::Pm2(proc_macro2::TokenStream::new())
        };
        W { imp }
    }

    /// Writing at the end of `stream`, in `proc_macro2`'s tokens: for the
    /// parts written inside a `quote!` (see [`W::into_stream`]).
    pub fn pm2(stream: proc_macro2::TokenStream) -> W {
        W {
            imp: Imp::Pm2(stream),
        }
    }

    /// Runs `write` at the end of `t`, a `proc_macro2` stream.
    pub fn into_stream(t: &mut proc_macro2::TokenStream, write: impl FnOnce(&mut W)) {
        let mut w = W::pm2(std::mem::take(t));
        write(&mut w);
        *t = w.finish();
    }

    fn child(&self) -> W {
        let imp = match &self.imp {
            Imp::Compiler { .. } => Imp::Compiler {
                trees: Vec::new(),
                done: Vec::new(),
            },
            Imp::Pm2(_) => Imp::Pm2(proc_macro2::TokenStream::new()),
        };
        W { imp }
    }

    /// An identifier at the call site (`r#` for a raw one).
    pub fn ident(&mut self, name: &str) {
        self.ident_at(name, Span::call_site());
    }

    /// An identifier at `span` (`r#` for a raw one).
    pub fn ident_at(&mut self, name: &str, span: Span) {
        match &mut self.imp {
            Imp::Compiler { trees, .. } => {
                let span = span.unwrap();
                let ident = match name.strip_prefix("r#") {
                    Some(raw) => proc_macro::Ident::new_raw(raw, span),
                    None => proc_macro::Ident::new(name, span),
                };
                trees.push(proc_macro::TokenTree::Ident(ident));
            }
            Imp::Pm2(t) => {
                let ident = match name.strip_prefix("r#") {
                    Some(raw) => proc_macro2::Ident::new_raw(raw, span),
                    None => proc_macro2::Ident::new(name, span),
                };
                t.extend([proc_macro2::TokenTree::Ident(ident)]);
            }
        }
    }

    /// A `syn` identifier, at its own span.
    pub fn syn_ident(&mut self, ident: &proc_macro2::Ident) {
        self.ident_at(&ident.to_string(), ident.span());
    }

    fn punct_at(&mut self, c: char, joint: bool, span: Span) {
        match &mut self.imp {
            Imp::Compiler { trees, .. } => {
                let spacing = if joint {
                    proc_macro::Spacing::Joint
                } else {
                    proc_macro::Spacing::Alone
                };
                let mut p = proc_macro::Punct::new(c, spacing);
                p.set_span(span.unwrap());
                trees.push(proc_macro::TokenTree::Punct(p));
            }
            Imp::Pm2(t) => {
                let spacing = if joint {
                    proc_macro2::Spacing::Joint
                } else {
                    proc_macro2::Spacing::Alone
                };
                let mut p = proc_macro2::Punct::new(c, spacing);
                p.set_span(span);
                t.extend([proc_macro2::TokenTree::Punct(p)]);
            }
        }
    }

    /// A one-character punctuation at the call site.
    pub fn punct(&mut self, c: char) {
        self.punct_at(c, false, Span::call_site());
    }

    /// A one-character punctuation at `span`.
    pub fn punct_spanned(&mut self, c: char, span: Span) {
        self.punct_at(c, false, span);
    }

    /// `::` at `span`.
    pub fn colon2_at(&mut self, span: Span) {
        self.punct_at(':', true, span);
        self.punct_at(':', false, span);
    }

    /// `::` at the call site.
    pub fn colon2(&mut self) {
        self.colon2_at(Span::call_site());
    }

    /// `'name` at the call site, as `quote!` writes a lifetime.
    pub fn lifetime(&mut self, name: &str) {
        self.punct_at('\'', true, Span::call_site());
        self.ident(name);
    }

    /// `a::b::c`, at the call site.
    pub fn path(&mut self, segments: &[&str]) {
        for (i, s) in segments.iter().enumerate() {
            if i > 0 {
                self.colon2();
            }
            self.ident(s);
        }
    }

    /// `p::name` at the call site.
    pub fn p(&mut self, p: &proc_macro2::Ident, name: &str) {
        self.syn_ident(p);
        self.colon2();
        self.ident(name);
    }

    /// `p::Enum::Variant(&p::Type { members })`: a variant holding a
    /// reference to a struct literal.
    pub fn variant_of(
        &mut self,
        p: &proc_macro2::Ident,
        [enum_name, variant]: [&str; 2],
        ty: &str,
        members: impl FnOnce(&mut W),
    ) {
        self.p(p, enum_name);
        self.colon2();
        self.ident(variant);
        self.group(Delimiter::Parenthesis, |w| {
            w.punct('&');
            w.p(p, ty);
            w.group(Delimiter::Brace, members);
        });
    }

    /// `name: value,`, a member of a struct literal.
    pub fn member(&mut self, name: &str, value: impl FnOnce(&mut W)) {
        self.ident(name);
        self.punct(':');
        value(self);
        self.punct(',');
    }

    /// `::<arg>` at the call site.
    pub fn turbofish(&mut self, arg: impl FnOnce(&mut W)) {
        self.colon2();
        self.punct('<');
        arg(self);
        self.punct('>');
    }

    /// `&[item, ..]`: each item written by `item`.
    pub fn slice<T>(&mut self, items: &[T], item: impl Fn(&mut W, &T)) {
        self.punct('&');
        self.group(Delimiter::Bracket, |w| {
            for (i, t) in items.iter().enumerate() {
                if i > 0 {
                    w.punct(',');
                }
                item(w, t);
            }
        });
    }

    /// A string literal at the call site.
    pub fn str_lit(&mut self, s: &str) {
        match &mut self.imp {
            Imp::Compiler { trees, .. } => trees.push(proc_macro::TokenTree::Literal(
                proc_macro::Literal::string(s),
            )),
            Imp::Pm2(t) => t.extend([proc_macro2::TokenTree::Literal(
                proc_macro2::Literal::string(s),
            )]),
        }
    }

    /// A group at the call site, its contents written by `inner`.
    pub fn group(&mut self, delimiter: Delimiter, inner: impl FnOnce(&mut W)) {
        let mut w = self.child();
        inner(&mut w);
        match &mut self.imp {
            Imp::Compiler { trees, .. } => {
                let stream = w.into_compiler();
                let delimiter = match delimiter {
                    Delimiter::Parenthesis => proc_macro::Delimiter::Parenthesis,
                    Delimiter::Brace => proc_macro::Delimiter::Brace,
                    Delimiter::Bracket => proc_macro::Delimiter::Bracket,
                    Delimiter::None => proc_macro::Delimiter::None,
                };
                trees.push(proc_macro::TokenTree::Group(proc_macro::Group::new(
                    delimiter, stream,
                )));
            }
            Imp::Pm2(t) => t.extend([proc_macro2::TokenTree::Group(proc_macro2::Group::new(
                delimiter,
                w.finish(),
            ))]),
        }
    }

    /// `proc_macro2` tokens, spliced in as they are.
    pub fn tokens(&mut self, tokens: &impl ToTokens) {
        match &mut self.imp {
            Imp::Compiler { trees, done } => {
                let stream = tokens.to_token_stream();
                if stream.is_empty() {
                    return;
                }
                if !trees.is_empty() {
                    done.push(std::mem::take(trees).into_iter().collect());
                }
                done.push(stream.into());
            }
            Imp::Pm2(t) => tokens.to_tokens(t),
        }
    }

    /// A `syn` path, at its tokens' own spans: a path of identifiers
    /// (`::toolform`) written here, anything else spliced.
    pub fn syn_path(&mut self, path: &syn::Path) {
        if !path.segments.iter().all(|s| s.arguments.is_none()) {
            return self.tokens(path);
        }
        if let Some(colon) = &path.leading_colon {
            self.colon2_spans(colon.spans);
        }
        for pair in path.segments.pairs() {
            self.syn_ident(&pair.value().ident);
            if let Some(colon) = pair.punct() {
                self.colon2_spans(colon.spans);
            }
        }
    }

    /// A type, at its tokens' own spans, as `syn` prints it: a path of
    /// identifiers with type arguments (most field types) written here,
    /// anything else spliced.
    pub fn ty(&mut self, ty: &syn::Type) {
        if !self.path_type(ty) {
            self.tokens(ty);
        }
    }

    /// A type that is a path of identifiers with type arguments only, or
    /// `false` before writing anything.
    fn path_type(&mut self, ty: &syn::Type) -> bool {
        if !plain_path_type(ty) {
            return false;
        }
        let syn::Type::Path(syn::TypePath { path, .. }) = ty else {
            return false;
        };
        if let Some(colon) = &path.leading_colon {
            self.colon2_spans(colon.spans);
        }
        for pair in path.segments.pairs() {
            let segment = pair.value();
            self.syn_ident(&segment.ident);
            if let syn::PathArguments::AngleBracketed(args) = &segment.arguments {
                if let Some(colon) = &args.colon2_token {
                    self.colon2_spans(colon.spans);
                }
                self.punct_spanned('<', args.lt_token.span);
                for arg in args.args.pairs() {
                    if let syn::GenericArgument::Type(ty) = arg.value() {
                        self.path_type(ty);
                    }
                    if let Some(comma) = arg.punct() {
                        self.punct_spanned(',', comma.span);
                    }
                }
                self.punct_spanned('>', args.gt_token.span);
            }
            if let Some(colon) = pair.punct() {
                self.colon2_spans(colon.spans);
            }
        }
        true
    }

    /// `::` at the spans of syn's token.
    fn colon2_spans(&mut self, spans: [Span; 2]) {
        self.punct_at(':', true, spans[0]);
        self.punct_at(':', false, spans[1]);
    }

    /// What was written.
    pub fn finish(self) -> proc_macro2::TokenStream {
        match self.imp {
            Imp::Pm2(t) => t,
            Imp::Compiler { .. } => self.into_compiler().into(),
        }
    }

    /// What was written, as the compiler's stream (only inside a
    /// procedural macro, where a `W` of the compiler's kind is made).
    fn into_compiler(self) -> proc_macro::TokenStream {
        match self.imp {
            Imp::Compiler { trees, mut done } => {
                if done.is_empty() {
                    return trees.into_iter().collect();
                }
                if !trees.is_empty() {
                    done.push(trees.into_iter().collect());
                }
                if done.len() == 1 {
                    done.pop().unwrap_or_default()
                } else {
                    done.into_iter().collect()
                }
            }
            Imp::Pm2(t) => t.into(),
        }
    }
}

/// A path of identifiers with type arguments only (no `<T as Trait>`, no
/// lifetimes, references, tuples or arrays inside): what [`W::ty`] writes
/// itself.
fn plain_path_type(ty: &syn::Type) -> bool {
    let syn::Type::Path(syn::TypePath {
        qself: None,
        path,
        attrs,
    }) = ty
    else {
        return false;
    };
    attrs.is_empty()
        && path
            .segments
            .iter()
            .all(|segment| match &segment.arguments {
                syn::PathArguments::None => true,
                syn::PathArguments::AngleBracketed(args) => args.args.iter().all(|arg| match arg {
                    syn::GenericArgument::Type(ty) => plain_path_type(ty),
                    _ => false,
                }),
                syn::PathArguments::Parenthesized(_) => false,
            })
}

#[cfg(test)]
mod tests {
    use super::W;
    use proc_macro2::Delimiter;
    use quote::{ToTokens, quote};

    /// Tokens as text, spacing included (`Punct` spacing shows in `Debug`).
    fn shown(t: proc_macro2::TokenStream) -> String {
        format!("{t:?}")
            .split("span: ")
            .map(|s| s.split_once(')').map_or(s, |(_, rest)| rest))
            .collect()
    }

    #[test]
    fn writes_what_quote_writes() {
        let mut w = W::new();
        let p = proc_macro2::Ident::new("__tf", proc_macro2::Span::call_site());
        w.ident("impl");
        w.path(&["a", "B"]);
        w.lifetime("static");
        w.punct('&');
        w.group(Delimiter::Brace, |w| {
            w.p(&p, "Some");
            w.group(Delimiter::Parenthesis, |w| w.str_lit("x \"y\""));
            w.tokens(&quote!(
                #[allow(x)]
                r#type
            ));
            w.ident("r#match");
        });
        let expected =
            quote!(impl a::B 'static & { __tf::Some("x \"y\"") #[allow(x)] r#type r#match });
        assert_eq!(shown(w.finish()), shown(expected));
    }

    #[test]
    fn writes_types_as_syn_prints_them() {
        for text in [
            "u64",
            "Option<Vec<String>>",
            "::std::collections::HashMap<String, u64>",
            "chrono::DateTime<chrono::Utc>",
            "Vec::<u8>",
            "Option<Box<r#type>>",
            "&'a str",
            "Vec<&'a str>",
            "[u8; 4]",
            "(u8, u16)",
            "<T as Tr>::A",
            "Cow<'static, str>",
            "fn(u8) -> u16",
            "Box<dyn Fn() -> u8>",
        ] {
            let ty: syn::Type = syn::parse_str(text).expect("a type");
            let mut w = W::new();
            w.ty(&ty);
            assert_eq!(shown(w.finish()), shown(ty.to_token_stream()), "{text}");
        }
    }
}
