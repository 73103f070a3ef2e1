//! One validator for answers and tool arguments, tried as a hostile client:
//! a derived form and the same form gated from its `requestedSchema` give
//! the same violations (path, rule and message) on every mutated answer;
//! non-ASCII names, options, titles and patterns everywhere; values 100k
//! deep at every place; 1k/10k/100k fields, options and items.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use toolform::elicit::{ElicitForm, Elicited, Revision, gate, validate_answer, validate_content};
use toolform::{ElicitError, ToolSchema, parse_args};
use toolform_tests::deep::{deep_array, deep_object, dispose};
use toolform_tests::mutate::{Kind, mutants, property_names};

#[derive(Serialize, Deserialize, ToolSchema, Debug, PartialEq, Clone, Copy)]
enum Couleur {
    #[serde(rename = "rouge/é~1")]
    #[schema(title = "Rouge écarlate")]
    Rouge,
    #[serde(rename = "緑")]
    #[schema(title = "緑色")]
    Vert,
    #[serde(rename = "🟦 bleu")]
    Bleu,
}

#[derive(Serialize, Deserialize, ToolSchema, Debug, PartialEq, Clone, Copy)]
enum Taille {
    #[serde(rename = "petit·e")]
    Petit,
    #[serde(rename = "grand·e")]
    Grand,
}

#[derive(Deserialize, ElicitForm, Debug)]
#[allow(dead_code)]
struct Fiche {
    /// Nom complet (ünïcödé)
    #[serde(rename = "nom/prénom~x")]
    #[elicit(length(min = 2, max = 5))]
    nom: String,
    #[serde(rename = "âge")]
    #[elicit(range(min = 1, max = 120))]
    age: u8,
    #[serde(rename = "couleur préférée")]
    couleur: Couleur,
    #[serde(rename = "tailles")]
    #[elicit(min_items = 1, max_items = 2)]
    tailles: Vec<Taille>,
    #[serde(rename = "courriel")]
    #[elicit(format = "email")]
    courriel: Option<String>,
    #[serde(rename = "ratio ½")]
    ratio: Option<f64>,
    #[serde(default, rename = "d'accord")]
    accord: bool,
}

fn accept(content: Value) -> Value {
    let mut result = Map::new();
    result.insert("action".into(), json!("accept"));
    result.insert("content".into(), content);
    Value::Object(result)
}

