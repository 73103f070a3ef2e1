//! The two users of `toolform::shape::serde_read` cannot disagree: on
//! generated shapes, for every enum representation and every serde
//! attribute the shape model carries (rename, alias, skip on either side,
//! `other`, untagged variants, `default`, `Option`, `deserialize_with`,
//! `flatten` of a struct, an optional struct, a map, an externally tagged
//! enum and a unit, `deny_unknown_fields`), the rendered input schema
//! (`jsonschema`, formats asserted) accepts a document exactly when the
//! argument walk (`toolform::args::validate_args`) finds nothing wrong with
//! it, on seed documents built from the shape's names and every single
//! mutation of them.
//!
//! The shapes are built by hand (no derive, no serde type), so they reach
//! combinations the derive corpus does not spell out. The output contract
//! has one user (the renderer): its agreement with serde is
//! `render::truth`'s and `derive::enums`' job.

use serde_json::{Value, json};
use std::fmt::Write as _;
use toolform::Contract;
use toolform::shape::{Repr, Shape};
use toolform_tests::agreement::validator;
use toolform_tests::mutate::{Kind, mutants, property_names};

mod shapes;

use shapes::*;

// ------------------------------------------------------- documents

/// Values a key or a content may hold.
fn values() -> Vec<Value> {
    vec![
        json!(null),
        json!("s"),
        json!(7),
        json!(true),
        json!({}),
        json!({"fa": "x"}),
        json!({"fa": "x", "fb": 1}),
        json!({"fa": 1}),
        json!({"X": null}),
        json!({"Y": "s"}),
        json!([]),
        json!(["s", 7]),
        json!("X"),
    ]
}

/// Every name the case may be read under, and one no variant has.
const TAGS: &[&str] = &["U", "V", "S", "read", "written", "al1", "al2", "zz"];

fn enum_seeds(repr: Repr) -> Vec<Value> {
    let mut seeds = Vec::new();
    for tag in TAGS {
        match repr {
            Repr::External => {
                seeds.push(json!(tag));
                for v in values() {
                    seeds.push(json!({ *tag: v }));
                }
            }
            Repr::Internal { tag: key } => {
                seeds.push(json!({ key: tag }));
                seeds.push(json!({ key: tag, "fa": "x" }));
                seeds.push(json!({ key: tag, "fa": "x", "fb": 1 }));
                seeds.push(json!({ key: tag, "X": null }));
                seeds.push(json!({ key: tag, "Y": "s" }));
                seeds.push(json!({ key: tag, "k": 1 }));
                seeds.push(json!([tag, "x"]));
            }
            Repr::Adjacent {
                tag: key,
                content: c,
            } => {
                seeds.push(json!({ key: tag }));
                for v in values() {
                    seeds.push(json!({ key: tag, c: v }));
                }
            }
            Repr::Untagged => {}
        }
    }
    if matches!(repr, Repr::Untagged) {
        seeds.extend(values());
    }
    seeds
}

fn struct_seeds(name_values: &[Value]) -> Vec<Value> {
    let mut seeds = vec![json!({}), json!(["s"]), json!(["s", "t"])];
    for key in ["b", "read", "written", "al1", "al2"] {
        for v in name_values {
            seeds.push(json!({ "a": "s", key: v }));
        }
    }
    seeds.push(json!({"a": "s", "b": "t", "al1": "u"}));
    seeds.push(json!({"a": "s", "al1": "t", "al2": "u"}));
    for extra in [
        json!({"fa": "x"}),
        json!({"fa": "x", "fb": 1}),
        json!({"fa": 1}),
        json!({"X": null}),
        json!({"Y": "s"}),
        json!({"X": null, "Y": "s"}),
        json!({"k": 1}),
        json!({"k": "s"}),
    ] {
        let mut doc = json!({"a": "s"});
        if let (Some(doc), Value::Object(extra)) = (doc.as_object_mut(), extra) {
            doc.extend(extra);
        }
        seeds.push(doc);
    }
    seeds
}

// ------------------------------------------------------- the check

/// One generated shape: its representation (`"struct"` for a struct), the
/// attribute under test and what the variant or field holds.
struct Case {
    repr: &'static str,
    attr: Attr,
    content: &'static str,
    deny: bool,
}

impl std::fmt::Display for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (repr, attr, content) = (self.repr, self.attr, self.content);
        write!(f, "{repr} {attr:?} {content} deny={}", self.deny)
    }
}

