//! The header check of a type: [`check`](super::check) on the type's rendered
//! input schema (the document a client reads), each violation naming the
//! Rust type and field whose `#[schema(header = "..")]` it is about.
//!
//! The rules across types (no two annotations one schema reaches share a
//! name; none under an array's items, a map's values, an enum's alternatives
//! or `$defs`) are about one JSON document, so they are checked on that
//! document, exactly, at any depth: at server start by every place that
//! builds tools from types, and in a test by [`assert_valid`].

use super::{HeaderParam, check};
use crate::ToolSchema;
use crate::shape::{Body, Shape, Struct, VariantBody};
use crate::violation::Violation;
use std::collections::{HashMap, HashSet};

/// The `x-mcp-header` parameters of `T`'s input schema, or every way its
/// annotations break the spec's rules, each violation's message naming the
/// Rust type and field that carry the annotation (its `path` is the JSON
/// Pointer of the annotation in `T::input_schema()`).
///
/// ```
/// use toolform::ToolSchema;
///
/// #[derive(serde::Deserialize, ToolSchema)]
/// struct Scope {
///     #[schema(header = "Tenant")]
///     tenant: String,
/// }
///
/// #[derive(serde::Deserialize, ToolSchema)]
/// struct Transfer {
///     from: Scope,
///     to: Scope, // `Tenant` twice
/// }
///
/// let errors = toolform::headers::check_type::<Transfer>().unwrap_err();
/// assert_eq!(errors[0].path, "/properties/to/properties/tenant/x-mcp-header");
/// assert!(errors[0].message.contains("Scope.tenant"));
/// ```
pub fn check_type<T: ToolSchema + ?Sized>() -> Result<Vec<HeaderParam>, Vec<Violation>> {
    check_shape(T::SHAPE, T::input_schema())
}

/// Panics with every violation [`check_type`] finds in `T`'s input schema,
/// each naming the Rust type and field and the annotation's JSON Pointer.
/// One line in a test for every tool arguments type with a
/// `#[schema(header = "..")]` field anywhere in it:
///
/// ```
/// # use toolform::ToolSchema;
/// # #[derive(serde::Deserialize, ToolSchema)]
/// # struct ExecuteSql { #[schema(header = "Region")] region: String }
/// #[test]
/// # fn _f() {}
/// fn header_annotations_are_valid() {
///     toolform::headers::assert_valid::<ExecuteSql>();
/// }
/// # header_annotations_are_valid();
/// ```
// The example shows the `#[test]` a user writes; the doctest calls the
// function itself.
#[allow(clippy::test_attr_in_doctest)]
#[track_caller]
pub fn assert_valid<T: ToolSchema + ?Sized>() {
    if let Err(violations) = check_type::<T>() {
        panic!("{}", describe(std::any::type_name::<T>(), &violations));
    }
}

/// The text of a refusal: the type, then one line per violation.
pub(crate) fn describe(type_name: &str, violations: &[Violation]) -> String {
    let mut text = format!(
        "the `x-mcp-header` annotations of `{type_name}`'s input schema break the spec's \
         rules (MCP 2026-07-28; a client drops such a tool):"
    );
    for v in violations {
        text.push_str("\n  - ");
        text.push_str(&v.to_string());
    }
    text
}

/// [`check`] on `schema` (the rendering of `shape`), with the owners of each
/// violated annotation named.
pub(crate) fn check_shape(
    shape: &'static Shape,
    schema: &serde_json::Value,
) -> Result<Vec<HeaderParam>, Vec<Violation>> {
    let violations = match check(schema) {
        Ok(params) => return Ok(params),
        Err(violations) => violations,
    };
    let owners = owners(shape);
    Err(violations
        .into_iter()
        .map(|mut v| {
            let name = schema
                .pointer(&v.path)
                .and_then(serde_json::Value::as_str)
                .map(str::to_ascii_lowercase);
            if let Some(found) = name.as_deref().and_then(|n| owners.get(n)) {
                let named: Vec<String> = found
                    .iter()
                    .map(|(ty, field, header)| {
                        format!("`{ty}.{field}` (`#[schema(header = {header:?})]`)")
                    })
                    .collect();
                v.message = format!("{}: {}", named.join(" and "), v.message);
            }
            v
        })
        .collect())
}

/// Who carries each annotation a shape reaches: the lowercased header name
/// to `(type, field, annotation)`, in the order first met. Iterative, each
/// named type entered once (recursive types included).
fn owners(
    root: &'static Shape,
) -> HashMap<String, Vec<(&'static str, &'static str, &'static str)>> {
    let mut out: HashMap<String, Vec<_>> = HashMap::new();
    let mut seen: HashSet<*const crate::shape::Named> = HashSet::new();
    let mut stack: Vec<&'static Shape> = vec![root];
    let mut fields_of = |ty: &'static str, st: &'static Struct, stack: &mut Vec<&'static Shape>| {
        for field in st.fields {
            if let Some(header) = field.constraints.and_then(|c| c.header) {
                let entry = out.entry(header.to_ascii_lowercase()).or_default();
                if !entry
                    .iter()
                    .any(|(t, f, _)| *t == ty && *f == field.rust_name)
                {
                    entry.push((ty, field.rust_name, header));
                }
            }
            stack.push((field.shape)());
        }
    };
    while let Some(shape) = stack.pop() {
        match shape {
            Shape::Option(inner) => stack.push(inner),
            Shape::Seq(seq) => stack.push(seq.items),
            Shape::Tuple(items) => stack.extend(items.iter().copied()),
            Shape::Map(map) => stack.push(map.value),
            Shape::Named(named) => {
                if !seen.insert(*named as *const _) {
                    continue;
                }
                let ty = (named.type_name)();
                let mut body = named.body();
                // A conversion is read as its input type, else as itself.
                loop {
                    match body {
                        Body::Convert(convert) => match convert.input {
                            Some(input) => {
                                stack.push(input());
                                break;
                            }
                            None => body = convert.body(),
                        },
                        Body::Struct(st) => {
                            fields_of(ty, st, &mut stack);
                            break;
                        }
                        Body::Newtype(inner) | Body::Transparent(inner) => {
                            stack.push(inner());
                            break;
                        }
                        Body::Tuple(items) => {
                            stack.extend(items.iter().map(|f| f()));
                            break;
                        }
                        Body::Enum(e) => {
                            for variant in e.variants {
                                match &variant.body {
                                    VariantBody::Unit => {}
                                    VariantBody::Newtype(inner) => stack.push(inner()),
                                    VariantBody::Tuple(items) => {
                                        stack.extend(items.iter().map(|f| f()))
                                    }
                                    VariantBody::Struct(st) => fields_of(ty, st, &mut stack),
                                }
                            }
                            break;
                        }
                        _ => break,
                    }
                }
            }
            _ => {}
        }
    }
    out
}
