//! The forgiving decode (issue 40, cargo feature `lenient`): every row of the
//! rules table end to end through derived types, `toolform::parse_args` from
//! text, property tests (valid JSON comes through unchanged with no repair;
//! every value `lenient::parse_args` accepts validates against the input
//! schema under the `jsonschema` crate), a fuzz of byte changes (no panic;
//! structural damage is repaired to the intended value or refused, never
//! read as another value), and hostile inputs.

use proptest::prelude::*;
use serde::Deserialize;
use serde_json::{Value, json};
use toolform::ToolSchema;
use toolform::lenient::{self, LenientError, Refusal, RepairKind};

#[derive(Debug, Clone, PartialEq, Deserialize, ToolSchema)]
#[serde(rename_all = "lowercase")]
enum Units {
    Metric,
    Imperial,
}

#[derive(Debug, Clone, PartialEq, Deserialize, ToolSchema)]
struct Filter {
    field: String,
    #[serde(default)]
    exact: bool,
}

/// Get a forecast.
#[derive(Debug, Clone, PartialEq, Deserialize, ToolSchema)]
#[serde(deny_unknown_fields)]
struct Forecast {
    city: String,
    #[schema(range(min = 1, max = 14))]
    days: u8,
    #[serde(default)]
    units: Option<Units>,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    hourly: bool,
    #[serde(default)]
    filter: Option<Filter>,
    #[serde(default)]
    threshold: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, ToolSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Shape {
    Circle { radius: f64 },
    Square { side: u32 },
}

#[derive(Debug, Clone, PartialEq, Deserialize, ToolSchema)]
struct Draw {
    shapes: Vec<Shape>,
    #[serde(default)]
    note: Option<String>,
}

fn forecast(city: &str, days: u8) -> Forecast {
    Forecast {
        city: city.into(),
        days,
        units: None,
        tags: vec![],
        hourly: false,
        filter: None,
        threshold: None,
    }
}

fn read(text: &str) -> Result<(Forecast, Vec<RepairKind>), LenientError> {
    lenient::parse_args::<Forecast>(text)
        .map(|p| (p.value, p.repairs.iter().map(|r| r.kind()).collect()))
}

fn refusal(text: &str) -> Refusal {
    match lenient::parse_args::<Forecast>(text) {
        Err(LenientError::Refused(e)) => e.refusal(),
        other => panic!("{text:?}: expected a refusal, got {other:?}"),
    }
}

/// Refused after repair: the value as written breaks the schema; the
/// violations name `path`.
fn invalid_at(text: &str, path: &str) {
    match lenient::parse_args::<Forecast>(text) {
        Err(LenientError::Invalid { error, .. }) => assert!(
            error.violations().iter().any(|v| v.path == path),
            "{text:?}: {error}"
        ),
        other => panic!("{text:?}: expected violations, got {other:?}"),
    }
}

// ------------------------------------------------------------ allowed rows

#[test]
fn each_allowed_row_reads_the_one_value() {
    use RepairKind::*;
    let paris = forecast("Paris", 3);
    let cases: Vec<(&str, Forecast, Vec<RepairKind>)> = vec![
        (
            "Sure, calling the tool:\n```json\n{\"city\": \"Paris\", \"days\": 3}\n```",
            paris.clone(),
            vec![Fence],
        ),
        (
            "I'll look it up: {\"city\": \"Paris\", \"days\": 3} — one moment.",
            paris.clone(),
            vec![Prose],
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"tags\": [\"a\",],}",
            Forecast {
                tags: vec!["a".into()],
                ..paris.clone()
            },
            vec![TrailingComma, TrailingComma],
        ),
        (
            "{\"city\": \"Paris\", /* the capital */ \"days\": 3 // three\n}",
            paris.clone(),
            vec![Comment, Comment],
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"hourly\": True, \"units\": None}",
            Forecast {
                hourly: true,
                ..paris.clone()
            },
            vec![PythonLiteral, PythonLiteral],
        ),
        (
            "{'city': 'Paris', 'days': 3}",
            paris.clone(),
            vec![Quotes; 3],
        ),
        (
            "{“city”: “Paris”, “days”: 3}",
            paris.clone(),
            vec![Quotes; 3],
        ),
        (
            "{city: \"Paris\", days: 3}",
            paris.clone(),
            vec![UnquotedKey; 2],
        ),
        (
            "{\"city\": \"Paris\nTexas\", \"days\": 3}",
            forecast("Paris\nTexas", 3),
            vec![ControlCharacters],
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"hourly\": false",
            paris.clone(),
            vec![MissingBrace],
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"city\": \"Paris\"}",
            paris.clone(),
            vec![DuplicateKey],
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"filter\": \"{\\\"field\\\": \\\"rain\\\"}\"}",
            Forecast {
                filter: Some(Filter {
                    field: "rain".into(),
                    exact: false,
                }),
                ..paris.clone()
            },
            vec![JsonInString],
        ),
        (
            "\"{\\\"city\\\": \\\"Paris\\\", \\\"days\\\": 3}\"",
            paris.clone(),
            vec![JsonInString],
        ),
        (
            "{\"city\": \"Paris\", \"days\": \"3\"}",
            paris.clone(),
            vec![NumberInString],
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"threshold\": \"0.5\"}",
            Forecast {
                threshold: Some(0.5),
                ..paris.clone()
            },
            vec![NumberInString],
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"hourly\": \"true\"}",
            Forecast {
                hourly: true,
                ..paris.clone()
            },
            vec![BooleanInString],
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"tags\": \"rain\"}",
            Forecast {
                tags: vec!["rain".into()],
                ..paris.clone()
            },
            vec![WrappedInArray],
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"tags\": \"[\\\"a\\\", \\\"b\\\"]\"}",
            Forecast {
                tags: vec!["a".into(), "b".into()],
                ..paris.clone()
            },
            vec![JsonInString],
        ),
    ];
    for (text, want, kinds) in cases {
        let (got, got_kinds) = read(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(got, want, "{text:?}");
        assert_eq!(got_kinds, kinds, "{text:?}");
    }
}

#[test]
fn tagged_enums_and_options_are_followed() {
    let text = r#"{"shapes": [{"kind": "circle", "radius": "2.5"}, {"kind": "square", "side": "4"}], "note": null}"#;
    let parsed = lenient::parse_args::<Draw>(text).unwrap();
    assert_eq!(
        parsed.value.shapes,
        [Shape::Circle { radius: 2.5 }, Shape::Square { side: 4 }]
    );
    let pointers: Vec<&str> = parsed.repairs.iter().map(|r| r.pointer()).collect();
    assert_eq!(pointers, ["/shapes/0/radius", "/shapes/1/side"]);
    // One shape where a list is due.
    let parsed =
        lenient::parse_args::<Draw>(r#"{"shapes": {"kind": "square", "side": 1}}"#).unwrap();
    assert_eq!(parsed.value.shapes, [Shape::Square { side: 1 }]);
    assert_eq!(parsed.repairs[0].kind(), RepairKind::WrappedInArray);
}

// ------------------------------------------------------------ refused rows

#[test]
fn each_refused_row_is_refused() {
    use Refusal::*;
    // Text level: no value comes out.
    for (text, why) in [
        (
            "{\"city\": \"Paris\", \"days\": 3} {\"city\": \"Rome\", \"days\": 3}",
            TwoDocuments,
        ),
        (
            "```json\n{\"city\": \"Paris\", \"days\": 3}\n```\n```json\n{\"city\": \"Rome\", \"days\": 3}\n```",
            TwoDocuments,
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"tags\": [\"a\"",
            Truncated,
        ),
        ("{\"city\": \"Paris\", \"days\": 3, \"tags\": ", Truncated),
        ("{\"city\": \"Par", Truncated),
        ("{\"city\": \"Paris\", \"days\": 1", Truncated),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"city\": \"Rome\"}",
            ConflictingKeys,
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"threshold\": NaN}",
            NotANumber,
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"threshold\": Infinity}",
            NotANumber,
        ),
        (
            "{\"city\": \"Paris \"the capital\"\", \"days\": 3}",
            UnescapedQuote,
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"hourly\": yes}",
            BareWord,
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"hourly\": TRUE}",
            BareWord,
        ),
        ("{\"city\": Paris, \"days\": 3}", BareWord),
        ("{\"city\": \"Paris\", \"days\": 1,5}", Unexpected),
        ("{\"city\": \"Paris\", \"days\": 12km}", InvalidNumber),
        ("I can't do that.", NoJson),
    ] {
        assert_eq!(refusal(text), why, "{text:?}");
    }
    // Schema level: left as written, and the schema's violations say why.
    for (text, path) in [
        ("{\"city\": \"Paris\", \"days\": \"1,5\"}", "/days"),
        ("{\"city\": \"Paris\", \"days\": \"12 days\"}", "/days"),
        ("{\"city\": \"Paris\", \"days\": 2.5}", "/days"),
        ("{\"city\": \"Paris\", \"days\": \"2.5\"}", "/days"),
        ("{\"city\": \"Paris\", \"days\": \"3.0\"}", "/days"),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"hourly\": \"yes\"}",
            "/hourly",
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"hourly\": 1}",
            "/hourly",
        ),
        ("{\"city\": 75001, \"days\": 3}", "/city"),
        ("{\"city\": {\"name\": \"Paris\"}, \"days\": 3}", "/city"),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"tags\": \"rain, wind\"}",
            "/tags",
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"units\": \"Metric\"}",
            "/units",
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"units\": \"metres\"}",
            "/units",
        ),
        ("{\"City\": \"Paris\", \"days\": 3}", "/City"),
        ("{\"days\": 3}", "/city"),
        (
            "{\"name\": \"forecast\", \"arguments\": {\"city\": \"Paris\", \"days\": 3}}",
            "/name",
        ),
        (
            "{\"city\": \"Paris\", \"days\": 3, \"threshold\": \"1e999\"}",
            "/threshold",
        ),
    ] {
        invalid_at(text, path);
    }
}

