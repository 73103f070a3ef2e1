//! Unit tests of the text and schema levels: each row of the rules table,
//! allowed and refused, and the bounds.

use super::{Refusal, RepairKind, repair, repair_value};
use serde_json::{Value, json};

fn any() -> Value {
    json!(true)
}

/// The value and the kinds of repair, or the refusal.
fn read(text: &str, schema: &Value) -> Result<(Value, Vec<(String, RepairKind)>), Refusal> {
    match repair(text, schema) {
        Ok(r) => {
            let kinds = r
                .repairs()
                .iter()
                .map(|x| (x.pointer().to_owned(), x.kind()))
                .collect();
            Ok((r.into_value(), kinds))
        }
        Err(e) => Err(e.refusal()),
    }
}

fn exact(text: &str, schema: &Value, want: Value, kinds: &[(&str, RepairKind)]) {
    let got = read(text, schema).unwrap_or_else(|e| panic!("{text:?} refused: {e:?}"));
    assert_eq!(got.0, want, "{text:?}");
    let got_kinds: Vec<(&str, RepairKind)> = got.1.iter().map(|(p, k)| (p.as_str(), *k)).collect();
    assert_eq!(got_kinds, kinds, "{text:?}");
}

fn refused(text: &str, schema: &Value, why: Refusal) {
    match read(text, schema) {
        Ok(v) => panic!("{text:?} was read as {v:?}"),
        Err(e) => assert_eq!(e, why, "{text:?}"),
    }
}

#[test]
fn valid_json_is_read_as_written() {
    for text in [
        r#"{"a": 1, "b": [true, false, null], "c": {"d": "e\n\u00e9\ud83e\udd80"}}"#,
        "[]",
        "{}",
        "\"text\"",
        "-0.5e-3",
        "  {\"a\" : 1 }  \n",
        "1e308",
    ] {
        let want: Value = serde_json::from_str(text).unwrap();
        exact(text, &any(), want, &[]);
    }
}

#[test]
fn text_level_rows_allowed() {
    use RepairKind::*;
    exact(
        "Here you go:\n```json\n{\"a\": 1}\n```\nDone.",
        &any(),
        json!({"a": 1}),
        &[("", Fence)],
    );
    exact("```\n[1, 2]\n```", &any(), json!([1, 2]), &[("", Fence)]);
    exact(
        "I will call it with {\"a\": 1} now.",
        &any(),
        json!({"a": 1}),
        &[("", Prose)],
    );
    exact(
        "{\"a\": 1}\n\nThis searches for a.",
        &any(),
        json!({"a": 1}),
        &[("", Prose)],
    );
    exact(
        r#"{"a": [1, 2,], "b": {"c": 1,},}"#,
        &any(),
        json!({"a": [1, 2], "b": {"c": 1}}),
        &[
            ("/a", TrailingComma),
            ("/b", TrailingComma),
            ("", TrailingComma),
        ],
    );
    exact(
        "{\"a\": 1, // the count\n \"b\": /* two */ 2}",
        &any(),
        json!({"a": 1, "b": 2}),
        &[("", Comment), ("", Comment)],
    );
    exact(
        r#"{"a": True, "b": False, "c": None, "d": "True"}"#,
        &any(),
        json!({"a": true, "b": false, "c": null, "d": "True"}),
        &[
            ("/a", PythonLiteral),
            ("/b", PythonLiteral),
            ("/c", PythonLiteral),
        ],
    );
    exact(
        "{'a': 'it\\'s \"x\"', “b”: “c”, ‘d’: ‘e’}",
        &any(),
        json!({"a": "it's \"x\"", "b": "c", "d": "e"}),
        &[
            ("/a", Quotes),
            ("/a", Quotes),
            ("/b", Quotes),
            ("/b", Quotes),
            ("/d", Quotes),
            ("/d", Quotes),
        ],
    );
    exact(
        "{city: \"Paris\", _n: 1, $x: 2}",
        &any(),
        json!({"city": "Paris", "_n": 1, "$x": 2}),
        &[
            ("/city", UnquotedKey),
            ("/_n", UnquotedKey),
            ("/$x", UnquotedKey),
        ],
    );
    exact(
        "{\"a\": \"line one\nline\ttwo\"}",
        &any(),
        json!({"a": "line one\nline\ttwo"}),
        &[("/a", ControlCharacters)],
    );
    exact(
        "{\"a\": [1], \"b\": true",
        &any(),
        json!({"a": [1], "b": true}),
        &[("", MissingBrace)],
    );
    exact(
        "{\"a\": {\"b\": \"c\"}, \"d\": [{\"e\": 1}]",
        &any(),
        json!({"a": {"b": "c"}, "d": [{"e": 1}]}),
        &[("", MissingBrace)],
    );
    // A number followed by a line break is complete.
    exact(
        "{\"a\": 12\n",
        &any(),
        json!({"a": 12}),
        &[("", MissingBrace)],
    );
    exact(
        "{\"a\": 1\n  \"b\": true\n  c: [1]\n  \"d\": {}\n\"e\": null}",
        &any(),
        json!({"a": 1, "b": true, "c": [1], "d": {}, "e": null}),
        &[
            ("", MissingComma),
            ("", MissingComma),
            ("/c", UnquotedKey),
            ("", MissingComma),
            ("", MissingComma),
        ],
    );
    exact(
        r#"{"a": "it\'s", "b": ['x\'y']}"#,
        &any(),
        json!({"a": "it's", "b": ["x'y"]}),
        &[("/a", EscapedApostrophe), ("/b/0", Quotes)],
    );
    exact(
        r#"{"a": 1, "b": [2], "a": 1}"#,
        &any(),
        json!({"a": 1, "b": [2]}),
        &[("/a", DuplicateKey)],
    );
}

