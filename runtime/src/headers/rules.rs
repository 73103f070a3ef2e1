//! [`check`]: the spec's rules on a schema's `x-mcp-header` annotations,
//! every violation with its path.

use super::*;

/// Whether `c` is an RFC 9110 `tchar`.
pub(super) fn is_tchar(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            '!' | '#'
                | '$'
                | '%'
                | '&'
                | '\''
                | '*'
                | '+'
                | '-'
                | '.'
                | '^'
                | '_'
                | '`'
                | '|'
                | '~'
        )
}

/// Keywords whose value is data, never a schema: not walked. Every other
/// keyword's value is (rmcp's client, and the spec's "reached through
/// `properties` alone", treat every non-data keyword as a subschema):
/// `contentSchema`, a draft's keyword, a vendor's `x-..` object.
pub(super) fn is_data_keyword(key: &str) -> bool {
    matches!(key, "const" | "enum" | "default" | "examples")
}

/// Keywords whose value maps names (not keywords) to schemas.
pub(super) fn is_name_map(key: &str) -> bool {
    matches!(
        key,
        "properties"
            | "patternProperties"
            | "dependentSchemas"
            | "dependencies"
            | "$defs"
            | "definitions"
    )
}

/// Every `x-mcp-header` annotation of `schema` (a tool's `inputSchema`), or
/// every way one breaks the spec's rules, each with the JSON Pointer of the
/// annotation in the schema. Iterative: any depth, any width.
pub fn check(schema: &Value) -> Result<Vec<HeaderParam>, Vec<Violation>> {
    // Pointers and property paths as parent links (a node's own step and its
    // parent's index), written out only for an annotation: linear in the
    // schema's size however deep it nests.
    const ROOT: usize = usize::MAX;
    let mut steps: Vec<(usize, String)> = Vec::new();
    let mut names: Vec<(usize, &str)> = Vec::new();
    let pointer_of = |steps: &[(usize, String)], mut at: usize, last: &str| {
        let mut parts = vec![last.to_string()];
        while at != ROOT {
            let (parent, step) = &steps[at];
            parts.push(step.clone());
            at = *parent;
        }
        parts.iter().rev().fold(String::new(), |mut out, p| {
            out.push('/');
            out.push_str(p);
            out
        })
    };
    let path_of = |names: &[(usize, &str)], mut at: usize| {
        let mut path = Vec::new();
        while at != ROOT {
            let (parent, name) = names[at];
            path.push(name.to_string());
            at = parent;
        }
        path.reverse();
        path
    };
    let mut found = Vec::new();
    let mut out = Vec::new();
    // (schema node, its pointer's step index, its property path's index when
    // it is on the chain of `properties` from the root: ROOT for the root)
    let mut stack: Vec<(&Value, usize, Option<usize>)> = vec![(schema, ROOT, Some(ROOT))];
    while let Some((node, pointer, chain)) = stack.pop() {
        let map = match node {
            Value::Object(map) => map,
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate().rev() {
                    if item.is_object() || item.is_array() {
                        steps.push((pointer, i.to_string()));
                        stack.push((item, steps.len() - 1, None));
                    }
                }
                continue;
            }
            _ => continue,
        };
        if let Some(annotation) = map.get("x-mcp-header") {
            let at = pointer_of(&steps, pointer, "x-mcp-header");
            match chain {
                Some(ROOT) => out.push(Violation::new(
                    at,
                    "x-mcp-header",
                    "`x-mcp-header` annotates a property, not the schema's root",
                )),
                Some(path) => match annotation_problem(annotation, map) {
                    Ok((name, kind)) => found.push((
                        at,
                        HeaderParam {
                            name,
                            path: path_of(&names, path),
                            kind,
                        },
                    )),
                    Err(why) => out.push(Violation::new(at, "x-mcp-header", why)),
                },
                None => out.push(Violation::new(
                    at,
                    "x-mcp-header",
                    "`x-mcp-header` is allowed only on a property reached from the root \
                     through `properties` alone (not under `items`, a composition or \
                     conditional keyword, `$defs` or a `$ref`)",
                )),
            }
        }
        let mut children: Vec<(&Value, usize, Option<usize>)> = Vec::new();
        for (key, value) in map {
            if is_data_keyword(key) || key == "x-mcp-header" {
                continue;
            }
            if !(value.is_object() || value.is_array()) {
                continue;
            }
            steps.push((pointer, escape(key)));
            let here = steps.len() - 1;
            match value {
                Value::Object(sub) if is_name_map(key) => {
                    for (name, s) in sub {
                        steps.push((here, escape(name)));
                        let chain = match chain {
                            Some(parent) if key == "properties" => {
                                names.push((parent, name.as_str()));
                                Some(names.len() - 1)
                            }
                            _ => None,
                        };
                        children.push((s, steps.len() - 1, chain));
                    }
                }
                // A subschema, a list of them, or a vendor keyword's value:
                // off the `properties` chain either way.
                _ => children.push((value, here, None)),
            }
        }
        // Popped in document order: a preorder walk of the schema.
        stack.extend(children.into_iter().rev());
    }
    // Case-insensitive uniqueness: the first in document order keeps the name.
    let mut seen: HashMap<String, String> = HashMap::new();
    let mut params = Vec::with_capacity(found.len());
    for (at, param) in found {
        let folded = param.name.to_ascii_lowercase();
        if let Some(first) = seen.get(&folded) {
            out.push(Violation::new(
                at,
                "x-mcp-header",
                format!(
                    "`{}` is already the `x-mcp-header` of {first} (names are compared \
                     case-insensitively)",
                    param.name
                ),
            ));
            continue;
        }
        seen.insert(folded, param.pointer());
        params.push(param);
    }
    if out.is_empty() { Ok(params) } else { Err(out) }
}

