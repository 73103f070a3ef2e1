//! Schema truth (issue 23): places where a schema said something serde does
//! not do, each class checked against serde itself and the `jsonschema`
//! crate.
//!
//! - Every `$ref` the renderer, the dialect lowering and the schemars
//!   integration write is a valid URI reference that resolves, whatever the
//!   type's name (non-ASCII, spaces, `%`, `~`, `/`, `#`): JSON Pointer
//!   escaping, then percent-encoding.
//! - A flattened `Option<T>` writes no key for `None`, for every
//!   representation of `T`.
//! - An adjacently tagged newtype variant whose content reads a missing
//!   value as `None` (`Option`, `Box<Option>`, a transparent `Option`) is read
//!   from the tag alone; other contents are not.
//! - `u128`/`i128` through `serde_json::from_value`/`to_value`: the range a
//!   `serde_json::Value` number holds; as map keys, their own full range.
//! - An externally tagged `#[serde(other)]` variant reads an unknown name as
//!   a string and as `{"name": null}`.
//! - A flattened map writes a key equal to a declared field or a tag after
//!   (or instead of) it: `to_value` keeps the last value written.
//! - The schemars integration reserves every name it writes in the
//!   generator's own name table, and copies a root into the definitions
//!   only when it refers to itself.
//!
//! Every claim about serde is checked by running serde: `reads` and `writes`
//! assert serde's verdict before comparing the schema's.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use toolform::dialect::{Dialect, convert};
use toolform::{Contract, Defs, SchemaSettings, ToolSchema};
use toolform_tests::agreement;

// ------------------------------------------------------------ the harness

use toolform_tests::judge::Judge;

/// `text` parsed as JSON (for numbers `json!` cannot write).
fn parsed(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// RFC 3986 `URI-reference` of the form `#fragment`: every character of
/// the fragment is a `pchar`, `/` or `?` (percent-encoded bytes included).
fn is_fragment_reference(r: &str) -> bool {
    let Some(fragment) = r.strip_prefix('#') else {
        return false;
    };
    let bytes = fragment.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let ok = match b {
            b'%' => {
                let hex = |at: usize| bytes.get(at).is_some_and(u8::is_ascii_hexdigit);
                if !(hex(i + 1) && hex(i + 2)) {
                    return false;
                }
                i += 2;
                true
            }
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => true,
            _ => b"-._~!$&'()*+,;=:@/?".contains(&b),
        };
        if !ok {
            return false;
        }
        i += 1;
    }
    true
}

// ------------------------------------------------------- $ref and names

mod names {
    use super::*;

    /// A recursive type with a non-ASCII name.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct Nœud {
        pub label: String,
        pub children: Vec<Nœud>,
    }

    /// Non-recursive, holding the recursive one: it goes to `$defs`.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct Forêt {
        pub racine: Nœud,
        pub nombre: u8,
    }

    /// Recursive, in a tagged enum, beside a generic whose name carries
    /// characters a URI fragment does not.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "kind")]
    pub enum Ärger {
        Leaf { v: u8 },
        Node { kids: Vec<Ärger> },
    }
}
use names::{Forêt, Nœud, Ärger};
use toolform_tests::schemas::refs;

/// Documents and whether a schema accepts them.
type Docs = Vec<(Value, bool)>;

/// Schemas, each with what it is.
type Renderings = Vec<(String, Value)>;

/// Both schemas of `T`, inline and with every type in `$defs`.
fn renderings<T: ToolSchema>() -> Renderings {
    let mut out = Vec::new();
    for contract in [Contract::Input, Contract::Output] {
        out.push((
            format!("{contract:?} inline"),
            T::schema(contract).unwrap().clone(),
        ));
        out.push((
            format!("{contract:?} $defs"),
            T::schema(
                toolform::SchemaSettings::from(contract).defs(toolform::Defs::EveryNamedType),
            )
            .unwrap()
            .clone(),
        ));
    }
    out
}

/// Every `$ref` in `schema` is a fragment URI reference; the schema
/// compiles under `draft` and judges `docs` as expected.
fn refs_resolve(
    judge: &mut Judge,
    what: &str,
    schema: &Value,
    draft: jsonschema::Draft,
    docs: &[(Value, bool)],
) {
    for r in refs(schema) {
        if !is_fragment_reference(&r) {
            judge.problems.push(format!(
                "{what}: `$ref` {r:?} is not a URI fragment reference"
            ));
        }
    }
    let compiled = agreement::try_validator_in(schema, draft)
        .map_err(|e| format!("does not compile under {draft:?}: {e}\n  {schema}"));
    match compiled {
        Err(e) => judge.problems.push(format!("{what}: {e}")),
        Ok(v) => {
            for (doc, valid) in docs {
                if v.is_valid(doc) != *valid {
                    judge.problems.push(format!(
                        "{what}: should {}accept {doc}\n  {schema}",
                        if *valid { "" } else { "not " }
                    ));
                }
            }
        }
    }
}

