//! `"default"` in input schemas and forms is what serde_json writes for the
//! value serde would fill in, whichever way the derive gets it: read off the
//! shape of a primitive type, or asked of the compiler (`Default +
//! Serialize`) for any other type.

// `(u16)`: a type in parentheses, written on purpose.
#![allow(unused_parens)]

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolform::ToolSchema;
use toolform::elicit::ElicitForm;

/// Every primitive the derive reads off the shape, and the types next to
/// them that it does not (`u128`, `usize`, `char`, `Option`, nested `Vec`).
#[derive(Serialize, Deserialize, ToolSchema, Default)]
pub struct Prims {
    #[serde(default)]
    pub a_u8: u8,
    #[serde(default)]
    pub a_u16: u16,
    #[serde(default)]
    pub a_u32: u32,
    #[serde(default)]
    pub a_u64: u64,
    #[serde(default)]
    pub a_i8: i8,
    #[serde(default)]
    pub a_i16: i16,
    #[serde(default)]
    pub a_i32: i32,
    #[serde(default)]
    pub a_i64: i64,
    #[serde(default)]
    pub a_f32: f32,
    #[serde(default)]
    pub a_f64: f64,
    #[serde(default)]
    pub a_bool: bool,
    #[serde(default)]
    pub a_string: String,
    #[serde(default)]
    pub a_vec: Vec<u8>,
    #[serde(default)]
    pub a_vec_string: Vec<String>,
    #[serde(default)]
    pub a_vec_f64: Vec<f64>,
    #[serde(default)]
    pub a_u128: u128,
    #[serde(default)]
    pub a_usize: usize,
    #[serde(default)]
    pub a_char: char,
    #[serde(default)]
    pub a_option: Option<u8>,
    #[serde(default)]
    pub a_vec_option: Vec<Option<u8>>,
    #[serde(default)]
    pub a_nested: Vec<Vec<u8>>,
    #[serde(default)]
    pub a_paren: (u16),
}

#[test]
fn each_default_is_what_serde_json_writes_for_it() {
    let schema = Prims::input_schema();
    let written = serde_json::to_value(Prims::default()).unwrap();
    let Value::Object(written) = written else {
        panic!("{written}")
    };
    assert_eq!(written.len(), 22);
    for (key, value) in &written {
        let shown = &schema["properties"][key]["default"];
        assert_eq!(shown, value, "{key} in {schema}");
        // Not only equal as numbers: `0.0` stays a float, `0` an integer.
        assert_eq!(shown.to_string(), value.to_string(), "{key}");
    }
}

/// A form's fields: the same rule, through the form's own encoding.
#[derive(Serialize, Deserialize, ElicitForm, Default)]
pub struct PrimForm {
    #[serde(default)]
    pub count: u16,
    #[serde(default)]
    pub big: u64,
    #[serde(default)]
    pub delta: i32,
    #[serde(default)]
    pub ratio: f64,
    #[serde(default)]
    pub small_ratio: f32,
    #[serde(default)]
    pub agree: bool,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub initial: char,
    #[serde(default)]
    pub size: usize,
}

#[test]
fn a_form_shows_the_same_defaults() {
    let schema = PrimForm::requested_schema();
    let Value::Object(written) = serde_json::to_value(PrimForm::default()).unwrap() else {
        panic!()
    };
    assert_eq!(written.len(), 9);
    for (key, value) in &written {
        let shown = &schema["properties"][key]["default"];
        assert_eq!(shown.to_string(), value.to_string(), "{key} in {schema}");
    }
    // A missing field is filled with its default: none is required.
    assert_eq!(schema.get("required"), None, "{schema}");
}

/// Types of the user's own with the names of primitives: their defaults
/// are not taken for the primitives' (`0`, `""`, `[]`).
#[allow(non_camel_case_types)]
mod shadowing {
    use serde::{Deserialize, Serialize};
    use toolform::ToolSchema;

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct u32(pub std::primitive::u32);
    impl Default for u32 {
        fn default() -> Self {
            u32(7)
        }
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct String(pub std::string::String);
    impl Default for String {
        fn default() -> Self {
            String("seven".into())
        }
    }

    #[derive(Serialize, Deserialize, ToolSchema)]
    pub struct Vec<T>(pub std::vec::Vec<T>);
    impl<T> Default for Vec<T> {
        fn default() -> Self {
            Vec(std::vec::Vec::new())
        }
    }

