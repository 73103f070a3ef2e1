//! The four formats against hand-picked cases.

use crate::Format;

fn check(format: Format, cases: &[(&str, bool)]) {
    for &(input, expected) in cases {
        assert_eq!(
            format.is_valid(input),
            expected,
            "{} {:?} should be {}",
            format.name(),
            input,
            if expected { "valid" } else { "invalid" }
        );
    }
}

#[test]
fn names_round_trip() {
    for format in [Format::Email, Format::Uri, Format::Date, Format::DateTime] {
        assert_eq!(Format::from_name(format.name()), Some(format));
    }
    assert_eq!(Format::from_name("date-time"), Some(Format::DateTime));
    assert_eq!(Format::from_name("Date-Time"), None);
    assert_eq!(Format::from_name("time"), None);
    assert_eq!(Format::from_name(""), None);
}

#[test]
fn date_cases() {
    check(
        Format::Date,
        &[
            ("1963-06-19", true),
            ("2020-02-29", true),
            ("2021-02-29", false),
            ("2000-02-29", true),
            ("1900-02-29", false),
            ("0400-02-29", true),
            ("0100-02-29", false),
            ("0000-02-29", true),
            ("2020-04-31", false),
            ("2020-00-10", false),
            ("2020-13-10", false),
            ("2020-01-00", false),
            ("2020-1-01", false),
            ("12020-01-01", false),
            ("2020-01-01T00:00:00Z", false),
            ("", false),
            ("2020-0৪-01", false),
        ],
    );
}

#[test]
fn date_time_cases() {
    check(
        Format::DateTime,
        &[
            ("1963-06-19T08:30:06.283185Z", true),
            ("1963-06-19t08:30:06z", true),
            ("1937-01-01T12:00:27.87+00:20", true),
            ("1998-12-31T23:59:60Z", true),
            ("1998-12-31T15:59:60.123-08:00", true),
            ("1998-12-31T23:59:60+00:00", true),
            ("1999-01-01T00:29:60+00:30", true),
            ("1998-12-31T23:59:60+01:00", false),
            ("1998-12-31T23:58:60Z", false),
            ("1998-12-31T22:59:60Z", false),
            ("1998-12-31T23:59:61Z", false),
            ("2016-12-31T24:59:60+01:00", false),
            ("1990-12-31T15:59:59-24:00", false),
            ("1990-12-31T10:00:00+10:60", false),
            ("1985-04-12T23:20:50+01", false),
            ("1985-04-12T23:20:50.Z", false),
            ("1985-04-12T23:20:50Z\n", false),
            ("1963-06-19T08:30:06.28123+01:00Z", false),
            ("1900-02-29T00:00:00Z", false),
            ("2000-02-29T00:00:00Z", true),
            ("2000-02-29 00:00:00Z", false),
            ("1985-04-12T00:59:59.999999999999999Z", true),
        ],
    );
}

#[test]
fn email_cases() {
    check(
        Format::Email,
        &[
            ("joe.bloggs@example.com", true),
            ("te~st@example.com", true),
            ("joe@localhost", true),
            ("\"joe bloggs\"@example.com", true),
            ("\"joe..bloggs\"@example.com", true),
            ("\"joe@bloggs\"@example.com", true),
            ("\"joe\\\"bloggs\"@example.com", true),
            ("\"\"@example.com", true),
            ("\"joe\"bloggs\"@example.com", false),
            ("\"joe@example.com", false),
            ("\"joe\"x@example.com", false),
            ("joe.bloggs@[127.0.0.1]", true),
            ("joe.bloggs@[127.0.0.300]", false),
            ("joe.bloggs@[IPv6:::1]", true),
            ("joe.bloggs@[ipv6:2001:db8::1]", true),
            ("joe.bloggs@[IPv6:::ffff:192.0.2.1]", true),
            ("joe.bloggs@[IPv6:1:2:3:4:5:6:7:8:9]", false),
            ("joe.bloggs@[IPv6:1::2::3]", false),
            ("joe.bloggs@[::1]", false),
            (".test@example.com", false),
            ("test.@example.com", false),
            ("te..st@example.com", false),
            ("joe.bloggs@invalid=domain.com", false),
            ("joe@-example.com", false),
            ("joe@example-.com", false),
            ("joe@example.com.", false),
            ("joe bloggs@example.com", false),
            ("@example.com", false),
            ("joe.bloggs@", false),
            ("jöe@example.com", false),
        ],
    );
}