fn noeud_docs() -> Vec<(Value, bool)> {
    vec![
        (
            json!({"label": "a", "children": [{"label": "b", "children": []}]}),
            true,
        ),
        (
            json!({"label": "a", "children": [{"label": 5, "children": []}]}),
            false,
        ),
    ]
}

fn foret_docs() -> Vec<(Value, bool)> {
    noeud_docs()
        .into_iter()
        .map(|(d, v)| (json!({"racine": d, "nombre": 1}), v))
        .collect()
}

fn arger_docs() -> Vec<(Value, bool)> {
    vec![
        (
            json!({"kind": "Node", "kids": [{"kind": "Leaf", "v": 1}]}),
            true,
        ),
        (
            json!({"kind": "Node", "kids": [{"kind": "Leaf", "v": 256}]}),
            false,
        ),
    ]
}

#[test]
fn refs_to_non_ascii_names_resolve_in_every_rendering_and_dialect() {
    let mut judge = Judge::default();
    let cases: [(&str, Renderings, Docs); 3] = [
        ("Nœud", renderings::<Nœud>(), noeud_docs()),
        ("Forêt", renderings::<Forêt>(), foret_docs()),
        ("Ärger", renderings::<Ärger>(), arger_docs()),
    ];
    for (name, schemas, docs) in &cases {
        for (how, schema) in schemas {
            let what = format!("{name} {how}");
            refs_resolve(
                &mut judge,
                &what,
                schema,
                jsonschema::Draft::Draft202012,
                docs,
            );
            if how.starts_with("Input") {
                for (dialect, draft) in [
                    (Dialect::JsonSchemaDraft07, jsonschema::Draft::Draft7),
                    (Dialect::OpenAiStrict, jsonschema::Draft::Draft202012),
                    (Dialect::GeminiJsonSchema, jsonschema::Draft::Draft202012),
                ] {
                    match convert(schema, dialect) {
                        // OpenAI strict turns optional into nullable, and
                        // its verdicts are the dialect tests' business:
                        // here the references must resolve.
                        Ok(lowered) => refs_resolve(
                            &mut judge,
                            &format!("{what} {dialect}"),
                            &lowered,
                            draft,
                            &docs[..1],
                        ),
                        // A dialect may refuse the type (Gemini: recursion
                        // through required properties; OpenAI: a root that
                        // is not an object); draft-07 takes every schema.
                        Err(e) if dialect != Dialect::JsonSchemaDraft07 => drop(e),
                        Err(e) => judge.problems.push(format!("{what} {dialect}: {e}")),
                    }
                }
            }
        }
    }
    judge.finish();
}

/// Hand-built shapes whose type names are generated: a recursive struct
/// `N { next: Option<N> }` and a root `R { n: N }` holding it.
mod generated {
    use std::cell::Cell;
    use toolform::shape::{Body, Field, Named, Shape, Struct};

    thread_local! {
        static NAME: Cell<&'static str> = const { Cell::new("N") };
        static NODE: Cell<Option<&'static Shape>> = const { Cell::new(None) };
        static NEXT: Cell<Option<&'static Shape>> = const { Cell::new(None) };
    }

    fn name() -> &'static str {
        NAME.get()
    }
    fn root_name() -> &'static str {
        "generated::R"
    }
    fn node() -> &'static Shape {
        NODE.get().unwrap_or(&Shape::Null)
    }
    fn next() -> &'static Shape {
        NEXT.get().unwrap_or(&Shape::Null)
    }

    const fn field(name: &'static str, shape: fn() -> &'static Shape) -> Field {
        Field {
            rust_name: name,
            ser_name: Some(name),
            de_name: Some(name),
            aliases: &[],
            shape,
            ser_shape: shape,
            flatten: false,
            deserialize_with: false,
            has_default: false,
            default_value: None,
            skip_serializing_if: false,
            skip_if_none: false,
            title: None,
            description: None,
            constraints: None,
        }
    }

    static NODE_FIELDS: [Field; 1] = [field("next", next)];
    static ROOT_FIELDS: [Field; 1] = [field("n", node)];
    static ROOT: Named = Named {
        type_name: root_name,
        title: None,
        description: None,
        body: Body::Struct(&Struct {
            fields: &ROOT_FIELDS,
            deny_unknown_fields: false,
        }),
    };

    static NODE_STRUCT: Struct = Struct {
        fields: &NODE_FIELDS,
        deny_unknown_fields: false,
    };

    /// The node and the root shapes for a node type named `type_name`
    /// (leaked: one pair per call).
    pub fn shapes(type_name: &str) -> (&'static Shape, &'static Shape) {
        NAME.set(Box::leak(type_name.to_string().into_boxed_str()));
        let named: &'static Named = Box::leak(Box::new(Named {
            type_name: name,
            title: None,
            description: None,
            body: Body::Struct(&NODE_STRUCT),
        }));
        let node: &'static Shape = Box::leak(Box::new(Shape::Named(named)));
        NODE.set(Some(node));
        NEXT.set(Some(Box::leak(Box::new(Shape::Option(node)))));
        let root: &'static Shape = Box::leak(Box::new(Shape::Named(&ROOT)));
        (node, root)
    }
}