#[test]
fn refusals_are_violations_a_model_can_read() {
    let err = lenient::parse_args::<Forecast>("{\"city\": \"Paris\", \"days\": NaN}").unwrap_err();
    let violations = err.violations();
    assert_eq!(violations.len(), 1);
    assert_eq!(violations[0].path, "/days");
    assert_eq!(violations[0].rule, "json");
    assert!(err.to_string().contains("NaN"), "{err}");
    let args_error = err.into_args_error();
    assert_eq!(args_error.violations()[0].rule, "json");
}

// ------------------------------------------------------------ parse_args from text

#[test]
fn parse_args_takes_strict_json_text() {
    let got: Forecast = toolform::parse_args(r#"{"city": "Paris", "days": 3}"#).unwrap();
    assert_eq!(got, forecast("Paris", 3));
    // The same violations as from a value.
    let from_text =
        toolform::parse_args::<Forecast>(r#"{"city": "Paris", "days": 30}"#).unwrap_err();
    let from_value =
        toolform::parse_args::<Forecast>(json!({"city": "Paris", "days": 30})).unwrap_err();
    assert_eq!(from_text, from_value);
    // Not JSON: one violation at the root, rule "json"; no repair.
    for text in [
        "",
        "{city: \"Paris\"}",
        "{\"city\": \"Paris\",}",
        "```json\n{}\n```",
        "\u{0}",
        "{\"a\": NaN}",
    ] {
        let err = toolform::parse_args::<Forecast>(text).unwrap_err();
        assert_eq!(err.violations().len(), 1, "{text:?}");
        assert_eq!(err.violations()[0].path, "", "{text:?}");
        assert_eq!(err.violations()[0].rule, "json", "{text:?}");
    }
    // Dialects read text too.
    for dialect in toolform::dialect::Dialect::ALL {
        let got: Forecast = dialect
            .parse_args(r#"{"city": "Paris", "days": 3}"#)
            .unwrap();
        assert_eq!(got.days, 3);
    }
}

#[test]
fn parse_args_from_deep_text_is_one_violation() {
    for n in [1_000, 100_000] {
        let text = "[".repeat(n);
        let err = toolform::parse_args::<Forecast>(text.as_str()).unwrap_err();
        assert_eq!(err.violations()[0].rule, "json");
        let closed = format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(toolform::parse_args::<Forecast>(closed.as_str()).is_err());
    }
}

// ------------------------------------------------------------ hostile

#[test]
fn hostile_inputs_are_refused_cleanly() {
    for n in [1_000, 10_000, 100_000] {
        for text in [
            "[".repeat(n),
            "{\"a\":".repeat(n),
            format!("{}{}", "[".repeat(n), "]".repeat(n)),
            format!("{{'city': '{}'}}", "x".repeat(n)),
        ] {
            let _ = lenient::parse_args::<Forecast>(&text);
            let _ = lenient::repair(&text, &json!(true));
        }
        let deep = format!("{}{}", "[".repeat(n), "]".repeat(n));
        let err = lenient::repair(&deep, &json!(true)).unwrap_err();
        assert_eq!(err.refusal(), Refusal::TooDeep);
    }
    // A 1 MB string, with raw control characters, read in full.
    let big = "é\n".repeat(1 << 19);
    let text = format!("{{'city': '{big}', 'days': 2}}");
    let parsed = lenient::parse_args::<Forecast>(&text).unwrap();
    assert_eq!(parsed.value.city, big);
    // A 1 MB string holding JSON where an object is due.
    let inner = serde_json::to_string(&json!({"field": "x".repeat(1 << 20)})).unwrap();
    let text = serde_json::to_string(&json!({"city": "P", "days": 1, "filter": inner})).unwrap();
    let parsed = lenient::parse_args::<Forecast>(&text).unwrap();
    assert_eq!(parsed.value.filter.map(|f| f.field.len()), Some(1 << 20));
    // A million members, each with a repair: the list is capped.
    let many = format!(
        "{{{}}}",
        (0..100_000)
            .map(|i| format!("k{i}: True,"))
            .collect::<String>()
    );
    let r = lenient::repair(&many, &json!(true)).unwrap();
    assert_eq!(r.repairs().len(), lenient::MAX_REPAIRS);
    assert!(r.unlisted() > 100_000);
}

#[test]
fn hostile_schemas_are_bounded() {
    // A reference cycle, a deep chain of `allOf`, a wide union: no repair
    // the schema does not certainly want, and no hang.
    let cycle = json!({"$ref": "#/$defs/a", "$defs": {"a": {"anyOf": [{"$ref": "#/$defs/a"}, {"type": "integer"}]}}});
    let r = lenient::repair("\"3\"", &cycle).unwrap();
    assert_eq!(r.value(), &json!("3"));
    let mut deep = json!({"type": "integer"});
    for _ in 0..10_000 {
        let mut wrapper = serde_json::Map::new();
        wrapper.insert("allOf".into(), Value::Array(vec![deep]));
        deep = Value::Object(wrapper);
    }
    let r = lenient::repair("\"3\"", &deep).unwrap();
    // Too deep to be sure: left alone.
    assert_eq!(r.value(), &json!("3"));
    toolform_tests_dispose(deep);
    let wide = json!({"anyOf": (0..10_000).map(|i| json!({"const": i})).collect::<Vec<_>>()});
    let r = lenient::repair("\"3\"", &wide).unwrap();
    // Past the budget of one question, the union is read as admitting
    // anything: left alone.
    assert_eq!(r.value(), &json!("3"));
    let narrow = json!({"anyOf": (0..100).map(|i| json!({"const": i})).collect::<Vec<_>>()});
    let r = lenient::repair("\"3\"", &narrow).unwrap();
    assert_eq!(r.value(), &json!(3));
}

/// Drops a deep value without recursion.
fn toolform_tests_dispose(value: Value) {
    let mut stack = vec![value];
    while let Some(mut v) = stack.pop() {
        match &mut v {
            Value::Array(items) => stack.append(items),
            Value::Object(map) => stack.extend(std::mem::take(map).into_iter().map(|(_, c)| c)),
            _ => {}
        }
    }
}

// ------------------------------------------------------------ properties

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        any::<String>().prop_map(Value::String),
        "[\\x00-\\x1f\"\\\\/'“”‘’a]{0,8}".prop_map(Value::String),
    ];
    leaf.prop_recursive(6, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::vec((any::<String>(), inner), 0..8)
                .prop_map(|members| Value::Object(members.into_iter().collect())),
        ]
    })
}