    #[derive(Serialize, Deserialize, ToolSchema, Default)]
    pub struct Args {
        #[serde(default)]
        pub number: u32,
        #[serde(default)]
        pub text: String,
        #[serde(default)]
        pub list: Vec<bool>,
    }
}

#[test]
fn a_type_named_like_a_primitive_never_shows_the_primitive_default() {
    let schema = shadowing::Args::input_schema();
    let written = serde_json::to_value(shadowing::Args::default()).unwrap();
    assert_eq!(written, json!({"number": 7, "text": "seven", "list": []}));
    for key in ["number", "text", "list"] {
        // Either the true default or none at all.
        match schema["properties"][key].get("default") {
            None => {}
            Some(shown) => assert_eq!(shown, &written[key], "{key} in {schema}"),
        }
    }
    assert_ne!(
        schema["properties"]["number"].get("default"),
        Some(&json!(0))
    );
    assert_ne!(
        schema["properties"]["text"].get("default"),
        Some(&json!(""))
    );
}

#[derive(Serialize, Deserialize, ToolSchema, Default, Clone, Copy, PartialEq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Fast,
    #[default]
    Safe,
}

/// `Default`, never written.
#[derive(Deserialize, ToolSchema, Default, PartialEq, Debug)]
pub struct ReadOnly {
    pub level: u8,
}

/// Written, no `Default`.
#[derive(Serialize, ToolSchema)]
pub struct NoDefault {
    pub level: u8,
}

#[derive(Deserialize, ToolSchema)]
pub struct Mixed {
    #[serde(default)]
    pub mode: Mode,
    #[serde(default)]
    pub read_only: ReadOnly,
    #[serde(default)]
    pub modes: Vec<Mode>,
    #[serde(default)]
    pub read_onlys: Vec<ReadOnly>,
}

/// Serialize-only: serde ignores `default`, and the type need not be
/// `Default`.
#[derive(Serialize, ToolSchema)]
pub struct Written {
    #[serde(default)]
    pub inner: NoDefault,
}

#[test]
fn a_default_of_another_type_is_shown_exactly_when_it_is_default_and_serialize() {
    let schema = Mixed::input_schema();
    let props = &schema["properties"];
    assert_eq!(props["mode"]["default"], json!("safe"), "{schema}");
    assert_eq!(props["read_only"].get("default"), None, "{schema}");
    assert_eq!(props["modes"]["default"], json!([]), "{schema}");
    assert_eq!(props["read_onlys"].get("default"), None, "{schema}");
    let read: Mixed = serde_json::from_str("{}").unwrap();
    assert_eq!((read.mode, read.read_only.level), (Mode::Safe, 0));
    let output = Written::output_schema();
    assert_eq!(
        output["properties"]["inner"].get("default"),
        None,
        "{output}"
    );
}

fn seven() -> u8 {
    7
}

fn read_only() -> ReadOnly {
    ReadOnly { level: 3 }
}

fn fast() -> Mode {
    Mode::Fast
}

fn greeting() -> std::borrow::Cow<'static, str> {
    "hi".into()
}

/// Defaults given by functions: shown exactly when the type is `Serialize`,
/// one function shared by two types, a generic function (`Default::default`)
/// and a function of a type with a lifetime.
#[derive(Deserialize, ToolSchema)]
pub struct ByPath {
    #[serde(default = "seven")]
    pub small: u8,
    #[serde(default = "fast")]
    pub mode: Mode,
    #[serde(default = "read_only")]
    pub read_only: ReadOnly,
    #[serde(default = "Default::default")]
    pub generic: Mode,
    #[serde(default = "Default::default")]
    pub generic_read_only: ReadOnly,
}

#[derive(Deserialize, ToolSchema)]
pub struct ByPathAgain {
    #[serde(default = "seven")]
    pub small: u8,
}

#[derive(Deserialize, ToolSchema)]
pub struct Borrowing<'a> {
    #[serde(default = "greeting", borrow)]
    pub greeting: std::borrow::Cow<'a, str>,
    #[serde(default)]
    pub name: &'a str,
    #[serde(default = "seven")]
    pub small: u8,
}

/// The container's default, for a type with a lifetime.
#[derive(Deserialize, ToolSchema)]
#[serde(default)]
pub struct ContainerDefault<'a> {
    pub mode: Mode,
    pub read_only: ReadOnly,
    #[serde(borrow)]
    pub name: std::borrow::Cow<'a, str>,
}

impl Default for ContainerDefault<'_> {
    fn default() -> Self {
        ContainerDefault {
            mode: Mode::Fast,
            read_only: ReadOnly { level: 9 },
            name: "anonymous".into(),
        }
    }
}

