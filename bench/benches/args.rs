//! Reading tool arguments: `toolform::parse_args` against serde alone and
//! against a prebuilt `jsonschema` validator + serde, on valid arguments.
//!
//! One criterion group per fixture type (`args/small`, `args/medium`,
//! `args/wide50`, `args/deep6`, and `args/declared`, a type with declared
//! `#[schema(...)]` constraints on five of its fields), each with:
//!
//! - `toolform`: `toolform::parse_args::<T>(&value)`, the whole job: depth
//!   check, serde from the borrowed value, and (for `declared`) the walk to
//!   the constrained fields.
//! - `serde_ref` (the floor): `T::deserialize(&value)`, serde from the
//!   borrowed `&Value`.
//! - `jsonschema_serde_ref`: a `jsonschema::Validator` built once (outside
//!   the timing) from `T::input_schema()`, draft 2020-12, formats asserted:
//!   `validator.is_valid(&value)`, then `T::deserialize(&value)`.
//!
//! Target: `toolform` at most 1.2x `serde_ref`.
//!
//! ```sh
//! cargo bench -p toolform-bench --bench args -- --noplot
//! ```

use chrono::{DateTime, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::hint::black_box;
use std::time::Duration;
use toolform::ToolSchema;
use toolform_bench::{Deep, Medium, Small, Wide};

/// A flight search with declared constraints on most fields.
#[derive(Debug, Deserialize, ToolSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // read by serde, not by the bench
struct Declared {
    #[schema(pattern = "^[A-Z]{3}$")]
    origin: String,
    #[schema(pattern = "^[A-Z]{3}$")]
    destination: String,
    depart_at: DateTime<Utc>,
    #[schema(range(min = 1, max = 9))]
    passengers: u8,
    #[schema(length(max = 4))]
    cabins: Vec<String>,
    #[schema(length(min = 1, max = 80))]
    note: Option<String>,
    #[serde(default)]
    flexible: bool,
}

fn small() -> Value {
    json!({"id": 42, "name": "widget", "enabled": true})
}

fn medium() -> Value {
    json!({
        "query": "rust json schema", "maxResults": 50, "offset": 10,
        "tags": ["mcp", "tools", "schema"], "lang": "en",
        "since": "2025-01-01T00:00:00Z", "until": "2025-06-30T23:59:59Z",
        "includeArchived": false, "minScore": 0.75, "ids": [1, 2, 3, 5, 8]
    })
}

fn wide() -> Value {
    // Text, not `json!`: fifty keys exceed the macro's recursion limit.
    serde_json::from_str(
        r#"{
        "f01Id": 1, "f02Name": "n", "f03Flag": true, "f04Count": 4, "f05Ratio": 0.5,
        "f06Small": 6, "f07Short": -7, "f08Signed": -8, "f09Big": 9, "f10Usize": 10,
        "f11Label": "l", "f12Limit": 12, "f13Weight": 1.5, "f14Active": null,
        "f15Tags": ["a", "b"], "f16Ids": [1, 2], "f17Scores": [0.1, 0.2], "f18Flags": [true],
        "f19Created": "2025-01-01T00:00:00Z", "f20Updated": null, "f21Day": "2025-01-02",
        "f22Attrs": {"k": "v"}, "f23Counts": {"c": 3}, "f24Pair": [1, "one"],
        "f25Matrix": [[1, 2], [3, 4]], "f26Title": "t", "f27Retries": 3, "f28Verbose": false,
        "f29Notes": ["x"], "field30": "r", "f31A": "a", "f32B": 32, "f33C": -33, "f34D": 3.4,
        "f35E": true, "f36F": null, "f37G": 37, "f38H": [3, 8], "f39I": ["s", null],
        "f40J": ["j"], "f41K": "k", "f42L": 42, "f43M": -43, "f44N": 44, "f45O": 4.5,
        "f46P": "p", "f47Q": ["q"], "f48R": "r", "f49Small": {"id": 1, "name": "s", "enabled": false},
        "f50End": "end"
    }"#,
    )
    .expect("the wide fixture is JSON")
}

fn deep() -> Value {
    let leaf = json!({"key": "k", "value": 6, "meta": {"a": "b"}});
    let level5 = json!({"enabled": true, "leaves": [leaf, null], "at": "2025-01-01T00:00:00Z"});
    let level4 = json!({"code": 4, "inner": level5, "tags": ["x", "y"]});
    let level3 = json!({"label": "l3", "maybe": level4, "weight": 0.3});
    let level2 =
        json!({"id": 2, "items": [level3.clone(), {"label": "other", "maybe": null}], "note": "n"});
    json!({"name": "deep", "created": "2025-01-01T00:00:00Z", "child": level2.clone(), "extras": [level2]})
}

fn declared() -> Value {
    json!({
        "origin": "LHR", "destination": "JFK", "departAt": "2025-09-14T08:30:00Z",
        "passengers": 2, "cabins": ["economy", "business"], "note": "window seats"
    })
}

fn bench_type<T: ToolSchema + DeserializeOwned>(c: &mut Criterion, name: &str, value: Value) {
    let validator = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .should_validate_formats(true)
        .build(T::input_schema())
        .expect("the input schema compiles");
    // Every contender accepts the value.
    assert!(validator.is_valid(&value), "{name}: jsonschema refuses");
    assert!(T::deserialize(&value).is_ok(), "{name}: serde refuses");
    if let Err(e) = toolform::parse_args::<T>(&value) {
        panic!("{name}: toolform refuses: {e}");
    }

    let mut group = c.benchmark_group(format!("args/{name}"));
    group.bench_function("toolform", |b| {
        b.iter(|| toolform::parse_args::<T>(black_box(&value)))
    });
    group.bench_function("serde_ref", |b| {
        b.iter(|| T::deserialize(black_box(&value)))
    });
    group.bench_function("jsonschema_serde_ref", |b| {
        b.iter(|| {
            let value = black_box(&value);
            if validator.is_valid(value) {
                Some(T::deserialize(value))
            } else {
                None
            }
        })
    });
    group.finish();
}

fn args(c: &mut Criterion) {
    bench_type::<Small>(c, "small", small());
    bench_type::<Medium>(c, "medium", medium());
    bench_type::<Wide>(c, "wide50", wide());
    bench_type::<Deep>(c, "deep6", deep());
    bench_type::<Declared>(c, "declared", declared());
}

fn config() -> Criterion {
    // 15 benchmarks x (1 s warm-up + 2 s measurement): under a minute.
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .sample_size(60)
}

criterion_group! {
    name = benches;
    config = config();
    targets = args
}
criterion_main!(benches);