fn arb_forecast() -> impl Strategy<Value = Value> {
    (
        any::<String>(),
        0u16..300,
        prop::option::of(prop_oneof![
            Just("metric"),
            Just("imperial"),
            Just("Metric")
        ]),
        prop::collection::vec("[a-z, ]{0,6}", 0..4),
        any::<bool>(),
        prop::option::of(any::<f64>().prop_filter("finite", |f| f.is_finite())),
    )
        .prop_map(|(city, days, units, tags, hourly, threshold)| {
            let mut v = json!({"city": city, "days": days, "tags": tags, "hourly": hourly});
            if let Some(u) = units {
                v["units"] = json!(u);
            }
            if let Some(t) = threshold {
                v["threshold"] = json!(t);
            }
            v
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Valid JSON comes through exactly as serde_json reads it, with no
    /// repair, compact or pretty, against a schema that admits anything.
    #[test]
    fn valid_json_is_unchanged(value in arb_json()) {
        for text in [serde_json::to_string(&value).unwrap(), serde_json::to_string_pretty(&value).unwrap()] {
            let strict: Value = serde_json::from_str(&text).unwrap();
            let r = lenient::repair(&text, &json!(true)).unwrap();
            prop_assert_eq!(r.value(), &strict);
            prop_assert!(r.repairs().is_empty(), "{:?}", r.repairs());
        }
    }

    /// Valid arguments of the right types come through unchanged, with no
    /// repair, against the type's own schema; and `lenient::parse_args`
    /// agrees with `toolform::parse_args` on them.
    #[test]
    fn valid_arguments_are_unchanged(value in arb_forecast()) {
        let text = serde_json::to_string(&value).unwrap();
        let r = lenient::repair(&text, Forecast::input_schema()).unwrap();
        prop_assert_eq!(r.value(), &serde_json::from_str::<Value>(&text).unwrap());
        prop_assert!(r.repairs().is_empty(), "{:?}", r.repairs());
        let strict = toolform::parse_args::<Forecast>(text.as_str());
        match lenient::parse_args::<Forecast>(&text) {
            Ok(p) => prop_assert_eq!(Ok(p.value), strict),
            Err(LenientError::Invalid { error, repairs }) => {
                prop_assert!(repairs.is_empty());
                prop_assert_eq!(Err(error), strict);
            }
            Err(e) => prop_assert!(false, "refused: {}", e),
        }
    }

    /// Whatever the text, a value `lenient::parse_args` accepts validates
    /// against the input schema (judged by the `jsonschema` crate).
    #[test]
    fn accepted_values_validate(seed in arb_forecast(), edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..4, prop::sample::select(NOISE)), 0..4)) {
        let text = mutate(&serde_json::to_string(&seed).unwrap(), &edits);
        if let Ok(r) = lenient::repair(&text, Forecast::input_schema())
            && lenient::parse_args::<Forecast>(&text).is_ok()
        {
            prop_assert!(validator().is_valid(r.value()), "{} -> {}", text, r.value());
        }
    }

    /// Random bytes: no panic.
    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = lenient::repair(&text, Forecast::input_schema());
        let _ = lenient::parse_args::<Draw>(&text);
    }
}

