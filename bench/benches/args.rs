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

use criterion::{Criterion, criterion_group, criterion_main};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::hint::black_box;
use std::time::Duration;
use toolform::ToolSchema;
use toolform_bench::args::{Declared, declared, deep, medium, small, wide};
use toolform_bench::{Deep, Medium, Small, Wide};

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
