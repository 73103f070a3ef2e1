//! Forms: an answer's fields in the form's order, the form's defaults, and
//! the leaf rules of form fields (each reusing the checks of tool arguments:
//! text, bounds, item counts).

use super::Walk;
use crate::args::form::{FormOptions, Leaf, Options};
use crate::args::plan::ObjectPlan;
use crate::json::kind_of;
use crate::violation::{Violation, quoted, shorten};
use serde_json::{Map, Value};

/// What reading an answer found besides violations.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct FormSeen {
    /// Every key of the answer is a field of the form.
    pub only_fields: bool,
    /// A field the answer left out has a default the form fills in.
    pub fill_missing: bool,
}

/// Every way `content` breaks the form `plan`: per field in field order,
/// then keys the form does not list (when it is closed).
pub(crate) fn form_violations(plan: &ObjectPlan, content: &Map<String, Value>) -> Vec<Violation> {
    form_check(plan, content).0
}

/// [`form_violations`], and what else the pass saw.
pub(crate) fn form_check(
    plan: &ObjectPlan,
    content: &Map<String, Value>,
) -> (Vec<Violation>, FormSeen) {
    let mut w = Walk::new();
    let seen = match &plan.form {
        Some(form) => w.form_object(plan, form, content),
        None => {
            w.object(plan, &Value::Object(content.clone()));
            FormSeen::default()
        }
    };
    (w.out.finish(), seen)
}

/// Every way `value` breaks `rule` (a lowered form field).
pub(crate) fn leaf_violations(leaf: &Leaf, value: &Value) -> Vec<Violation> {
    let mut w = Walk::new();
    w.leaf(leaf, value);
    w.out.finish()
}

impl Walk {
    /// An answer against a form: one pass over the answer (keys matched in
    /// the form's order before scanning), then each field in order.
    pub(super) fn form_object(
        &mut self,
        plan: &ObjectPlan,
        form: &FormOptions,
        content: &Map<String, Value>,
    ) -> FormSeen {
        let n = plan.properties.len();
        let mut seen = FormSeen::default();
        let mut matched = 0;
        let mut small: [Option<&Value>; 32] = [None; 32];
        let mut large: Vec<Option<&Value>>;
        let found: &mut [Option<&Value>] = if n <= small.len() {
            &mut small[..n]
        } else {
            large = vec![None; n];
            &mut large
        };
        let mut unknown: Vec<&str> = Vec::new();
        // Clients answer in the form's order: try the field after the last
        // one found before looking the key up.
        let mut next = 0;
        for (key, value) in content {
            let key = key.as_str();
            let in_order = plan
                .properties
                .get(next)
                .filter(|(name, _)| name == key)
                .map(|_| next);
            match in_order.or_else(|| plan.position(key)) {
                Some(i) => {
                    next = i + 1;
                    matched += 1;
                    if let Some(slot) = found.get_mut(i) {
                        *slot = Some(value);
                    }
                }
                None if plan.closed => unknown.push(key),
                None => {}
            }
        }
        seen.only_fields = matched == content.len();
        for (i, ((name, rules), slot)) in plan.properties.iter().zip(found.iter()).enumerate() {
            let aliases = form.aliases.get(i).copied().unwrap_or_default();
            match slot {
                Some(value) => {
                    let check = |w: &mut Self| {
                        for r in rules {
                            w.rule(r, value);
                        }
                    };
                    // Most answers are right: check first, and build the
                    // field's path and messages only for a wrong one.
                    if !self.quietly(check) {
                        self.at_key(name, check);
                    }
                }
                None if form.required.get(i).copied().unwrap_or(false) => {
                    self.at_key(name, |w| {
                        w.report("required", || {
                            let name = shorten(name, 100);
                            match aliases.iter().find(|a| content.contains_key(**a)) {
                                Some(alias) => format!(
                                    "`{name}` is required (the answer has `{alias}`, a name the form does not offer)"
                                ),
                                None => format!("`{name}` is required"),
                            }
                        })
                    })
                }
                None => {
                    // The form's own default fills the gap: it must fit too.
                    if let Some(Some(fill)) = form.fills.get(i) {
                        seen.fill_missing = true;
                        let before = self.out.mark();
                        self.at_key(name, |w| {
                            for r in rules {
                                w.rule(r, fill);
                            }
                        });
                        for v in self.out.since(before) {
                            v.message = format!("the form's default does not fit: {}", v.message);
                        }
                    }
                }
            }
            if self.done() {
                return seen;
            }
        }
        for key in unknown {
            self.at_key(key, |w| {
                w.report("additionalProperties", || {
                    let named = form
                        .aliases
                        .iter()
                        .zip(&plan.properties)
                        .find(|(aliases, _)| aliases.contains(&key));
                    match named {
                        Some((_, (name, _))) => format!(
                            "`{key}` is not a field of this form (the form names it `{name}`)"
                        ),
                        None => format!("`{}` is not a field of this form", shorten(key, 100)),
                    }
                })
            });
            if self.done() {
                return seen;
            }
        }
        seen
    }

