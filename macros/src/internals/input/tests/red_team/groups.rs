//! `None`-delimited groups (a `macro_rules!` fragment) around every part
//! of a field, a tuple field, an attribute, a variant and an item.

use super::*;

/// Around a named field's and a tuple field's parts.
#[test]
fn none_groups_in_fields() {
    let mut r = Vec::new();
    let mut t = |label: &str, tokens: TokenStream| r.push(cmp_ts(label, tokens));
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
    report(r);
}

/// Around an attribute's parts, in every place an attribute stands.
#[test]
fn none_groups_in_attributes() {
    let mut r = Vec::new();
    let mut t = |label: &str, tokens: TokenStream| r.push(cmp_ts(label, tokens));
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
    report(r);
}

/// Around a variant's parts and the item's.
#[test]
fn none_groups_in_variants_and_items() {
    let mut r = Vec::new();
    let mut t = |label: &str, tokens: TokenStream| r.push(cmp_ts(label, tokens));
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
    report(r);
}