/// Function defaults in a type with a type parameter: its fields are
/// listed, not packed.
#[derive(Deserialize, ToolSchema)]
pub struct Generic<T> {
    pub value: T,
    #[serde(default = "fast")]
    pub mode: Mode,
    #[serde(default = "read_only")]
    pub read_only: ReadOnly,
}

fn default_of<T: Default>() -> T {
    T::default()
}

/// A function default of the type parameter's own type, and of a type
/// holding it. The derive's impl knows `T: ToolSchema` only, not `T:
/// Serialize`, so no default can be shown (nor was one before): it compiles
/// and shows none, for every `T`.
#[derive(Deserialize, ToolSchema)]
pub struct OfParameter<T: Default> {
    #[serde(default = "default_of")]
    pub value: T,
    #[serde(default = "default_of")]
    pub values: Vec<T>,
    #[serde(default = "seven")]
    pub small: u8,
}

#[test]
fn a_function_default_of_a_type_parameter_compiles_and_shows_none() {
    let schema = OfParameter::<u8>::input_schema();
    let props = &schema["properties"];
    assert_eq!(props["value"].get("default"), None, "{schema}");
    assert_eq!(props["values"].get("default"), None, "{schema}");
    assert_eq!(props["small"]["default"], json!(7), "{schema}");
    let read: OfParameter<u8> = serde_json::from_str("{}").unwrap();
    assert_eq!((read.value, read.values.len(), read.small), (0, 0, 7));
}

#[test]
fn a_function_s_default_is_shown_exactly_when_its_type_is_serialize() {
    let schema = ByPath::input_schema();
    let props = &schema["properties"];
    assert_eq!(props["small"]["default"], json!(7), "{schema}");
    assert_eq!(props["mode"]["default"], json!("fast"), "{schema}");
    assert_eq!(props["read_only"].get("default"), None, "{schema}");
    assert_eq!(props["generic"]["default"], json!("safe"), "{schema}");
    assert_eq!(props["generic_read_only"].get("default"), None, "{schema}");
    let again = ByPathAgain::input_schema();
    assert_eq!(again["properties"]["small"]["default"], json!(7), "{again}");

    let borrowing = Borrowing::input_schema();
    let props = &borrowing["properties"];
    assert_eq!(props["greeting"]["default"], json!("hi"), "{borrowing}");
    assert_eq!(props["name"]["default"], json!(""), "{borrowing}");
    assert_eq!(props["small"]["default"], json!(7), "{borrowing}");

    let generic = Generic::<bool>::input_schema();
    let props = &generic["properties"];
    assert_eq!(props["mode"]["default"], json!("fast"), "{generic}");
    assert_eq!(props["read_only"].get("default"), None, "{generic}");
}

#[test]
fn the_container_s_default_is_shown_per_field_when_serialize() {
    let schema = ContainerDefault::input_schema();
    let props = &schema["properties"];
    assert_eq!(props["mode"]["default"], json!("fast"), "{schema}");
    assert_eq!(props["read_only"].get("default"), None, "{schema}");
    assert_eq!(props["name"]["default"], json!("anonymous"), "{schema}");
    let read: ContainerDefault = serde_json::from_str("{}").unwrap();
    assert_eq!((read.mode, read.read_only.level), (Mode::Fast, 9));
}

/// A form's defaults by function and by the container.
#[derive(Deserialize, ElicitForm)]
pub struct PathForm {
    #[serde(default = "seven")]
    pub small: u8,
    #[serde(default = "fast")]
    pub mode: Mode,
}

#[test]
fn a_form_shows_a_function_s_default() {
    let schema = PathForm::requested_schema();
    let props = &schema["properties"];
    assert_eq!(props["small"]["default"], json!(7), "{schema}");
    assert_eq!(props["mode"]["default"], json!("fast"), "{schema}");
}

/// A module whose `Default` is not the prelude's: a default of a type that
/// is `Serialize` is still found (the fallback is never needed).
mod shadowed {
    #![allow(dead_code)]
    use super::{Mode, seven};
    use serde::Deserialize;
    use toolform::ToolSchema;

    pub trait Default {}

    #[derive(Deserialize, ToolSchema)]
    pub struct Shadowed {
        #[serde(default = "seven")]
        pub small: u8,
        #[serde(default = "super::fast")]
        pub mode: Mode,
    }
}

#[test]
fn a_shadowed_default_trait_does_not_hide_a_serializable_default() {
    let schema = shadowed::Shadowed::input_schema();
    assert_eq!(
        schema["properties"]["small"]["default"],
        json!(7),
        "{schema}"
    );
    assert_eq!(
        schema["properties"]["mode"]["default"],
        json!("fast"),
        "{schema}"
    );
}
