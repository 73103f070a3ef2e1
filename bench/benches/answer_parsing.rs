//! Reading an elicitation answer: toolform against a prebuilt `jsonschema`
//! validator plus serde, and against serde alone.
//!
//! One criterion group, `answer_parsing`, all on the same valid answer
//! ([`toolform_bench::booking_answer`], an 8-field [`Booking`]):
//!
//! - `toolform`: `Booking::from_elicit_result(&result)`, the whole job: read
//!   the envelope (`action`, `content`), check every field against the form,
//!   then serde from the borrowed value.
//! - `jsonschema_serde_clone` (b): a `jsonschema::Validator` built once
//!   (outside the timing) from `Booking::requested_schema()`, draft 2020-12,
//!   formats asserted: `validator.is_valid(content)`, then
//!   `serde_json::from_value::<Booking>(content.clone())`.
//! - `jsonschema_serde_ref` (b2): the same validator, then
//!   `Booking::deserialize(content)` from the borrowed `&Value` (no clone).
//! - `serde_ref` (c, the floor): `Booking::deserialize(content)` alone.
//! - `serde_from_value_clone` (c2): `serde_json::from_value::<Booking>(content.clone())`.
//!
//! The baselines get `content` (`&result["content"]`) looked up before the
//! timing; toolform finds it (and checks `action`) inside it.
//!
//! `bench/report.sh` runs this and prints the ratios.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use serde::Deserialize;
use std::hint::black_box;
use std::time::Duration;
use toolform::{ElicitForm, Elicited};
use toolform_bench::{Booking, booking_answer};

fn answer_parsing(c: &mut Criterion) {
    let result = booking_answer();
    let content = &result["content"];
    let validator = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .should_validate_formats(true)
        .build(Booking::requested_schema())
        .expect("the requested schema compiles");

    // Every contender accepts the answer and reads the same value.
    let Ok(Elicited::Accepted(expected)) = Booking::from_elicit_result(&result) else {
        panic!("toolform refuses the answer")
    };
    assert!(validator.is_valid(content), "jsonschema refuses the answer");
    assert_eq!(Booking::deserialize(content).unwrap(), expected);
    assert_eq!(
        serde_json::from_value::<Booking>(content.clone()).unwrap(),
        expected
    );

    let mut group = c.benchmark_group("answer_parsing");
    group.bench_function("toolform", |b| {
        b.iter(|| Booking::from_elicit_result(black_box(&result)))
    });
    // The validation pass alone (what toolform adds to serde).
    let content_map = content.as_object().expect("an object");
    group.bench_function("toolform_validate_only", |b| {
        b.iter(|| toolform::elicit::validate_answer(Booking::FORM, black_box(content_map)))
    });
    group.bench_function("jsonschema_serde_clone", |b| {
        b.iter(|| {
            let content = black_box(content);
            if validator.is_valid(content) {
                Some(serde_json::from_value::<Booking>(content.clone()))
            } else {
                None
            }
        })
    });
    group.bench_function("jsonschema_serde_ref", |b| {
        b.iter(|| {
            let content = black_box(content);
            if validator.is_valid(content) {
                Some(Booking::deserialize(content))
            } else {
                None
            }
        })
    });
    group.bench_function("serde_ref", |b| {
        b.iter(|| Booking::deserialize(black_box(content)))
    });
    group.bench_function("serde_from_value_clone", |b| {
        b.iter(|| serde_json::from_value::<Booking>(black_box(content).clone()))
    });
    // The floor read literally: `from_value` on an answer already
    // owned (the copy is made outside the timing; dropping what serde does
    // not keep is inside it, as it is in a server).
    group.bench_function("serde_from_value_owned", |b| {
        b.iter_batched(
            || content.clone(),
            |owned| serde_json::from_value::<Booking>(black_box(owned)),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn config() -> Criterion {
    // 7 benchmarks x (1 s warm-up + 3 s measurement) plus analysis: well
    // under a minute.
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(100)
}

criterion_group! {
    name = benches;
    config = config();
    targets = answer_parsing
}
criterion_main!(benches);