#[test]
fn uri_cases() {
    check(
        Format::Uri,
        &[
            ("http://foo.bar/?baz=qux#quux", true),
            ("http://-.~_!$&'()*+,;=:%40:80%2f::::::@example.com", true),
            ("ldap://[2001:db8::7]/c=GB?objectClass?one", true),
            ("http://[::1]:8080/", true),
            ("http://[v1.fe80::a+en1]/", true),
            ("http://[::ffff:1.2.3.4]/", true),
            ("http://[::ffff:01.2.3.4]", false),
            ("http://[1::2::3]/", false),
            ("http://[::1", false),
            ("http://[::1]x/", false),
            ("mailto:John.Doe@example.com", true),
            ("urn:oasis:names:specification:docbook:dtd:xml:4.1.2", true),
            ("http://999.999.999.999/", true),
            ("http://example.com:/", true),
            ("file:///etc/hosts", true),
            ("http://example.com:abc/path", false),
            ("http://example.com/%6G", false),
            ("http://example.com/%A", false),
            ("//foo.bar/?baz=qux#quux", false),
            ("abc", false),
            ("1http://example.com", false),
            ("http:/[::1]", false),
            ("http://example.com/a#b#c", false),
            ("https://example.org/foobar®.txt", false),
            ("https://example.org/foo bar.txt", false),
            ("https://example.org/foobar\\.txt", false),
        ],
    );
}

#[test]
fn hostile_inputs_do_not_panic() {
    let inputs = [
        "",
        "@",
        "\"",
        "\"\\",
        "[",
        "]",
        "[]",
        ":",
        "::",
        "%",
        "a:%",
        "a://[",
        "a://@[",
        "a://[v",
        "a://[v.",
        "0000-00-00T",
        "2020-01-01T00:00:00.",
        "2020-01-01T00:00:00+",
        "x@[IPv6:",
        "x@[IPv6:]",
        "x@[]",
    ];
    for input in inputs {
        for format in [Format::Email, Format::Uri, Format::Date, Format::DateTime] {
            let _ = format.is_valid(input);
        }
    }
}

/// Runs every string case of the official JSON Schema Test Suite
/// (draft 2020-12, optional/format) for the four formats.
#[test]
fn json_schema_test_suite() {
    const DIR: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/fixtures/json-schema-test-suite/draft2020-12/optional/format/"
    );
    let dir = std::path::Path::new(DIR);
    if !dir.is_dir() {
        assert!(
            std::env::var("TOOLFORM_REQUIRE_FIXTURES").as_deref() != Ok("1"),
            "FIXTURE MISSING: {DIR} (TOOLFORM_REQUIRE_FIXTURES=1)"
        );
        eprintln!("!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!");
        eprintln!("!!! FIXTURE MISSING: {DIR}");
        eprintln!("!!! JSON Schema Test Suite format cases were NOT run.");
        eprintln!("!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!");
        return;
    }
    let mut failures = Vec::new();
    for format in [Format::Email, Format::Uri, Format::Date, Format::DateTime] {
        let path = dir.join(format!("{}.json", format.name()));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let groups: serde_json::Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()));
        let groups = groups.as_array().expect("fixture file is a JSON array");
        let (mut total, mut passed) = (0usize, 0usize);
        for group in groups {
            assert_eq!(
                group["schema"]["format"].as_str(),
                Some(format.name()),
                "unexpected schema in {}",
                path.display()
            );
            let tests = group["tests"].as_array().expect("`tests` is an array");
            for case in tests {
                let Some(data) = case["data"].as_str() else {
                    continue; // formats ignore non-strings
                };
                let expected = case["valid"].as_bool().expect("`valid` is a bool");
                total += 1;
                if format.is_valid(data) == expected {
                    passed += 1;
                } else {
                    failures.push(format!(
                        "{}: {:?} expected {} ({})",
                        format.name(),
                        data,
                        if expected { "valid" } else { "invalid" },
                        case["description"].as_str().unwrap_or("")
                    ));
                }
            }
        }
        eprintln!("{}: {passed}/{total} string cases pass", format.name());
        assert!(total > 0, "no string cases in {}", path.display());
    }
    assert!(
        failures.is_empty(),
        "fixture failures:\n{}",
        failures.join("\n")
    );
}
