//! The derive input, parsed as `syn::DeriveInput` is, with the field types
//! most structs have read without syn's type parser.
//!
//! A derive runs unoptimized in a dev build, and syn's `Type` parser is
//! speculative: for each type and type argument it tries lifetimes,
//! literals, qualified paths, bare functions, trait objects and more before
//! it settles on a path, each attempt through a `ParseStream`. Most field
//! types are plain paths with type arguments (`u64`, `Option<Vec<String>>`,
//! `chrono::DateTime<chrono::Utc>`); [`path_type`] builds exactly the
//! `syn::Type::Path` syn would build for those, token by token, and gives up
//! (returns `None`) at the first token outside that grammar, where syn's
//! parser takes the whole type from its start. The tree is syn's own type,
//! with the tokens' own spans, so nothing downstream can tell the
//! difference; the unit tests compare both parsers on every shape of type.
//! One difference is made on purpose: the literal of a `#[doc = ..]`
//! attribute is a `syn::Lit::Verbatim` (syn classifies a literal by reading
//! all of it; `internals::doc`, the one reader of doc attributes, reads the
//! token itself and classifies it as syn would when it is not a string).
//! Attributes of the usual forms (`#[name]`, `#[name(..)]`,
//! `#[name = literal]`) are built the same way. The rest of the input
//! (visibility, names, generics, where clauses, discriminants, default
//! values, attributes of other forms) is syn's parse, called as
//! `DeriveInput::parse` calls it.

use proc_macro2::{Delimiter, Spacing, TokenTree};
use syn::buffer::Cursor;
use syn::parse::discouraged::Speculative as _;
use syn::parse::{Parse as _, ParseStream, Result};
use syn::punctuated::Punctuated;
use syn::{
    Attribute, Data, DataEnum, DataStruct, DataUnion, DeriveInput, Field, FieldModifiers, Fields,
    FieldsNamed, FieldsUnnamed, Generics, Ident, Token, Type, Variant, Visibility, WhereClause,
    braced, parenthesized, token,
};

/// Parses a derive's input into the `DeriveInput` syn's own parser returns.
pub fn derive_input(input: ParseStream) -> Result<DeriveInput> {
    /// The item's keyword: what follows its name and generics.
    enum Kind {
        Struct(Token![struct]),
        Enum(Token![enum]),
        Union(Token![union]),
    }
    let attrs = outer_attrs(input)?;
    let vis = input.parse::<Visibility>()?;
    let lookahead = input.lookahead1();
    let kind = if lookahead.peek(Token![struct]) {
        Kind::Struct(input.parse()?)
    } else if lookahead.peek(Token![enum]) {
        Kind::Enum(input.parse()?)
    } else if lookahead.peek(Token![union]) {
        Kind::Union(input.parse()?)
    } else {
        return Err(lookahead.error());
    };
    let ident = input.parse::<Ident>()?;
    let generics = input.parse::<Generics>()?;
    let (where_clause, data) = match kind {
        Kind::Struct(struct_token) => {
            let (where_clause, fields, semi_token) = data_struct(input)?;
            let data = DataStruct {
                struct_token,
                fields,
                semi_token,
            };
            (where_clause, Data::Struct(data))
        }
        Kind::Enum(enum_token) => {
            let where_clause = input.parse::<Option<WhereClause>>()?;
            let content;
            let brace_token = braced!(content in input);
            let variants = content.parse_terminated(variant, Token![,])?;
            let data = DataEnum {
                enum_token,
                brace_token,
                variants,
            };
            (where_clause, Data::Enum(data))
        }
        Kind::Union(union_token) => {
            let where_clause = input.parse::<Option<WhereClause>>()?;
            let fields = input.parse::<FieldsNamed>()?;
            (
                where_clause,
                Data::Union(DataUnion {
                    union_token,
                    fields,
                }),
            )
        }
    };
    Ok(DeriveInput {
        attrs,
        vis,
        ident,
        generics: Generics {
            where_clause,
            ..generics
        },
        data,
    })
}