mod generated_names {
    use super::*;
    use proptest::prelude::*;

    fn check(type_name: &str) -> Result<(), TestCaseError> {
        let (node, root) = generated::shapes(type_name);
        let mut judge = Judge::default();
        let deep = json!({"next": {"next": {"next": null}}});
        let wrong = json!({"next": {"next": {"next": 5}}});
        for contract in [Contract::Input, Contract::Output] {
            for options in [Defs::WhereNeeded, Defs::EveryNamedType] {
                for (what, shape, good, bad) in [
                    ("node", node, deep.clone(), wrong.clone()),
                    ("root", root, json!({"n": deep}), json!({"n": wrong})),
                ] {
                    let schema =
                        toolform::render(shape, SchemaSettings::from(contract).defs(options))
                            .expect("no dialect, no error");
                    let what = format!("{type_name:?} {what} {contract:?} {options:?}");
                    let docs = [(good.clone(), true), (bad.clone(), false)];
                    let draft = jsonschema::Draft::Draft202012;
                    refs_resolve(&mut judge, &what, &schema, draft, &docs);
                    if contract == Contract::Input {
                        match convert(&schema, Dialect::JsonSchemaDraft07) {
                            Ok(lowered) => refs_resolve(
                                &mut judge,
                                &format!("{what} draft-07"),
                                &lowered,
                                jsonschema::Draft::Draft7,
                                &docs,
                            ),
                            Err(e) => judge.problems.push(format!("{what} draft-07: {e}")),
                        }
                    }
                }
            }
        }
        prop_assert!(judge.problems.is_empty(), "{}", judge.problems.join("\n"));
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: toolform_tests::proptest_cases(64),
            ..ProptestConfig::default()
        })]

        #[test]
        fn generated_names_give_references_that_resolve(
            path in "[a-z]{1,3}(::[a-z]{1,3}){0,2}",
            name in "[A-Za-zœÄ€漢 %~/#\"<>{}|\\\\^`'?@:;=+&$!*\\[\\]-]{1,12}",
        ) {
            check(&format!("{path}::{name}"))?;
        }
    }

    #[test]
    fn the_characters_of_the_issue() {
        for name in [
            "a::Nœud",
            "a::With Space",
            "a::Per%cent",
            "a::Ti~lde",
            "a::Sl/ash",
            "a::Ha#sh",
            "a::%25",
            "a::~1",
            "a::~0~1",
            "a::#/$defs/x",
        ] {
            if let Err(e) = check(name) {
                panic!("{e}");
            }
        }
    }
}

// ----------------------------------------------- the schemars integration

#[allow(dead_code)] // schema-only types
mod clash {
    pub mod a {
        /// A plain schemars type named `Node`.
        #[derive(schemars::JsonSchema)]
        pub struct Node {
            pub a: u8,
        }
    }
    pub mod b {
        use serde::{Deserialize, Serialize};
        /// toolform's recursive `Node`.
        #[derive(Debug, Serialize, Deserialize, toolform::ToolSchema)]
        pub struct Node {
            pub b: String,
            pub next: Option<Box<Node>>,
        }
    }

    /// schemars' type first, then toolform's.
    #[derive(schemars::JsonSchema)]
    pub struct PlainFirst {
        pub y: a::Node,
        pub x: b::Node,
    }

    /// toolform's type first, then schemars'.
    #[derive(schemars::JsonSchema)]
    pub struct ToolformFirst {
        pub x: b::Node,
        pub y: a::Node,
    }

    /// toolform's type twice (and schemars' between).
    #[derive(schemars::JsonSchema)]
    pub struct Twice {
        pub x: b::Node,
        pub y: a::Node,
        pub z: b::Node,
    }
}

fn generators() -> Vec<(
    &'static str,
    schemars::generate::SchemaSettings,
    jsonschema::Draft,
)> {
    use schemars::generate::SchemaSettings;
    vec![
        (
            "draft-07",
            SchemaSettings::draft07(),
            jsonschema::Draft::Draft7,
        ),
        (
            "2019-09",
            SchemaSettings::draft2019_09(),
            jsonschema::Draft::Draft201909,
        ),
        (
            "2020-12",
            SchemaSettings::draft2020_12(),
            jsonschema::Draft::Draft202012,
        ),
        (
            "2020-12 inline_subschemas",
            {
                let mut s = SchemaSettings::draft2020_12();
                s.inline_subschemas = true;
                s
            },
            jsonschema::Draft::Draft202012,
        ),
    ]
}

