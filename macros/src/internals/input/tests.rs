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

mod red_team;
