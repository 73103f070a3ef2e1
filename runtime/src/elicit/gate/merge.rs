//! An optional field's `anyOf: [{..}, {type: null}]` (or `oneOf`): the
//! non-null alternative's keywords join the property's own. Where both say
//! the same keyword, the gated property carries their intersection (the
//! tighter bound, the options both list) or the gate refuses at the inner
//! keyword's path: nothing is silently loosened.

use super::{Gate, Places};
use crate::elicit::lower::escape;
use crate::json::{brief, short};
use serde_json::{Map, Value};
use std::cmp::Ordering;

/// Which side of a bound is tighter.
#[derive(Clone, Copy)]
enum Tighter {
    Larger,
    Smaller,
}

fn bound_side(key: &str) -> Option<Tighter> {
    match key {
        "minLength" | "minItems" | "minimum" | "exclusiveMinimum" => Some(Tighter::Larger),
        "maxLength" | "maxItems" | "maximum" | "exclusiveMaximum" => Some(Tighter::Smaller),
        _ => None,
    }
}

/// Orders two JSON numbers exactly (integers as integers).
fn compare_numbers(a: &Value, b: &Value) -> Option<Ordering> {
    let (Value::Number(a), Value::Number(b)) = (a, b) else {
        return None;
    };
    let int = |n: &serde_json::Number| {
        n.as_i64()
            .map(i128::from)
            .or_else(|| n.as_u64().map(i128::from))
    };
    match (int(a), int(b)) {
        (Some(x), Some(y)) => Some(x.cmp(&y)),
        _ => a.as_f64()?.partial_cmp(&b.as_f64()?),
    }
}

/// Keywords that only annotate: the property's own wins, nothing is lost.
fn annotates(key: &str) -> bool {
    matches!(key, "title" | "description" | "default") || super::is_annotation(key)
}

impl Gate {
    /// Merges the non-null alternative `inner` (at `from` in the input) into
    /// `m`; `false` when the two cannot be said as one property (rejected).
    pub(super) fn merge_alternative(
        &mut self,
        places: &mut Places<'_>,
        m: &mut Map<String, Value>,
        from: &str,
        inner: Map<String, Value>,
    ) -> bool {
        let before = self.violations.len();
        for (k, v) in inner {
            let here = format!("{from}/{}", escape(&k));
            let Some(outer) = m.get(&k) else {
                places.moved.insert(k.clone(), here);
                m.insert(k, v);
                continue;
            };
            if *outer == v || annotates(&k) {
                continue;
            }
            if let Some(side) = bound_side(&k) {
                match compare_numbers(outer, &v) {
                    Some(order) => {
                        let inner_tighter = match side {
                            Tighter::Larger => order == Ordering::Less,
                            Tighter::Smaller => order == Ordering::Greater,
                        };
                        if inner_tighter {
                            places.moved.insert(k.clone(), here);
                            m.insert(k, v);
                        }
                    }
                    None => self.reject(
                        here,
                        "invalid-value",
                        format!("`{}` must be a number, got {}", short(&k), brief(&v)),
                    ),
                }
                continue;
            }
            if k == "enum" {
                self.intersect_enum(places, m, &here, &v);
                continue;
            }
            self.reject(
                here,
                "conflict",
                format!(
                    "`{}` is {} here but {} beside the `anyOf`/`oneOf`: one form field cannot say both",
                    short(&k),
                    brief(&v),
                    brief(outer)
                ),
            );
        }
        self.violations.len() == before
    }

    /// The options both `enum`s list, in the property's own order.
    fn intersect_enum(
        &mut self,
        places: &mut Places<'_>,
        m: &mut Map<String, Value>,
        here: &str,
        inner: &Value,
    ) {
        let (Some(Value::Array(outer)), Value::Array(inner)) = (m.get("enum"), inner) else {
            self.reject(
                here.into(),
                "invalid-value",
                "`enum` must be an array of options",
            );
            return;
        };
        // Hashing the inner list keeps this linear in long option lists.
        let inner_set: std::collections::HashSet<String> =
            inner.iter().map(|v| v.to_string()).collect();
        let mut kept = Vec::new();
        let mut index = Vec::new();
        for (i, option) in outer.iter().enumerate() {
            if inner_set.contains(&option.to_string()) {
                kept.push(option.clone());
                index.push(i);
            }
        }
        if kept.iter().all(Value::is_null) {
            self.reject(
                here.into(),
                "conflict",
                "no option is listed both here and in the `enum` beside the `anyOf`/`oneOf`: \
                 no answer could fill the field",
            );
            return;
        }
        places.enum_index = Some(index);
        m.insert("enum".into(), Value::Array(kept));
    }
}
