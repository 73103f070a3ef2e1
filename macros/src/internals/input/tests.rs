//! Both parsers, ours and syn's, on every input: the same tree or the same
//! error.

use syn::parse::Parser as _;

/// A doc attribute's literal as syn's parser classifies it (the derive's
/// parser hands it over as `Lit::Verbatim`, on purpose: `internals::doc`).
fn classified(mut input: syn::DeriveInput) -> syn::DeriveInput {
    fn attrs(attrs: &mut [syn::Attribute]) {
        for attr in attrs {
            if let syn::Meta::NameValue(nv) = &mut attr.meta
                && let syn::Expr::Lit(syn::ExprLit { lit, .. }) = &mut nv.value
                && let syn::Lit::Verbatim(token) = lit
            {
                assert!(nv.path.is_ident("doc"), "a verbatim literal outside a doc");
                *lit = syn::Lit::new(token.clone());
            }
        }
    }
    fn fields(fields: &mut syn::Fields) {
        for field in fields.iter_mut() {
            attrs(&mut field.attrs);
        }
    }
    attrs(&mut input.attrs);
    match &mut input.data {
        syn::Data::Struct(s) => fields(&mut s.fields),
        syn::Data::Enum(e) => e.variants.iter_mut().for_each(|v| {
            attrs(&mut v.attrs);
            fields(&mut v.fields);
        }),
        syn::Data::Union(u) => u.fields.named.iter_mut().for_each(|f| attrs(&mut f.attrs)),
    }
    input
}

/// Both parsers on one input: the same tree, or the same error.
fn same(source: &str) {
    let ours = super::derive_input.parse_str(source).map(classified);
    let syns = syn::parse_str::<syn::DeriveInput>(source);
    match (ours, syns) {
        (Ok(ours), Ok(syns)) => assert_eq!(ours, syns, "{source}"),
        (Err(ours), Err(syns)) => assert_eq!(ours.to_string(), syns.to_string(), "{source}"),
        (ours, syns) => panic!("{source}: ours {ours:?}, syn's {syns:?}"),
    }
}

/// Field types the fast path builds, and types it leaves to syn (each
/// alone, as an argument, and followed by another field).
const TYPES: &[&str] = &[
    // Built here.
    "u64",
    "String",
    "Option<String>",
    "Option<Vec<String>>",
    "Vec<Vec<u8>>",
    "Option<Option<Vec<u8>>>",
    "std::collections::HashMap<String, Vec<u8>>",
    "::std::option::Option<u8>",
    "chrono::DateTime<chrono::Utc>",
    "Vec<String,>",
    "HashMap<String,Vec<u8>,>",
    "r#type",
    "Vec<r#type>",
    "a::B<C>::D<E>",
    "union",
    "gen",
    "Größe",
    "Vec<>",
    // syn's.
    "&'a str",
    "&str",
    "Cow<'a, str>",
    "[u8; 4]",
    "[String]",
    "(u8, String)",
    "()",
    "(u8)",
    "Box<dyn Fn(u8) -> u8 + Send>",
    "fn(u8) -> u8",
    "Vec<_>",
    "_",
    "<T as Trait>::Assoc",
    "Vec::<u8>",
    "a::<u8>::B",
    "impl Trait",
    "Self",
    "Option<Box<Self>>",
    "crate::A",
    "super::A",
    "self::A",
    "Box<Error + Send>",
    "Error + Send",
    "mac!()",
    "Vec<mac!()>",
    "Iterator<Item = u8>",
    "Foo<3>",
    "Foo<{ N }>",
    "Foo<'static>",
    "!",
    "*const u8",
    "dyn Trait",
    "Option<fn()>",
    "Fn(u8)",
    "Option<Fn(u8) -> u8>",
    "builtin # type_of(x)",
    "dyn* Trait",
    "for<'a> fn(&'a u8)",
    "unsafe fn()",
    "extern \"C\" fn()",
    "Vec<u8 >",
    "Vec<u8>>",
    "Vec<u8",
    "Vec<,>",
    "Vec<u8,,>",
    "a::",
    "::",
    "a:::b",
    "a: :b",
    "Vec<<T as A>::B>",
    "Vec<=u8>",
    "Option<async>",
    "std::option::Option<fn>",
    "",
];

#[test]
fn field_types_as_syn_reads_them() {
    for ty in TYPES {
        same(&format!("struct S {{ a: {ty} }}"));
        same(&format!("struct S {{ a: {ty}, }}"));
        same(&format!("struct S {{ pub a: Vec<{ty}>, b: u8 }}"));
        same(&format!(
            "struct S {{ a: {ty}, #[serde(default)] b: Option<{ty}> }}"
        ));
        same(&format!("struct S({ty});"));
        same(&format!("struct S(pub {ty}, {ty},);"));
        same(&format!(
            "pub(crate) struct S<T: Clone>(Option<{ty}>) where T: Copy;"
        ));
        same(&format!(
            "enum E {{ A {{ a: {ty} }}, B({ty}), C = 3, #[serde(other)] pub D }}"
        ));
        same(&format!("union U {{ a: {ty} }}"));
    }
}

#[test]
fn inputs_as_syn_reads_them() {
    for source in [
        "/// A doc.\n#[serde(rename_all = \"camelCase\")]\npub struct S {\n    /// The id.\n    #[serde(default)]\n    pub id: u64,\n    pub(crate) name: String,\n}",
        "struct S;",
        "struct S {}",
        "struct S ()",
        "struct S();",
        "struct S<T> where T: Clone { a: T }",
        "struct S<'a, T: 'a, const N: usize> { a: &'a [T; N], b: Vec<T> }",
        "struct S { a: u8 = 3, b: String }",
        "struct S { _: struct { a: u8 }, b: u8 }",
        "struct S { a u8 }",
        "struct S { a: }",
        "struct S { a: u8 b: u8 }",
        "struct S { a: u8,, }",
        "struct S { pub(in crate::x) a: u8 }",
        "struct S { #[doc = \"x\"] #[cfg(test)] a: u8 }",
        "struct S(u8 = 3);",
        "struct S(u8) where u8: Copy;",
        "struct S { a: u8 } trailing",
        "enum E { A = 1, B(u8), C { a: Vec<u8> } }",
        "enum E where Self: Sized { A }",
        "enum E { A(u8) = 1, B { a: u8 } = 2, C }",
        "enum E { A(u8), B { a: u8 } C }",
        "enum E { A(u8 = 1), B { a: u8 = 2 } }",
        "enum E { pub A, pub(crate) B(u8) }",
        "enum E { A = , B }",
        "enum E { r#type { r#fn: r#type } }",
        "union U { a: u8, b: f32 }",
        "fn f() {}",
        "",
    ] {
        same(source);
    }
}