/// Every definition of `root` is referenced from somewhere in the document.
fn unused_definitions(root: &Value) -> Vec<String> {
    let used: Vec<String> = refs(root);
    let mut unused = Vec::new();
    for key in ["$defs", "definitions"] {
        if let Some(Value::Object(defs)) = root.get(key) {
            for name in defs.keys() {
                let mut target = format!("#/{key}/");
                target.push_str(&encode_segment(name));
                let decoded_used = used.iter().any(|r| decode(r) == decode(&target));
                if !decoded_used {
                    unused.push(name.clone());
                }
            }
        }
    }
    unused
}

fn encode_segment(name: &str) -> String {
    let mut out = String::new();
    for b in name.replace('~', "~0").replace('/', "~1").bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn decode(r: &str) -> Vec<u8> {
    let b = r.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        let hex = |at: usize| b.get(at).and_then(|c| (*c as char).to_digit(16));
        match (c, hex(i + 1), hex(i + 2)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

fn root_for<T: schemars::JsonSchema>(settings: &schemars::generate::SchemaSettings) -> Value {
    settings
        .clone()
        .into_generator()
        .into_root_schema_for::<T>()
        .to_value()
}

#[test]
fn schemars_names_do_not_clash_in_one_generator() {
    let mut judge = Judge::default();
    let node = |b: Value| json!({"b": "s", "next": {"b": b, "next": null}});
    for (label, settings, draft) in generators() {
        let roots = [
            ("PlainFirst", root_for::<clash::PlainFirst>(&settings)),
            ("ToolformFirst", root_for::<clash::ToolformFirst>(&settings)),
            ("Twice", root_for::<clash::Twice>(&settings)),
        ];
        for (name, root) in roots {
            let twice = name == "Twice";
            let doc = |x: Value, y: Value| {
                if twice {
                    json!({"x": x, "y": y, "z": node(json!("t"))})
                } else {
                    json!({"x": x, "y": y})
                }
            };
            let docs = [
                (doc(node(json!("t")), json!({"a": 1})), true),
                // schemars' `a::Node` holds a `u8`, toolform's a string.
                (doc(node(json!("t")), json!({"a": "s"})), false),
                (doc(node(json!(1)), json!({"a": 1})), false),
                (doc(json!({"a": 1}), json!({"a": 1})), false),
            ];
            refs_resolve(&mut judge, &format!("{name} {label}"), &root, draft, &docs);
            let unused = unused_definitions(&root);
            if !unused.is_empty() {
                judge.problems.push(format!(
                    "{name} {label}: definitions nothing refers to: {unused:?}\n  {root}"
                ));
            }
        }
    }
    judge.finish();
}

#[test]
fn schemars_copies_a_root_only_when_it_refers_to_itself() {
    let mut judge = Judge::default();
    for (label, settings, draft) in generators() {
        // A non-recursive root holding a recursive type: the root is not
        // copied into the definitions.
        let forest = root_for::<Forêt>(&settings);
        refs_resolve(
            &mut judge,
            &format!("Forêt {label}"),
            &forest,
            draft,
            &foret_docs(),
        );
        let unused = unused_definitions(&forest);
        if !unused.is_empty() {
            judge.problems.push(format!(
                "Forêt {label}: definitions nothing refers to: {unused:?}\n  {forest}"
            ));
        }
        // A recursive root refers to itself as `#`.
        let noeud = root_for::<Nœud>(&settings);
        refs_resolve(
            &mut judge,
            &format!("Nœud {label}"),
            &noeud,
            draft,
            &noeud_docs(),
        );
        let unused = unused_definitions(&noeud);
        if !unused.is_empty() {
            judge.problems.push(format!(
                "Nœud {label}: definitions nothing refers to: {unused:?}\n  {noeud}"
            ));
        }
        // Nested in a schemars type, twice: one entry, shared.
        #[derive(schemars::JsonSchema)]
        #[allow(dead_code)]
        struct Holder {
            a: Nœud,
            b: Forêt,
        }
        let holder = root_for::<Holder>(&settings);
        let docs: Vec<(Value, bool)> = noeud_docs()
            .into_iter()
            .zip(foret_docs())
            .map(|((n, v), (f, w))| (json!({"a": n, "b": f}), v && w))
            .collect();
        refs_resolve(
            &mut judge,
            &format!("Holder {label}"),
            &holder,
            draft,
            &docs,
        );
        let unused = unused_definitions(&holder);
        if !unused.is_empty() {
            judge.problems.push(format!(
                "Holder {label}: definitions nothing refers to: {unused:?}\n  {holder}"
            ));
        }
    }
    judge.finish();
}

// ------------------------------------------------ flatten of Option<T>

mod flat_option {
    use super::*;

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct Inner {
        pub x: u8,
    }

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub enum External {
        Unit,
        New(u8),
        Pair { a: u8 },
    }

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "kind")]
    pub enum Internal {
        A { a: u8 },
        B,
    }

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "t", content = "c")]
    pub enum Adjacent {
        A(u8),
        B,
    }

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    #[serde(untagged)]
    pub enum Untagged {
        Named { u: u8 },
        Other { w: String },
    }

    /// A struct whose own rule (a flattened enum) would hold for the
    /// whole object.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct WithEnum {
        pub y: u8,
        #[serde(flatten)]
        pub e: Internal,
    }

    macro_rules! holder {
        ($($name:ident: $inner:ty;)*) => {$(
            #[derive(Debug, Serialize, Deserialize, ToolSchema)]
            pub struct $name {
                pub id: u8,
                #[serde(flatten)]
                pub f: Option<$inner>,
            }
        )*};
    }
    holder! {
        OptStruct: Inner;
        OptStructWithEnum: WithEnum;
        OptMap: BTreeMap<String, u8>;
        OptExternal: External;
        OptInternal: Internal;
        OptAdjacent: Adjacent;
        OptUntagged: Untagged;
    }
}