/// The header name and type of one annotation, or why it is invalid.
pub(super) fn annotation_problem(
    annotation: &Value,
    property: &Map<String, Value>,
) -> Result<(String, HeaderType), String> {
    let Value::String(name) = annotation else {
        return Err(format!(
            "`x-mcp-header` must be a string, got {}",
            crate::json::kind_of(annotation)
        ));
    };
    if name.is_empty() {
        return Err("`x-mcp-header` must not be empty".into());
    }
    if let Some(bad) = name.chars().find(|c| !is_tchar(*c)) {
        return Err(format!(
            "`x-mcp-header` {} is not an HTTP token: {} is not allowed (letters, digits \
             and !#$%&'*+-.^_`|~ only)",
            crate::json::quoted(name),
            char_name(bad)
        ));
    }
    let kind = match property.get("type") {
        Some(Value::String(t)) => primitive(t),
        // A nullable primitive: the header is left out for null.
        Some(Value::Array(types)) => {
            let kinds: Vec<&str> = types.iter().filter_map(Value::as_str).collect();
            match kinds.as_slice() {
                [t, "null"] | ["null", t] if kinds.len() == types.len() => primitive(t),
                _ => None,
            }
        }
        _ => None,
    };
    let Some(kind) = kind else {
        return Err(format!(
            "`x-mcp-header` is allowed only on a property of type string, integer or \
             boolean (not number), and this one's type is {}",
            property
                .get("type")
                .map_or_else(|| "not stated".to_string(), crate::json::brief)
        ));
    };
    Ok((name.clone(), kind))
}

pub(super) fn primitive(t: &str) -> Option<HeaderType> {
    match t {
        "string" => Some(HeaderType::String),
        "integer" => Some(HeaderType::Integer),
        "boolean" => Some(HeaderType::Boolean),
        _ => None,
    }
}

pub(super) fn char_name(c: char) -> String {
    if c.is_control() || c == ' ' {
        format!("U+{:04X}", c as u32)
    } else {
        format!("{c:?}")
    }
}