fn validator() -> &'static jsonschema::Validator {
    static V: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    V.get_or_init(|| jsonschema::validator_for(Forecast::input_schema()).expect("a valid schema"))
}

/// Characters inserted by the fuzz: structure and noise, never a digit or a
/// sign (which would legitimately change a number).
const NOISE: &[char] = &[
    '{', '}', '[', ']', ',', ':', '"', '\'', ' ', '\n', '/', '*', '#', '\\', '`', 'x', 'T', '“',
];

/// Applies edits at char positions: 0 delete, 1 insert, 2 replace, 3 duplicate.
fn mutate(text: &str, edits: &[(prop::sample::Index, u8, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (at, op, c) in edits {
        if chars.is_empty() {
            chars.push(*c);
            continue;
        }
        let i = at.index(chars.len());
        match op {
            0 => {
                chars.remove(i);
            }
            1 => chars.insert(i, *c),
            2 => chars[i] = *c,
            _ => {
                let d = chars[i];
                chars.insert(i, d);
            }
        }
    }
    chars.into_iter().collect()
}

// ------------------------------------------------------------ fuzz with an oracle

/// The corpus: texts a model might write, each with its one intended value.
fn corpus() -> Vec<(String, Forecast)> {
    let full = Forecast {
        city: "São Paulo".into(),
        days: 7,
        units: Some(Units::Metric),
        tags: vec!["rain".into(), "wind, gusts".into()],
        hourly: true,
        filter: Some(Filter {
            field: "temp".into(),
            exact: true,
        }),
        threshold: Some(-2.5),
    };
    let full_json = json!({"city": "São Paulo", "days": 7, "units": "metric", "tags": ["rain", "wind, gusts"],
        "hourly": true, "filter": {"field": "temp", "exact": true}, "threshold": -2.5});
    let small_json = json!({"city": "Paris", "days": 3});
    vec![
        (serde_json::to_string(&full_json).unwrap(), full.clone()),
        (
            serde_json::to_string_pretty(&full_json).unwrap(),
            full.clone(),
        ),
        (
            serde_json::to_string(&small_json).unwrap(),
            forecast("Paris", 3),
        ),
        (
            serde_json::to_string_pretty(&small_json).unwrap(),
            forecast("Paris", 3),
        ),
    ]
}

/// Per byte of a strict JSON text: 0 structure, 1 a string's quote, 2 a
/// string's content, 3 a number literal's.
fn roles(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut role = vec![0u8; b.len()];
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                role[i] = 1;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    role[i] = 2;
                    if b[i] == b'\\' {
                        i += 1;
                        if i < b.len() {
                            role[i] = 2;
                        }
                    }
                    i += 1;
                }
                if i < b.len() {
                    role[i] = 1;
                }
                i += 1;
            }
            b'-' | b'0'..=b'9' | b'.' | b'e' | b'E' | b'+'
                if i > 0
                    && (role[i - 1] == 3
                        || matches!(b[i - 1], b':' | b' ' | b'[' | b',' | b'\n')) =>
            {
                role[i] = 3;
                i += 1;
            }
            _ => i += 1,
        }
    }
    role
}