#[test]
fn a_flattened_option_writes_no_key_for_none_whatever_it_holds() {
    use flat_option::*;
    let mut j = Judge::default();
    j.writes(&OptStruct { id: 1, f: None }, json!({"id": 1}));
    j.writes(
        &OptStruct {
            id: 1,
            f: Some(Inner { x: 2 }),
        },
        json!({"id": 1, "x": 2}),
    );
    j.writes(&OptStructWithEnum { id: 1, f: None }, json!({"id": 1}));
    j.writes(
        &OptStructWithEnum {
            id: 1,
            f: Some(WithEnum {
                y: 2,
                e: Internal::B,
            }),
        },
        json!({"id": 1, "y": 2, "kind": "B"}),
    );
    j.writes(&OptMap { id: 1, f: None }, json!({"id": 1}));
    j.writes(
        &OptMap {
            id: 1,
            f: Some(BTreeMap::from([("k".to_string(), 3)])),
        },
        json!({"id": 1, "k": 3}),
    );
    j.writes(&OptExternal { id: 1, f: None }, json!({"id": 1}));
    for (e, doc) in [
        (External::Unit, json!({"id": 1, "Unit": null})),
        (External::New(4), json!({"id": 1, "New": 4})),
        (External::Pair { a: 5 }, json!({"id": 1, "Pair": {"a": 5}})),
    ] {
        j.writes(&OptExternal { id: 1, f: Some(e) }, doc);
    }
    j.writes(&OptInternal { id: 1, f: None }, json!({"id": 1}));
    j.writes(
        &OptInternal {
            id: 1,
            f: Some(Internal::A { a: 2 }),
        },
        json!({"id": 1, "kind": "A", "a": 2}),
    );
    j.writes(&OptAdjacent { id: 1, f: None }, json!({"id": 1}));
    j.writes(
        &OptAdjacent {
            id: 1,
            f: Some(Adjacent::A(2)),
        },
        json!({"id": 1, "t": "A", "c": 2}),
    );
    j.writes(&OptUntagged { id: 1, f: None }, json!({"id": 1}));
    j.writes(
        &OptUntagged {
            id: 1,
            f: Some(Untagged::Named { u: 2 }),
        },
        json!({"id": 1, "u": 2}),
    );
    // Still a description of `Some`: a variant's keys hold its content.
    j.output_accepts::<OptExternal>(json!({"id": 1, "New": "x"}), false);
    j.output_accepts::<OptInternal>(json!({"id": 1, "kind": "A", "a": "x"}), false);
    j.output_accepts::<OptAdjacent>(json!({"id": 1, "t": "A", "c": "x"}), false);

    // Input: serde reads `None` whenever the flattened value does not
    // read; the agreement run holds the input schema to that.
    j.agrees::<OptStruct>(&[json!({"id": 1}), json!({"id": 1, "x": 2})]);
    j.agrees::<OptStructWithEnum>(&[json!({"id": 1}), json!({"id": 1, "y": 2, "kind": "B"})]);
    j.agrees::<OptMap>(&[json!({"id": 1}), json!({"id": 1, "k": 3})]);
    j.agrees::<OptExternal>(&[
        json!({"id": 1}),
        json!({"id": 1, "Unit": null}),
        json!({"id": 1, "New": 4}),
        json!({"id": 1, "Pair": {"a": 5}}),
    ]);
    j.agrees::<OptInternal>(&[json!({"id": 1}), json!({"id": 1, "kind": "A", "a": 2})]);
    j.agrees::<OptAdjacent>(&[json!({"id": 1}), json!({"id": 1, "t": "A", "c": 2})]);
    j.agrees::<OptUntagged>(&[json!({"id": 1}), json!({"id": 1, "u": 2})]);
    j.finish();
}

// ------------------------------- enum representations × missing content