/// syn's list (`syn::ident::parsing::accept_as_ident`), and words it
/// takes as identifiers.
/// Attributes the fast path builds, and ones it leaves to syn, on the
/// container, a field, a tuple field and a variant.
#[test]
fn attributes_as_syn_reads_them() {
    for attr in [
        "#[serde(default)]",
        "#[serde(default, skip_serializing_if = \"Vec::is_empty\")]",
        "#[serde]",
        "#[serde[x]]",
        "#[serde{x}]",
        "#[serde()]",
        "#[doc = \"A doc.\"]",
        "#[doc = r\"A raw doc.\"]",
        "#[doc = r#\"A \"raw\" doc.\"#]",
        "#[doc = \"\\\"escaped\\\" \\u{e9}\"]",
        "#[doc = b\"bytes\"]",
        "#[doc = 'c']",
        "#[doc = 3]",
        "#[doc = 3.5e2f64]",
        "#[doc = -3]",
        "#[doc = true]",
        "#[doc = \"a\" \"b\"]",
        "#[doc = concat!(\"a\")]",
        "#[doc = x]",
        "#[doc =]",
        "#[doc == \"a\"]",
        "#[doc => \"a\"]",
        "#[doc(hidden)]",
        "#[doc(hidden) extra]",
        "#[serde(default) = 1]",
        "#[serde::x]",
        "#[::serde]",
        "#[crate::x(y)]",
        "#[self]",
        "#[unsafe(no_mangle)]",
        "#[unsafe]",
        "#[r#type(x)]",
        "#[größe]",
        "#[]",
        "#[3]",
        "#[\"a\"]",
        "#![inner]",
        "#",
        "#[a] #[b = \"c\"] #[d::e] #[f(g)]",
        "#[a::b] #[c(d)]",
        "/** block doc */",
        "/// line doc",
    ] {
        same(&format!("{attr} struct S {{ {attr} a: u8 }}"));
        same(&format!("{attr}\nstruct S({attr} pub u8, {attr} String);"));
        same(&format!(
            "enum E {{ {attr} A {{ {attr} a: u8 }}, {attr} B }}"
        ));
    }
}

#[test]
fn keywords_as_syn_reads_them() {
    let keywords = "_ abstract as async await become box break const continue crate do dyn \
        else enum extern false final fn for if impl in let loop macro match mod move mut \
        override priv pub ref return Self self static struct super trait true try type \
        typeof unsafe unsized use virtual where while yield";
    for word in keywords.split_whitespace() {
        let ident = proc_macro2::Ident::new(word, proc_macro2::Span::call_site());
        assert!(super::is_keyword(&ident), "{word}");
        assert!(syn::parse_str::<syn::Ident>(word).is_err(), "{word}");
    }
    for word in [
        "union",
        "gen",
        "auto",
        "default",
        "macro_rules",
        "raw",
        "safe",
        "Selfish",
        "selfie",
        "u8",
        "String",
        "r#type",
        "a",
        "Z",
        "_a",
        "Größe",
        "écrire",
    ] {
        let ident: syn::Ident = syn::parse_str(word).expect(word);
        assert!(!super::is_keyword(&ident), "{word}");
        same(&format!("struct S {{ a: {word}, b: Vec<{word}> }}"));
    }
}

#[test]
fn a_hundred_thousand_fields_and_a_deep_type() {
    let fields: String = (0..100_000)
        .map(|i| format!("f{i}: Vec<u{}>, ", i % 64))
        .collect();
    same(&format!("struct S {{ {fields} }}"));
    // Deeper than the fast path goes (it leaves those to syn), on a
    // stack of the size rustc gives a derive.
    let deep = |depth| format!("{}u8{}", "Vec<".repeat(depth), ">".repeat(depth));
    let source = format!("struct S {{ a: {}, b: Option<{}> }}", deep(63), deep(100));
    let run = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || same(&source));
    assert!(run.expect("a thread").join().is_ok());
}

// A red-team review's cases (session 19): hand-built token streams
// (`None`-delimited groups, spacing no source text can spell), keywords in
// every position, malformed attributes, types and inputs. Each case must
// agree: the same tree or the same error message, and no panic.

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

