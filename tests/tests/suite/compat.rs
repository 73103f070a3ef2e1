//! `toolform::compat`: the rules table, each row on both sides (input and
//! output) with witness documents judged by a validator nobody here wrote
//! (the `jsonschema` crate, formats asserted); property tests (meaning-
//! preserving rewrites are never breaking; random narrowings and widenings
//! agree with a witness search); diff_tools, fingerprints, the lockfile;
//! hostile input.

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use toolform::Contract;
use toolform::compat::{
    LockOutcome, check_lockfile, diff, diff_tools, fingerprint, tool, tool_without_output,
};

use toolform_tests::agreement::validator;

fn accepts(schema: &Value, doc: &Value) -> bool {
    validator(schema).is_valid(doc)
}

/// One row of the rules table: a change, its verdict on each side, and
/// witnesses: documents one schema accepts and the other refuses.
struct Row {
    name: &'static str,
    old: Value,
    new: Value,
    /// Breaking when the schemas are read as input (what a client sends).
    input: bool,
    /// Breaking when read as output (what a client receives).
    output: bool,
    witnesses: Vec<Value>,
    /// The check fails closed here (undecided): the message says "cannot
    /// prove".
    closed: bool,
}

fn row(
    name: &'static str,
    old: Value,
    new: Value,
    input: bool,
    output: bool,
    witnesses: Vec<Value>,
) -> Row {
    Row {
        name,
        old,
        new,
        input,
        output,
        witnesses,
        closed: false,
    }
}

fn closed(
    name: &'static str,
    old: Value,
    new: Value,
    input: bool,
    output: bool,
    witnesses: Vec<Value>,
) -> Row {
    Row {
        name,
        old,
        new,
        input,
        output,
        witnesses,
        closed: true,
    }
}

fn obj(props: Value) -> Value {
    json!({"type": "object", "properties": props})
}

