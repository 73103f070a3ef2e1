//! `SchemaSettings`: one value for the contract, the dialect and the `$defs`
//! policy (issue 41). The shortcuts are these settings' schemas (the same
//! references), each setting is cached per type, `render` writes the same
//! afresh, and an output schema in a dialect describes what serde writes:
//! every value serde writes is accepted, and where a dialect would have to
//! lie (a key serde leaves out made "required") the schema is refused, naming
//! the field.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use toolform::dialect::Dialect;
use toolform::{Contract, Defs, SchemaSettings, ToolSchema};
use toolform_tests::agreement;

#[derive(Debug, Clone, Deserialize, Serialize, ToolSchema)]
struct Room {
    name: String,
    beds: u8,
}

#[derive(Debug, Clone, Deserialize, Serialize, ToolSchema)]
#[serde(rename_all = "camelCase")]
struct Hotel {
    hotel_name: String,
    rooms: Vec<Room>,
    /// Written as `null` when unknown.
    stars: Option<u8>,
    #[serde(alias = "town")]
    city: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, ToolSchema)]
struct Sparse {
    id: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, ToolSchema)]
struct Holder {
    #[serde(flatten)]
    inner: Sparse,
    tag: String,
}

/// A generic type: no cache of its own, the process-wide one.
#[derive(Debug, Clone, Deserialize, Serialize, ToolSchema)]
struct Page<T> {
    items: Vec<T>,
    next: Option<String>,
}

fn hotels() -> Vec<Hotel> {
    vec![
        Hotel {
            hotel_name: "Ritz".into(),
            rooms: vec![Room {
                name: "Ünïcode suite ✓".into(),
                beds: 255,
            }],
            stars: Some(5),
            city: "Paris".into(),
        },
        Hotel {
            hotel_name: String::new(),
            rooms: vec![],
            stars: None,
            city: "東京".into(),
        },
    ]
}

fn ptr(v: &'static Value) -> *const Value {
    v
}

#[test]
fn shortcuts_are_the_default_settings_same_reference() {
    fn check<T: ToolSchema>() {
        let name = std::any::type_name::<T>();
        let input = T::input_schema();
        let output = T::output_schema();
        for settings in [
            SchemaSettings::input(),
            SchemaSettings::default(),
            SchemaSettings::from(Contract::Input),
            SchemaSettings::input().defs(Defs::WhereNeeded),
        ] {
            assert_eq!(
                ptr(T::schema(settings).unwrap()),
                ptr(input),
                "{name} {settings:?}"
            );
        }
        assert_eq!(
            ptr(T::schema(Contract::Input).unwrap()),
            ptr(input),
            "{name}"
        );
        for settings in [
            SchemaSettings::output(),
            SchemaSettings::from(Contract::Output),
        ] {
            assert_eq!(
                ptr(T::schema(settings).unwrap()),
                ptr(output),
                "{name} {settings:?}"
            );
        }
        // The same value as an uncached rendering of the shape.
        assert_eq!(
            toolform::render(T::SHAPE, Contract::Input).unwrap(),
            *input,
            "{name}"
        );
        assert_eq!(
            toolform::render(T::SHAPE, Contract::Output).unwrap(),
            *output,
            "{name}"
        );
    }
    check::<Hotel>();
    check::<Sparse>();
    check::<Page<Room>>();
    check::<Vec<Hotel>>();
    check::<BTreeMap<String, Room>>();
    check::<u8>();
}

