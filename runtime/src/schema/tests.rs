use super::data::{deep_clone, deep_eq, dispose};
use super::*;
use serde_json::json;

fn same_text(a: &Value, b: &Value) -> bool {
    serde_json::to_string(a).ok() == serde_json::to_string(b).ok()
}

#[test]
fn keywords_are_typed_in_order() {
    let v = json!({
        "type": ["string", "null"], "minLength": 2, "x-note": {"a": [1]},
        "properties": {"é": {"const": 1.0}}, "required": ["é"],
        "anyOf": [true, {"not": {}}], "minimum": -3.5, "maxItems": 1.0
    });
    let s = parse(&v);
    let Some(Node::Object(root)) = s.get(s.root) else {
        panic!("an object root")
    };
    let names: Vec<&str> = root.entries.iter().map(|e| e.keyword.name()).collect();
    assert_eq!(
        names,
        [
            "type",
            "minLength",
            "x-note",
            "properties",
            "required",
            "anyOf",
            "minimum",
            "maxItems"
        ]
    );
    assert!(
        matches!(root.get("type"), Some(Keyword::Type(Types::Many(t))) if t == &[Type::String, Type::Null])
    );
    assert!(matches!(root.get("minLength"), Some(Keyword::MinLength(2))));
    assert!(matches!(root.get("x-note"), Some(Keyword::Other(..))));
    // `1.0` is not a count: kept verbatim so it prints as `1.0`.
    assert!(matches!(root.get("maxItems"), Some(Keyword::Other(..))));
    assert!(
        matches!(root.get("anyOf"), Some(Keyword::AnyOf(a)) if a.nodes.len() == 2 && a.exclusive == Exclusive::Unknown)
    );
    let Some(Keyword::Properties(props)) = root.get("properties") else {
        panic!("typed properties")
    };
    assert_eq!(props[0].name, "é");
    assert_eq!(props[0].info.presence, Presence::Unknown);
    assert!(same_text(&print(&s), &v));
}

#[test]
fn ill_typed_known_keywords_stay_verbatim() {
    for v in [
        json!({"minimum": "3"}),
        json!({"required": ["a", 1]}),
        json!({"type": "text"}),
        json!({"items": [true, 3]}),
        json!({"properties": {"a": 1}}),
        json!({"exclusiveMinimum": true}),
        json!({"minLength": -1}),
        json!({"enum": "a"}),
        json!({"dependentRequired": {"a": [1]}}),
        json!(3),
        json!("x"),
        json!(null),
        json!([{"type": "string"}]),
        json!(false),
        json!({}),
    ] {
        assert!(same_text(&print(&parse(&v)), &v), "{v}");
    }
}

#[test]
fn shared_nodes_print_twice_and_cycles_are_cut() {
    let mut s = Schema {
        nodes: vec![],
        root: NodeId(0),
    };
    let root = s.push(Node::Bool(true));
    let leaf = s.push(Node::Object({
        let mut o = Object::new(Role::Value);
        o.push(
            Keyword::Const(Data::new(json!({"deep": [1]}))),
            Source::Wire,
        );
        o
    }));
    let mut o = Object::new(Role::Value);
    o.push(Keyword::AllOf(vec![leaf, leaf, root]), Source::Wire);
    s.nodes[root.0] = Node::Object(o);
    let printed = print(&s);
    assert_eq!(
        printed,
        json!({"allOf": [{"const": {"deep": [1]}}, {"const": {"deep": [1]}}, true]})
    );
    // A root that is out of range prints as `true`, no panic.
    s.root = NodeId(99);
    assert_eq!(print(&s), json!(true));
}

#[test]
fn data_is_cloned_compared_and_dropped_without_recursion() {
    let mut deep = json!("bottom");
    for i in 0..200_000 {
        deep = if i % 2 == 0 {
            Value::Array(vec![deep])
        } else {
            let mut m = serde_json::Map::new();
            m.insert("k".into(), deep);
            Value::Object(m)
        };
    }
    let copy = deep_clone(&deep);
    assert!(deep_eq(&copy, &deep));
    let data = Data::new(copy);
    let other = data.clone();
    assert!(data == other);
    drop(data);
    drop(other);
    let s = parse(&json!({"const": 1}));
    let mut s2 = s.clone();
    if let Some(Node::Object(o)) = s2.nodes.get_mut(0) {
        o.push(Keyword::Other("x".into(), Data::new(deep)), Source::Unknown);
    }
    drop(s2);
}

#[test]
fn deep_clone_keeps_key_order_and_scalars() {
    let v = json!({"z": 1, "a": [true, null, 2.5, "s", {"y": {}, "b": []}], "m": -1});
    let c = deep_clone(&v);
    assert!(same_text(&c, &v));
    dispose(c);
    assert!(!deep_eq(&json!({"a": [1]}), &json!({"a": [1.0]})));
    assert!(!deep_eq(&json!([1, 2]), &json!([1])));
    assert!(deep_eq(&json!({"a": 1, "b": 2}), &json!({"b": 2, "a": 1})));
}