#[test]
fn structural_damage_is_repaired_to_the_intended_value_or_refused() {
    let mut checked = 0;
    let mut recovered = 0;
    for (text, intended) in corpus() {
        let role = roles(&text);
        for at in 0..=text.len() {
            if !text.is_char_boundary(at) {
                continue;
            }
            let before = if at == 0 { 0 } else { role[at - 1] };
            let here = role.get(at).copied().unwrap_or(0);
            // Inserting between two bytes of one string or number changes
            // the value legitimately; so does changing a byte of one.
            let may_insert = !(before == 2
                || (before == 1 && matches!(here, 1 | 2))
                || (before == 3 && here == 3));
            let may_change = at < text.len() && matches!(here, 0 | 1);
            let char_len = text[at..].chars().next().map_or(0, char::len_utf8);
            let mut variants = Vec::new();
            if may_change {
                variants.push(format!("{}{}", &text[..at], &text[at + char_len..]));
            }
            for noise in NOISE {
                if may_insert {
                    variants.push(format!("{}{}{}", &text[..at], noise, &text[at..]));
                }
                if may_change {
                    variants.push(format!(
                        "{}{}{}",
                        &text[..at],
                        noise,
                        &text[at + char_len..]
                    ));
                }
            }
            for variant in variants {
                checked += 1;
                if let Ok(parsed) = lenient::parse_args::<Forecast>(&variant) {
                    assert_eq!(
                        parsed.value, intended,
                        "{variant:?} was read as another value"
                    );
                    recovered += 1;
                }
            }
        }
    }
    assert!(checked > 5_000, "{checked}");
    // Some damage has one reading (a comma added before `}`, a space).
    assert!(recovered > 0);
}