#[test]
fn every_setting_is_cached_per_type_and_equals_a_fresh_rendering() {
    fn check<T: ToolSchema>() {
        let name = std::any::type_name::<T>();
        let mut all = vec![];
        for contract in [Contract::Input, Contract::Output] {
            for defs in [Defs::WhereNeeded, Defs::EveryNamedType] {
                let plain = SchemaSettings::from(contract).defs(defs);
                all.push(plain);
                for d in Dialect::ALL {
                    all.push(plain.dialect(d));
                }
            }
        }
        for settings in all {
            let first = T::schema(settings);
            let again = T::schema(settings);
            let fresh = toolform::render(T::SHAPE, settings);
            match (first, again, fresh) {
                (Ok(a), Ok(b), Ok(f)) => {
                    assert_eq!(ptr(a), ptr(b), "{name} {settings:?}: not cached");
                    assert_eq!(*a, f, "{name} {settings:?}: cache differs from render");
                }
                (Err(a), Err(b), Err(f)) => {
                    assert!(std::ptr::eq(a, b), "{name} {settings:?}: error not cached");
                    assert_eq!(a.violations(), f.violations(), "{name} {settings:?}");
                    assert_eq!(a.dialect(), settings.dialect.unwrap());
                }
                (a, b, f) => panic!("{name} {settings:?}: {a:?} / {b:?} / {f:?}"),
            }
        }
    }
    check::<Hotel>();
    check::<Sparse>();
    check::<Holder>();
    check::<Page<Hotel>>();
}

#[test]
fn a_dialect_alone_is_the_input_schema_in_it() {
    for d in Dialect::ALL {
        let alone = Hotel::schema(d);
        let spelled = Hotel::schema(SchemaSettings::input().dialect(d));
        match (alone, spelled) {
            (Ok(a), Ok(b)) => assert_eq!(ptr(a), ptr(b), "{d}"),
            (Err(a), Err(b)) => assert!(std::ptr::eq(a, b), "{d}"),
            (a, b) => panic!("{d}: {a:?} / {b:?}"),
        }
    }
    // The input side under strict: the alias left out, every property
    // required, the optional one nullable.
    let strict = Hotel::schema(Dialect::OpenAiStrict).unwrap();
    assert_eq!(
        strict["required"],
        json!(["hotelName", "rooms", "stars", "city"])
    );
    assert!(strict["properties"].get("town").is_none(), "{strict:#}");
    // The input contract in 2020-12 keeps the alias.
    assert!(
        Hotel::input_schema().to_string().contains("town"),
        "{:#}",
        Hotel::input_schema()
    );
}

#[test]
fn defs_every_named_type_accepts_what_the_inline_schema_accepts() {
    let defs = Hotel::schema(SchemaSettings::input().defs(Defs::EveryNamedType)).unwrap();
    assert!(defs["$defs"]["Room"].is_object(), "{defs:#}");
    assert!(Hotel::input_schema().get("$defs").is_none());
    let out = Hotel::schema(SchemaSettings::output().defs(Defs::EveryNamedType)).unwrap();
    assert!(out["$defs"]["Room"].is_object(), "{out:#}");
    let seeds: Vec<Value> = hotels()
        .iter()
        .map(|h| serde_json::to_value(h).unwrap())
        .collect();
    let compared = agreement::check_defs_equivalent::<Hotel>(&seeds);
    assert!(compared > 10, "{compared}");
}

/// A validator for a schema written in `d` (the JSON Schema dialects).
fn validator_in(d: Dialect, schema: &Value) -> Option<jsonschema::Validator> {
    let draft = match d {
        // OpenAPI's `nullable` is not JSON Schema: a plain validator would
        // refuse the `null`s Gemini's schema allows.
        Dialect::Gemini => return None,
        Dialect::JsonSchemaDraft07 => jsonschema::Draft::Draft7,
        _ => jsonschema::Draft::Draft202012,
    };
    Some(agreement::validator_in(schema, draft))
}

