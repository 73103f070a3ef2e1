//! Renders the `Deep` fixture repeatedly, for a profiler:
//! `valgrind --tool=callgrind target/release/examples/profile_render`.
use toolform::{Contract, ToolSchema, render};
use toolform_bench::{Deep, Medium};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let mut total = 0;
    for _ in 0..n {
        total += render(<Deep as ToolSchema>::SHAPE, Contract::Input)
            .ok()
            .as_ref()
            .and_then(|v| v.as_object())
            .map_or(0, |m| m.len());
        total += render(<Medium as ToolSchema>::SHAPE, Contract::Input)
            .ok()
            .as_ref()
            .and_then(|v| v.as_object())
            .map_or(0, |m| m.len());
    }
    println!("{total}");
}