fn cmp_ts(label: &str, tokens: TokenStream) -> Result<String, String> {
    let t2 = tokens.clone();
    let ours = std::panic::catch_unwind(move || {
        super::derive_input
            .parse2(t2)
            .map(classified)
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

#[test]
fn probe_attrs() {
    let mut r = Vec::new();
    let names = [
        "type",
        "_",
        "true",
        "false",
        "fn",
        "struct",
        "dyn",
        "async",
        "Self",
        "self",
        "crate",
        "super",
        "unsafe",
        "r#unsafe",
        "r#type",
        "try",
        "union",
        "gen",
        "where",
        "in",
        "static",
        "macro_rules",
        "default",
        "async",
        "await",
    ];
    for n in names {
        for form in ["#[{}]", "#[{}(x)]", "#[{} = \"x\"]", "#[{}[x]]", "#[{}{x}]"] {
            let a = form.replace("{}", n);
            r.push(cmp(&format!("{a} struct S;")));
            r.push(cmp(&format!("struct S {{ {a} a: u8 }}")));
            r.push(cmp(&format!("struct S({a} u8);")));
            r.push(cmp(&format!("enum E {{ {a} A }}")));
        }
    }
    for a in [
        "#[doc = c\"x\"]",
        "#[doc = cr\"x\"]",
        "#[doc = b'x']",
        "#[doc = br\"x\"]",
        "#[doc = 1u8]",
        "#[doc = 1.0]",
        "#[doc = 1e3]",
        "#[doc = \"x\"suffix]",
        "#[doc = 0x1F]",
        "#[doc = -1.5]",
        "#[doc = - 1]",
        "#[doc = false]",
        "#[doc = 'a']",
        "#[doc = 1_000]",
        "#[doc = \"\"]",
        "#[doc = r##\"a\"##]",
        "#[doc = \"a\", b]",
        "#[doc = \"a\";]",
        "#[doc = \"a\" = 1]",
        "#[doc = #[x]]",
        "#[doc = (1)]",
        "#[doc = {1}]",
        "#[doc(a)(b)]",
        "#[doc()]",
        "#[doc ()]",
        "#[doc!]",
        "#[doc!(x)]",
        "#[doc::]",
        "#[doc::x(y) = 1]",
        "#[a::b = \"c\"]",
        "#[::a]",
        "#[a::b::c]",
        "#[a:: b]",
        "#[unsafe(a)]",
        "#[unsafe(a) = 1]",
        "#[unsafe = 1]",
        "#[unsafe::a]",
        "#[unsafe[a]]",
        "#[r#unsafe(a)]",
        "#[self::a]",
        "#[Self(x)]",
        "#[crate = \"x\"]",
        "#[cfg_attr(a, b)]",
        "#[a] #[type] #[b]",
        "#[a = 1] #![b]",
        "#[a] # [b]",
        "# [a]",
        "#[a]#[b]",
        "#[doc = 'a]",
        "#[doc = 'a b]",
        "#[doc = ..]",
        "#[doc = -]",
        "#[doc = \"a\" + \"b\"]",
        "#[doc <= 1]",
        "#[doc >= 1]",
        "#[doc != 1]",
        "#[doc = = 1]",
        "#[doc =! 1]",
        "#[ doc = \"x\" ]",
        "#[__]",
        "#[_a]",
        "#[größe = \"x\"]",
    ] {
        r.push(cmp(&format!("{a} struct S;")));
        r.push(cmp(&format!("struct S {{ {a} a: u8 }}")));
        r.push(cmp(&format!("struct S({a} u8);")));
        r.push(cmp(&format!("enum E {{ {a} A, B = 1 }}")));
        r.push(cmp(&format!("{a} union U {{ {a} a: u8 }}")));
    }
    for s in [
        "/// doc\nstruct S;",
        "/** doc */ struct S;",
        "//! inner\nstruct S;",
        "/*! inner */ struct S;",
        "struct S { /// doc\n a: u8 }",
        "struct S { //! doc\n a: u8 }",
        "enum E { /// doc\n A }",
        "struct S(/// d\n u8);",
    ] {
        r.push(cmp(s));
    }
    report(r);
}
#[test]
fn probe_types() {
    let mut r = Vec::new();
    let types = [
        "a::b::C<D, E>",
        "::a",
        "::a::b<c>",
        "a::b::",
        "a ::b",
        "a:: b",
        "a::b::c::d::e::f",
        "Self",
        "self",
        "crate",
        "super",
        "r#Self2",
        "Vec<Self>",
        "Vec<self>",
        "Vec<crate::A>",
        "a::self",
        "a::super",
        "a::crate",
        "a::Self",
        "a::try",
        "try",
        "r#try",
        "a::r#try",
        "builtin",
        "Vec<builtin>",
        "builtin # x",
        "builtin #x()",
        "a::builtin",
        "union",
        "Vec<union>",
        "macro_rules",
        "auto",
        "default",
        "safe",
        "raw",
        "gen",
        "async",
        "r#async",
        "r#dyn",
        "r#impl",
        "r#fn",
        "r#unsafe",
        "r#extern",
        "r#for",
        "r#union",
        "r#struct",
        "r#where",
        "r#in",
        "r#true",
        "r#false",
        "Vec<r#true>",
        "Vec<true>",
        "Vec<false>",
        "Vec<-1>",
        "Vec<1>",
        "Vec<\"a\">",
        "Vec<'a>",
        "Vec<'a + Send>",
        "Vec<T, 'a>",
        "Vec<T, 3>",
        "Vec<T: Clone>",
        "Vec<T = u8>",
        "Vec<T<u8> = u8>",
        "Vec<T<u8>: A>",
        "Vec<a::T = u8>",
        "Vec<::T = u8>",
        "Vec<T::U: A>",
        "Vec<u8>::Assoc",
        "Vec<u8>::Assoc<T>",
        "Vec::<u8>::Assoc",
        "a::b<>::c<>",
        "A<B<C<D<E>>>>",
        "A<B<C>,D<E>>",
        "A<B,C,>",
        "A<B<C,>,>",
        "A<B>>C",
        "A<<B>",
        "A<B<",
        "A<B,,C>",
        "A<,B>",
        "A<B C>",
        "A<B::>",
        "A<::B>",
        "A<::>",
        "A<B><C>",
        "A B",
        "A<B>(C)",
        "A(B)",
        "A<B(C)>",
        "A<B() -> C>",
        "A::B(C)",
        "A::(B)",
        "A<B>::(C)",
        "A!",
        "A!()",
        "A::B!()",
        "A<B>!()",
        "A<B!()>",
        "A<B!>",
        "A != B",
        "A + B",
        "A<B + C>",
        "A<B> + C",
        "A<'a + B>",
        "A<?Sized>",
        "A<dyn B>",
        "A<impl B>",
        "A<&B>",
        "A<*const B>",
        "A<[B]>",
        "A<(B)>",
        "A<(B,)>",
        "A<()>",
        "A<!>",
        "A<_>",
        "A<fn()>",
        "A<for<'a> B<'a>>",
        "A<B> where",
        "A<B>;",
        "A<B> B",
        "A<B>: C",
        "A<B> = 1",
        "A = 1",
        "A: B",
        "A<B>= 1",
        "A<B>>= 1",
        "A<=B",
        "A<<=B",
        "A< =B",
        "A<B>=C>",
        "A<B>>=C",
        "A<B>>",
        "A<{ 1 }>",
        "A<{}>",
        "A<B, {1}>",
        "A<B = {1}>",
        "A<B = 1>",
        "A<B: 'a>",
        "A<B::C<D> = E>",
        "Größe<Größe>",
        "ŝ::ŝ",
        "A<ä, ö>",
        "_a::_b<_c>",
        "__",
        "r#_a",
        "A<<B as C>::D>",
        "<A>::B",
        "<A as B>::C<D>",
        "A<<B>::C>",
        "(A)",
        "(A,)",
        "(A, B)",
        "[A; 3]",
        "[A]",
        "&A",
        "&mut A",
        "&'a A",
        "*mut A",
        "fn(A) -> B",
        "unsafe<'a> A",
        "impl A",
        "dyn A",
        "dyn* A",
        "for<'a> A<'a>",
        "!",
        "_",
        "A::B::C<D>::E<F>::G",
        "a::b<c>::d<e>",
        "A<B>::C<D>::<E>",
    ];
    for ty in types {
        r.push(cmp(&format!("struct S {{ a: {ty} }}")));
        r.push(cmp(&format!("struct S {{ a: {ty}, }}")));
        r.push(cmp(&format!("struct S {{ a: {ty}, b: u8 }}")));
        r.push(cmp(&format!("struct S {{ a: Vec<{ty}>, b: u8 }}")));
        r.push(cmp(&format!("struct S {{ a: A<B, {ty}> }}")));
        r.push(cmp(&format!("struct S({ty});")));
        r.push(cmp(&format!("struct S({ty}, u8);")));
        r.push(cmp(&format!("struct S(pub {ty});")));
        r.push(cmp(&format!("enum E {{ A({ty}), B {{ b: {ty} }}, C }}")));
        r.push(cmp(&format!(
            "enum E {{ A({ty}) = 1, B {{ b: {ty} }} = 2 }}"
        )));
        r.push(cmp(&format!("struct S {{ a: {ty} = 1 }}")));
        r.push(cmp(&format!("struct S({ty} = 1);")));
    }
    // deep
    for depth in [62usize, 63, 64, 65, 66, 100] {
        let deep = format!("{}u8{}", "Vec<".repeat(depth), ">".repeat(depth));
        let s = format!("struct S {{ a: {deep}, b: ({deep}) }}");
        let h = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || cmp(&s))
            .unwrap();
        r.push(
            h.join()
                .unwrap_or_else(|_| Err(format!("deep {depth} panicked"))),
        );
    }
    report(r);
}

#[test]
fn probe_misc() {
    let mut r = Vec::new();
    for s in [
        "struct S { _: struct { a: u8 }, b: u8 }",
        "struct S { _: union { a: u8 } }",
        "struct S { _: u8 }",
        "struct S { _: union }",
        "struct S { pub _: struct { a: u8 } }",
        "struct S { a: u8 = 1, b: u8 = 2, }",
        "struct S { a: Vec<u8> = vec![] }",
        "struct S { a: u8 = }",
        "struct S { a: u8 = 1 + }",
        "struct S(u8 = 1, u8);",
        "struct S(pub(crate) u8);",
        "struct S(pub (crate) u8);",
        "struct S(pub (crate::A));",
        "struct S(pub (A, B));",
        "struct S(pub(in a::b) u8);",
        "struct S(pub(self) u8, pub(super) u8);",
        "struct S { pub(crate) a: u8, pub(in crate) b: u8, pub(in ::a) c: u8 }",
        "struct S { pub(x) a: u8 }",
        "struct S { pub() a: u8 }",
        "struct S { r#type: u8, r#fn: r#type }",
        "struct S { type: u8 }",
        "struct S { self: u8 }",
        "struct S { Self: u8 }",
        "struct S { größe: u8 }",
        "struct S { a:: u8 }",
        "struct S { a::b: u8 }",
        "struct S { a: : u8 }",
        "struct S { a:::b }",
        "struct S { a::::b }",
        "struct S { a :u8 }",
        "struct S { a: u8, , }",
        "struct S { , }",
        "struct S { a: u8; }",
        "struct S { a: u8 b }",
        "struct S { #[a] }",
        "struct S { #[a] , }",
        "struct S(,);",
        "struct S(u8,,);",
        "struct S(#[a]);",
        "struct S(u8) u8;",
        "struct S(u8)",
        "struct S(u8); extra",
        "struct S(u8) where;",
        "struct S(u8) where T: A,;",
        "struct S where { a: u8 }",
        "struct S where T: A { a: u8 }",
        "struct S where T: A;",
        "struct S where T: A (u8);",
        "struct S<T> where T: A, { a: T }",
        "struct S<T = u8> { a: T }",
        "struct S<'a: 'b, T: 'a + ?Sized, const N: usize = 3> { a: [T; N] }",
        "struct S<> { a: u8 }",
        "struct S<T,> (T);",
        "struct S<#[a] T> { a: T }",
        "struct S<T: for<'a> Fn(&'a u8)> { a: T }",
        "enum E {}",
        "enum E { , }",
        "enum E { A, }",
        "enum E { A B }",
        "enum E { A = 1 + 2, B = -1, C = 'c' as isize, D = { 3 }, E = f() }",
        "enum E { A = }",
        "enum E { A(u8) = 1, }",
        "enum E { A { a: u8 } = 1 }",
        "enum E { A(u8) B }",
        "enum E { A(u8), B { b: u8, }, C(,) }",
        "enum E { pub(crate) A(u8) }",
        "enum E { pub(in a) A }",
        "enum E { #[a] pub A }",
        "enum E { A(pub u8) }",
        "enum E { A { pub a: u8 } }",
        "enum E { r#type, r#enum(u8) }",
        "enum E { type }",
        "enum E { Self }",
        "enum E { _ }",
        "enum E { A == 1 }",
        "enum E { A => 1 }",
        "enum E { A = 1 = 2 }",
        "enum E { A { a: u8 = 1 } }",
        "enum E { A(u8 = 1) }",
        "enum E { A { _: struct { a: u8 } } }",
        "enum E<T> where T: A { A(T) }",
        "enum E where { A }",
        "enum E { A(u8); }",
        "enum E { A }; ",
        "enum E;",
        "union U { a: u8 }",
        "union U;",
        "union U(u8);",
        "union U<T> where T: Copy { a: T }",
        "union U { a: u8 = 1 }",
        "union U { #[type] a: u8 }",
        "pub struct S;",
        "pub(crate) struct S;",
        "pub(in a::b) enum E {}",
        "crate struct S;",
        "pub pub struct S;",
        "struct r#S;",
        "struct S",
        "struct",
        "struct 1;",
        "struct type;",
        "struct Self;",
        "struct _;",
        "#[a] pub(crate) struct S<T: A> where T: B { #[b] pub a: T, #[c(d)] b: Vec<T> }",
        "struct S { a: u8 } struct T;",
        "fn f() {}",
        "impl S {}",
        "#[a]",
        "#[a] #[b]",
        "pub",
        "",
    ] {
        r.push(cmp(s));
    }
    report(r);
}
#[test]
fn probe_none_groups() {
    let mut r = Vec::new();
    let mut t = |label: &str, tokens: TokenStream| r.push(cmp_ts(label, tokens));
    let st = |inner: Vec<Vec<TokenTree>>| cat(vec![src("struct S"), vec![braced(cat(inner))]]);
    let tup = |inner: Vec<Vec<TokenTree>>| {
        cat(vec![
            src("struct S"),
            vec![g(Delimiter::Parenthesis, cat(inner))],
            src(";"),
        ])
    };
    let en = |inner: Vec<Vec<TokenTree>>| cat(vec![src("enum E"), vec![braced(cat(inner))]]);
    t("a: ⟦Vec<u8>⟧", st(vec![src("a:"), vec![none("Vec<u8>")]]));
    t(
        "a: Vec<⟦u8⟧>",
        st(vec![src("a: Vec<"), vec![none("u8")], src(">")]),
    );
    t(
        "a: ⟦Vec⟧<u8>",
        st(vec![src("a:"), vec![none("Vec")], src("<u8>")]),
    );
    t(
        "a: ⟦Vec⟧::<u8>",
        st(vec![src("a:"), vec![none("Vec")], src("::<u8>")]),
    );
    t(
        "a: ⟦a::b⟧::C",
        st(vec![src("a:"), vec![none("a::b")], src("::C")]),
    );
    t(
        "a: ⟦u8⟧::C",
        st(vec![src("a:"), vec![none("u8")], src("::C")]),
    );
    t(
        "a: ⟦&u8⟧::C",
        st(vec![src("a:"), vec![none("&u8")], src("::C")]),
    );
    t("⟦a: Vec⟧<u8>", st(vec![vec![none("a: Vec")], src("<u8>")]));
    t("⟦a: Vec<⟧u8>", st(vec![vec![none("a: Vec<")], src("u8>")]));
    t("⟦a: Vec<u8⟧>", st(vec![vec![none("a: Vec<u8")], src(">")]));
    t("⟦a: a:⟧:b", st(vec![vec![none("a: a:")], src(":b")]));
    t("a: a ⟦::b⟧", st(vec![src("a: a"), vec![none("::b")]]));
    t("⟦a⟧: u8", st(vec![vec![none("a")], src(": u8")]));
    t("a ⟦:⟧ u8", st(vec![src("a"), vec![none(":")], src("u8")]));
    t("a ⟦: u8⟧", st(vec![src("a"), vec![none(": u8")]]));
    t(
        "a: u8 ⟦,⟧ b: u8",
        st(vec![src("a: u8"), vec![none(",")], src("b: u8")]),
    );
    t(
        "a: u8 ⟦, b⟧: u8",
        st(vec![src("a: u8"), vec![none(", b")], src(": u8")]),
    );
    t(
        "a: u8 ⟦, b: Vec⟧<u8>",
        st(vec![src("a: u8"), vec![none(", b: Vec")], src("<u8>")]),
    );
    t("a: u8 ⟦⟧", st(vec![src("a: u8"), vec![none("")]]));
    t(
        "a: u8 ⟦⟧, b: u8",
        st(vec![src("a: u8"), vec![none("")], src(", b: u8")]),
    );
    t("a: u8, ⟦⟧", st(vec![src("a: u8,"), vec![none("")]]));
    t("⟦⟧ a: u8", st(vec![vec![none("")], src("a: u8")]));
    t("⟦⟧", st(vec![vec![none("")]]));
    t("⟦pub⟧ a: u8", st(vec![vec![none("pub")], src("a: u8")]));
    t("⟦pub a⟧: u8", st(vec![vec![none("pub a")], src(": u8")]));
    t(
        "⟦pub a: Vec⟧<u8>",
        st(vec![vec![none("pub a: Vec")], src("<u8>")]),
    );
    t("⟦a: u8, b: u8⟧", st(vec![vec![none("a: u8, b: u8")]]));
    t(
        "⟦a: u8,⟧ b: u8",
        st(vec![vec![none("a: u8,")], src("b: u8")]),
    );
    t("⟦a: u8⟧ b: u8", st(vec![vec![none("a: u8")], src("b: u8")]));
    t(
        "⟦a: u8⟧, b: u8",
        st(vec![vec![none("a: u8")], src(", b: u8")]),
    );
    t(
        "a: ⟦⟦⟦u8⟧⟧⟧",
        st(vec![
            src("a:"),
            vec![g(
                Delimiter::None,
                ts(vec![g(Delimiter::None, ts(vec![none("u8")]))]),
            )],
        ]),
    );
    t(
        "a: Vec<u8 ⟦⟧>",
        st(vec![src("a: Vec<u8"), vec![none("")], src(">")]),
    );
    t(
        "a: Vec< ⟦⟧ u8>",
        st(vec![src("a: Vec<"), vec![none("")], src("u8>")]),
    );
    t(
        "a: Vec ⟦⟧ <u8>",
        st(vec![src("a: Vec"), vec![none("")], src("<u8>")]),
    );
    t(
        "a: Vec<u8, ⟦⟧>",
        st(vec![src("a: Vec<u8,"), vec![none("")], src(">")]),
    );
    t(
        "a: Vec<u8> ⟦⟧, b: u8",
        st(vec![src("a: Vec<u8>"), vec![none("")], src(", b: u8")]),
    );
    t(
        "a: ⟦a::⟧ b",
        st(vec![src("a:"), vec![none("a::")], src("b")]),
    );
    t(
        "a: Vec<⟦⟧>",
        st(vec![src("a: Vec<"), vec![none("")], src(">")]),
    );
    t(
        "a: a ⟦:⟧: b",
        st(vec![
            src("a: a"),
            vec![g(Delimiter::None, ts(vec![p(':', true)]))],
            src(": b"),
        ]),
    );
    t(
        "a: a:(joint) ⟦:⟧ b",
        st(vec![src("a: a"), vec![p(':', true), none(":")], src("b")]),
    );
    t(
        "a: Vec <(joint) ⟦=⟧ u8 >",
        st(vec![
            src("a: Vec"),
            vec![p('<', true), none("=")],
            src("u8 >"),
        ]),
    );
    t(
        "a: Vec <(joint) ⟦u8⟧ >",
        st(vec![
            src("a: Vec"),
            vec![p('<', true), none("u8")],
            src(">"),
        ]),
    );
    t(
        "a: Vec<u8 >(joint) ⟦=⟧ 1",
        st(vec![
            src("a: Vec<u8"),
            vec![p('>', true), none("=")],
            src("1"),
        ]),
    );
    // tuple
    t("(⟦u8⟧)", tup(vec![vec![none("u8")]]));
    t("(⟦pub u8⟧)", tup(vec![vec![none("pub u8")]]));
    t("(⟦pub⟧ u8)", tup(vec![vec![none("pub")], src("u8")]));
    t("(⟦⟧ u8)", tup(vec![vec![none("")], src("u8")]));
    t("(u8 ⟦⟧)", tup(vec![src("u8"), vec![none("")]]));
    t(
        "(⟦pub Vec⟧<u8>)",
        tup(vec![vec![none("pub Vec")], src("<u8>")]),
    );
    t(
        "(⟦pub (crate)⟧ u8)",
        tup(vec![vec![none("pub (crate)")], src("u8")]),
    );
    t(
        "(pub ⟦(crate)⟧ u8)",
        tup(vec![src("pub"), vec![none("(crate)")], src("u8")]),
    );
    t(
        "(pub ⟦(crate) u8⟧)",
        tup(vec![src("pub"), vec![none("(crate) u8")]]),
    );
    t("(pub ⟦(u8)⟧)", tup(vec![src("pub"), vec![none("(u8)")]]));
    t("(⟦u8, u16⟧)", tup(vec![vec![none("u8, u16")]]));
    t("(⟦#[a] u8⟧)", tup(vec![vec![none("#[a] u8")]]));
    t("(⟦#[a]⟧ u8)", tup(vec![vec![none("#[a]")], src("u8")]));
    // attributes
    let attr_cases: Vec<(&str, Vec<TokenTree>)> = vec![
        ("⟦#[a]⟧", vec![none("#[a]")]),
        (
            "# ⟦[a]⟧",
            cat(vec![src("#"), vec![none("[a]")]]).into_iter().collect(),
        ),
        (
            "#[⟦a⟧]",
            vec![p('#', false), g(Delimiter::Bracket, ts(vec![none("a")]))],
        ),
        (
            "#[⟦a⟧(x)]",
            vec![
                p('#', false),
                g(Delimiter::Bracket, cat(vec![vec![none("a")], src("(x)")])),
            ],
        ),
        (
            "#[⟦a⟧ = \"x\"]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![vec![none("a")], src("= \"x\"")]),
                ),
            ],
        ),
        (
            "#[a ⟦(x)⟧]",
            vec![
                p('#', false),
                g(Delimiter::Bracket, cat(vec![src("a"), vec![none("(x)")]])),
            ],
        ),
        (
            "#[a ⟦= \"x\"⟧]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![src("a"), vec![none("= \"x\"")]]),
                ),
            ],
        ),
        (
            "#[a = ⟦\"x\"⟧]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![src("a ="), vec![none("\"x\"")]]),
                ),
            ],
        ),
        (
            "#[a = ⟦-1⟧]",
            vec![
                p('#', false),
                g(Delimiter::Bracket, cat(vec![src("a ="), vec![none("-1")]])),
            ],
        ),
        (
            "#[a = ⟦true⟧]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![src("a ="), vec![none("true")]]),
                ),
            ],
        ),
        (
            "#[a ⟦⟧]",
            vec![
                p('#', false),
                g(Delimiter::Bracket, cat(vec![src("a"), vec![none("")]])),
            ],
        ),
        (
            "#[a = \"x\" ⟦⟧]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![src("a = \"x\""), vec![none("")]]),
                ),
            ],
        ),
        (
            "#[a ⟦⟧ = \"x\"]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![src("a"), vec![none("")], src("= \"x\"")]),
                ),
            ],
        ),
        (
            "#[⟦⟧ a]",
            vec![
                p('#', false),
                g(Delimiter::Bracket, cat(vec![vec![none("")], src("a")])),
            ],
        ),
        (
            "#[a(x) ⟦⟧]",
            vec![
                p('#', false),
                g(Delimiter::Bracket, cat(vec![src("a(x)"), vec![none("")]])),
            ],
        ),
        (
            "#[a ⟦⟧ (x)]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![src("a"), vec![none("")], src("(x)")]),
                ),
            ],
        ),
        (
            "#[a =(joint) \"x\"]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![src("a"), vec![p('=', true)], src("\"x\"")]),
                ),
            ],
        ),
        (
            "#[a =(joint) ⟦=⟧ \"x\"]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![src("a"), vec![p('=', true), none("=")], src("\"x\"")]),
                ),
            ],
        ),
        (
            "#[a =(joint) ⟦>⟧ \"x\"]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![src("a"), vec![p('=', true), none(">")], src("\"x\"")]),
                ),
            ],
        ),
        (
            "#[a = Lit(-3)]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![
                        src("a ="),
                        vec![TokenTree::Literal(Literal::i32_suffixed(-3))],
                    ]),
                ),
            ],
        ),
        (
            "#[a = Lit(-3 unsuffixed)]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![
                        src("a ="),
                        vec![TokenTree::Literal(Literal::i64_unsuffixed(-3))],
                    ]),
                ),
            ],
        ),
        (
            "#[a = Lit(-1.5)]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![
                        src("a ="),
                        vec![TokenTree::Literal(Literal::f64_unsuffixed(-1.5))],
                    ]),
                ),
            ],
        ),
        (
            "#[a = Lit(c\"x\")]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![
                        src("a ="),
                        vec![TokenTree::Literal(Literal::c_string(c"x"))],
                    ]),
                ),
            ],
        ),
        (
            "#[a = Lit(b\"x\")]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![
                        src("a ="),
                        vec![TokenTree::Literal(Literal::byte_string(b"x"))],
                    ]),
                ),
            ],
        ),
        (
            "#(joint)[a]",
            vec![p('#', true), g(Delimiter::Bracket, ts(src("a")))],
        ),
        (
            "#[⟦a⟧::b]",
            vec![
                p('#', false),
                g(Delimiter::Bracket, cat(vec![vec![none("a")], src("::b")])),
            ],
        ),
        (
            "#[r#type]",
            vec![
                p('#', false),
                g(Delimiter::Bracket, ts(vec![rawident("type")])),
            ],
        ),
        (
            "#[r#unsafe(x)]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![vec![rawident("unsafe")], src("(x)")]),
                ),
            ],
        ),
        (
            "#[a ⟦(x)⟧ (y)]",
            vec![
                p('#', false),
                g(
                    Delimiter::Bracket,
                    cat(vec![src("a"), vec![none("(x)")], src("(y)")]),
                ),
            ],
        ),
    ];
    for (label, attr) in attr_cases {
        t(
            &format!("{label} struct S;"),
            cat(vec![attr.clone(), src("struct S;")]),
        );
        t(
            &format!("struct S {{ {label} a: u8 }}"),
            st(vec![attr.clone(), src("a: u8")]),
        );
        t(
            &format!("struct S({label} u8);"),
            tup(vec![attr.clone(), src("u8")]),
        );
        t(
            &format!("enum E {{ {label} A }}"),
            en(vec![attr.clone(), src("A")]),
        );
        t(
            &format!("struct S {{ ⟦{label} a⟧: u8 }}"),
            st(vec![
                vec![g(
                    Delimiter::None,
                    ts(cat(vec![attr.clone(), src("a")]).into_iter().collect()),
                )],
                src(": u8"),
            ]),
        );
        t(
            &format!("struct S {{ a: u8 ⟦, {label} b⟧: u8 }}"),
            st(vec![
                src("a: u8"),
                vec![g(
                    Delimiter::None,
                    cat(vec![src(","), attr.clone(), src("b")]),
                )],
                src(": u8"),
            ]),
        );
    }
    // variants
    t("⟦A⟧ = 1", en(vec![vec![none("A")], src("= 1")]));
    t("A ⟦= 1⟧", en(vec![src("A"), vec![none("= 1")]]));
    t("⟦A = 1⟧", en(vec![vec![none("A = 1")]]));
    t("A(u8) ⟦⟧", en(vec![src("A(u8)"), vec![none("")]]));
    t("A ⟦⟧ = 1", en(vec![src("A"), vec![none("")], src("= 1")]));
    t("⟦A(u8)⟧, B", en(vec![vec![none("A(u8)")], src(", B")]));
    t("A ⟦(u8)⟧", en(vec![src("A"), vec![none("(u8)")]]));
    t("A ⟦{ a: u8 }⟧", en(vec![src("A"), vec![none("{ a: u8 }")]]));
    t("⟦pub⟧ A", en(vec![vec![none("pub")], src("A")]));
    t("⟦⟧ A", en(vec![vec![none("")], src("A")]));
    t("A, ⟦B, C⟧", en(vec![src("A,"), vec![none("B, C")]]));
    t("A ⟦, B = 1⟧", en(vec![src("A"), vec![none(", B = 1")]]));
    // top level
    t("⟦⟧ struct S;", cat(vec![vec![none("")], src("struct S;")]));
    t(
        "⟦pub⟧ struct S;",
        cat(vec![vec![none("pub")], src("struct S;")]),
    );
    t("⟦struct⟧ S;", cat(vec![vec![none("struct")], src("S;")]));
    t("struct S; ⟦⟧", cat(vec![src("struct S;"), vec![none("")]]));
    t("⟦struct S { a: u8 }⟧", ts(vec![none("struct S { a: u8 }")]));
    t(
        "struct S ⟦{ a: u8 }⟧",
        cat(vec![src("struct S"), vec![none("{ a: u8 }")]]),
    );
    t(
        "struct S ⟦(u8)⟧;",
        cat(vec![src("struct S"), vec![none("(u8)")], src(";")]),
    );
    // spacing-only hand-built
    let sp = |label: &str, ty: Vec<TokenTree>| (label.to_string(), ty);
    for (label, ty) in [
        sp(
            "a :(alone) :(alone) b",
            vec![ident("a"), p(':', false), p(':', false), ident("b")],
        ),
        sp(
            "a :(joint) :(joint) b",
            vec![ident("a"), p(':', true), p(':', true), ident("b")],
        ),
        sp(
            ":(joint) :(joint) a",
            vec![p(':', true), p(':', true), ident("a")],
        ),
        sp(
            ":(alone) :(alone) a",
            vec![p(':', false), p(':', false), ident("a")],
        ),
        sp(
            "Vec <(joint) u8 >",
            vec![ident("Vec"), p('<', true), ident("u8"), p('>', false)],
        ),
        sp(
            "Vec <(joint) =(alone) u8 >",
            vec![
                ident("Vec"),
                p('<', true),
                p('=', false),
                ident("u8"),
                p('>', false),
            ],
        ),
        sp(
            "Vec <(alone) =(alone) u8 >",
            vec![
                ident("Vec"),
                p('<', false),
                p('=', false),
                ident("u8"),
                p('>', false),
            ],
        ),
        sp(
            "Vec <(joint) <(joint) = u8 >",
            vec![
                ident("Vec"),
                p('<', true),
                p('<', true),
                p('=', false),
                ident("u8"),
                p('>', false),
            ],
        ),
        sp(
            "Vec <(alone) u8 >(joint)",
            vec![ident("Vec"), p('<', false), ident("u8"), p('>', true)],
        ),
        sp(
            "Vec < u8 >(joint) >(joint)",
            vec![
                ident("Vec"),
                p('<', false),
                ident("Vec"),
                p('<', false),
                ident("u8"),
                p('>', true),
                p('>', true),
            ],
        ),
        sp(
            "Vec < u8 ,(joint) >",
            vec![
                ident("Vec"),
                p('<', false),
                ident("u8"),
                p(',', true),
                p('>', false),
            ],
        ),
        sp(
            "a :(joint) :(alone) <(alone) u8 >",
            vec![
                ident("a"),
                p(':', true),
                p(':', false),
                p('<', false),
                ident("u8"),
                p('>', false),
            ],
        ),
        sp("r#type", vec![rawident("type")]),
        sp("r#dyn", vec![rawident("dyn")]),
        sp("r#impl", vec![rawident("impl")]),
        sp("r#fn", vec![rawident("fn")]),
        sp("r#unsafe", vec![rawident("unsafe")]),
        sp("r#extern", vec![rawident("extern")]),
        sp("r#for", vec![rawident("for")]),
        sp("r#builtin", vec![rawident("builtin")]),
        sp(
            "a::r#type<r#fn>",
            vec![
                ident("a"),
                p(':', true),
                p(':', false),
                rawident("type"),
                p('<', false),
                rawident("fn"),
                p('>', false),
            ],
        ),
        sp(
            "Vec <(alone) 'a(joint) b >",
            vec![
                ident("Vec"),
                p('<', false),
                p('\'', true),
                ident("b"),
                p('>', false),
            ],
        ),
        sp(
            "Vec <(alone) '(alone) b >",
            vec![
                ident("Vec"),
                p('<', false),
                p('\'', false),
                ident("b"),
                p('>', false),
            ],
        ),
        sp(
            "Vec <(alone) Lit(-1) >",
            vec![
                ident("Vec"),
                p('<', false),
                TokenTree::Literal(Literal::i32_unsuffixed(-1)),
                p('>', false),
            ],
        ),
    ] {
        t(
            &format!("struct S {{ a: {label} }}"),
            st(vec![src("a:"), ty.clone()]),
        );
        t(
            &format!("struct S {{ a: {label}, b: u8 }}"),
            st(vec![src("a:"), ty.clone(), src(", b: u8")]),
        );
        t(&format!("struct S({label});"), tup(vec![ty.clone()]));
        t(
            &format!("struct S(Option<{label}>);"),
            tup(vec![src("Option<"), ty.clone(), src(">")]),
        );
    }
    // named field colon spacing
    t(
        "a :(joint) u8",
        st(vec![vec![ident("a"), p(':', true), ident("u8")]]),
    );
    t(
        "a :(joint) :(alone) u8",
        st(vec![vec![
            ident("a"),
            p(':', true),
            p(':', false),
            ident("u8"),
        ]]),
    );
    t(
        "a :(joint) :(joint) :(alone) u8",
        st(vec![vec![
            ident("a"),
            p(':', true),
            p(':', true),
            p(':', false),
            ident("u8"),
        ]]),
    );
    t(
        "r#a: u8",
        st(vec![vec![rawident("a"), p(':', false), ident("u8")]]),
    );
    report(r);
}
#[test]
fn probe_unexpected_and_big() {
    let mut r = Vec::new();
    for s in [
        "struct S { #[a b] c: u8 }",
        "struct S(#[a b] u8, (u8 x));",
        "#[a b] struct S { a: (u8 x) }",
        "struct S { a: (u8 x), #[b c] d: u8 }",
        "struct S { a: [u8 x], b: (u8 y) }",
        "struct S { a: (u8 y), b: [u8 x] }",
        "enum E { #[a b] A(u8), B((u8 x)) }",
        "enum E { B((u8 x)), #[a b] A(u8) }",
        "enum E { A((u8 x)) = 1 }",
        "enum E { A { #[x y] a: u8 } = 1 }",
        "enum E { A { a: (u8 x) }, B = 1 }",
        "enum E { A { a: Vec<u8>, b: (u8 x) }, #[c d] B }",
        "struct S { #[a b] c }",
        "struct S { #[a b] c: }",
        "struct S { a: (u8 x) b: u8 }",
        "struct S { #[a(b) c] d: u8, e: [u8 f] }",
        "struct S { pub(in) a: u8 }",
        "struct S { pub(in a b) a: u8 }",
        "struct S { pub(crate x) a: u8 }",
        "struct S(pub(crate x));",
        "struct S(pub(crate u8));",
        "struct Größe { ä: Vec<ö::ü>, ß: Über<Ärger> }",
        "enum Ω { Δ(λ::μ<ν>) }",
        "struct S { a: u8 = 1, #[b c] d: u8 }",
        "struct S { #[b c] d: u8 = 1 }",
        "struct S { a: u8 = (1 2) }",
        "#[doc = (1 2)] struct S;",
        "struct S { #[doc = [1 2]] a: u8 }",
    ] {
        r.push(cmp(s));
    }
    let many_attrs: String = (0..20000)
        .map(|i| format!("#[a{i}(x)] #[b = \"{i}\"] "))
        .collect();
    r.push(
        cmp(&format!("{many_attrs} struct S {{ {many_attrs} a: u8 }}"))
            .map(|_| "many attrs".into())
            .map_err(|e| e.chars().take(300).collect()),
    );
    let variants: String = (0..50000)
        .map(|i| format!("V{i}(u8, Vec<String>), "))
        .collect();
    r.push(
        cmp(&format!("enum E {{ {variants} }}"))
            .map(|_| "many variants".into())
            .map_err(|e| e.chars().take(300).collect()),
    );
    let long_path: String = (0..20000).map(|i| format!("a{i}::")).collect();
    r.push(
        cmp(&format!("struct S {{ a: {long_path}X }}"))
            .map(|_| "long path".into())
            .map_err(|e| e.chars().take(300).collect()),
    );
    let args: String = (0..20000).map(|i| format!("T{i}, ")).collect();
    r.push(
        cmp(&format!("struct S {{ a: A<{args}> }}"))
            .map(|_| "many args".into())
            .map_err(|e| e.chars().take(300).collect()),
    );
    report(r);
}
