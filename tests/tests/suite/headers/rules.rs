//! `toolform::headers`: `x-mcp-header` annotations checked by the rules of
//! MCP 2026-07-28 (SEP-2243), the headers a client sends, and the server's
//! comparison of headers with the body.

use proptest::prelude::*;
use serde_json::{Value, json};
use toolform::headers::{self, HeaderParam, HeaderType};

fn schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "region": {"type": "string", "x-mcp-header": "Region"},
            "count": {"type": "integer", "minimum": 0, "x-mcp-header": "Count"},
            "dry_run": {"type": ["boolean", "null"], "x-mcp-header": "Dry-Run"},
            "where": {
                "type": "object",
                "properties": {"zone": {"type": "string", "x-mcp-header": "Zone"}}
            },
            "query": {"type": "string"}
        },
        "required": ["region"]
    })
}

fn params() -> Vec<HeaderParam> {
    headers::check(&schema()).expect("a valid schema")
}

#[test]
fn check_finds_every_annotation_on_the_properties_chain() {
    let found = params();
    let names: Vec<(&str, String, HeaderType)> = found
        .iter()
        .map(|p| (p.name.as_str(), p.pointer(), p.kind))
        .collect();
    assert_eq!(
        names,
        [
            ("Region", "/region".to_string(), HeaderType::String),
            ("Count", "/count".to_string(), HeaderType::Integer),
            ("Dry-Run", "/dry_run".to_string(), HeaderType::Boolean),
            ("Zone", "/where/zone".to_string(), HeaderType::String),
        ]
    );
    assert_eq!(found[0].header(), "Mcp-Param-Region");
    assert_eq!(headers::check(&json!({"type": "object"})), Ok(vec![]));
}

#[test]
fn check_names_every_invalid_annotation_with_its_path() {
    let bad = json!({
        "type": "object",
        "x-mcp-header": "Root",
        "properties": {
            "empty": {"type": "string", "x-mcp-header": ""},
            "space": {"type": "string", "x-mcp-header": "My Region"},
            "colon": {"type": "string", "x-mcp-header": "a:b"},
            "crlf": {"type": "string", "x-mcp-header": "X\r\nInjected: 1"},
            "accent": {"type": "string", "x-mcp-header": "Régión"},
            "number": {"type": "number", "x-mcp-header": "Price"},
            "object": {"type": "object", "x-mcp-header": "Obj"},
            "untyped": {"x-mcp-header": "Untyped"},
            "not_a_string": {"type": "string", "x-mcp-header": 7},
            "first": {"type": "string", "x-mcp-header": "Tenant"},
            "again": {"type": "string", "x-mcp-header": "TENANT"},
            "list": {"type": "array", "items": {"type": "string", "x-mcp-header": "Item"}},
            "either": {"anyOf": [{"type": "string", "x-mcp-header": "Alt"}]}
        },
        "$defs": {"D": {"type": "string", "x-mcp-header": "Def"}}
    });
    let err = headers::check(&bad).unwrap_err();
    let paths: Vec<&str> = err.iter().map(|v| v.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "/x-mcp-header",
            "/properties/empty/x-mcp-header",
            "/properties/space/x-mcp-header",
            "/properties/colon/x-mcp-header",
            "/properties/crlf/x-mcp-header",
            "/properties/accent/x-mcp-header",
            "/properties/number/x-mcp-header",
            "/properties/object/x-mcp-header",
            "/properties/untyped/x-mcp-header",
            "/properties/not_a_string/x-mcp-header",
            "/properties/list/items/x-mcp-header",
            "/properties/either/anyOf/0/x-mcp-header",
            "/$defs/D/x-mcp-header",
            "/properties/again/x-mcp-header",
        ],
        "{err:#?}"
    );
    assert!(err.iter().all(|v| v.rule == "x-mcp-header"));
    // Messages say what is wrong, and never print a control character raw.
    let crlf = &err[4].message;
    assert!(crlf.contains("U+000D") && !crlf.contains('\r'), "{crlf}");
    assert!(err[6].message.contains("not number"), "{}", err[6].message);
    assert!(err[13].message.contains("/first"), "{}", err[13].message);
}

/// The safe-integer range binds argument values at call time, not the
/// schema (the Transports WG on modelcontextprotocol PR #2772; conformance
/// issue #445): an integer property is a valid annotation however it is
/// bounded, and a value outside ±(2^53 − 1) gets no header and fails the
/// server's check.
#[test]
fn the_safe_integer_range_binds_values_not_schemas() {
    let schema = json!({"type": "object", "properties": {
        "any": {"type": "integer", "x-mcp-header": "Any"},
        "wide": {"type": "integer", "minimum": -1e300, "maximum": 18446744073709551615u64,
                 "x-mcp-header": "Wide"}
    }});
    let p = headers::check(&schema).expect("valid annotations");
    assert_eq!(p.len(), 2);
    for big in [
        json!(9007199254740992u64),
        json!(-9007199254740992i64),
        json!(1e300),
    ] {
        let args = json!({"any": big});
        let err = headers::headers_for(&p, &args).unwrap_err();
        assert_eq!(err.header, "Mcp-Param-Any", "{err}");
        let sent = [("Mcp-Param-Any", "9007199254740992")];
        assert!(verify_with(&p, &args, &sent).is_err(), "{args}");
    }
    let edge = json!({"any": 9007199254740991u64, "wide": -9007199254740991i64});
    let sent = headers::headers_for(&p, &edge).expect("within range");
    let sent: Vec<(&str, &str)> = sent.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    assert_eq!(
        sent,
        [
            ("Mcp-Param-Any", "9007199254740991"),
            ("Mcp-Param-Wide", "-9007199254740991")
        ]
    );
    assert!(verify_with(&p, &edge, &sent).is_ok());
}