/// The rules table (the README's, row for row).
fn table() -> Vec<Row> {
    let node = |v: Value| json!({"$defs": {"n": {"type": "object", "properties": {"v": v, "next": {"$ref": "#/$defs/n"}}}}, "$ref": "#/$defs/n"});
    let variant = |tag: &str| json!({"type": "object", "properties": {"kind": {"const": tag}, "x": {"type": "integer"}}, "required": ["kind"], "additionalProperties": false});
    vec![
        // types
        row(
            "type: null allowed too",
            json!({"type": "string"}),
            json!({"type": ["string", "null"]}),
            false,
            true,
            vec![json!(null)],
        ),
        row(
            "type: null no longer allowed",
            json!({"type": ["string", "null"]}),
            json!({"type": "string"}),
            true,
            false,
            vec![json!(null)],
        ),
        row(
            "type: string → integer",
            json!({"type": "string"}),
            json!({"type": "integer"}),
            true,
            true,
            vec![json!("a"), json!(1)],
        ),
        row(
            "type: integer → number",
            json!({"type": "integer"}),
            json!({"type": "number"}),
            false,
            true,
            vec![json!(0.5)],
        ),
        row(
            "type: number → integer",
            json!({"type": "number"}),
            json!({"type": "integer"}),
            true,
            false,
            vec![json!(0.5)],
        ),
        row(
            "type: number with multipleOf 1 = integer",
            json!({"type": "number", "multipleOf": 1}),
            json!({"type": "integer"}),
            false,
            false,
            vec![],
        ),
        row(
            "type: added where there was none",
            json!({}),
            json!({"type": "object"}),
            true,
            false,
            vec![json!("x")],
        ),
        // enum / const
        row(
            "enum: value removed",
            json!({"enum": ["a", "b", "c"]}),
            json!({"enum": ["a", "b"]}),
            true,
            false,
            vec![json!("c")],
        ),
        row(
            "enum: value added",
            json!({"enum": ["a", "b"]}),
            json!({"enum": ["a", "b", "c"]}),
            false,
            true,
            vec![json!("c")],
        ),
        row(
            "const: changed",
            json!({"const": "a"}),
            json!({"const": "b"}),
            true,
            true,
            vec![json!("a"), json!("b")],
        ),
        row(
            "enum → any string",
            json!({"type": "string", "enum": ["a", "b"]}),
            json!({"type": "string"}),
            false,
            true,
            vec![json!("z")],
        ),
        row(
            "enum = oneOf of consts",
            json!({"enum": ["a", "b"]}),
            json!({"oneOf": [{"const": "a", "description": "A"}, {"const": "b"}]}),
            false,
            false,
            vec![],
        ),
        row(
            "type boolean = enum [true, false]",
            json!({"type": "boolean"}),
            json!({"enum": [true, false]}),
            false,
            false,
            vec![],
        ),
        row(
            "enum: 1 = 1.0",
            json!({"enum": [1, 2]}),
            json!({"enum": [2.0, 1.0]}),
            false,
            false,
            vec![],
        ),
        // numbers
        row(
            "maximum: 100 → 50",
            json!({"type": "integer", "maximum": 100}),
            json!({"type": "integer", "maximum": 50}),
            true,
            false,
            vec![json!(51)],
        ),
        row(
            "maximum: 50 → 100",
            json!({"type": "integer", "maximum": 50}),
            json!({"type": "integer", "maximum": 100}),
            false,
            true,
            vec![json!(51)],
        ),
        row(
            "minimum: added",
            json!({"type": "integer"}),
            json!({"type": "integer", "minimum": 0}),
            true,
            false,
            vec![json!(-1)],
        ),
        row(
            "minimum: removed",
            json!({"type": "integer", "minimum": 0}),
            json!({"type": "integer"}),
            false,
            true,
            vec![json!(-1)],
        ),
        row(
            "exclusiveMaximum 10 = maximum 9 on integers",
            json!({"type": "integer", "exclusiveMaximum": 10}),
            json!({"type": "integer", "maximum": 9}),
            false,
            false,
            vec![],
        ),
        row(
            "minimum 0 → exclusiveMinimum 0",
            json!({"type": "number", "minimum": 0}),
            json!({"type": "number", "exclusiveMinimum": 0}),
            true,
            false,
            vec![json!(0)],
        ),
        row(
            "multipleOf: added",
            json!({"type": "integer"}),
            json!({"type": "integer", "multipleOf": 5}),
            true,
            false,
            vec![json!(1)],
        ),
        row(
            "multipleOf: 10 → 5",
            json!({"type": "integer", "multipleOf": 10}),
            json!({"type": "integer", "multipleOf": 5}),
            false,
            true,
            vec![json!(5)],
        ),
        row(
            "multipleOf: 5 → 10",
            json!({"type": "integer", "multipleOf": 5}),
            json!({"type": "integer", "multipleOf": 10}),
            true,
            false,
            vec![json!(5)],
        ),
        // strings
        row(
            "maxLength: 10 → 5",
            json!({"type": "string", "maxLength": 10}),
            json!({"type": "string", "maxLength": 5}),
            true,
            false,
            vec![json!("abcdef")],
        ),
        row(
            "minLength: added",
            json!({"type": "string"}),
            json!({"type": "string", "minLength": 1}),
            true,
            false,
            vec![json!("")],
        ),
        row(
            "minLength: removed",
            json!({"type": "string", "minLength": 1}),
            json!({"type": "string"}),
            false,
            true,
            vec![json!("")],
        ),
        closed(
            "pattern: added",
            json!({"type": "string"}),
            json!({"type": "string", "pattern": "^[a-z]+$"}),
            true,
            false,
            vec![json!("1")],
        ),
        closed(
            "pattern: changed",
            json!({"type": "string", "pattern": "^a+$"}),
            json!({"type": "string", "pattern": "^b+$"}),
            true,
            true,
            vec![json!("a"), json!("b")],
        ),
        closed(
            "pattern: removed",
            json!({"type": "string", "pattern": "^a+$"}),
            json!({"type": "string"}),
            false,
            true,
            vec![json!("b")],
        ),
        row(
            "pattern: same, other annotations",
            json!({"type": "string", "pattern": "^a+$", "title": "A"}),
            json!({"pattern": "^a+$", "type": "string", "description": "As"}),
            false,
            false,
            vec![],
        ),
        row(
            "format: added",
            json!({"type": "string"}),
            json!({"type": "string", "format": "date"}),
            true,
            false,
            vec![json!("x")],
        ),
        row(
            "format: removed",
            json!({"type": "string", "format": "date"}),
            json!({"type": "string"}),
            false,
            true,
            vec![json!("x")],
        ),
        closed(
            "format: date → date-time",
            json!({"type": "string", "format": "date"}),
            json!({"type": "string", "format": "date-time"}),
            true,
            true,
            vec![json!("2020-01-01"), json!("2020-01-01T00:00:00Z")],
        ),
        closed(
            "format: unknown one added",
            json!({"type": "string"}),
            json!({"type": "string", "format": "x-made-up"}),
            true,
            false,
            vec![],
        ),
        // objects
        row(
            "required: added",
            obj(json!({"a": {}})),
            json!({"type": "object", "properties": {"a": {}}, "required": ["a"]}),
            true,
            false,
            vec![json!({})],
        ),
        row(
            "required: removed",
            json!({"type": "object", "properties": {"a": {}}, "required": ["a"]}),
            obj(json!({"a": {}})),
            false,
            true,
            vec![json!({})],
        ),
        row(
            "closed object: property added",
            json!({"type": "object", "properties": {"a": {}}, "additionalProperties": false}),
            json!({"type": "object", "properties": {"a": {}, "b": {"type": "integer"}}, "additionalProperties": false}),
            false,
            true,
            vec![json!({"b": 1})],
        ),
        row(
            "closed object: property removed",
            json!({"type": "object", "properties": {"a": {}, "b": {}}, "additionalProperties": false}),
            json!({"type": "object", "properties": {"a": {}}, "additionalProperties": false}),
            true,
            false,
            vec![json!({"b": 1})],
        ),
        row(
            "open object: property constrained",
            json!({"type": "object"}),
            obj(json!({"a": {"type": "string"}})),
            true,
            false,
            vec![json!({"a": 1})],
        ),
        row(
            "additionalProperties: false added",
            obj(json!({"a": {}})),
            json!({"type": "object", "properties": {"a": {}}, "additionalProperties": false}),
            true,
            false,
            vec![json!({"zzz": 1})],
        ),
        row(
            "additionalProperties: false removed",
            json!({"type": "object", "properties": {"a": {}}, "additionalProperties": false}),
            obj(json!({"a": {}})),
            false,
            true,
            vec![json!({"zzz": 1})],
        ),
        row(
            "property: null no longer allowed",
            obj(json!({"a": {"type": ["string", "null"]}})),
            obj(json!({"a": {"type": "string"}})),
            true,
            false,
            vec![json!({"a": null})],
        ),
        row(
            "patternProperties: added",
            json!({"type": "object"}),
            json!({"type": "object", "patternProperties": {"^x": {"type": "integer"}}}),
            true,
            false,
            vec![json!({"x1": "s"})],
        ),
        row(
            "propertyNames: maxLength added",
            json!({"type": "object"}),
            json!({"type": "object", "propertyNames": {"maxLength": 3}}),
            true,
            false,
            vec![json!({"abcdef": 1})],
        ),
        row(
            "minProperties: added",
            json!({"type": "object"}),
            json!({"type": "object", "minProperties": 1}),
            true,
            false,
            vec![json!({})],
        ),
        row(
            "maxProperties: added",
            json!({"type": "object"}),
            json!({"type": "object", "maxProperties": 1}),
            true,
            false,
            vec![json!({"a": 1, "b": 2})],
        ),
        row(
            "dependentRequired: added",
            obj(json!({"a": {}, "b": {}})),
            json!({"type": "object", "properties": {"a": {}, "b": {}}, "dependentRequired": {"a": ["b"]}}),
            true,
            false,
            vec![json!({"a": 1})],
        ),
        row(
            "dependentRequired: removed",
            json!({"type": "object", "properties": {"a": {}, "b": {}}, "dependentRequired": {"a": ["b"]}}),
            obj(json!({"a": {}, "b": {}})),
            false,
            true,
            vec![json!({"a": 1})],
        ),
        row(
            "unevaluatedProperties: false added",
            obj(json!({"a": {}})),
            json!({"type": "object", "properties": {"a": {}}, "unevaluatedProperties": false}),
            true,
            false,
            vec![json!({"b": 1})],
        ),
        row(
            "unevaluatedProperties over allOf = additionalProperties",
            json!({"allOf": [{"properties": {"a": {"type": "string"}}}], "type": "object", "unevaluatedProperties": false}),
            json!({"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}),
            false,
            false,
            vec![],
        ),
        // arrays
        row(
            "maxItems: added",
            json!({"type": "array"}),
            json!({"type": "array", "maxItems": 2}),
            true,
            false,
            vec![json!([1, 2, 3])],
        ),
        row(
            "minItems: added",
            json!({"type": "array"}),
            json!({"type": "array", "minItems": 1}),
            true,
            false,
            vec![json!([])],
        ),
        row(
            "items: narrowed",
            json!({"type": "array", "items": {"type": ["integer", "string"]}}),
            json!({"type": "array", "items": {"type": "integer"}}),
            true,
            false,
            vec![json!(["a"])],
        ),
        row(
            "items: widened",
            json!({"type": "array", "items": {"type": "integer"}}),
            json!({"type": "array", "items": {"type": ["integer", "string"]}}),
            false,
            true,
            vec![json!(["a"])],
        ),
        row(
            "prefixItems: added",
            json!({"type": "array"}),
            json!({"type": "array", "prefixItems": [{"type": "string"}]}),
            true,
            false,
            vec![json!([1])],
        ),
        row(
            "prefixItems: tuple closed",
            json!({"type": "array", "prefixItems": [{}]}),
            json!({"type": "array", "prefixItems": [{}], "items": false}),
            true,
            false,
            vec![json!([1, 2])],
        ),
        row(
            "uniqueItems: added",
            json!({"type": "array"}),
            json!({"type": "array", "uniqueItems": true}),
            true,
            false,
            vec![json!([1, 1])],
        ),
        row(
            "contains: added",
            json!({"type": "array"}),
            json!({"type": "array", "contains": {"const": 1}}),
            true,
            false,
            vec![json!([])],
        ),
        row(
            "unevaluatedItems: false added",
            json!({"type": "array", "prefixItems": [{}]}),
            json!({"type": "array", "prefixItems": [{}], "unevaluatedItems": false}),
            true,
            false,
            vec![json!([1, 2])],
        ),
        // alternatives and the rest
        row(
            "anyOf: alternative removed",
            json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}),
            json!({"anyOf": [{"type": "string"}]}),
            true,
            false,
            vec![json!(1)],
        ),
        row(
            "anyOf: alternative added",
            json!({"anyOf": [{"type": "string"}]}),
            json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}),
            false,
            true,
            vec![json!(1)],
        ),
        row(
            "oneOf: tagged variant added",
            json!({"oneOf": [variant("a"), variant("b")]}),
            json!({"oneOf": [variant("a"), variant("b"), variant("c")]}),
            false,
            true,
            vec![json!({"kind": "c"})],
        ),
        row(
            "oneOf: tagged variant removed",
            json!({"oneOf": [variant("a"), variant("b")]}),
            json!({"oneOf": [variant("a")]}),
            true,
            false,
            vec![json!({"kind": "b"})],
        ),
        row(
            "nullable: type array = anyOf with null",
            json!({"type": ["integer", "null"]}),
            json!({"anyOf": [{"type": "integer"}, {"type": "null"}]}),
            false,
            false,
            vec![],
        ),
        row(
            "allOf: constraint added",
            json!({"type": "integer"}),
            json!({"allOf": [{"type": "integer"}, {"minimum": 0}]}),
            true,
            false,
            vec![json!(-1)],
        ),
        closed(
            "not: added",
            json!({"type": "string"}),
            json!({"type": "string", "not": {"const": "x"}}),
            true,
            false,
            vec![json!("x")],
        ),
        row(
            "not: unchanged",
            json!({"not": {"const": 1}}),
            json!({"not": {"const": 1}, "description": "not one"}),
            false,
            false,
            vec![],
        ),
        row(
            "not: of a type the old schema never had",
            json!({"type": "string"}),
            json!({"type": "string", "not": {"type": "integer"}}),
            false,
            false,
            vec![],
        ),
        closed(
            "if/then: added",
            json!({"type": "object"}),
            json!({"type": "object", "if": {"properties": {"a": {"const": 1}}, "required": ["a"]}, "then": {"required": ["b"]}}),
            true,
            false,
            vec![json!({"a": 1})],
        ),
        row(
            "true → false",
            json!(true),
            json!(false),
            true,
            false,
            vec![json!(1)],
        ),
        row(
            "false → true",
            json!(false),
            json!(true),
            false,
            true,
            vec![json!(1)],
        ),
        row(
            "$defs restructured",
            json!({"type": "object", "properties": {"x": {"$ref": "#/$defs/X"}}, "$defs": {"X": {"type": "string", "maxLength": 3}}}),
            json!({"type": "object", "properties": {"x": {"$ref": "#/$defs/Y/inner"}}, "$defs": {"Y": {"inner": {"allOf": [{"type": "string"}, {"maxLength": 3}]}}}}),
            false,
            false,
            vec![],
        ),
        row(
            "recursion: narrowed inside",
            node(json!({"type": "integer"})),
            node(json!({"type": "integer", "minimum": 0})),
            true,
            false,
            vec![json!({"v": 1, "next": {"v": -1}})],
        ),
        row(
            "annotations changed",
            json!({"type": "integer", "description": "a", "title": "A", "examples": [1], "default": 1}),
            json!({"type": "integer", "description": "b", "default": 2, "deprecated": true}),
            false,
            false,
            vec![],
        ),
    ]
}