// ------------------------------------------------------------ rmcp opt-in

/// The rmcp opt-in end to end through rmcp's client in process: one tool
/// with `toolform::rmcp::lenient::Parameters<T>`, a whole server with
/// `toolform::rmcp::lenient::call_tool`; both repair at the schema level
/// only and tell the model what was repaired.
mod rmcp_opt_in {
    use super::Forecast;
    use rmcp::handler::server::router::tool::ToolRouter;
    use rmcp::model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
        Implementation, InitializeRequestParams, ProtocolVersion, ServerCapabilities, ServerConfig,
    };
    use rmcp::service::{RequestContext, RoleServer};
    use rmcp::{ClientHandler, ErrorData, ServerHandler, tool, tool_handler, tool_router};
    use serde_json::{Value, json};
    use toolform::ToolSchema;
    use toolform_tests::in_process::{self, Peer, Session};

    #[derive(Clone)]
    struct OneTool {
        tool_router: ToolRouter<Self>,
    }

    #[tool_router]
    impl OneTool {
        /// A forecast, read forgivingly.
        #[tool]
        async fn forecast(
            &self,
            toolform::rmcp::lenient::Parameters(args, repairs): toolform::rmcp::lenient::Parameters<
                Forecast,
            >,
        ) -> CallToolResult {
            let text = format!("{} for {} days, tags {:?}", args.city, args.days, args.tags);
            repairs.tell(CallToolResult::success(vec![ContentBlock::text(text)]))
        }
    }

    #[tool_handler(router = self.tool_router)]
    impl ServerHandler for OneTool {
        fn get_info(&self) -> ServerConfig {
            ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
        }
    }

    #[derive(Clone)]
    struct WholeServer {
        tool_router: ToolRouter<Self>,
    }

    #[tool_router]
    impl WholeServer {
        /// A forecast, with toolform's strict extractor.
        #[tool]
        async fn forecast(
            &self,
            toolform::rmcp::Parameters(args): toolform::rmcp::Parameters<Forecast>,
        ) -> String {
            format!("{} for {} days, tags {:?}", args.city, args.days, args.tags)
        }
    }

    #[tool_handler(router = self.tool_router)]
    impl ServerHandler for WholeServer {
        fn get_info(&self) -> ServerConfig {
            ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
        }

        async fn call_tool(
            &self,
            request: CallToolRequestParams,
            context: RequestContext<RoleServer>,
        ) -> Result<CallToolResponse, ErrorData> {
            toolform::rmcp::lenient::call_tool(&self.tool_router, self, request, context).await
        }
    }

    #[derive(Clone)]
    struct Client;

    impl ClientHandler for Client {
        fn get_info(&self) -> rmcp::model::ClientConfig {
            InitializeRequestParams::new(
                ClientCapabilities::default(),
                Implementation::new("lenient-test", "0"),
            )
        }
    }

    fn peer() -> Peer {
        Peer::new(ProtocolVersion::default(), ClientCapabilities::default())
    }

    async fn call(session: &Session<Client>, args: Value) -> (bool, Vec<String>) {
        let Value::Object(args) = args else {
            panic!("an object")
        };
        let result = session
            .client
            .call_tool(CallToolRequestParams::new("forecast").with_arguments(args))
            .await
            .expect("a tool result");
        let texts = serde_json::to_value(&result.content)
            .expect("content")
            .as_array()
            .expect("blocks")
            .iter()
            .filter_map(|b| b["text"].as_str().map(str::to_owned))
            .collect();
        (result.is_error == Some(true), texts)
    }

    async fn check(session: Session<Client>) {
        // Repaired, and the model is told where and what.
        let (error, texts) = call(
            &session,
            json!({"city": "Paris", "days": "3", "tags": "rain"}),
        )
        .await;
        assert!(!error, "{texts:?}");
        assert_eq!(texts[0], "Paris for 3 days, tags [\"rain\"]");
        let note = texts.last().expect("a note");
        assert!(
            note.contains("/days: read a string holding a JSON number"),
            "{note}"
        );
        assert!(
            note.contains("/tags: read a lone value as an array"),
            "{note}"
        );
        // Nothing to repair: no note.
        let (error, texts) = call(&session, json!({"city": "Paris", "days": 3})).await;
        assert!(!error);
        assert_eq!(texts.len(), 1, "{texts:?}");
        // No one reading: every violation, as the strict extractor gives.
        let (error, texts) = call(
            &session,
            json!({"city": "Paris", "days": "1,5", "tags": "a, b"}),
        )
        .await;
        assert!(error, "{texts:?}");
        assert!(
            texts[0].contains("/days") && texts[0].contains("/tags"),
            "{texts:?}"
        );
    }

    #[tokio::test]
    async fn one_tool_reads_forgivingly_and_says_so() {
        let session = in_process::session(
            OneTool {
                tool_router: OneTool::tool_router(),
            },
            Client,
            peer(),
        );
        // The tool still advertises the type's schema (rmcp's `#[tool]`
        // found `Parameters` by name).
        let tools = session.client.list_all_tools().await.expect("tools/list");
        assert_eq!(
            tools[0].input_schema["properties"],
            Forecast::input_schema()["properties"]
        );
        check(session).await;
    }

    #[tokio::test]
    async fn a_whole_server_reads_forgivingly_and_says_so() {
        let session = in_process::session(
            WholeServer {
                tool_router: WholeServer::tool_router(),
            },
            Client,
            peer(),
        );
        check(session).await;
    }
}