mod contents {
    use super::*;

    #[derive(Debug, Default, Serialize, Deserialize, ToolSchema)]
    pub struct UnitStruct;

    /// A newtype struct: serde's missing-field reader refuses it.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct NewtypeOpt(pub Option<u8>);

    /// Transparent: reads as the `Option` it holds.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    #[serde(transparent)]
    pub struct TransparentOpt(pub Option<u8>);

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "t", content = "c")]
    pub enum Adjacent {
        NewOpt(Option<u8>),
        Boxed(Box<Option<u8>>),
        Nested(Option<Option<u8>>),
        Transparent(TransparentOpt),
        Newtype(NewtypeOpt),
        Empty(()),
        UnitS(UnitStruct),
        Unit,
        Fields {
            #[serde(default)]
            a: u8,
        },
        Pair(u8, u8),
    }

    /// The same, with a declared constraint: `parse_args` then walks the
    /// shape after serde.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct Held {
        #[schema(range(max = 9))]
        pub n: u8,
        pub e: Adjacent,
    }

    /// A declared constraint inside the enum: `parse_args` walks the
    /// enum's shape after serde.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "t", content = "c")]
    pub enum Declared {
        NewOpt(Option<u8>),
        Newtype(NewtypeOpt),
        Fields {
            #[schema(range(max = 9))]
            a: u8,
        },
    }

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub enum External {
        NewOpt(Option<u8>),
        Empty(()),
        UnitS(UnitStruct),
        Unit,
    }

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "t")]
    pub enum Internal {
        NewOpt(Option<Inner>),
        Empty(()),
        UnitS(UnitStruct),
        Unit,
    }

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct Inner {
        pub x: u8,
    }

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    #[serde(untagged)]
    pub enum Untagged {
        NewOpt(Option<u8>),
        Text(String),
    }
}

#[test]
fn adjacently_tagged_content_left_out_reads_as_none_only_for_options() {
    use contents::*;
    let mut j = Judge::default();
    for (tag, reads) in [
        ("NewOpt", true),
        ("Boxed", true),
        ("Nested", true),
        ("Transparent", true),
        ("Newtype", false),
        ("Empty", false),
        ("UnitS", false),
        ("Unit", true),
        ("Fields", false),
        ("Pair", false),
    ] {
        j.reads::<Adjacent>(json!({"t": tag}), reads);
        j.reads::<Held>(json!({"n": 1, "e": {"t": tag}}), reads);
    }
    j.reads::<Declared>(json!({"t": "NewOpt"}), true);
    j.reads::<Declared>(json!({"t": "Newtype"}), false);
    j.reads::<Declared>(json!({"t": "Fields", "c": {"a": 1}}), true);
    for (tag, reads) in [
        ("NewOpt", true),
        ("Boxed", true),
        ("Nested", true),
        ("Transparent", true),
        ("Newtype", true),
        ("Empty", true),
        ("UnitS", true),
        ("Unit", true),
        ("Fields", false),
        ("Pair", false),
    ] {
        j.reads::<Adjacent>(json!({"t": tag, "c": null}), reads);
    }
    j.reads::<Adjacent>(json!({"t": "NewOpt", "c": 3}), true);
    j.reads::<Adjacent>(json!({"t": "NewOpt", "c": "x"}), false);
    j.reads::<Adjacent>(json!({"c": 3}), false);
    j.writes(&Adjacent::NewOpt(None), json!({"t": "NewOpt", "c": null}));
    j.writes(&Adjacent::Unit, json!({"t": "Unit"}));
    j.agrees::<Adjacent>(&[
        json!({"t": "NewOpt"}),
        json!({"t": "NewOpt", "c": 1}),
        json!({"t": "Boxed"}),
        json!({"t": "Transparent", "c": 2}),
        json!({"t": "Newtype", "c": null}),
        json!({"t": "Empty", "c": null}),
        json!({"t": "Unit"}),
        json!({"t": "Fields", "c": {}}),
    ]);

    // The other representations, with `Option`, `()` and unit contents.
    for (doc, reads) in [
        (json!({"NewOpt": null}), true),
        (json!("NewOpt"), false),
        (json!({"Empty": null}), true),
        (json!("Empty"), false),
        (json!({"UnitS": null}), true),
        (json!("Unit"), true),
    ] {
        j.reads::<External>(doc, reads);
    }
    for (doc, reads) in [
        (json!({"t": "NewOpt"}), false),
        (json!({"t": "NewOpt", "x": 1}), true),
        (json!({"t": "Empty"}), true),
        (json!({"t": "Empty", "x": 1}), false),
        (json!({"t": "UnitS"}), true),
        (json!({"t": "Unit"}), true),
        (json!({"t": "Unit", "x": 1}), true),
    ] {
        j.reads::<Internal>(doc, reads);
    }
    j.reads::<Untagged>(json!(null), true);
    j.reads::<Untagged>(json!("s"), true);
    j.agrees::<External>(&[
        json!({"NewOpt": null}),
        json!({"Empty": null}),
        json!({"UnitS": null}),
        json!("Unit"),
    ]);
    j.agrees::<Internal>(&[
        json!({"t": "NewOpt", "x": 1}),
        json!({"t": "Empty"}),
        json!({"t": "UnitS"}),
        json!({"t": "Unit"}),
    ]);
    j.agrees::<Untagged>(&[json!(null), json!(1), json!("s")]);
    j.finish();
}

