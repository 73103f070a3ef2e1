//! Helpers of the hostile-input and growth tests: the time of one size of a
//! growth axis, printed (never asserted: no timing assertions in tests), and
//! how many entries a capped list of violations holds.

use std::time::Instant;

/// Runs `f` on an input of size `n`, prints how long it took (`label`, `n`,
/// the time, and the time per unit of `n`) to stderr (`--nocapture`), and
/// returns what `f` returned.
pub fn timed<T>(label: &str, n: usize, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    let elapsed = start.elapsed();
    let per = elapsed.as_nanos() as f64 / n.max(1) as f64;
    eprintln!("{label:<56} n={n:<8} {elapsed:>10.1?} {per:>8.0} ns per unit");
    out
}

/// How many violations an error of `n` lists (issue 22): the first
/// `MAX_VIOLATIONS`, then one entry counting the rest.
pub fn capped(n: usize) -> usize {
    let cap = toolform::args::MAX_VIOLATIONS;
    n.min(cap) + usize::from(n > cap)
}