// ------------------------------------------------------------ the benchmark's corpus

/// `bench/lenient/corpus.jsonl` (real-shaped outputs for eight tool schemas,
/// each labelled with its one intended value or "refuse") through
/// `lenient::repair`, judged by the `jsonschema` crate: every intended value
/// recovered, nothing that must be refused accepted. The peers' side of the
/// comparison is `bench/lenient/run.sh`.
#[test]
fn the_benchmark_corpus_is_recovered_or_refused_never_misread() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench/lenient");
    let schemas: serde_json::Map<String, Value> =
        serde_json::from_str(&std::fs::read_to_string(dir.join("schemas.json")).unwrap()).unwrap();
    let validators: std::collections::HashMap<&String, jsonschema::Validator> = schemas
        .iter()
        .map(|(k, s)| (k, jsonschema::validator_for(s).unwrap()))
        .collect();
    let corpus = std::fs::read_to_string(dir.join("corpus.jsonl")).unwrap();
    let (mut recover, mut refuse) = (0, 0);
    for line in corpus.lines() {
        let item: Value = serde_json::from_str(line).unwrap();
        let tool = item["tool"].as_str().unwrap().to_owned();
        let text = item["text"].as_str().unwrap();
        let accepted = lenient::repair(text, &schemas[&tool])
            .ok()
            .map(|r| r.into_value())
            .filter(|v| validators[&tool].is_valid(v));
        if item["label"] == "recover" {
            recover += 1;
            let got = accepted.unwrap_or_else(|| panic!("not recovered: {item}"));
            assert!(
                same_number_aware(&got, &item["intended"]),
                "{item}: read as {got}"
            );
        } else {
            refuse += 1;
            assert!(accepted.is_none(), "{item}: accepted as {accepted:?}");
        }
    }
    assert!(recover > 300 && refuse > 150, "{recover} {refuse}");
}