#[test]
fn text_level_rows_refused() {
    use Refusal::*;
    let s = any();
    refused("", &s, NoJson);
    refused("I cannot help with that.", &s, NoJson);
    refused("{\"a\": 1} {\"a\": 2}", &s, TwoDocuments);
    // Prose or comments that read as members: dropping them would drop keys.
    refused("{\"a\": 1}4, \"b\": 2", &s, Unexpected);
    refused("{\"a\": 1}\n\"b\": 2", &s, Unexpected);
    refused("a: 1, {\"b\": 2}", &s, Unexpected);
    refused("\"a\": 1, {\"b\": 2}", &s, TwoDocuments);
    refused("{\"a\": 1, // note  \"b\": 2\n}", &s, Unexpected);
    refused("{\"a\": 1, /* \"b\": 2, */ \"c\": 3}", &s, Unexpected);
    refused("Either {\"a\": 1} or {\"a\": 2}.", &s, TwoDocuments);
    refused(
        "```json\n{\"a\": 1}\n```\n```json\n{\"a\": 2}\n```",
        &s,
        TwoDocuments,
    );
    refused("```json\n{\"a\": 1}\n", &s, Truncated);
    refused("{\"a\": 1, \"b\": ", &s, Truncated);
    refused("{\"a\": 1,", &s, Truncated);
    refused("{\"a\": [1, 2", &s, Truncated);
    refused("{\"a\": {\"b\": 1", &s, Truncated);
    // After an object, the missing `}` may be that object's (`{"f": {"x": 1},
    // "t": 2}`) or the root's (`{"f": {"x": 1, "t": 2}}`): two readings.
    refused("{\"f\": {\"x\": 1, \"t\": 2}", &s, Truncated);
    refused("{\"a\": \"unfinished", &s, Truncated);
    // The digits of a number at the very end may be cut.
    refused("{\"a\": 12", &s, Truncated);
    refused("{\"a\": 1 /* note", &s, Truncated);
    refused("[1, 2", &s, Truncated);
    // A comma missing after a string: `{"a": "x\" \"b\": \"y"}` is the
    // other reading. On one line, or between array items: refused.
    refused("{\"a\": \"x\"\n\"b\": \"y\"}", &s, UnescapedQuote);
    refused("{\"a\": 1 \"b\": 2}", &s, Unexpected);
    refused("[1\n2]", &s, Unexpected);
    refused("[{}\n{}]", &s, Unexpected);
    refused(r#"{"a": 1, "a": 2}"#, &s, ConflictingKeys);
    refused(r#"{"a": 1, "a": 1.0}"#, &s, ConflictingKeys);
    refused(r#"{"a": NaN}"#, &s, NotANumber);
    refused(r#"{"a": Infinity}"#, &s, NotANumber);
    refused(r#"{"a": -Infinity}"#, &s, NotANumber);
    refused(r#"{"q": "say "hi" now"}"#, &s, UnescapedQuote);
    refused("{'q': 'it's'}", &s, UnescapedQuote);
    refused(r#"{"a": yes}"#, &s, BareWord);
    refused(r#"{"a": TRUE}"#, &s, BareWord);
    refused(r#"{"a": undefined}"#, &s, BareWord);
    refused(r#"{"a": Paris}"#, &s, BareWord);
    refused(r#"{"a": 1,5}"#, &s, Unexpected);
    refused(r#"{"a": 12km}"#, &s, InvalidNumber);
    refused(r#"{"a": 01}"#, &s, InvalidNumber);
    refused(r#"{"a": +1}"#, &s, Unexpected);
    refused(r#"{"a": .5}"#, &s, Unexpected);
    refused(r#"{"a": 1.}"#, &s, InvalidNumber);
    refused(r#"{"a": 1e999}"#, &s, InvalidNumber);
    refused(r#"{"a": "\d+"}"#, &s, InvalidEscape);
    refused(r#"{"a": "\ud800"}"#, &s, InvalidEscape);
    refused(r#"[1,,2]"#, &s, MissingValue);
    refused(r#"{"a": }"#, &s, MissingValue);
    refused(r#"{,}"#, &s, MissingValue);
    refused(r#"{"a" 1}"#, &s, Unexpected);
    refused(r#"{max-results: 1}"#, &s, Unexpected);
    refused("{\"a\": 1}]", &s, Unexpected);
}

#[test]
fn schema_level_rows() {
    use RepairKind::*;
    let schema = json!({
        "type": "object",
        "properties": {
            "filter": {"type": "object"},
            "ids": {"type": "array", "items": {"type": "integer"}},
            "n": {"type": "integer"},
            "x": {"type": "number"},
            "on": {"type": "boolean"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "label": {"type": "string"},
            "maybe": {"type": ["integer", "null"]},
            "either": {"type": ["integer", "string"]},
            "level": {"enum": ["low", "high"]},
        }
    });
    exact(
        r#"{"filter": "{\"a\": 1}", "ids": "[1, 2]", "n": "25", "x": "-4.5e1", "on": "false", "tags": "rust", "maybe": "3"}"#,
        &schema,
        json!({"filter": {"a": 1}, "ids": [1, 2], "n": 25, "x": -45.0, "on": false, "tags": ["rust"], "maybe": 3}),
        &[
            ("/filter", JsonInString),
            ("/ids", JsonInString),
            ("/n", NumberInString),
            ("/x", NumberInString),
            ("/on", BooleanInString),
            ("/tags", WrappedInArray),
            ("/maybe", NumberInString),
        ],
    );
    // The root as a string holding the object.
    exact(
        r#""{\"n\": \"2\"}""#,
        &schema,
        json!({"n": 2}),
        &[("", JsonInString), ("/n", NumberInString)],
    );
    // A lone value of another kind wrapped too.
    exact(
        r#"{"ids": 7}"#,
        &schema,
        json!({"ids": [7]}),
        &[("/ids", WrappedInArray)],
    );
    // Refused (left as written, for validation to name): rounding, units,
    // locales, other spellings, number to string, splitting, enum folding,
    // a string where a string is admitted.
    for (text, note) in [
        (r#"{"n": "1,5"}"#, "locale"),
        (r#"{"n": "12 km"}"#, "unit"),
        (r#"{"n": 42.5}"#, "rounding"),
        (r#"{"n": "42.5"}"#, "rounding in a string"),
        (r#"{"n": "25.0"}"#, "a fraction for an integer"),
        (r#"{"n": " 25"}"#, "blanks"),
        (r#"{"n": "+25"}"#, "a plus sign"),
        (r#"{"n": "0x19"}"#, "hex"),
        (r#"{"on": "yes"}"#, "other boolean spelling"),
        (r#"{"on": "True"}"#, "capitalised boolean in a string"),
        (r#"{"on": 1}"#, "number for boolean"),
        (r#"{"label": 42}"#, "number to string"),
        (r#"{"label": {"a": 1}}"#, "object to string"),
        (r#"{"tags": "a, b"}"#, "splitting"),
        (r#"{"tags": "a; b"}"#, "splitting"),
        (r#"{"level": "HIGH"}"#, "case folding"),
        (r#"{"level": "hi"}"#, "fuzzy"),
        (r#"{"either": "25"}"#, "a string is admitted"),
        (r#"{"filter": "{\"a\": 1,}"}"#, "not exactly JSON"),
        (r#"{"filter": "[1]"}"#, "JSON of another kind"),
        (
            r#"{"ids": ["1"]}"#,
            "an item that is admitted as written? no: integer items",
        ),
        (r#"{"arguments": {"n": 1}}"#, "envelope"),
        (r#"{"N": 1}"#, "renaming"),
    ] {
        let (value, kinds) = read(text, &schema).unwrap();
        let want: Value = serde_json::from_str(text).unwrap();
        if note.starts_with("an item") {
            // "1" where an integer item is due: read as the number.
            assert_eq!(value, json!({"ids": [1]}));
            continue;
        }
        assert_eq!(value, want, "{note}: {text}");
        assert!(kinds.is_empty(), "{note}: {text}: {kinds:?}");
    }
}

#[test]
fn refs_unions_and_tags_are_followed() {
    let schema = json!({
        "$defs": {
            "Point": {"type": "object", "properties": {"x": {"type": "integer"}}},
            "Loop": {"$ref": "#/$defs/Loop"},
            "Tree": {"type": "object", "properties": {
                "n": {"type": "integer"},
                "kids": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}
            }}
        },
        "type": "object",
        "properties": {
            "p": {"$ref": "#/$defs/Point"},
            "opt": {"anyOf": [{"$ref": "#/$defs/Point"}, {"type": "null"}]},
            "loop": {"$ref": "#/$defs/Loop"},
            "tree": {"$ref": "#/$defs/Tree"},
            "shape": {"oneOf": [
                {"type": "object", "properties": {"kind": {"const": "circle"}, "r": {"type": "number"}}},
                {"type": "object", "properties": {"kind": {"const": "square"}, "side": {"type": "integer"}, "r": {"type": "string"}}}
            ]},
            "all": {"allOf": [{"$ref": "#/$defs/Point"}, {"properties": {"y": {"type": "boolean"}}}]},
            "remote": {"$ref": "https://example.com/s.json"},
            "pat": {"type": "object", "patternProperties": {"^x": {"type": "string"}}, "additionalProperties": {"type": "integer"}},
        }
    });
    let (value, kinds) = read(
        r#"{"p": {"x": "1"}, "opt": {"x": "2"}, "loop": "3", "tree": {"n": "1", "kids": [{"n": "2", "kids": {"n": "3"}}]},
            "shape": {"kind": "square", "side": "4", "r": "5"}, "all": {"x": "6", "y": "true"}, "remote": "7", "pat": {"xa": "8"}}"#,
        &schema,
    )
    .unwrap();
    assert_eq!(
        value,
        json!({"p": {"x": 1}, "opt": {"x": 2}, "loop": "3",
               "tree": {"n": 1, "kids": [{"n": 2, "kids": [{"n": 3}]}]},
               "shape": {"kind": "square", "side": 4, "r": "5"}, "all": {"x": 6, "y": true},
               "remote": "7", "pat": {"xa": "8"}})
    );
    assert_eq!(kinds.len(), 9, "{kinds:?}");
    // The tag picks the branch: `r` is a number in the circle.
    let (value, _) = read(r#"{"shape": {"kind": "circle", "r": "1.5"}}"#, &schema).unwrap();
    assert_eq!(value, json!({"shape": {"kind": "circle", "r": 1.5}}));
    // Without a tag two branches fit: nothing is repaired inside.
    let (value, kinds) = read(r#"{"shape": {"r": "1.5"}}"#, &schema).unwrap();
    assert_eq!(value, json!({"shape": {"r": "1.5"}}));
    assert!(kinds.is_empty());
}

#[test]
fn union_admitting_string_is_left_alone() {
    let schema = json!({"anyOf": [{"type": "integer"}, {"$ref": "#/$defs/S"}], "$defs": {"S": {"type": "string"}}});
    let (value, kinds) = read("\"25\"", &schema).unwrap();
    assert_eq!(value, json!("25"));
    assert!(kinds.is_empty());
    // A schema that is a cycle of references admits anything: no repair.
    let cycle = json!({"$ref": "#/$defs/A", "$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"allOf": [{"$ref": "#/$defs/A"}]}}});
    let (value, kinds) = read("\"25\"", &cycle).unwrap();
    assert_eq!(value, json!("25"));
    assert!(kinds.is_empty());
}

#[test]
fn repair_value_does_schema_level_only() {
    let schema = json!({"type": "object", "properties": {"n": {"type": "integer"}}});
    let r = repair_value(json!({"n": "4"}), &schema);
    assert_eq!(r.value(), &json!({"n": 4}));
    assert_eq!(r.repairs().len(), 1);
    assert!(!r.repairs()[0].kind().is_text_level());
    assert_eq!(
        r.repairs()[0].to_string(),
        "/n: read a string holding a JSON number as that number (repair)"
    );
}

#[test]
fn deep_input_is_refused_cleanly() {
    for n in [1_000, 100_000] {
        let text = "[".repeat(n);
        assert_eq!(read(&text, &any()).unwrap_err(), Refusal::TooDeep);
        let text = "{\"a\":".repeat(n);
        assert_eq!(read(&text, &any()).unwrap_err(), Refusal::TooDeep);
    }
    // 128 levels are read.
    let text = format!("{}{}", "[".repeat(128), "]".repeat(128));
    assert!(read(&text, &any()).is_ok());
    let text = format!("{}{}", "[".repeat(129), "]".repeat(129));
    assert_eq!(read(&text, &any()).unwrap_err(), Refusal::TooDeep);
}

#[test]
fn a_string_holding_deep_json_is_left_as_a_string() {
    let inner = format!("{}{}", "[".repeat(100), "]".repeat(100));
    let text = serde_json::to_string(&json!({"a": [{"b": inner}]})).unwrap();
    let schema = json!({"type": "object", "properties": {"a": {"type": "array", "items": {"type": "object", "properties": {"b": {"type": "array"}}}}}});
    // 100 levels inside 3: still within 128.
    assert!(read(&text, &schema).unwrap().1.len() == 1);
    let inner = format!("{}{}", "[".repeat(127), "]".repeat(127));
    let text = serde_json::to_string(&json!({"a": [{"b": inner}]})).unwrap();
    let (value, kinds) = read(&text, &schema).unwrap();
    assert!(kinds.is_empty());
    assert!(value["a"][0]["b"].is_string());
}

#[test]
fn repairs_are_capped_and_pointers_bounded() {
    let text = format!("[{}]", "True,".repeat(1000));
    let r = repair(&text, &any()).unwrap();
    assert_eq!(r.repairs().len(), super::MAX_REPAIRS);
    // 1000 literals and one trailing comma.
    assert_eq!(r.unlisted(), 1001 - super::MAX_REPAIRS);
    let key = "k".repeat(10_000);
    let text = format!("{{\"{key}\": True}}");
    let r = repair(&text, &any()).unwrap();
    assert!(r.repairs()[0].pointer().len() < 200);
}

#[test]
fn no_panic_on_odd_text() {
    for text in [
        "\u{feff}{}",
        "{\"a\":\"\\u12\"}",
        "{\"a\":\"\\",
        "\"",
        "'",
        "“",
        "{'",
        "{a",
        "{a:",
        "{a:1",
        "{\"a\":1}}",
        "]",
        "}",
        "-",
        "--1",
        "1.e",
        "1e",
        "1e+",
        "```",
        "``````",
        "```json\n```",
        "\u{0}",
        "{\"\u{0}\":1",
        "{/",
        "{/*",
        "/",
        "//",
        "[1,]",
        "[,]",
        "{\"a\":[}]}",
        "\\",
        "{\"a\": \"é\u{1F980}",
        "[\"\\ud83e\\udd80\"]",
        "[\"\\udd80\"]",
        "[\"\\ud83e\\u0041\"]",
    ] {
        let _ = repair(text, &any());
        let _ = repair(
            text,
            &json!({"type": "object", "properties": {"a": {"type": "integer"}}}),
        );
    }
    // A surrogate pair is read as its character.
    assert_eq!(
        read("[\"\\ud83e\\udd80\"]", &any()).unwrap().0,
        json!(["🦀"])
    );
}

#[test]
fn long_strings_are_linear() {
    let big = "x".repeat(1 << 20);
    let text = format!("{{'a': '{big}\n'}}");
    let (value, kinds) = read(&text, &any()).unwrap();
    assert_eq!(value["a"].as_str().map(str::len), Some((1 << 20) + 1));
    assert_eq!(kinds.len(), 3);
}

#[test]
fn every_axis_is_linear_up_to_a_million() {
    let ints = json!({"type": "array", "items": {"type": "integer"}});
    for n in [1_000, 10_000, 100_000, 1_000_000] {
        // Members, each repaired three ways.
        let text = format!(
            "{{{}}}",
            (0..n).map(|i| format!("k{i}: True,")).collect::<String>()
        );
        let r = repair(&text, &any()).unwrap();
        assert_eq!(r.value().as_object().map(|m| m.len()), Some(n));
        assert_eq!(r.repairs().len() + r.unlisted(), 2 * n + 1);
        // Items, each a string holding a number where an integer is due.
        let text = format!(
            "[{}]",
            (0..n).map(|i| format!("\"{i}\",")).collect::<String>()
        );
        let r = repair(&text, &ints).unwrap();
        assert_eq!(r.value().get(n - 1), Some(&json!(n - 1)));
        // One string of n characters with raw line breaks; one key of n.
        let text = format!("{{'{}': '{}'}}", "k".repeat(n), "a\n".repeat(n / 2));
        let r = repair(&text, &any()).unwrap();
        assert!(r.repairs()[0].pointer().len() < 100);
        // A string holding n items of JSON where an array is due.
        let inner = serde_json::to_string(&vec![1; n]).unwrap();
        let r = repair_value(json!(inner), &ints);
        assert_eq!(r.value().as_array().map(Vec::len), Some(n));
    }
}