fn repr_name(repr: Repr) -> &'static str {
    match repr {
        Repr::External => "external",
        Repr::Internal { .. } => "internal",
        Repr::Adjacent { .. } => "adjacent",
        Repr::Untagged => "untagged",
    }
}

/// A place where the walk and the schema are known to differ, with why.
/// Each must still be met where a test expects it (a fix removes its entry).
struct Known {
    name: &'static str,
    reason: &'static str,
    /// The case, the document, the schema's verdict.
    applies: fn(&Case, &Value, bool) -> bool,
}

const KNOWN: &[Known] = &[
    Known {
        name: "empty tuple variant",
        reason: "serde_json's `from_value` refuses `{\"V\": []}` for a tuple variant without \
                 fields, which serde's buffer reads; the renderer tells them apart by its buffer \
                 mode, the walk has no buffer modes and accepts both",
        applies: |c, _, schema| c.repr == "external" && c.content == "tuple()" && !schema,
    },
    Known {
        name: "keyed other",
        reason: "serde also reads an externally tagged `other` variant from an object with one \
                 key no variant has (`{\"unknown\": null}`); the plan has no rule for a key by \
                 what it is not (`propertyNames`), so the walk refuses it",
        applies: |c, doc, schema| {
            c.repr == "external"
                && c.attr == Attr::Other
                && schema
                && doc.as_object().is_some_and(|o| o.len() == 1)
        },
    },
    Known {
        name: "enum beside a tag",
        reason: "an internally tagged newtype variant holding an enum: the renderer writes each \
                 of the enum's forms beside the tag (serde_read::BesideTag::Enum), the plan does \
                 not compile them and refuses the variant",
        applies: |c, _, schema| c.repr == "internal" && c.content == "Keyed" && schema,
    },
    Known {
        name: "tagged pick by index or array",
        reason: "with untagged variants after tagged ones, serde first tries the tagged ones, \
                 which also read a variant index (`\"t\": 0`) and a struct from an array \
                 (agreement::LIMITS: variant index, struct as sequence); the walk picks the \
                 tagged alternative but holds it to the advertised names and object forms, the \
                 schema accepts through the untagged alternative",
        applies: |c, doc, schema| {
            c.attr == Attr::Untagged
                && schema
                && (doc.get("t").is_some_and(Value::is_number)
                    || doc.get("c").is_some_and(Value::is_array))
        },
    },
    Known {
        name: "flattened unit variant from {}",
        reason: "serde reads a flattened externally tagged enum's unit variant from `null` or \
                 `{}` (its owned buffer); the walk has no buffer modes and wants `null`",
        applies: |c, doc, schema| {
            c.content == "flatten Keyed" && schema && doc.get("X") == Some(&json!({}))
        },
    },
    Known {
        name: "first key picks a flattened variant",
        reason: "serde reads a flattened externally tagged enum as the variant of the first key \
                 naming one, in document order; JSON Schema cannot see key order, so the schema \
                 accepts when any variant's key reads, the walk follows serde",
        applies: |c, doc, schema| {
            c.content == "flatten Keyed"
                && schema
                && doc.get("X").is_some()
                && doc.get("Y").is_some()
        },
    },
];

#[derive(Default)]
struct Tally {
    cases: usize,
    documents: usize,
    accepted: usize,
    /// Documents each [`KNOWN`] entry covered.
    known: Vec<usize>,
    problems: Vec<String>,
}

/// The rendered input schema and the walk agree on every seed and mutant.
fn agree(case: &Case, shape: &'static Shape, seeds: &[Value], tally: &mut Tally) {
    let rendered = |contract| toolform::render(shape, contract).expect("no dialect: no error");
    let schema = rendered(Contract::Input);
    let input = validator(&schema);
    let mut known = Vec::new();
    property_names(&schema, &mut known);
    property_names(&rendered(Contract::Output), &mut known);
    tally.cases += 1;
    tally.known.resize(KNOWN.len(), 0);
    let mut shown = 0;
    for seed in seeds {
        for mutant in mutants(seed, &known) {
            // The walk's one documented difference: `1.0` for an integer.
            if mutant.kind == Kind::IntegralFloat {
                continue;
            }
            let doc = &mutant.doc;
            tally.documents += 1;
            let schema_accepts = input.is_valid(doc);
            let walk = toolform::args::validate_args(shape, doc);
            tally.accepted += usize::from(schema_accepts);
            if walk.is_empty() == schema_accepts {
                continue;
            }
            if let Some(i) = KNOWN
                .iter()
                .position(|k| (k.applies)(case, doc, schema_accepts))
            {
                tally.known[i] += 1;
                continue;
            }
            if shown < 3 {
                shown += 1;
                let mut line = format!(
                    "{case}: the schema {} but the walk {}: {doc}\n  walk: ",
                    if schema_accepts { "accepts" } else { "refuses" },
                    if walk.is_empty() {
                        "accepts"
                    } else {
                        "refuses"
                    },
                );
                for v in &walk {
                    let _ = write!(line, "{} {}: {}; ", v.path, v.rule, v.message);
                }
                let _ = write!(line, "\n  schema: {schema}");
                tally.problems.push(line);
            }
        }
    }
}