/// JSON equality with numbers compared by value (`250` and `250.0`).
fn same_number_aware(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_number_aware(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_number_aware(v, w)))
        }
        _ => a == b,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Random byte changes to the benchmark corpus's texts: no panic, and
    /// every value `lenient::parse_args` takes validates. (Which value a
    /// changed text *means* has no oracle here; the structural fuzz above
    /// has one.)
    #[test]
    fn byte_changes_to_the_corpus_never_panic(pick in any::<prop::sample::Index>(), edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..6)) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench/lenient");
        let corpus = std::fs::read_to_string(dir.join("corpus.jsonl")).unwrap();
        let lines: Vec<&str> = corpus.lines().collect();
        let item: Value = serde_json::from_str(lines[pick.index(lines.len())]).unwrap();
        let mut bytes = item["text"].as_str().unwrap().as_bytes().to_vec();
        for (at, byte, op) in edits {
            if bytes.is_empty() {
                bytes.push(byte);
                continue;
            }
            let i = at.index(bytes.len());
            match op {
                0 => { bytes.remove(i); }
                1 => bytes.insert(i, byte),
                _ => bytes[i] = byte,
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        let schemas: serde_json::Map<String, Value> =
            serde_json::from_str(&std::fs::read_to_string(dir.join("schemas.json")).unwrap()).unwrap();
        let _ = lenient::repair(&text, &schemas[item["tool"].as_str().unwrap()]);
        if let Ok(parsed) = lenient::parse_args::<Forecast>(&text) {
            let r = lenient::repair(&text, Forecast::input_schema()).unwrap();
            prop_assert!(validator().is_valid(r.value()));
            let _ = parsed;
        }
    }
}
