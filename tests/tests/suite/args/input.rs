//! `toolform::parse_args` and `Dialect::parse_args` take the same argument
//! type: a `&Value`, a `&mut Value` or an owned `Value` (dropped without
//! recursion however deep it nests).

use serde_json::{Value, json};
use toolform::ToolSchema;
use toolform::dialect::Dialect;

#[derive(Debug, serde::Deserialize, ToolSchema)]
struct Args {
    #[schema(range(max = 9))]
    n: u8,
    #[serde(default)]
    note: Option<String>,
}

fn deep(levels: usize) -> Value {
    let mut v = json!(1);
    for _ in 0..levels {
        v = Value::Array(vec![v]);
    }
    v
}

#[test]
fn both_take_a_reference_or_a_value() {
    let good = json!({"n": 3, "note": null});
    let mut mutable = good.clone();
    assert_eq!(toolform::parse_args::<Args>(&good).unwrap().n, 3);
    assert_eq!(toolform::parse_args::<Args>(&mut mutable).unwrap().n, 3);
    assert_eq!(toolform::parse_args::<Args>(good.clone()).unwrap().n, 3);
    for dialect in Dialect::ALL {
        assert_eq!(
            dialect.parse_args::<Args>(&good).unwrap().n,
            3,
            "{dialect:?}"
        );
        assert_eq!(
            dialect.parse_args::<Args>(good.clone()).unwrap().n,
            3,
            "{dialect:?}"
        );
        let err = dialect.parse_args::<Args>(&json!({"n": 10})).unwrap_err();
        assert_eq!(err.violations()[0].path, "/n", "{dialect:?}");
    }
    // The value passed by reference is left as it was (OpenAI strict's nulls
    // are taken out of a copy).
    assert_eq!(good, json!({"n": 3, "note": null}));
}

#[test]
fn an_owned_deep_value_is_dropped_without_recursion() {
    // Built anew for each call: cloning (or dropping) it here would recurse.
    let deep_args = || {
        let mut args = serde_json::Map::new();
        args.insert("n".into(), deep(200_000));
        Value::Object(args)
    };
    // `Args` nests nothing, so the walk stops at `/n`; what matters is that
    // the owned value is dropped without recursing.
    let err = toolform::parse_args::<Args>(deep_args()).unwrap_err();
    assert_eq!(err.violations()[0].path, "/n", "{err}");
    for dialect in Dialect::ALL {
        let err = dialect.parse_args::<Args>(deep_args()).unwrap_err();
        assert_eq!(err.violations()[0].rule, "depth", "{dialect:?}: {err}");
    }
}
