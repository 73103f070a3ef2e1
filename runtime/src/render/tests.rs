use super::build::nullable;
use super::keys::{decimal_range, short_type_name};
use serde_json::json;

#[test]
fn short_names() {
    assert_eq!(short_type_name("a::b::Tree"), "Tree");
    assert_eq!(
        short_type_name("a::Tree<alloc::string::String>"),
        "Tree_String"
    );
    assert_eq!(short_type_name("a::Pair<u8, a::B>"), "Pair_u8_B");
}

#[test]
fn decimal_ranges_match_exactly() {
    for (lo, hi) in [
        (0, 255),
        (1, 65535),
        (0, 9),
        (7, 7),
        (10, 99),
        (5, 1234),
        (128, 128),
        (0, u64::MAX),
    ] {
        let re = format!(
            "^(?:{})$",
            decimal_range(u128::from(lo), u128::from(hi)).join("|")
        );
        let matches = |n: u64| {
            // A tiny matcher: the alternatives only use literals, classes and {k}.
            regex_lite_match(&re, &n.to_string())
        };
        let probes = [
            0,
            1,
            5,
            7,
            9,
            10,
            11,
            99,
            100,
            127,
            128,
            129,
            254,
            255,
            256,
            999,
            1000,
            1233,
            1234,
            1235,
            65535,
            65536,
            u64::MAX - 1,
            u64::MAX,
        ];
        for n in probes {
            assert_eq!(
                matches(n),
                (lo..=hi).contains(&n),
                "{n} in {lo}..={hi}: {re}"
            );
        }
    }
}

/// Matches `s` against `^(?:alt|alt)$` where each alternative is a
/// sequence of digits, `[a-b]` classes and `{k}` repeats.
fn regex_lite_match(re: &str, s: &str) -> bool {
    let body = &re[4..re.len() - 2];
    body.split('|').any(|alt| {
        let mut atoms: Vec<(u8, u8)> = Vec::new();
        let b = alt.as_bytes();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'[' => {
                    atoms.push((b[i + 1], b[i + 3]));
                    i += 5;
                }
                b'{' => {
                    let end = alt[i..].find('}').unwrap() + i;
                    let k: usize = alt[i + 1..end].parse().unwrap();
                    let last = *atoms.last().unwrap();
                    for _ in 1..k {
                        atoms.push(last);
                    }
                    i = end + 1;
                }
                c => {
                    atoms.push((c, c));
                    i += 1;
                }
            }
        }
        atoms.len() == s.len()
            && atoms
                .iter()
                .zip(s.bytes())
                .all(|(&(a, z), c)| a <= c && c <= z)
    })
}

#[test]
fn nullable_forms() {
    assert_eq!(
        nullable(json!({"type": "string"})),
        json!({"type": ["string", "null"]})
    );
    assert_eq!(
        nullable(json!({"type": "string", "enum": ["a"]})),
        json!({"type": ["string", "null"], "enum": ["a", null]})
    );
    assert_eq!(
        nullable(json!({"$ref": "#"})),
        json!({"anyOf": [{"$ref": "#"}, {"type": "null"}]})
    );
    assert_eq!(nullable(json!({})), json!({}));
    // Nothing or null: null.
    assert_eq!(nullable(json!({"not": {}})), json!({"type": "null"}));
    assert_eq!(
        nullable(json!({"type": ["number", "null"]})),
        json!({"type": ["number", "null"]})
    );
}

/// What the model knows, by construction, about a hand-written shape.
mod semantics {
    use super::super::{RenderOptions, model};
    use crate::Contract;
    use crate::schema::{
        Exclusive, Keyword, Node, NodeId, Object, Optional, Overlap, Presence, Role, Schema,
        Source, Why,
    };
    use crate::shape::{
        Body, Bound, Constraints, Enum, Field, IntRange, Named, Repr, Shape, Struct, Variant,
        VariantBody,
    };

