//! The derive writes a form's fields in a packed encoding (one text literal
//! per form, decoded on first use) unless the type is generic or a
//! description is an expression; then it lists them. Both must render and
//! read answers identically: the same form written three ways.

use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use toolform::ToolSchema;
use toolform::elicit::{ElicitForm, FormFields, Revision};

#[derive(Deserialize, ToolSchema, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
#[serde(rename_all = "snake_case")]
#[schema(titled)]
enum Size {
    /// Small — ünïcode title
    Small,
    #[serde(alias = "XL")]
    Large,
}

fn two() -> i64 {
    2
}

macro_rules! every_attribute {
    ($name:ident $(<$t:ident>)?, $agree:ty, $desc:meta) => {
        #[derive(Deserialize, ElicitForm, Debug, PartialEq)]
        #[serde(rename_all = "camelCase")]
        #[allow(dead_code)]
        struct $name $(<$t>)?
        where
            $($t: Copy,)?
        {
            /// Your name: "quoted", 5:colon; tilde ~ and ünïcode
            #[elicit(title = "Name ✓", length(min = 1, max = 40))]
            #[serde(alias = "nom", alias = "n:2")]
            full_name: String,
            #[$desc]
            #[elicit(format = "email")]
            email: Option<String>,
            #[elicit(range(min = 0, max = 18446744073709551615_u64))]
            count: u64,
            #[elicit(range(min = 0.1, max = 1e20))]
            ratio: f64,
            #[serde(default = "two")]
            #[elicit(range(min = -9007199254740991, max = 9))]
            small: i64,
            #[elicit(default = "XL")]
            size: Size,
            #[elicit(enum_names)]
            legacy: Option<Size>,
            #[elicit(min_items = 1, max_items = 2)]
            #[serde(default)]
            sizes: BTreeSet<Size>,
            #[elicit(default = true, title = "")]
            agree: $agree,
            #[elicit(format = "date")]
            day: String,
            #[elicit(format = "date-time")]
            at: Option<String>,
            #[elicit(format = "uri", length(max = 0))]
            link: Option<String>,
            #[serde(skip)]
            skipped: u8,
        }
    };
}

every_attribute!(Packed, bool, doc = "Plain.");
every_attribute!(Generic<T>, T, doc = "Plain.");
every_attribute!(Expr, bool, doc = concat!("an ", "expression"));
every_attribute!(PackedDesc, bool, doc = "an expression");

#[test]
fn the_derive_packs_plain_forms_and_lists_generic_ones() {
    assert!(matches!(Packed::FORM.fields, FormFields::Packed(_)));
    assert!(matches!(PackedDesc::FORM.fields, FormFields::Packed(_)));
    assert!(matches!(
        <Generic<bool>>::FORM.fields,
        FormFields::Listed(_)
    ));
}

fn answers() -> Vec<Value> {
    let ok = json!({"fullName": "Ada", "count": 3, "ratio": 0.5, "day": "2026-01-02",
                    "size": "large", "sizes": ["small"], "legacy": "small"});
    let mut out = vec![ok.clone(), json!({}), json!([]), json!(null)];
    for (key, bad) in [
        ("fullName", json!("")),
        ("fullName", json!("x".repeat(41))),
        ("count", json!(-1)),
        ("count", json!(1.5)),
        ("ratio", json!(0.01)),
        ("small", json!(10)),
        ("size", json!("XL")),
        ("size", json!("medium")),
        ("sizes", json!([])),
        ("sizes", json!(["small", "large", "small"])),
        ("email", json!("not an email")),
        ("day", json!("2026-13-01")),
        ("at", json!("2026-01-02T03:04:05Z")),
        ("link", json!("https://x")),
        ("nom", json!("Ada")),
        ("agree", json!("yes")),
        ("skipped", json!(1)),
    ] {
        let mut answer = ok.clone();
        answer[key] = bad;
        out.push(answer);
    }
    out
}

fn accept(content: &Value) -> Value {
    json!({"action": "accept", "content": content})
}

#[test]
fn packed_and_listed_forms_render_and_read_alike() {
    for revision in Revision::ALL {
        let packed = Packed::requested_schema_for(revision).map_err(|p| format!("{p:?}"));
        let generic = <Generic<bool>>::requested_schema_for(revision).map_err(|p| format!("{p:?}"));
        assert_eq!(packed, generic, "{revision}");
    }
    let packed = Packed::requested_schema();
    assert_eq!(
        packed["properties"]["fullName"]["description"],
        "Your name: \"quoted\", 5:colon; tilde ~ and ünïcode"
    );
    assert_eq!(packed["properties"]["fullName"]["title"], "Name ✓");
    assert_eq!(packed["properties"]["small"]["default"], 2);
    for answer in answers() {
        let result = accept(&answer);
        let p = Packed::from_elicit_result(&result).map(|e| format!("{e:?}"));
        let g = <Generic<bool>>::from_elicit_result(&result).map(|e| format!("{e:?}"));
        let p = p
            .map_err(|e| e.to_string())
            .map(|s| s.replace("Packed", "_"));
        let g = g
            .map_err(|e| e.to_string())
            .map(|s| s.replace("Generic", "_"));
        assert_eq!(p, g, "{answer}");
    }
}

#[test]
fn a_description_expression_lists_the_fields_and_renders_alike() {
    assert!(matches!(Expr::FORM.fields, FormFields::Listed(_)));
    assert_eq!(Expr::requested_schema(), PackedDesc::requested_schema());
    assert_eq!(
        Expr::requested_schema()["properties"]["email"]["description"],
        "an expression"
    );
}
