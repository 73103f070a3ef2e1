//! What serde's own attributes (as `serde_derive_internals` reads them) and
//! a field's declared type say about the wire, read from their syntax tree:
//! the custom functions serde itself puts in, the functions whose wire type
//! is known (chrono's `ts_*` modules, `serde_with::As`, `serde_bytes`), and
//! where a serde key is, for errors about it.

use serde_derive_internals::ast::Field;
use serde_derive_internals::attr::Field as FieldAttrs;
use syn::Attribute;
use syn::spanned::Spanned;

/// chrono's `chrono::serde::ts_*` modules.
#[derive(Clone, Copy, PartialEq)]
pub enum ChronoTs {
    Seconds,
    Milliseconds,
    Microseconds,
    Nanoseconds,
}

/// Serde's own `deserialize_with` for a field, but `None` for the functions
/// serde itself puts there for `#[serde(borrow)]` on `Cow<str>` and
/// `Cow<[u8]>` (`_serde::__private::de::borrow_cow_*`): those read the
/// field's own type, not a custom wire shape.
pub fn custom_de(fa: &FieldAttrs) -> Option<&syn::ExprPath> {
    fa.deserialize_with().filter(|path| {
        let segments = &path.path.segments;
        let serde_own = segments.first().is_some_and(|s| s.ident == "_serde")
            && segments
                .last()
                .is_some_and(|s| s.ident == "borrow_cow_str" || s.ident == "borrow_cow_bytes");
        !serde_own
    })
}

/// `#[serde(borrow)]` on a `Cow<[u8]>`: serde reads it through
/// `borrow_cow_bytes`, which takes a string or bytes but not a sequence, so
/// from JSON the field is read from a string (its UTF-8 bytes), while it is
/// still written as an array of integers.
pub fn serde_borrow_bytes(fa: &FieldAttrs) -> bool {
    fa.deserialize_with().is_some_and(|path| {
        let segments = &path.path.segments;
        segments.first().is_some_and(|s| s.ident == "_serde")
            && segments
                .last()
                .is_some_and(|s| s.ident == "borrow_cow_bytes")
    })
}

/// The span of `key` inside the item's `#[serde(...)]` attributes, so an error
/// about a serde attribute points at it. Values are skipped unread.
pub fn serde_key_span(attrs: &[Attribute], key: &str) -> Option<proc_macro2::Span> {
    let mut found = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            if found.is_none() && meta.path.is_ident(key) {
                found = Some(meta.path.span());
            }
            skip_value(&meta)
        });
    }
    found
}

fn skip_value(meta: &syn::meta::ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        meta.input.parse::<syn::Token![=]>()?;
        meta.input.parse::<proc_macro2::TokenTree>()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.input.parse::<proc_macro2::TokenTree>()?;
    }
    Ok(())
}

/// `#[serde(with = "chrono::serde::ts_seconds")]` and its siblings: the wire
/// type is known without help. Both directions must use the same module.
pub fn chrono_ts(field: &Field) -> Option<(ChronoTs, bool)> {
    let module = |path: Option<&syn::ExprPath>| -> Option<(String, bool)> {
        let segments: Vec<String> = path?
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        let n = segments.len();
        if n < 3 || !segments.iter().any(|s| s == "chrono") {
            return None;
        }
        let module = segments[n - 2].as_str();
        let (base, option) = match module.strip_suffix("_option") {
            Some(base) => (base, true),
            None => (module, false),
        };
        [
            "ts_seconds",
            "ts_milliseconds",
            "ts_microseconds",
            "ts_nanoseconds",
        ]
        .contains(&base)
        .then(|| (base.to_string(), option))
    };
    let ser = module(field.attrs.serialize_with())?;
    let de = module(custom_de(&field.attrs))?;
    if ser != de {
        return None;
    }
    let unit = match ser.0.as_str() {
        "ts_seconds" => ChronoTs::Seconds,
        "ts_milliseconds" => ChronoTs::Milliseconds,
        "ts_microseconds" => ChronoTs::Microseconds,
        _ => ChronoTs::Nanoseconds,
    };
    Some((unit, ser.1))
}

