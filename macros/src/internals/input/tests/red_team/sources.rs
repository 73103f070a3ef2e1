//! Source text: attributes, types and inputs in every position.

use super::*;

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