#[test]
fn rules_table_verdicts_and_witnesses() {
    let mut wrong = Vec::new();
    for r in table() {
        let input = diff(&r.old, &r.new, Contract::Input);
        let output = diff(&r.old, &r.new, Contract::Output);
        if input.is_breaking() != r.input {
            wrong.push(format!(
                "{}: input breaking = {}, want {}\n{input}",
                r.name,
                input.is_breaking(),
                r.input
            ));
        }
        if output.is_breaking() != r.output {
            wrong.push(format!(
                "{}: output breaking = {}, want {}\n{output}",
                r.name,
                output.is_breaking(),
                r.output
            ));
        }
        // Each witness is accepted by exactly one schema, and says which
        // side breaks.
        let (mut narrows, mut widens) = (false, false);
        for w in &r.witnesses {
            let (o, n) = (accepts(&r.old, w), accepts(&r.new, w));
            match (o, n) {
                (true, false) => narrows = true,
                (false, true) => widens = true,
                _ => wrong.push(format!(
                    "{}: witness {w} is accepted by old: {o}, new: {n}",
                    r.name
                )),
            }
        }
        // A breaking verdict comes with a witness, unless the row is one
        // where no validator can show one (an unknown format).
        let undemonstrable = r.witnesses.is_empty() && r.closed;
        if r.input && !narrows && !undemonstrable {
            wrong.push(format!(
                "{}: input breaking with no witness the old accepts and the new refuses",
                r.name
            ));
        }
        if r.output && !widens && !undemonstrable {
            wrong.push(format!(
                "{}: output breaking with no witness the new accepts and the old refuses",
                r.name
            ));
        }
        // And a witness means breaking on its side.
        if narrows && !r.input || widens && !r.output {
            wrong.push(format!("{}: a witness contradicts the verdicts", r.name));
        }
        // Fail-closed rows say so; proven rows do not.
        let says_cannot = |rep: &toolform::compat::Report| {
            rep.changes()
                .iter()
                .any(|c| c.is_breaking() && c.message().contains("cannot prove"))
        };
        if r.closed && !(says_cannot(&input) || says_cannot(&output)) {
            wrong.push(format!(
                "{}: fails closed, but no change says \"cannot prove\"\n{input}{output}",
                r.name
            ));
        }
        if !r.closed && (says_cannot(&input) || says_cannot(&output)) {
            wrong.push(format!(
                "{}: a proven row says \"cannot prove\"\n{input}{output}",
                r.name
            ));
        }
        // Every breaking change has a pointer that names a keyword, or the root.
        for c in input.changes().iter().chain(output.changes()) {
            assert!(
                c.pointer().is_empty() || c.pointer().starts_with('/'),
                "{}: {c}",
                r.name
            );
        }
    }
    assert!(
        wrong.is_empty(),
        "{} problems:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_issue_message() {
    let old = obj(json!({"limit": {"type": "integer", "maximum": 100}}));
    let new = obj(json!({"limit": {"type": "integer", "maximum": 50}}));
    let r = diff(&old, &new, Contract::Input);
    assert_eq!(r.changes().len(), 1, "{r}");
    assert_eq!(r.changes()[0].pointer(), "/properties/limit/maximum");
    assert_eq!(
        r.changes()[0].message(),
        "`/properties/limit/maximum`: 100 → 50: an input of 51..100 that was accepted is now refused"
    );
    let r = diff(&new, &old, Contract::Output);
    assert!(r.is_breaking());
    assert_eq!(r.changes()[0].pointer(), "/properties/limit/maximum");
    assert!(
        r.changes()[0]
            .message()
            .contains("51..100, which the old schema refused, may now be returned"),
        "{r}"
    );
}

#[test]
fn pointers_follow_the_new_schema_through_refs() {
    let old = json!({"type": "object", "properties": {"q": {"$ref": "#/$defs/Q"}}, "$defs": {"Q": {"type": "string"}}});
    let new = json!({"type": "object", "properties": {"q": {"$ref": "#/$defs/Query"}}, "$defs": {"Query": {"type": "string", "maxLength": 5}}});
    let r = diff(&old, &new, Contract::Input);
    assert_eq!(r.changes()[0].pointer(), "/$defs/Query/maxLength", "{r}");
    // On output the new schema is the left side: still its pointer.
    let r = diff(&new, &old, Contract::Output);
    assert!(r.is_breaking());
    assert_eq!(r.changes()[0].pointer(), "/$defs/Q/maxLength", "{r}");
}

// ---------------------------------------------------------------- tools

fn tools(list: Value) -> Value {
    json!({ "tools": list })
}

#[test]
fn diff_tools_rules() {
    let search = json!({"name": "search", "description": "Search.", "inputSchema": obj(json!({"q": {"type": "string"}})), "outputSchema": obj(json!({"hits": {"type": "array"}}))});
    let book = json!({"name": "book", "inputSchema": {"type": "object"}});
    let old = tools(json!([search.clone(), book.clone()]));

    // Same tools in another order, as a bare array: no changes.
    assert!(
        diff_tools(&old, &json!([book.clone(), search.clone()]))
            .changes()
            .is_empty()
    );

    // A removed tool is breaking; an added one compatible.
    let r = diff_tools(&old, &tools(json!([search.clone()])));
    assert!(r.is_breaking());
    assert_eq!(r.changes()[0].tool(), Some("book"));
    let r = diff_tools(&tools(json!([search.clone()])), &old);
    assert!(!r.is_breaking());
    assert!(r.changes()[0].message().contains("added"), "{r}");

    // inputSchema by the input rule, outputSchema by the output rule.
    let mut narrowed = search.clone();
    narrowed["inputSchema"]["required"] = json!(["q"]);
    let r = diff_tools(&old, &tools(json!([narrowed, book.clone()])));
    assert!(r.is_breaking());
    assert_eq!(r.changes()[0].schema(), Some("inputSchema"));
    assert_eq!(r.changes()[0].pointer(), "/required");
    let mut promised = search.clone();
    promised["outputSchema"]["required"] = json!(["hits"]);
    let r = diff_tools(&old, &tools(json!([promised, book.clone()])));
    assert!(!r.is_breaking(), "{r}");

    // outputSchema lost: breaking; gained: compatible.
    let mut lost = search.clone();
    lost.as_object_mut().unwrap().remove("outputSchema");
    let r = diff_tools(&old, &tools(json!([lost.clone(), book.clone()])));
    assert!(r.is_breaking());
    assert_eq!(r.changes()[0].schema(), Some("outputSchema"));
    assert!(!diff_tools(&tools(json!([lost, book.clone()])), &old).is_breaking());

    // A description change is listed, compatible.
    let mut described = search.clone();
    described["description"] = json!("Search the catalogue.");
    let r = diff_tools(&old, &tools(json!([described, book.clone()])));
    assert!(!r.is_breaking());
    assert_eq!(r.changes().len(), 1);

    // Not a tools list: one breaking change saying so.
    let r = diff_tools(&json!(3), &old);
    assert!(r.is_breaking());
    assert!(r.changes()[0].message().contains("not a tools/list result"));
}

#[test]
fn fingerprint_is_canonical_and_covers_the_contract() {
    let a = json!({"name": "t", "description": "d", "inputSchema": {"type": "object", "properties": {"n": {"maximum": 1e2, "minimum": 0.0}}}, "outputSchema": {"type": "object"}});
    let b: Value = serde_json::from_str(r#"{"outputSchema":{"type":"object"},"inputSchema":{"properties":{"n":{"minimum":0,"maximum":100}},"type":"object"},"name":"t","description":"d","title":"ignored","annotations":{"readOnlyHint":true}}"#).unwrap();
    assert_eq!(fingerprint(&a), fingerprint(&b));
    assert!(
        fingerprint(&a)
            .chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
    );
    for key in ["name", "description", "inputSchema", "outputSchema"] {
        let mut c = a.clone();
        c[key] = json!("changed");
        assert_ne!(
            fingerprint(&a),
            fingerprint(&c),
            "{key} is part of the fingerprint"
        );
    }
    // Pinned: the digest of this contract must never change between releases.
    let pinned = json!({"name": "echo", "inputSchema": {"type": "object"}});
    // sha256 of {"inputSchema":{"type":"object"},"name":"echo"}
    assert_eq!(
        fingerprint(&pinned),
        sha256_hex_reference(br#"{"inputSchema":{"type":"object"},"name":"echo"}"#)
    );
}

/// SHA-256 computed by an independent implementation (the `sha2` crate is
/// the one the runtime uses; this is FIPS 180-4 written out), for the
/// pinned fingerprint.
fn sha256_hex_reference(data: &[u8]) -> String {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut msg = data.to_vec();
    let bits = (data.len() as u64) * 8;
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&bits.to_be_bytes());
    for chunk in msg.chunks(64) {
        let mut w = [0u32; 64];
        for i in 0..16 {
            w[i] = u32::from_be_bytes([
                chunk[4 * i],
                chunk[4 * i + 1],
                chunk[4 * i + 2],
                chunk[4 * i + 3],
            ]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let mut v = h;
        for i in 0..64 {
            let s1 = v[4].rotate_right(6) ^ v[4].rotate_right(11) ^ v[4].rotate_right(25);
            let ch = (v[4] & v[5]) ^ (!v[4] & v[6]);
            let t1 = v[7]
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = v[0].rotate_right(2) ^ v[0].rotate_right(13) ^ v[0].rotate_right(22);
            let maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
            let t2 = s0.wrapping_add(maj);
            v = [
                t1.wrapping_add(t2),
                v[0],
                v[1],
                v[2],
                v[3].wrapping_add(t1),
                v[4],
                v[5],
                v[6],
            ];
        }
        for (a, b) in h.iter_mut().zip(v) {
            *a = a.wrapping_add(b);
        }
    }
    h.iter().map(|x| format!("{x:08x}")).collect()
}

// ---------------------------------------------------------------- lockfile

#[derive(serde::Serialize, serde::Deserialize, toolform::ToolSchema)]
struct LockArgs {
    query: String,
    #[serde(default)]
    limit: u32,
}

#[derive(serde::Serialize, serde::Deserialize, toolform::ToolSchema)]
struct LockArgsNarrowed {
    query: String,
    limit: u8,
}

#[derive(serde::Serialize, serde::Deserialize, toolform::ToolSchema)]
struct LockOut {
    hits: Vec<String>,
}

#[test]
fn lockfile_created_unchanged_updated_breaking() {
    // The environment decides what is written: this test holds it fixed
    // for its own process-wide view (CI and TOOLFORM_COMPAT unset).
    if std::env::var_os("CI").is_some() || std::env::var_os("TOOLFORM_COMPAT").is_some() {
        // Under CI a missing lockfile is an error: checked here instead.
        let dir = scratch("lock-ci");
        let path = dir.join("tools.lock.json");
        let tools = json!([tool::<LockArgs, LockOut>("search", "Search.")]);
        if std::env::var_os("TOOLFORM_COMPAT").is_none() {
            assert!(check_lockfile(&path, &tools).is_err());
        }
        return;
    }
    let dir = scratch("lock");
    let path = dir.join("tools.lock.json");
    let v1 = json!([tool::<LockArgs, LockOut>("search", "Search.")]);
    assert_eq!(check_lockfile(&path, &v1).unwrap(), LockOutcome::Created);
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(written["tools"][0]["name"], "search");
    assert_eq!(check_lockfile(&path, &v1).unwrap(), LockOutcome::Unchanged);
    // A tool added: compatible, the file follows.
    let v2 = json!({"tools": [tool::<LockArgs, LockOut>("search", "Search."), tool_without_output::<LockArgs>("count", "")]});
    assert!(matches!(
        check_lockfile(&path, &v2).unwrap(),
        LockOutcome::Updated(_)
    ));
    assert_eq!(check_lockfile(&path, &v2).unwrap(), LockOutcome::Unchanged);
    // `limit` now required and at most 255: breaking; the file is kept.
    let v3 = json!({"tools": [tool::<LockArgsNarrowed, LockOut>("search", "Search."), tool_without_output::<LockArgs>("count", "")]});
    let before = std::fs::read_to_string(&path).unwrap();
    let err = check_lockfile(&path, &v3).unwrap_err().to_string();
    assert!(
        err.contains("/required") && err.contains("/properties/limit/maximum"),
        "{err}"
    );
    assert!(err.contains("TOOLFORM_COMPAT=overwrite"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn lockfile_accepts_an_rmcp_tool_list() {
    // An rmcp `ToolRouter`'s `list_all()` serializes to the array of tools.
    let t = toolform::rmcp::tool::<LockArgs, LockOut>("search", "Search.");
    let listed = serde_json::to_value(vec![t]).unwrap();
    let dir = scratch("lock-rmcp");
    let path = dir.join("tools.lock.json");
    if std::env::var_os("CI").is_none() && std::env::var_os("TOOLFORM_COMPAT").is_none() {
        assert_eq!(
            check_lockfile(&path, &listed).unwrap(),
            LockOutcome::Created
        );
        let ours = json!([tool::<LockArgs, LockOut>("search", "Search.")]);
        assert!(
            !diff_tools(&listed, &ours).is_breaking(),
            "{}",
            diff_tools(&listed, &ours)
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("toolform-compat-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// ---------------------------------------------------------------- hostile

/// `leaf` under `depth` levels of `{"type": "object", "properties": {"a": ..}}`,
/// built and dropped without recursion.
fn nest(leaf: Value, depth: usize) -> Value {
    let mut v = leaf;
    for _ in 0..depth {
        let mut props = Map::new();
        props.insert("a".into(), v);
        let mut m = Map::new();
        m.insert("type".into(), json!("object"));
        m.insert("properties".into(), Value::Object(props));
        v = Value::Object(m);
    }
    v
}

fn dispose(v: Value) {
    let mut stack = vec![v];
    while let Some(mut v) = stack.pop() {
        match &mut v {
            Value::Array(items) => stack.append(items),
            Value::Object(map) => stack.extend(std::mem::take(map).into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

#[test]
fn hostile_100k_deep_schemas() {
    for depth in [1_000, 10_000, 100_000] {
        let a = nest(json!({"type": "integer"}), depth);
        let b = nest(json!({"type": "string"}), depth);
        for contract in [Contract::Input, Contract::Output] {
            let r = diff(&a, &b, contract);
            assert!(r.is_breaking());
            assert!(r.changes().len() <= toolform::compat::MAX_CHANGES);
            assert!(diff(&a, &a, contract).changes().is_empty());
        }
        let t = json!({"name": "deep"});
        let _ = fingerprint(&t);
        dispose(a);
        dispose(b);
    }
}

#[test]
fn hostile_ref_cycles() {
    let cases = [
        json!({"$ref": "#"}),
        json!({"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}),
        json!({"allOf": [{"$ref": "#"}], "anyOf": [{"$ref": "#"}, {"type": "string"}]}),
        json!({"properties": {"a": {"$ref": "#"}}, "items": {"$ref": "#"}, "not": {"$ref": "#"}}),
        json!({"$ref": "#/nowhere"}),
        json!({"$ref": "https://example.invalid/schema.json"}),
    ];
    for a in &cases {
        for b in &cases {
            for contract in [Contract::Input, Contract::Output] {
                let r = diff(a, b, contract);
                assert!(r.changes().len() <= toolform::compat::MAX_CHANGES);
            }
        }
    }
    // An unresolvable reference on the new side fails closed.
    let r = diff(
        &json!({"type": "string"}),
        &json!({"$ref": "#/nowhere"}),
        Contract::Input,
    );
    assert!(r.is_breaking(), "{r}");
}

#[test]
fn hostile_10mb_documents() {
    // A 10 MB enum (about 1M values), and a 100k-property object (4 MB),
    // each against an edited copy.
    let values: Vec<Value> = (0..1_000_000).map(|i| json!(format!("v{i}"))).collect();
    let mut fewer = values.clone();
    fewer.pop();
    let old = json!({"enum": values});
    let new = json!({"enum": fewer});
    assert!(serde_json::to_string(&old).unwrap().len() > 8_000_000);
    let r = diff(&old, &new, Contract::Input);
    assert!(r.is_breaking());
    assert!(r.changes()[0].message().contains("v999999"), "{r}");
    assert!(!diff(&old, &new, Contract::Output).is_breaking());

    let mut props = Map::new();
    for i in 0..100_000 {
        props.insert(format!("p{i}"), json!({"type": "string", "maxLength": 10}));
    }
    let old = json!({"type": "object", "properties": props.clone()});
    props.insert("p7".into(), json!({"type": "string", "maxLength": 5}));
    let new = json!({"type": "object", "properties": props});
    let r = diff(&old, &new, Contract::Input);
    assert!(r.is_breaking());
    assert!(
        r.changes()
            .iter()
            .any(|c| c.pointer() == "/properties/p7/maxLength"),
        "{r}"
    );
}

#[test]
fn hostile_alternatives_explode_within_the_budget() {
    // 30 anyOfs of two alternatives each: 2^30 combinations on the left.
    let all: Vec<Value> = (0..30)
        .map(|i| json!({"anyOf": [{"minimum": i}, {"maximum": -i}]}))
        .collect();
    let old = json!({"allOf": all});
    let new = json!({"type": "integer"});
    let r = diff(&old, &new, Contract::Input);
    assert!(r.is_breaking());
}

// ---------------------------------------------------------------- properties

/// A random schema of the vocabulary tool schemas use.
fn schema_strategy() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(json!({"type": "string"})),
        (0u32..5, 5u32..20)
            .prop_map(|(a, b)| json!({"type": "string", "minLength": a, "maxLength": b})),
        prop::sample::select(vec!["^a+$", "^[0-9]{3}$", "x"])
            .prop_map(|p| json!({"type": "string", "pattern": p})),
        prop::sample::select(vec!["date", "email", "uri"])
            .prop_map(|f| json!({"type": "string", "format": f})),
        (-10i64..10, 10i64..100)
            .prop_map(|(a, b)| json!({"type": "integer", "minimum": a, "maximum": b})),
        (1u32..5).prop_map(|m| json!({"type": "number", "multipleOf": m})),
        Just(json!({"type": "boolean"})),
        Just(json!({"type": "null"})),
        prop::collection::vec(prop::sample::select(vec!["a", "b", "c", "d"]), 1..4)
            .prop_map(|e| json!({"enum": e})),
        (0i64..3).prop_map(|c| json!({"const": c})),
        Just(json!(true)),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 1..4),
                any::<bool>(),
                any::<bool>()
            )
                .prop_map(|(props, req, closed)| {
                    let mut p = Map::new();
                    for (i, s) in props.into_iter().enumerate() {
                        p.insert(format!("k{i}"), s);
                    }
                    let names: Vec<String> = p.keys().cloned().collect();
                    let mut m = Map::new();
                    m.insert("type".into(), json!("object"));
                    m.insert("properties".into(), Value::Object(p));
                    if req {
                        m.insert("required".into(), json!(names[..1]));
                    }
                    if closed {
                        m.insert("additionalProperties".into(), json!(false));
                    }
                    Value::Object(m)
                }),
            (inner.clone(), 0u32..3)
                .prop_map(|(s, n)| json!({"type": "array", "items": s, "minItems": n})),
            prop::collection::vec(inner.clone(), 2..4).prop_map(|a| json!({"anyOf": a})),
            prop::collection::vec(inner.clone(), 2..4).prop_map(|a| json!({"oneOf": a})),
            prop::collection::vec(inner.clone(), 1..3).prop_map(|a| json!({"allOf": a})),
            inner
                .clone()
                .prop_map(|s| json!({"type": ["string", "integer"], "not": s})),
            inner.prop_map(|s| json!({"type": ["object", "null"], "anyOf": [s, {"type": "null"}]})),
        ]
    })
}

/// Keys in reverse order, at every level (iterative over a small value).
fn reorder(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .rev()
                .map(|(k, v)| (k.clone(), reorder(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(reorder).collect()),
        other => other.clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// A schema against itself, and against rewrites that keep its meaning
    /// (keys reordered, moved under `$defs` behind a `$ref`, wrapped in
    /// `allOf`, annotated): never breaking, on either side.
    #[test]
    fn meaning_preserving_rewrites_are_never_breaking(s in schema_strategy(), which in 0u8..4) {
        let rewritten = match which {
            0 => reorder(&s),
            1 => json!({"$defs": {"moved": s.clone()}, "$ref": "#/$defs/moved"}),
            2 => json!({"allOf": [s.clone()], "description": "wrapped"}),
            _ => json!({"anyOf": [s.clone()], "title": "one alternative"}),
        };
        for contract in [Contract::Input, Contract::Output] {
            let r = diff(&s, &s, contract);
            prop_assert!(!r.is_breaking(), "{s} against itself: {r}");
            let r = diff(&s, &rewritten, contract);
            prop_assert!(!r.is_breaking(), "{s} → {rewritten} ({contract:?}): {r}");
            let r = diff(&rewritten, &s, contract);
            prop_assert!(!r.is_breaking(), "{rewritten} → {s} ({contract:?}): {r}");
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Random object schemas of scalar properties, one random narrowing or
    /// widening of one property: the verdict on each side is exactly what
    /// a witness search finds (documents built from both schemas'
    /// boundaries, judged by `jsonschema`).
    #[test]
    fn random_edits_agree_with_a_witness_search(base in base_strategy(), edit in edit_strategy()) {
        let (old, new) = (to_schema(&base), to_schema(&apply(&base, &edit)));
        let docs = candidates(&base, &apply(&base, &edit));
        let (vo, vn) = (validator(&old), validator(&new));
        let narrows = docs.iter().any(|d| vo.is_valid(d) && !vn.is_valid(d));
        let widens = docs.iter().any(|d| !vo.is_valid(d) && vn.is_valid(d));
        let input = diff(&old, &new, Contract::Input);
        let output = diff(&old, &new, Contract::Output);
        prop_assert_eq!(input.is_breaking(), narrows, "input {} → {}: {} (witness search: {})", old, new, input, narrows);
        prop_assert_eq!(output.is_breaking(), widens, "output {} → {}: {} (witness search: {})", old, new, output, widens);
    }
}

/// One scalar property of the random object schemas.
#[derive(Debug, Clone)]
struct Prop {
    ty: &'static str,
    nullable: bool,
    required: bool,
    min: Option<i64>,
    max: Option<i64>,
    enumeration: Option<Vec<&'static str>>,
}

type Base = (Vec<Prop>, bool);

fn prop_strategy() -> impl Strategy<Value = Prop> {
    (
        prop::sample::select(vec!["integer", "number", "string", "enum"]),
        any::<bool>(),
        any::<bool>(),
        prop::option::of(-5i64..5),
        prop::option::of(5i64..15),
        prop::collection::btree_set(prop::sample::select(vec!["a", "b", "c", "d"]), 1..4),
    )
        .prop_map(|(ty, nullable, required, min, max, e)| Prop {
            ty,
            nullable,
            required,
            min,
            max,
            enumeration: (ty == "enum").then(|| e.into_iter().collect()),
        })
}

fn base_strategy() -> impl Strategy<Value = Base> {
    (prop::collection::vec(prop_strategy(), 1..4), any::<bool>())
}

#[derive(Debug, Clone)]
enum Edit {
    Min(usize, Option<i64>),
    Max(usize, Option<i64>),
    Nullable(usize, bool),
    Required(usize, bool),
    Type(usize, &'static str),
    Enum(usize, Vec<&'static str>),
    Closed(bool),
    Remove(usize),
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    let i = 0usize..4;
    prop_oneof![
        (i.clone(), prop::option::of(-8i64..18)).prop_map(|(i, v)| Edit::Min(i, v)),
        (i.clone(), prop::option::of(-8i64..18)).prop_map(|(i, v)| Edit::Max(i, v)),
        (i.clone(), any::<bool>()).prop_map(|(i, b)| Edit::Nullable(i, b)),
        (i.clone(), any::<bool>()).prop_map(|(i, b)| Edit::Required(i, b)),
        (
            i.clone(),
            prop::sample::select(vec!["integer", "number", "string"])
        )
            .prop_map(|(i, t)| Edit::Type(i, t)),
        (
            i.clone(),
            prop::collection::btree_set(prop::sample::select(vec!["a", "b", "c", "d"]), 1..4)
        )
            .prop_map(|(i, e)| Edit::Enum(i, e.into_iter().collect())),
        any::<bool>().prop_map(Edit::Closed),
        i.prop_map(Edit::Remove),
    ]
}

fn apply(base: &Base, edit: &Edit) -> Base {
    let (mut props, mut closed) = base.clone();
    let n = props.len();
    match edit.clone() {
        Edit::Min(i, v) => props[i % n].min = v,
        Edit::Max(i, v) => props[i % n].max = v,
        Edit::Nullable(i, b) => props[i % n].nullable = b,
        Edit::Required(i, b) => props[i % n].required = b,
        Edit::Type(i, t) => {
            props[i % n].ty = t;
            props[i % n].enumeration = None;
        }
        Edit::Enum(i, e) => {
            props[i % n].ty = "enum";
            props[i % n].enumeration = Some(e);
        }
        Edit::Closed(b) => closed = b,
        Edit::Remove(i) => {
            if n > 1 {
                props.remove(i % n);
            }
        }
    }
    (props, closed)
}

fn to_schema((props, closed): &Base) -> Value {
    let mut p = Map::new();
    let mut required = Vec::new();
    for (i, prop) in props.iter().enumerate() {
        let name = format!("p{i}");
        let mut s = Map::new();
        if let Some(e) = &prop.enumeration {
            let mut e: Vec<Value> = e.iter().map(|x| json!(x)).collect();
            if prop.nullable {
                e.push(Value::Null);
            }
            s.insert("enum".into(), Value::Array(e));
        } else {
            let ty = if prop.nullable {
                json!([prop.ty, "null"])
            } else {
                json!(prop.ty)
            };
            s.insert("type".into(), ty);
            let (lo, hi) = if prop.ty == "string" {
                ("minLength", "maxLength")
            } else {
                ("minimum", "maximum")
            };
            // A range kept non-empty (a schema that accepts nothing is
            // not what this test is about): a maximum below the minimum is
            // left out.
            let min = prop
                .min
                .map(|v| if prop.ty == "string" { v.max(0) } else { v });
            let max = prop
                .max
                .map(|v| if prop.ty == "string" { v.max(0) } else { v });
            if let Some(v) = min {
                s.insert(lo.into(), json!(v));
            }
            if let Some(v) = max.filter(|m| min.is_none_or(|lo| *m >= lo)) {
                s.insert(hi.into(), json!(v));
            }
        }
        if prop.required {
            required.push(json!(name));
        }
        p.insert(name, Value::Object(s));
    }
    let mut m = Map::new();
    m.insert("type".into(), json!("object"));
    m.insert("properties".into(), Value::Object(p));
    m.insert("required".into(), Value::Array(required));
    if *closed {
        m.insert("additionalProperties".into(), json!(false));
    }
    Value::Object(m)
}

/// Documents built from the boundaries of both schemas: for each property
/// every interesting value (or its absence) with the others at a value
/// both accept when one exists; plus an unknown property.
fn candidates(a: &Base, b: &Base) -> Vec<Value> {
    let n = a.0.len().max(b.0.len());
    let mut per: Vec<Vec<Option<Value>>> = vec![vec![None]; n];
    for base in [a, b] {
        for (i, p) in base.0.iter().enumerate() {
            let vals = &mut per[i];
            vals.push(Some(Value::Null));
            vals.extend(["a", "b", "c", "d", "zz"].iter().map(|s| Some(json!(s))));
            vals.push(Some(json!(0.5)));
            vals.push(Some(json!(true)));
            for bound in [p.min, p.max].into_iter().flatten() {
                for d in [-1i64, 0, 1] {
                    let v = bound + d;
                    vals.push(Some(json!(v)));
                    vals.push(Some(json!(v as f64 + 0.5)));
                    if v >= 0 {
                        vals.push(Some(json!("x".repeat(v as usize))));
                    }
                }
            }
            vals.push(Some(json!(-100)));
            vals.push(Some(json!(100)));
            vals.push(Some(json!("")));
            vals.push(Some(json!("x".repeat(40))));
        }
    }
    for vals in &mut per {
        let mut seen = std::collections::HashSet::new();
        vals.retain(|v| seen.insert(format!("{v:?}")));
    }
    // Backgrounds: per property, a value one schema accepts for that
    // property alone (`None`: absent, or none found).
    let single = |j: usize, v: &Value, base: &Base| -> bool {
        match base.0.get(j) {
            Some(prop) => {
                let schema = to_schema(&(vec![prop.clone()], false));
                validator(&schema).is_valid(&json!({ "p0": v }))
            }
            None => !base.1,
        }
    };
    let background = |base: &Base| -> Vec<Option<Value>> {
        (0..n)
            .map(|j| {
                per[j]
                    .iter()
                    .flatten()
                    .find(|v| single(j, v, base))
                    .cloned()
            })
            .collect()
    };
    let flavours = [background(a), background(b)];
    let mut docs = Vec::new();
    for (i, values) in per.iter().enumerate().take(n) {
        for v in values {
            for bg in &flavours {
                // Every other property present (at the background) or absent.
                for mask in 0..(1u32 << n) {
                    if mask & (1 << i) != 0 {
                        continue;
                    }
                    let mut m = Map::new();
                    for (j, background) in bg.iter().enumerate() {
                        let value = if j == i {
                            v.clone()
                        } else if mask & (1 << j) != 0 {
                            None
                        } else {
                            background.clone()
                        };
                        if let Some(value) = value {
                            m.insert(format!("p{j}"), value);
                        }
                    }
                    docs.push(Value::Object(m.clone()));
                    m.insert("extra".into(), json!(1));
                    docs.push(Value::Object(m));
                }
            }
        }
    }
    docs
}
