//! A red-team review's cases (session 19): hand-built token streams
//! (`None`-delimited groups, spacing no source text can spell), keywords in
//! every position, malformed attributes, types and inputs. Each case must
//! agree: the same tree or the same error message, and no panic.

use syn::parse::Parser as _;

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

fn cmp_ts(label: &str, tokens: TokenStream) -> Result<String, String> {
    let t2 = tokens.clone();
    let ours = std::panic::catch_unwind(move || {
        crate::internals::input::derive_input
            .parse2(t2)
            .map(super::classified)
            .map_err(|e| e.to_string())
    });
    let syns = syn::parse2::<syn::DeriveInput>(tokens).map_err(|e| e.to_string());
    let Ok(ours) = ours else {
        return Err(format!("{label}: ours panicked; syn {syns:?}"));
    };
    match (ours, syns) {
        (Ok(a), Ok(b)) if a == b => Ok(format!("{label}: both Ok")),
        (Err(a), Err(b)) if a == b => Ok(format!("{label}: both Err({a})")),
        (a, b) => Err(format!("{label}:\n   ours {a:?}\n   syn  {b:?}")),
    }
}

fn cmp(source: &str) -> Result<String, String> {
    match source.parse::<TokenStream>() {
        Ok(ts) => cmp_ts(source, ts),
        // Not a token stream (an unterminated literal...): no derive sees it.
        Err(_) => Ok(format!("{source}: not tokens")),
    }
}

/// Fails with every disagreement.
fn report(results: Vec<Result<String, String>>) {
    let bad: Vec<String> = results.into_iter().filter_map(Result::err).collect();
    assert!(
        bad.is_empty(),
        "{} disagreements:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

fn ident(s: &str) -> TokenTree {
    TokenTree::Ident(Ident::new(s, Span::call_site()))
}
fn rawident(s: &str) -> TokenTree {
    TokenTree::Ident(Ident::new_raw(s, Span::call_site()))
}
fn p(c: char, joint: bool) -> TokenTree {
    let spacing = if joint {
        Spacing::Joint
    } else {
        Spacing::Alone
    };
    TokenTree::Punct(Punct::new(c, spacing))
}
fn g(d: Delimiter, ts: TokenStream) -> TokenTree {
    TokenTree::Group(Group::new(d, ts))
}
fn none(src: &str) -> TokenTree {
    g(Delimiter::None, src.parse().expect("tokens"))
}
fn ts(trees: Vec<TokenTree>) -> TokenStream {
    trees.into_iter().collect()
}
fn src(s: &str) -> Vec<TokenTree> {
    s.parse::<TokenStream>()
        .expect("tokens")
        .into_iter()
        .collect()
}
fn cat(parts: Vec<Vec<TokenTree>>) -> TokenStream {
    parts.into_iter().flatten().collect()
}
fn braced(inner: TokenStream) -> TokenTree {
    g(Delimiter::Brace, inner)
}

/// `struct S { .. }` around `inner`.
fn st(inner: Vec<Vec<TokenTree>>) -> TokenStream {
    cat(vec![src("struct S"), vec![braced(cat(inner))]])
}

/// `struct S( .. );` around `inner`.
fn tup(inner: Vec<Vec<TokenTree>>) -> TokenStream {
    cat(vec![
        src("struct S"),
        vec![g(Delimiter::Parenthesis, cat(inner))],
        src(";"),
    ])
}

/// `enum E { .. }` around `inner`.
fn en(inner: Vec<Vec<TokenTree>>) -> TokenStream {
    cat(vec![src("enum E"), vec![braced(cat(inner))]])
}

mod groups;
mod sources;
mod spacing;