fn verify_with(
    p: &[HeaderParam],
    args: &Value,
    sent: &[(&str, &str)],
) -> Result<(), headers::HeaderMismatch> {
    headers::verify(p, args, sent.iter().map(|(n, v)| (*n, v.as_bytes())))
}

#[test]
fn headers_for_encodes_by_the_sentinel_rule() {
    let p = params();
    let args = json!({"region": "us-west1", "count": 42.0, "dry_run": null, "query": "x"});
    assert_eq!(
        headers::headers_for(&p, &args).unwrap(),
        [
            ("Mcp-Param-Region".to_string(), "us-west1".to_string()),
            ("Mcp-Param-Count".to_string(), "42".to_string()),
        ]
    );
    for (text, wrapped) in [
        ("plain value", false),
        ("Zürich", true),
        ("tab\there", true),
        (" leading", true),
        ("trailing ", true),
        ("line\r\nbreak", true),
        ("=?base64?QQ==?=", true),
        ("=?base64? but not closed", false),
        ("", false),
    ] {
        let encoded = headers::encode_value(text);
        assert_eq!(encoded != text, wrapped, "{text:?} -> {encoded}");
        assert_eq!(
            headers::decode_value(encoded.as_bytes()).as_deref(),
            Some(text)
        );
    }
    assert_eq!(headers::encode_value("Zürich"), "=?base64?WsO8cmljaA==?=");
    let err = headers::headers_for(&p, &json!({"region": ["x"]})).unwrap_err();
    assert_eq!(err.header, "Mcp-Param-Region");
    let err = headers::headers_for(&p, &json!({"count": 9007199254740992u64})).unwrap_err();
    assert!(err.message.contains("2^53"), "{err}");
}

fn verify(args: &Value, sent: &[(&str, &str)]) -> Result<(), headers::HeaderMismatch> {
    headers::verify(
        &params(),
        args,
        sent.iter().map(|(n, v)| (*n, v.as_bytes())),
    )
}

#[test]
fn verify_compares_numbers_as_numbers_and_omits_null() {
    let args = json!({"region": "eu", "count": 42, "dry_run": null});
    assert_eq!(
        verify(
            &args,
            &[("mcp-param-region", "eu"), ("Mcp-Param-Count", "42")]
        ),
        Ok(())
    );
    assert_eq!(
        verify(
            &args,
            &[("Mcp-Param-Region", "eu"), ("Mcp-Param-Count", "42.0")]
        ),
        Ok(())
    );
    let float_body = json!({"region": "eu", "count": 42.0});
    assert_eq!(
        verify(
            &float_body,
            &[("Mcp-Param-Region", "eu"), ("Mcp-Param-Count", "42")]
        ),
        Ok(())
    );

    let refused = [
        // the body has a value, the header is missing
        (json!({"region": "eu"}), vec![]),
        // a header for a null argument
        (
            json!({"region": "eu", "dry_run": null}),
            vec![("Mcp-Param-Region", "eu"), ("Mcp-Param-Dry-Run", "true")],
        ),
        // another value
        (json!({"region": "eu"}), vec![("Mcp-Param-Region", "us")]),
        (
            json!({"region": "eu", "count": 42}),
            vec![("Mcp-Param-Region", "eu"), ("Mcp-Param-Count", "43")],
        ),
        (
            json!({"region": "eu", "dry_run": true}),
            vec![("Mcp-Param-Region", "eu"), ("Mcp-Param-Dry-Run", "True")],
        ),
        // sent twice
        (
            json!({"region": "eu"}),
            vec![("Mcp-Param-Region", "eu"), ("MCP-PARAM-REGION", "eu")],
        ),
        // bad base64, and a control character in a plain value
        (
            json!({"region": "eu"}),
            vec![("Mcp-Param-Region", "=?base64?!!?=")],
        ),
        (
            json!({"region": "e\u{1}u"}),
            vec![("Mcp-Param-Region", "e\u{1}u")],
        ),
        // nested
        (
            json!({"region": "eu", "where": {"zone": "a"}}),
            vec![("Mcp-Param-Region", "eu"), ("Mcp-Param-Zone", "b")],
        ),
    ];
    for (args, sent) in refused {
        let err = verify(&args, &sent).expect_err(&format!("{args} with {sent:?}"));
        assert!(err.header.starts_with("Mcp-Param-"), "{err}");
    }
    assert_eq!(headers::HEADER_MISMATCH, -32020);
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 _.-]{0,12}",
        any::<String>(),
        Just("=?base64?QQ==?=".to_string()),
        "[ \t]{1,2}[a-z]{0,3}[ \t]{0,2}",
    ]
}