    /// One form field's value.
    pub(super) fn leaf(&mut self, leaf: &Leaf, value: &Value) {
        match leaf {
            Leaf::Text { min, max, format } => match value {
                Value::String(s) => self.text(s, *min, *max, None, *format),
                _ => self.report("type", || {
                    format!("expected a string, got {}", kind_of(value))
                }),
            },
            Leaf::Integer {
                min,
                max,
                nonzero,
                strict,
            } => {
                let Some(n) = self.whole(value, *strict) else {
                    return;
                };
                self.bounds(n, *min, *max);
                if *nonzero && n.as_f64() == Some(0.0) {
                    self.report("not", || "0 is not allowed".into());
                }
            }
            Leaf::Number { min, max } => match value {
                Value::Number(n) => self.bounds(n, *min, *max),
                _ => self.report("type", || {
                    format!("expected a number, got {}", kind_of(value))
                }),
            },
            Leaf::Bool => {
                if !value.is_boolean() {
                    self.report("type", || {
                        format!("expected true or false, got {}", kind_of(value))
                    });
                }
            }
            Leaf::Select(options) => match value {
                Value::String(s) if options.contains(s) => {}
                Value::String(s) => self.report("enum", || not_an_option(s, options)),
                _ => self.report("type", || {
                    format!("expected a string, got {}", kind_of(value))
                }),
            },
            Leaf::Multi { options, min, max } => {
                let Value::Array(items) = value else {
                    return self.report("type", || {
                        format!("expected an array, got {}", kind_of(value))
                    });
                };
                self.items_count(items.len(), *min, *max);
                // Items are named at the field: a form answer's list is one
                // value to the person filling it in.
                for item in items {
                    match item {
                        Value::String(s) if options.contains(s) => {}
                        Value::String(s) => self.report("enum", || not_an_option(s, options)),
                        other => self.report("type", || {
                            format!("expected strings, got {}", kind_of(other))
                        }),
                    }
                    if self.done() {
                        return;
                    }
                }
            }
        }
    }
}

/// `"x" is not one of the options ("a", "b", ... and N more)`: bounded in
/// size whatever the answer and the option list (a select may offer
/// thousands of options and a multi-select answer repeat a bad item as many
/// times), cut on character boundaries.
fn not_an_option(s: &str, options: &Options) -> String {
    const BUDGET: usize = 200;
    let options = options.list();
    let mut shown = String::new();
    let mut listed = 0;
    for option in options {
        let q = quoted(option, 60);
        if listed > 0 && shown.len() + q.len() > BUDGET {
            break;
        }
        if listed > 0 {
            shown.push_str(", ");
        }
        shown.push_str(&q);
        listed += 1;
    }
    let more = options.len() - listed;
    if more > 0 {
        shown.push_str(&format!(", ... and {more} more"));
    }
    format!("{} is not one of the options ({shown})", quoted(s, 100))
}