/// The wire type behind a serde function path whose wire type is known:
/// `<prefix>::serde_with::As::<A>::serialize` is `serde_with::As<(A, F)>`
/// (toolform implements `ToolSchema` for it through the adapter, feature
/// `serde_with`); `<prefix>::serde_bytes::serialize` is `serde_bytes::ByteBuf`
/// for byte vectors, boxes, cows and slices, `ByteArray<N>` for `[u8; N]`,
/// and `Option` of those (feature `serde_bytes`).
pub fn known_wire(path: &syn::ExprPath, field_ty: &syn::Type) -> Option<syn::Type> {
    let segments = &path.path.segments;
    let n = segments.len();
    if n < 2 || path.qself.is_some() {
        return None;
    }
    let module = &segments[n - 2];
    let mut prefix = path.path.clone();
    prefix.segments = segments.iter().take(n - 1).cloned().collect();
    if module.ident == "As" && segments.iter().any(|s| s.ident == "serde_with") {
        let syn::PathArguments::AngleBracketed(args) = &module.arguments else {
            return None;
        };
        let mut adapter = args.args.iter();
        let (Some(syn::GenericArgument::Type(adapter)), None) = (adapter.next(), adapter.next())
        else {
            return None;
        };
        if let Some(last) = prefix.segments.last_mut() {
            last.arguments =
                syn::PathArguments::AngleBracketed(syn::parse_quote!(<(#adapter, #field_ty)>));
        }
        return Some(syn::parse_quote!(#prefix));
    }
    if module.ident == "serde_bytes" && module.arguments.is_none() {
        return bytes_wire(&prefix, field_ty);
    }
    None
}

/// `serde_bytes`' wire type for a field type, through `Option`.
fn bytes_wire(module: &syn::Path, ty: &syn::Type) -> Option<syn::Type> {
    if let syn::Type::Array(array) = ty {
        let len = &array.len;
        return Some(syn::parse_quote!(#module::ByteArray<#len>));
    }
    if let syn::Type::Reference(_) = ty {
        return Some(syn::parse_quote!(#module::ByteBuf));
    }
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    let inner = match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => args.args.iter().find_map(|a| match a {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        }),
        _ => None,
    };
    match last.ident.to_string().as_str() {
        "Option" => {
            let wire = bytes_wire(module, inner?)?;
            Some(syn::parse_quote!(::core::option::Option<#wire>))
        }
        "Vec" | "Box" | "Cow" | "ByteBuf" | "Bytes" => Some(syn::parse_quote!(#module::ByteBuf)),
        _ => None,
    }
}

pub fn is_std_option(ty: &syn::Type) -> bool {
    let syn::Type::Path(ty) = ty else {
        return false;
    };
    let segments = &ty.path.segments;
    // The last name first: one comparison for most types.
    if ty.qself.is_some()
        || !matches!(segments.len(), 1 | 3)
        || segments.last().is_none_or(|s| s.ident != "Option")
    {
        return false;
    }
    let names: Vec<String> = ty
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    matches!(
        names.as_slice(),
        ["Option"] | ["std" | "core", "option", "Option"]
    ) && (ty.path.leading_colon.is_none() || names.len() == 3)
}

/// `skip_serializing_if = "Option::is_none"` (any path ending in it): the
/// field is absent exactly when it would be `null`.
pub fn skips_if_none(fa: &FieldAttrs, taken: &TakenPaths) -> bool {
    if let Some(segments) = &taken.skip_if {
        return segments.ends_with(&["Option".to_string(), "is_none".to_string()]);
    }
    fa.skip_serializing_if().is_some_and(|path| {
        let segments = &path.path.segments;
        let n = segments.len();
        n >= 2 && segments[n - 2].ident == "Option" && segments[n - 1].ident == "is_none"
    })
}

/// The one name serde reads and writes, when it does both under one name.
pub fn one_name(
    name: &serde_derive_internals::name::MultiName,
    skip_serializing: bool,
    skip_deserializing: bool,
) -> Option<String> {
    let (ser, de) = (name.serialize_name(), name.deserialize_name());
    (!skip_serializing && !skip_deserializing && ser.value == de.value).then(|| de.value.clone())
}

/// What [`take_paths`] took out of one field's `#[serde(..)]`.
#[derive(Default)]
pub struct TakenPaths {
    /// `default = "path"`: serde then reads a bare `default`.
    pub default: Option<syn::ExprPath>,
    /// `skip_serializing_if = "path"`: the path's segments.
    pub skip_if: Option<Vec<String>>,
}

/// Takes every plain `default = "path"` and `skip_serializing_if = "path"`
/// out of the fields' `#[serde(..)]` (a bare `default` stays for the first)
/// before `serde_derive_internals` reads them: one field's entry per field
/// of `serde.data.all_fields()`, in its order. "Plain" is identifiers joined
/// by `::` in a string without escapes or suffix, read here as serde would
/// (an identifier per segment, at the string's span); anything else stays
/// for serde to parse, with serde's messages. Why: serde parses each path
/// from its string through the compiler's lexer, which is most of what
/// reading serde's attributes costs on every build, and serde_derive reads
/// the same strings again anyway (and reports any mistake in them).
pub fn take_paths(input: &mut syn::DeriveInput) -> Vec<TakenPaths> {
    let mut out = Vec::new();
    let mut take = |fields: &mut syn::Fields| {
        for field in fields.iter_mut() {
            let mut taken = TakenPaths::default();
            for attr in &mut field.attrs {
                if let syn::Meta::List(list) = &mut attr.meta
                    && list.path.is_ident("serde")
                    && let Some(tokens) = take_from_list(&list.tokens, &mut taken)
                {
                    list.tokens = tokens;
                }
            }
            out.push(taken);
        }
    };
    match &mut input.data {
        syn::Data::Struct(s) => take(&mut s.fields),
        syn::Data::Enum(e) => e.variants.iter_mut().for_each(|v| take(&mut v.fields)),
        syn::Data::Union(_) => {}
    }
    out
}

/// The list without the entries taken into `taken`, or `None` when none is.
fn take_from_list(
    tokens: &proc_macro2::TokenStream,
    taken: &mut TakenPaths,
) -> Option<proc_macro2::TokenStream> {
    use proc_macro2::TokenTree;
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let mut kept: Vec<TokenTree> = Vec::with_capacity(trees.len());
    let mut changed = false;
    // One entry at a time: the trees up to the next top-level comma (a
    // group is one tree, so commas inside one are not seen).
    let mut rest = trees.as_slice();
    while !rest.is_empty() {
        let end = rest
            .iter()
            .position(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
            .unwrap_or(rest.len());
        let (entry, after) = rest.split_at(end);
        // `after` starts at the comma, if any.
        let (comma, next) = match after.split_first() {
            Some((comma, next)) => (Some(comma), next),
            None => (None, after),
        };
        rest = next;
        if let [
            TokenTree::Ident(key),
            TokenTree::Punct(eq),
            TokenTree::Literal(lit),
        ] = entry
            && eq.as_char() == '='
        {
            // Printed once (each comparison with a `&str` prints it again).
            let name = key.to_string();
            let is_default = name == "default";
            if (is_default && taken.default.is_none())
                || (name == "skip_serializing_if" && taken.skip_if.is_none())
            {
                let text = lit.to_string();
                if let Some(segments) = plain_path(&text) {
                    changed = true;
                    if is_default {
                        taken.default = Some(expr_path(&segments, lit.span()));
                        kept.push(TokenTree::Ident(key.clone()));
                        kept.extend(comma.cloned());
                    } else {
                        taken.skip_if = Some(segments.iter().map(|s| s.to_string()).collect());
                    }
                    continue;
                }
            }
        }
        kept.extend(entry.iter().cloned());
        kept.extend(comma.cloned());
    }
    changed.then(|| kept.into_iter().collect())
}

/// The segments of a string literal's text (`"a::b"`, quotes included) when
/// it is a plain path: ASCII identifiers joined by `::`, with an optional
/// leading `::` (an empty first segment). `self`, `Self` and `crate` may
/// only start the path and `super` only follow `self` or `super` at its
/// start; no other keyword, no `_`.
fn plain_path(text: &str) -> Option<Vec<&str>> {
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    let segments: Vec<&str> = inner.split("::").collect();
    let leading_colon = segments.first() == Some(&"");
    let names = if leading_colon {
        segments.get(1..)?
    } else {
        &segments[..]
    };
    if names.is_empty() {
        return None;
    }
    for (i, name) in names.iter().enumerate() {
        let mut chars = name.chars();
        let identifier = chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
            && *name != "_";
        if !identifier {
            return None;
        }
        let allowed = match *name {
            "self" | "Self" | "crate" => i == 0 && !leading_colon,
            "super" => {
                !leading_colon
                    && names[..i]
                        .iter()
                        .enumerate()
                        .all(|(j, s)| *s == "super" || (j == 0 && *s == "self"))
            }
            other => !is_keyword(other),
        };
        if !allowed {
            return None;
        }
    }
    Some(segments)
}

/// Rust's keywords (strict and reserved, every edition): no plain path
/// segment is one but where `plain_path` allows it, and no attribute key
/// read from its tokens (`receiver::plain_items`) is one. [`is_keyword`]
/// decides it; the list is its test's reference.
#[cfg(test)]
pub(crate) const KEYWORDS: &[&str] = &[
    "Self", "abstract", "as", "async", "await", "become", "box", "break", "const", "continue",
    "crate", "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if",
    "impl", "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub",
    "ref", "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// Whether `word` is one of [`KEYWORDS`]: syn's keyword check by first
/// letter (a scan of the list costs an unoptimized derive a comparison a
/// word, for every path and key it reads), with `gen` and without `_`.
pub(crate) fn is_keyword(word: &str) -> bool {
    // syn's list (`internals::input`) has `_` and not `gen`.
    (word != "_" && super::input::is_keyword_name(word)) || word == "gen"
}

/// `segments` (a leading empty one: a leading `::`) as a path expression,
/// every token at `span`.
fn expr_path(segments: &[&str], span: proc_macro2::Span) -> syn::ExprPath {
    let (leading_colon, segments) = match segments.split_first() {
        Some((&"", rest)) => (Some(syn::Token![::](span)), rest),
        _ => (None, segments),
    };
    let mut path = syn::Path {
        leading_colon,
        segments: syn::punctuated::Punctuated::new(),
    };
    for (i, segment) in segments.iter().enumerate() {
        if i > 0 {
            path.segments.push_punct(syn::Token![::](span));
        }
        path.segments
            .push_value(syn::PathSegment::from(proc_macro2::Ident::new(
                segment, span,
            )));
    }
    syn::ExprPath {
        attrs: Vec::new(),
        qself: None,
        path,
    }
}

#[cfg(test)]
mod take_paths_tests {
    use super::{KEYWORDS, TakenPaths, is_keyword, plain_path, take_paths};

    /// `is_keyword` is the list, and nothing else: every word of it, and
    /// every word one letter longer or shorter, or with another first
    /// letter, agrees with a scan of the list.
    #[test]
    fn is_keyword_is_the_list() {
        let mut words: Vec<String> = vec!["".into(), "_".into(), "r#type".into(), "Größe".into()];
        for word in KEYWORDS {
            words.push(word.to_string());
            words.push(format!("{word}s"));
            words.push(word[..word.len() - 1].to_string());
            words.push(format!("x{}", &word[1..]));
            words.push(word.to_uppercase());
        }
        for word in &words {
            assert_eq!(
                is_keyword(word),
                KEYWORDS.contains(&word.as_str()),
                "{word}"
            );
        }
    }
    use quote::ToTokens;
    use serde_derive_internals::attr::Default as SerdeDefault;
    use serde_derive_internals::{Ctxt, Derive, ast};

    /// serde's own reading of every field: (default, skip_serializing_if,
    /// serialize name, deserialize name, aliases, skip flags), as text.
    fn serde_reading(input: &syn::DeriveInput, taken: Option<&[TakenPaths]>) -> Vec<String> {
        let cx = Ctxt::new();
        let private = proc_macro2::Ident::new("__private", proc_macro2::Span::call_site());
        let cont = ast::Container::from_ast(&cx, input, Derive::Deserialize, &private);
        let errors = cx.check().err().map(|e| e.to_string());
        let Some(cont) = cont else {
            return vec![format!("unreadable {errors:?}")];
        };
        let mut out = vec![format!("errors {errors:?}")];
        for (i, field) in cont.data.all_fields().enumerate() {
            let fa = &field.attrs;
            let taken = taken.map(|t| &t[i]);
            let text = |p: &syn::ExprPath| p.to_token_stream().to_string();
            let default = match (taken.and_then(|t| t.default.as_ref()), fa.default()) {
                (Some(path), SerdeDefault::Default) => format!("path {}", text(path)),
                (Some(_), other) => format!("taken, but serde read {}", other.is_none()),
                (None, SerdeDefault::Path(path)) => format!("path {}", text(path)),
                (None, SerdeDefault::Default) => "default".to_string(),
                (None, SerdeDefault::None) => "none".to_string(),
            };
            let skip_if = match (
                taken.and_then(|t| t.skip_if.as_ref()),
                fa.skip_serializing_if(),
            ) {
                (Some(segments), None) => segments
                    .join(" :: ")
                    .trim_start()
                    .trim_start_matches(":: ")
                    .to_string(),
                (Some(_), Some(_)) => "taken twice".to_string(),
                (None, Some(path)) => text(path).trim_start_matches(":: ").to_string(),
                (None, None) => "-".to_string(),
            };
            out.push(format!(
                "{default} | {skip_if} | {} {} {:?} {} {} {}",
                fa.name().serialize_name().value,
                fa.name().deserialize_name().value,
                fa.aliases()
                    .iter()
                    .map(|a| a.value.clone())
                    .collect::<Vec<_>>(),
                fa.skip_serializing(),
                fa.skip_deserializing(),
                fa.flatten(),
            ));
        }
        out
    }

    #[test]
    fn serde_reads_the_same_with_the_paths_taken_out() {
        for attrs in [
            r#"#[serde(default = "default_limit")]"#,
            r#"#[serde(default, skip_serializing_if = "Vec::is_empty")]"#,
            r#"#[serde(skip_serializing_if = "Option::is_none")]"#,
            r#"#[serde(skip_serializing_if = "::std::option::Option::is_none", rename = "x")]"#,
            r#"#[serde(rename = "a", default = "crate::config::port", alias = "b")]"#,
            r#"#[serde(default = "self::f")] #[serde(skip_serializing_if = "super::super::g")]"#,
            r#"#[serde(default = "Self::zero", skip_serializing_if = "is_zero",)]"#,
            // Left for serde: not plain, or not ours to take.
            r#"#[serde(default = "Vec::<u8>::new")]"#,
            r#"#[serde(default = r"raw")]"#,
            r#"#[serde(default = "fn")]"#,
            r#"#[serde(default = "a::crate::b")]"#,
            r#"#[serde(default = "\u{66}")]"#,
            r#"#[serde(default = "r#type")]"#,
            r#"#[serde(default = "f", default = "g")]"#,
            r#"#[serde(default = 3)]"#,
            r#"#[serde(with = "m", skip_serializing_if = "p")]"#,
            r#"#[serde(skip_serializing_if = "not a path")]"#,
        ] {
            let source = format!("struct S {{ {attrs} a: u32, #[serde(default)] b: Option<u8> }} ");
            let original: syn::DeriveInput = syn::parse_str(&source).expect("test input parses");
            let mut input = original.clone();
            let taken = take_paths(&mut input);
            assert_eq!(taken.len(), 2);
            assert_eq!(
                serde_reading(&original, None),
                serde_reading(&input, Some(&taken)),
                "{attrs}"
            );
        }
    }

    #[test]
    fn a_variants_fields_are_taken_in_serdes_order() {
        let source = r#"enum E {
            A { #[serde(default = "fa")] x: u8 },
            B(#[serde(skip_serializing_if = "Option::is_none")] Option<u8>),
            C,
        }"#;
        let mut input: syn::DeriveInput = syn::parse_str(source).expect("test input parses");
        let taken = take_paths(&mut input);
        assert_eq!(taken.len(), 2);
        assert!(taken[0].default.is_some() && taken[0].skip_if.is_none());
        assert_eq!(
            taken[1].skip_if.as_deref(),
            Some(&["Option".to_string(), "is_none".to_string()][..])
        );
    }

    #[test]
    fn only_plain_paths_are_read() {
        for (text, expected) in [
            (r#""f""#, Some(vec!["f"])),
            (r#""a::b""#, Some(vec!["a", "b"])),
            (r#""::a::b""#, Some(vec!["", "a", "b"])),
            (r#""_f1""#, Some(vec!["_f1"])),
            (r#""self::f""#, Some(vec!["self", "f"])),
            (r#""self::super::f""#, Some(vec!["self", "super", "f"])),
            (r#""super::super::f""#, Some(vec!["super", "super", "f"])),
            (r#""crate::m::f""#, Some(vec!["crate", "m", "f"])),
            (r#""Self::f""#, Some(vec!["Self", "f"])),
        ] {
            assert_eq!(plain_path(text), expected, "{text}");
        }
        for text in [
            r#""""#,
            r#""::""#,
            r#""a::""#,
            r#""a:::b""#,
            r#""a:b""#,
            r#""1f""#,
            r#""_""#,
            r#""fn""#,
            r#""a::self""#,
            r#""a::super""#,
            r#""::crate::f""#,
            r#""r#type""#,
            r#""a::<T>::f""#,
            r#""é""#,
            r#""\u{66}""#,
            r#"r"f""#,
            r#"b"f""#,
            r#""f"suffix"#,
            r#""f "#,
            "\"",
            "",
        ] {
            assert_eq!(plain_path(text), None, "{text}");
        }
    }
}