fn report(tally: &Tally, what: &str, known: &[&str]) {
    assert!(
        tally.problems.is_empty(),
        "{what}: {} disagreements in {} cases:\n{}",
        tally.problems.len(),
        tally.cases,
        tally.problems.join("\n")
    );
    // Neither side is trivially all-accepting or all-refusing.
    assert!(
        tally.accepted > 0 && tally.accepted < tally.documents,
        "{what}: {} of {} accepted",
        tally.accepted,
        tally.documents
    );
    // Every known difference this test expects is still there: a fix
    // removes its entry from KNOWN.
    for (k, n) in KNOWN.iter().zip(&tally.known) {
        if known.contains(&k.name) {
            assert!(
                *n > 0,
                "{what}: known difference {:?} no longer met ({})",
                k.name,
                k.reason
            );
        }
    }
}

/// Every variant attribute x content of one representation, open and
/// closed; `known`: the [`KNOWN`] differences it meets.
fn enums(repr: Repr, known: &[&str]) {
    let mut tally = Tally::default();
    let seeds = enum_seeds(repr);
    for &attr in VARIANT_ATTRS {
        for &content in CONTENTS {
            if !derivable(repr, attr, content) {
                continue;
            }
            for deny in [false, true] {
                let case = Case {
                    repr: repr_name(repr),
                    attr,
                    content: content.name(),
                    deny,
                };
                let shape = enum_case(repr, attr, content, deny);
                agree(&case, shape, &seeds, &mut tally);
            }
        }
    }
    report(&tally, repr_name(repr), known);
    assert!(tally.cases >= 100, "{} cases", tally.cases);
}

#[test]
fn schema_and_walk_agree_on_externally_tagged_enums() {
    enums(Repr::External, &["empty tuple variant", "keyed other"]);
}

#[test]
fn schema_and_walk_agree_on_internally_tagged_enums() {
    enums(
        Repr::Internal { tag: "t" },
        &["enum beside a tag", "tagged pick by index or array"],
    );
}

#[test]
fn schema_and_walk_agree_on_adjacently_tagged_enums() {
    let repr = Repr::Adjacent {
        tag: "t",
        content: "c",
    };
    enums(repr, &["tagged pick by index or array"]);
}

#[test]
fn schema_and_walk_agree_on_untagged_enums() {
    enums(Repr::Untagged, &[]);
}

/// Every field attribute x field type, and every kind of flattened field,
/// open and closed.
#[test]
fn schema_and_walk_agree_on_every_field_attribute_and_flatten() {
    let mut tally = Tally::default();
    let name_values = values();
    let seeds = struct_seeds(&name_values);
    for &(shape, name) in FIELD_SHAPES {
        for &attr in FIELD_ATTRS {
            for deny in [false, true] {
                let case = Case {
                    repr: "struct",
                    attr,
                    content: name,
                    deny,
                };
                agree(
                    &case,
                    struct_case(field("b", shape, attr), deny),
                    &seeds,
                    &mut tally,
                );
            }
        }
    }
    for &(shape, name) in FLATTENED {
        for attr in [Attr::Plain, Attr::SkipDeserializing, Attr::SkipSerializing] {
            let mut f = field("b", shape, attr);
            f.flatten = true;
            let case = Case {
                repr: "struct",
                attr,
                content: name,
                deny: false,
            };
            agree(&case, struct_case(f, false), &seeds, &mut tally);
        }
    }
    report(
        &tally,
        "structs",
        &[
            "flattened unit variant from {}",
            "first key picks a flattened variant",
        ],
    );
}
