//! Punctuation spacing and identifiers no source text spells that way.

use super::*;

/// Joint and alone `:`, `<`, `>`, `,`, raw identifiers, hand-built literals.
#[test]
fn spacing_no_source_can_spell() {
    let mut r = Vec::new();
    let mut t = |label: &str, tokens: TokenStream| r.push(cmp_ts(label, tokens));
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