    static U8: Shape = Shape::Integer(IntRange {
        min: Some(0),
        max: Some(255),
        nonzero: false,
    });
    static OPT_U8: Shape = Shape::Option(&U8);
    fn u8_shape() -> &'static Shape {
        &U8
    }
    fn opt_u8() -> &'static Shape {
        &OPT_U8
    }
    static AT_MOST_10: Constraints = Constraints {
        min_length: None,
        max_length: None,
        minimum: None,
        maximum: Some(Bound::Int(10)),
        pattern: None,
        format: None,
        examples: &[],
        deprecated: false,
        header: None,
        items: None,
        values: None,
    };
    static FIELDS: [Field; 3] = [
        Field {
            rust_name: "a",
            ser_name: Some("a"),
            de_name: Some("a"),
            shape: u8_shape,
            ser_shape: u8_shape,
            constraints: Some(&AT_MOST_10),
            ..Field::BASE
        },
        Field {
            rust_name: "b",
            ser_name: Some("b"),
            de_name: Some("b"),
            aliases: &["bé"],
            shape: u8_shape,
            ser_shape: u8_shape,
            has_default: true,
            skip_serializing_if: true,
            ..Field::BASE
        },
        Field {
            rust_name: "c",
            ser_name: Some("c"),
            de_name: Some("c"),
            shape: opt_u8,
            ser_shape: opt_u8,
            skip_serializing_if: true,
            skip_if_none: true,
            ..Field::BASE
        },
    ];
    static STRUCT: Struct = Struct {
        fields: &FIELDS,
        deny_unknown_fields: false,
    };
    fn struct_name() -> &'static str {
        "t::S"
    }
    static NAMED: Named = Named {
        type_name: struct_name,
        title: None,
        description: None,
        body: Body::Struct(&STRUCT),
    };
    static SHAPE: Shape = Shape::Named(&NAMED);

    static VARIANTS: [Variant; 2] = [
        Variant::named("Stop", VariantBody::Unit),
        Variant::named("Move", VariantBody::Struct(&STRUCT)),
    ];
    static INTERNAL: Enum = Enum {
        repr: Repr::Internal { tag: "kind" },
        variants: &VARIANTS,
        titled: false,
        deny_unknown_fields: false,
    };
    static UNTAGGED: Enum = Enum {
        repr: Repr::Untagged,
        ..INTERNAL
    };
    fn enum_name() -> &'static str {
        "t::E"
    }
    static INTERNAL_SHAPE: Shape = Shape::Named(&Named {
        type_name: enum_name,
        title: None,
        description: None,
        body: Body::Enum(&INTERNAL),
    });
    static UNTAGGED_SHAPE: Shape = Shape::Named(&Named {
        type_name: enum_name,
        title: None,
        description: None,
        body: Body::Enum(&UNTAGGED),
    });

    fn object(schema: &Schema, id: NodeId) -> &Object {
        match schema.get(id) {
            Some(Node::Object(o)) => o,
            other => panic!("not an object: {other:?}"),
        }
    }

    fn properties(schema: &Schema) -> Vec<(String, Presence, Option<String>)> {
        let Some(Keyword::Properties(props)) = object(schema, schema.root).get("properties") else {
            panic!("no properties")
        };
        props
            .iter()
            .map(|p| (p.name.clone(), p.info.presence, p.info.alias_of.clone()))
            .collect()
    }

    #[test]
    fn input_properties_know_why_they_are_optional_and_whose_alias_they_are() {
        let schema = model(&SHAPE, Contract::Input, RenderOptions::default());
        let optional = |why| Presence::Optional(why);
        assert_eq!(
            properties(&schema),
            [
                ("a".to_string(), Presence::Required, None),
                ("b".into(), optional(Optional::Default), None),
                ("bé".into(), optional(Optional::Default), Some("b".into())),
                ("c".into(), optional(Optional::MissingIsNone), None),
            ]
        );
        // The alias rule (at most one of `b`, `bé`) is marked as such.
        let root = object(&schema, schema.root);
        let Some(Keyword::Not(rule)) = root.get("not") else {
            panic!("no alias rule")
        };
        assert_eq!(
            object(&schema, *rule).role,
            Role::AliasRule {
                primary: "b".into()
            }
        );
        // `a`: `maximum: 10` declared, `minimum: 0` implied by `u8`.
        let Some(Keyword::Properties(props)) = root.get("properties") else {
            panic!()
        };
        let a = object(&schema, props[0].schema);
        let source = |name: &str| {
            a.entries
                .iter()
                .find(|e| e.keyword.name() == name)
                .map(|e| e.source)
        };
        assert_eq!(source("maximum"), Some(Source::Declared));
        assert_eq!(source("minimum"), Some(Source::Wire));
        // Without aliases, no alias is rendered.
        let primary = model(
            &SHAPE,
            Contract::Input,
            RenderOptions::default().primary_names_only(),
        );
        assert_eq!(properties(&primary).len(), 3);
    }

    #[test]
    fn output_properties_know_what_serde_may_skip() {
        let schema = model(&SHAPE, Contract::Output, RenderOptions::default());
        let optional = |why| Presence::Optional(why);
        assert_eq!(
            properties(&schema),
            [
                ("a".to_string(), Presence::Required, None),
                ("b".into(), optional(Optional::SkipSerializingIf), None),
                ("c".into(), optional(Optional::SkipIfNone), None),
            ]
        );
    }

    #[test]
    fn alternatives_know_whether_they_exclude_each_other() {
        let schema = model(&INTERNAL_SHAPE, Contract::Input, RenderOptions::default());
        let root = object(&schema, schema.root);
        let Some(Keyword::OneOf(alts)) = root.get("oneOf") else {
            panic!("internally tagged: oneOf")
        };
        assert_eq!(
            alts.exclusive,
            Exclusive::Yes(Why::Tag { key: "kind".into() })
        );
        let roles: Vec<Role> = alts
            .nodes
            .iter()
            .map(|id| object(&schema, *id).role.clone())
            .collect();
        assert_eq!(
            roles,
            [
                Role::Variant { rust_name: "Stop" },
                Role::Variant { rust_name: "Move" }
            ]
        );
        let schema = model(&UNTAGGED_SHAPE, Contract::Input, RenderOptions::default());
        let Some(Keyword::AnyOf(alts)) = object(&schema, schema.root).get("anyOf") else {
            panic!("untagged: anyOf")
        };
        assert_eq!(alts.exclusive, Exclusive::No(Overlap::Untagged));
    }

    #[test]
    fn the_model_prints_what_render_returns() {
        for shape in [&SHAPE, &INTERNAL_SHAPE, &UNTAGGED_SHAPE] {
            for contract in [Contract::Input, Contract::Output] {
                let printed = crate::schema::print(&model(shape, contract, Default::default()));
                assert_eq!(printed, super::super::render(shape, contract));
                // And the printed JSON parses back to the same text.
                assert_eq!(
                    crate::schema::print(&crate::schema::parse(&printed)),
                    printed
                );
            }
        }
    }
}