// ------------------------------------------------------- u128 and i128

mod wide {
    use super::*;
    use std::collections::HashMap;
    use std::num::{NonZeroI128, NonZeroU128};

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct Wide {
        pub u: u128,
        pub i: i128,
        pub nu: NonZeroU128,
        pub ni: NonZeroI128,
        pub o: Option<u128>,
    }

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct WideKeys {
        pub u: HashMap<u128, u8>,
        pub i: HashMap<i128, u8>,
    }
}

const MINUS_ONE: std::num::NonZeroI128 = match std::num::NonZeroI128::new(-1) {
    Some(n) => n,
    None => std::num::NonZeroI128::MIN,
};

#[test]
fn u128_and_i128_hold_what_a_json_value_holds() {
    use wide::*;
    let mut j = Judge::default();
    let doc = |field: &str, n: &str| {
        let mut doc = json!({"u": 0, "i": 0, "nu": 1, "ni": 1, "o": null});
        doc[field] = parsed(n);
        doc
    };
    for (field, n, reads) in [
        ("u", "18446744073709551615", true),
        ("u", "18446744073709551616", false),
        ("u", "340282366920938463463374607431768211455", false),
        ("u", "-1", false),
        ("i", "18446744073709551615", true),
        ("i", "18446744073709551616", false),
        ("i", "-9223372036854775808", true),
        // `-9223372036854775809` is read as the float -2^63, which JSON
        // Schema counts as the integer i64::MIN (the documented "integral
        // float" limit): the next float below it is out of range.
        ("i", "-9223372036854777856", false),
        ("nu", "0", false),
        ("nu", "18446744073709551615", true),
        ("nu", "18446744073709551616", false),
        ("ni", "0", false),
        ("ni", "-9223372036854775808", true),
        ("ni", "-9223372036854777856", false),
        ("o", "18446744073709551615", true),
        ("o", "18446744073709551616", false),
    ] {
        j.reads::<Wide>(doc(field, n), reads);
    }
    // What serde_json's text parser reads is wider: from_value is the
    // truth here (tool arguments arrive as a `Value`).
    assert!(serde_json::from_str::<u128>("18446744073709551616").is_ok());
    j.writes(
        &Wide {
            u: u128::from(u64::MAX),
            i: i128::from(i64::MIN),
            nu: std::num::NonZeroU128::MIN,
            ni: MINUS_ONE,
            o: Some(u128::from(u64::MAX)),
        },
        json!({"u": u64::MAX, "i": i64::MIN, "nu": 1, "ni": -1, "o": u64::MAX}),
    );
    // serde_json::to_value refuses a u128 beyond u64: nothing to describe.
    assert!(serde_json::to_value(u128::from(u64::MAX) + 1).is_err());
    j.output_accepts::<Wide>(doc("u", "18446744073709551616"), false);
    j.agrees::<Wide>(&[
        json!({"u": 0, "i": 0, "nu": 1, "ni": 1, "o": null}),
        json!({"u": u64::MAX, "i": i64::MIN, "nu": u64::MAX, "ni": i64::MIN, "o": 7}),
    ]);

    // As map keys, serde_json parses the key's text: the full range.
    let keys = |u: &str, i: &str| json!({"u": {u: 1}, "i": {i: 1}});
    for (u, i, reads) in [
        ("340282366920938463463374607431768211455", "0", true),
        ("340282366920938463463374607431768211456", "0", false),
        ("0", "170141183460469231731687303715884105727", true),
        ("0", "170141183460469231731687303715884105728", false),
        ("0", "-170141183460469231731687303715884105728", true),
        ("0", "-170141183460469231731687303715884105729", false),
        ("18446744073709551616", "-9223372036854775809", true),
        ("-1", "0", false),
        ("01", "0", false),
    ] {
        j.reads::<WideKeys>(keys(u, i), reads);
    }
    j.writes(
        &WideKeys {
            u: [(u128::MAX, 1)].into(),
            i: [(i128::MIN, 2)].into(),
        },
        json!({"u": {u128::MAX.to_string(): 1}, "i": {i128::MIN.to_string(): 2}}),
    );
    j.finish();
}

// ------------------------------------------ `other`, externally tagged

mod other {
    use super::*;

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub enum Mixed {
        A,
        B(u8),
        #[serde(other)]
        Other,
    }

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub enum Units {
        A,
        B,
        #[serde(other)]
        Other,
    }

