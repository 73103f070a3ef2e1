//! One contender of the benchmarks, `N` times, for an instruction count:
//! the per-operation counts are deterministic where wall times on a shared
//! machine are not. `bench/instructions.sh` runs every contender under
//! `valgrind --tool=callgrind` and prints the ratios.
//!
//!     instructions CONTENDER N
//!
//! CONTENDER: answer/{toolform,toolform_owned,validate,serde_ref,from_value_owned},
//! render/{small,medium,wide50,deep6}/{toolform,schemars,clone,cached,cold},
//! args/{small,medium,wide50,deep6,declared}/{toolform,serde_ref,jsonschema_serde_ref}.
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::hint::black_box;
use toolform::{Contract, ElicitForm, ToolSchema, render};
use toolform_bench::args::Declared;
use toolform_bench::{Booking, Deep, Medium, Small, Wide, booking_answer};

fn render_of<T: ToolSchema + schemars::JsonSchema>(how: &str, n: usize) {
    let cached = T::input_schema();
    for _ in 0..n {
        match how {
            "toolform" => drop(black_box(render(black_box(T::SHAPE), Contract::Input))),
            "schemars" => drop(black_box(schemars::schema_for!(T))),
            "clone" => drop(black_box(black_box(cached).clone())),
            // The derived accessor once its schema is cached: what every
            // call after the first costs.
            "cached" => drop(black_box(T::input_schema())),
            other => panic!("unknown render contender {other}"),
        }
    }
}

/// Valid arguments read `n` times by one contender; the validator is built
/// before counting starts.
fn args_of<T: ToolSchema + DeserializeOwned>(how: &str, value: Value, n: usize) {
    let validator = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .should_validate_formats(true)
        .build(T::input_schema())
        .expect("the input schema compiles");
    measured(|| {
        for _ in 0..n {
            let v = black_box(&value);
            match how {
                "toolform" => drop(black_box(toolform::parse_args::<T>(v))),
                "serde_ref" => drop(black_box(T::deserialize(v))),
                "jsonschema_serde_ref" => {
                    drop(black_box(validator.is_valid(v).then(|| T::deserialize(v))))
                }
                other => panic!("unknown args contender {other}"),
            }
        }
    });
}

fn main() {
    let mut args = std::env::args().skip(1);
    let contender = args.next().expect("usage: instructions CONTENDER N");
    let n: usize = args.next().and_then(|a| a.parse().ok()).expect("N");
    let result = booking_answer();
    let content = &result["content"];
    let map = content.as_object().expect("an object");
    let parts: Vec<&str> = contender.split('/').collect();
    match parts.as_slice() {
        ["answer", how] => {
            // The owned copies are made before counting starts below.
            let mut owned: Vec<_> = if *how == "toolform_owned" {
                (0..n).map(|_| result.clone()).collect()
            } else if *how == "from_value_owned" {
                (0..n).map(|_| content.clone()).collect()
            } else {
                Vec::new()
            };
            // Marks the start of the measured part for callgrind's
            // --toggle-collect.
            measured(|| {
                for _ in 0..n {
                    match *how {
                        "toolform" => {
                            drop(black_box(Booking::from_elicit_result(black_box(&result))))
                        }
                        // As a server holds it: an owned answer, dropped after.
                        "toolform_owned" => {
                            let answer = owned.pop().expect("one copy per run");
                            drop(black_box(Booking::from_elicit_result(black_box(&answer))));
                            drop(answer);
                        }
                        "validate" => drop(black_box(toolform::elicit::validate_answer(
                            Booking::FORM,
                            black_box(map),
                        ))),
                        "serde_ref" => drop(black_box(Booking::deserialize(black_box(content)))),
                        "from_value_owned" => {
                            let v = owned.pop().expect("one copy per run");
                            drop(black_box(serde_json::from_value::<Booking>(black_box(v))))
                        }
                        other => panic!("unknown answer contender {other}"),
                    }
                }
            });
        }
        // The very first access in the process, cold: whatever the type's
        // first use costs (decoding the derive's packed encoding included)
        // plus the render and the cache store.
        ["render", ty, "cold"] => measured(|| match *ty {
            "small" => drop(black_box(Small::input_schema())),
            "medium" => drop(black_box(Medium::input_schema())),
            "wide50" => drop(black_box(Wide::input_schema())),
            "deep6" => drop(black_box(Deep::input_schema())),
            other => panic!("unknown type {other}"),
        }),
        ["render", ty, how] => {
            // Warm the cache used by `clone` outside the measured part.
            match *ty {
                "small" => drop(Small::input_schema()),
                "medium" => drop(Medium::input_schema()),
                "wide50" => drop(Wide::input_schema()),
                "deep6" => drop(Deep::input_schema()),
                _ => {}
            }
            measured(|| match *ty {
                "small" => render_of::<Small>(how, n),
                "medium" => render_of::<Medium>(how, n),
                "wide50" => render_of::<Wide>(how, n),
                "deep6" => render_of::<Deep>(how, n),
                other => panic!("unknown type {other}"),
            });
        }
        ["args", ty, how] => {
            use toolform_bench::args;
            match *ty {
                "small" => args_of::<Small>(how, args::small(), n),
                "medium" => args_of::<Medium>(how, args::medium(), n),
                "wide50" => args_of::<Wide>(how, args::wide(), n),
                "deep6" => args_of::<Deep>(how, args::deep(), n),
                "declared" => args_of::<Declared>(how, args::declared(), n),
                other => panic!("unknown type {other}"),
            }
        }
        _ => panic!("unknown contender {contender}"),
    }
}

#[inline(never)]
fn measured(f: impl FnOnce()) {
    f()
}
