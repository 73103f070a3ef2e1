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
        let re = format!("^(?:{})$", decimal_range(lo, hi).join("|"));
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
