//! Schema generation and access, toolform against schemars, per fixture type.
//!
//! For each type, three benchmarks in one criterion group:
//!
//! - `schemars_schema_for`: `schemars::schema_for!(T)`. schemars 1 builds a
//!   fresh schema on every call.
//! - `toolform_render`: `toolform::render(T::SHAPE, Contract::Input)`, the
//!   uncached render: the same work schemars does, from toolform's const shape.
//! - `toolform_cached`: `T::input_schema()`, the rendered-once `&'static Value`.
//!
//! `bench/report.sh` runs this and prints the ratios.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use toolform::{Contract, ToolSchema};
use toolform_bench::{Deep, Medium, Small, Wide};

fn bench_type<T: ToolSchema + schemars::JsonSchema>(c: &mut Criterion, group_name: &str) {
    // Render the cached schema before timing, so `toolform_cached` measures
    // only the access.
    black_box(T::input_schema());

    let mut group = c.benchmark_group(group_name);
    group.bench_function("schemars_schema_for", |b| {
        b.iter(|| schemars::schema_for!(T))
    });
    group.bench_function("toolform_render", |b| {
        b.iter(|| toolform::render(black_box(<T as ToolSchema>::SHAPE), Contract::Input))
    });
    group.bench_function("toolform_cached", |b| {
        b.iter(|| black_box(T::input_schema()))
    });
    // A deep copy of the rendered schema: allocating the same
    // `serde_json::Value` tree, without deciding anything and without
    // rehashing a key. No producer of that tree can be cheaper.
    group.bench_function("value_clone_floor", |b| {
        b.iter(|| black_box(T::input_schema()).clone())
    });
    group.finish();
}

fn schema_access(c: &mut Criterion) {
    bench_type::<Small>(c, "small");
    bench_type::<Medium>(c, "medium");
    bench_type::<Wide>(c, "wide50");
    bench_type::<Deep>(c, "deep6");
}

fn config() -> Criterion {
    // 16 benchmarks x (1 s warm-up + 2 s measurement) plus analysis: under a
    // minute on a small machine.
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .sample_size(50)
}

criterion_group! {
    name = benches;
    config = config();
    targets = schema_access
}
criterion_main!(benches);