/// Outer attributes, as `Attribute::parse_outer` reads them. The usual
/// forms, a name alone, with a delimited list or with a literal
/// (`#[doc = "..."]`: what a doc comment arrives as), are built here from
/// the tokens; at the first attribute of another form syn reads the rest.
fn outer_attrs(input: ParseStream) -> Result<Vec<Attribute>> {
    let mut attrs = Vec::new();
    while let Ok(attr) = input.step(|cursor| match attribute(*cursor) {
        Some(found) => Ok(found),
        None => Err(cursor.error("")),
    }) {
        attrs.push(attr);
    }
    attrs.extend(Attribute::parse_outer(input)?);
    Ok(attrs)
}

/// `#[name]`, `#[name(..)]` (or `[..]`, `{..}`), `#[name = literal]`,
/// built as syn builds them, and the cursor after it; `None` for anything
/// else (a path of several segments, a keyword as the name: syn reads
/// `unsafe(..)`, `self`, `crate`... and refuses the others, an inner
/// attribute, a value that is not one literal), and at the end of the
/// attributes.
fn attribute(cursor: Cursor) -> Option<(Attribute, Cursor)> {
    let (pound, rest) = punct(cursor, '#')?;
    let (inside, bracket, after) = rest.group(Delimiter::Bracket)?;
    let (TokenTree::Ident(name), inside) = inside.token_tree()? else {
        return None;
    };
    let printed = name.to_string();
    if is_keyword_name(&printed) {
        return None;
    }
    let is_doc = printed == "doc";
    let path = syn::Path::from(name);
    let meta = match inside.token_tree() {
        None => syn::Meta::Path(path),
        Some((TokenTree::Group(group), end)) if end.eof() => {
            let span = group.delim_span();
            let delimiter = match group.delimiter() {
                Delimiter::Parenthesis => syn::MacroDelimiter::Paren(token::Paren(span)),
                Delimiter::Brace => syn::MacroDelimiter::Brace(token::Brace(span)),
                Delimiter::Bracket => syn::MacroDelimiter::Bracket(token::Bracket(span)),
                Delimiter::None => return None,
            };
            syn::Meta::List(syn::MetaList {
                path,
                delimiter,
                tokens: group.stream(),
            })
        }
        Some((TokenTree::Punct(eq), value)) if eq.as_char() == '=' => {
            let (TokenTree::Literal(literal), end) = value.token_tree()? else {
                return None;
            };
            if !end.eof() {
                return None;
            }
            // A doc comment's literal is kept as the token (syn's
            // `Lit::new` reads every character of it to classify it,
            // unoptimized, for a text `internals::doc` reads again); every
            // other literal is read as syn reads it.
            let lit = if is_doc {
                syn::Lit::Verbatim(literal)
            } else {
                syn::Lit::new(literal)
            };
            syn::Meta::NameValue(syn::MetaNameValue {
                path,
                eq_token: Token![=](eq.span()),
                value: syn::Expr::Lit(syn::ExprLit {
                    attrs: Vec::new(),
                    lit,
                }),
            })
        }
        Some(_) => return None,
    };
    let attr = Attribute {
        pound_token: Token![#](pound.span()),
        style: syn::AttrStyle::Outer,
        bracket_token: token::Bracket(bracket),
        meta,
    };
    Some((attr, after))
}

/// A struct's where clause, fields and semicolon, as syn reads them.
fn data_struct(input: ParseStream) -> Result<(Option<WhereClause>, Fields, Option<Token![;]>)> {
    let mut lookahead = input.lookahead1();
    let mut where_clause = None;
    if lookahead.peek(Token![where]) {
        where_clause = Some(input.parse()?);
        lookahead = input.lookahead1();
    }
    if where_clause.is_none() && lookahead.peek(token::Paren) {
        let fields = fields_unnamed(input)?;
        lookahead = input.lookahead1();
        if lookahead.peek(Token![where]) {
            where_clause = Some(input.parse()?);
            lookahead = input.lookahead1();
        }
        if lookahead.peek(Token![;]) {
            let semi = input.parse()?;
            Ok((where_clause, Fields::Unnamed(fields), Some(semi)))
        } else {
            Err(lookahead.error())
        }
    } else if lookahead.peek(token::Brace) {
        Ok((where_clause, Fields::Named(fields_named(input)?), None))
    } else if lookahead.peek(Token![;]) {
        let semi = input.parse()?;
        Ok((where_clause, Fields::Unit, Some(semi)))
    } else {
        Err(lookahead.error())
    }
}

/// An enum's variant; one with a discriminant is syn's to read.
fn variant(input: ParseStream) -> Result<Variant> {
    let fork = input.fork();
    let attrs = outer_attrs(&fork)?;
    let _visibility = fork.parse::<Visibility>()?;
    let ident = fork.parse::<Ident>()?;
    let fields = if fork.peek(token::Brace) {
        Fields::Named(fields_named(&fork)?)
    } else if fork.peek(token::Paren) {
        Fields::Unnamed(fields_unnamed(&fork)?)
    } else {
        Fields::Unit
    };
    if fork.peek(Token![=]) {
        return Variant::parse(input);
    }
    input.advance_to(&fork);
    Ok(Variant {
        attrs,
        ident,
        fields,
        discriminant: None,
    })
}

/// `{ named fields }`, as `FieldsNamed::parse`.
fn fields_named(input: ParseStream) -> Result<FieldsNamed> {
    let content;
    let brace_token = braced!(content in input);
    let named = content.parse_terminated(named_field, Token![,])?;
    Ok(FieldsNamed { brace_token, named })
}

/// `(unnamed fields)`, as `FieldsUnnamed::parse`.
fn fields_unnamed(input: ParseStream) -> Result<FieldsUnnamed> {
    let content;
    let paren_token = parenthesized!(content in input);
    let unnamed = content.parse_terminated(unnamed_field, Token![,])?;
    Ok(FieldsUnnamed {
        paren_token,
        unnamed,
    })
}

/// A named field. Anything but the plain `attrs vis name: Type` form (an
/// unnamed `_: struct {..}` field, a default value) is syn's to read.
fn named_field(input: ParseStream) -> Result<Field> {
    match fast_named_field(input)? {
        Some(field) => Ok(field),
        None => Field::parse_named(input),
    }
}

/// The plain form of a named field, or `None` with the stream untouched.
/// A frame of its own: when syn reads the field instead, it runs under
/// `named_field`'s small frame (the result's slot), not under this one's locals
/// (a derive runs unoptimized; syn's own recursion sets how deep a type may
/// nest, and this path should not take stack from it).
#[inline(never)]
fn fast_named_field(input: ParseStream) -> Result<Option<Field>> {
    let fork = input.fork();
    let attrs = outer_attrs(&fork)?;
    let vis = visibility(&fork)?;
    if let Some((ident, colon_token)) = name_and_colon(&fork)
        && let Some(ty) = field_type(&fork)
    {
        input.advance_to(&fork);
        return Ok(Some(Field {
            attrs,
            vis,
            modifiers: FieldModifiers::default(),
            ident: Some(ident),
            colon_token: Some(colon_token),
            ty,
            default: None,
        }));
    }
    Ok(None)
}

/// An unnamed field, as [`named_field`].
fn unnamed_field(input: ParseStream) -> Result<Field> {
    match fast_unnamed_field(input)? {
        Some(field) => Ok(field),
        None => Field::parse_unnamed(input),
    }
}

/// The plain form of an unnamed field, as [`fast_named_field`].
#[inline(never)]
fn fast_unnamed_field(input: ParseStream) -> Result<Option<Field>> {
    let fork = input.fork();
    let attrs = outer_attrs(&fork)?;
    let vis = visibility(&fork)?;
    if let Some(ty) = field_type(&fork) {
        input.advance_to(&fork);
        return Ok(Some(Field {
            attrs,
            vis,
            modifiers: FieldModifiers::default(),
            ident: None,
            colon_token: None,
            ty,
            default: None,
        }));
    }
    Ok(None)
}

/// A field's visibility: none, or `pub` not followed by parentheses, read
/// here; `pub(..)` (restricted, or a tuple field's parenthesized type) and a
/// `None`-delimited group (an empty `$vis` from a `macro_rules!`) are
/// syn's.
fn visibility(input: ParseStream) -> Result<Visibility> {
    let cursor = input.cursor();
    if cursor.group(Delimiter::None).is_some() {
        return input.parse();
    }
    match cursor.token_tree() {
        Some((TokenTree::Ident(first), rest)) if first == "pub" => {
            if rest.group(Delimiter::Parenthesis).is_some() || rest.group(Delimiter::None).is_some()
            {
                return input.parse();
            }
            input.step(|cursor| match cursor.token_tree() {
                Some((TokenTree::Ident(ident), rest)) => {
                    Ok((Visibility::Public(Token![pub](ident.span())), rest))
                }
                _ => Err(cursor.error("expected `pub`")),
            })
        }
        _ => Ok(Visibility::Inherited),
    }
}

/// A named field's name and colon: an identifier that is not a keyword
/// (syn reads `_: struct {..}` fields and reports the others) and a `:`
/// standing alone, the stream moved past them; `None` for anything else.
fn name_and_colon(input: ParseStream) -> Option<(Ident, Token![:])> {
    input
        .step(|cursor| {
            let found = segment_ident(*cursor).and_then(|(ident, rest)| match rest.token_tree() {
                Some((TokenTree::Punct(colon), rest))
                    if colon.as_char() == ':' && colon.spacing() == Spacing::Alone =>
                {
                    Some(((ident, Token![:](colon.span())), rest))
                }
                _ => None,
            });
            found.ok_or_else(|| cursor.error(""))
        })
        .ok()
}

/// A field's type when it is a plain path followed by the end of the field
/// (a comma or the end of the fields), the stream moved past it.
fn field_type(input: ParseStream) -> Option<Type> {
    input
        .step(|cursor| match path_type(*cursor) {
            Some((ty, rest)) if rest.eof() || is_punct(rest, ',') => Ok((ty, rest)),
            _ => Err(cursor.error("")),
        })
        .ok()
}

/// A path type with type arguments (`a::b::C<D, E<F>>`, with or without a
/// leading `::`), built as syn builds it, and the cursor after it; `None` at
/// the first token outside that grammar (a lifetime, a reference, a tuple, a
/// keyword, a turbofish, an associated type, a macro, `_`, a
/// `None`-delimited group from a `macro_rules!` fragment...). The caller
/// checks that what follows ends the type: syn would read `A + B` or
/// `Fn(A) -> B` as something else.
fn path_type(cursor: Cursor) -> Option<(Type, Cursor)> {
    path_type_within(cursor, MAX_DEPTH)
}

/// How deep type arguments may nest before the type is left to syn (which
/// then fails, or overflows the stack, exactly as it did before this path).
const MAX_DEPTH: usize = 64;

fn path_type_within(cursor: Cursor, depth: usize) -> Option<(Type, Cursor)> {
    let depth = depth.checked_sub(1)?;
    let (path, rest) = path(cursor, depth)?;
    Some((
        Type::Path(syn::TypePath {
            attrs: Vec::new(),
            qself: None,
            path,
        }),
        rest,
    ))
}

fn path(mut cursor: Cursor, depth: usize) -> Option<(syn::Path, Cursor)> {
    let mut path = syn::Path {
        leading_colon: None,
        segments: Punctuated::new(),
    };
    if let Some((sep, rest)) = path_sep(cursor) {
        path.leading_colon = Some(sep);
        cursor = rest;
    }
    loop {
        let (ident, rest) = segment_ident(cursor)?;
        cursor = rest;
        let arguments = match punct(cursor, '<') {
            Some((lt, rest)) => {
                let (args, rest) = angle_bracketed(lt, rest, depth)?;
                cursor = rest;
                syn::PathArguments::AngleBracketed(args)
            }
            None => syn::PathArguments::None,
        };
        path.segments
            .push_value(syn::PathSegment { ident, arguments });
        match path_sep(cursor) {
            // `a::<T>` and `a::(..)` are syn's.
            Some((sep, rest)) if segment_ident(rest).is_some() => {
                path.segments.push_punct(sep);
                cursor = rest;
            }
            Some(_) => return None,
            None => return Some((path, cursor)),
        }
    }
}

/// The type arguments after a `<`, up to and with the closing `>`.
fn angle_bracketed(
    lt: proc_macro2::Punct,
    mut cursor: Cursor,
    depth: usize,
) -> Option<(syn::AngleBracketedGenericArguments, Cursor)> {
    let mut args = Punctuated::new();
    loop {
        if let Some((gt, rest)) = punct(cursor, '>') {
            return Some((
                syn::AngleBracketedGenericArguments {
                    colon2_token: None,
                    lt_token: Token![<](lt.span()),
                    args,
                    gt_token: Token![>](gt.span()),
                },
                rest,
            ));
        }
        let (ty, rest) = path_type_within(cursor, depth)?;
        args.push_value(syn::GenericArgument::Type(ty));
        cursor = rest;
        if let Some((comma, rest)) = punct(cursor, ',') {
            args.push_punct(Token![,](comma.span()));
            cursor = rest;
        } else if punct(cursor, '>').is_none() {
            return None;
        }
    }
}

/// A path segment's name: an identifier that is not a keyword (syn reads
/// `self`, `Self`, `crate`, `super` and `_` in its own ways).
fn segment_ident(cursor: Cursor) -> Option<(Ident, Cursor)> {
    match cursor.token_tree()? {
        (TokenTree::Ident(ident), rest) if !is_keyword(&ident) => Some((ident, rest)),
        _ => None,
    }
}

/// `::`: a joint `:` and a `:`, neither inside a `None`-delimited group.
fn path_sep(cursor: Cursor) -> Option<(Token![::], Cursor)> {
    let (TokenTree::Punct(first), rest) = cursor.token_tree()? else {
        return None;
    };
    if first.as_char() != ':' || first.spacing() != Spacing::Joint {
        return None;
    }
    let (second, rest) = punct(rest, ':')?;
    Some((Token![::]([first.span(), second.span()]), rest))
}

/// The punctuation `ch` (any spacing), not inside a `None`-delimited group.
fn punct(cursor: Cursor, ch: char) -> Option<(proc_macro2::Punct, Cursor)> {
    match cursor.token_tree()? {
        (TokenTree::Punct(p), rest) if p.as_char() == ch => Some((p, rest)),
        _ => None,
    }
}

fn is_punct(cursor: Cursor, ch: char) -> bool {
    punct(cursor, ch).is_some()
}

/// The words syn's `Ident` parser refuses (Rust's keywords, and `_`; the
/// unit test `keywords_as_syn_reads_them` holds syn's list): syn
/// reads `self`, `Self`, `crate`, `super`, `dyn`, `impl`, `fn`, `_` and
/// `builtin # ..` types its own way, and a keyword anywhere else is its
/// error to report.
fn is_keyword(ident: &Ident) -> bool {
    is_keyword_name(&ident.to_string())
}

/// [`is_keyword`] on a printed name.
pub(crate) fn is_keyword_name(name: &str) -> bool {
    // By first letter: most type names start with a capital, and a `match`
    // over all fifty words costs an unoptimized derive a comparison each.
    match name.as_bytes().first() {
        Some(b'_') => name == "_",
        Some(b'a') => matches!(name, "abstract" | "as" | "async" | "await"),
        Some(b'b') => matches!(name, "become" | "box" | "break"),
        Some(b'c') => matches!(name, "const" | "continue" | "crate"),
        Some(b'd') => matches!(name, "do" | "dyn"),
        Some(b'e') => matches!(name, "else" | "enum" | "extern"),
        Some(b'f') => matches!(name, "false" | "final" | "fn" | "for"),
        Some(b'i') => matches!(name, "if" | "impl" | "in"),
        Some(b'l') => matches!(name, "let" | "loop"),
        Some(b'm') => matches!(name, "macro" | "match" | "mod" | "move" | "mut"),
        Some(b'o') => name == "override",
        Some(b'p') => matches!(name, "priv" | "pub"),
        Some(b'r') => matches!(name, "ref" | "return"),
        Some(b'S') => name == "Self",
        Some(b's') => matches!(name, "self" | "static" | "struct" | "super"),
        Some(b't') => matches!(name, "trait" | "true" | "try" | "type" | "typeof"),
        Some(b'u') => matches!(name, "unsafe" | "unsized" | "use"),
        Some(b'v') => name == "virtual",
        Some(b'w') => matches!(name, "where" | "while"),
        Some(b'y') => name == "yield",
        _ => false,
    }
}

#[cfg(test)]
mod tests;