fn arguments() -> impl Strategy<Value = Value> {
    (
        text(),
        prop::option::of(-(1i64 << 53) + 1..(1i64 << 53)),
        prop::option::of(prop::option::of(any::<bool>())),
        prop::option::of(text()),
    )
        .prop_map(|(region, count, dry_run, zone)| {
            let mut args = serde_json::Map::new();
            args.insert("region".into(), Value::String(region));
            if let Some(c) = count {
                args.insert("count".into(), json!(c));
            }
            if let Some(d) = dry_run {
                args.insert("dry_run".into(), json!(d));
            }
            if let Some(z) = zone {
                args.insert("where".into(), json!({"zone": z}));
            }
            Value::Object(args)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(toolform_tests::proptest_cases(256)))]

    /// What a client sends, the server accepts; any one byte of any header
    /// value changed, the server refuses.
    #[test]
    fn headers_for_then_verify_accepts_and_every_byte_change_is_refused(
        args in arguments(),
        which in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let p = params();
        let sent = headers::headers_for(&p, &args).unwrap();
        let as_bytes: Vec<(&str, Vec<u8>)> =
            sent.iter().map(|(n, v)| (n.as_str(), v.as_bytes().to_vec())).collect();
        prop_assert_eq!(
            headers::verify(&p, &args, as_bytes.iter().map(|(n, v)| (*n, v.as_slice()))),
            Ok(())
        );
        // One byte of one header value changed.
        let mut changed = as_bytes.clone();
        let (_, value) = &mut changed[which.index(as_bytes.len())];
        if value.is_empty() {
            value.push(byte);
        } else {
            let at = which.index(value.len());
            if value[at] == byte {
                return Ok(());
            }
            value[at] = byte;
        }
        let verdict = headers::verify(&p, &args, changed.iter().map(|(n, v)| (*n, v.as_slice())));
        prop_assert!(verdict.is_err(), "{:?} accepted for {}", changed, args);
    }
}

#[test]
fn check_is_iterative_on_deep_and_wide_schemas() {
    let mut deep = json!({"type": "string", "x-mcp-header": "Deep"});
    for _ in 0..100_000 {
        // Built by hand: `json!` would serialize `deep` recursively.
        let mut props = serde_json::Map::new();
        props.insert("a".into(), deep);
        let mut node = serde_json::Map::new();
        node.insert("type".into(), json!("object"));
        node.insert("properties".into(), Value::Object(props));
        deep = Value::Object(node);
    }
    let found = headers::check(&deep).unwrap();
    assert_eq!(found[0].path.len(), 100_000);
    std::mem::forget(deep);
    let mut props = serde_json::Map::new();
    for i in 0..100_000 {
        props.insert(
            format!("p{i}"),
            json!({"type": "string", "x-mcp-header": format!("H{}", i % 50_000)}),
        );
    }
    let err = headers::check(&json!({"type": "object", "properties": props})).unwrap_err();
    assert_eq!(err.len(), 50_000);
}

/// `headers_for` and `verify` read the parameters from the schema itself
/// (the issue's `headers_for(&schema, &arguments)`) as well as from
/// `check`'s answer, with the same result; a schema whose annotations are
/// invalid gives no headers and refuses every call.
#[test]
fn the_schema_itself_is_a_header_source() {
    let schema = schema();
    let args = json!({"region": "Zürich", "count": 7, "where": {"zone": "b"}});
    let from_params = headers::headers_for(&params(), &args).unwrap();
    assert_eq!(headers::headers_for(&schema, &args).unwrap(), from_params);
    let object = schema.as_object().unwrap().clone();
    assert_eq!(headers::headers_for(&object, &args).unwrap(), from_params);
    let arc = std::sync::Arc::new(object);
    assert_eq!(headers::headers_for(&arc, &args).unwrap(), from_params);
    let sent: Vec<(&str, &[u8])> = from_params
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_bytes()))
        .collect();
    assert_eq!(
        headers::verify(&schema, &args, sent.iter().copied()),
        Ok(())
    );
    assert!(headers::verify(&schema, &json!({"region": "Bern"}), sent.iter().copied()).is_err());

    let invalid = json!({"type": "object", "properties": {
        "a": {"type": "number", "x-mcp-header": "A"},
        "b": {"type": "string", "x-mcp-header": "bad name"},
    }});
    let err = headers::headers_for(&invalid, &json!({"a": 1.5})).unwrap_err();
    assert!(
        err.message.contains("invalid") && err.message.contains("1 more"),
        "{err}"
    );
    let err = headers::verify(&invalid, &json!({}), []).unwrap_err();
    assert!(err.message.contains("invalid"), "{err}");
}