    /// `Tup()` never reads from `from_value`, but keeps its name from
    /// `other`.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub enum WithEmpty {
        A(u8),
        Tup(),
        #[serde(other)]
        Other,
    }

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct Holder {
        pub m: Mixed,
        pub u: Units,
    }
}

#[test]
fn an_externally_tagged_other_reads_unknown_names_as_strings_and_keys() {
    use other::*;
    let mut j = Judge::default();
    for (doc, reads) in [
        (json!("zzz"), true),
        (json!({"zzz": null}), true),
        (json!({"zzz": 5}), false),
        (json!({"zzz": {}}), false),
        (json!({"zzz": []}), false),
        (json!({"zzz": null, "yyy": null}), false),
        (json!({}), false),
        (json!({"B": null}), false),
        (json!({"B": 3}), true),
        (json!("B"), false),
        (json!(5), false),
    ] {
        j.reads::<Mixed>(doc, reads);
    }
    for (doc, reads) in [
        (json!("zzz"), true),
        (json!({"zzz": null}), true),
        (json!({"zzz": 1}), false),
        (json!({"zzz": null, "A": null}), false),
        (json!("A"), true),
    ] {
        j.reads::<Units>(doc, reads);
    }
    for (doc, reads) in [
        (json!("Tup"), false),
        (json!({"Tup": null}), false),
        (json!({"Tup": []}), false),
        (json!("zzz"), true),
        (json!({"zzz": null}), true),
    ] {
        j.reads::<WithEmpty>(doc, reads);
    }
    j.writes(&Mixed::Other, json!("Other"));
    j.agrees::<Holder>(&[
        json!({"m": "zzz", "u": "yyy"}),
        json!({"m": {"zzz": null}, "u": {"yyy": null}}),
        json!({"m": {"B": 1}, "u": "A"}),
    ]);
    j.finish();
}

// ---------------------------- flattened maps over declared keys, output

mod overwritten {
    use super::*;

    /// The map is written after the field: its `kind` wins.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct Field {
        pub kind: String,
        #[serde(flatten)]
        pub m: BTreeMap<String, u8>,
    }

    /// The tag is written first, then the variant's map.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    #[serde(tag = "kind")]
    pub enum Tagged {
        A {
            #[serde(flatten)]
            m: BTreeMap<String, u8>,
        },
    }

    /// A later field, left out: the map's `kind` stays.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct LaterSkipped {
        #[serde(flatten)]
        pub m: BTreeMap<String, u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub kind: Option<String>,
    }

    /// A later field always written: it wins, its own schema holds.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct LaterWritten {
        #[serde(flatten)]
        pub m: BTreeMap<String, u8>,
        pub kind: String,
    }

    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct WithMap {
        pub own: bool,
        #[serde(flatten)]
        pub m: BTreeMap<String, u8>,
    }

    /// The map inside a flattened struct.
    #[derive(Debug, Serialize, Deserialize, ToolSchema)]
    pub struct Nested {
        pub kind: String,
        #[serde(flatten)]
        pub inner: WithMap,
    }
}

#[test]
fn a_flattened_map_may_overwrite_a_declared_key_on_output() {
    use overwritten::*;
    let map = || BTreeMap::from([("kind".to_string(), 7u8), ("z".to_string(), 9)]);
    // serde writes the key twice; `to_value` (and any reader keeping the
    // last value) sees the map's.
    let text = serde_json::to_string(&Field {
        kind: "k".into(),
        m: map(),
    });
    assert_eq!(text.ok().as_deref(), Some(r#"{"kind":"k","kind":7,"z":9}"#));
    let mut j = Judge::default();
    j.writes(
        &Field {
            kind: "k".into(),
            m: map(),
        },
        json!({"kind": 7, "z": 9}),
    );
    j.writes(&Tagged::A { m: map() }, json!({"kind": 7, "z": 9}));
    j.writes(
        &LaterSkipped {
            m: map(),
            kind: None,
        },
        json!({"kind": 7, "z": 9}),
    );
    j.writes(
        &LaterWritten {
            m: map(),
            kind: "k".into(),
        },
        json!({"kind": "k", "z": 9}),
    );
    j.writes(
        &Nested {
            kind: "k".into(),
            inner: WithMap {
                own: true,
                m: map(),
            },
        },
        json!({"kind": 7, "own": true, "z": 9}),
    );
    // Still precise where the map cannot reach.
    j.output_accepts::<Field>(json!({"kind": true, "z": 9}), false);
    j.output_accepts::<LaterWritten>(json!({"kind": 7, "z": 9}), false);
    j.output_accepts::<Tagged>(json!({"kind": "B"}), false);
    j.output_accepts::<Nested>(json!({"kind": "k", "own": "x"}), false);
    j.finish();
}
