//! Gate and dialect conversion scaling: time per schema node from 10 to
//! 100 000 nodes must stay flat.
//!
//! `cargo bench -p toolform-bench --bench gate_scaling`
//!
//! Each size is timed over repeated runs (at least 300 ms); the table shows
//! nanoseconds per node, and the slope of log(time) against log(nodes): 1.0
//! is linear.

use serde_json::{Map, Value, json};
use std::hint::black_box;
use std::time::{Duration, Instant};
use toolform::dialect::{Dialect, convert};
use toolform::elicit::{Revision, gate, validate_content};

/// A flat form with `n` properties cycling through every field kind. Returns
/// the schema and its node count (every JSON value counted once).
fn schema(n: usize) -> (Value, usize) {
    let kinds = [
        json!({"type": "string", "title": "T", "minLength": 1, "maxLength": 80, "format": "email"}),
        json!({"type": ["integer", "null"], "format": "uint8", "minimum": 0, "maximum": 255}),
        json!({"type": "boolean", "default": true, "description": "d"}),
        json!({"type": "string", "enum": ["a", "b", "c"], "default": "a"}),
        json!({"type": "string", "oneOf": [{"const": "r", "title": "Red"}, {"const": "g", "title": "Green"}]}),
        json!({"type": "array", "items": {"type": "string", "enum": ["x", "y"]}, "maxItems": 2}),
    ];
    let mut props = Map::new();
    let mut nodes = 3;
    let mut i = 0;
    while nodes < n {
        let k = kinds[i % kinds.len()].clone();
        nodes += count(&k) + 1;
        props.insert(format!("field{i}"), k);
        i += 1;
    }
    // Every other field required: `required` grows with the schema too.
    let required: Vec<Value> = props
        .keys()
        .step_by(2)
        .map(|k| Value::from(k.as_str()))
        .collect();
    let nodes = nodes + required.len() + 1;
    (
        json!({"type": "object", "properties": props, "required": required}),
        nodes,
    )
}

fn count(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(count).sum(),
        Value::Object(m) => m.values().map(count).sum(),
        _ => 0,
    }
}

fn time(mut f: impl FnMut()) -> Duration {
    let mut runs = 0u32;
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(300) || runs < 3 {
        f();
        runs += 1;
    }
    start.elapsed() / runs
}

fn main() {
    println!(
        "| nodes   | gate       | ns/node | validate_content | ns/node | OpenAI strict | ns/node | Gemini     | ns/node |"
    );
    println!(
        "|---------|------------|---------|------------------|---------|---------------|---------|------------|---------|"
    );
    let mut points = Vec::new();
    let mut dialect_points = Vec::new();
    for n in [10, 100, 1_000, 10_000, 100_000] {
        let (s, nodes) = schema(n);
        let gated = gate(&s, Revision::V2025_11_25).expect("the fixture is a valid form");
        let content: Value = gated["properties"]
            .as_object()
            .map(|p| {
                p.iter()
                    .map(|(k, v)| {
                        let value = match v["type"].as_str() {
                            Some("string") if v.get("format").is_some() => json!("a@b.co"),
                            Some("string") if v.get("enum").is_some() => json!("a"),
                            Some("string") => json!("r"),
                            Some("integer") => json!(7),
                            Some("boolean") => json!(true),
                            _ => json!(["x"]),
                        };
                        (k.clone(), value)
                    })
                    .collect::<Map<String, Value>>()
            })
            .map(Value::Object)
            .unwrap_or_default();
        assert!(validate_content(&gated, &content).is_ok());
        let g = time(|| {
            black_box(gate(black_box(&s), Revision::V2025_11_25).ok());
        });
        let v = time(|| {
            black_box(validate_content(black_box(&gated), black_box(&content)).is_ok());
        });
        // The same schema as a tool's arguments, for the provider dialects.
        let openai = time(|| {
            black_box(convert(black_box(&s), Dialect::OpenAiStrict).ok());
        });
        let gemini = time(|| {
            black_box(convert(black_box(&s), Dialect::Gemini).ok());
        });
        let per = |d: Duration| d.as_nanos() as f64 / nodes as f64;
        println!(
            "| {nodes:>7} | {:>10.1?} | {:>7.1} | {:>16.1?} | {:>7.1} | {:>13.1?} | {:>7.1} | {:>10.1?} | {:>7.1} |",
            g,
            per(g),
            v,
            per(v),
            openai,
            per(openai),
            gemini,
            per(gemini)
        );
        points.push(((nodes as f64).ln(), (g.as_nanos() as f64).ln()));
        dialect_points.push(((nodes as f64).ln(), (openai.as_nanos() as f64).ln()));
    }
    println!(
        "\nslope of log(gate time) / log(nodes): {:.3} (1.0 = linear)",
        slope(&points)
    );
    println!(
        "slope of log(OpenAI strict conversion time) / log(nodes): {:.3}",
        slope(&dialect_points)
    );
}

/// Least-squares slope of log(time) on log(nodes).
fn slope(points: &[(f64, f64)]) -> f64 {
    let n = points.len() as f64;
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x, b + y));
    let (mx, my) = (sx / n, sy / n);
    let num: f64 = points.iter().map(|(x, y)| (x - mx) * (y - my)).sum();
    let den: f64 = points.iter().map(|(x, _)| (x - mx) * (x - mx)).sum();
    num / den
}