#[test]
fn output_in_every_dialect_accepts_what_serde_writes() {
    fn check<T: ToolSchema + Serialize>(values: &[T]) -> usize {
        let name = std::any::type_name::<T>();
        let mut checked = 0;
        for d in Dialect::ALL {
            for defs in [Defs::WhereNeeded, Defs::EveryNamedType] {
                let settings = SchemaSettings::output().dialect(d).defs(defs);
                let Ok(schema) = T::schema(settings) else {
                    continue;
                };
                let Some(v) = validator_in(d, schema) else {
                    continue;
                };
                for value in values {
                    let written = serde_json::to_value(value).unwrap();
                    let errors: Vec<String> =
                        v.iter_errors(&written).map(|e| e.to_string()).collect();
                    assert!(
                        errors.is_empty(),
                        "{name} {settings:?}: serde wrote {written} and the output schema refuses it: {errors:?}\n{schema:#}"
                    );
                    checked += 1;
                }
            }
        }
        checked
    }
    let sparse = [
        Sparse { id: 1, note: None },
        Sparse {
            id: u32::MAX,
            note: Some("ünï".into()),
        },
    ];
    let holders: Vec<Holder> = sparse
        .iter()
        .cloned()
        .map(|inner| Holder {
            inner,
            tag: "t".into(),
        })
        .collect();
    let pages = [Page {
        items: hotels(),
        next: None,
    }];
    let n = check(&hotels()) + check(&sparse) + check(&holders) + check(&pages);
    // Hotel and Page are written in every dialect but Gemini's (not
    // validated here): 7 dialects x 2 policies, each value.
    assert!(n >= 2 * 7 * 2 + 7 * 2, "{n}");
}

#[test]
fn output_in_a_strict_dialect_refuses_a_key_serde_leaves_out() {
    for d in Dialect::ALL {
        let settings = SchemaSettings::output().dialect(d);
        let written = Sparse::schema(settings);
        let input = Sparse::schema(d);
        // The same dialect's input side makes `note` required and nullable
        // (decode reads `null` back as absent); the output side cannot.
        let input_requires_note = input
            .ok()
            .and_then(|s| s["required"].as_array())
            .is_some_and(|r| r.contains(&json!("note")));
        if input_requires_note {
            let err = written.expect_err(&format!("{d}: output schema must be refused"));
            let found: Vec<(&str, &str)> = err
                .violations()
                .iter()
                .map(|v| (v.path.as_str(), v.rule))
                .collect();
            assert!(
                found.contains(&("/properties/note", "optional-output-property")),
                "{d}: {found:?}"
            );
            let text = err.to_string();
            assert!(
                text.contains("\"note\"") && text.contains("skip_serializing_if"),
                "{d}: {text}"
            );
            // Through a flatten the field is the holder's.
            let err = Holder::schema(settings).expect_err(&format!("{d}: flattened"));
            assert!(
                err.violations()
                    .iter()
                    .any(|v| v.rule == "optional-output-property"),
                "{d}: {:?}",
                err.violations()
            );
        } else if let Ok(schema) = written {
            // Not required on this side: the key may be absent.
            let required = schema["required"].as_array().cloned().unwrap_or_default();
            assert!(!required.contains(&json!("note")), "{d}: {schema:#}");
        }
    }
    // `Option` without skip_serializing_if: serde writes `null`, which the
    // strict output schema allows, required.
    let strict = Hotel::schema(SchemaSettings::output().dialect(Dialect::OpenAiStrict)).unwrap();
    assert!(
        strict["required"]
            .as_array()
            .unwrap()
            .contains(&json!("stars")),
        "{strict:#}"
    );
}

#[test]
fn hostile_names_in_an_output_dialect_error() {
    // Control characters, `/` and `~` in a field's wire name: the error's
    // path is a JSON Pointer token, its message quotes the name.
    #[derive(Serialize, Deserialize, ToolSchema)]
    struct Odd {
        #[serde(
            rename = "a/b~c\u{7}\u{202e}é",
            default,
            skip_serializing_if = "Option::is_none"
        )]
        odd: Option<u8>,
    }
    let err = Odd::schema(SchemaSettings::output().dialect(Dialect::OpenAiStrict)).unwrap_err();
    let v = &err.violations()[0];
    assert_eq!(v.path, "/properties/a~1b~0c\u{7}\u{202e}é");
    assert!(v.message.contains("\\u{7}"), "{}", v.message);
}