type Found = Vec<(String, &'static str, String)>;

fn triples(v: &[toolform::Violation]) -> Found {
    v.iter()
        .map(|v| (v.path.clone(), v.rule, v.message.clone()))
        .collect()
}

/// The derived form and the same form gated from its own schema are one
/// validator: on every mutant of a seed answer, the same violations with the
/// same messages, in the same order. (An integer written `1.0` is the one
/// difference by design: serde refuses it for derived forms, JSON Schema
/// accepts it for gated ones.)
#[test]
fn derived_and_gated_forms_give_the_same_violations() {
    let schema = Fiche::requested_schema();
    let gated = gate(schema, Revision::V2025_11_25).expect("a derived form passes the gate");
    assert_eq!(&gated, schema);
    let seed = json!({
        "nom/prénom~x": "Zoë", "âge": 30, "couleur préférée": "緑", "tailles": ["petit·e"],
        "courriel": "zoe@example.com", "ratio ½": 0.5, "d'accord": true
    });
    let mut known = Vec::new();
    property_names(schema, &mut known);
    let mut by_kind: BTreeMap<String, usize> = BTreeMap::new();
    let mut compared = 0;
    for m in mutants(&seed, &known) {
        let Value::Object(content) = &m.doc else {
            continue;
        };
        let derived = triples(&validate_answer(Fiche::FORM, content));
        let from_gate = match validate_content(&gated, &m.doc) {
            Ok(()) => Vec::new(),
            Err(v) => triples(&v),
        };
        if m.kind == Kind::IntegralFloat && derived != from_gate {
            // serde's integers refuse `1.0`; JSON Schema takes it (and then
            // checks its bounds).
            assert!(derived.iter().any(|v| v.1 == "type"), "{}", m.doc);
            assert!(
                from_gate.iter().all(|v| v.1 != "type"),
                "{} {from_gate:?}",
                m.doc
            );
            continue;
        }
        assert_eq!(derived, from_gate, "{:?} at {}: {}", m.kind, m.path, m.doc);
        for (path, _, _) in &derived {
            assert!(m.doc.pointer(path).is_some() || path.len() > 1, "{path}");
        }
        compared += 1;
        *by_kind.entry(format!("{:?}", m.kind)).or_default() += usize::from(!derived.is_empty());
    }
    assert!(compared > 50, "{compared}");
    // Mutants with violations, per kind of mutation: the comparison was not
    // only between empty lists.
    assert!(by_kind.values().sum::<usize>() > 20, "{by_kind:?}");
}

/// Paths escape `/` and `~` in non-ASCII field names and point at the
/// answer's own keys; messages quote non-ASCII options intact.
#[test]
fn non_ascii_names_options_and_titles() {
    let answer = accept(json!({
        "nom/prénom~x": "é", "âge": 0, "couleur préférée": "rouge", "tailles": ["petit·e", "moyen", "grand·e"],
        "courriel": "pas un courriel"
    }));
    let err = Fiche::from_elicit_result(&answer).unwrap_err();
    let found = toolform_tests::path_rules(err.violations());
    assert_eq!(
        found,
        [
            ("/nom~1prénom~0x", "minLength"),
            ("/âge", "minimum"),
            ("/couleur préférée", "enum"),
            ("/tailles", "maxItems"),
            ("/tailles", "enum"),
            ("/courriel", "format"),
        ],
        "{err}"
    );
    let content = &answer["content"];
    for v in err.violations() {
        assert!(content.pointer(&v.path).is_some(), "{}", v.path);
    }
    let text = err.to_string();
    assert!(text.contains(r#""rouge/é~1", "緑", "🟦 bleu""#), "{text}");
    // Titles print as given.
    let schema = Fiche::requested_schema();
    assert_eq!(
        schema["properties"]["couleur préférée"]["oneOf"][0]["title"],
        "Rouge écarlate"
    );
    // The right answer parses.
    let ok = accept(
        json!({"nom/prénom~x": "Zoë", "âge": 7, "couleur préférée": "🟦 bleu", "tailles": ["grand·e"]}),
    );
    let Ok(Elicited::Accepted(f)) = Fiche::from_elicit_result(&ok) else {
        panic!("accepted")
    };
    assert_eq!(
        (f.couleur, f.tailles.as_slice()),
        (Couleur::Bleu, &[Taille::Grand][..])
    );
}

/// 100k levels at every place of an `ElicitResult`: the result itself, its
/// action, its content, each field, an unknown key, a multi-select item.
#[test]
fn deep_values_at_every_place_of_an_answer() {
    const DEPTH: usize = 100_000;
    let fields = [
        "nom/prénom~x",
        "âge",
        "couleur préférée",
        "tailles",
        "courriel",
        "ratio ½",
        "d'accord",
        "inconnu",
    ];
    for deep in [deep_array as fn(usize) -> Value, deep_object] {
        // The whole result, and the action.
        let v = deep(DEPTH);
        assert!(matches!(
            Fiche::from_elicit_result(&v),
            Err(ElicitError::Malformed(_))
        ));
        dispose(v);
        let mut result = Map::new();
        result.insert("action".into(), deep(DEPTH));
        let v = Value::Object(result);
        assert!(matches!(
            Fiche::from_elicit_result(&v),
            Err(ElicitError::Malformed(_))
        ));
        dispose(v);
        // The content.
        let v = accept(deep(DEPTH));
        assert!(Fiche::from_elicit_result(&v).is_err());
        dispose(v);
        for field in fields {
            let mut content = Map::new();
            content.insert(field.into(), deep(DEPTH));
            let v = accept(Value::Object(content));
            let err = Fiche::from_elicit_result(&v).unwrap_err();
            let at_field: Vec<_> = err
                .violations()
                .iter()
                .filter(|x| {
                    x.path
                        .starts_with(&format!("/{}", field.replace('~', "~0").replace('/', "~1")))
                })
                .collect();
            if field != "inconnu" {
                assert_eq!(at_field.len(), 1, "{field}: {err}");
                assert_eq!(at_field[0].rule, "type", "{field}: {err}");
            }
            dispose(v);
        }
        // Inside a multi-select answer.
        let mut content = Map::new();
        content.insert(
            "tailles".into(),
            Value::Array(vec![json!("petit·e"), deep(DEPTH)]),
        );
        let v = accept(Value::Object(content));
        let err = Fiche::from_elicit_result(&v).unwrap_err();
        assert!(
            err.violations()
                .iter()
                .any(|x| x.path == "/tailles" && x.rule == "type"),
            "{err}"
        );
        dispose(v);
    }
}

/// A gated form of n fields (non-ASCII names with `/` and `~`), each
/// answered wrong, and n required fields missing: n violations each, in field
/// order, every path in the input; a quadratic walk could not finish 100k.
#[test]
fn many_fields_options_and_items_stay_linear() {
    for n in [1_000usize, 10_000, 100_000] {
        let mut props = Map::new();
        let mut required = Vec::new();
        for i in 0..n {
            let name = format!("champ/{i}~é");
            props.insert(
                name.clone(),
                json!({"type": "integer", "maximum": 5, "title": "Zahl ünd Größe"}),
            );
            required.push(Value::String(name));
        }
        let schema = json!({"type": "object", "properties": props, "required": required});
        let gated = gate(&schema, Revision::V2025_11_25).expect("flat form");
        let mut wrong = Map::new();
        for i in 0..n {
            wrong.insert(format!("champ/{i}~é"), json!(6));
        }
        let wrong = Value::Object(wrong);
        let violations = validate_content(&gated, &wrong).unwrap_err();
        // Capped (issue 22): the first 100, then one entry counting the rest.
        let cap = toolform::args::MAX_VIOLATIONS;
        assert_eq!(violations.len(), cap + 1);
        assert!(violations[..cap].iter().all(|v| v.rule == "maximum"));
        assert_eq!(violations[cap].rule, toolform::args::MORE);
        assert_eq!(violations[cap - 1].path, format!("/champ~1{}~0é", cap - 1));
        for v in violations.iter().step_by(997) {
            assert!(wrong.pointer(&v.path).is_some(), "{}", v.path);
        }
        let missing = validate_content(&gated, &json!({})).unwrap_err();
        // Capped (issue 22): the first 100, then one entry counting the rest.
        assert_eq!(missing.len(), capped(n));
        assert!(
            missing
                .iter()
                .all(|v| v.rule == "required" || v.rule == toolform::args::MORE)
        );
        // n titled options (non-ASCII titles) and n items, half of them bad.
        let options: Vec<Value> = (0..n)
            .map(|i| json!({"const": format!("opt-{i}-ß"), "title": format!("Option {i} — ÿ")}))
            .collect();
        let schema = json!({"type": "object", "properties": {"m": {"type": "array", "items": {"anyOf": options}}}});
        let gated = gate(&schema, Revision::V2025_11_25).expect("multi-select");
        let items: Vec<Value> = (0..n)
            .map(|i| {
                if i % 2 == 0 {
                    json!(format!("opt-{i}-ß"))
                } else {
                    json!(format!("nope-{i}-ß"))
                }
            })
            .collect();
        let violations = validate_content(&gated, &json!({"m": items})).unwrap_err();
        assert_eq!(violations.len(), capped(n / 2));
        assert!(violations.iter().all(|v| v.message.len() < 600));
    }
}

// ------------------------------------------------------------ tool arguments

#[derive(Serialize, Deserialize, ToolSchema, Debug)]
#[serde(deny_unknown_fields)]
struct Réservation {
    #[serde(rename = "ville/départ~")]
    #[schema(pattern = "^[a-zà-ÿ]+$")]
    ville: String,
    #[serde(rename = "voyageurs·euses")]
    #[schema(range(min = 1, max = 9))]
    voyageurs: u8,
    #[serde(rename = "étiquettes")]
    étiquettes: Vec<String>,
    #[serde(default, rename = "notes")]
    notes: BTreeMap<String, u32>,
}

/// Non-ASCII keys, a non-ASCII pattern, map keys and violations: every
/// fault named once, paths escaped, messages quoting the pattern intact.
#[test]
fn args_non_ascii_everywhere() {
    let ok = json!({"ville/départ~": "genève", "voyageurs·euses": 2, "étiquettes": ["é"], "notes": {"ünï": 1}});
    assert!(parse_args::<Réservation>(&ok).is_ok());
    let bad = json!({"ville/départ~": "GENÈVE", "voyageurs·euses": 12, "étiquettes": ["é", 1], "notes": {"ünï": "x"}, "clé inconnue": 1});
    let err = parse_args::<Réservation>(&bad).unwrap_err();
    let found = toolform_tests::path_rules(err.violations());
    assert_eq!(
        found,
        [
            ("/ville~1départ~0", "pattern"),
            ("/voyageurs·euses", "maximum"),
            ("/étiquettes/1", "type"),
            ("/notes/ünï", "type"),
            ("/clé inconnue", "additionalProperties"),
        ],
        "{err}"
    );
    assert!(err.to_string().contains("^[a-zà-ÿ]+$"), "{err}");
    for v in err.violations() {
        assert!(bad.pointer(&v.path).is_some(), "{}", v.path);
    }
}

/// 100k levels under every argument and the arguments themselves: one
/// violation, no recursion on the depth.
#[test]
fn args_deep_values_at_every_place() {
    const DEPTH: usize = 100_000;
    for deep in [deep_array as fn(usize) -> Value, deep_object] {
        let v = deep(DEPTH);
        assert!(parse_args::<Réservation>(&v).is_err());
        dispose(v);
        for key in [
            "ville/départ~",
            "voyageurs·euses",
            "étiquettes",
            "notes",
            "inconnu",
        ] {
            let mut args = Map::new();
            args.insert("ville/départ~".into(), json!("a"));
            args.insert("voyageurs·euses".into(), json!(1));
            args.insert("étiquettes".into(), json!([]));
            args.insert(key.into(), deep(DEPTH));
            let v = Value::Object(args);
            let err = parse_args::<Réservation>(&v).unwrap_err();
            assert_eq!(err.violations().len(), 1, "{key}: {err}");
            dispose(v);
        }
    }
}

/// 1k/10k/100k items, map entries and unknown keys, every one wrong: one
/// violation each, in document order.
#[test]
fn args_many_items_entries_and_keys_stay_linear() {
    for n in [1_000usize, 10_000, 100_000] {
        let items: Vec<Value> = (0..n).map(|i| json!(i)).collect();
        let mut notes = Map::new();
        let mut args = Map::new();
        for i in 0..n {
            notes.insert(format!("clé-{i}-ü"), json!(-1));
        }
        args.insert("ville/départ~".into(), json!("a"));
        args.insert("voyageurs·euses".into(), json!(1));
        args.insert("étiquettes".into(), Value::Array(items));
        args.insert("notes".into(), Value::Object(notes));
        for i in 0..n {
            args.insert(format!("extra-{i}-ø"), json!(null));
        }
        let v = Value::Object(args);
        let err = parse_args::<Réservation>(&v).unwrap_err();
        // Capped (issue 22).
        assert_eq!(err.violations().len(), toolform::args::MAX_VIOLATIONS + 1);
        assert!(
            err.violations()[toolform::args::MAX_VIOLATIONS]
                .message
                .contains(&format!(
                    "and {} more",
                    3 * n - toolform::args::MAX_VIOLATIONS
                ))
        );
        assert_eq!(err.violations()[0].path, "/étiquettes/0");
        assert!(err.violations().iter().all(|x| x.message.len() < 1000));
    }
}

mod property {
    use super::*;
    use proptest::prelude::*;

    fn leaf() -> impl Strategy<Value = Value> {
        prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            (0i64..130).prop_map(Value::from),
            "[a-zé漢🦀/~ .@-]{0,8}".prop_map(Value::String),
            prop_oneof![
                Just("rouge/é~1"),
                Just("緑"),
                Just("🟦 bleu"),
                Just("petit·e"),
                Just("grand·e"),
                Just("zoe@example.com")
            ]
            .prop_map(|s| Value::String(s.to_owned())),
        ]
    }

    fn value() -> impl Strategy<Value = Value> {
        leaf().prop_recursive(3, 16, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::btree_map("[a-zé]{0,3}", inner, 0..3)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    fn content() -> impl Strategy<Value = Map<String, Value>> {
        let key = prop_oneof![
            Just("nom/prénom~x".to_owned()),
            Just("âge".to_owned()),
            Just("couleur préférée".to_owned()),
            Just("tailles".to_owned()),
            Just("courriel".to_owned()),
            Just("ratio ½".to_owned()),
            Just("d'accord".to_owned()),
            "[a-zé~/]{0,4}",
        ];
        prop::collection::vec((key, value()), 0..9).prop_map(|pairs| pairs.into_iter().collect())
    }

    proptest! {
        // 512 cases, or `PROPTEST_CASES` for a long run.
        #![proptest_config(ProptestConfig {
            cases: toolform_tests::proptest_cases(512),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// Any answer: the derived form and the gated form name the same
        /// violations (an integer written with a fraction aside).
        #[test]
        fn derived_and_gated_agree_on_any_answer(content in content()) {
            let gated = gate(Fiche::requested_schema(), Revision::V2025_11_25).unwrap();
            let derived = triples(&validate_answer(Fiche::FORM, &content));
            let doc = Value::Object(content);
            let from_gate = match validate_content(&gated, &doc) {
                Ok(()) => Vec::new(),
                Err(v) => triples(&v),
            };
            let fraction = doc.get("âge").and_then(Value::as_f64).is_some_and(|f| f.fract() == 0.0)
                && doc.get("âge").is_some_and(Value::is_f64);
            if !fraction {
                prop_assert_eq!(&derived, &from_gate, "{}", doc);
            }
            for (path, _, message) in &derived {
                prop_assert!(message.len() < 1000);
                prop_assert!(path.is_empty() || path.starts_with('/'));
            }
        }
    }
}

use toolform_tests::growth::capped;
