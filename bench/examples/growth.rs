//! Growth of the validator on hostile arguments (issue 22): each axis at
//! 1k, 10k, 100k and 1M, and untagged nesting at depth 10, 20 and 30.
//!
//! ```text
//! cargo run --release -p toolform-bench --example growth            # every axis
//! cargo run --release -p toolform-bench --example growth -- keys    # one axis
//! ```
//!
//! Prints, per size, the time of one `parse_args` (best of a few runs), the
//! time per element, the number of violations and the bytes of the error
//! (path + message of each violation). Linear: the time per element stays
//! flat as the size grows by 10x; bounded: the error's bytes stop growing.

use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::HashMap;
use std::time::{Duration, Instant};
use toolform::elicit::ElicitForm;
use toolform::{ToolSchema, parse_args};

#[derive(Debug, Deserialize, ToolSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Closed {
    #[serde(default)]
    a: u8,
}

#[derive(Debug, Deserialize, ToolSchema, serde::Serialize, Clone, Copy)]
enum Topping {
    Cheese,
    Olives,
}

#[derive(Debug, Deserialize, ElicitForm)]
#[allow(dead_code)]
struct Pizza {
    toppings: Vec<Topping>,
}

#[derive(Debug, Deserialize, ToolSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum N {
    A { n: Box<N>, a: u8 },
    B { n: Box<N>, b: u8 },
    C { n: Box<N>, c: u8 },
    Leaf { leaf: u8 },
}

/// The best of `runs` timings of `f`, and what it returned.
fn best<R>(runs: usize, mut f: impl FnMut() -> R) -> (Duration, R) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed());
        out = Some(r);
    }
    match out {
        Some(r) => (best, r),
        None => (best, f()),
    }
}

fn error_bytes(violations: &[toolform::Violation]) -> usize {
    violations
        .iter()
        .map(|v| v.path.len() + v.message.len())
        .sum()
}

fn row(axis: &str, n: usize, time: Duration, violations: &[toolform::Violation]) {
    println!(
        "| {axis} | {n} | {:.3} ms | {:.1} ns | {} | {} |",
        time.as_secs_f64() * 1e3,
        time.as_secs_f64() * 1e9 / n as f64,
        violations.len(),
        error_bytes(violations)
    );
}

const SIZES: [usize; 4] = [1_000, 10_000, 100_000, 1_000_000];

/// One key of 1k..1M bytes holding as many bad items:
/// `HashMap<String, Vec<u8>>` (was quadratic: every violation a copy of the key).
fn keys() {
    for n in SIZES {
        let mut map = Map::new();
        map.insert("k".repeat(n), Value::Array(vec![json!(-1); n]));
        let doc = Value::Object(map);
        let (t, r) = best(3, || parse_args::<HashMap<String, Vec<u8>>>(&doc));
        let v = r.err().map(|e| e.into_violations()).unwrap_or_default();
        row("long key, bad items", n, t, &v);
    }
}

/// 1k..1M unknown keys under one long key (`deny_unknown_fields`).
fn unknown() {
    for n in SIZES {
        let mut inner = Map::new();
        for i in 0..n {
            inner.insert(format!("u{i}"), json!(1));
        }
        let mut map = Map::new();
        map.insert("x".repeat(1000), Value::Object(inner));
        let doc = Value::Object(map);
        let (t, r) = best(3, || parse_args::<HashMap<String, Closed>>(&doc));
        let v = r.err().map(|e| e.into_violations()).unwrap_or_default();
        row("unknown keys", n, t, &v);
    }
}

/// 1k..1M bad map entries, each a violation of its own.
fn violations() {
    for n in SIZES {
        let mut map = Map::new();
        for i in 0..n {
            map.insert(format!("k{i}"), json!("not a number"));
        }
        let doc = Value::Object(map);
        let (t, r) = best(3, || parse_args::<HashMap<String, u32>>(&doc));
        let v = r.err().map(|e| e.into_violations()).unwrap_or_default();
        row("bad entries", n, t, &v);
    }
}

/// A form's multi-select of 1k..1M bad items.
fn items() {
    for n in SIZES {
        let mut content = Map::new();
        content.insert("toppings".into(), Value::Array(vec![json!("anchovies"); n]));
        let mut result = Map::new();
        result.insert("action".into(), json!("accept"));
        result.insert("content".into(), Value::Object(content));
        let result = Value::Object(result);
        let (t, r) = best(3, || Pizza::from_elicit_result(&result));
        let v = r.err().map(|e| e.violations().to_vec()).unwrap_or_default();
        row("form multi-select items", n, t, &v);
    }
}

/// `depth` levels of `{"n": …, last: 1}` around `{"leaf": 1}`.
fn nested(depth: usize, last: &str) -> Value {
    let mut v = json!({"leaf": 1});
    for _ in 0..depth {
        let mut m = Map::new();
        m.insert("n".into(), v);
        m.insert(last.into(), json!(1));
        v = Value::Object(m);
    }
    v
}

/// Nested untagged enums: serde alone (where it finishes), and `parse_args`
/// on a right document serde takes 3^depth steps on (`c` at every level),
/// a wrong one (`d`) and a cheap one (`a`).
fn untagged() {
    for depth in [6, 8, 10, 12, 20, 30] {
        let right = nested(depth, "c");
        if depth <= 12 {
            let (t, _) = best(3, || N::deserialize(&right).is_ok());
            println!(
                "| untagged depth {depth}: serde alone, `c` | {:.3} ms |",
                t.as_secs_f64() * 1e3
            );
        }
        for last in ["c", "d", "a"] {
            let doc = nested(depth, last);
            let (t, r) = best(3, || parse_args::<N>(&doc));
            let rule = r
                .as_ref()
                .err()
                .and_then(|e| e.violations().first().map(|v| v.rule))
                .unwrap_or("ok");
            println!(
                "| untagged depth {depth}: parse_args, `{last}` | {:.3} ms | {rule} |",
                t.as_secs_f64() * 1e3
            );
        }
    }
}

fn main() {
    let only = std::env::args().nth(1);
    let run = |name: &str| only.as_deref().is_none_or(|o| o == name);
    println!("| axis | size | parse | per element | violations | error bytes |");
    println!("|---|---|---|---|---|---|");
    if run("keys") {
        keys();
    }
    if run("unknown") {
        unknown();
    }
    if run("violations") {
        violations();
    }
    if run("items") {
        items();
    }
    if run("untagged") {
        untagged();
    }
}
