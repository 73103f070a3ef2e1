//! The canonical JSON the seal binds a call's arguments with: keys sorted
//! at every depth, written without recursion.

use serde_json::Value;

/// `value` as JSON with every object's keys sorted, written without
/// recursion (any depth).
pub(super) fn canonical_json(value: &Value, out: &mut Vec<u8>) {
    enum Step<'a> {
        Value(&'a Value),
        Key(&'a str),
        Raw(&'static [u8]),
    }
    let mut stack = vec![Step::Value(value)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Raw(bytes) => out.extend_from_slice(bytes),
            Step::Key(key) => {
                write_scalar(&Value::from(key), out);
                out.push(b':');
            }
            Step::Value(Value::Array(items)) => {
                out.push(b'[');
                stack.push(Step::Raw(b"]"));
                for (i, item) in items.iter().enumerate().rev() {
                    stack.push(Step::Value(item));
                    if i > 0 {
                        stack.push(Step::Raw(b","));
                    }
                }
            }
            Step::Value(Value::Object(map)) => {
                out.push(b'{');
                stack.push(Step::Raw(b"}"));
                let mut entries: Vec<(&String, &Value)> = map.iter().collect();
                entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
                for (i, (key, item)) in entries.into_iter().enumerate().rev() {
                    stack.push(Step::Value(item));
                    stack.push(Step::Key(key));
                    if i > 0 {
                        stack.push(Step::Raw(b","));
                    }
                }
            }
            Step::Value(scalar) => write_scalar(scalar, out),
        }
    }
}

fn write_scalar(value: &Value, out: &mut Vec<u8>) {
    // Writing a scalar into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *out, value);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::integrations::rounds::*;
    use serde_json::json;

    fn canonical(value: &Value) -> String {
        let mut out = Vec::new();
        canonical_json(value, &mut out);
        String::from_utf8(out).unwrap_or_default()
    }

    #[test]
    fn canonical_json_sorts_keys_at_every_depth() {
        let a = json!({"b": [1, {"z": null, "a": "x"}], "a": {"d": true, "c": 1.5}});
        let b = json!({"a": {"c": 1.5, "d": true}, "b": [1, {"a": "x", "z": null}]});
        assert_eq!(canonical(&a), canonical(&b));
        assert_eq!(
            canonical(&a),
            r#"{"a":{"c":1.5,"d":true},"b":[1,{"a":"x","z":null}]}"#
        );
        assert_eq!(canonical(&json!([])), "[]");
        assert_eq!(canonical(&json!({})), "{}");
        assert_eq!(canonical(&json!("\"\n")), r#""\"\n""#);
    }

    #[test]
    fn canonical_json_takes_any_depth() {
        let mut deep = json!(0);
        for _ in 0..100_000 {
            deep = Value::Array(vec![deep]);
        }
        let text = canonical(&deep);
        assert_eq!(text.len(), 200_001);
        // Drop it without recursing either.
        let mut stack = vec![deep];
        while let Some(mut v) = stack.pop() {
            if let Value::Array(items) = &mut v {
                stack.append(items);
            }
        }
    }

    #[test]
    fn keys_shorter_than_32_bytes_are_refused() {
        assert_eq!(
            StateKey::new(vec![7; 31]).map(|_| ()),
            Err(StateKeyError { length: 31 })
        );
        assert!(StateKey::new(vec![7; 32]).is_ok());
        let shown = format!("{:?}", StateKey::new(vec![7; 32]).ok());
        assert!(!shown.contains("7, 7"), "{shown}");
    }

    #[test]
    fn state_problems_map_to_invalid_params() {
        for problem in [
            StateProblem::Malformed,
            StateProblem::Forged,
            StateProblem::Expired,
            StateProblem::Unreadable,
        ] {
            let error: rmcp::ErrorData = RoundError::State(problem).into();
            assert_eq!(error.code, rmcp::model::ErrorCode::INVALID_PARAMS);
        }
    }
}
